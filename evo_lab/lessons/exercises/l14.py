"""Lesson 14, the food bank of *Evolution: The Origin of Species*: answers recomputed with
``evo_lab.theory.food_race`` and ``evo_lab.theory.insurance`` from the engine (the game's dice data, positions built
with ``build_position`` or reached by seeded play, races enumerated through ``apply_action``)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ..checks import choice_digest, exercise

if TYPE_CHECKING:
    from evo_lab.theory.insurance import Survival

#: Section 3's race: three players (2d6), player 1 first; ``$C`` has High Body Weight (needs 2 tokens).
RACE_ROWS = ["$A fat, $B", "$C big, $D", "$E, $F, $G"]
#: Section 2's position: the 4-player game of this seed, played by the game's cheap bot to the food roll of turn 3.
LEAN_SEED, LEAN_TURN = 0, 3
#: Section 4's simulation: games per insurance and the seed (game g uses [SIM_SEED, g, k] streams).
SIM_GAMES, SIM_SEED = 1000, 14


@lru_cache(maxsize=4)
def race_position(fat: bool = True, first: int = 0):
    """Section 3's position at the food roll (``build_position(phase="food")``); ``fat=False`` drops ``$A``'s card."""
    from evo_lab.games.origin import build_position

    rows = list(RACE_ROWS) if fat else ["$A, $B"] + RACE_ROWS[1:]
    return build_position(players=3, phase="food", first=first, animals=rows, deck=20)


@lru_cache(maxsize=4)
def race_of(fat: bool = True, first: int = 0):
    from evo_lab.theory.food_race import race

    return race(race_position(fat, first))


@lru_cache(maxsize=1)
def lean_position():
    from evo_lab.theory.food_race import seeded_position

    return seeded_position(4, LEAN_SEED, LEAN_TURN)


def insurance_table(trait: str = "fat_tissue", **changes):
    """Section 4's table: 4 players (2d6 + 2), two plain animals per rival, the last four turns of the game."""
    from evo_lab.theory.insurance import Table

    return Table(players=4, rivals=2, trait=trait, turns=4, **changes)


def sim_table(trait: str = "fat_tissue", **changes):
    """The played-on game: the same table with 36 cards in the deck at the start."""
    return insurance_table(trait, deck=36, **changes)


@lru_cache(maxsize=8)
def simulated(trait: str, stored: int = 0):
    from evo_lab.theory.insurance import simulate

    return simulate(sim_table(trait, stored=stored), games=SIM_GAMES, seed=SIM_SEED)


@exercise(
    "14.1",
    "fraction",
    "Var(T + c) = Var(T), and the variance of a sum of independent dice is the sum of "
    "their variances; one d6 has (6^2 - 1) / 12.",
    facts=lambda: {"die": "35/12", "mean": str(_bank(5)[0])},
)
def _e1():
    return _bank(5)[1]


def _bank(players: int):
    import evo_lab
    from evo_lab.theory.food_race import bank_pmf, mean, variance

    pmf = bank_pmf(evo_lab.make_game("origin", players=players))
    return mean(pmf), variance(pmf)


@exercise(
    "14.2",
    "fraction",
    "Add up the red tokens the hungry animals still need (fat does not count), then "
    "P(2d6 + 2 >= that number).",
    facts=lambda: _lean_facts(),
)
def _e2():
    from evo_lab.theory.food_race import bank_feeds

    return bank_feeds(lean_position())


def _lean_facts():
    from evo_lab.theory.food_race import at_least, bank_pmf, demand

    d = demand(lean_position())
    return {
        "need": d.total,
        "with_fat": d.total_with_fat,
        "p_fat": str(at_least(bank_pmf(lean_position()), d.total_with_fat)),
    }


@exercise(
    "14.3",
    "fraction",
    "Which token, counted from the first one, is $G's? Everybody still wants a third token "
    "when it comes round.",
    facts=lambda: {"token": _token_of_g()},
)
def _e3():
    r = race_of()
    return r.fed(race_position().names["G"])


def _token_of_g() -> int:
    """The smallest bank total that feeds ``$G`` (the number of its token), read from the enumeration."""
    r = race_of()
    g = race_position().names["G"]
    return min(o.total for o in r.outcomes if g in o.survivors)


@exercise(
    "14.4",
    "choice",
    "Count again which token $G gets when player 1 wants one token fewer.",
    facts=lambda: {"without": str(_g_without())},
)
def _e4():
    with_fat = race_of().fed(race_position().names["G"])
    without = _g_without()
    return choice_digest("14.4", "a" if without == with_fat else ("b" if without > with_fat else "c"))


def _g_without():
    return race_of(fat=False).fed(race_position(fat=False).names["G"])


@lru_cache(maxsize=8)
def _exact(trait: str, stored: int = 0) -> Survival:
    from evo_lab.theory.insurance import exact

    return exact(insurance_table(trait, stored=stored))


@exercise(
    "14.5",
    "number",
    "Use evo_lab.theory.insurance.exact on the section's table twice: trait='fat_tissue' "
    "with stored=1, and trait='hibernation'; compare .survivors.",
    tolerance=5e-4,
    facts=lambda: {
        "stored": f"{float(_exact('fat_tissue', 1).survivors):.4f}",
        "hib": f"{float(_exact('hibernation').survivors):.4f}",
    },
)
def _e5():
    return float(_exact("fat_tissue", 1).survivors - _exact("hibernation").survivors)


@exercise(
    "14.6",
    "choice",
    "Read the paired interval of Fat Tissue minus Hibernation: where does it lie against 0?",
    facts=lambda: {"diff": "[{1:.3f}, {2:.3f}]".format(*_paired())},
)
def _e6():
    m, lo, hi = _paired()
    return choice_digest("14.6", "a" if hi < 0 else ("c" if lo > 0 else "b"))


def _paired():
    from evo_lab.theory.insurance import paired_difference

    return paired_difference(simulated("fat_tissue"), simulated("hibernation"))
