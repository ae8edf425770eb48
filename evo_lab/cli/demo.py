"""``evo-lab demo``: play a seeded game between bots and tell it round by round (or print its record)."""

from __future__ import annotations

import argparse
import json


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("demo", help="play a seeded demo game in the terminal",
                       description="Play a seeded game of Evo between bots and print a per-round story "
                                   "(climate, auction, fights with odds and rolls, births, deaths, MP) and the ranking.")
    p.add_argument("--players", type=int, default=4, help="2 to 5 (default 4)")
    p.add_argument("--seed", type=int, default=1, help="seed of the whole game (default 1)")
    p.add_argument("--bots", default=None,
                   help="comma-separated bot names per seat (default: lively for everyone: bots that play like "
                        "people new to the game, so dinosaurs move, fight, lay eggs and die)")
    p.add_argument("--json", action="store_true", help="print the game record (JSON) instead of the story")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..games.evo2e import Game
    from ..story import play_story
    from ..views.snapshot import assumed_values

    game = Game(players=args.players, seed=args.seed)
    bots = None
    if args.bots:
        from ..bots import make_bot
        from ..parallel import child_seeds, seed_int

        from ..bots import BOTS

        names = [b.strip() for b in args.bots.split(",") if b.strip()]
        unknown = [n for n in names if n not in BOTS]
        if unknown:
            raise ValueError(f"unknown bot{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))}; "
                             f"bots are: {', '.join(sorted(BOTS))}")
        if len(names) == 1:
            names = names * args.players
        if len(names) != args.players:
            raise ValueError(f"--bots needs 1 or {args.players} names, got {len(names)}")
        bots = [make_bot(n, seed=seed_int(s)) for n, s in zip(names, child_seeds(args.seed, args.players))]
    if args.json:
        final, _ = play_story(game, seed=args.seed, bots=bots)
        print(json.dumps(final.to_record(), indent=1))
        return 0
    b = game.board
    print(f"Evo 2e demo: {args.players} players, seed {args.seed}, board {b.name}"
          + (" (reconstructed, not the printed board)" if b.reconstructed else ""))
    assumed = assumed_values(game)  # the same count as the kit's "assumed data" badges
    if assumed:
        print(f"Note: {len(assumed)} values are assumed defaults, not printed facts (wheel, tokens, die, card copies"
              f"{', the board' if b.reconstructed else ''}); see docs/data.md.")
    play_story(game, seed=args.seed, bots=bots, echo=print)
    return 0
