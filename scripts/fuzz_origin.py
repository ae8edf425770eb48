#!/usr/bin/env python
"""Fuzz *Evolution: The Origin of Species*: many seeded random games, every invariant at every node.

    python scripts/fuzz_origin.py --games 10000 --workers 2      # 2, 3 and 4 players in turn (--players to change)
    python scripts/fuzz_origin.py --games 200 --players 2,3,4,5,6,7,8 --json-every 1

Each game (``evo_lab.games.origin.fuzz.fuzz_game``) checks ``state.check_invariants()`` after every action, exact
chance, action strings, the JSON round trip of every ``--json-every``-th state, the dense codec, and the replay of
its record; every fifth game plays non-default rule options. Failures are printed with their seed and written to
``--failures``. Exit status 1 if any game failed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

from evo_lab.core.atomic import atomic_write_text
from evo_lab.games.origin.fuzz import fuzz_chunk
from evo_lab.parallel import map_chunks


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0, help="first seed; game i uses seed + i")
    ap.add_argument("--players", default="2,3,4", help="player counts, used in turn")
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--json-every", type=int, default=7, help="JSON round trip every Nth state (0: never)")
    ap.add_argument(
        "--text-every", type=int, default=3, help="text round trip of every legal action at every Nth node"
    )
    ap.add_argument(
        "--codec-every", type=int, default=11, help="dense-code round trip at every Nth node (0: never)"
    )
    ap.add_argument(
        "--failures",
        default="fuzz-failures/origin.json",
        help="where failures are written (fuzz-failures/ is git-ignored)",
    )
    ap.add_argument("--no-progress", action="store_true")
    args = ap.parse_args(argv)
    counts = [int(x) for x in args.players.split(",")]
    items = [
        (counts[i % len(counts)], args.seed + i, args.json_every, args.text_every, args.codec_every)
        for i in range(args.games)
    ]
    t0 = time.time()
    rows = map_chunks(
        fuzz_chunk,
        items,
        workers=args.workers,
        chunk_size=25,
        progress=not args.no_progress,
        desc="fuzz origin",
    )
    dt = time.time() - t0
    ok = [r for r in rows if r["ok"]]
    bad = [r for r in rows if not r["ok"]]
    nodes, kinds, turns, per = Counter(), Counter(), Counter(), Counter()
    for r in ok:
        nodes.update(r["nodes"])
        kinds.update(r["kinds"])
        turns[r["turns"]] += 1
        per[r["players"]] += 1
    actions = sum(r["actions"] for r in ok)
    longest = max((r["actions"] for r in ok), default=0)
    print(
        f"origin fuzz: {len(rows)} games (seeds {args.seed}..{args.seed + args.games - 1}), players {counts}, "
        f"{sum(1 for r in rows if r['options'])} with non-default rule options; checks: invariants at every node, "
        f"JSON every {args.json_every}, text every {args.text_every}, codes every {args.codec_every} nodes"
    )
    print(
        f"  passed {len(ok)}, failed {len(bad)}; {actions} actions ({longest} in the longest game) in {dt:.0f} s"
    )
    print(f"  games per player count: {dict(sorted(per.items()))}; turns: {dict(sorted(turns.items()))}")
    print(f"  nodes: {dict(sorted(nodes.items()))}")
    print(f"  decisions: {dict(sorted(kinds.items()))}")
    if bad:
        for r in bad[:10]:
            print(f"  FAIL players={r['players']} seed={r['seed']} options={r['options']}: {r['error']}")
        Path(args.failures).parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(args.failures, json.dumps(bad, indent=1))
        print(f"  failures written to {args.failures}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
