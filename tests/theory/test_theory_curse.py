"""The winner's curse (evo_lab.theory.curse): exact order statistics, normal maxima, engine playouts."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest

from evo_lab.lessons.curse import curse_summary, winner_distribution
from evo_lab.theory import TheoryError, gene_values, teaching_position
from evo_lab.theory.curse import curse_table, estimate_pmf, normal_max, order_statistics, paired_differences


def test_normal_max_matches_the_closed_forms():
    sp = math.sqrt(math.pi)
    a = math.asin(1 / 3)
    assert normal_max(1) == pytest.approx(0, abs=1e-9)
    assert normal_max(2) == pytest.approx(1 / sp, abs=1e-7)
    assert normal_max(3) == pytest.approx(3 / (2 * sp), abs=1e-7)
    assert normal_max(4) == pytest.approx(3 / (2 * sp) * (1 + 2 / math.pi * a), abs=1e-7)
    assert normal_max(5) == pytest.approx(5 / (4 * sp) * (1 + 6 / math.pi * a), abs=1e-7)


def test_estimate_pmf_and_order_statistics_agree_with_brute_force():
    diffs = [-2, 0, 0, 1, 5]
    k, N = 2, 3
    pmf = estimate_pmf(diffs, k)
    assert sum(p for _, p in pmf) == 1
    # brute force: every k-tuple of draws is a bidder's sample, every N-tuple of bidders an auction
    means = [Fraction(sum(t), k) for t in itertools.product(diffs, repeat=k)]
    tops, seconds = Fraction(0), Fraction(0)
    for auction in itertools.product(means, repeat=N):
        srt = sorted(auction)
        tops += srt[-1]
        seconds += srt[-2]
    total = len(means) ** N
    e1, e2 = order_statistics(pmf, N)
    assert (e1, e2) == (tops / total, seconds / total)
    assert order_statistics(pmf, 1) == (Fraction(4, 5), Fraction(4, 5))  # one bidder: the mean, no bias
    with pytest.raises(TheoryError):
        estimate_pmf([0.5, 1], 1)


def test_paired_differences_are_the_samples_gene_values_averages():
    s = teaching_position(players=2, seed=1)
    d = paired_differences(s, "vial", 0, n=6, seed=3)
    gv = gene_values(s, genes=["vial"], players=[0], n=6, seed=3, progress=False)
    assert d.mean() == pytest.approx(gv.mean[0, 0])
    assert all(float(x).is_integer() for x in d)
    with pytest.raises(TheoryError):
        paired_differences(s, "vial", 5, n=2, seed=0)


def test_paired_differences_replay_the_builder_branches_with_shared_seeds():
    """Each paired difference is one paired playout of :func:`paired_branches` (built by the position builder) with
    child seed ``i``: chance from ``default_rng([seed, 1])``, uniform moves from ``default_rng(seed)``, in both
    branches. The samples reuse one built branch by cloning it; this recomputes every sample from a fresh build."""
    from evo_lab.core.protocol import play_out, uniform_random_policy
    from evo_lab.parallel import child_seeds, seed_int
    from evo_lab.theory.values import paired_branches

    s = teaching_position(players=2, seed=1)
    for gene in ("vial", "event card"):
        d = paired_differences(s, gene, 1, n=3, seed=11)
        again = []
        for ss in child_seeds(11, 3):
            sd = seed_int(ss)
            finals = []
            for start in paired_branches(s, gene, 1, seed=sd):
                play_out(
                    start, uniform_random_policy(np.random.default_rng(sd)), np.random.default_rng([sd, 1])
                )
                finals.append(start.returns()[1])
            again.append(finals[1] - finals[0])
        assert d.tolist() == again


def test_curse_table_grows_with_bidders_and_the_shades_are_consistent():
    rng = np.random.default_rng(0)
    ref = rng.integers(-6, 10, 300).tolist()
    pool = rng.integers(-6, 10, 600).tolist()
    rows = curse_table(ref, 3, [1, 2, 3, 4], pool)
    assert rows[0].bias == 0 and rows[0].second == 0
    assert all(a.bias < b.bias for a, b in zip(rows, rows[1:]))
    assert rows[1].second == pytest.approx(-rows[1].bias)  # two bidders: E[X(1)] + E[X(2)] = 2 mu
    assert all(r.sim is not None and r.sim[1] <= r.sim[0] <= r.sim[2] for r in rows)
    assert rows[3].auctions == 600 // 12
    assert abs(rows[3].bias - rows[3].normal) < 0.1 * rows[3].bias
    summ = curse_summary(ref, bidders=4, k=3)
    assert (
        summ["bias"] == f"{rows[3].bias:.2f}"
        and summ["shade, Evo's auction (English clock, like second-price)"] == f"{rows[3].second:.2f}"
    )
    w = winner_distribution(estimate_pmf(ref, 3), 4)
    assert sum(p for _, p in w) == pytest.approx(1)
