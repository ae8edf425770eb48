"""``evo-lab bench``: speed figures of the engine, the odds and the simulations."""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import math
import platform

SECTIONS = ["engine", "odds", "sim", "theory"]
#: ``--game``: the benchmark sections of each game (a module ``evo_lab.benchmarks.<section>`` with ``run(quick)``).
#: ``--game all``: every game's engine speed beside python-chess, in one run (the ratios side by side).
GAME_SECTIONS = {
    "evo2e": SECTIONS,
    "evolution": ["evolution"],
    "origin": ["origin"],
    "all": ["engine", "evolution", "origin"],
}


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "bench",
        help="print speed figures (engine, odds, simulation)",
        description="Measure evo-lab's speed on this machine and print the figures with their targets.",
    )
    p.add_argument(
        "--section",
        action="append",
        choices=[*SECTIONS, "analysis"],
        help="run only these sections (repeatable; analysis: the analysis board, not in the default run)",
    )
    p.add_argument(
        "--game",
        choices=sorted(GAME_SECTIONS),
        default="evo2e",
        help="which game's figures (evolution: North Star's Evolution, origin: Evolution: The Origin of "
        "Species; each beside python-chess; all: the three engines' ratios to python-chess in one "
        "run)",
    )
    p.add_argument("--quick", action="store_true", help="small samples (seconds, for smoke tests)")
    p.add_argument("--json", action="store_true", help="print JSON rows instead of a table")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    rows = []
    for sec in args.section or GAME_SECTIONS[args.game]:
        if importlib.util.find_spec(f"evo_lab.benchmarks.{sec}") is None:
            continue
        mod = importlib.import_module(f"evo_lab.benchmarks.{sec}")
        for r in mod.run(quick=args.quick):
            rows.append({"section": sec, **r})
    if args.json:
        print(
            json.dumps(
                {
                    "machine": f"{platform.python_implementation()} {platform.python_version()}, "
                    f"{platform.machine()}",
                    "quick": args.quick,
                    "rows": rows,
                },
                indent=1,
                default=lambda x: None if isinstance(x, float) and math.isnan(x) else str(x),
            )
        )
        return 0
    w = max(len(r["name"]) for r in rows) if rows else 10
    print(
        f"evo-lab bench ({'quick' if args.quick else 'full'}; Python {platform.python_version()}, one core)"
    )
    cur = None
    for r in rows:
        if r["section"] != cur:
            cur = r["section"]
            print(f"\n[{cur}]")
        v = r["value"]
        val = (
            "n/a"
            if isinstance(v, float) and math.isnan(v)
            else (f"{v:,.0f}" if abs(v) >= 100 else f"{v:,.3g}")
        )
        tgt = f"  target {r['target']}" if r.get("target") else ""
        note = f"  ({r['note']})" if r.get("note") else ""
        print(f"  {r['name']:<{w}}  {val:>12} {r['unit']}{tgt}{note}")
    return 0
