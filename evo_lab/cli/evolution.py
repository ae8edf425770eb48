"""``evo-lab evolution``: North Star's Evolution tools.

* ``evo-lab evolution harness NAME`` runs one of the NEU course's JSON test harnesses (xattack, xfeed, xstep,
  xstep4, xsilly) on ONE JSON value read from stdin and prints the expected JSON (or nothing). Malformed input:
  a one-line error naming the field, exit code 2.
* ``evo-lab evolution serve --port P`` is the course's dealer (the course's remote protocol, docs/remote.md):
  players sign up over TCP, a game is played, each player's score is printed (exit 0).
* ``evo-lab evolution play --port P --bot NAME`` signs an evo-lab bot up at a course dealer and plays.
"""

from __future__ import annotations

import argparse
import json
import sys

NAMES = ("xattack", "xfeed", "xstep", "xstep4", "xsilly")


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "evolution",
        help="North Star's Evolution: the course-2016 JSON harnesses",
        description="Evolution (North Star Games) tools.",
    )
    s = p.add_subparsers(dest="evolution_command", required=True, metavar="SUBCOMMAND")
    h = s.add_parser(
        "harness",
        help="run a course JSON harness on stdin",
        description="Read one JSON value on stdin, print the harness's JSON answer (or nothing).",
    )
    h.add_argument("name", choices=NAMES)
    h.set_defaults(func=run_harness)
    from .evolution_remote import add_remote_parsers

    add_remote_parsers(s)


def _read_one(text: str) -> object:
    """Exactly one JSON value (surrounding whitespace allowed), size and nesting checked before parsing."""
    from ..games.evolution.course.harness import read_input

    return read_input(text, "<stdin>")


def run_harness(args: argparse.Namespace) -> int:
    from ..core.errors import FormatError
    from ..games.evolution.course.harness import run

    try:
        value = _read_one(sys.stdin.read())
        out = run(args.name, value)
    except (FormatError, ValueError) as e:
        print(f"evo-lab evolution harness {args.name}: error: {e}".replace("\n", " "), file=sys.stderr)
        return 2
    if out is not None:
        print(json.dumps(out))
    return 0
