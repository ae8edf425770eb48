"""Repeated games: a stage game played round after round, discounting, grim trigger, minmax payoffs and the
feasible, individually rational set of the folk theorem (Fudenberg and Tirole, *Game Theory*, 1991, ch. 5;
Osborne, *An Introduction to Game Theory*, 2004, ch. 14-15).

A **stage game** is a two-player game in normal form (:class:`StageGame`: payoff tables ``A`` for the row player
P1 and ``B`` for the column player P2, exact fractions). In the **repeated game** it is played in rounds
``t = 0, 1, 2, ...``, each player seeing all past actions; a stream of payoffs ``u_0, u_1, ...`` is worth
``(1 - delta) * sum(delta**t * u_t)`` (the *normalised discounted* value, in the stage game's units), where the
**discount factor** ``delta`` in ``[0, 1)`` mixes patience and the chance that another round is played.

* **Minmax** payoff of player ``i``: the least the other can hold ``i`` to when ``i`` best-responds,
  ``min over the other's mixed strategies of max over i's actions``; :meth:`StageGame.minmax` solves it as a
  linear programme (scipy's HiGHS) and returns the value as a fraction, verified exactly;
  :meth:`StageGame.pure_minmax` restricts the punisher to pure actions.
* **Feasible** payoffs: the convex hull of the stage game's payoff pairs (reached by a public randomising device,
  or by cycling); :meth:`StageGame.feasible_hull` gives its vertices exactly. A feasible pair is **individually
  rational** when it gives each player at least its minmax payoff.
* **Grim trigger**: follow a cooperative path while nobody has deviated; after a deviation play a stage Nash
  equilibrium for ever. By the one-shot deviation principle it is a subgame-perfect equilibrium iff no player
  gains by deviating once on the path. A player who gets ``c`` today on the path, whose continuation on the path
  is worth ``v`` per round, who gets at most ``d`` today by deviating and ``n`` per round in the punishment,
  does not gain iff ``(1 - delta) c + delta v >= (1 - delta) d + delta n``, that is
  ``delta >= (d - c) / (d - c + v - n)`` (:func:`grim_threshold`).

>>> pd = StageGame.from_rows([[3, 0], [5, 1]], [[3, 5], [0, 1]], ["C", "D"], ["C", "D"])
>>> pd.pure_equilibria()
[('D', 'D')]
>>> pd.minmax(0), pd.minmax(1)
(Fraction(1, 1), Fraction(1, 1))
>>> grim_threshold(cooperate=3, deviate=5, continuation=3, punishment=1)
Fraction(1, 2)
>>> [str(x) + "," + str(y) for x, y in pd.feasible_hull()]
['0,5', '1,1', '5,0', '3,3']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from .auction import TheoryError

__all__ = [
    "PathCheck",
    "RepeatedError",
    "StageGame",
    "discounted",
    "grim_threshold",
    "hull",
    "inside",
    "last_round_lever",
    "random_path_threshold",
]

Point = tuple[Fraction, Fraction]


class RepeatedError(TheoryError):
    """A stage game or a repeated-game question that does not make sense (tables of different shapes, a
    discount factor outside [0, 1), a deviation that gains nothing...)."""


def _frac(v: Any) -> Fraction:
    return Fraction(v).limit_denominator(10**6) if isinstance(v, float) else Fraction(v)


@dataclass(frozen=True)
class StageGame:
    """A two-player stage game: ``A[r][c]`` is P1's payoff and ``B[r][c]`` P2's when P1 plays row ``r`` and P2
    column ``c``."""

    A: tuple[tuple[Fraction, ...], ...]
    B: tuple[tuple[Fraction, ...], ...]
    rows: tuple[str, ...]
    cols: tuple[str, ...]

    def __post_init__(self) -> None:
        shape = (len(self.A), len(self.A[0]) if self.A else 0)
        if (
            shape[0] == 0
            or shape[1] == 0
            or any(len(r) != shape[1] for r in self.A)
            or len(self.B) != shape[0]
            or any(len(r) != shape[1] for r in self.B)
        ):
            raise RepeatedError("the payoff tables A and B must be non-empty and of the same shape")
        if (len(self.rows), len(self.cols)) != shape:
            raise RepeatedError(f"{shape[0]} row and {shape[1]} column labels needed")
        object.__setattr__(self, "A", tuple(tuple(_frac(v) for v in r) for r in self.A))
        object.__setattr__(self, "B", tuple(tuple(_frac(v) for v in r) for r in self.B))

    @classmethod
    def from_rows(
        cls, a: Sequence[Sequence[Any]], b: Sequence[Sequence[Any]], rows: Sequence[str], cols: Sequence[str]
    ) -> StageGame:
        return cls(tuple(tuple(r) for r in a), tuple(tuple(r) for r in b), tuple(rows), tuple(cols))

    @classmethod
    def from_normal_form(cls, nf: Any) -> StageGame:
        """The stage game of a two-player sealed-bid auction (:func:`evo_lab.theory.normal_form`)."""
        a, b = nf.payoff_matrices()
        return cls(
            tuple(tuple(_frac(float(v)) for v in r) for r in a),
            tuple(tuple(_frac(float(v)) for v in r) for r in b),
            tuple(nf.labels(0)),
            tuple(nf.labels(1)),
        )

    def payoff(self, r: int, c: int) -> Point:
        return self.A[r][c], self.B[r][c]

    def table(self, player: int) -> tuple[tuple[Fraction, ...], ...]:
        """The payoffs of ``player`` with *that player's* actions as rows."""
        if player == 0:
            return self.A
        return tuple(tuple(self.B[r][c] for r in range(len(self.rows))) for c in range(len(self.cols)))

    def pure_equilibria(self) -> list[tuple[str, str]]:
        """Pure Nash equilibria as label pairs."""
        out = []
        for r in range(len(self.rows)):
            for c in range(len(self.cols)):
                if self.A[r][c] == max(self.A[k][c] for k in range(len(self.rows))) and self.B[r][c] == max(
                    self.B[r][k] for k in range(len(self.cols))
                ):
                    out.append((self.rows[r], self.cols[c]))
        return out

    def equilibrium_payoffs(self) -> list[Point]:
        """The payoff pairs of the pure equilibria."""
        return [self.payoff(self.rows.index(r), self.cols.index(c)) for r, c in self.pure_equilibria()]

    def extreme_equilibrium_payoffs(self) -> list[Point]:
        """The payoff pairs of the extreme (vertex) Nash equilibria, mixed ones included, found by nashpy's
        vertex enumeration and read as fractions. Every equilibrium payoff of a player is an average of its
        payoffs at extreme equilibria (the payoff is linear in each player's strategy, and each maximal set of
        interchangeable equilibria is the product of two polytopes)."""
        import warnings

        import nashpy

        a = np.array([[float(v) for v in r] for r in self.A])
        b = np.array([[float(v) for v in r] for r in self.B])
        out: set[Point] = set()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for x, y in nashpy.Game(a, b).vertex_enumeration():
                out.add(
                    (
                        _frac(float(x @ a @ y)).limit_denominator(1000),
                        _frac(float(x @ b @ y)).limit_denominator(1000),
                    )
                )
        return sorted(out)

    def best_deviation(self, r: int, c: int, player: int) -> Fraction:
        """The most ``player`` can get by changing its own action alone at ``(r, c)``."""
        if player == 0:
            return max(self.A[k][c] for k in range(len(self.rows)))
        return max(self.B[r][k] for k in range(len(self.cols)))

    def pure_minmax(self, player: int) -> tuple[Fraction, str]:
        """``min over the other's pure actions of max over player's actions``, and the punishing action."""
        own = self.table(player)  # own[i][j]: i own action, j the other's
        vals = [max(own[i][j] for i in range(len(own))) for j in range(len(own[0]))]
        j = vals.index(min(vals))
        return vals[j], (self.cols if player == 0 else self.rows)[j]

    def minmax(self, player: int) -> Fraction:
        """The mixed minmax payoff of ``player`` (the other may mix): a linear programme, its optimum read as a
        fraction and checked exactly (the punisher's rounded mix must hold ``player`` to it, and the value of the
        dual, ``player``'s guaranteed payoff against that mix, must match)."""
        value, _mix = self.minmax_strategy(player)
        return value

    def minmax_strategy(self, player: int) -> tuple[Fraction, tuple[Fraction, ...]]:
        """``(value, mix)``: the mixed minmax payoff and a punishing mix of the other player, exact."""
        from scipy.optimize import linprog

        own = np.array([[float(v) for v in r] for r in self.table(player)])
        m, k = own.shape
        # variables q_1..q_k (punisher's mix), t; minimise t s.t. own @ q <= t
        cost = np.zeros(k + 1)
        cost[-1] = 1.0
        res = linprog(
            cost,
            A_ub=np.hstack([own, -np.ones((m, 1))]),
            b_ub=np.zeros(m),
            A_eq=np.hstack([np.ones((1, k)), np.zeros((1, 1))]),
            b_eq=[1.0],
            bounds=[(0, None)] * k + [(None, None)],
            method="highs",
        )
        if not res.success:  # pragma: no cover - a finite game always has a minmax
            raise RepeatedError(f"the minmax LP failed: {res.message}")
        raw = [Fraction(max(q, 0.0)).limit_denominator(1000) for q in res.x[:k]]
        mix = tuple(q / sum(raw) for q in raw)
        own_f = self.table(player)
        value = max(sum((own_f[i][j] * mix[j] for j in range(k)), Fraction(0)) for i in range(m))
        if abs(float(value) - res.fun) > 1e-7:
            raise RepeatedError(
                f"the rounded punishing mix holds the player to {value}, the LP says {res.fun}"
            )
        return value, mix

    def points(self) -> list[Point]:
        """Every stage payoff pair (without repeats)."""
        return sorted({self.payoff(r, c) for r in range(len(self.rows)) for c in range(len(self.cols))})

    def feasible_hull(self) -> list[Point]:
        """The vertices of the feasible set (the convex hull of :meth:`points`), anticlockwise."""
        return hull(self.points())


