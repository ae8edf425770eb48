"""Lesson 13b, predators and prey in bot games: answers recomputed from the seeded bot games
(``evo_lab.theory.trait_census``) and the official deck."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ..checks import choice_digest, exercise

#: the bot games of the lesson: seeds ``range(RANDOM_GAMES)`` with random bots, ``range(GREEDY_GAMES)`` greedy,
#: 4 players each
RANDOM_GAMES, GREEDY_GAMES, PLAYERS = 200, 12, 4


@lru_cache(maxsize=2)
def lesson_census(bot: str = "random"):
    from evo_lab.theory.trait_census import census

    return census(range(RANDOM_GAMES if bot == "random" else GREEDY_GAMES), bot, PLAYERS)


@exercise(
    "13b.1",
    "fraction",
    "Count the deck: 17 Carnivore cards plus 7 of each of 16 other traits; 7 of those traits are defensive.",
)
def _e1():
    from evo_lab.theory.trait_census import deck_shares

    deck = deck_shares(PLAYERS)
    return Fraction(deck["defence"], deck["cards"])


def _starving() -> tuple[int, int]:
    hits, n, _, _ = lesson_census("random").rate("survived", kind="carnivore", targets=0)
    return hits, n


@exercise(
    "13b.2",
    "fraction",
    "Count the carnivores of the random games' feeding counts with no feasible target, "
    "and how many of them were still on the table at the end of the round.",
    facts=lambda: {"survived": _starving()[0], "of": _starving()[1]},
)
def _e2():
    hits, n = _starving()
    return Fraction(hits, n)


def verdict() -> str:
    """(b) when the census shows both arms of the feedback with intervals apart (carnivores without a target survive
    less often than carnivores with one; attackable herbivores less often than the others), intervals taking the
    game as the unit; (a) when an arm is missing. (Game length is no evidence either way: the period of the duel's
    cycle depends on the chosen unit of time.)"""
    c = lesson_census("random")
    _, _, _, starving_hi = c.rate("survived", kind="carnivore", targets=0)
    _, _, hunter_lo, _ = c.rate("survived", kind="carnivore", targets=lambda t: t > 0)
    _, _, _, prey_hi = c.rate("survived", kind="herbivore", attackable=True)
    _, _, safe_lo, _ = c.rate("survived", kind="herbivore", attackable=False)
    return "b" if starving_hi < hunter_lo and prey_hi < safe_lo else "a"


@exercise(
    "13b.3", "choice", "Look at the fates table of section 2 and at what decides which card a bot plays."
)
def _e3():
    return choice_digest("13b.3", verdict())
