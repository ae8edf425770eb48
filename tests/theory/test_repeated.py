"""Repeated games: minmax by LP (exact), the feasible hull, grim-trigger thresholds checked against discounted
streams, and the auction stage game of lesson 16."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from evo_lab.theory.repeated import (
    RepeatedError,
    StageGame,
    discounted,
    grim_threshold,
    hull,
    inside,
    last_round_lever,
    random_path_threshold,
)

PD = StageGame.from_rows([[3, 0], [5, 1]], [[3, 5], [0, 1]], ["C", "D"], ["C", "D"])


def test_prisoners_dilemma_threshold_matches_the_discounted_comparison():
    t, checks = random_path_threshold(PD, [("C", "C")])
    assert t == F(1, 2) and {c.threshold for c in checks} == {F(1, 2)}
    for delta in (F(2, 5), F(1, 2), F(3, 5)):
        keep = discounted([3], delta, tail=3)
        leave = discounted([5], delta, tail=1)
        assert (keep >= leave) == (delta >= t)


def test_grim_threshold_formula_and_its_edge_cases():
    assert grim_threshold(0, 3, F(3, 2), 0) == F(2, 3)
    assert grim_threshold(3, 3, 1, 0) == 0                     # no gain today: any delta
    with pytest.raises(RepeatedError):
        grim_threshold(0, 3, 1, 1)                             # punishment as good as the path
    with pytest.raises(RepeatedError):
        discounted([1], 1)


def test_mixed_minmax_can_be_below_the_pure_one():
    # matching pennies: pure minmax 1, mixed minmax 0
    mp = StageGame.from_rows([[1, -1], [-1, 1]], [[-1, 1], [1, -1]], ["H", "T"], ["H", "T"])
    assert mp.pure_minmax(0)[0] == 1 and mp.minmax(0) == 0
    value, mix = mp.minmax_strategy(1)
    assert value == 0 and mix == (F(1, 2), F(1, 2))


def test_hull_and_inside_are_exact():
    pts = [(0, 0), (2, 0), (0, 2), (1, 1), (F(1, 2), F(1, 2))]
    h = hull([(F(a), F(b)) for a, b in pts])
    assert h == [(0, 0), (2, 0), (0, 2)]
    assert inside(h, (1, 1)) and inside(h, (F(1, 3), F(1, 3))) and not inside(h, (F(3, 2), 1))
    assert PD.feasible_hull() == [(0, 5), (1, 1), (5, 0), (3, 3)]


def test_lesson_stage_game_from_the_engine():
    from evo_lab.lessons.exercises.l16 import RING, lesson_stage

    st = lesson_stage()
    assert len(st.rows) == 8 and sorted(set(st.equilibrium_payoffs())) == [(0, 0), (1, 0)]
    assert st.minmax(0) == 0 and st.minmax(1) == 0
    assert last_round_lever(st, 0) == 1 and last_round_lever(st, 1) == 0
    assert all(p[1] == 0 for p in st.extreme_equilibrium_payoffs())
    t, checks = random_path_threshold(st, RING)
    assert t == F(2, 3)
    binding = max(checks, key=lambda c: c.threshold)
    assert (binding.player, binding.deviate, binding.continuation) == (0, 3, F(3, 2))
    assert random_path_threshold(lesson_stage(4), RING)[0] == F(4, 5)


def test_bad_stage_games_are_refused():
    with pytest.raises(RepeatedError):
        StageGame.from_rows([[1, 2]], [[1]], ["a"], ["x", "y"])
    with pytest.raises(RepeatedError):
        random_path_threshold(PD, [("C", "C")], weights=[1, 2])
