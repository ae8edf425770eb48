"""Evo first edition, ruling E7: a player with no dinosaur on the board is born anywhere (GiochinScatola 1e turn
summary, cited by ``../shared/reference/evo2e-data.md``'s first-edition row: "If player has no adult Dinos, place
new Dinos anywhere on board but all must be adjacent to each other")."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import evo_lab
from evo_lab.core.errors import FormatError
from evo_lab.games.evo2e.actions import BIRTH, PASS
from evo_lab.games.evo2e.game import GameConfigError
from evo_lab.games.evo2e.invariants import check_state


def _games(seed: int, options: dict | None = None):
    """The states of a seeded random 4-player game, one per node."""
    s = evo_lab.make_game("evo1e", players=4, seed=seed, options=options).new_initial_state()
    r = random.Random(seed)
    while not s.is_terminal():
        yield s
        if s.is_chance_node():
            outs = s.chance_outcomes()
            a = r.choices([o for o, _ in outs], [float(p) for _, p in outs])[0]
        else:
            a = r.choice(s.legal_actions())
        s.apply_action(a)


def _orphan_birth(seed: int):
    """The first node where a player with no dinosaur on the board is to place a newborn, or None."""
    for s in _games(seed):
        if not s.is_chance_node() and s.node_name() == "birth" and s.count[s.actor] == 0:
            return s, s.actor
    return None


def test_no_adult_dinosaurs_are_born_anywhere_then_next_to_each_other():
    """ "If player has no adult Dinos, place new Dinos anywhere on board but all must be adjacent to each other":
    the first newborn on any empty space; the next ones of the phase next to a newborn."""
    found = _orphan_birth(3)
    assert found is not None
    s, p = found
    g = s.game
    empty = [sp for sp in range(g.n) if s.occupants[sp] < 0]
    acts = s.legal_actions()
    assert sorted(a.a for a in acts if a.kind == BIRTH) == empty and any(a.kind == PASS for a in acts)
    far = max(
        empty,
        key=lambda sp: min((g.board.distance(sp, q) for q in range(g.n) if s.occupants[q] >= 0), default=0),
    )
    s.apply_action(next(a for a in acts if a.kind == BIRTH and a.a == far))
    assert s.occupants[far] == p and s.count[p] == 1
    check_state(s)
    # the rest of the phase: every later newborn of p is next to one of p's dinosaurs, all of them newborns
    r = random.Random(0)
    while s.phase_name() == "birth" and not s.is_terminal():
        if not s.is_chance_node() and s.node_name() == "birth" and s.actor == p:
            births = [a for a in s.legal_actions() if a.kind == BIRTH]
            assert births and all(any(s.occupants[q] == p for q in g.adj[a.a]) for a in births)
            s.apply_action(births[0])
            continue
        outs = s.legal_actions()
        s.apply_action(r.choice(outs) if not s.is_chance_node() else s.chance_outcomes()[0][0])
    mine = [sp for sp in range(g.n) if s.occupants[sp] == p]
    assert far in mine and all(any(s.occupants[q] == p for q in g.adj[sp]) for sp in mine if len(mine) > 1)


def test_option_none_keeps_the_second_edition_rule():
    """Option ``orphan_births="none"`` (the engine before issue 22): no dinosaur to be born next to, no birth
    decision (only an Egg thief card can bring such a player a dinosaur)."""
    orphan_phases = 0
    for s in _games(3, {"orphan_births": "none"}):
        if s.phase_name() == "birth" and not s.is_chance_node():
            if s.node_name() == "birth":
                assert s.count[s.actor] > 0
            elif s.node_name() == "birth_cards" and 0 in s.count:
                orphan_phases += 1
    assert orphan_phases > 0
    with pytest.raises(GameConfigError, match="orphan_births"):
        evo_lab.make_game("evo1e", players=3, options={"orphan_births": "somewhere"})


def test_evo2e_has_no_orphan_births():
    g = evo_lab.make_game("evo2e", players=3, seed=0)
    assert g.orphan_birth_spaces(g.new_initial_state(), 0) == ()


def test_a_record_of_version_one_replays_without_orphan_births():
    """A seeded random game recorded before ruling E7 (game version 1): read under ``orphan_births="none"`` it
    replays move for move to the same end; under today's rule it cannot (a player with no dinosaur is now asked
    where to place a newborn)."""
    legacy = Path(__file__).parent / "legacy"
    rec = json.loads((legacy / "evo1e_4p_seed3.record.json").read_text())
    final = json.loads((legacy / "evo1e_4p_seed3.final.json").read_text())
    assert rec["game_version"] == 1 and "orphan_births" not in rec["config"]["options"]
    s = evo_lab.load_record(rec)
    assert s.game.options.orphan_births == "none" and s.is_terminal()
    assert s.to_dict()["state"] == final
    assert evo_lab.load_record(s.to_record()).to_dict()["state"] == final  # written as version 2, rule named
    with pytest.raises(FormatError):
        evo_lab.load_record(dict(rec, game_version=2))
