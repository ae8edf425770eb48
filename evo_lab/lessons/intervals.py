"""Intervals the lessons need beyond :mod:`evo_lab.stats`: the exact coverage of the Wilson interval, first places
counted as whole numbers (a shared first place is not half a success), and intervals for data that come in
clusters (decisions or dinosaurs of one game are not independent of each other).

* :func:`wilson_coverage` is the exact chance that the Wilson interval of a binomial count covers ``p`` (about
  95%, never exactly: a count is a whole number).
* :func:`first_places` counts a bot's outright and shared first places in a tournament separately, each a whole
  count with its own Wilson interval; the score rate (a shared first place of ``k`` players scoring ``1/k``) lies
  between the two rates, so ``[outright low, first-or-shared high]`` covers it with at least about 95%.
* :func:`cluster_ratio_interval` (from :mod:`evo_lab.stats`) is the 95% interval of a ratio ``sum(successes) / sum(trials)`` over independent
  clusters (games), by the delta method with the clusters as the unit (the cluster-robust "ratio estimator").
* :func:`cluster_bootstrap` resamples whole clusters with replacement (percentile interval).

>>> round(wilson_coverage(0.5, 10), 4)
0.9785
>>> cluster_ratio_interval([3, 3], [4, 4])[0]
0.75
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..stats import Z95, cluster_ratio_interval, wilson_interval

__all__ = [
    "FirstPlaces",
    "binomial_pmf",
    "cluster_bootstrap",
    "cluster_ratio_interval",
    "first_places",
    "wilson_coverage",
]


def wilson_coverage(p: float, n: int, z: float = Z95) -> float:
    """The exact probability that the Wilson interval of ``w ~ Binomial(n, p)`` contains ``p``: the sum of the
    binomial probabilities of the counts ``w`` whose interval covers ``p`` (each probability from
    :func:`binomial_pmf`, so no statistics package is needed)."""
    if not 0 <= p <= 1 or n < 1:
        raise ValueError(f"need 0 <= p <= 1 and n >= 1, got p={p}, n={n}")
    total = 0.0
    for w in range(n + 1):
        lo, hi = wilson_interval(w, n, z)
        if lo <= p <= hi:
            total += binomial_pmf(w, n, p)
    return total


def binomial_pmf(w: int, n: int, p: float) -> float:
    """``P(W = w)`` for ``W ~ Binomial(n, p)``, computed through logarithms so that large ``n`` neither overflows
    nor underflows to a wrong zero.

    >>> binomial_pmf(2, 4, 0.5)
    0.375
    >>> round(sum(binomial_pmf(w, 1000, 0.3) for w in range(1001)), 12)
    1.0
    """
    if not 0 <= w <= n:
        return 0.0
    if p in (0.0, 1.0):
        return 1.0 if w == (n if p == 1.0 else 0) else 0.0
    log_choose = math.lgamma(n + 1) - math.lgamma(w + 1) - math.lgamma(n - w + 1)
    return math.exp(log_choose + w * math.log(p) + (n - w) * math.log1p(-p))


@dataclass(frozen=True)
class FirstPlaces:
    """A bot's first places over ``seats`` seats: ``outright`` (sole winner), ``shared`` (first place shared with
    others) and ``score`` (the course's win count: 1 per outright win, ``1/k`` per ``k``-way shared first)."""

    bot: str
    seats: int
    outright: int
    shared: int
    score: float

    def outright_interval(self) -> tuple[float, float]:
        """95% Wilson interval of the rate of outright wins (a whole count)."""
        return wilson_interval(self.outright, self.seats)

    def first_interval(self) -> tuple[float, float]:
        """95% Wilson interval of the rate of first places, outright or shared (a whole count)."""
        return wilson_interval(self.outright + self.shared, self.seats)

    def score_bounds(self) -> tuple[float, float]:
        """An interval for the expected score rate: it lies between the outright rate and the first-place rate,
        so the lower end of the first interval and the upper end of the second cover it with at least about
        95% (each end misses with about 2.5%)."""
        return self.outright_interval()[0], self.first_interval()[1]

    def __str__(self) -> str:
        lo, hi = self.score_bounds()
        return (
            f"{self.bot}: {self.seats} seats, {self.outright} outright wins, {self.shared} shared first places; "
            f"score {self.score:g}; interval for the score rate [{lo:.3f}, {hi:.3f}]"
        )


def first_places(result: Any, bot: str) -> FirstPlaces:
    """Count ``bot``'s first places in a :class:`~evo_lab.sim.SimulationResult` (rows with ``bot`` and ``won``,
    the share of a first place: 1 for a sole winner, ``1/k`` for each of ``k`` tied winners)."""
    rows = [r for r in result.rows if r["bot"] == bot]
    if not rows:
        raise KeyError(f"no seats of {bot!r} in the result; bots: {sorted({r['bot'] for r in result.rows})}")
    outright = sum(1 for r in rows if r["won"] == 1)
    shared = sum(1 for r in rows if 0 < r["won"] < 1)
    return FirstPlaces(bot, len(rows), outright, shared, float(sum(r["won"] for r in rows)))


def cluster_bootstrap(
    clusters: Sequence[Any],
    statistic: Callable[[Sequence[Any]], float],
    *,
    samples: int = 2000,
    seed: int = 0,
    level: float = 0.95,
) -> tuple[float, float, float]:
    """``(statistic, low, high)``: the statistic of the clusters and a percentile interval from ``samples``
    resamples of whole clusters with replacement (seeded)."""
    if len(clusters) < 2:
        raise ValueError("need two or more clusters")
    rng = np.random.default_rng(seed)
    n = len(clusters)
    boot = [statistic([clusters[i] for i in rng.integers(0, n, n)]) for _ in range(samples)]
    a = (1 - level) / 2
    lo, hi = np.quantile(boot, [a, 1 - a])
    return float(statistic(list(clusters))), float(lo), float(hi)
