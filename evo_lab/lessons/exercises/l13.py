"""Lesson 13, predators and prey in North Star's *Evolution*: answers recomputed from the engine's duel
(``evo_lab.theory.predator_prey``) and from the seeded bot games (``evo_lab.theory.trait_census``)."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ..checks import choice_digest, exercise

#: the bot games of the lesson: seeds ``range(RANDOM_GAMES)`` with random bots, ``range(GREEDY_GAMES)`` greedy,
#: 4 players each
RANDOM_GAMES, GREEDY_GAMES, PLAYERS = 200, 12, 4
#: exercise 13.1's variant of the duel: a bigger Carnivore
BIG_CARNIVORE = 6


@lru_cache(maxsize=2)
def lesson_census(bot: str = "random"):
    from evo_lab.theory.trait_census import census

    return census(range(RANDOM_GAMES if bot == "random" else GREEDY_GAMES), bot, PLAYERS)


def _blockers(body: int) -> dict[str, str | None]:
    from evo_lab.theory.predator_prey import Duel, feasibility

    return {r.trait: r.blocker for r in feasibility(Duel(predator_body=body))}


def blockers_line(body: int = BIG_CARNIVORE) -> str:
    """What ``attack_report`` names for each defence of the duel's prey against a Carnivore of ``body``."""
    return "; ".join(f"{t}: {b}" for t, b in _blockers(body).items())


@exercise("13.1", "set", "Official rules: Hard Shell adds 4 to the prey's body size, and the Carnivore must be "
          "strictly larger; Herding compares populations; Burrowing needs a fed prey; Horns never block.",
          facts=lambda: {"blockers": blockers_line()})
def _e1():
    return sorted(t for t, b in _blockers(BIG_CARNIVORE).items() if b is not None)


def _game(defence: str = "climbing"):
    from evo_lab.theory.predator_prey import Duel, duel_game

    return duel_game(Duel(defence=defence))


@exercise("13.2", "fraction", "At the mixed equilibrium the carnivore share makes the prey indifferent: set the "
          "expected scores of U and D equal and solve for x.",
          facts=lambda: {"advantages": _game().describe_advantages()})
def _e2():
    return _game().rest_point()[0]


@exercise("13.3", "number", "omega^2 = x*(1 - x*) y*(1 - y*) (alpha + beta)(gamma + delta); the period is "
          "2 pi / omega.", tolerance=0.01, facts=lambda: {"omega2": str(_game().omega_squared())})
def _e3():
    return _game().small_period()


@exercise("13.4", "fraction", "Read the Burrowing row: only the C-against-D scores change. Recompute alpha and beta; "
          "y* = alpha / (alpha + beta).",
          facts=lambda: {"advantages": _game("burrowing").describe_advantages()})
def _e4():
    return _game("burrowing").rest_point()[1]


def _verdict() -> str:
    """(b) when the census shows both arms of the feedback (carnivores without a target survive less often than
    carnivores with one, attackable herbivores less often than the others, intervals apart) and no game lasts a
    full period of the duel's small cycle; (a) when an arm is missing."""
    c = lesson_census("random")
    _, _, _, no_hi = c.rate("survived", kind="carnivore", targets=0)
    hunters = [f for f in c.fates() if f.kind == "carnivore" and f.targets > 0]
    from evo_lab.stats import wilson_interval

    yes_lo, _ = wilson_interval(sum(f.survived for f in hunters), len(hunters))
    _, _, _, prey_hi = c.rate("survived", kind="herbivore", attackable=True)
    _, _, safe_lo, _ = c.rate("survived", kind="herbivore", attackable=False)
    arms = no_hi < yes_lo and prey_hi < safe_lo
    short = max(g.rounds for g in c.games) < _game().small_period()
    return "b" if arms and short else ("d" if arms else "a")


@exercise("13.5", "choice", "Look at the fates table of section 4 and at what decides which card a bot plays.")
def _e5():
    return choice_digest("13.5", _verdict())


def _starving() -> tuple[int, int]:
    hits, n, _, _ = lesson_census("random").rate("survived", kind="carnivore", targets=0)
    return hits, n


@exercise("13.6", "fraction", "Count the carnivores of the random games' feeding counts with no feasible target, "
          "and how many of them were still on the table at the end of the round.",
          facts=lambda: {"survived": _starving()[0], "of": _starving()[1]})
def _e6():
    hits, n = _starving()
    return Fraction(hits, n)
