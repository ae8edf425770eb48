"""``evo-lab demo``: play a seeded game between bots and tell it round by round (or print its record), for any
game with a kit (``--game evolution``, ``--game origin``: the game's greedy bots by default)."""

from __future__ import annotations

import argparse
import json

from .argtypes import non_negative_int, positive_int


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "demo",
        help="play a seeded demo game in the terminal",
        description="Play a seeded game of Evo between bots and print a per-round story "
        "(climate, auction, fights with odds and rolls, births, deaths, MP) and the ranking.",
    )
    p.add_argument(
        "--game",
        default="evo2e",
        choices=_kit_games(),
        help="the game (default evo2e; evolution, evolution-climate, origin, ...)",
    )
    p.add_argument("--players", type=positive_int, default=4, help="players (default 4; evo2e 2 to 5)")
    p.add_argument("--seed", type=non_negative_int, default=1, help="seed of the whole game (default 1)")
    p.add_argument(
        "--bots",
        default=None,
        help="comma-separated bot names per seat (default for evo2e: lively for everyone: bots that "
        "play like people new to the game, so dinosaurs move, fight, lay eggs and die; for "
        "Evolution its lively bots, whose carnivores hunt; for the other games: the game's greedy "
        "bots)",
    )
    p.add_argument("--json", action="store_true", help="print the game record (JSON) instead of the story")
    p.set_defaults(func=run)


def _kit_games() -> list[str]:
    from ..core.registry import game_info, registered_games

    return [g for g in registered_games() if game_info(g).kit]


def _seat_bots(names: list[str], game: str, players: int, seed: int) -> list:
    """One bot per seat of ``game`` from 1 or ``players`` names, seeded from ``seed``."""
    from ..bots import bot_names, make_bot
    from ..parallel import child_seeds, seed_int

    known = bot_names(game)
    unknown = [n for n in names if n not in known]
    if unknown:
        raise ValueError(
            f"unknown bot{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))}; "
            f"bots are: {', '.join(known)}" + ("" if game == "evo2e" else f" (the bots of {game})")
        )
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise ValueError(f"--bots needs 1 or {players} names, got {len(names)}")
    return [make_bot(n, game=game, seed=seed_int(s)) for n, s in zip(names, child_seeds(seed, players))]


def _check_players(args: argparse.Namespace) -> None:
    """``--players`` within the game's range, else a ``ValueError`` naming the option."""
    from ..core.registry import game_info

    entry = game_info(args.game)
    lo, hi = entry.min_players, entry.max_players
    if not lo <= args.players <= hi:
        raise ValueError(
            f"--players: {entry.title} is for {lo} to {hi} players ({lo}..{hi} for {args.game}), "
            f"got {args.players}"
        )


def run_kit_game(args: argparse.Namespace) -> int:
    """The demo of a game other than Evo 2e: its kit's story (``tell``), or the record with ``--json``."""
    from ..core.registry import game_info, kit_module, make_game

    entry = game_info(args.game)
    game = make_game(args.game, players=args.players, seed=args.seed)
    names = [b.strip() for b in args.bots.split(",") if b.strip()] if args.bots else []
    bots = _seat_bots(names, args.game, args.players, args.seed) if names else None
    kit = kit_module(args.game)
    if args.json:
        final, _ = kit.tell(game, args.seed, bots, None)
        print(json.dumps(final.to_record(), indent=1))
        return 0
    print(
        f"{entry.title} demo: {args.players} players, seed {args.seed}; "
        f"{'bots ' + args.bots if args.bots else getattr(kit, 'DEMO_BOT', 'greedy') + ' bots'}"
    )
    kit.tell(game, args.seed, bots, print)
    return 0


def run(args: argparse.Namespace) -> int:
    _check_players(args)
    if args.game != "evo2e":
        return run_kit_game(args)
    from ..games.evo2e import Game
    from ..games.evo2e.story import play_story
    from ..views.snapshot import assumed_values

    game = Game(players=args.players, seed=args.seed)
    bots = None
    if args.bots:
        bots = _seat_bots(
            [b.strip() for b in args.bots.split(",") if b.strip()], "evo2e", args.players, args.seed
        )
    if args.json:
        final, _ = play_story(game, seed=args.seed, bots=bots)
        print(json.dumps(final.to_record(), indent=1))
        return 0
    b = game.board
    print(
        f"Evo 2e demo: {args.players} players, seed {args.seed}, board {b.name}"
        + (" (reconstructed, not the printed board)" if b.reconstructed else "")
    )
    assumed = assumed_values(game)  # the same count as the kit's "assumed data" badges
    if assumed:
        print(
            f"Note: {len(assumed)} values are assumed defaults, not printed facts (wheel, tokens, die, card copies"
            f"{', the board' if b.reconstructed else ''}); see docs/data.md."
        )
    play_story(game, seed=args.seed, bots=bots, echo=print)
    return 0
