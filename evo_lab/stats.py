"""Small statistics helpers shared by the odds, simulation and theory modules.

>>> lo, hi = wilson_interval(60, 100)
>>> round(lo, 3), round(hi, 3)
(0.502, 0.691)
>>> mean_interval([1.0, 2.0, 3.0])[0]
2.0
>>> cluster_ratio_interval([3, 1], [4, 4])[0]
0.5
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (95% by default). The formula is for a whole number of
    successes; a fractional count (a tie scored as half a win) is accepted but is not a binomial outcome, so the
    interval is then only a rough guide: count ties separately (``evo_lab.lessons.intervals.first_places``).

    The interval of an all-success run ends at exactly 1 and that of a no-success run starts at exactly 0 (the
    formula gives those bounds; floating point alone would give 0.9999999999999998).

    >>> wilson_interval(400, 400)[1], wilson_interval(0, 50)[0]
    (1.0, 0.0)
    >>> lo, hi = wilson_interval(7, 10); round(lo, 3), round(hi, 3)
    (0.397, 0.892)
    """
    if n <= 0:
        return (0.0, 1.0)
    if successes < 0 or successes > n:
        raise ValueError(f"successes must be between 0 and n={n}, got {successes}")
    p = successes / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == n else min(1.0, centre + half)
    return (lo, hi)


def first_place_counts(shares: Sequence[float]) -> dict[str, float]:
    """First places as whole counts, from one bot's seats (or games), each given as its share of first place
    (1 alone, ``1/k`` shared by ``k``, 0 otherwise): ``wins`` (outright) with ``win_rate``, ``win_low``,
    ``win_high`` (95% Wilson); ``firsts`` (outright or shared; ``shared`` of them shared) with ``first_rate``,
    ``first_low``, ``first_high``; ``share`` (the sum of the shares) with ``share_rate`` and the bounds
    ``share_low``, ``share_high`` of its expected rate (the outright low end and the first-place high end: each
    misses with about 2.5%, so together they cover it with at least about 95%). A Wilson interval is built for a
    binomial count; a shared first place is not ``1/k`` of a success, so the shares are never fed into it.
    Without seats the rates are ``nan`` and the intervals ``(0, 1)``.

    >>> c = first_place_counts([1.0, 0.5, 0.0, 0.0])
    >>> c["wins"], c["shared"], c["firsts"], c["share"], round(c["win_low"], 3), round(c["first_high"], 3)
    (1, 1, 2, 1.5, 0.046, 0.85)
    """
    n = len(shares)
    rate = (lambda k: k / n) if n else (lambda k: math.nan)
    wins = sum(1 for w in shares if w == 1)
    shared = sum(1 for w in shares if 0 < w < 1)
    share = float(sum(shares))
    win_low, win_high = wilson_interval(wins, n)
    first_low, first_high = wilson_interval(wins + shared, n)
    return {
        "wins": wins,
        "win_rate": rate(wins),
        "win_low": win_low,
        "win_high": win_high,
        "shared": shared,
        "firsts": wins + shared,
        "first_rate": rate(wins + shared),
        "first_low": first_low,
        "first_high": first_high,
        "share": share,
        "share_rate": rate(share),
        "share_low": win_low,
        "share_high": first_high,
    }


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high): a normal-approximation interval for the mean."""
    n = len(values)
    if n == 0:
        raise ValueError("no values")
    m = sum(values) / n
    if n == 1:
        return (m, m, m)
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    h = z * math.sqrt(var / n)
    return (m, m - h, m + h)


def cluster_ratio_interval(
    successes: Sequence[float], trials: Sequence[float], z: float = Z95
) -> tuple[float, float, float]:
    """``(ratio, low, high)`` for ``sum(successes) / sum(trials)`` when the clusters (one entry each) are
    independent but the units inside a cluster need not be. Standard error by the delta method over clusters:
    ``sqrt(G / (G - 1) * sum((s_g - r t_g)^2)) / sum(t_g)`` for ``G`` clusters; the interval is clipped to [0, 1]."""
    import numpy as np

    s = np.asarray(successes, float)
    t = np.asarray(trials, float)
    if s.shape != t.shape or s.ndim != 1 or len(s) < 2 or t.sum() <= 0:
        raise ValueError("need two or more clusters with matching successes and trials")
    r = s.sum() / t.sum()
    g = len(s)
    se = math.sqrt(g / (g - 1) * float(((s - r * t) ** 2).sum())) / t.sum()
    return float(r), max(0.0, float(r - z * se)), min(1.0, float(r + z * se))
