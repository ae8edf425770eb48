"""Small statistics helpers shared by the odds, simulation and theory modules.

>>> lo, hi = wilson_interval(60, 100)
>>> round(lo, 3), round(hi, 3)
(0.502, 0.691)
>>> mean_interval([1.0, 2.0, 3.0])[0]
2.0
"""

from __future__ import annotations

import math
from typing import Sequence

Z95 = 1.959963984540054


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (95% by default). Ties may count as halves."""
    if n <= 0:
        return (0.0, 1.0)
    if successes < 0 or successes > n:
        raise ValueError(f"successes must be between 0 and n={n}, got {successes}")
    p = successes / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


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
