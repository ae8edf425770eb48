"""Lesson 07a, auction formats and revenue equivalence: answers recomputed with ``evo_lab.theory.formats`` and
``.revenue``."""

from __future__ import annotations

from ..checks import exercise


@exercise(
    "07a.1",
    "integer",
    "Write down each bidder's drop level. The clock stops at the first level the runner-up "
    "no longer accepts.",
)
def _e1():
    from evo_lab.theory.formats import dominant_outcome

    return int(dominant_outcome([6, 4, 1], "english").revenue)


def _r7():
    from evo_lab.theory.revenue import exact_dominant

    return exact_dominant(range(7), 2)


@exercise(
    "07a.2",
    "fraction",
    "The formats differ only when the highest value is unique: count the profiles where it is shared.",
    facts=lambda: {
        "english": str(_r7()["english"]["revenue"]),
        "second": str(_r7()["second"]["revenue"]),
        "shared": "7/49",
    },
)
def _e2():
    r = _r7()
    return r["english"]["revenue"] - r["second"]["revenue"]


def _r10():
    from evo_lab.theory.revenue import exact_dominant

    return exact_dominant(range(10), 2)


@exercise(
    "07a.3",
    "fraction",
    "Both bid 6 when both values are 6 or more; the tie goes to P1. In how many of the 100 "
    "pairs is P1's value then the smaller one?",
    facts=lambda: {"efficient": str(_r10()["second"]["efficient"]), "raw": "6/100"},
)
def _e3():
    return 1 - _r10()["second"]["efficient"]
