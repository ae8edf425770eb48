"""One weighted draw, used by every sampler, determinizer and chance node in evo-lab.

Chance in evo-lab is exact: a chance node lists its outcomes with integer weights (the probabilities are the
weights over their sum, as :class:`fractions.Fraction`). Sampling one outcome is this single function, so a
seeded run draws the same outcome wherever it happens (samplers, Monte Carlo, ISMCTS determinizations).

>>> import numpy as np
>>> rng = np.random.default_rng(0)
>>> draw([0, 3, 1], rng) in (1, 2)
True
>>> draw([0, 0, 5], rng)
2
>>> exact([2, 1, 1])
[Fraction(1, 2), Fraction(1, 4), Fraction(1, 4)]
"""

from __future__ import annotations

from bisect import bisect_right
from fractions import Fraction
from itertools import accumulate
from typing import Protocol, TypeVar
from collections.abc import Hashable, Sequence

T = TypeVar("T", bound=Hashable)

__all__ = ["Random", "draw", "draw_from", "exact"]


class Random(Protocol):
    """What a draw needs of a generator: ``random()``, a float in [0, 1) (a ``numpy.random.Generator``, a
    ``random.Random``, or any object that has it)."""

    def random(self) -> float: ...


def draw(weights: Sequence[int], rng: Random) -> int:
    """Index of one outcome drawn with probability ``weights[i] / sum(weights)`` from ``rng`` (a
    ``numpy.random.Generator`` or anything with ``random()`` in [0, 1)). Raises ``ValueError`` when every
    weight is zero."""
    cumulative = list(
        accumulate(weights)
    )  # in C: a draw costs one pass and a bisection, not two Python loops
    total = cumulative[-1] if cumulative else 0
    if total <= 0:
        raise ValueError("draw from an empty pool (all weights are zero)")
    x = int(rng.random() * total)
    # the first index whose running total exceeds x: the same index as subtracting the weights one by one
    return min(bisect_right(cumulative, x), len(cumulative) - 1)


def draw_from(outcomes: Sequence[T], weights: Sequence[int], rng: Random) -> T:
    """The outcome (not its index) drawn as :func:`draw` does."""
    return outcomes[draw(weights, rng)]


def exact(weights: Sequence[int]) -> list[Fraction]:
    """The exact probabilities of integer ``weights`` (they sum to exactly 1)."""
    total = sum(weights)
    return [Fraction(w, total) for w in weights]
