"""Scale-out, measured: N random-policy 4-player games on one core vs a 2-worker local Dask cluster.

    .venv/bin/python scripts/bench_scale.py [--games 20000] [--workers 2] [--scheduler ADDRESS] [--json FILE]

Checks that both runs give identical results (JSON apart from timing) and prints the speed-up (target >= 1.8x
on two free cores). The cluster's start-up time is reported separately and excluded from the speed-up.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from evo_lab.sim import dask_executor, simulate


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--scheduler", default=None, help="a running Dask scheduler instead of a local cluster")
    ap.add_argument("--chunk-size", type=int, default=None)
    ap.add_argument("--json", metavar="FILE")
    args = ap.parse_args(argv)
    bots = ("random",) * 4
    t0 = time.perf_counter()
    serial = simulate(players=4, games=args.games, bots=bots, seed=args.seed, executor="serial", progress=False)
    t_serial = time.perf_counter() - t0
    print(f"serial: {args.games} games in {t_serial:.1f} s ({args.games / t_serial:.0f} games/s)", flush=True)
    t0 = time.perf_counter()
    with dask_executor(args.workers, args.scheduler) as ex:
        t_start = time.perf_counter() - t0
        t0 = time.perf_counter()
        dask = simulate(players=4, games=args.games, bots=bots, seed=args.seed, executor=ex, workers=args.workers,
                        chunk_size=args.chunk_size, progress=False)
        t_dask = time.perf_counter() - t0
    same = dask.to_json(timing=False) == serial.to_json(timing=False)
    print(f"dask ({args.scheduler or f'LocalCluster {args.workers} workers'}): {t_dask:.1f} s "
          f"({args.games / t_dask:.0f} games/s), cluster start {t_start:.1f} s; speed-up {t_serial / t_dask:.2f}x; "
          f"identical results: {same}", flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"games": args.games, "workers": args.workers, "serial_s": t_serial, "dask_s": t_dask,
                       "cluster_start_s": t_start, "speedup": t_serial / t_dask, "identical": same,
                       "greedy_summary": serial.summary}, f, indent=1)
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
