"""The cross-game conformance suite (``evo_lab.core.conformance.run_all``) for the Origin of Species: random play
with ``check_invariants`` at every node, JSON round trips, clone independence, exact chance, typed errors that leave
the state untouched, and an observer that never leaks what a player may not see. 2 to 8 players, default and
non-default rule options."""

from __future__ import annotations

import pytest

import evo_lab
from evo_lab.core.conformance import run_all
from evo_lab.games.origin.fuzz import options_for


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_base_game(players):
    report = run_all(lambda seed: evo_lab.make_game("origin", players=players, seed=seed), games=2)
    assert min(report.values()) > 0, report


@pytest.mark.parametrize("players", [5, 6, 8])
def test_conformance_two_sets(players):
    report = run_all(
        lambda seed: evo_lab.make_game("origin", players=players, seed=seed), games=1, max_actions=400
    )
    assert min(report.values()) > 0, report


def test_conformance_with_the_other_rulings():
    make = lambda seed: evo_lab.make_game("origin", players=3, seed=seed, options=options_for(4 + 5 * seed))  # noqa: E731
    report = run_all(make, games=2, max_actions=600)
    assert min(report.values()) > 0, report
