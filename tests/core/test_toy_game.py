"""Adding a game takes one registration, a flow, a phase module and an observer (issue 17, item 6; docs/engine.md,
"Adding a game"): the toy dice race of ``tests/core/toy_race/`` registers in the test, then joins every list and
plays random games through the conformance suite."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from toy_race import INFO, Game

import evo_lab
from evo_lab.core.conformance import run_all
from evo_lab.core.registry import register, unregister
from evo_lab.core.story import tell


@pytest.fixture()
def toy():
    register(INFO)
    yield INFO
    unregister(INFO.id)


def test_one_registration_makes_the_game_known(toy):
    assert "toy-race" in evo_lab.registered_games() and evo_lab.game_info("toy-race") is toy
    g = evo_lab.make_game("toy-race", players=3, seed=1)
    assert isinstance(g, Game) and g.title == "Toy dice race"
    with pytest.raises(evo_lab.GameConfigError, match="Toy dice race is for 2 to 4 players, got 5"):
        evo_lab.make_game("toy-race", players=5)
    from evo_lab.views.games import view_for

    assert type(view_for(g)).__name__ == "GameView"


def test_the_toy_game_has_the_template_modules():
    import toy_race
    from test_template import template_gaps

    assert template_gaps(Path(toy_race.__file__).parent) == []


def test_the_toy_game_passes_the_conformance_suite(toy):
    report = run_all(lambda seed: evo_lab.make_game("toy-race", players=2 + seed % 3, seed=seed), games=12)
    assert sorted(report) == ["chance", "clone", "errors", "json", "observer", "random_play"]
    assert all(n > 0 for n in report.values()), report


def test_the_toy_game_runs_on_the_flow_and_tells_its_story(toy):
    s = evo_lab.make_game("toy-race", players=2, seed=3).new_initial_state()
    assert s.node_name() == "deal" and s.is_chance_node()
    rng = np.random.default_rng(3)
    final, lines = tell(
        s,
        [lambda st, p: st.legal_actions()[-1]] * 2,
        rng,
        heading=lambda st: st.phase_name(),
        lines=lambda b, a, after: [x for e in after.events(last=True) for x in e.story(b, after)],
    )
    assert final.is_terminal() and lines[0] == "deal" and lines[-1].endswith("wins.")
    assert sum(final.returns()) == 1.0 and final.winners() == [final.winner]
    kinds = {type(e).__name__ for e in final.events()}
    assert kinds == {"Dealt", "Rolled", "Moved", "Won"}


def test_illegal_moves_name_the_rule(toy):
    s = evo_lab.make_game("toy-race", players=2, seed=0).new_initial_state()
    while s.is_chance_node():
        s.apply_action(s.legal_actions()[0])
    s.apply_action("boost")
    while s.is_chance_node() or s.current_player() != 0:
        s.apply_action(s.legal_actions()[0])
    with pytest.raises(evo_lab.IllegalActionError, match="already used the card") as e:
        s.apply_action("boost")
    assert e.value.reason == "card_used"
