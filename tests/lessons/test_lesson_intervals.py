"""The intervals the lessons use beyond evo_lab.stats (issue 19): Wilson coverage, whole-count first places,
clustered ratios. Each is checked against a computation done another way."""

from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np
import pytest

from evo_lab.lessons.intervals import cluster_bootstrap, first_places, wilson_coverage
from evo_lab.stats import cluster_ratio_interval, wilson_interval


def test_wilson_coverage_is_the_binomial_sum_over_covering_counts():
    for p, n in ((2 / 3, 20), (0.5, 10), (0.1, 37)):
        brute = sum(
            math.comb(n, w) * p**w * (1 - p) ** (n - w)
            for w in range(n + 1)
            if wilson_interval(w, n)[0] <= p <= wilson_interval(w, n)[1]
        )
        assert wilson_coverage(p, n) == pytest.approx(brute, abs=1e-12)


def test_wilson_coverage_is_about_not_exactly_95_percent():
    # lesson 02: "about 95%": close for large n, visibly off for small n, never exactly 0.95
    assert abs(wilson_coverage(2 / 3, 60_000) - 0.95) < 0.002
    assert wilson_coverage(2 / 3, 60_000) != 0.95
    small = [wilson_coverage(2 / 3, n) for n in (10, 20, 100)]
    assert max(small) > 0.96 and min(small) < 0.945


def _result(rows):
    return SimpleNamespace(rows=[{"bot": b, "won": w} for b, w in rows])


def test_first_places_count_outright_and_shared_wins_apart():
    res = _result([("a", 1.0), ("a", 0.5), ("a", 0.0), ("a", 1 / 3), ("b", 0.5), ("b", 0.0)])
    fp = first_places(res, "a")
    assert (fp.seats, fp.outright, fp.shared) == (4, 1, 2)
    assert fp.score == pytest.approx(1 + 0.5 + 1 / 3)
    assert fp.outright_interval() == wilson_interval(1, 4)  # whole counts only
    assert fp.first_interval() == wilson_interval(3, 4)
    lo, hi = fp.score_bounds()
    assert lo == wilson_interval(1, 4)[0] and hi == wilson_interval(3, 4)[1]
    assert lo <= fp.score / fp.seats <= hi
    with pytest.raises(KeyError):
        first_places(res, "nobody")


def test_cluster_ratio_interval_agrees_with_a_cluster_bootstrap_and_widens_for_correlated_data():
    rng = np.random.default_rng(5)
    trials = rng.integers(50, 150, 40)
    # each game has its own rate: units inside a game are correlated
    rates = rng.beta(2, 8, 40)
    hits = rng.binomial(trials, rates)
    r, lo, hi = cluster_ratio_interval(hits, trials)
    assert r == pytest.approx(hits.sum() / trials.sum())
    _r, blo, bhi = cluster_bootstrap(
        list(zip(hits, trials)),
        lambda cs: sum(h for h, _ in cs) / sum(t for _, t in cs),
        samples=3000,
        seed=2,
    )
    assert abs((hi - lo) - (bhi - blo)) < 0.3 * (hi - lo)
    wlo, whi = wilson_interval(int(hits.sum()), int(trials.sum()))
    assert hi - lo > 1.5 * (whi - wlo)  # the decision-level interval is too narrow here


def test_cluster_ratio_interval_rejects_too_few_clusters():
    with pytest.raises(ValueError):
        cluster_ratio_interval([1], [2])
