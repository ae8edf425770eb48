"""Weak dominance and its iterated elimination, trembling-hand perfection in two-player games, the minimax
theorem for zero-sum games and correlated equilibria, on two-player games in normal form
(:class:`~evo_lab.theory.repeated.StageGame`). Linear programmes use scipy's HiGHS; every answer is then rounded
to fractions and *verified exactly*, so a reported equilibrium or value is never a floating-point guess.

**Weak dominance.** ``s`` is weakly dominated by ``t`` if ``t`` pays at least as much against every strategy of
the other player and strictly more against at least one. Removing weakly dominated strategies one at a time can
end in different games depending on the order (unlike strict dominance): :func:`elimination_outcomes` follows
every order and lists the distinct results.

**Trembling-hand perfection** (Selten 1975). In a two-player game a Nash equilibrium is (normal-form)
trembling-hand perfect if and only if neither player uses a strategy that is weakly dominated, by a pure or a
mixed strategy (van Damme, *Stability and Perfection of Nash Equilibria*, 1991, Theorem 3.2.2); so
:func:`weakly_dominated_by_mix` decides it.

**Minimax theorem** (von Neumann 1928). In a finite two-player zero-sum game ``max_x min_y x^T M y = min_y max_x
x^T M y``, the *value*; :func:`solve_zero_sum` solves the row player's and the column player's linear programmes
separately and checks that they meet.

**Correlated equilibrium** (Aumann 1974). A distribution ``p`` over action profiles such that each player, told
only its own recommended action, cannot gain by deviating: for every player, recommended ``a`` and alternative
``a'``, ``sum over the other's actions of p(a, b) [u(a, b) - u(a', b)] >= 0``. These are linear inequalities, so
the correlated equilibria form a polytope and :func:`correlated_equilibrium` optimises a linear objective over it.

>>> from evo_lab.theory.repeated import StageGame
>>> chicken = StageGame.from_rows([[0, 7], [2, 6]], [[0, 2], [7, 6]], ["dare", "chicken"], ["dare", "chicken"])
>>> ce = correlated_equilibrium(chicken)
>>> {k: str(v) for k, v in ce.items() if v}
{('dare', 'chicken'): '1/4', ('chicken', 'dare'): '1/4', ('chicken', 'chicken'): '1/2'}
>>> value, x, y = solve_zero_sum([[3, -4], [-2, -1]])
>>> value, x
(Fraction(-11, 8), (Fraction(1, 8), Fraction(7, 8)))
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from .auction import TheoryError
from .repeated import StageGame

__all__ = [
    "RefinementError",
    "correlated_equilibrium",
    "eliminate",
    "elimination_outcomes",
    "is_correlated_equilibrium",
    "solve_zero_sum",
    "subgame",
    "trembling_hand_perfect",
    "weakly_dominated_by_mix",
    "weakly_dominated_pure",
    "weakly_dominates",
]

Cell = tuple[str, str]


class RefinementError(TheoryError):
    """A question the refinement tools cannot answer (an unknown strategy, an infeasible programme)."""


def _own(game: StageGame, player: int, rows: Sequence[int], cols: Sequence[int]) -> list[list[Fraction]]:
    """``player``'s payoffs with its own (remaining) strategies as rows."""
    if player == 0:
        return [[game.A[r][c] for c in cols] for r in rows]
    return [[game.B[r][c] for r in rows] for c in cols]


def weakly_dominates(t: Sequence[Fraction], s: Sequence[Fraction]) -> bool:
    """Payoff vector ``t`` weakly dominates ``s``: never less, somewhere more."""
    return all(a >= b for a, b in zip(t, s)) and any(a > b for a, b in zip(t, s))


def weakly_dominated_pure(
    game: StageGame, player: int, rows: Sequence[int] | None = None, cols: Sequence[int] | None = None
) -> dict[int, list[int]]:
    """``{strategy: [pure strategies that weakly dominate it]}`` for ``player`` in the subgame of ``rows`` and
    ``cols`` (indices; default all)."""
    rows = list(range(len(game.rows))) if rows is None else list(rows)
    cols = list(range(len(game.cols))) if cols is None else list(cols)
    mine = rows if player == 0 else cols
    own = _own(game, player, rows, cols)
    out: dict[int, list[int]] = {}
    for i, s in enumerate(mine):
        by = [mine[j] for j in range(len(mine)) if j != i and weakly_dominates(own[j], own[i])]
        if by:
            out[s] = by
    return out


