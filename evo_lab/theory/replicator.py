"""Replicator dynamics of a 2 x 2 *cyclic* bimatrix game (predators against prey) and its Lotka-Volterra form.

Two populations meet: **predators** play ``C`` (Carnivore) or ``H`` (herbivore), **prey** play ``U``
(undefended) or ``D`` (defended). ``x`` is the share of predators playing ``C``, ``y`` the share of prey playing
``D``. The payoffs are two tables (exact numbers, e.g. from the engine: :mod:`evo_lab.theory.predator_prey`):

* ``A[i][j]``: a predator playing ``("C", "H")[i]`` against a prey playing ``("U", "D")[j]``;
* ``B[i][j]``: a prey playing ``("U", "D")[i]`` against a predator playing ``("C", "H")[j]``.

Their four *advantages* decide everything:

* ``alpha = A[C][U] - A[H][U]`` (hunting pays against the undefended), ``beta = A[H][D] - A[C][D]`` (it costs
  against the defended), ``gamma = B[D][C] - B[U][C]`` (defence pays under predators), ``delta = B[U][H] - B[D][H]``
  (it costs without them). All four positive = the best responses chase each other round a cycle
  (C -> D -> H -> U -> C): there is no pure Nash equilibrium and the mixed one is the interior rest point
  ``x* = delta / (gamma + delta)``, ``y* = alpha / (alpha + beta)`` (each population's mix makes the *other*
  indifferent).

**Replicator dynamics** (Taylor and Jonker 1978; Hofbauer and Sigmund, *Evolutionary Games and Population
Dynamics*, 1998, ch. 10-11): a strategy's share grows at the rate by which its payoff exceeds its population's
average,

    x' = x (1 - x) [alpha (1 - y) - beta y],      y' = y (1 - y) [gamma x - delta (1 - x)].

The function ``H(x, y) = delta ln x + gamma ln(1 - x) + alpha ln y + beta ln(1 - y)`` is constant along every
solution, so the orbits are closed curves round ``(x*, y*)``: a neutral cycle. Near the rest point they turn with
angular frequency ``omega``, ``omega**2 = x*(1 - x*) y*(1 - y*) (alpha + beta)(gamma + delta)``.

With ``u = 1 - y`` (the undefended share) the equations read ``x' = x(1-x)[-beta + (alpha + beta) u]`` and
``u' = u(1-u)[delta - (gamma + delta) x]``: the **Lotka-Volterra** predator-prey system
``P' = P(-c + d N)``, ``N' = N(a - b P)`` with ``a = delta``, ``b = gamma + delta``, ``c = beta``,
``d = alpha + beta``, each right-hand side multiplied by the factor ``(1 - share)`` that keeps shares in [0, 1].

>>> g = CyclicGame(A=((5, 1), (4, 4)), B=((2, 6), (5, 5)))
>>> g.describe_advantages(), g.is_cyclic(), g.pure_equilibria()
('alpha = 1, beta = 3, gamma = 3, delta = 1', True, [])
>>> g.rest_point(), g.omega_squared()
((Fraction(1, 4), Fraction(1, 4)), Fraction(9, 16))
>>> round(g.small_period(), 4)
8.3776
>>> xs, ys = g.orbit(0.5, 0.5, t_end=20, dt=0.01)
>>> abs(g.conserved(xs[-1], ys[-1]) - g.conserved(0.5, 0.5)) < 1e-8
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from collections.abc import Sequence

__all__ = ["CyclicGame", "LotkaVolterra", "PREDATOR", "PREY"]

#: strategy names, in table order
PREDATOR = ("C", "H")
PREY = ("U", "D")


@dataclass(frozen=True)
class LotkaVolterra:
    """``P' = P(-c + d N)``, ``N' = N(a - b P)``: predators ``P``, prey ``N``; conserved
    ``V = d N - c ln N + b P - a ln P``; rest point ``N* = c/d``, ``P* = a/b``.

    >>> lv = LotkaVolterra(a=1, b=4, c=3, d=4)
    >>> lv.rest_point()
    (Fraction(3, 4), Fraction(1, 4))
    """

    a: Fraction
    b: Fraction
    c: Fraction
    d: Fraction

    def rest_point(self) -> tuple[Fraction, Fraction]:
        """``(N*, P*)``."""
        return Fraction(self.c) / self.d, Fraction(self.a) / self.b

    def velocity(self, n: float, p: float) -> tuple[float, float]:
        return n * (self.a - self.b * p), p * (-self.c + self.d * n)

    def conserved(self, n: float, p: float) -> float:
        return self.d * n - self.c * math.log(n) + self.b * p - self.a * math.log(p)


Table = tuple[tuple[Fraction, Fraction], tuple[Fraction, Fraction]]


def _table(rows: Sequence[Sequence[int | Fraction | str]], name: str) -> Table:
    """A 2 x 2 table of exact payoffs."""
    if len(rows) != 2 or any(len(r) != 2 for r in rows):
        raise ValueError(f"{name} must be a 2 x 2 table, got {rows!r}")
    (a, b), (c, d) = rows
    return (Fraction(a), Fraction(b)), (Fraction(c), Fraction(d))


@dataclass(frozen=True)
class CyclicGame:
    """A 2 x 2 bimatrix game of predators (rows of ``A``: C, H; columns: U, D) against prey (rows of ``B``: U, D;
    columns: C, H). Payoffs are kept exact (``Fraction``)."""

    A: tuple[tuple[Fraction, Fraction], tuple[Fraction, Fraction]]
    B: tuple[tuple[Fraction, Fraction], tuple[Fraction, Fraction]]

    def __post_init__(self) -> None:
        for name in ("A", "B"):
            m = getattr(self, name)
            if len(m) != 2 or any(len(r) != 2 for r in m):
                raise ValueError(f"{name} must be a 2 x 2 table, got {m!r}")
            object.__setattr__(self, name, tuple(tuple(Fraction(v) for v in r) for r in m))

    # ----- the game
    def advantages(self) -> tuple[Fraction, Fraction, Fraction, Fraction]:
        """``(alpha, beta, gamma, delta)``: see the module docstring."""
        A, B = self.A, self.B
        return A[0][0] - A[1][0], A[1][1] - A[0][1], B[1][0] - B[0][0], B[0][1] - B[1][1]

    def describe_advantages(self) -> str:
        """``"alpha = 1, beta = 3, gamma = 3, delta = 1"``."""
        return ", ".join(f"{n} = {v}" for n, v in zip(("alpha", "beta", "gamma", "delta"), self.advantages()))

    def is_cyclic(self) -> bool:
        """All four advantages positive: the best responses go round C -> D -> H -> U -> C."""
        return all(v > 0 for v in self.advantages())

    def best_response(self, side: str, other: str) -> list[str]:
        """The best replies of ``side`` ("predator" or "prey") to the other side's pure strategy ``other``."""
        if side == "predator":
            j = PREY.index(other)
            col = [self.A[i][j] for i in range(2)]
            return [PREDATOR[i] for i in range(2) if col[i] == max(col)]
        j = PREDATOR.index(other)
        col = [self.B[i][j] for i in range(2)]
        return [PREY[i] for i in range(2) if col[i] == max(col)]

    def pure_equilibria(self) -> list[tuple[str, str]]:
        """Pure Nash equilibria ``(predator, prey)``: each a best reply to the other."""
        return [
            (a, b)
            for a in PREDATOR
            for b in PREY
            if a in self.best_response("predator", b) and b in self.best_response("prey", a)
        ]

    def rest_point(self) -> tuple[Fraction, Fraction]:
        """The interior rest point = the mixed Nash equilibrium ``(x*, y*)`` of a cyclic game."""
        if not self.is_cyclic():
            raise ValueError(f"not a cyclic game: advantages {self.advantages()}")
        al, be, ga, de = self.advantages()
        return de / (ga + de), al / (al + be)

    def payoffs(self, x: float, y: float) -> tuple[float, float, float, float]:
        """Expected payoffs ``(C, H, U, D)`` when a share ``x`` of predators hunts and ``y`` of prey defends."""
        A, B = self.A, self.B
        c = float(A[0][0]) * (1 - y) + float(A[0][1]) * y
        h = float(A[1][0]) * (1 - y) + float(A[1][1]) * y
        u = float(B[0][0]) * x + float(B[0][1]) * (1 - x)
        d = float(B[1][0]) * x + float(B[1][1]) * (1 - x)
        return c, h, u, d

    # ----- continuous time
    def velocity(self, x: float, y: float) -> tuple[float, float]:
        """``(x', y')`` of the replicator dynamics."""
        al, be, ga, de = (float(v) for v in self.advantages())
        return x * (1 - x) * (al * (1 - y) - be * y), y * (1 - y) * (ga * x - de * (1 - x))

    def conserved(self, x: float, y: float) -> float:
        """``H(x, y)``, constant along every orbit (largest at the rest point)."""
        al, be, ga, de = (float(v) for v in self.advantages())
        return de * math.log(x) + ga * math.log(1 - x) + al * math.log(y) + be * math.log(1 - y)

    def omega_squared(self) -> Fraction:
        """The squared angular frequency of small cycles (the linearisation at the rest point has eigenvalues
        ``+- i omega``)."""
        xs, ys = self.rest_point()
        al, be, ga, de = self.advantages()
        return xs * (1 - xs) * ys * (1 - ys) * (al + be) * (ga + de)

    def small_period(self) -> float:
        """``2 pi / omega``: the period of a small cycle, in the time unit of the payoffs (one round)."""
        return 2 * math.pi / math.sqrt(self.omega_squared())

    def _step(self, x: float, y: float, dt: float) -> tuple[float, float]:
        """One classical Runge-Kutta step (order 4)."""
        f = self.velocity
        k1 = f(x, y)
        k2 = f(x + dt / 2 * k1[0], y + dt / 2 * k1[1])
        k3 = f(x + dt / 2 * k2[0], y + dt / 2 * k2[1])
        k4 = f(x + dt * k3[0], y + dt * k3[1])
        return (
            x + dt / 6 * (k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0]),
            y + dt / 6 * (k1[1] + 2 * k2[1] + 2 * k3[1] + k4[1]),
        )

    def orbit(self, x0: float, y0: float, t_end: float, dt: float = 0.01) -> tuple[list[float], list[float]]:
        """The solution from ``(x0, y0)`` at times ``0, dt, ..., t_end`` (classical Runge-Kutta, order 4)."""
        if not (0 < x0 < 1 and 0 < y0 < 1):
            raise ValueError(f"start inside the unit square, got {(x0, y0)}")
        xs, ys = [x0], [y0]
        x, y = x0, y0
        for _ in range(int(round(t_end / dt))):
            x, y = self._step(x, y, dt)
            xs.append(x)
            ys.append(y)
        return xs, ys

    def period(self, x0: float, y0: float, dt: float = 0.005, t_max: float = 500.0) -> float:
        """The period of the orbit through ``(x0, y0)``: the time between two upward crossings of ``x = x*``
        (Runge-Kutta steps of ``dt``, crossings interpolated linearly)."""
        if not (0 < x0 < 1 and 0 < y0 < 1):
            raise ValueError(f"start inside the unit square, got {(x0, y0)}")
        xr = float(self.rest_point()[0])
        x, y, t = x0, y0, 0.0
        ups: list[float] = []
        while len(ups) < 2 and t < t_max:
            nx, ny = self._step(x, y, dt)
            if x < xr <= nx:
                ups.append(t + dt * (xr - x) / (nx - x))
            x, y, t = nx, ny, t + dt
        if len(ups) < 2:
            raise ValueError(f"no full cycle within t_max = {t_max}")
        return ups[1] - ups[0]

    # ----- discrete time (one update per round)
    def discrete_orbit(self, x0: float, y0: float, rounds: int) -> tuple[list[float], list[float]]:
        """The discrete replicator map, one step per round: ``x <- x C / (x C + (1 - x) H)`` and
        ``y <- y D / (y D + (1 - y) U)`` with the expected payoffs of :meth:`payoffs` (all payoffs must be
        positive). Unlike the continuous flow it does not conserve ``H``."""
        if min(min(r) for r in self.A + self.B) <= 0:
            raise ValueError("the discrete map needs positive payoffs")
        xs, ys = [x0], [y0]
        x, y = x0, y0
        for _ in range(rounds):
            c, h, u, d = self.payoffs(x, y)
            x, y = x * c / (x * c + (1 - x) * h), y * d / (y * d + (1 - y) * u)
            xs.append(x)
            ys.append(y)
        return xs, ys

    # ----- Lotka-Volterra form
    def lotka_volterra(self) -> LotkaVolterra:
        """The Lotka-Volterra system with the same signs and rest point (``N`` = undefended share ``1 - y``,
        ``P`` = hunting share ``x``)."""
        al, be, ga, de = self.advantages()
        return LotkaVolterra(a=de, b=ga + de, c=be, d=al + be)

    @classmethod
    def from_tables(
        cls,
        predator: Sequence[Sequence[int | Fraction | str]],
        prey: Sequence[Sequence[int | Fraction | str]],
    ) -> CyclicGame:
        """The game from two 2 x 2 tables of payoffs (integers, fractions or their text, e.g. ``"1/2"``)."""
        return cls(A=_table(predator, "A"), B=_table(prey, "B"))
