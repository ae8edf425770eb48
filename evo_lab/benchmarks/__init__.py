"""Benchmark sections run by ``evo-lab bench``: each module defines ``run(quick=False) -> list[dict]``."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_per_call(fn: Callable[[], object], reps: int, rounds: int = 3, warmup: bool = True) -> float:
    """Seconds per call of ``fn``: the best of ``rounds`` timed rounds of ``reps`` calls (after one warm-up call)."""
    if warmup:
        fn()
    best = float("inf")
    for _ in range(rounds):
        t = time.perf_counter()
        for _ in range(reps):
            fn()
        best = min(best, (time.perf_counter() - t) / reps)
    return best
