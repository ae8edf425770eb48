"""Every registered game passes the cross-game conformance suite (:mod:`evo_lab.core.conformance`): random
play with the game's invariants, JSON round trips, clone independence, exact chance, typed errors that leave the
state untouched, and an observer that never leaks hidden information. New games join by registering."""

from __future__ import annotations

import pytest

import evo_lab
from evo_lab.core.conformance import run_all
from evo_lab.core.registry import game_entry


@pytest.mark.parametrize("game_id", evo_lab.registered_games())
def test_registered_game_conforms(game_id):
    lo, hi = game_entry(game_id).players

    def make(seed: int):
        return evo_lab.make_game(game_id, players=lo + seed % (hi - lo + 1), seed=seed)

    report = run_all(make, games=4, max_actions=None)   # 2 to 5 players, whole games
    assert report["random_play"] > 100 and report["errors"] > 0 and report["observer"] > 0, report
