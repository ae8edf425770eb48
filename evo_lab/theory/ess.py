"""Evolutionarily stable strategies (Maynard Smith and Price 1973; Maynard Smith, *Evolution and the Theory of
Games*, 1982) of a symmetric two-player game, exactly, and the finite-population simulation that checks invasion.

A **symmetric game** has one payoff table ``A``: ``A[i][j]`` is what a player using strategy ``i`` gets against
an opponent using ``j`` (the opponent gets ``A[j][i]``). A mixed strategy ``x`` is a probability vector; the
payoff of ``x`` against ``y`` is ``E(x, y) = x^T A y``.

**ESS** (Maynard Smith's definition). ``x`` is evolutionarily stable if for every other strategy ``y`` either

1. ``E(x, x) > E(y, x)`` (``x`` does strictly better against itself than the mutant does against ``x``), or
2. ``E(x, x) = E(y, x)`` and ``E(x, y) > E(y, y)`` (equal against ``x``, better against the mutant).

So an ESS is a symmetric Nash equilibrium ``(x, x)`` with an extra stability condition; a *strict* symmetric
equilibrium is an ESS. For a mixed ``x`` every strategy ``y`` that uses only pure best replies to ``x`` has
``E(y, x) = E(x, x)``, and condition 2 becomes ``(y - x)^T A (y - x) < 0`` (Haigh 1975). When the pure best
replies to ``x`` are exactly its support (a *regular* equilibrium) this says: ``A`` is negative definite on the
directions ``z`` with ``sum(z) = 0`` inside the support, which :meth:`SymmetricGame.ess` checks exactly with
Sylvester's criterion. A pure ``x`` with alternative best replies is decided exactly when there is one
alternative (Maynard Smith's second condition); the other degenerate cases need a copositivity test and raise
:class:`ESSError` rather than guess.

**Hawk-Dove** (Maynard Smith and Price 1973): ``A = [[(V - C)/2, V], [0, V/2]]``. For ``V < C`` no pure strategy is
stable and the mixed strategy "Hawk with probability ``V/C``" is the ESS.

>>> g = hawk_dove(2, 7)
>>> g.symmetric_equilibria()
[(Fraction(2, 7), Fraction(5, 7))]
>>> g.ess(g.symmetric_equilibria()[0]).stable
True
>>> g.ess((1, 0)).stable, g.ess((1, 0)).reason
(False, 'not a Nash equilibrium: Dove does better against it')
>>> g.resists((Fraction(2, 7), Fraction(5, 7)), (1, 0))
(True, 'equal against the resident (5/7 each); better against the mutant: -5/7 > -5/2')
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from .auction import TheoryError

__all__ = ["ESSError", "ESSVerdict", "Number", "SymmetricGame", "hawk_dove", "simulate_population"]

Number = Fraction | int
Mixed = tuple[Fraction, ...]


class ESSError(TheoryError):
    """A payoff table or strategy the ESS analysis cannot take (not square, not a probability vector), or a
    degenerate equilibrium whose stability needs more than the exact tests here."""


def _solve(m: list[list[Fraction]], b: list[Fraction]) -> list[Fraction] | None:
    """The solution of ``m x = b`` in exact arithmetic (Gauss-Jordan), ``None`` if ``m`` is singular."""
    n = len(m)
    rows = [list(r) + [v] for r, v in zip(m, b)]
    for c in range(n):
        piv = next((r for r in range(c, n) if rows[r][c] != 0), None)
        if piv is None:
            return None
        rows[c], rows[piv] = rows[piv], rows[c]
        for r in range(n):
            if r != c and rows[r][c] != 0:
                f = rows[r][c] / rows[c][c]
                rows[r] = [a - f * p for a, p in zip(rows[r], rows[c])]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def _det(m: list[list[Fraction]]) -> Fraction:
    """The determinant of a square matrix of fractions (Gaussian elimination)."""
    a = [list(r) for r in m]
    n, det = len(a), Fraction(1)
    for c in range(n):
        piv = next((r for r in range(c, n) if a[r][c] != 0), None)
        if piv is None:
            return Fraction(0)
        if piv != c:
            a[c], a[piv] = a[piv], a[c]
            det = -det
        det *= a[c][c]
        for r in range(c + 1, n):
            f = a[r][c] / a[c][c]
            a[r] = [x - f * p for x, p in zip(a[r], a[c])]
    return det


@dataclass(frozen=True)
class ESSVerdict:
    """Whether ``strategy`` is an ESS, and why, in words (``condition``: ``"strict equilibrium"``,
    ``"second condition"``, ``"negative definite"`` or what fails)."""

    strategy: Mixed
    stable: bool
    reason: str


@dataclass(frozen=True)
class SymmetricGame:
    """A symmetric two-player game: ``payoffs[i][j]`` to strategy ``i`` against ``j`` (exact fractions)."""

    payoffs: tuple[tuple[Fraction, ...], ...]
    labels: tuple[str, ...]

    def __post_init__(self) -> None:
        n = len(self.payoffs)
        if n < 1 or any(len(r) != n for r in self.payoffs):
            raise ESSError(
                f"a symmetric game needs a square payoff table, got {len(self.payoffs)} rows of "
                f"lengths {[len(r) for r in self.payoffs]}"
            )
        if len(self.labels) != n:
            raise ESSError(f"{n} strategies need {n} labels, got {list(self.labels)}")
        object.__setattr__(self, "payoffs", tuple(tuple(Fraction(v) for v in r) for r in self.payoffs))
        object.__setattr__(self, "labels", tuple(str(x) for x in self.labels))

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[Number | str]], labels: Sequence[str]) -> SymmetricGame:
        return cls(tuple(tuple(Fraction(v) for v in r) for r in rows), tuple(labels))

    @property
    def n(self) -> int:
        return len(self.payoffs)

    def mixed(self, x: Sequence[Number | float]) -> Mixed:
        """``x`` as an exact probability vector (a float is converted exactly); checks length and sum."""
        if len(x) != self.n:
            raise ESSError(f"a strategy of this game has {self.n} probabilities, got {len(x)}")
        v = tuple(Fraction(p) for p in x)
        if any(p < 0 for p in v) or sum(v) != 1:
            raise ESSError(f"not a probability vector: {[str(p) for p in v]}")
        return v

    def pure(self, i: int) -> Mixed:
        return tuple(Fraction(int(k == i)) for k in range(self.n))

    def payoff(self, x: Sequence[Number], y: Sequence[Number]) -> Fraction:
        """``E(x, y) = x^T A y``."""
        x, y = self.mixed(x), self.mixed(y)
        return sum(
            (x[i] * self.payoffs[i][j] * y[j] for i in range(self.n) for j in range(self.n) if x[i] and y[j]),
            Fraction(0),
        )

    def against(self, y: Sequence[Number]) -> list[Fraction]:
        """The payoff of each pure strategy against ``y``: ``(A y)_i``."""
        y = self.mixed(y)
        return [sum((self.payoffs[i][j] * y[j] for j in range(self.n)), Fraction(0)) for i in range(self.n)]

    def best_replies(self, y: Sequence[Number]) -> list[int]:
        """The pure strategies with the highest payoff against ``y``."""
        v = self.against(y)
        return [i for i in range(self.n) if v[i] == max(v)]

    def symmetric_equilibria(self) -> list[Mixed]:
        """Every symmetric Nash equilibrium ``(x, x)`` with a *nondegenerate* support, found by support
        enumeration: on the support the pure strategies earn equal payoffs against ``x``, off it no more.
        (A support whose indifference system is singular is skipped: its equilibria form a continuum.)"""
        out: list[Mixed] = []
        for k in range(1, self.n + 1):
            for sup in itertools.combinations(range(self.n), k):
                x = self._on_support(sup)
                if x is not None and set(sup) <= set(self.best_replies(x)) and x not in out:
                    out.append(x)
        return out

    def _on_support(self, sup: tuple[int, ...]) -> Mixed | None:
        k = len(sup)
        # unknowns: x_s for s in sup, and the common payoff v
        m = [[self.payoffs[i][j] for j in sup] + [Fraction(-1)] for i in sup]
        m.append([Fraction(1)] * k + [Fraction(0)])
        sol = _solve(m, [Fraction(0)] * k + [Fraction(1)])
        if sol is None or any(p <= 0 for p in sol[:k]):
            return None
        x = [Fraction(0)] * self.n
        for s, p in zip(sup, sol[:k]):
            x[s] = p
        return tuple(x)

    def resists(self, x: Sequence[Number], y: Sequence[Number]) -> tuple[bool, str]:
        """Maynard Smith's conditions for the resident ``x`` against one mutant ``y`` (``y != x``): whether
        ``x`` resists, and which condition decides, with the payoffs."""
        x, y = self.mixed(x), self.mixed(y)
        if x == y:
            raise ESSError("the mutant must differ from the resident")
        exx, eyx = self.payoff(x, x), self.payoff(y, x)
        if exx != eyx:
            word = "better" if exx > eyx else "worse"
            return exx > eyx, f"{word} against the resident: {exx} vs the mutant's {eyx}"
        exy, eyy = self.payoff(x, y), self.payoff(y, y)
        rel = ">" if exy > eyy else ("=" if exy == eyy else "<")
        return exy > eyy, (
            f"equal against the resident ({exx} each); "
            f"{'better' if exy > eyy else 'not better'} against the mutant: {exy} {rel} {eyy}"
        )

    def ess(self, x: Sequence[Number]) -> ESSVerdict:
        """Is ``x`` an ESS? Exact for strict equilibria, regular mixed equilibria and a pure strategy with one
        alternative best reply (see the module docstring); :class:`ESSError` for the other degenerate cases."""
        x = self.mixed(x)
        v = self.against(x)
        best = max(v)
        sup = [i for i in range(self.n) if x[i] > 0]
        worse = [i for i in sup if v[i] < best]
        if worse or any(v[i] > v[sup[0]] for i in range(self.n)):
            better = next(i for i in range(self.n) if v[i] == best)
            return ESSVerdict(
                x, False, f"not a Nash equilibrium: {self.labels[better]} does better against it"
            )
        extra = [i for i in range(self.n) if v[i] == best and x[i] == 0]
        if len(sup) == 1 and not extra:
            return ESSVerdict(x, True, "strict equilibrium: every other strategy does worse against it")
        if len(sup) == 1 and len(extra) == 1:
            ok, why = self.resists(x, self.pure(extra[0]))
            if not ok:
                return ESSVerdict(x, False, f"{self.labels[extra[0]]} can drift in: {why}")
            return ESSVerdict(x, True, f"second condition against {self.labels[extra[0]]}: {why}")
        if extra:
            raise ESSError(
                f"degenerate equilibrium {[str(p) for p in x]}: best replies "
                f"{[self.labels[i] for i in extra]} outside its support need a copositivity test"
            )
        return self._regular(x, sup)

    def _regular(self, x: Mixed, sup: list[int]) -> ESSVerdict:
        s0, rest = sup[0], sup[1:]
        sym = [[(self.payoffs[i][j] + self.payoffs[j][i]) / 2 for j in range(self.n)] for i in range(self.n)]

        def q(a: int, b: int) -> Fraction:  # z_a^T S z_b with z_a = e_a - e_s0
            return sym[a][b] - sym[a][s0] - sym[s0][b] + sym[s0][s0]

        neg = [[-q(a, b) for b in rest] for a in rest]
        minors = [_det([row[:k] for row in neg[:k]]) for k in range(1, len(rest) + 1)]
        if all(m > 0 for m in minors):
            return ESSVerdict(
                x,
                True,
                "negative definite on the support: every mutant that uses the same pure "
                "strategies does worse against itself than the resident does against it",
            )
        return ESSVerdict(
            x,
            False,
            "not negative definite on the support: some mutant mix does at least as well against itself",
        )

    # ----- replicator dynamics (one population)
    def velocity(self, x: Sequence[float]) -> list[float]:
        """``x_i' = x_i [(A x)_i - x^T A x]`` (Taylor and Jonker 1978)."""
        a = np.array([[float(v) for v in r] for r in self.payoffs])
        xs = np.asarray(x, dtype=float)
        ax = a @ xs
        return list(xs * (ax - xs @ ax))

    def orbit(self, x0: Sequence[float], t_end: float, dt: float = 0.01) -> list[list[float]]:
        """The replicator flow from ``x0`` at times ``0, dt, ..., t_end`` (classical Runge-Kutta)."""
        x = [float(v) for v in x0]
        if len(x) != self.n or not math.isclose(sum(x), 1.0) or min(x) < 0:
            raise ESSError(f"start on the simplex, got {x0}")
        out = [x]
        for _ in range(round(t_end / dt)):
            k1 = self.velocity(x)
            k2 = self.velocity([a + dt / 2 * b for a, b in zip(x, k1)])
            k3 = self.velocity([a + dt / 2 * b for a, b in zip(x, k2)])
            k4 = self.velocity([a + dt * b for a, b in zip(x, k3)])
            x = [a + dt / 6 * (p + 2 * q + 2 * r + s) for a, p, q, r, s in zip(x, k1, k2, k3, k4)]
            out.append(x)
        return out

    def seat_table(self) -> tuple[tuple[tuple[Fraction, Fraction], ...], ...]:
        """``seats[i][j] = (A[i][j], A[j][i])``: the input :func:`simulate_population` takes, for a game
        without seats."""
        return tuple(
            tuple((self.payoffs[i][j], self.payoffs[j][i]) for j in range(self.n)) for i in range(self.n)
        )