def _cross(o: Point, a: Point, b: Point) -> Fraction:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def hull(points: Sequence[Point]) -> list[Point]:
    """The convex hull of points in the plane (Andrew's monotone chain, exact), anticlockwise from the lowest
    leftmost point; collinear points on an edge are left out."""
    pts = sorted({(Fraction(x), Fraction(y)) for x, y in points})
    if len(pts) <= 2:
        return pts
    lower: list[Point] = []
    for p in pts:
        while len(lower) >= 2 and _cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[Point] = []
    for p in reversed(pts):
        while len(upper) >= 2 and _cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def inside(vertices: Sequence[Point], p: Sequence[Any]) -> bool:
    """Whether ``p`` lies in the convex polygon ``vertices`` (anticlockwise; boundary included)."""
    q = (Fraction(p[0]), Fraction(p[1]))
    n = len(vertices)
    if n < 3:
        return q in vertices or (
            n == 2
            and _cross(vertices[0], vertices[1], q) == 0
            and min(vertices[0], vertices[1]) <= q <= max(vertices[0], vertices[1])
        )
    return all(_cross(vertices[i], vertices[(i + 1) % n], q) >= 0 for i in range(n))


def grim_threshold(cooperate: Any, deviate: Any, continuation: Any, punishment: Any) -> Fraction:
    """The least ``delta`` at which a one-round deviation from the path does not pay under grim trigger:
    ``(d - c) / (d - c + v - n)`` (see the module docstring). 0 when the deviation gains nothing today;
    :class:`RepeatedError` when the punishment is no worse than the path (no ``delta`` deters)."""
    c, d, v, n = (Fraction(x) for x in (cooperate, deviate, continuation, punishment))
    if d <= c:
        return Fraction(0)
    if v <= n:
        raise RepeatedError(
            f"the path is worth {v} per round and the punishment {n}: nothing deters a deviation"
        )
    return (d - c) / (d - c + v - n)


