"""``evo-lab tournament``: a classroom tournament between bots from files, the registry, commands and the network.

    evo-lab tournament --game origin --bots students/*.py builtin:greedy builtin:ismcts --games 200 --seed 7 \\
        --out results/ [--format round-robin|swiss] [--players 2] [--scheduler serial|processes|dask|dask://H:P]

See ``docs/tournaments.md`` (the set-up, reading the leaderboard) and ``docs/remote.md`` (players in any language).

>>> import tempfile
>>> from evo_lab.cli import main
>>> with tempfile.TemporaryDirectory() as d:
...     main(["tournament", "--game", "origin", "--bots", "builtin:greedy", "builtin:random", "--games", "4",
...           "--bootstrap", "20", "--no-progress", "--out", d])  # doctest: +ELLIPSIS
 # bot ...
...
 1 greedy ...
...
4 games of origin at 2-seat tables (round-robin), seed 0; 0 faults; a faulted bot loses
won alone: outright wins (95% Wilson interval); first: first places, outright or shared
wrote .../leaderboard.html
0
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path


def add_parser(sub: argparse._SubParsersAction) -> None:
    from .simulate import kit_games

    p = sub.add_parser(
        "tournament",
        help="a classroom tournament: bots from files, commands or the network; ratings; faults survived",
        description="Pair the --bots (round-robin or Swiss, seats rotated, seeded), play --games games with each "
        "Python bot file in its own process (time and memory limits: a bot that raises, hangs, answers "
        "an illegal action, breaks the protocol or dies loses that game), and print the leaderboard "
        "(ratings and win rates with 95%% intervals). --out DIR keeps every record, the fault log and "
        "the leaderboard in CSV and HTML. Results are identical for every --scheduler.",
    )
    p.add_argument("--game", default="origin", choices=kit_games(), help="the game (default origin)")
    p.add_argument(
        "--bots",
        nargs="+",
        required=True,
        metavar="SPEC",
        help="bots: FILE.py, FILE.py:Class, module:Class, builtin:NAME[:key=value,...], tcp:HOST:PORT, "
        "cmd:'COMMAND' (docs/tournaments.md)",
    )
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=0, help="root seed (default 0)")
    p.add_argument(
        "--players", type=int, default=None, help="seats per table (default 2, or the game's minimum)"
    )
    p.add_argument("--format", choices=["round-robin", "swiss"], default="round-robin", help="pairings")
    p.add_argument("--out", metavar="DIR", help="write records, faults and the leaderboard (CSV, HTML) here")
    p.add_argument(
        "--scheduler",
        default="serial",
        metavar="SCHEDULER",
        help="serial (default), processes, dask (a local cluster) or dask://HOST:PORT",
    )
    p.add_argument(
        "--workers", type=int, default=None, help="worker processes (default: the CPU count, max 8)"
    )
    p.add_argument(
        "--time-limit",
        type=float,
        default=2.0,
        help="seconds per decision of a sandboxed or remote bot (default 2)",
    )
    p.add_argument("--start-time-limit", type=float, default=30.0, help="seconds to start a bot (default 30)")
    p.add_argument(
        "--memory-mb",
        type=int,
        default=2048,
        help="memory limit of a bot's process in MiB (default 2048; 0: none)",
    )
    p.add_argument(
        "--on-fault",
        choices=["loses", "random"],
        default="loses",
        help="a faulted bot loses the game (default) or a random bot's result stands for it",
    )
    p.add_argument(
        "--in-process",
        action="store_true",
        help="run Python bot files inside the tournament's processes (trusted code: no limits)",
    )
    p.add_argument("--bootstrap", type=int, default=200, help="bootstrap resamples of the rating intervals")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def _command(args: argparse.Namespace) -> str:
    """The command that replays the tournament (the scheduler and the output folder do not change results)."""
    words = [
        "evo-lab",
        "tournament",
        "--game",
        args.game,
        "--bots",
        *args.bots,
        "--games",
        str(args.games),
        "--seed",
        str(args.seed),
        "--format",
        args.format,
    ]
    if args.players is not None:
        words += ["--players", str(args.players)]
    if args.on_fault != "loses":
        words += ["--on-fault", args.on_fault]
    return shlex.join(words)


def _prepare_out(out: str) -> Path:
    """The output folder: new, empty, or an earlier tournament's (whose records are removed first)."""
    path = Path(out)
    if path.exists() and not path.is_dir():
        raise ValueError(f"--out {out}: is a file, not a folder")
    if path.is_dir() and any(path.iterdir()):
        if not (path / "tournament.json").exists():
            raise ValueError(f"--out {out}: the folder is not empty and holds no earlier tournament")
        for f in (path / "records").glob("game-*.json"):
            f.unlink()
    (path / "logs").mkdir(parents=True, exist_ok=True)
    return path


def run(args: argparse.Namespace) -> int:
    from ..tournament.report import write_report
    from ..tournament.runner import run_tournament
    from ..tournament.sandbox import Limits

    if args.workers is not None and args.workers < 1:
        raise ValueError(f"--workers must be at least 1, got {args.workers}")
    limits = Limits(
        time_limit=args.time_limit, start_time_limit=args.start_time_limit, memory_mb=args.memory_mb or None
    )
    out = _prepare_out(args.out) if args.out else None
    result = run_tournament(
        args.game,
        args.bots,
        games=args.games,
        seed=args.seed,
        players=args.players,
        format=args.format,
        scheduler=args.scheduler,
        workers=args.workers,
        limits=limits,
        on_fault=args.on_fault,
        isolate=not args.in_process,
        progress=not args.no_progress,
        log_dir=str(out / "logs") if out else None,
        bootstrap=args.bootstrap,
    )
    print(result.table())
    if not args.no_progress:
        print(
            f"time: {result.timing['seconds']:.1f} s (scheduler {result.timing['scheduler']})",
            file=sys.stderr,
        )
    if out is not None:
        write_report(result, out, command=_command(args))
        print(f"wrote {out / 'leaderboard.html'}")
    return 0
