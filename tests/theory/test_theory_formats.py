"""Auction formats (evo_lab.theory.formats, .revenue, .lab): single-lot rules, revenue equivalence, Evo's lab."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from evo_lab.theory import TheoryError, teaching_position
from evo_lab.theory.formats import (
    dominant_outcome,
    equilibrium_range,
    make_lot,
    mixed_equilibria,
    pure_equilibria,
    sealed_game,
    sealed_outcome,
)
from evo_lab.theory.lab import (
    best_welfare,
    compare,
    evo_equilibrium,
    first_price_equilibria,
    straightforward,
    vcg,
)
from evo_lab.theory.revenue import exact_dominant, simulate_uniform, uniform_bid, uniform_revenue


def test_second_price_and_clock_follow_the_drop_levels():
    # second-highest drop level 3; the clock needs one more step unless the top is shared
    assert dominant_outcome([5, 3, 2], "second").revenue == 3
    assert dominant_outcome([5, 3, 2], "english").revenue == 4
    assert (
        dominant_outcome([3, 3], "english").revenue == 3 and dominant_outcome([3, 3], "english").winner == 0
    )
    assert dominant_outcome([3, 3], "english", order=[1, 0]).winner == 1
    # "if a player bids 6 on a column, he cannot be outbid": values above the cap pool at 6, the tie decides
    o = dominant_outcome([8, 9], "second")
    assert (o.winner, o.revenue, o.efficient) == (0, 6, False)
    # budgets: price <= MP; vials: price = max(0, bid - vials)
    assert dominant_outcome([5, 3], "second", budgets=[2, 6]).winner == 1
    o = dominant_outcome([3, 3], "english", vials=[0, 1])
    assert (o.winner, o.revenue) == (1, 3)  # P2 stays in up to bid 4 (price 3); the clock stops at 4
    with pytest.raises(TheoryError):
        dominant_outcome([1, 2], "first")


def test_sealed_rules_and_equilibria():
    assert sealed_outcome(make_lot([5, 3]), "first", [2, 2]).pay == (3.0, 0.0)  # tie to the earlier bidder
    assert sealed_outcome(make_lot([5, 3]), "second", [4, 1]).revenue == 1
    assert sealed_outcome(make_lot([5, 3]), "allpay", [2, 1]).revenue == 3
    g = sealed_game([5, 3], "first")
    assert [g.outcome(p).bids for p in pure_equilibria(g)] == [(2, 2), (3, 3)]
    assert equilibrium_range([3, 5], "first")["revenue"] == (3.0, 4.0)  # the later bidder must outbid
    assert len(sealed_game([5, 3], "first", no_overbid=False).strategies[1]) == 7
    # every pure equilibrium really is one: no profitable single deviation
    for prof in pure_equilibria(g):
        for i in range(2):
            here = g.payoffs[prof][i]
            for k in range(len(g.strategies[i])):
                dev = list(prof)
                dev[i] = k
                assert g.payoffs[tuple(dev)][i] <= here + 1e-9


def test_all_pay_has_only_mixed_equilibria_and_they_are_best_responses():
    r = equilibrium_range([5, 3], "allpay")
    assert r["kind"] == "mixed" and r["count"] >= 1
    g = sealed_game([5, 3], "allpay")
    A, B = g.payoffs[..., 0], g.payoffs[..., 1]
    for x, y, o in mixed_equilibria(g):
        assert abs(x.sum() - 1) < 1e-9 and abs(y.sum() - 1) < 1e-9
        assert x @ A @ y >= (A @ y).max() - 1e-9 and x @ B @ y >= (x @ B).max() - 1e-9
        assert o.pay[1] == pytest.approx(0, abs=1e-9)  # the weaker bidder's rent is dissipated
        assert 0 < o.revenue <= 3 + 1e-9
    with pytest.raises(TheoryError):
        mixed_equilibria(sealed_game([1, 2, 3], "allpay"))


def test_revenue_equivalence_uniform_and_its_discrete_failure():
    assert uniform_revenue(4) == Fraction(3, 5)
    assert uniform_bid("first", 1.0, 4) == 0.75
    sim = simulate_uniform(3, samples=3000, seed=5)
    for m, lo, hi in sim.values():
        assert lo <= 0.5 <= hi or abs(m - 0.5) < 0.02
    r = exact_dominant(range(7), 2)
    assert r["second"]["revenue"] == r["E[V(2)]"] == Fraction(13, 7)
    # English - second price = P(highest value unique) = 1 - 7/49
    assert r["english"]["revenue"] - r["second"]["revenue"] == Fraction(6, 7)
    capped = exact_dominant(range(10), 2)
    assert capped["second"]["efficient"] == 1 - Fraction(6, 100)  # both >= 6, different, the earlier lower
    assert capped["second"]["revenue"] < capped["E[V(2)]"]
    with pytest.raises(TheoryError):
        exact_dominant([0, 1], 2, pmf=[Fraction(1, 2), Fraction(1, 3)])


def test_lab_formats_on_engine_positions():
    s = teaching_position(players=2, seed=1)
    # the no-return rule: P1 displaced from the plates cannot re-raise at once
    t = [[0, 5], [0, 4]]
    evo, sf, asc = evo_equilibrium(s, t), straightforward(s, t), straightforward(s, t, no_return=False)
    assert (sf.holder, sf.revenue, sf.efficient) == ((0, 1), 1, False)
    assert (asc.holder, asc.revenue, asc.efficient) == ((1, 0), 4, True)
    assert (evo.holder, evo.revenue) == ((1, 0), 3)  # P1 pre-empts at 3: 4 - (3 + 1) <= 0 for P2
    v = vcg(s, t)
    assert (v.holder, v.revenue) == ((1, 0), 4.0)
    assert best_welfare(np.array(t, float))[0] == 5
    rows = compare(s, t)
    assert rows[0].format.startswith("Evo") and all(r.best == 5 for r in rows)
    assert all(o.revenue >= 0 for o in first_price_equilibria(s, t))


def test_straightforward_without_the_ban_equals_the_engine_when_the_ban_never_binds():
    s3 = teaching_position(players=3, seed=2)
    v3 = [[0, 3, 1], [1, 2, 2], [0, 2, 1]]
    a, b = straightforward(s3, v3), straightforward(s3, v3, no_return=False)
    assert a.holder == b.holder and a.prices == b.prices
    assert len(a.path) == len(b.path)
