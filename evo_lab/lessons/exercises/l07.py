"""Lesson 07, auction formats in the biology lab: answers recomputed with ``evo_lab.theory.formats``, ``.revenue``
and ``.lab`` on the lesson's engine positions."""

from __future__ import annotations

from ..checks import exercise


@exercise("07.1", "integer", "Write down each bidder's drop level. The clock stops at the first level the runner-up "
          "no longer accepts.")
def _e1():
    from evo_lab.theory.formats import dominant_outcome

    return int(dominant_outcome([6, 4, 1], "english").revenue)


def _r7():
    from evo_lab.theory.revenue import exact_dominant

    return exact_dominant(range(7), 2)


@exercise("07.2", "fraction", "The formats differ only when the highest value is unique: count the profiles where "
          "it is shared.",
          facts=lambda: {"english": str(_r7()["english"]["revenue"]), "second": str(_r7()["second"]["revenue"]),
                         "shared": "7/49"})
def _e2():
    r = _r7()
    return r["english"]["revenue"] - r["second"]["revenue"]


def _r10():
    from evo_lab.theory.revenue import exact_dominant

    return exact_dominant(range(10), 2)


@exercise("07.3", "fraction", "Both bid 6 when both values are 6 or more; the tie goes to P1. In how many of the 100 "
          "pairs is P1's value then the smaller one?",
          facts=lambda: {"efficient": str(_r10()["second"]["efficient"]), "raw": "6/100"})
def _e3():
    return 1 - _r10()["second"]["efficient"]


def _teaching():
    from evo_lab.theory import teaching_position

    return teaching_position(players=2, seed=1)


@exercise("07.4", "number", "Backward induction: for which bids b does P2 gain by outbidding (3 - (b + 1) > 0)? P1 "
          "pre-empts with the lowest bid P2 will not beat.")
def _e4():
    from evo_lab.theory.lab import evo_equilibrium

    return evo_equilibrium(_teaching(), [[0, 6], [0, 3]]).revenue


_MEMO: dict = {}


def _real_table():
    if "table" not in _MEMO:
        import numpy as np

        from evo_lab.theory import lot_valuations
        from evo_lab.theory.lab import auction_position

        s = auction_position(players=3, seed=3, round=3)
        table = np.round(lot_valuations(s, n=100, seed=7, progress=False).values, 1)
        table[2][1] = 0.0
        _MEMO["table"] = (s, table)
    return _MEMO["table"]


def _real_vcg():
    from evo_lab.theory.lab import vcg

    return vcg(*_real_table())


def _vcg_facts() -> dict:
    """Per player: the others' best welfare without them, and what the others get in the best assignment."""
    import itertools

    s, t = _real_table()
    o = _real_vcg()
    out = {"prices": tuple(f"{x:.1f}" for x in o.prices), "welfare": f"{o.welfare:.1f}"}
    for p in range(3):
        others = [q for q in range(3) if q != p]
        w = max(sum(t[q][lot] for q, lot in zip(others, lots)) for lots in itertools.permutations(range(3), 2))
        got = o.welfare - t[p][o.holder.index(p)]
        out[f"P{p + 1}"] = (f"{w:.1f}", f"{got:.1f}")
    return out


@exercise("07.5", "number", "Find the assignment with the largest total value of the new table, then charge each "
          "player the loss its presence causes the others.", tolerance=0.051,
          facts=_vcg_facts)
def _e5():
    return round(_real_vcg().revenue, 1)

