"""``core.draw.draw``: one outcome index with probability ``weights[i] / sum(weights)``, the same index as the
plain reading (subtract the weights one by one from ``int(u * total)`` until it goes below zero) for every ``u``."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evo_lab.core.draw import draw, exact


class Fixed:
    """An rng whose ``random()`` is ``u``."""

    def __init__(self, u: float) -> None:
        self.u = u

    def random(self) -> float:
        return self.u


def plain(weights: list[int], u: float) -> int:
    x = int(u * sum(weights))
    for i, w in enumerate(weights):
        x -= w
        if x < 0:
            return i
    return len(weights) - 1


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 9), min_size=1, max_size=60).filter(any), st.floats(0, 1, exclude_max=True))
def test_draw_is_the_plain_reading(weights, u):
    assert draw(weights, Fixed(u)) == plain(weights, u)


def test_draw_never_picks_a_zero_weight():
    weights = [0, 3, 0, 0, 5, 0]
    rng = random.Random(3)
    picked = {draw(weights, rng) for _ in range(2000)}
    assert picked == {1, 4}


def test_draw_frequencies_match_the_exact_probabilities():
    weights = [1, 2, 3, 4]
    rng = random.Random(7)
    n = 40_000
    counts = [0] * 4
    for _ in range(n):
        counts[draw(weights, rng)] += 1
    for c, p in zip(counts, exact(weights), strict=True):
        sd = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(c / n - float(p)) < 5 * sd


def test_an_empty_pool_is_refused():
    with pytest.raises(ValueError, match="empty pool"):
        draw([0, 0], random.Random(0))
    with pytest.raises(ValueError, match="empty pool"):
        draw([], random.Random(0))
