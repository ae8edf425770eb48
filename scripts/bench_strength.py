"""Playing strength, measured (a benchmark script, not a test).

    .venv/bin/python scripts/bench_strength.py [--quick] [--workers 2] [--iterations 100] [--json FILE]

1. greedy against 3 random players, 400 games (target: win rate >= 60%; baseline 25%);
2. ismcts (``--iterations`` per decision, lite rollouts, 1-round cutoff) against 3 greedy players, 200 games
   (target > 25%, ideally >= 40%).

Outright wins and first places (outright or shared) are whole counts, each with its 95% Wilson interval; the
share of first places counts a shared first 1/k. Seeds are fixed, so a rerun gives the same
numbers whatever ``--workers``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from evo_lab.core.atomic import atomic_write_text
from evo_lab.sim import simulate


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="40 and 8 games instead of 400 and 200")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--iterations", type=int, default=100)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--json", metavar="FILE")
    args = ap.parse_args(argv)
    n1, n2 = (40, 8) if args.quick else (400, 200)
    out = {}
    for key, bots, games, target in [
        ("greedy_vs_3_random", ("greedy", "random", "random", "random"), n1, 0.60),
        (
            f"ismcts{args.iterations}_vs_3_greedy",
            ({"bot": "ismcts", "iterations": args.iterations}, "greedy", "greedy", "greedy"),
            n2,
            0.40,
        ),
    ]:
        t0 = time.perf_counter()
        r = simulate(
            players=4, games=games, bots=bots, seed=args.seed, executor="process", workers=args.workers
        )
        secs = time.perf_counter() - t0
        s = r.summary[0]
        out[key] = {
            "games": games,
            "win_rate": s["win_rate"],
            "interval": [s["win_low"], s["win_high"]],
            "first_rate": s["first_rate"],
            "first_interval": [s["first_low"], s["first_high"]],
            "share_rate": s["share_rate"],
            "mean_mp": s["mean_mp"],
            "opponents_mean_mp": r.summary[1]["mean_mp"],
            "target": target,
            "seconds": secs,
            "workers": args.workers,
            "seed": args.seed,
        }
        print(
            f"{key}: {games} games, outright win rate {s['win_rate']:.3f} (95% Wilson [{s['win_low']:.3f}, "
            f"{s['win_high']:.3f}]), first places {s['first_rate']:.3f} ([{s['first_low']:.3f}, "
            f"{s['first_high']:.3f}]), share {s['share_rate']:.3f}, mean MP {s['mean_mp']:.1f} vs {r.summary[1]['mean_mp']:.1f}; "
            f"target {target:.0%}; {secs:.0f} s on {args.workers} workers",
            flush=True,
        )
    if args.json:
        atomic_write_text(args.json, json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
