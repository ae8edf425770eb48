"""Scale-out, measured: N random-policy 4-player games on one core vs a 2-worker local Dask cluster.

    .venv/bin/python scripts/bench_scale.py [--games 20000] [--workers 2] [--scheduler ADDRESS] [--json FILE]

Checks that both runs give identical results (JSON apart from timing) and prints the wall-clock speed-up
(target >= 1.8x on two free cores). The cluster's start-up time is reported separately and excluded. Because a
shared machine may not give the workers two full cores, the script also reports the CPU seconds spent: the
serial process's, and the Dask worker processes' (measured with psutil through ``client.run``). Their ratio
shows the overhead of scheduling, pickling and chunking independently of other load:
``2 x serial CPU / workers' CPU`` is the speed-up two free cores would give. The local cluster runs with the
workers' statistical profiler off (``evo_lab.sim.LOCAL_DASK_CONFIG``; ``--profiler`` keeps it on, for comparison).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from evo_lab.core.atomic import atomic_write_text
from evo_lab.sim import LOCAL_DASK_CONFIG, SimulationResult, simulate


def _cpu() -> float:
    import psutil

    t = psutil.Process().cpu_times()
    return t.user + t.system


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--scheduler", default=None, help="a running Dask scheduler instead of a local cluster")
    ap.add_argument("--chunk-size", type=int, default=None)
    ap.add_argument("--profiler", action="store_true", help="keep the Dask workers' statistical profiler on")
    ap.add_argument("--json", metavar="FILE")
    return ap.parse_args(argv)


def _on_dask(args: argparse.Namespace, bots: tuple[str, ...]) -> tuple[SimulationResult, float, float, float]:
    """The same games on Dask: (result, wall seconds, the workers' CPU seconds, the cluster's start-up seconds)."""
    import dask
    from distributed import Client, LocalCluster

    t0 = time.perf_counter()
    cluster = None
    if not args.scheduler:
        with dask.config.set(LOCAL_DASK_CONFIG if not args.profiler else {}):
            cluster = LocalCluster(
                n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None
            )
    client = Client(args.scheduler or cluster)
    try:
        client.wait_for_workers(args.workers)
        t_start = time.perf_counter() - t0
        before = client.run(_cpu)
        t0 = time.perf_counter()
        result = simulate(
            players=4,
            games=args.games,
            bots=bots,
            seed=args.seed,
            executor=client.get_executor(),
            workers=args.workers,
            chunk_size=args.chunk_size,
            progress=False,
        )
        t_dask = time.perf_counter() - t0
        after = client.run(_cpu)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return result, t_dask, sum(after[w] - before.get(w, 0.0) for w in after), t_start


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    bots = ("random",) * 4
    c0, t0 = time.process_time(), time.perf_counter()
    serial = simulate(
        players=4, games=args.games, bots=bots, seed=args.seed, executor="serial", progress=False
    )
    t_serial, cpu_serial = time.perf_counter() - t0, time.process_time() - c0
    print(
        f"serial: {args.games} games in {t_serial:.1f} s ({args.games / t_serial:.0f} games/s), "
        f"{cpu_serial:.1f} CPU s",
        flush=True,
    )
    dask, t_dask, cpu_workers, t_start = _on_dask(args, bots)
    same = dask.to_json(timing=False) == serial.to_json(timing=False)
    ideal = args.workers * cpu_serial / cpu_workers if cpu_workers else float("nan")
    print(
        f"dask ({args.scheduler or f'LocalCluster {args.workers} workers'}): {t_dask:.1f} s "
        f"({args.games / t_dask:.0f} games/s), cluster start {t_start:.1f} s; wall-clock speed-up "
        f"{t_serial / t_dask:.2f}x; workers' CPU {cpu_workers:.1f} s (serial {cpu_serial:.1f} s), speed-up on "
        f"{args.workers} free cores {ideal:.2f}x; identical results: {same}",
        flush=True,
    )
    if args.json:
        atomic_write_text(
            args.json,
            json.dumps(
                {
                    "games": args.games,
                    "workers": args.workers,
                    "serial_s": t_serial,
                    "serial_cpu_s": cpu_serial,
                    "dask_s": t_dask,
                    "dask_workers_cpu_s": cpu_workers,
                    "cluster_start_s": t_start,
                    "speedup": t_serial / t_dask,
                    "speedup_free_cores": ideal,
                    "identical": same,
                },
                indent=1,
            ),
        )
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
