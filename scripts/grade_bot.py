#!/usr/bin/env python3
"""Grade a student's bot: seeded games against the built-in bots through the public API, the win rate with a
Wilson interval, and a grade by the course rubric (``docs/teaching/problems.md``, the "write a bot" assignments).

    python scripts/grade_bot.py BOTFILE --game evolution --games 40 --seed 1
    python scripts/grade_bot.py BOTFILE --game origin --players 3 --opponents greedy,random --games 60 --seed 7

``BOTFILE`` holds one bot (``evo_lab.bots.loader``: a class with ``act(observation, legal_actions)``, the legal
actions as strings, or evo-lab's Bot protocol). The student's bot takes one seat, the opponents (default: the game's ``greedy`` bot, else ``random``) the
others; the seats rotate from game to game (``evo_lab.sim.simulate``), every game is seeded from ``--seed``, so
a game can be replayed (``evo_lab.sim.play_game``) from the seed printed with any error.

**Counting.** A game is *won* when the student's bot is the only winner (the game's tie-breaks applied); a first
place shared with others is counted apart, not as a fraction of a win, because the Wilson interval is for whole
successes. Each game is one independent trial (one seat per game for the student's bot).

**Rubric** (baseline ``b = 1 / players``, the win rate of a bot no better than its opponents, shared wins aside;
``[lo, hi]`` the 95% Wilson interval of the outright win rate):

* **F**: the bot raised an exception or chose an illegal action (the error, the game and its seed are printed);
* **D**: ``hi < b``: clearly worse than an equal share;
* **C**: ``lo <= b <= hi``: not distinguishable from an equal share with this many games;
* **B**: ``lo > b``: clearly better than an equal share;
* **A**: ``lo > a_factor * b`` (default ``a_factor`` 1.5): clearly better by half again.

More games narrow the interval: a C after 20 games can become a B or a D after 200.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from evo_lab.bots import BotError, bot_names
from evo_lab.bots.loader import BotLoadError, load_bot
from evo_lab.core.registry import game_info
from evo_lab.sim import SimulationError, simulate
from evo_lab.stats import wilson_interval

GRADES = ("A", "B", "C", "D", "F")


@dataclass(frozen=True)
class GradeReport:
    """The outcome of :func:`grade`: ``wins`` outright and ``shared`` first places in ``games`` games, the Wilson
    interval ``(low, high)``, the ``baseline``, the ``grade`` and a ``note`` (the error for an F)."""

    bot: str
    game: str
    players: int
    opponents: tuple[str, ...]
    games: int
    seed: int
    wins: int
    shared: int
    low: float
    high: float
    baseline: float
    grade: str
    note: str = ""

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def text(self) -> str:
        head = (
            f"{self.bot} at {self.game}, {self.players} players, against {', '.join(self.opponents)}: "
            f"{self.games} games, seed {self.seed}"
        )
        if self.grade == "F":
            return f"{head}\ngrade F: {self.note}"
        return (
            f"{head}\nwon outright {self.wins} of {self.games} = {self.rate:.3f}, 95% Wilson interval "
            f"[{self.low:.3f}, {self.high:.3f}]; shared first places {self.shared}; baseline {self.baseline:.3f}\n"
            f"grade {self.grade}: {self.note}"
        )


def rubric(low: float, high: float, baseline: float, a_factor: float = 1.5) -> tuple[str, str]:
    """The grade and its reason for a Wilson interval ``[low, high]`` and a ``baseline`` (see the module
    docstring)."""
    if high < baseline:
        return "D", f"the whole interval is below the baseline {baseline:.3f}"
    if low > a_factor * baseline:
        return "A", f"the interval is above {a_factor} x the baseline ({a_factor * baseline:.3f})"
    if low > baseline:
        return "B", f"the interval is above the baseline {baseline:.3f}"
    return "C", f"the interval contains the baseline {baseline:.3f}: play more games to tell"


def default_opponent(game: str) -> str:
    return "greedy" if "greedy" in bot_names(game) else "random"


def grade(
    botfile: str | Path,
    *,
    game: str = "evolution",
    games: int = 40,
    seed: int = 0,
    players: int = 2,
    opponents: list[str] | None = None,
    class_name: str | None = None,
    a_factor: float = 1.5,
) -> GradeReport:
    """Play and grade (see the module docstring). Raises :class:`~evo_lab.bots.loader.BotLoadError` for a file
    that holds no bot and :class:`~evo_lab.sim.SimulationError` for a bad game or lineup."""
    entry = game_info(game)
    opps = list(opponents) if opponents else [default_opponent(entry.name)] * (players - 1)
    if len(opps) != players - 1:
        raise SimulationError(f"{players} players need {players - 1} opponents, got {opps}")
    spec = f"{botfile}:{class_name}" if class_name else str(botfile)
    bot = load_bot(spec, entry.name, seed=seed)
    label = bot.name
    if label in opps:
        raise SimulationError(
            f"the student's bot is named {label!r} like a built-in opponent: give it another name"
        )
    base = {
        "bot": label,
        "game": entry.name,
        "players": players,
        "opponents": tuple(opps),
        "games": games,
        "seed": seed,
    }
    try:
        result = simulate(
            players=players,
            games=games,
            bots=[bot] + opps,
            seed=seed,
            game=entry.name,
            executor="serial",
            progress=False,
        )
    except BotError as e:
        return GradeReport(
            **base,
            wins=0,
            shared=0,
            low=0.0,
            high=0.0,
            baseline=1 / players,
            grade="F",
            note=f"{e} (replay: evo_lab.sim.play_game with seed {e.seed})",
        )
    mine = [r for r in result.rows if r["bot"] == label]
    wins = sum(1 for r in mine if r["won"] == 1.0)
    shared = sum(1 for r in mine if 0.0 < r["won"] < 1.0)
    low, high = wilson_interval(wins, len(mine))
    letter, why = rubric(low, high, 1 / players, a_factor)
    return GradeReport(
        **base, wins=wins, shared=shared, low=low, high=high, baseline=1 / players, grade=letter, note=why
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("botfile", type=Path)
    ap.add_argument("--game", default="evolution", help="a registered game id (default evolution)")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--opponents", help="comma-separated built-in bots, one per other seat (default: greedy)")
    ap.add_argument("--class", dest="class_name", help="the bot class, if the file defines several")
    ap.add_argument(
        "--a-factor", type=float, default=1.5, help="grade A needs the interval above this x baseline"
    )
    args = ap.parse_args(argv)
    opponents = [o.strip() for o in args.opponents.split(",")] if args.opponents else None
    try:
        report = grade(
            args.botfile,
            game=args.game,
            games=args.games,
            seed=args.seed,
            players=args.players,
            opponents=opponents,
            class_name=args.class_name,
            a_factor=args.a_factor,
        )
    except (BotLoadError, SimulationError) as e:
        print(f"cannot grade: {e}", file=sys.stderr)
        return 2
    print(report.text())
    return 0 if report.grade != "F" else 1


if __name__ == "__main__":
    sys.exit(main())
