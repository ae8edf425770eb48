"""The meteorite clock: exact horizon from the climate pile, discount weights, durable-gene values."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

import evo_lab
from evo_lab.games.evo2e.odds import game_length_distribution, simulate_climate
from evo_lab.stats import wilson_interval
from evo_lab.theory.horizon import (
    HorizonError,
    auction_positions,
    durable_values,
    egg_value,
    first_seed_lasting,
    fixed_horizon,
    flow_value,
    geometric_weights,
    horizon,
    marginal_survival,
    round_rates,
)


def test_start_of_game_clock_matches_the_rulebook_pile():
    """Meteorite among the bottom 3 of 12 tokens, each slot 1/3: 9, 10 or 11 rounds."""
    g = evo_lab.Game(players=3)
    h = horizon(g)
    assert h.length == game_length_distribution(g) == {9: F(1, 3), 10: F(1, 3), 11: F(1, 3)}
    assert [h.played[k] for k in range(1, 12)] == [F(1)] * 9 + [F(2, 3), F(1, 3)]
    # tail-sum formula: E[length] = sum_k P(length >= k)
    assert h.expected_length() == sum(h.played.values()) == 10
    assert [h.hazard(k) for k in (1, 9, 10, 11)] == [0, F(1, 3), F(1, 2), 1]
    assert [h.expected_rounds(r) for r in (1, 9, 10, 11)] == [10, 2, F(3, 2), 1]


def test_horizon_agrees_with_a_seeded_simulation_of_the_pile():
    g = evo_lab.Game(players=3)
    sim = simulate_climate(g, 0, n=3000, seed=11)
    h = horizon(g)
    for n_rounds, p in h.length.items():
        lo, hi = wilson_interval(sim.game_length.get(n_rounds, 0), sim.n)
        assert lo <= float(p) <= hi


def test_horizon_from_positions_is_conditional_and_hides_peeks():
    pos = auction_positions(first_seed_lasting(11))
    h9 = horizon(pos[9])
    assert h9.now == 9 and all(h9.played[k] == 1 for k in range(1, 10))
    assert (h9.played[10], h9.played[11]) == (F(2, 3), F(1, 3))
    h10 = horizon(pos[10])
    assert (h10.played[10], h10.played[11]) == (1, F(1, 2))
    # a peeked token is the holder's and the teacher's knowledge, not the public's: round 10's auction, ten tokens
    # revealed, P2 holds Sixth Sense and has seen the next token (built with the position builder)
    for token, p11 in (("meteorite", None), ("ccw1", 1)):
        s = evo_lab.build_position(
            3, round=10, phase="mutation", pile=10, unique={"P2": ["sixth_sense"]}, next_token=token
        )
        assert horizon(s, viewer=None).played == horizon(s, viewer=1).played
        assert horizon(s, viewer=None).played.get(11) == p11
        assert horizon(s).played == horizon(s, viewer=0).played == horizon(s, viewer=2).played
        assert (horizon(s).played[10], horizon(s).played[11]) == (1, F(1, 2))


def test_flow_and_egg_values():
    h = horizon(evo_lab.Game(players=3))
    assert [flow_value(h, r, 1) for r in (1, 9, 10, 11)] == [10, 2, F(3, 2), 1]
    # a flow gene is linear in the horizon: the random horizon is worth the mean horizon's value (r <= 9)
    assert all(flow_value(h, r, 1) == flow_value(fixed_horizon(10), r, 1) for r in range(1, 10))
    # an egg with q = 1 compounds: triangular numbers, convex in the length, so by Jensen the random horizon
    # is worth more than a fixed game of mean length
    for L in (9, 10, 11):
        assert egg_value(fixed_horizon(L), 1, 1) == L * (L + 1) // 2
    assert egg_value(h, 9, 1) == F(10, 3) > egg_value(fixed_horizon(10), 9, 1) == 3
    assert egg_value(h, 11, F(1, 2), F(1, 2)) == F(1, 4)
    with pytest.raises(HorizonError):
        egg_value(h, 1, 2)
    with pytest.raises(HorizonError, match="cannot be played"):
        h.given(12)


def test_geometric_weights_have_the_given_mean():
    w = geometric_weights(F(10), 400)
    assert abs(float(sum(w)) - 10) < 1e-9 and w[1] == F(9, 10)


def test_round_rates_count_survival_and_births():
    rr = round_rates(range(3))
    assert 0 < rr.survived <= rr.at_risk and 0 < rr.births <= rr.birth_decisions
    lo, hi = rr.q_interval()
    assert lo <= rr.q <= hi


def test_durable_values_are_paired_and_seeded():
    pos = auction_positions(first_seed_lasting(11))
    a = durable_values({11: pos[11]}, "egg", n=6, seed=3)
    assert a == durable_values({11: pos[11]}, "egg", n=6, seed=3)
    assert a[0].low <= a[0].mean <= a[0].high and a[0].round == 11
    # nothing to gain from a gene nobody uses: a vial bought in the last round saves nothing before the end
    v = durable_values({11: pos[11]}, "vial", n=6, seed=3)[0]
    assert v.mean == v.low == v.high == 0
    q, lo, hi = marginal_survival(a[0], 0.5)
    assert 0 <= lo <= q <= hi <= 1


def test_first_seed_lasting_has_no_sixth_sense():
    sd = first_seed_lasting(11)
    pos = auction_positions(sd)
    assert max(pos) == 11
    assert not any(s.has(p, "sixth_sense") for s in pos.values() for p in range(s.players))
    with pytest.raises(HorizonError):
        first_seed_lasting(12, limit=3)
