"""Lesson 07b, where the biology lab breaks revenue equivalence: answers recomputed with ``evo_lab.theory.lab`` and
``evo_lab.lessons.auction`` on the lesson's engine positions."""

from __future__ import annotations

from ..checks import exercise


def _teaching():
    from evo_lab.theory import teaching_position

    return teaching_position(players=2, seed=1)


@exercise(
    "07b.1",
    "number",
    "Backward induction: for which bids b does P2 gain by outbidding (3 - (b + 1) > 0)? At "
    "a tie P2 takes the free card; P1 pre-empts with the lowest bid P2 will not beat.",
)
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

    _s, t = _real_table()
    o = _real_vcg()
    out = {"prices": tuple(f"{x:.1f}" for x in o.prices), "welfare": f"{o.welfare:.1f}"}
    for p in range(3):
        others = [q for q in range(3) if q != p]
        w = max(
            sum(t[q][lot] for q, lot in zip(others, lots)) for lots in itertools.permutations(range(3), 2)
        )
        got = o.welfare - t[p][o.holder.index(p)]
        out[f"P{p + 1}"] = (f"{w:.1f}", f"{got:.1f}")
    return out


@exercise(
    "07b.2",
    "number",
    "Find the assignment with the largest total value of the new table, then charge each "
    "player the loss its presence causes the others.",
    tolerance=0.051,
    facts=_vcg_facts,
)
def _e5():
    return round(_real_vcg().revenue, 1)


@exercise(
    "07b.3",
    "number",
    "When an indifferent P2 outbids, the bid that P2 would match is no longer safe: P1 must "
    "pre-empt one step higher. List the equilibria with subgame_perfect_outcomes(..., revenue=True).",
)
def _e6():
    from ..auction import subgame_perfect_outcomes

    return max(v[-1] for v in subgame_perfect_outcomes(_teaching(), [[0, 6], [0, 3]], revenue=True))
