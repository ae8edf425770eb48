"""``evo-lab board``: show, draw, generate, load and save boards.

>>> from evo_lab.cli import main
>>> main(["board", "--players", "2"])  # doctest: +ELLIPSIS
Board standard-2p: 26 spaces, 2 players (reconstructed, not the printed board)
...
0
"""

from __future__ import annotations

import argparse
import sys

from evo_lab.games.evo2e.board import TERRAINS, Board, BoardError

from .argtypes import non_negative_int, positive_int


def add_parser(subparsers) -> None:
    """Add the ``board`` subcommand to an argparse subparsers object."""
    p = subparsers.add_parser(
        "board",
        help="show, draw (SVG), generate, load or save a board",
        description="Print a summary of a board, or write it as SVG (--svg) or as a board file (--json). "
        "Default: the shipped reconstructed board for --players.",
    )
    p.add_argument("--players", type=positive_int, default=4, help="number of players, 2..5 (default 4)")
    src = p.add_mutually_exclusive_group()
    src.add_argument(
        "--generate", action="store_true", help="a procedural island instead of the shipped board"
    )
    src.add_argument("--load", metavar="FILE", help="load a user board file (JSON, see docs/boards.md)")
    p.add_argument(
        "--seed",
        type=non_negative_int,
        default=None,
        help="seed for --generate (default: random, shown in the name)",
    )
    p.add_argument("--size", type=positive_int, default=None, help="number of spaces for --generate")
    p.add_argument("--svg", metavar="FILE", help="write an SVG picture of the board")
    p.add_argument("--json", metavar="FILE", help="write the board file (JSON)")
    p.add_argument("--no-labels", action="store_true", help="omit space labels in the SVG")
    p.set_defaults(func=run)


def summary(board: Board) -> str:
    """A plain-text summary: spaces, terrain shares, coastal count, start areas."""
    tag = " (reconstructed, not the printed board)" if board.reconstructed else ""
    lines = [f"Board {board.name}: {board.n} spaces, {board.players} players{tag}"]
    counts = board.terrain_counts()
    lines.append("terrain: " + ", ".join(f"{t} {counts[t]} ({counts[t] / board.n:.0%})" for t in TERRAINS))
    lines.append(f"coastal: {sum(board.coastal)} of {board.n}")
    for seat, (a, b) in enumerate(board.start_areas):
        lines.append(
            f"start areas, player {seat + 1}: {board.label(a)} ({board.terrain[a]}), "
            f"{board.label(b)} ({board.terrain[b]})"
        )
    src = board.provenance.get("source")
    if src:
        lines.append(f"provenance: {board.provenance.get('confidence', '?')}: {src}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Run ``evo-lab board``; returns the exit code (0 ok, 2 bad board or arguments)."""
    try:
        if args.load:
            board = Board.load(args.load)
        elif args.generate:
            board = Board.generate(args.players, size=args.size, seed=args.seed)
        else:
            if args.seed is not None or args.size is not None:
                print("evo-lab board: --seed/--size need --generate", file=sys.stderr)
                return 2
            board = Board.standard(args.players)
    except BoardError as e:
        print(f"evo-lab board: {e}", file=sys.stderr)
        return 2
    wrote = False
    try:
        if args.svg:
            from ..core.atomic import atomic_write_text

            atomic_write_text(args.svg, board.to_svg(labels=not args.no_labels))
            print(f"wrote {args.svg}")
            wrote = True
        if args.json:
            board.save(args.json)
            print(f"wrote {args.json}")
            wrote = True
    except OSError as e:
        print(f"evo-lab board: cannot write: {e}", file=sys.stderr)
        return 1
    if not wrote:
        print(summary(board))
    return 0


if __name__ == "__main__":  # pragma: no cover
    from evo_lab.cli import main

    raise SystemExit(main(["board", *sys.argv[1:]]))