def discounted(stream: Sequence[Any], delta: Any, tail: Any = 0) -> Fraction:
    """The normalised discounted value ``(1 - delta) sum delta**t u_t`` of a finite ``stream`` followed by
    ``tail`` for ever after."""
    dl = Fraction(delta)
    if not 0 <= dl < 1:
        raise RepeatedError(f"the discount factor must be in [0, 1), got {delta}")
    head = sum((Fraction(u) * dl**t for t, u in enumerate(stream)), Fraction(0))
    return (1 - dl) * head + dl ** len(stream) * Fraction(tail)


def last_round_lever(stage: StageGame, player: int) -> Fraction:
    """How much the choice among the stage game's pure equilibria can move ``player``'s payoff (largest minus
    smallest). In a finitely repeated game the last round must be a stage equilibrium, so this is the most any
    threat about the last round *alone* can punish ``player`` by. A player with 0 here can still be rewarded or
    punished in earlier rounds when the *other* player's lever is positive: the other's incentives let earlier
    rounds differ, so payoffs become history dependent before the end (Benoit and Krishna 1985; Smith 1995's
    "recursively distinct Nash payoffs"). :func:`finite_horizon_spe` computes what that allows."""
    pays = [p[player] for p in stage.equilibrium_payoffs()]
    if not pays:
        raise RepeatedError("the stage game has no pure equilibrium")
    return max(pays) - min(pays)


