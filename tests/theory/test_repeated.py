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
    assert grim_threshold(3, 3, 1, 0) == 0  # no gain today: any delta
    with pytest.raises(RepeatedError):
        grim_threshold(0, 3, 1, 1)  # punishment as good as the path
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


def test_finite_horizon_spe_on_evo_s_horizon_keeps_the_ring_early():
    """Backward induction does not unravel lesson 16's game: P1's distinct stage-equilibrium payoffs (1, 0) make
    P2's payoff history dependent from round 9 on, and the ring is enforceable in rounds 1 to 7."""
    from evo_lab.lessons.exercises.l16 import RING, lesson_stage, ring_rounds
    from evo_lab.theory.repeated import finite_horizon_spe

    carry = [1] * 8 + [F(2, 3), F(1, 2), 0]
    rounds = finite_horizon_spe(lesson_stage(), carry)
    assert rounds[10].vertices == [(0, 0), (1, 0)]
    assert rounds[9].vertices == [(0, 0), (F(3, 2), 0)]
    assert set(rounds[8].vertices) == {(0, 0), (2, 0), (1, 1)}
    assert (2, 2) in rounds[7].vertices
    assert (
        [r.round for r in rounds if all(c in r.enforceable for c in RING)]
        == list(range(1, 8))
        == ring_rounds()
    )


def test_finite_horizon_spe_unravels_the_prisoners_dilemma_and_refuses_bad_horizons():
    from evo_lab.theory.repeated import finite_horizon_spe

    rounds = finite_horizon_spe(PD, [1] * 5 + [0])
    assert all(r.enforceable == {("D", "D")} for r in rounds) and rounds[0].vertices == [(6, 6)]
    for bad in ([], [1, 1], [F(3, 2), 0]):
        with pytest.raises(RepeatedError):
            finite_horizon_spe(PD, bad)
