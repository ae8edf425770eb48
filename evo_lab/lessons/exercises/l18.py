"""Lesson 18, perfect Bayesian equilibrium: answers recomputed from the engine's face-down-card games
(``evo_lab.theory.facedown``) with the exact solver ``evo_lab.theory.pbe``."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import TypedDict

from ..checks import choice_digest, exercise


class CostlySetting(TypedDict):
    """Fields of :class:`evo_lab.theory.facedown.FaceDown` that part 2 sets."""

    prey_pop: int
    receiver_pop: int
    watering_hole: int
    strong: str
    weak: str


#: part 2's setting: the prey's card is Burrowing or a Carnivore (which would starve a small prey)
COSTLY: CostlySetting = {
    "prey_pop": 3,
    "receiver_pop": 1,
    "watering_hole": 2,
    "strong": "burrowing",
    "weak": "carnivore",
}
#: the opening hand of part 1's second prior (deal 3 + 1 per species, one species)
HAND = 4
#: exercise 1's watering hole, exercise 2's prior
SCARCE, LOW_PRIOR = 3, Fraction(1, 5)


def deck_prior(strong: str, weak: str) -> Fraction:
    """P(the card is ``strong`` | it is ``strong`` or ``weak``) from the official deck's counts."""
    from evo_lab.theory.facedown import deck_count

    s, w = deck_count(strong)[0], deck_count(weak)[0]
    return Fraction(s, s + w)


@lru_cache(maxsize=8)
def bluff_game(prior: Fraction | None = None, watering_hole: int = 4):
    """Part 1: Climbing or Ambush (prior from the deck unless given)."""
    from evo_lab.theory.facedown import FaceDown, facedown_game

    return facedown_game(
        FaceDown(watering_hole=watering_hole), deck_prior("climbing", "ambush") if prior is None else prior
    )


@lru_cache(maxsize=2)
def costly_game():
    """Part 2: Burrowing or a Carnivore card, prior from the deck."""
    from evo_lab.theory.facedown import FaceDown, facedown_game

    return facedown_game(FaceDown(**COSTLY), deck_prior(COSTLY["strong"], COSTLY["weak"]))


def indifference(game) -> Fraction:
    """The belief at which the receiver is indifferent after a face-down card (the common end of the two belief
    intervals)."""
    hunt = game.belief_interval("face down", "hunt")
    graze = game.belief_interval("face down", "graze")
    return next(x for x in (hunt[0], hunt[1]) if x in (graze[0], graze[1]))


@exercise(
    "18.1",
    "fraction",
    "Write P2's expected payoff of hunting and of grazing after a face-down card as lines in "
    "mu (the chance the card is Climbing) and find where they cross.",
    facts=lambda: {"threshold": str(indifference(bluff_game(Fraction(1, 2), SCARCE)))},
)
def _e1():
    return indifference(bluff_game(Fraction(1, 2), SCARCE))


@exercise(
    "18.2",
    "fraction",
    "Bayes: mu = p / (p + (1 - p) q) must equal P2's indifference belief; solve for q.",
    facts=lambda: {"q": str(bluff_game(LOW_PRIOR).hybrid_equilibria()[0].q)},
)
def _e2():
    return bluff_game(LOW_PRIOR).hybrid_equilibria()[0].q


@exercise(
    "18.3",
    "choice",
    "At 'grow' compare each type's equilibrium payoff with the best it could get from 'grow' "
    "against any reply that is best for some belief.",
)
def _e3():
    return choice_digest("18.3", "b")


def _pool_bound() -> Fraction:
    pool = next(e for e in costly_game().pure_equilibria() if e.kind == "pooling")
    return pool.beliefs["face down"][1]


@exercise(
    "18.4",
    "fraction",
    "In the pooling equilibrium P2 must graze after a face-down card; for which beliefs "
    "is grazing a best reply there?",
    facts=lambda: {"bound": str(_pool_bound())},
)
def _e4():
    return _pool_bound()


@exercise("18.5", "choice", "What does a face-down card cost each type in part 1, and in part 2?")
def _e5():
    return choice_digest("18.5", "d")
