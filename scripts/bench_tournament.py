"""A classroom tournament at scale, measured: 500 games of 6 bots (two faulty), every game accounted for, and the
cost of a decision of a sandboxed bot against the same bot in the tournament's own process.

    .venv/bin/python scripts/bench_tournament.py [--games 500] [--seed 1] [--scheduler processes] [--json FILE]

Part 1 plays ``--games`` games of Origin (the fastest two-player game with cheap bots) at two-seat tables,
round-robin, among two sandboxed bot files (``examples/student_bot.py``, a seeded random bot), two builtin bots
(``random``, ``greedy``) and two faulty bot files: one raises at its second decision of every game (its process
lives on), one exits at its second decision (its process is started again for its next game). It checks that
every game is in the result, that every record replays to the end of its game, and that each faulty bot has one
fault in each game it played; then it prints the wall time and the time per decision of each bot.

Part 2 plays the same ``--overhead-games`` games of ``examples/student_bot.py`` (a quiet seeded bot file) against
``random``
twice, once with the file in the tournament's process (``isolate=False``) and once in its sandbox, plus the
example remote client over stdin/stdout, and reports the time per decision of each: the difference is the
sandbox's overhead per decision (the observation and the legal actions to JSON, two pipe transfers, the answer
parsed and checked). The games are identical (the same seeds): the script checks that too.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

import evo_lab
from evo_lab.tournament.runner import run_tournament
from evo_lab.tournament.sandbox import Limits

ROOT = Path(__file__).resolve().parents[1]
BOTS = ROOT / "tests" / "tournament" / "bots"


def part1(games: int, seed: int, scheduler: str, workers: int | None) -> dict:
    lineup = [
        str(ROOT / "examples" / "student_bot.py"),
        str(BOTS / "clean.py"),
        "builtin:random",
        "builtin:greedy",
        str(BOTS / "raises.py"),
        str(BOTS / "crashes.py"),
    ]
    t0 = time.perf_counter()
    r = run_tournament(
        "origin",
        lineup,
        games=games,
        seed=seed,
        scheduler=scheduler,
        workers=workers,
        limits=Limits(time_limit=2.0, memory_mb=1024),
        bootstrap=200,
        progress=sys.stderr.isatty(),
    )
    secs = time.perf_counter() - t0
    assert [g["game"] for g in r.games] == list(range(games)), "a game is missing"
    for rec, g in zip(r.records, r.games):
        end = evo_lab.load_record(rec)
        assert end.is_terminal() and len(end.history()) == g["plies"], f"game {g['game']} does not replay"
    for faulty, kind in ((4, "raised"), (5, "crashed")):
        played = {g["game"] for g in r.games if faulty in g["table"]}
        faults = [f for f in r.faults if f["entrant"] == faulty]
        assert {f["game"] for f in faults} == played and {f["kind"] for f in faults} == {kind}, faulty
    print(r.table())
    decisions = sum(v["decisions"] for v in r.timing["per_bot"].values())
    print(
        f"\n{games} games, all accounted for and replayed; {len(r.faults)} faults; {secs:.1f} s wall "
        f"({scheduler}, {r.timing['workers']} workers), {decisions} decisions asked"
    )
    for name, v in r.timing["per_bot"].items():
        print(f"  {name:<12} {v['decisions']:>7} decisions  {v['ms_per_decision']:.3f} ms per decision")
    return {
        "games": games,
        "seconds": secs,
        "faults": len(r.faults),
        "decisions": decisions,
        "per_bot": r.timing["per_bot"],
        "leaderboard": r.leaderboard(),
    }


def part2(games: int, seed: int) -> dict:
    student = str(ROOT / "examples" / "student_bot.py")
    runs = {}
    for label, spec, isolate in (
        ("in process", student, False),
        ("sandboxed (pipes)", student, True),
        ("remote, stdin/stdout", f"cmd:{sys.executable} {ROOT / 'examples' / 'remote_bot.py'}", True),
    ):
        t0 = time.perf_counter()
        r = run_tournament(
            "origin",
            [spec, "builtin:random"],
            games=games,
            seed=seed,
            isolate=isolate,
            progress=False,
            bootstrap=0,
        )
        runs[label] = (r, time.perf_counter() - t0)
    inproc, sandboxed = runs["in process"][0], runs["sandboxed (pipes)"][0]
    assert inproc.records == sandboxed.records, "the sandbox changed the games"
    out = {}
    base = next(iter(inproc.timing["per_bot"].values()))["ms_per_decision"]
    print(
        f"\nper decision of a bot file against random, {games} games of Origin (the same games in each run):"
    )
    for label, (r, secs) in runs.items():
        v = next(iter(r.timing["per_bot"].values()))
        out[label] = {"decisions": v["decisions"], "ms_per_decision": v["ms_per_decision"], "seconds": secs}
        print(
            f"  {label:<22} {v['ms_per_decision']:.3f} ms per decision ({v['decisions']} decisions; "
            f"overhead {v['ms_per_decision'] - base:+.3f} ms; run {secs:.1f} s)"
        )
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--overhead-games", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--scheduler", default="processes")
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--json", metavar="FILE")
    args = ap.parse_args(argv)
    print(f"Python {platform.python_version()}, {platform.machine()}")
    res = {
        "part1": part1(args.games, args.seed, args.scheduler, args.workers),
        "part2": part2(args.overhead_games, args.seed),
    }
    if args.json:
        Path(args.json).write_text(json.dumps(res, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