@dataclass(frozen=True)
class PathCheck:
    """One line of :func:`random_path_threshold`: in ``cell`` (drawn by the public coin) ``player`` gets
    ``cooperate``, could get ``deviate`` by a one-round deviation, is worth ``continuation`` per round on the path
    and ``punishment`` per round after a deviation; ``threshold`` is the least ``delta`` that deters it."""

    cell: tuple[str, str]
    player: int
    cooperate: Fraction
    deviate: Fraction
    continuation: Fraction
    punishment: Fraction
    threshold: Fraction


def random_path_threshold(
    stage: StageGame, cells: Sequence[tuple[str, str]], weights: Sequence[Any] | None = None
) -> tuple[Fraction, list[PathCheck]]:
    """Grim trigger on a path that draws each round, by a public coin seen before the bids, one of ``cells``
    (``(row, column)`` labels) with ``weights`` (equal by default). After any deviation the players switch for
    ever to the stage equilibrium that is worst for the deviator (a stage equilibrium in every later round is
    itself subgame perfect). Returns the least ``delta`` at which no one-round deviation pays, and the check of
    every cell and player (the one-shot deviation principle: these are all the deviations to check).

    >>> pd = StageGame.from_rows([[3, 0], [5, 1]], [[3, 5], [0, 1]], ["C", "D"], ["C", "D"])
    >>> random_path_threshold(pd, [("C", "C")])[0]
    Fraction(1, 2)
    """
    w = [Fraction(1)] * len(cells) if weights is None else [Fraction(x) for x in weights]
    if len(w) != len(cells) or any(x < 0 for x in w) or sum(w) == 0:
        raise RepeatedError("one non-negative weight per cell, not all 0")
    w = [x / sum(w) for x in w]
    idx = [(stage.rows.index(r), stage.cols.index(c)) for r, c in cells]
    nash = stage.equilibrium_payoffs()
    if not nash:
        raise RepeatedError("grim trigger needs a pure stage equilibrium to fall back on")
    checks = []
    for player in (0, 1):
        value = sum((q * stage.payoff(r, c)[player] for q, (r, c) in zip(w, idx)), Fraction(0))
        worst = min(p[player] for p in nash)
        for (r, c), cell in zip(idx, cells):
            coop = stage.payoff(r, c)[player]
            dev = stage.best_deviation(r, c, player)
            checks.append(
                PathCheck(
                    (cell[0], cell[1]),
                    player,
                    coop,
                    dev,
                    value,
                    worst,
                    grim_threshold(coop, dev, value, worst),
                )
            )
    return max(ch.threshold for ch in checks), checks


