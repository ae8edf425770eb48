"""Seeded, split-independent parallel work on any ``concurrent.futures.Executor`` (Dask included).

Work is a list of items; each item carries its own seed (a ``numpy.random.SeedSequence`` child), so the
results do not depend on how items are grouped into chunks or on which worker runs them.

>>> seeds = child_seeds(7, 3)
>>> [int(s.generate_state(1)[0]) for s in seeds] == [int(s.generate_state(1)[0]) for s in child_seeds(7, 3)]
True
>>> map_chunks(_square_chunk, [1, 2, 3], executor="serial", progress=False)
[1, 4, 9]
"""

from __future__ import annotations

import concurrent.futures as cf
import os
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol, TypeVar

import numpy as np

#: Below this many items the default executor runs serially (no process start-up cost).
SERIAL_THRESHOLD = 64

T = TypeVar("T")
R = TypeVar("R")


class ExecutorError(ValueError):
    """An executor argument that evo-lab cannot use."""


def child_seeds(
    seed: int | Sequence[int] | np.random.SeedSequence | None, n: int
) -> list[np.random.SeedSequence]:
    """``n`` independent child seed sequences of ``seed`` (``SeedSequence.spawn``; a list of integers is one
    entropy, as ``numpy.random.SeedSequence`` takes it)."""
    ss = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
    return ss.spawn(n)


def seed_int(ss: np.random.SeedSequence) -> int:
    """A 63-bit integer drawn from a seed sequence (to seed a ``Game`` or print in a report)."""
    lo, hi = (int(x) for x in ss.generate_state(2, dtype=np.uint32))
    return ((hi << 32) | lo) & ((1 << 63) - 1)


def chunked(items: Sequence[T], size: int) -> list[list[T]]:
    """``items`` in consecutive lists of ``size`` (the last may be shorter)."""
    return [list(items[i : i + size]) for i in range(0, len(items), size)]


def default_workers() -> int:
    """The default pool size: the machine's cores, at most 8."""
    return max(1, min(os.cpu_count() or 1, 8))


class ProgressBar(Protocol):
    """What :func:`map_chunks` needs of a progress bar (``tqdm`` has it)."""

    def update(self, n: int) -> object: ...
    def close(self) -> object: ...


def map_chunks(
    fn: Callable[[list[T]], list[R]],
    items: Sequence[T],
    *,
    executor: cf.Executor | str | None = None,
    workers: int | None = None,
    chunk_size: int | None = None,
    progress: bool | ProgressBar = True,
    desc: str = "",
) -> list[R]:
    """Apply ``fn`` to chunks of ``items`` and return the per-item results in order.

    ``fn`` takes a list of items and returns a list of results (one per item); it must be a picklable,
    module-level function for process pools and Dask. ``executor``: ``None`` (serial below
    ``SERIAL_THRESHOLD`` items, else a local process pool that is shut down afterwards), ``"serial"``,
    ``"process"``, or any ``concurrent.futures.Executor`` (e.g. ``dask.distributed.Client.get_executor()``),
    which the caller owns. A ``tqdm.auto`` bar counts finished items (``progress`` may also be a bar the caller
    owns: anything with ``update(n)``, left open). On KeyboardInterrupt, pending work is cancelled and an own
    pool is shut down before the interrupt propagates.
    """
    items = list(items)
    if not items:
        return []
    pool, own = _pool_for(executor, workers, len(items))
    nworkers = workers or default_workers()
    if chunk_size is None:
        chunk_size = max(1, min(256, len(items) // (4 * nworkers) or 1)) if pool is not None else len(items)
    chunks = chunked(items, chunk_size)
    own_bar = isinstance(progress, bool)
    bar = (_bar(len(items), desc) if progress else None) if isinstance(progress, bool) else progress
    try:
        if pool is None:
            results = _run_serial(fn, chunks, bar)
        else:
            results = _run_pool(fn, chunks, pool, bar)
    finally:
        if bar is not None and own_bar:
            bar.close()
        if own and pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
    return _in_order(results, chunks)


def _pool_for(
    executor: cf.Executor | str | None, workers: int | None, n: int
) -> tuple[cf.Executor | None, bool]:
    """The pool that runs the chunks (``None``: run them here) and whether :func:`map_chunks` owns it."""
    if executor is None:
        executor = "serial" if n < SERIAL_THRESHOLD or (workers or default_workers()) == 1 else "process"
    if executor == "serial":
        return None, False
    if executor == "process":
        return cf.ProcessPoolExecutor(max_workers=workers or default_workers()), True
    if isinstance(executor, cf.Executor) or (not isinstance(executor, str) and hasattr(executor, "submit")):
        return executor, False
    raise ExecutorError(
        f"executor must be 'serial', 'process' or a concurrent.futures.Executor, got {executor!r}"
    )


def _run_serial(
    fn: Callable[[list[T]], list[R]], chunks: list[list[T]], bar: ProgressBar | None
) -> list[list[R] | None]:
    results: list[list[R] | None] = []
    for ch in chunks:
        results.append(fn(ch))
        if bar is not None:
            bar.update(len(ch))
    return results


def _run_pool(
    fn: Callable[[list[T]], list[R]], chunks: list[list[T]], pool: cf.Executor, bar: ProgressBar | None
) -> list[list[R] | None]:
    """Submit every chunk, collect the results as they finish; on any exception (a KeyboardInterrupt
    included) cancel what has not started."""
    results: list[list[R] | None] = [None] * len(chunks)
    futs = {pool.submit(fn, ch): i for i, ch in enumerate(chunks)}
    try:
        for f in cf.as_completed(futs):
            i = futs[f]
            results[i] = f.result()
            if bar is not None:
                bar.update(len(chunks[i]))
    except BaseException:
        for f in futs:
            f.cancel()
        raise
    return results


def _in_order(results: list[list[R] | None], chunks: list[list[T]]) -> list[R]:
    """The per-item results, chunk by chunk; a chunk that returned the wrong number of results is an error."""
    out: list[R] = []
    for i, r in enumerate(results):
        if r is None or len(r) != len(chunks[i]):
            raise RuntimeError(
                f"chunk {i} returned {0 if r is None else len(r)} results for {len(chunks[i])} items"
            )
        out.extend(r)
    return out


def _bar(total: int, desc: str) -> ProgressBar:
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc or None, leave=False, disable=total < SERIAL_THRESHOLD)


def _square_chunk(xs: Iterable[int]) -> list[int]:
    return [x * x for x in xs]
