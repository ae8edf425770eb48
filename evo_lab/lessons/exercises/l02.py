"""Lesson 02, combat odds: answers recomputed with ``evo_lab.games.evo2e.odds`` from the data pack's die."""

from __future__ import annotations


from fractions import Fraction

from ..checks import exercise


@exercise("02.1", "fraction", "Only the difference matters: at -2 which faces still win?")
def _e1():
    from evo_lab.games.evo2e.odds import combat_odds

    return combat_odds(0, 2).probability


def _points_needed(p: Fraction, target: float = 0.9) -> int:
    m = 1
    while 1 - (1 - p) ** m < target:
        m += 1
    return m


@exercise(
    "02.2",
    "integer",
    "Solve 1 - (2/3)^m >= 0.9 for the smallest whole m.",
    facts=lambda: {
        "m": _points_needed(Fraction(1, 3)),
        "P": str(1 - Fraction(2, 3) ** _points_needed(Fraction(1, 3))),
    },
)
def _e2():
    return _points_needed(Fraction(1, 3))


@exercise("02.3", "fraction", "List the six faces and mark those that win at a difference of +1.")
def _e3():
    import copy

    import evo_lab
    from evo_lab.games.evo2e.odds import combat_odds

    pack = evo_lab.load_data()
    die = copy.deepcopy(pack.raw["die"])
    die["faces"] = ["cross", "cross", "claw", "equals", "plus", "two_plus"]
    return combat_odds(1, 0, data=evo_lab.load_data(overrides={"die": die})).probability


@exercise(
    "02.4",
    "fraction",
    "Under the other reading the defence is 2 horns, not 1 + 2: what is the difference "
    "then, and what does the table give?",
    facts=lambda: {
        "R8": str(
            __import__("evo_lab.games.evo2e.odds", fromlist=["x"])
            .combat_odds(2, 1, bony_plates=True)
            .probability
        )
    },
)
def _e4():
    from evo_lab.games.evo2e.odds import combat_odds

    # 2 horns attack 1 horn + bony plates, the plates read as "the defence counts as exactly 2 horns"
    return combat_odds(2, 2).probability
