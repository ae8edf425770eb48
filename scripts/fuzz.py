#!/usr/bin/env python
"""Run the engine fuzzer (``evo_lab.games.evo2e.fuzz``) over many seeded random games and print a summary.

    python scripts/fuzz.py --games 10000            # 2-5 players in turn, every 10th game with all 12 uniques
    python scripts/fuzz.py --games 500 --workers 1 --json-every 1

Each game checks every invariant after every action, the JSON round-trip of every ``--json-every``-th state
and the replay of its record. Failures are printed with their seed and written to ``--failures`` as
replayable records. Exit status 1 if any game failed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

from evo_lab.games.evo2e.fuzz import fuzz_chunk
from evo_lab.core.atomic import atomic_write_text
from evo_lab.parallel import map_chunks


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0, help="first seed; game i uses seed + i")
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--json-every", type=int, default=1, help="JSON round-trip every Nth state (0: never)")
    ap.add_argument(
        "--all-uniques-every",
        type=int,
        default=10,
        help="every Nth game uses a pack with all 12 unique genes in the bag (0: never)",
    )
    ap.add_argument(
        "--failures",
        default="fuzz-failures/evo2e.json",
        help="where failures are written (fuzz-failures/ is git-ignored)",
    )
    ap.add_argument("--no-progress", action="store_true")
    args = ap.parse_args(argv)
    items = [
        (
            2 + i % 4,
            args.seed + i,
            bool(args.all_uniques_every) and i % args.all_uniques_every == 0,
            args.json_every,
        )
        for i in range(args.games)
    ]
    t0 = time.time()
    rows = map_chunks(
        fuzz_chunk, items, workers=args.workers, chunk_size=25, progress=not args.no_progress, desc="fuzz"
    )
    dt = time.time() - t0
    ok = [r for r in rows if r["ok"]]
    bad = [r for r in rows if not r["ok"]]
    uniques, cards, nodes, rounds, per = set(), set(), Counter(), Counter(), Counter()
    for r in ok:
        uniques.update(r["uniques"])
        cards.update(r["cards"])
        nodes.update(r["nodes"])
        rounds[r["rounds"]] += 1
        per[r["players"]] += 1
    actions = sum(r["actions"] for r in ok)
    states = sum(r["states"] for r in ok)
    print(
        f"evo-lab fuzz: {len(rows)} games (seeds {args.seed}..{args.seed + args.games - 1}), "
        f"{sum(1 for r in rows if r['all_uniques'])} with all 12 unique genes, JSON every {args.json_every} state(s)"
    )
    print(f"  passed {len(ok)}, failed {len(bad)}; {actions} actions, {states} states checked in {dt:.0f} s")
    print(
        f"  games per player count: {dict(sorted(per.items()))}; rounds played: {dict(sorted(rounds.items()))}"
    )
    print(f"  unique genes won: {len(uniques)}/12; event cards played: {sorted(cards)}")
    print(f"  nodes reached: {dict(sorted(nodes.items()))}")
    if bad:
        for r in bad[:10]:
            print(
                f"  FAIL players={r['players']} seed={r['seed']} all_uniques={r['all_uniques']}: {r['error']}"
            )
        Path(args.failures).parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(args.failures, json.dumps(bad))
        print(f"  failures written to {args.failures}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
