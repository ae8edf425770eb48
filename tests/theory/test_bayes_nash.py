"""Bayes-Nash bidding: the first-price bid (exact first-order condition, grid best reply, general formula), revenue
equivalence in simulation, the wallet game and the normal-noise common value."""

from __future__ import annotations

from fractions import Fraction as F

import numpy as np
import pytest

from evo_lab.theory.bayes_nash import (
    BayesNashError,
    best_reply_bid,
    first_price_bid,
    foc_coefficient,
    normal_shade,
    simulate_common_value,
    simulate_private,
    simulate_wallet,
    uniform_first_price,
    wallet_bid,
    wallet_profit,
)


def test_first_order_condition_vanishes_only_at_the_equilibrium_factor():
    for n in range(2, 10):
        assert foc_coefficient(n, F(n - 1, n)) == 0
        assert (
            foc_coefficient(n, F(n - 1, n) - F(1, 100))
            > 0
            > foc_coefficient(n, min(F(1), F(n - 1, n) + F(1, 100)))
        )


def test_grid_best_reply_and_general_formula_agree_with_the_closed_form():
    for n in (2, 3, 5):
        for v in (0.3, 0.7, 1.0):
            assert abs(best_reply_bid(v, n, (n - 1) / n) - (n - 1) / n * v) < 1e-3
            assert abs(first_price_bid(v, n) - uniform_first_price(v, n)) < 1e-6
    # a non-uniform distribution: F(x) = x^2 on [0, 1], two bidders: beta(v) = 2v/3
    assert abs(first_price_bid(0.9, 2, cdf=lambda x: x * x) - 0.6) < 1e-6
    assert uniform_first_price(F(3), 4) == F(9, 4)


def test_revenue_equivalence_in_simulation_and_its_spread():
    r = simulate_private(3, 20000, seed=3)
    lo, hi = r["difference"][1], r["difference"][2]
    assert lo < 0 < hi or abs(r["difference"][0]) < 0.01
    assert abs(r["first"][0] - 0.5) < 0.02 and abs(r["second"][0] - 0.5) < 0.02


def test_wallet_game_exact_and_simulated():
    assert (
        wallet_bid(F(1, 2), 2) == 1
        and wallet_profit(3, "naive") == 0
        and wallet_profit(5, "equilibrium") == F(1, 6)
    )
    for n in (2, 4):
        r = simulate_wallet(n, 40000, seed=n)
        for rule in ("equilibrium", "naive"):
            m, lo, hi = r[rule]
            assert lo <= float(wallet_profit(n, rule)) <= hi or abs(m - float(wallet_profit(n, rule))) < 0.01
    with pytest.raises(BayesNashError):
        wallet_profit(3, "greedy")


def test_normal_shade_matches_its_definition():
    assert abs(normal_shade(2)) < 1e-12
    # c_3 = E[Z | weight phi^2 Phi]: by Monte Carlo over Z ~ N(0, 1/2) (phi^2 is that density up to a constant)
    rng = np.random.default_rng(0)
    z = rng.normal(0, np.sqrt(0.5), 400000)
    from math import erf, sqrt

    w = 0.5 * (1 + np.vectorize(erf)(z / sqrt(2)))
    assert abs((z * w).sum() / w.sum() - normal_shade(3)) < 0.005
    assert normal_shade(3) < normal_shade(4) < normal_shade(5)


def test_shading_protects_the_common_value_winner():
    ref = np.array([-2.0, 0, 0, 1, 1, 2, 3, 7])
    naive = simulate_common_value(ref, 2, 5, 20000, seed=1, shade=0.0)
    shaded = simulate_common_value(ref, 2, 5, 20000, seed=1, shade=2.0)
    assert naive[2] < shaded[1]  # same draws, a shade of 2 raises the winner's profit
    with pytest.raises(BayesNashError):
        simulate_common_value([1.0], 2, 3, 10, seed=0, shade=0)
    with pytest.raises(BayesNashError):
        uniform_first_price(1.0, 1)
