"""Lesson 04, the bidding round as a game: answers recomputed with ``evo_lab.theory`` on the lesson's position."""

from __future__ import annotations

from ..checks import exercise


def _state():
    from evo_lab.theory import teaching_position

    return teaching_position(players=2, seed=1)


@exercise(
    "04.1",
    "number",
    "Backward induction: for which bids b does P2 still gain by outbidding (3 - (b + 1) > 0)? "
    "P1 pre-empts with the smallest bid P2 will not beat.",
)
def _e1():
    from evo_lab.theory import solve_sequential

    return solve_sequential(_state(), [[0, 5], [0, 3]]).payoffs[0]


@exercise(
    "04.2", "number", "With bids {0, 1, 3}, P2 can beat a bid of 1 only with 3. Is that worth it to P2?"
)
def _e2():
    from evo_lab.theory import solve_sequential

    return solve_sequential(_state(), [[0, 5], [0, 3]], bids=[0, 1, 3]).payoffs[0]


@exercise(
    "04.3",
    "integer",
    "List the profiles where neither player gains by a one-player change; remember that a tie "
    "goes to the earlier bidder (P1).",
)
def _e3():
    from evo_lab.theory import normal_form

    return len(normal_form(_state(), [[0, 2], [0, 2]], bids=[0, 1, 2]).pure_equilibria())


@exercise(
    "04.4",
    "integer",
    "Where is a player indifferent? At such a node any choice can be part of an equilibrium, "
    "and a deviation elsewhere can be punished by the continuation that hurts the deviator most.",
)
def _e4():
    from ..auction import subgame_perfect_outcomes

    return len(subgame_perfect_outcomes(_state(), [[1, 3], [0, 4]]))


def _vial():
    from evo_lab.theory import gene_values

    return gene_values(_state(), genes=["vial"], n=200, seed=1, progress=False).table()


@exercise(
    "04.5",
    "number",
    "Run gene_values(state, genes=['vial'], n=200, seed=1) and read P1's value (one decimal).",
    tolerance=0.051,
    facts=lambda: {
        f"P{r['player'] + 1}": (f"{r['value']:.1f}", f"{r['low']:.1f}", f"{r['high']:.1f}") for r in _vial()
    },
)
def _e5():
    return _vial()[0]["value"]