@dataclass(frozen=True)
class RoundSet:
    """One round of :func:`finite_horizon_spe`: ``vertices`` of the set of expected total payoffs (from this round
    on) that the recursion finds, ``enforceable`` the cells (``(row, column)`` labels) that can be played in this
    round of some subgame-perfect equilibrium it builds."""

    round: int
    carry_on: Fraction
    vertices: list[Point]
    enforceable: frozenset[tuple[str, str]]


def _clip(poly: Sequence[Point], player: int, bound: Fraction) -> list[Point]:
    """The part of the convex set with vertices ``poly`` (a point, a segment or a polygon) where
    ``w[player] >= bound`` (Sutherland and Hodgman's clipping against one half-plane, exact)."""
    if len(poly) == 1:
        return list(poly) if poly[0][player] >= bound else []
    out: list[Point] = []
    for k, a in enumerate(poly):
        b = poly[(k + 1) % len(poly)]
        if a[player] >= bound:
            out.append(a)
        if (a[player] >= bound) != (b[player] >= bound):
            t = (bound - a[player]) / (b[player] - a[player])
            out.append((a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])))
    return out


def finite_horizon_spe(stage: StageGame, carry_on: Sequence[Any]) -> list[RoundSet]:
    """Subgame-perfect equilibrium payoffs of the stage game repeated for ``len(carry_on)`` rounds, where after
    round ``k`` (1-based) another round is played with probability ``carry_on[k - 1]`` (the last entry must be 0)
    and payoffs are summed without discounting (an expected total).

    Backward recursion (Abreu, Pearce and Stacchetti's self-generation, restricted): a pure profile can be played
    in a round iff some continuation ``w`` in the next round's set, reached when nobody deviates, beats every
    one-round deviation followed by the next round's worst payoff for the deviator; a public coin before each
    round mixes such outcomes (convex hull). Mixed stage actions are left out, so the sets are an
    *under-approximation* of the true SPE payoff sets: every payoff found is that of a real subgame-perfect
    equilibrium, but there may be others. Returns one :class:`RoundSet` per round, round 1 first.

    >>> pd = StageGame.from_rows([[3, 0], [5, 1]], [[3, 5], [0, 1]], ["C", "D"], ["C", "D"])
    >>> [sorted(r.enforceable) for r in finite_horizon_spe(pd, [1, 1, 0])]
    [[('D', 'D')], [('D', 'D')], [('D', 'D')]]
    """
    probs = [Fraction(p) for p in carry_on]
    if not probs or probs[-1] != 0 or any(not 0 <= p <= 1 for p in probs):
        raise RepeatedError("carry_on: probabilities in [0, 1], the last one 0 (the game surely ends)")
    nxt: list[Point] = [(Fraction(0), Fraction(0))]
    rounds: list[RoundSet] = []
    for k in range(len(probs), 0, -1):
        p = probs[k - 1]
        worst = [min(w[i] for w in nxt) for i in (0, 1)]
        points: list[Point] = []
        cells = set()
        for r in range(len(stage.rows)):
            for c in range(len(stage.cols)):
                u = stage.payoff(r, c)
                gains = [stage.best_deviation(r, c, i) - u[i] for i in (0, 1)]
                if p == 0:
                    ok = nxt if all(g == 0 for g in gains) else []
                else:
                    ok = list(nxt)
                    for i in (0, 1):
                        ok = _clip(ok, i, worst[i] + gains[i] / p) if ok else ok
                if ok:
                    cells.add((stage.rows[r], stage.cols[c]))
                    points.extend((u[0] + p * w[0], u[1] + p * w[1]) for w in ok)
        nxt = hull(points)
        rounds.append(RoundSet(k, p, nxt, frozenset(cells)))
    return rounds[::-1]