def elimination_outcomes(
    game: StageGame, limit: int = 200_000
) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Every result of iterated elimination of weakly dominated (by pure strategies) strategies, one strategy at
    a time, in every possible order: the distinct ``(remaining rows, remaining columns)`` where no strategy is
    weakly dominated any more. (Memoised depth-first search over the subgames reached; ``limit`` bounds them.)"""
    seen: set[tuple[frozenset[int], frozenset[int]]] = set()
    ends: list[tuple[tuple[str, ...], tuple[str, ...]]] = []

    def walk(rows: frozenset[int], cols: frozenset[int]) -> None:
        if (rows, cols) in seen:
            return
        seen.add((rows, cols))
        if len(seen) > limit:
            raise RefinementError(f"more than {limit} subgames: the game is too large to follow every order")
        moves = [(0, s) for s in weakly_dominated_pure(game, 0, sorted(rows), sorted(cols))] + [
            (1, s) for s in weakly_dominated_pure(game, 1, sorted(rows), sorted(cols))
        ]
        if not moves:
            end = (tuple(game.rows[r] for r in sorted(rows)), tuple(game.cols[c] for c in sorted(cols)))
            if end not in ends:
                ends.append(end)
            return
        for p, s in moves:
            walk(rows - {s} if p == 0 else rows, cols - {s} if p == 1 else cols)

    walk(frozenset(range(len(game.rows))), frozenset(range(len(game.cols))))
    return ends


def eliminate(game: StageGame, first: int) -> list[tuple[int, str]]:
    """One order of iterated weak dominance: remove one weakly dominated strategy at a time, always of player
    ``first`` (0 or 1) while it has one, else of the other; the lowest-listed strategy first. Returns the
    eliminations ``[(player, strategy), ...]`` in order."""
    rows, cols = list(range(len(game.rows))), list(range(len(game.cols)))
    steps: list[tuple[int, str]] = []
    while True:
        for p in (first, 1 - first):
            dom = weakly_dominated_pure(game, p, rows, cols)
            if dom:
                s = min(dom)
                (rows if p == 0 else cols).remove(s)
                steps.append((p, (game.rows if p == 0 else game.cols)[s]))
                break
        else:
            return steps


def subgame(game: StageGame, rows: Sequence[str], cols: Sequence[str]) -> StageGame:
    """The game restricted to the named rows and columns."""
    ri = [game.rows.index(r) for r in rows]
    ci = [game.cols.index(c) for c in cols]
    return StageGame(
        tuple(tuple(game.A[r][c] for c in ci) for r in ri),
        tuple(tuple(game.B[r][c] for c in ci) for r in ri),
        tuple(rows),
        tuple(cols),
    )


def weakly_dominated_by_mix(game: StageGame, player: int, strategy: str) -> tuple[Fraction, ...] | None:
    """A mixed strategy of ``player`` (over all its pure strategies) that weakly dominates ``strategy``, or
    ``None`` if there is none. Solved as the LP "maximise the total surplus of ``sigma`` over ``strategy``
    subject to no loss anywhere", then rounded and verified exactly."""
    from scipy.optimize import linprog

    labels = game.rows if player == 0 else game.cols
    if strategy not in labels:
        raise RefinementError(f"P{player + 1} has no strategy {strategy!r}")
    own = _own(game, player, range(len(game.rows)), range(len(game.cols)))
    s = labels.index(strategy)
    m = np.array([[float(v) for v in r] for r in own])
    k = m.shape[0]
    # maximise sum_j (sigma^T m - m_s)_j  s.t. sigma^T m >= m_s, sigma >= 0, sum sigma = 1, sigma_s = 0
    res = linprog(
        -m.sum(axis=1),
        A_ub=-m.T,
        b_ub=-m[s],
        A_eq=np.ones((1, k)),
        b_eq=[1.0],
        bounds=[(0, 0) if i == s else (0, None) for i in range(k)],
        method="highs",
    )
    if not res.success or -res.fun - m[s].sum() <= 1e-9:
        return None
    raw = [Fraction(max(v, 0.0)).limit_denominator(1000) for v in res.x]
    sigma = tuple(v / sum(raw) for v in raw)
    mixed = [sum((sigma[i] * own[i][j] for i in range(k)), Fraction(0)) for j in range(len(own[0]))]
    if not weakly_dominates(mixed, own[s]):  # pragma: no cover - rounding broke it: refuse rather than guess
        raise RefinementError(
            f"the LP found a dominating mix for {strategy!r} that does not survive rounding"
        )
    return sigma


def trembling_hand_perfect(game: StageGame, cell: Cell) -> tuple[bool, str]:
    """Whether the pure Nash equilibrium ``cell`` is trembling-hand perfect (two players: neither strategy weakly
    dominated by a pure or mixed strategy), and why."""
    if cell not in game.pure_equilibria():
        return False, f"{cell} is not a Nash equilibrium"
    for p, s in enumerate(cell):
        mix = weakly_dominated_by_mix(game, p, s)
        if mix is not None:
            labels = game.rows if p == 0 else game.cols
            by = ", ".join(f"{labels[i]} {q}" for i, q in enumerate(mix) if q)
            return False, f"P{p + 1}'s {s!r} is weakly dominated by ({by})"
    return True, "neither strategy is weakly dominated"


