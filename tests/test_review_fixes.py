"""Regression tests for bugs found in review: each would fail on the code before its fix."""

from __future__ import annotations

import json

import numpy as np
import pytest

import evo_lab
from evo_lab import DataError, FormatError, IllegalActionError, load_data
from evo_lab.core.protocol import sample_chance


def _to_node(players: int, names: set[str], seeds=range(200)):
    for seed in seeds:
        g = evo_lab.Game(players=players)
        s = g.new_initial_state()
        rng = np.random.default_rng(seed)
        while not s.is_terminal():
            if s.node_name() in names:
                return s
            if s.is_chance_node():
                s.apply_action(sample_chance(s, rng))
            else:
                acts = s.legal_actions()
                s.apply_action(acts[int(rng.random() * len(acts))])
    raise AssertionError(f"no {names} node reached")


def test_determinize_for_another_player_keeps_the_window_card_of_the_actor():
    s = _to_node(3, {"climate_cards", "birth_cards", "survival_cards", "newborn_cards"})
    other = (s.actor + 1) % s.players
    for seed in range(30):
        d = s.determinize(other, np.random.default_rng(seed))
        assert d.current_player() == s.actor
        for a in d.legal_actions():
            d.clone().apply_action(a)  # every action is playable: the actor still holds the card


def test_malformed_actions_raise_illegal_action_error_and_change_nothing():
    s = _to_node(2, {"bid"})
    before = s.to_json()
    for bad in [("bid", "1", "2"), ("bid", 1.5, 2), ("bid", 1, 2, 3, 4, 5), (), 42,
                evo_lab.Action("bid", "1", "2")]:
        with pytest.raises(IllegalActionError):
            s.apply_action(bad)
    assert s.to_json() == before


def test_tree_play_rejects_out_of_range_actions_with_a_typed_error():
    tree = evo_lab.GameTree(_to_node(2, {"move"}))
    with pytest.raises(IllegalActionError):
        tree.play(evo_lab.Action("move", 999, 1000))
    assert tree.ply == 0


def test_auction_view_does_not_show_last_rounds_bids_while_genes_are_drawn():
    s = _to_node(3, {"gene"}, seeds=range(5))
    while s.round < 2 or s.node_name() != "gene":
        if s.is_chance_node():
            s.apply_action(sample_chance(s, np.random.default_rng(1)))
        else:
            s.apply_action(s.legal_actions()[0])
    assert all(lot["holder"] is None for lot in s.auction()["lots"])


def test_data_entries_that_are_not_objects_and_duplicate_die_symbols_are_data_errors():
    raw = load_data().to_dict()
    genes = dict(raw["genes"], normal=[5] + raw["genes"]["normal"][1:])
    with pytest.raises(DataError, match="must be an object"):
        load_data(overrides={"genes": genes})
    die = dict(raw["die"], symbols=raw["die"]["symbols"] + [dict(raw["die"]["symbols"][1], rule="never")])
    with pytest.raises(DataError, match="duplicate die symbol"):
        load_data(overrides={"die": die})


def test_a_position_with_an_unknown_phase_is_a_format_error():
    d = json.loads(_to_node(2, {"bid"}).to_json())
    d["state"]["phase"] = 99
    with pytest.raises(FormatError) as e:
        evo_lab.State.from_dict(d)
    assert e.value.field == "state.phase"


def test_masked_action_strings_hide_other_players_draws():
    s = _to_node(3, {"card"})
    card = s.legal_actions()[0]
    other = (s.actor + 1) % s.players
    assert s.masked_action_string(card, other) == f"card P{s.actor + 1} ?"
    assert s.masked_action_string(card, s.actor) == s.action_to_string(card)
    assert s.masked_action_string(card, None) == s.action_to_string(card)


def test_stepper_masks_hidden_outcomes_for_a_player_view():
    from evo_lab.views.widgets import Explorer

    ex = Explorer(evo_lab.Game(players=3, seed=2), seed=2)
    ex.set_viewer(0)
    ex.stepper.refresh() if hasattr(ex.stepper, "refresh") else None
    ex.session.goto_ply(4)  # among the setup's exclusions
    assert "exclude ?" in ex.stepper.moves.value
    ex.set_viewer(None)
    ex.session.goto_ply(4)
    assert "exclude ?" not in ex.stepper.moves.value


def test_tournament_rows_count_full_rounds():
    r = evo_lab.simulate(players=2, games=6, bots=("random", "random"), seed=3, progress=False)
    assert {row["rounds"] for row in r.rows} <= {9, 10, 11}


def test_game_length_chart_accepts_a_run_that_stopped_at_the_end_of_a_round():
    from evo_lab.odds import climate_forecast, monte_carlo
    from evo_lab.odds.figures import game_length_bar

    s = _to_node(2, {"move"})
    res = monte_carlo(s, n=4, seed=1, until="round", progress=False)
    fig = game_length_bar(climate_forecast(s, 3), res)
    assert len(fig.data) == 1


def test_monte_carlo_without_a_seed_still_replays():
    from evo_lab.odds import monte_carlo
    from evo_lab.odds.montecarlo import replay

    s = _to_node(2, {"move"})
    res = monte_carlo(s, n=3, seed=None, until="round", progress=False)
    assert res.seed is not None
    again = replay(s, res, 1)
    assert list(again.mp) == list(res.final_mp[1])
