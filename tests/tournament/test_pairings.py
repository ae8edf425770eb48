"""Pairings: round-robin covers every table with every seat rotation, matches share a deal, Swiss pairs by points
without repeats while it can, gives byes to the lowest placed, and everything is a function of the seed."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from evo_lab.tournament.pairings import PairingError, Swiss, deal_seeds, rotate, round_robin


def test_round_robin_two_seats_every_pair_both_ways():
    ps = round_robin(4, 2, 24, seed=3)  # C(4, 2) = 6 tables, 12 games a cycle: two cycles
    assert [p.game for p in ps] == list(range(24))
    assert Counter(p.table for p in ps) == {t: 2 for t in itertools.permutations(range(4), 2)}
    seats = Counter((e, q) for p in ps for q, e in enumerate(p.table))
    assert set(seats.values()) == {6}  # each entrant 6 times in each seat
    assert [p.round for p in ps] == [0] * 12 + [1] * 12
    for a, b in zip(ps[::2], ps[1::2]):  # a match: the same deal with the seats swapped
        assert a.seed == b.seed and b.table == a.table[::-1]
    assert len({p.seed for p in ps}) == 12  # a new deal for each match, the second cycle too


def test_round_robin_multi_seat_tables_rotate():
    ps = round_robin(5, 3, 60, seed=1)  # C(5, 3) = 10 tables x 3 rotations: two cycles
    tables = Counter(tuple(sorted(p.table)) for p in ps)
    assert tables == {t: 6 for t in itertools.combinations(range(5), 3)}
    for m in range(0, 60, 3):
        match = ps[m : m + 3]
        assert [p.table for p in match] == [rotate(match[0].table, r) for r in range(3)]
        assert len({p.seed for p in match}) == 1
    seats = Counter((e, q) for p in ps for q, e in enumerate(p.table))
    assert set(seats.values()) == {12}


def test_pairings_are_a_function_of_the_seed():
    assert round_robin(6, 2, 50, seed=7) == round_robin(6, 2, 50, seed=7)
    assert round_robin(6, 2, 50, seed=7) != round_robin(6, 2, 50, seed=8)
    assert deal_seeds(7, 6, 2)[:2] == deal_seeds(7, 100, 2)[:2]  # a game's seed does not depend on the length


def test_swiss_pairs_by_points_without_repeats():
    sw = Swiss(6, 2, games=3 * 6, seed=2)  # 3 rounds of 3 matches of 2 games
    met = set()
    for rnd in range(3):
        batch = sw.next_round()
        assert len(batch) == 6 and {p.round for p in batch} == {rnd}
        pairs = {frozenset(p.table) for p in batch}
        assert len(pairs) == 3 and not pairs & met  # nobody meets the same opponent twice
        met |= pairs
        for p in batch:  # entrant with the lower number wins every game: a clear order emerges
            winner = min(p.table)
            sw.record(p.table, [1.0 if e == winner else 0.0 for e in p.table])
    assert sw.next_round() == []
    assert sw.points == sorted(sw.points, reverse=True)
    assert sw.points[0] == 6.0  # three matches won outright


def test_swiss_leaders_meet():
    sw = Swiss(4, 2, games=8, seed=5)
    first = sw.next_round()
    for p in first:
        sw.record(p.table, [1.0 if e == min(p.table) else 0.0 for e in p.table])
    leaders = [e for e in range(4) if sw.points[e] == 2.0]
    second = sw.next_round()
    assert frozenset(leaders) in {frozenset(p.table) for p in second}


def test_swiss_byes_and_truncation():
    sw = Swiss(5, 2, games=10, seed=1)  # 4 games a round (2 matches), one entrant sits out
    assert sw.rounds() == 3
    sat_out = []
    total = 0
    while batch := sw.next_round():
        playing = {e for p in batch for e in p.table}
        sat_out.append(set(range(5)) - playing)
        total += len(batch)
        for p in batch:
            sw.record(p.table, [0.5, 0.5])
    assert total == 10 and all(len(s) == 1 for s in sat_out[:2])
    assert len(set().union(*sat_out[:2])) == 2  # not the same entrant twice
    assert sum(sw.byes) >= 2


@pytest.mark.parametrize(
    "args, words",
    [((1, 2, 4, 0), "at least 2 entrants"), ((3, 2, 0, 0), "at least 1"), ((3, 0, 4, 0), "at least 1 seat")],
)
def test_impossible_pairings(args, words):
    with pytest.raises(PairingError, match=words):
        round_robin(*args)
