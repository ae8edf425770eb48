"""``evo-lab simulate``: a seeded tournament between bots, on one core, a process pool or Dask.

>>> from evo_lab.cli import main
>>> main(["simulate", "--players", "2", "--games", "4", "--bots", "greedy,random", "--seed", "1",
...       "--no-progress"])  # doctest: +ELLIPSIS
bot           seats  won alone     95% interval  first     95% interval  share  mean MP  dinos  place
...
4 games, 2 players, seed 1; mean game length ... rounds; a fair seat's share 0.500
0
>>> main(["simulate", "--game", "origin", "--players", "3", "--games", "3", "--bots", "greedy,random,random",
...       "--no-progress"])  # doctest: +ELLIPSIS
bot           seats  won alone     95% interval  first     95% interval  share   score animals traits  place
...
3 games, 3 players, seed 0; mean game length ... turns; a fair seat's share 0.333
0
"""

from __future__ import annotations

import argparse
import sys

from ..games.evo2e.board import Board
from ..sim import SimulationError, simulate
from .argtypes import non_negative_int, positive_int


def add_parser(subparsers) -> None:
    """Add the ``simulate`` subcommand."""
    p = subparsers.add_parser(
        "simulate",
        help="a seeded tournament between bots (random, greedy, ismcts, ...) of any game",
        description="Play --games seeded games among --bots (one per seat, rotated every game so each bot sits "
        "in each seat equally often) and print outright wins and first places with 95% Wilson "
        "intervals and the share of first places. Any --game with "
        "its own bots; results are identical for any --executor and --workers.",
    )
    p.add_argument(
        "--game",
        default="evo2e",
        choices=kit_games(),
        help="the game (default evo2e; evolution, evolution-climate, evolution-course2016, origin)",
    )
    p.add_argument(
        "--players",
        type=positive_int,
        default=None,
        help="players per game (default 4, or the game's minimum if larger; evo2e 2..5, evolution 2..6, "
        "origin 2..8)",
    )
    p.add_argument("--games", type=positive_int, default=100, help="number of games (default 100)")
    p.add_argument(
        "--bots",
        default=None,
        help="comma-separated bots, one per seat (default: greedy then random for the other seats)",
    )
    p.add_argument("--seed", type=non_negative_int, default=0, help="root seed (default 0)")
    p.add_argument(
        "--workers", type=int, default=None, help="worker processes (default: the CPU count, max 8)"
    )
    p.add_argument(
        "--executor",
        choices=["auto", "serial", "process", "dask"],
        default="auto",
        help="auto (serial for small runs, else processes), serial, process or dask",
    )
    p.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="Dask scheduler address (with --executor dask); default: start a local cluster of --workers",
    )
    p.add_argument(
        "--board",
        default=None,
        metavar="FILE",
        help="an Evo 2e board file (default: the standard board; evo2e only)",
    )
    p.add_argument(
        "--iterations", type=positive_int, default=None, help="ismcts iterations per decision (default 200)"
    )
    p.add_argument(
        "--time-budget", type=float, default=None, help="ismcts seconds per decision (not reproducible)"
    )
    out = p.add_mutually_exclusive_group()
    out.add_argument(
        "--json", metavar="FILE", help="write summary and per-game rows as JSON ('-' for stdout)"
    )
    out.add_argument("--csv", metavar="FILE", help="write the per-game rows as CSV ('-' for stdout)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def kit_games() -> list[str]:
    """The registered games that tournaments can play (those with a kit module)."""
    from ..core.registry import game_info, registered_games

    return [g for g in registered_games() if game_info(g).kit]


def _players(args: argparse.Namespace) -> None:
    """``--players``: given, or 4 clamped to the game's range; checked against the range."""
    from ..core.registry import game_info

    info = game_info(args.game)
    lo, hi = info.min_players, info.max_players
    if args.players is None:
        args.players = min(max(4, lo), hi)
    if not lo <= args.players <= hi:
        raise SimulationError(f"--players must be {lo}..{hi} for {args.game}, got {args.players}")


def _lineup(args: argparse.Namespace) -> list:
    names = (
        [b.strip() for b in args.bots.split(",") if b.strip()]
        if args.bots
        else ["greedy"] + ["random"] * (args.players - 1)
    )
    opts = {}
    if args.iterations is not None:
        opts["iterations"] = args.iterations
    if args.time_budget is not None:
        opts["time_budget"] = args.time_budget
        opts.setdefault("iterations", None)
    if opts and "ismcts" not in names:
        raise SimulationError("--iterations/--time-budget apply to ismcts bots, and --bots has none")
    return [{"bot": n, **opts} if n == "ismcts" and opts else n for n in names]


def _check(args: argparse.Namespace, lineup: list) -> None:
    """Every argument checked before the first game is played."""
    from ..bots import bot_names
    from . import check_writable

    if args.scheduler and args.executor != "dask":
        raise SimulationError("--scheduler needs --executor dask")
    if args.workers is not None and args.workers < 1:
        raise SimulationError(f"--workers must be at least 1, got {args.workers}")
    if args.games < 1:
        raise SimulationError(f"--games must be at least 1, got {args.games}")
    names = [b["bot"] if isinstance(b, dict) else b for b in lineup]
    known = bot_names(args.game)
    unknown = [n for n in names if n not in known]
    if unknown:
        raise SimulationError(
            f"unknown bot{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))}; "
            f"bots are: {', '.join(known)} (the bots of {args.game})"
        )
    if args.board and args.game != "evo2e":
        raise SimulationError(f"--board is Evo 2e's; {args.game} has no board")
    if len(names) != args.players:
        raise SimulationError(
            f"{args.players} players need {args.players} bots (one per seat) in --bots, "
            f"got {len(names)}: {', '.join(names)}"
        )
    check_writable(args.json, "--json")
    check_writable(args.csv, "--csv")


def run(args: argparse.Namespace) -> int:
    """Run ``evo-lab simulate``; 0 on success, 2 on bad arguments (the error says what was wrong)."""
    _players(args)
    lineup = _lineup(args)
    _check(args, lineup)
    board = Board.load(args.board) if args.board else None
    result = simulate(
        players=args.players,
        games=args.games,
        bots=lineup,
        seed=args.seed,
        board=board,
        executor=None if args.executor == "auto" else args.executor,
        workers=args.workers,
        progress=not args.no_progress,
        scheduler=args.scheduler,
        game=args.game,
    )
    if args.json == "-" or args.csv == "-":
        sys.stdout.write(result.to_json(indent=1) + "\n" if args.json else result.to_csv())
        return 0
    print(result.summary_table())
    t = result.timing
    if not args.no_progress:
        print(
            f"time: {t['seconds']:.2f} s ({t['games_per_second']:.1f} games/s, executor {t['executor']})",
            file=sys.stderr,
        )
    if args.json:
        from ..core.atomic import atomic_write_text

        atomic_write_text(args.json, result.to_json(indent=1))
        print(f"wrote {args.json}")
    if args.csv:
        result.to_csv(args.csv)
        print(f"wrote {args.csv}")
    return 0
