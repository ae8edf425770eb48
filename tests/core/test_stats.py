"""Interval statistics: the Wilson interval contains 1 exactly when every trial succeeds and 0 when none does."""

from __future__ import annotations

import pytest

from evo_lab.stats import wilson_interval


@pytest.mark.parametrize("n", [1, 2, 7, 40, 400, 10_000])
def test_wilson_interval_contains_the_ends_exactly(n):
    lo, hi = wilson_interval(n, n)
    assert hi == 1.0 and lo < 1.0 and 1.0 <= hi
    lo, hi = wilson_interval(0, n)
    assert lo == 0.0 and hi > 0.0 and lo <= 0.0


def test_wilson_interval_is_inside_zero_one_and_contains_the_estimate():
    for n in (1, 3, 10, 99):
        for k in range(n + 1):
            lo, hi = wilson_interval(k, n)
            assert 0.0 <= lo <= k / n <= hi <= 1.0
            if 0 < k < n:
                assert 0.0 < lo and hi < 1.0
    with pytest.raises(ValueError):
        wilson_interval(5, 4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