def hawk_dove(value: Number, cost: Number, base: Number = 0) -> SymmetricGame:
    """Maynard Smith's Hawk-Dove game with resource value ``value``, cost of injury ``cost`` and a ``base``
    payoff added to every entry."""
    v, c, b = Fraction(value), Fraction(cost), Fraction(base)
    return SymmetricGame.from_rows([[b + (v - c) / 2, b + v], [b, b + v / 2]], ["Hawk", "Dove"])


def simulate_population(
    seats: Sequence[Sequence[tuple[Number, Number]]],
    counts: Sequence[int],
    generations: int,
    runs: int,
    seed: int,
) -> np.ndarray:
    """A finite population under random pairwise contests and Wright-Fisher reproduction, ``runs`` independent
    replicates (seeded with ``numpy.random.default_rng(seed)``).

    ``seats[i][j] = (first, second)``: the payoffs when a player of strategy ``i`` takes the first seat against
    one of ``j`` in the second. Each generation the ``N = sum(counts)`` individuals (``N`` even) are paired at
    random, the first of each pair takes the first seat, each earns its payoff (its *fitness*, which must be
    positive), and the next generation of ``N`` is drawn with each strategy's chance proportional to the total
    fitness of its players. Returns the counts, shape ``(runs, generations + 1, n)``."""
    n = len(seats)
    first = np.array([[float(seats[i][j][0]) for j in range(n)] for i in range(n)])
    second = np.array([[float(seats[j][i][1]) for j in range(n)] for i in range(n)])  # i second, j first
    if (first <= 0).any() or (second <= 0).any():
        raise ESSError("Wright-Fisher needs positive payoffs (fitness)")
    size = int(sum(counts))
    if size % 2 or len(counts) != n or min(counts) < 0:
        raise ESSError(f"counts must be {n} non-negative numbers with an even total, got {list(counts)}")
    rng = np.random.default_rng(seed)
    out = np.zeros((runs, generations + 1, n), dtype=np.int64)
    for r in range(runs):
        c = np.array(counts, dtype=np.int64)
        out[r, 0] = c
        for g in range(generations):
            pop = rng.permutation(np.repeat(np.arange(n), c))
            a, b = pop[0::2], pop[1::2]
            fit = np.zeros(n)
            np.add.at(fit, a, first[a, b])
            np.add.at(fit, b, second[b, a])
            c = rng.multinomial(size, fit / fit.sum())
            out[r, g + 1] = c
    return out
