"""Lesson 10, the meteorite clock: answers recomputed with ``evo_lab.theory.horizon`` from the engine's climate
pile and from the lesson's seeded positions."""

from __future__ import annotations

from fractions import Fraction

from ..checks import choice_digest, exercise

#: the lesson's rate survey (uniformly random games) and simulation settings
RATE_SEEDS = range(60)
SIM_N = 60
SIM_SEED = 0


def _clock():
    import evo_lab
    from evo_lab.theory.horizon import horizon

    return horizon(evo_lab.Game(players=3))


@exercise("10.1", "fraction", "Where can the meteorite be, and in which of those cases is round 10 played?")
def _e1():
    return _clock().played[10]


@exercise(
    "10.2",
    "fraction",
    "Given round 10 is played, the meteorite is 11th or 12th with equal chance; count round 10 itself.",
    facts=lambda: {"p11": str(_clock().given(10)[11])},
)
def _e2():
    return _clock().expected_rounds(10)


@exercise(
    "10.3",
    "fraction",
    "With q = 1 every extra dinosaur lives to the end: a purchase in round 9 scores 1 in "
    "round 9, 2 in round 10, 3 in round 11, each weighted by the chance the round is played.",
    facts=lambda: {"fixed": str(_fixed10_egg())},
)
def _e3():
    from evo_lab.theory.horizon import egg_value

    return egg_value(_clock(), 9, Fraction(1))


def _fixed10_egg():
    from evo_lab.theory.horizon import egg_value, fixed_horizon

    return egg_value(fixed_horizon(10), 9, Fraction(1))


@exercise(
    "10.4", "choice", "Compute the hazard h_k = 1 - P(round k+1 played) / P(round k played) for k = 8, 9, 10."
)
def _e4():
    return choice_digest("10.4", "b")


def lesson_positions():
    """The start of each round's auction in the first uniformly random 3-player game that lasts 11 rounds with
    no Sixth Sense holder (``first_seed_lasting(11)``): ``(seed, {round: position})``."""
    from evo_lab.theory.horizon import auction_positions, first_seed_lasting

    seed = first_seed_lasting(11)
    return seed, auction_positions(seed)


def _marginal():
    from evo_lab.theory.horizon import durable_values, marginal_survival, round_rates

    _seed, pos = lesson_positions()
    last = durable_values({11: pos[11]}, "egg", n=SIM_N, seed=SIM_SEED)[0]
    return marginal_survival(last, round_rates(RATE_SEEDS).use), last


@exercise(
    "10.5",
    "number",
    "In round 11 the egg lays at most one more dinosaur, which scores only if it survives "
    "round 11: value = use x q. Divide, and give two decimals.",
    tolerance=0.0075,
    facts=lambda: {"value": f"{_marginal()[1].mean:.2f}"},
)
def _e5():
    # unrounded: the printed numbers (value to 2 decimals, use to 3) give 0.249, the unrounded ones 0.2450, so
    # both 0.24 and 0.25 are right to two decimals; the tolerance accepts exactly those
    return _marginal()[0][0]
