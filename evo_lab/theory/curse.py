"""The winner's curse: bidders who estimate a common value from few noisy playouts, and the bias of the winner.

**Model (common value).** A gene is worth the same ``mu`` MP to each of ``N`` bidders. Each bidder estimates
``mu`` by its own small simulation: the mean of ``k`` paired playouts from a real position (with and without the
gene, same seeds in both branches, as :func:`evo_lab.theory.gene_values` does), so the estimates ``X_1 .. X_N``
are independent, unbiased and noisy. The highest estimate wins. The **winner's bias** is
``E[X_(1)] - mu``: the expected highest of ``N`` estimates minus the true value. It is 0 for one bidder and grows
with ``N``: the winner is, on average, the bidder who overestimated most.

**Exact (order statistics).** A paired difference is a difference of final MP, a whole number. Take the
empirical distribution of a large reference run (:func:`paired_differences`) as the truth: ``mu`` is its mean, a
bidder's estimate is the mean of ``k`` independent draws from it (its distribution is the ``k``-fold convolution,
exact in :class:`fractions.Fraction`), and with ``F`` the CDF of one estimate, ``P(X_(1) <= x) = F(x)^N`` and
``P(X_(2) <= x) = F(x)^N + N F(x)^(N-1) (1 - F(x))``. :func:`order_statistics` returns ``E[X_(1)]`` and
``E[X_(2)]`` exactly.

**Normal approximation.** With ``X_j = mu + (sigma / sqrt(k)) Z_j``, ``E[X_(1)] - mu = (sigma / sqrt(k)) e_N`` with
``e_N = E[max of N standard normals]`` (:func:`normal_max`; ``e_2 = 1/sqrt(pi)``, ``e_3 = 3 / (2 sqrt(pi))``).

**Shading.** Evo's auction is open and ascending: an outbid bidder must bid again at once, so on one lot the price
rises until the runner-up gives up, and the winner pays about the runner-up's last bid (lesson 07a's English
clock, one whole step above it). If every bidder stays in up to its estimate minus a shade ``s``, the winner pays
the runner-up's ``X_(2) - s`` and expects ``mu - E[X_(2)] + s``: the break-even shade is ``E[X_(2)] - mu``, as in a
second-price auction (negative for two bidders: the loser's estimate already protects the winner; the whole-number
step adds up to one MP to the price). In a sealed first-price auction (not Evo's) the winner pays its own
``X_(1) - s`` and must shade by the whole winner's bias ``E[X_(1)] - mu``. These are break-even shades of naive
bidders who all shade alike, not equilibrium bids (:mod:`evo_lab.theory.common_value` has an equilibrium).

>>> pmf = estimate_pmf([0, 0, 3], k=1)
>>> [(str(x), str(p)) for x, p in pmf]
[('0', '2/3'), ('3', '1/3')]
>>> e1, e2 = order_statistics(pmf, 2)
>>> e1, e2                                  # max of two draws is 3 unless both are 0
(Fraction(5, 3), Fraction(1, 3))
>>> round(normal_max(2), 6), round(1 / math.sqrt(math.pi), 6)
(0.56419, 0.56419)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from ..games.evo2e import State
from ..stats import mean_interval
from .auction import TheoryError
from .values import paired_samples


def paired_differences(
    state: State, gene: str, player: int, *, n: int, seed: int, policy: Any = "random"
) -> np.ndarray:
    """The ``n`` paired differences (final MP with ``gene`` minus without, for ``player``) that
    :func:`~evo_lab.theory.gene_values` averages with the same ``seed`` (sample ``i`` uses child seed ``i``):
    :func:`evo_lab.theory.values.paired_samples`, the branches built with the position builder."""
    return paired_samples(state, gene, player, n=n, seed=seed, policy=policy)


def estimate_pmf(diffs: Sequence[float], k: int) -> list[tuple[Fraction, Fraction]]:
    """Exact distribution of the mean of ``k`` independent draws from the empirical distribution of ``diffs``
    (whole numbers): ``[(value, probability)]`` sorted by value."""
    if k < 1:
        raise TheoryError(f"k must be >= 1, got {k}")
    vals = [float(d) for d in diffs]
    if not vals or any(v != int(v) for v in vals):
        raise TheoryError("paired differences must be whole numbers of MP")
    base = {int(v): Fraction(c, len(vals)) for v, c in Counter(vals).items()}
    dist = {0: Fraction(1)}
    for _ in range(k):
        nxt: dict[int, Fraction] = {}
        for s, p in dist.items():
            for v, q in base.items():
                nxt[s + v] = nxt.get(s + v, Fraction(0)) + p * q
        dist = nxt
    return [(Fraction(s, k), p) for s, p in sorted(dist.items())]


def order_statistics(pmf: Sequence[tuple[Fraction, Fraction]], n_bidders: int) -> tuple[Fraction, Fraction]:
    """``(E[X_(1)], E[X_(2)])`` for ``n_bidders`` independent estimates with distribution ``pmf`` (for one bidder
    ``E[X_(2)]`` is reported as ``E[X_(1)]``)."""
    if n_bidders < 1:
        raise TheoryError("need at least one bidder")
    N = n_bidders
    e1 = e2 = Fraction(0)
    F_prev = Fraction(0)
    G1_prev = G2_prev = Fraction(0)
    for x, p in pmf:
        F = F_prev + p
        G1 = F**N
        G2 = G1 + (N * F ** (N - 1) * (1 - F) if N >= 2 else 0)
        e1 += x * (G1 - G1_prev)
        e2 += x * (G2 - G2_prev)
        F_prev, G1_prev, G2_prev = F, G1, G2
    return e1, (e2 if N >= 2 else e1)


def normal_max(n_bidders: int, points: int = 20001) -> float:
    """``e_N = E[max of N standard normals] = integral of x N phi(x) Phi(x)^(N-1) dx`` (Simpson's rule on
    [-10, 10])."""
    x = np.linspace(-10.0, 10.0, points)
    phi = np.exp(-x * x / 2) / math.sqrt(2 * math.pi)
    Phi = 0.5 * (1 + np.vectorize(math.erf)(x / math.sqrt(2)))
    f = x * n_bidders * phi * Phi ** (n_bidders - 1)
    h = x[1] - x[0]
    return float(h / 3 * (f[0] + f[-1] + 4 * f[1:-1:2].sum() + 2 * f[2:-1:2].sum()))


@dataclass(frozen=True)
class CurseRow:
    """One number of bidders: exact ``bias`` (``E[X_(1)] - mu``) and ``second`` (``E[X_(2)] - mu``), the normal
    approximation ``normal``, and the simulated bias with its 95% interval (``sim``, ``None`` without a pool)."""

    bidders: int
    bias: float
    second: float
    normal: float
    sim: tuple[float, float, float] | None
    auctions: int


def curse_table(
    reference: Sequence[float], k: int, bidders: Sequence[int], pool: Sequence[float] | None = None
) -> list[CurseRow]:
    """The winner's bias for each number of bidders: exact from the empirical model of ``reference``, normal
    approximation with its standard deviation, and (with ``pool``, fresh paired differences independent of the
    reference) simulated by cutting the pool into auctions of ``N`` bidders with ``k`` samples each, bias
    measured against the reference mean."""
    ref = [float(d) for d in reference]
    mu = Fraction(sum(int(d) for d in ref), len(ref))
    sigma = float(np.std(ref, ddof=1))
    pmf = estimate_pmf(ref, k)
    rows = []
    for N in bidders:
        e1, e2 = order_statistics(pmf, N)
        sim, m = None, 0
        if pool is not None:
            m = len(pool) // (N * k)
            if m >= 2:
                blocks = np.asarray(pool[: m * N * k], float).reshape(m, N, k).mean(axis=2)
                sim = mean_interval((blocks.max(axis=1) - float(mu)).tolist())
        rows.append(CurseRow(N, float(e1 - mu), float(e2 - mu), sigma / math.sqrt(k) * normal_max(N), sim, m))
    return rows


__all__ = ["CurseRow", "curse_table", "estimate_pmf", "normal_max", "order_statistics", "paired_differences"]