def solve_zero_sum(
    matrix: Sequence[Sequence[Any]],
) -> tuple[Fraction, tuple[Fraction, ...], tuple[Fraction, ...]]:
    """``(value, x, y)`` of the zero-sum game ``matrix`` (the row player's payoffs): the row player's maximin LP
    and the column player's minimax LP, solved separately, rounded to fractions and checked exactly: ``x``
    guarantees at least ``value`` against every column, ``y`` holds the row player to at most ``value``."""
    from scipy.optimize import linprog

    mf = [[Fraction(v) for v in r] for r in matrix]
    m = np.array([[float(v) for v in r] for r in mf])
    k, n = m.shape

    def lp(a: np.ndarray) -> np.ndarray:  # max t s.t. x^T a >= t, x in the simplex
        res = linprog(
            np.r_[np.zeros(a.shape[0]), -1.0],
            A_ub=np.hstack([-a.T, np.ones((a.shape[1], 1))]),
            b_ub=np.zeros(a.shape[1]),
            A_eq=np.r_[np.ones(a.shape[0]), 0.0][None, :],
            b_eq=[1.0],
            bounds=[(0, None)] * a.shape[0] + [(None, None)],
            method="highs",
        )
        if not res.success:  # pragma: no cover - finite games always have a value
            raise RefinementError(f"the LP failed: {res.message}")
        return res.x[:-1]

    def exact(v: np.ndarray) -> tuple[Fraction, ...]:
        raw = [Fraction(max(float(q), 0.0)).limit_denominator(1000) for q in v]
        return tuple(q / sum(raw) for q in raw)

    x, y = exact(lp(m)), exact(lp(-m.T))
    low = min(sum((x[i] * mf[i][j] for i in range(k)), Fraction(0)) for j in range(n))
    high = max(sum((mf[i][j] * y[j] for j in range(n)), Fraction(0)) for i in range(k))
    if low != high:
        raise RefinementError(f"the rounded strategies guarantee {low} and concede {high}: not exact")
    return low, x, y


def is_correlated_equilibrium(game: StageGame, dist: dict[Cell, Fraction]) -> bool:
    """Whether ``dist`` (probabilities of ``(row, column)`` label pairs) satisfies every incentive constraint."""
    if any(p < 0 for p in dist.values()):
        return False
    if sum(dist.values(), Fraction(0)) != 1:
        return False
    return all(g >= 0 for g in _gains(game, dist))


def _gains(game: StageGame, dist: dict[Cell, Fraction]) -> list[Fraction]:
    """For each player, recommendation and alternative: the expected gain of obeying over deviating."""
    out = []
    nr, nc = len(game.rows), len(game.cols)
    for a in range(nr):
        for b in range(nr):
            if a != b:
                out.append(
                    sum(
                        (
                            dist.get((game.rows[a], game.cols[c]), Fraction(0))
                            * (game.A[a][c] - game.A[b][c])
                            for c in range(nc)
                        ),
                        Fraction(0),
                    )
                )
    for a in range(nc):
        for b in range(nc):
            if a != b:
                out.append(
                    sum(
                        (
                            dist.get((game.rows[r], game.cols[a]), Fraction(0))
                            * (game.B[r][a] - game.B[r][b])
                            for r in range(nr)
                        ),
                        Fraction(0),
                    )
                )
    return out


def correlated_equilibrium(game: StageGame, weights: tuple[Any, Any] = (1, 1)) -> dict[Cell, Fraction]:
    """The correlated equilibrium that maximises ``weights[0] * E[u1] + weights[1] * E[u2]`` (default: the sum
    of payoffs), as exact probabilities, verified (:func:`is_correlated_equilibrium`)."""
    from scipy.optimize import linprog

    nr, nc = len(game.rows), len(game.cols)
    cells = [(r, c) for r in range(nr) for c in range(nc)]
    obj = [
        -(float(weights[0]) * float(game.A[r][c]) + float(weights[1]) * float(game.B[r][c])) for r, c in cells
    ]
    rows_ub = []
    for a in range(nr):
        for b in range(nr):
            if a != b:
                rows_ub.append([-(float(game.A[a][c] - game.A[b][c])) if r == a else 0.0 for r, c in cells])
    for a in range(nc):
        for b in range(nc):
            if a != b:
                rows_ub.append([-(float(game.B[r][a] - game.B[r][b])) if c == a else 0.0 for r, c in cells])
    res = linprog(
        obj,
        A_ub=np.array(rows_ub),
        b_ub=np.zeros(len(rows_ub)),
        A_eq=np.ones((1, len(cells))),
        b_eq=[1.0],
        bounds=[(0, None)] * len(cells),
        method="highs",
    )
    if not res.success:  # pragma: no cover - the Nash equilibria are always feasible
        raise RefinementError(f"the correlated-equilibrium LP failed: {res.message}")
    raw = [Fraction(max(v, 0.0)).limit_denominator(1000) for v in res.x]
    dist = {(game.rows[r], game.cols[c]): q / sum(raw) for (r, c), q in zip(cells, raw)}
    if not is_correlated_equilibrium(game, dist):
        raise RefinementError("the rounded distribution breaks an incentive constraint")
    return dist
