"""evo-lab command line: ``evo-lab <command> ...``.

Commands: ``demo`` (a seeded game told round by round), ``board`` (draw or inspect a board), ``odds``
(exact combat and climate odds), ``simulate`` (tournaments between bots), ``tournament`` (classroom
tournaments: bots from files, commands and the network, faults survived, a leaderboard), ``bench`` (speed figures),
``lab`` (open JupyterLab on the tour notebook). Each command lives in its own module here and registers
itself through ``add_parser(subparsers)``.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
from typing import NoReturn

from ..core.errors import EvoLabError

#: Command modules, in the order ``evo-lab --help`` lists them.
MODULES = ["demo", "board", "odds", "simulate", "tournament", "bench", "lab", "evolution", "analyse"]


def available_modules() -> list[str]:
    return [m for m in MODULES if importlib.util.find_spec(f"evo_lab.cli.{m}") is not None]


def os_error_text(e: OSError) -> str:
    """``FileNotFoundError`` -> ``"x.json: no such file"`` (the file named, no ``[Errno 2]``).

    >>> os_error_text(FileNotFoundError(2, "No such file or directory", "x.json"))
    'x.json: no such file'
    """
    what = {
        FileNotFoundError: "no such file",
        IsADirectoryError: "is a folder, not a file",
        PermissionError: "permission denied",
    }.get(type(e), (e.strerror or str(e)).lower())
    return f"{e.filename}: {what}" if e.filename else what


def check_writable(path: str, option: str) -> None:
    """Fail at once (before any long run) when ``path`` cannot be written: its folder must exist."""
    import os

    if path in (None, "-"):
        return
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise ValueError(f"{option} {path}: the folder {folder} does not exist")
    if os.path.isdir(path):
        raise ValueError(f"{option} {path}: is a folder, not a file")
    if not os.access(folder, os.W_OK):
        raise ValueError(f"{option} {path}: the folder {folder} is not writable")


class EvoArgumentParser(argparse.ArgumentParser):
    """argparse with the error line first: ``evo-lab demo: error: --seed: expected a non-negative integer, got
    -1``, then one line pointing to ``--help`` (not the whole usage before the error). Its subcommands' parsers
    are of this class too (argparse makes them of the parent's class).

    >>> build_parser().parse_args(["demo", "--seed", "-1"])
    Traceback (most recent call last):
    ...
    SystemExit: 2
    """

    def error(self, message: str) -> NoReturn:
        message = message.removeprefix("argument ")  # "argument --seed: ..." -> "--seed: ..."
        self.exit(2, f"{self.prog}: error: {message}\n(see '{self.prog} --help' for the options)\n")


def build_parser() -> argparse.ArgumentParser:
    from .. import __version__

    parser = EvoArgumentParser(
        prog="evo-lab", description="A kit for teaching and exploring Evo (2nd edition)."
    )
    parser.add_argument("--version", action="version", version=f"evo-lab {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for m in available_modules():
        importlib.import_module(f"evo_lab.cli.{m}").add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except BrokenPipeError:  # e.g. piped into head
        return 0
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except OSError as e:  # a file that is missing or cannot be read or written: name it, no errno
        print(f"evo-lab {args.command}: error: {os_error_text(e)}", file=sys.stderr)
        return 2
    except (ValueError, EvoLabError) as e:  # evo-lab's typed errors (and bad values): one plain line
        print(f"evo-lab {args.command}: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
