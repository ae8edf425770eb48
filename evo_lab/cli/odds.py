"""``evo-lab odds``: exact combat and climate odds.

    evo-lab odds combat --attacker-horns 1 --defender-horns 0 [--large-horn] [--bony-plates] [--frenzied] [--json]
    evo-lab odds climate --rounds 3 [--position FILE] [--viewer P] [--json]

Probabilities are exact fractions from the data pack (``--data PACK`` for a transcribed one).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, cast

from ..core.words import in_games, plural
from .argtypes import positive_int

if TYPE_CHECKING:
    from ..games.evo2e import State


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "odds",
        help="exact combat and climate odds",
        description="Exact odds from the data pack, as fractions.",
    )
    sub = p.add_subparsers(dest="odds_command", required=True, metavar="WHAT")
    c = sub.add_parser("combat", help="chance that one attack succeeds")
    c.add_argument(
        "--attacker-horns", type=int, required=True, metavar="A", help="horn genes of the attacker"
    )
    c.add_argument(
        "--defender-horns", type=int, required=True, metavar="D", help="horn genes of the defender"
    )
    c.add_argument("--large-horn", action="store_true", help="the attacker has large horn")
    c.add_argument("--bony-plates", action="store_true", help="the defender has bony plates")
    c.add_argument("--frenzied", action="store_true", help="the attacker played Frenzied attack")
    c.add_argument(
        "--data", metavar="PACK", help="a data pack directory or pack.json (default: shipped pack)"
    )
    c.add_argument("--json", action="store_true", help="print JSON")
    c.set_defaults(func=run)
    k = sub.add_parser("climate", help="climate forecast and game length")
    k.add_argument("--rounds", type=int, required=True, metavar="K", help="future rounds to forecast")
    k.add_argument(
        "--position", metavar="FILE", help="a saved position or game record (JSON); default: a new game"
    )
    k.add_argument("--players", type=positive_int, default=4, help="players for a new game (default 4)")
    k.add_argument(
        "--viewer", type=int, metavar="P", help="forecast as player P (1-based) knows it; default omniscient"
    )
    k.add_argument("--data", metavar="PACK", help="a data pack for a new game (default: shipped pack)")
    k.add_argument("--json", action="store_true", help="print JSON")
    k.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..games.evo2e.odds import OddsError

    if args.odds_command == "combat":
        return _combat(args)
    if args.odds_command == "climate":
        return _climate(args)
    raise OddsError(f"unknown odds command {args.odds_command!r}")


def _pack(path: str | None):
    from ..games.evo2e.datapack import load_data

    return None if path is None else load_data(path)


def _combat(args: argparse.Namespace) -> int:
    from ..games.evo2e.odds import combat_odds

    o = combat_odds(
        args.attacker_horns,
        args.defender_horns,
        large_horn=args.large_horn,
        bony_plates=args.bony_plates,
        frenzied=args.frenzied,
        data=_pack(args.data),
    )
    if args.json:
        print(json.dumps(o.to_dict(), indent=2))
        return 0
    print(
        f"attack {plural(o.attack, 'horn')} vs defence {plural(o.defence, 'horn')} (difference {o.difference:+d}): "
        f"P(win) = {o.probability} = {float(o.probability):.4f}"
    )
    for f in o.faces.values():
        print(f"  {f['name']:<26} x{f['count']}  {'wins ' if f['wins'] else 'fails'}  +{f['contribution']}")
    return 0


def load_position_file(path: str) -> State:
    """The position in a saved position or game-record file of Evo 2e (the odds tools are Evo 2e's); errors name
    the file and the bad field, and a file of another game says so."""
    from ..core.errors import FormatError
    from ..core.records import RECORD, load_position, load_record, read_json
    from ..core.registry import game_info

    game = "evo2e"
    data = read_json(Path(path))
    fmt = data.get("format") if isinstance(data, dict) else None
    gid = data.get("game") if isinstance(data, dict) and data.get("version") != 1 else game
    if isinstance(gid, str) and gid != game:
        try:
            title = game_info(gid).title
        except ValueError:
            title = gid
        raise FormatError(
            f"wrong game: this file is {title!r}, but this tool is for {game_info(game).title}", "game", path
        )
    loaded = load_record(data, path) if fmt == RECORD else load_position(data, path)
    return cast("State", loaded)


def _climate(args: argparse.Namespace) -> int:
    from ..games.evo2e import Game
    from ..games.evo2e.odds import OddsError, climate_forecast

    src: State | Game
    if args.position:
        src = load_position_file(args.position)
        players = src.game.players
    else:
        src = Game(players=args.players, data=_pack(args.data))
        players = args.players
    viewer = None
    if args.viewer is not None:
        viewer = args.viewer - 1
        if not 0 <= viewer < players:
            raise OddsError(f"--viewer counts players from 1 to {players}, got {args.viewer}")
    f = climate_forecast(src, args.rounds, viewer)
    if args.json:
        print(json.dumps(f.to_dict(), indent=2))
        return 0
    print(f"wheel section now: {f.current_section}; " + "; ".join(f.notes))
    for r, d, reach in zip(f.rounds, f.sections, f.reached):
        cells = "  ".join(f"{s}:{p}" for s, p in sorted(d.items()))
        print(f"round {r:>2} (played {in_games(reach)}): {cells}")
    print(
        "game length (rounds played): "
        + ", ".join(f"{plural(k, 'round')} {v}" for k, v in f.game_length.items())
    )
    return 0
