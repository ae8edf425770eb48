"""Evolutionarily stable strategies (exact), the engine's watering-hole contest and the Wright-Fisher simulation."""

from __future__ import annotations

from fractions import Fraction as F

import numpy as np
import pytest

from evo_lab.theory.contest import Contest, ContestError, Plan, contest_game, seat_outcomes, seat_table
from evo_lab.theory.ess import ESSError, SymmetricGame, hawk_dove, simulate_population


def test_hawk_dove_mixed_ess_is_v_over_c_and_resists_every_mutant():
    for v, c in ((2, 7), (1, 3), (4, 9)):
        g = hawk_dove(v, c)
        (x,) = g.symmetric_equilibria()
        assert x == (F(v, c), 1 - F(v, c))
        assert g.ess(x).stable
        for q in (F(0), F(1, 10), F(1, 2), F(9, 10), F(1)):
            y = (q, 1 - q)
            if y != x:
                ok, why = g.resists(x, y)
                assert ok and why.startswith("equal against the resident")
                # condition 2 by hand: E(x, y) - E(y, y) = (q - q*)^2 (C / 2) > 0 for Hawk-Dove
                assert g.payoff(x, y) - g.payoff(y, y) == (q - x[0]) ** 2 * F(c, 2)


def test_pure_hawk_is_the_ess_when_the_prize_exceeds_the_cost():
    g = hawk_dove(5, 3)
    assert g.symmetric_equilibria() == [(F(1), F(0))]
    verdict = g.ess((1, 0))
    assert verdict.stable and verdict.reason.startswith("strict equilibrium")


def test_second_condition_decides_a_non_strict_equilibrium():
    # Dove ties with Hawk against Doves, and beats it against Hawks: an ESS by the second condition only
    g = SymmetricGame.from_rows([[1, 5], ["7/2", 5]], ["Hawk", "Dove"])
    v = g.ess((0, 1))
    assert v.stable and "second condition" in v.reason
    # the same tie, but Hawk does better against Hawks: Dove can be invaded by drift
    g2 = SymmetricGame.from_rows([[4, 5], [3, 5]], ["Hawk", "Dove"])
    assert not g2.ess((0, 1)).stable


def test_coordination_game_has_two_strict_ess_and_an_unstable_mix():
    g = SymmetricGame.from_rows([[2, 0], [0, 1]], ["A", "B"])
    eqs = g.symmetric_equilibria()
    assert (F(1), F(0)) in eqs and (F(0), F(1)) in eqs and (F(1, 3), F(2, 3)) in eqs
    assert g.ess((1, 0)).stable and g.ess((0, 1)).stable and not g.ess((F(1, 3), F(2, 3))).stable


def test_rock_paper_scissors_interior_equilibrium_is_not_an_ess():
    rps = SymmetricGame.from_rows([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], ["R", "P", "S"])
    x = (F(1, 3),) * 3
    assert x in rps.symmetric_equilibria()
    assert not rps.ess(x).stable  # zero-sum: E(x, y) = E(y, y) = 0 for every y
    # a version where each strategy does worse against itself: the mix becomes an ESS
    good = SymmetricGame.from_rows([[-1, -1, 1], [1, -1, -1], [-1, 1, -1]], ["R", "P", "S"])
    assert good.ess(x).stable


def test_bad_input_raises_typed_errors():
    with pytest.raises(ESSError):
        SymmetricGame.from_rows([[1, 2]], ["A", "B"])
    g = hawk_dove(2, 7)
    with pytest.raises(ESSError):
        g.payoff((F(1, 2), F(1, 3)), (1, 0))
    with pytest.raises(ESSError):
        g.resists((1, 0), (1, 0))
    deg = SymmetricGame.from_rows([[1, 1, 1], [1, 1, 1], [1, 1, 1]], ["a", "b", "c"])
    with pytest.raises(ESSError):
        deg.ess((1, 0, 0))


def test_replicator_flow_goes_to_the_ess():
    g = hawk_dove(2, 7)
    for x0 in (0.05, 0.5, 0.95):
        orbit = g.orbit([x0, 1 - x0], t_end=40, dt=0.02)
        assert abs(orbit[-1][0] - 2 / 7) < 1e-4


def test_contest_payoffs_come_from_engine_play():
    c = Contest()
    assert seat_outcomes(c, "Hawk", "Hawk").scores == (1, 1)  # equal bodies: neither Carnivore can attack
    hd = seat_outcomes(c, "Hawk", "Dove")
    assert any("attacked" in line for line in hd.story)
    g = contest_game(c)
    table = seat_table(c)
    for i in range(2):
        for j in range(2):
            assert g.payoffs[i][j] == F(table[i][j][0] + table[j][i][1], 2)
    # a Climbing Dove cannot be attacked: the Hawk starves against it
    climb = Contest(plans=(Plan("Hawk", "carnivore", "body"), Plan("Climber", "climbing", "pop")))
    assert seat_outcomes(climb, "Hawk", "Climber").scores[0] == 1
    with pytest.raises(ContestError):
        Plan("x", "wings", "body")
    with pytest.raises(ContestError):
        Contest().plan("Owl")


def test_more_food_turns_the_mixed_ess_into_dove():
    assert contest_game(Contest(watering_hole=2)).symmetric_equilibria() == [(F(4, 9), F(5, 9))]
    g4 = contest_game(Contest(watering_hole=4))
    assert g4.ess(g4.pure(1)).stable and "second condition" in g4.ess(g4.pure(1)).reason


def test_wright_fisher_is_seeded_and_selection_points_to_the_ess():
    seats = seat_table(Contest())
    a = simulate_population(seats, [10, 90], 20, 50, seed=4)
    b = simulate_population(seats, [10, 90], 20, 50, seed=4)
    assert np.array_equal(a, b) and a.shape == (50, 21, 2) and (a.sum(axis=2) == 100).all()
    assert (a[:, -1, 0] / 100).mean() > 0.15  # Hawks spread from 10% towards 2/7
    c = simulate_population(seats, [90, 10], 20, 50, seed=5)
    assert (c[:, -1, 0] / 100).mean() < 0.5  # Doves spread from 10%
    with pytest.raises(ESSError):
        simulate_population(seats, [3, 4], 5, 2, seed=0)  # odd population
    with pytest.raises(ESSError):
        simulate_population(hawk_dove(2, 7).seat_table(), [2, 2], 5, 2, seed=0)  # negative fitness
