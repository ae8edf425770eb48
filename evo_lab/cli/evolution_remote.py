"""``evo-lab evolution serve`` and ``evo-lab evolution play``: the NEU course's remote protocol (homeworks 13/14)
for the course-2016 variant (docs/remote.md, "The course's protocol")."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..games.evolution.course.dealer import CoursePlayer, GameResult


def _positive(text: str) -> float:
    v = float(text)
    if not v > 0:
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, got {text}")
    return v


def add_remote_parsers(s: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``serve`` (the course's dealer) and ``play`` (an evo-lab bot as a remote player)."""
    _add_serve_parser(s)
    _add_play_parser(s)


def _add_serve_parser(s: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    d = s.add_parser(
        "serve",
        help="the course's dealer: sign players up over TCP and play a course-2016 game",
        description="The NEU course's (Spring 2016) dealer for its remote protocol: players sign up "
        "with a JSON string, then play; each player's score is printed.",
    )
    d.add_argument("--port", type=int, required=True, help="TCP port (0: any free port, printed on stderr)")
    d.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine)"
    )
    d.add_argument("--games", type=int, default=1, help="games to play, each with a new sign-up (default 1)")
    d.add_argument(
        "--players",
        type=int,
        help="start as soon as this many signed up (3-8; default: once 3 "
        "did, when no other comes within --wait seconds, or 8)",
    )
    d.add_argument(
        "--wait",
        type=_positive,
        default=10.0,
        help="seconds to wait for one more player once 3 signed up (default 10, as the course's server)",
    )
    d.add_argument(
        "--sign-up-window", type=_positive, help="close the sign-up after this many seconds anyway"
    )
    d.add_argument(
        "--sign-up-timeout",
        type=_positive,
        default=5.0,
        help="seconds for a player to send its sign-up after connecting (default 5)",
    )
    d.add_argument(
        "--timeout",
        type=_positive,
        default=1.0,
        help="seconds a player has for each answer (default 1, as the course's dealer)",
    )
    d.add_argument(
        "--rules",
        choices=("course", "reference"),
        default="course",
        help="course: the course's tested rules (default); reference: as the instructor's final "
        "Racket dealer plays",
    )
    d.add_argument(
        "--seed", type=int, help="shuffle the deck (game i: seed + i); default: the course's dealer's order"
    )
    d.add_argument("--json", action="store_true", help="print each game's result as one JSON line")
    d.set_defaults(func=run_serve)


def _add_play_parser(s: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = s.add_parser(
        "play",
        help="connect an evo-lab bot to a course dealer as a remote player",
        description="Sign up at a dealer speaking the NEU course's remote protocol and play with "
        "an evo-lab bot until the dealer closes the connection.",
    )
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, required=True)
    p.add_argument(
        "--bot",
        default="course",
        help="an evo-lab bot of the evolution game (course, greedy, "
        "random, ismcts, builtin:NAME:opts, a bot file), or silly: "
        "the course's own player through its harnesses",
    )
    p.add_argument("--seed", type=int, help="the bot's seed")
    p.add_argument("--name", help="the sign-up name (default: 'evo-lab BOT')")
    p.add_argument(
        "--decline",
        choices=("allow", "never"),
        default="allow",
        help="may the bot answer false (forgo feeding)? The course's own dealer removes a player "
        "that does: use never against it",
    )
    p.add_argument(
        "--after-includes-self",
        action="store_true",
        help="the dealer's choose message lists this player's own boards first among the players "
        "after it (the course's own dealer does)",
    )
    p.add_argument("--connect-timeout", type=_positive, default=10.0)
    p.add_argument(
        "--idle-timeout",
        type=_positive,
        default=300.0,
        help="give up when the dealer says nothing for this many seconds (default 300)",
    )
    p.set_defaults(func=run_play)


def run_serve(args: argparse.Namespace) -> int:
    from ..games.evolution.course.remote import RemoteError, ServeOptions, serve

    try:
        opts = ServeOptions(
            games=args.games,
            players=args.players,
            wait=args.wait,
            window=args.sign_up_window,
            sign_up_timeout=args.sign_up_timeout,
            answer_timeout=args.timeout,
            rules=args.rules,
            seed=args.seed,
        )
    except ValueError as e:
        print(f"evo-lab evolution serve: error: {e}", file=sys.stderr)
        return 2

    def ready(port: int) -> None:
        print(f"evo-lab evolution serve: listening on {args.host}:{port}", file=sys.stderr, flush=True)

    def as_json(r: GameResult) -> None:
        print(
            json.dumps(
                {
                    "scores": [vars(x) for x in r.scores],
                    "removed": [vars(x) for x in r.removed],
                    "turns": r.turns,
                }
            ),
            flush=True,
        )

    try:
        serve(args.host, args.port, opts, ready=ready, on_result=as_json if args.json else None)
    except (RemoteError, OSError) as e:
        print(f"evo-lab evolution serve: error: {e}", file=sys.stderr)
        return 1
    return 0


def _player(args: argparse.Namespace) -> CoursePlayer:
    from ..bots.loader import load_bot_object
    from ..bots.registry import bot_names
    from ..games.evolution.course.bot_player import BotPlayer
    from ..games.evolution.course.dealer import HarnessPlayer

    if args.bot == "silly":
        return HarnessPlayer()
    spec = f"builtin:{args.bot}" if args.bot in bot_names("evolution") else args.bot
    bot = load_bot_object(spec, "evolution", seed=args.seed)
    return BotPlayer(bot, decline=args.decline == "allow", after_includes_self=args.after_includes_self)


def run_play(args: argparse.Namespace) -> int:
    from ..bots.base import BotError, UnknownBotError
    from ..bots.loader import BotLoadError
    from ..core.errors import FormatError
    from ..games.evolution.course.dealer import PlayerRemoved
    from ..games.evolution.course.remote import RemoteError, play

    me = "evo-lab evolution play"
    try:
        player = _player(args)
    except (BotLoadError, UnknownBotError) as e:
        print(f"{me}: error: {e}", file=sys.stderr)
        return 2
    name = args.name or f"evo-lab {args.bot}"
    try:
        rep = play(args.host, args.port, player, name, args.connect_timeout, args.idle_timeout)
    except (RemoteError, OSError) as e:
        print(f"{me}: error: {e}", file=sys.stderr)
        return 1
    except FormatError as e:
        print(f"{me}: error: the dealer sent a message that is not the course's: {e}", file=sys.stderr)
        return 2
    except (BotError, PlayerRemoved) as e:
        print(f"{me}: error: the bot failed: {e}", file=sys.stderr)
        return 3
    print(
        f"{me}: {name!r}: the dealer closed the connection after {rep.turns} turn(s), {rep.chooses} "
        f"choose and {rep.feeds} feedNext answer(s)",
        file=sys.stderr,
    )
    return 0
