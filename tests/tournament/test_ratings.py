"""Ratings: Plackett-Luce recovers known strengths, ties and full ties behave, the bootstrap resamples whole games
and replays from its seed; the sign test, Holm's correction, Wilson win rates and OpenSkill."""

from __future__ import annotations

import math

import numpy as np
import pytest

from evo_lab.stats import wilson_interval
from evo_lab.tournament.ratings import (
    ELO,
    head_to_head,
    holm,
    openskill_ratings,
    pl_ratings,
    sign_test,
    win_rates,
)


def simulate_pl(strengths, games, k, seed):
    """Games drawn from the Plackett-Luce model: random k-seat tables, places drawn winner first."""
    rng = np.random.default_rng(seed)
    out = []
    n = len(strengths)
    for _ in range(games):
        table = list(rng.choice(n, size=k, replace=False))
        left, places = list(table), {}
        for place in range(1, k + 1):
            w = np.array([strengths[e] for e in left], dtype=float)
            pick = left[int(rng.choice(len(left), p=w / w.sum()))]
            places[pick] = place
            left.remove(pick)
        out.append(([int(e) for e in table], [places[e] for e in table]))
    return out


def test_known_strengths_are_recovered_with_honest_intervals():
    strengths = [1.0, 2.0, 4.0, 8.0]
    games = simulate_pl(strengths, 600, 3, seed=1)
    r = pl_ratings(games, 4, seed=0, bootstrap=100)
    ratings = [x["rating"] for x in r]
    assert ratings == sorted(ratings)
    true = ELO * (np.log(strengths) - np.log(strengths).mean()) + 1500
    for x, t in zip(r, true):
        assert x["low"] < x["rating"] < x["high"]
        assert abs(x["rating"] - t) < 40  # about 120 points per doubling of strength
        assert x["low"] - 10 < t < x["high"] + 10


def test_symmetry_ties_and_full_ties():
    even = [([0, 1], [1, 2]), ([1, 0], [1, 2])] * 5
    r = pl_ratings(even, 2, bootstrap=0)
    assert r[0]["rating"] == pytest.approx(1500) and r[1]["rating"] == pytest.approx(1500)
    base = [([0, 1, 2], [1, 1, 3]), ([2, 0, 1], [1, 2, 2])] * 4
    a = pl_ratings(base, 3, bootstrap=0)
    b = pl_ratings(base + [([0, 1, 2], [1, 1, 1])] * 7, 3, bootstrap=0)  # full ties carry nothing
    assert [x["rating"] for x in a] == pytest.approx([x["rating"] for x in b])
    assert a[0]["rating"] == pytest.approx(a[1]["rating"])  # 0 and 1 were always tied or level
    never_won = pl_ratings([([0, 1], [1, 2])] * 30, 2, bootstrap=0)  # the prior keeps a perfect record finite
    assert math.isfinite(never_won[1]["rating"]) and never_won[0]["rating"] - never_won[1]["rating"] > 400


def test_the_bootstrap_resamples_whole_games():
    games = simulate_pl([1.0, 1.5, 3.0], 40, 3, seed=4)
    got = pl_ratings(games, 3, seed=9, bootstrap=30)
    assert got == pl_ratings(games, 3, seed=9, bootstrap=30)  # replays from the seed
    assert got != pl_ratings(games, 3, seed=10, bootstrap=30)
    rng = np.random.default_rng(np.random.SeedSequence([9, 0x52415445]))  # the same draws, done by hand
    draws = []
    for _ in range(30):
        counts = rng.multinomial(len(games), np.full(len(games), 1 / len(games)))
        resampled = [g for g, c in zip(games, counts) for _ in range(c)]
        draws.append([x["rating"] for x in pl_ratings(resampled, 3, bootstrap=0)])
    lo, hi = np.quantile(np.array(draws), [0.025, 0.975], axis=0)
    assert [x["low"] for x in got] == pytest.approx(list(lo), abs=1e-6)
    assert [x["high"] for x in got] == pytest.approx(list(hi), abs=1e-6)


def test_sign_test_and_holm():
    scipy_stats = pytest.importorskip("scipy.stats")
    for a, b in [(9, 1), (12, 12), (30, 18), (0, 5)]:
        assert sign_test(a, b) == pytest.approx(scipy_stats.binomtest(a, a + b).pvalue)
    assert holm([0.01, 0.02, 0.5, 0.001]) == [0.03, 0.04, 0.5, 0.004]


def test_head_to_head_and_win_rates():
    games = [([0, 1, 2], [1, 2, 3]), ([1, 2, 0], [1, 1, 3]), ([2, 0, 1], [2, 1, 2])]
    h = head_to_head(games, 3)
    assert (h[0][1]["ahead"], h[0][1]["tied"], h[0][1]["behind"]) == (2, 0, 1)
    assert (h[1][2]["ahead"], h[1][2]["tied"], h[1][2]["behind"]) == (1, 2, 0)
    assert h[1][2]["share"] == pytest.approx(2 / 3) and h[2][1]["share"] == pytest.approx(1 / 3)
    # the share's bounds come from whole counts: ahead (1 of 3) and ahead or tied (3 of 3)
    assert (h[1][2]["low"], h[1][2]["high"]) == (wilson_interval(1, 3)[0], wilson_interval(3, 3)[1])
    outcomes = [
        {"table": t, "places": p, "won": [1.0 if x == 1 else 0.0 for x in p], "faulted": [False] * 3}
        for t, p in games
    ]
    outcomes[1]["won"] = [0.5, 0.5, 0.0]
    w = win_rates(outcomes, 3)
    # entrant 1 shared one first place: no outright win, one first place, a share of 1/2
    assert (
        (w[1]["wins"], w[1]["firsts"], w[1]["share"]) == (0, 1, 0.5)
        and w[0]["wins"] == 2
        and w[0]["games"] == 3
    )
    assert (w[1]["win_low"], w[1]["win_high"]) == wilson_interval(0, 3)
    assert (w[1]["first_low"], w[1]["first_high"]) == wilson_interval(1, 3)
    assert w[1]["share_rate"] == pytest.approx(1 / 6) and w[1]["share_high"] == w[1]["first_high"]


def test_openskill_orders_the_bots():
    pytest.importorskip("openskill")
    games = simulate_pl([1.0, 3.0, 9.0], 150, 2, seed=2)
    r = openskill_ratings(games, 3)
    assert r is not None and r[0]["mu"] < r[1]["mu"] < r[2]["mu"] and all(x["sigma"] > 0 for x in r)
