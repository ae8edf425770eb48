"""Weak dominance and its order dependence, trembling-hand perfection, zero-sum games by LP and correlated
equilibria, all verified exactly."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from evo_lab.theory.refinements import (
    RefinementError,
    correlated_equilibrium,
    eliminate,
    elimination_outcomes,
    is_correlated_equilibrium,
    solve_zero_sum,
    subgame,
    trembling_hand_perfect,
    weakly_dominated_by_mix,
    weakly_dominated_pure,
)
from evo_lab.theory.repeated import StageGame


def test_textbook_order_dependence():
    # Osborne-style example: removing T first or B first gives different games
    g = StageGame.from_rows([[1, 1], [1, 0], [0, 1]], [[1, 1], [0, 1], [1, 0]], ["T", "M", "B"], ["L", "R"])
    ends = elimination_outcomes(g)
    assert len(ends) >= 2
    assert weakly_dominated_pure(g, 0) == {1: [0], 2: [0]}


def test_dominance_by_a_mix_only():
    # B is weakly dominated by mixes of T and M, by neither alone
    g = StageGame.from_rows([[3, 0], [0, 3], [1, 1]], [[0, 0], [0, 0], [0, 0]], ["T", "M", "B"], ["L", "R"])
    assert weakly_dominated_pure(g, 0) == {}
    mix = weakly_dominated_by_mix(g, 0, "B")
    assert mix is not None and mix[2] == 0
    against = [3 * mix[0], 3 * mix[1]]  # the mix's payoff against L and against R
    assert all(a >= 1 for a in against) and any(a > 1 for a in against)
    assert weakly_dominated_by_mix(g, 0, "T") is None


def test_perfection_drops_the_equilibrium_in_weakly_dominated_strategies():
    g = StageGame.from_rows([[1, 0], [0, 0]], [[1, 0], [0, 0]], ["U", "D"], ["L", "R"])
    assert set(g.pure_equilibria()) == {("U", "L"), ("D", "R")}
    assert trembling_hand_perfect(g, ("U", "L"))[0]
    ok, why = trembling_hand_perfect(g, ("D", "R"))
    assert not ok and "weakly dominated" in why
    assert trembling_hand_perfect(g, ("U", "R")) == (False, "('U', 'R') is not a Nash equilibrium")


def test_lesson_04_game_keeps_one_perfect_equilibrium_and_two_elimination_results():
    from evo_lab.lessons.exercises.l19 import FULL, auction_stage

    small = auction_stage()
    assert len(elimination_outcomes(small)) == 2
    assert eliminate(small, 0)[-1] != eliminate(small, 1)[-1]
    full = auction_stage(tuple(FULL))
    assert [trembling_hand_perfect(full, c)[0] for c in full.pure_equilibria()] == [True, False, False]
    sub = subgame(full, ["1 on bony_plates"], ["2 on bony_plates"])
    assert sub.payoff(0, 0) == (1, 2)


def test_zero_sum_value_and_strategies_are_exact():
    value, x, y = solve_zero_sum([[1, -1], [-1, 1]])
    assert value == 0 and x == (F(1, 2), F(1, 2)) and y == (F(1, 2), F(1, 2))
    value, x, y = solve_zero_sum([[3, -4], [-2, -1]])
    assert (value, x, y) == (F(-11, 8), (F(1, 8), F(7, 8)), (F(3, 8), F(5, 8)))
    assert solve_zero_sum([[2, 3], [0, 1]])[0] == 2  # a saddle point


def test_correlated_equilibria_contain_the_nash_equilibria_and_can_beat_them():
    chicken = StageGame.from_rows([[0, 7], [2, 6]], [[0, 2], [7, 6]], ["D", "C"], ["D", "C"])
    assert is_correlated_equilibrium(chicken, {("D", "C"): F(1)})  # a pure Nash equilibrium
    mixed = {
        (r, c): (F(1, 3) if r == "D" else F(2, 3)) * (F(1, 3) if c == "D" else F(2, 3))
        for r in "DC"
        for c in "DC"
    }
    assert is_correlated_equilibrium(chicken, mixed)  # the mixed one
    assert not is_correlated_equilibrium(chicken, {("C", "C"): F(1)})
    best = correlated_equilibrium(chicken)
    total = sum(
        p
        * (
            chicken.A[chicken.rows.index(r)][chicken.cols.index(c)]
            + chicken.B[chicken.rows.index(r)][chicken.cols.index(c)]
        )
        for (r, c), p in best.items()
    )
    assert total == F(21, 2) > 9  # above every Nash equilibrium's total (9, 9, 28/3)
    with pytest.raises(RefinementError):
        weakly_dominated_by_mix(chicken, 0, "X")
