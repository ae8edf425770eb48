#!/usr/bin/env python
"""Fuzz Evolution: seeded random games of every variant, every invariant at every node, JSON round trips.

    python scripts/fuzz_evolution.py --games 10000 --workers 2
    python scripts/fuzz_evolution.py --games 300 --variant course2016 --json-every 5

Game i uses seed ``--seed + i``, cycles through the variants (official, climate, course2016) and their player
counts (2-6, 2-6, 3-8). Exit status 1 if any game failed (each failure is printed with its variant, players and
seed, which replay it exactly, and written to ``--failures``, under the git-ignored ``fuzz-failures/``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

from evo_lab.games.evolution.fuzz import PLAYERS, fuzz_chunk
from evo_lab.parallel import map_chunks


def plan(games: int, seed: int, variants: list[str], json_every: int) -> list[tuple]:
    items = []
    for i in range(games):
        v = variants[i % len(variants)]
        lo, hi = PLAYERS[v]
        n = lo + (i // len(variants)) % (hi - lo + 1)
        items.append((v, n, seed + i, json_every))
    return items


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--variant", action="append", choices=sorted(PLAYERS), help="only these variants")
    ap.add_argument("--json-every", type=int, default=1, help="JSON round trip every Nth state (0: never)")
    ap.add_argument("--no-progress", action="store_true")
    ap.add_argument(
        "--failures",
        default="fuzz-failures/evolution.json",
        help="where failures are written (fuzz-failures/ is git-ignored)",
    )
    args = ap.parse_args(argv)
    variants = args.variant or ["official", "climate", "course2016"]
    items = plan(args.games, args.seed, variants, args.json_every)
    t0 = time.time()
    rows = map_chunks(
        fuzz_chunk,
        items,
        workers=args.workers,
        chunk_size=20,
        progress=not args.no_progress,
        desc="fuzz evolution",
    )
    dt = time.time() - t0
    bad = [r for r in rows if not r["ok"]]
    per = Counter((r["variant"], r["players"]) for r in rows)
    rounds = Counter(r["rounds"] for r in rows if r["ok"])
    print(
        f"evolution fuzz: {len(rows)} games (seeds {args.seed}..{args.seed + args.games - 1}), "
        f"JSON every {args.json_every} state(s), {dt:.0f} s"
    )
    print(
        f"  passed {len(rows) - len(bad)}, failed {len(bad)}; {sum(r['actions'] for r in rows)} actions, "
        f"{sum(r['states'] for r in rows)} JSON round trips, {sum(r['chance'] for r in rows)} chance nodes"
    )
    print(f"  games per (variant, players): {dict(sorted(per.items()))}")
    print(f"  rounds: {dict(sorted(rounds.items()))}")
    for r in bad[:20]:
        print(f"  FAIL {r['variant']} players={r['players']} seed={r['seed']}: {r['error']}")
    if bad:
        Path(args.failures).parent.mkdir(parents=True, exist_ok=True)
        with open(args.failures, "w", encoding="utf-8") as f:
            json.dump(bad, f, indent=1)
        print(f"  failures written to {args.failures}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
