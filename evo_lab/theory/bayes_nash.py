"""Bayes-Nash equilibrium bidding (Krishna, *Auction Theory*, 2nd ed. 2010, ch. 2 and 6): the first-price bid
function derived and checked, best replies computed numerically, and equilibrium bidding with a common value.

**Private values.** ``N`` risk-neutral bidders, values independent with CDF ``F`` on ``[0, w]``. In the symmetric
equilibrium of the first-price sealed-bid auction a bidder of value ``v`` bids the expected highest value of the
others given that it is below ``v`` (Krishna, Proposition 2.2)::

    beta(v) = E[Y | Y < v] = v - integral_0^v F(y)^(N-1) dy / F(v)^(N-1),    Y = max of the other N - 1 values.

For ``F`` uniform on ``[0, w]`` this is ``beta(v) = (N - 1) v / N``. :func:`foc_coefficient` checks the
first-order condition *symbolically*: against rivals who bid ``k x``, a bid ``b <= k w`` wins with probability
``(b / (k w))^(N-1)``, and the derivative of ``(v - b)(b / (k w))^(N-1)`` at ``b = k v`` is ``c v^(N-2)`` with a
coefficient ``c`` that is exactly 0 for ``k = (N - 1) / N`` and for no other ``k``. :func:`best_reply_bid`
maximises the expected payoff on a grid, a numerical check that needs no formula.

**Common value.** Every bidder's value is the same unknown ``V``; bidder ``i`` sees a signal ``X_i``. In the
symmetric equilibrium of the second-price auction a bidder bids ``E[V | X_i = x, Y = x]``, the value it would
infer if the highest other signal tied its own (Milgrom and Weber 1982; Krishna, Proposition 6.1):

* the *wallet game* (Klemperer 1998): signals uniform on ``[0, 1]`` and ``V`` their sum, so
  ``b(x) = 2x + (N - 2) x / 2 = (N + 2) x / 2`` (:func:`wallet_bid`);
* signals ``X_i = mu + s Z_i`` with ``Z_i`` standard normal and a flat (diffuse) prior on ``mu``: the
  posterior of ``mu`` given ``X_i = Y = x`` has density proportional to ``phi(z)^2 Phi(z)^(N-2)`` in
  ``z = (x - mu) / s``, so ``b(x) = x - s c_N`` with ``c_N`` the mean of ``z`` under that weight
  (:func:`normal_shade`; ``c_2 = 0``).

A bidder who bids its naive estimate ``E[V | X_i = x]`` ignores that winning means the others saw less: the
**winner's curse** (lesson 08).

>>> [foc_coefficient(n, Fraction(n - 1, n)) for n in (2, 3, 5)]
[Fraction(0, 1), Fraction(0, 1), Fraction(0, 1)]
>>> foc_coefficient(3, Fraction(1, 2)) > 0          # bidding half the value: raising the bid pays
True
>>> round(first_price_bid(0.6, 3), 6), round(uniform_first_price(0.6, 3), 6)
(0.4, 0.4)
>>> wallet_bid(Fraction(1, 2), 3)
Fraction(5, 4)
>>> round(normal_shade(2), 9), round(normal_shade(3), 4)
(0.0, 0.3257)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import overload

import numpy as np

from ..stats import mean_interval
from .auction import TheoryError

__all__ = [
    "BayesNashError",
    "best_reply_bid",
    "expected_payoff",
    "first_price_bid",
    "foc_coefficient",
    "normal_shade",
    "simulate_common_value",
    "simulate_private",
    "simulate_wallet",
    "uniform_first_price",
    "wallet_bid",
    "wallet_naive_bid",
    "wallet_profit",
]


class BayesNashError(TheoryError):
    """A bidding question outside the model (fewer than two bidders, a value outside the support...)."""


def _bidders(n: int) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or n < 2:
        raise BayesNashError(f"an auction needs at least two bidders, got {n!r}")


@overload
def uniform_first_price(v: Fraction, n: int) -> Fraction: ...
@overload
def uniform_first_price(v: float, n: int) -> float | Fraction: ...
def uniform_first_price(v: float | Fraction, n: int) -> float | Fraction:
    """``(N - 1) v / N``: the equilibrium first-price bid for values uniform on any ``[0, w]`` (exact for an
    integer or a fraction)."""
    _bidders(n)
    return Fraction(n - 1, n) * v if isinstance(v, (int, Fraction)) else (n - 1) / n * v


def first_price_bid(
    v: float, n: int, cdf: Callable[[float], float] = lambda x: x, points: int = 2001
) -> float:
    """``beta(v) = v - integral_0^v F^(N-1) / F(v)^(N-1)`` for any CDF ``F`` on ``[0, ...]`` (trapezoid rule
    with ``points`` nodes); 0 at ``v = 0``."""
    _bidders(n)
    if v <= 0:
        return 0.0
    ys = np.linspace(0.0, v, points)
    g = np.array([cdf(float(y)) for y in ys]) ** (n - 1)
    integral = float(np.sum((g[1:] + g[:-1]) / 2 * np.diff(ys)))
    top = cdf(v) ** (n - 1)
    if top <= 0:
        raise BayesNashError(f"F({v}) = 0: no equilibrium bid of positive value")
    return v - integral / top


def foc_coefficient(n: int, k: Fraction) -> Fraction:
    """The coefficient ``c`` in ``d/db [(v - b) (b / (k w))^(N-1)] = c v^(N-2) / w^(N-1)`` at ``b = k v``: the
    first-order condition of a bidder whose ``N - 1`` rivals bid ``k`` times their uniform value. The derivative
    is ``(b/(kw))^(N-2) / (kw) [(N-1)(v - b) - b]``; at ``b = kv`` it is
    ``k^(N-2) / k^(N-1) [(N-1)(1 - k) - k] v^(N-2) / w^(N-1)``."""
    _bidders(n)
    k = Fraction(k)
    if not 0 < k <= 1:
        raise BayesNashError(f"the rivals' bid factor must be in (0, 1], got {k}")
    return ((n - 1) * (1 - k) - k) / k


def expected_payoff(v: float, b: np.ndarray | float, n: int, k: float, w: float = 1.0) -> np.ndarray | float:
    """``(v - b) P(win)`` when the ``N - 1`` rivals bid ``k x`` for values ``x`` uniform on ``[0, w]``: a bid
    ``b`` wins with probability ``min(1, b / (k w))^(N-1)`` (ties have probability 0)."""
    _bidders(n)
    win = np.clip(np.asarray(b, dtype=float) / (k * w), 0.0, 1.0) ** (n - 1)
    return (v - np.asarray(b, dtype=float)) * win


def best_reply_bid(v: float, n: int, k: float, w: float = 1.0, grid: int = 20001) -> float:
    """The bid on a grid of ``grid`` points in ``[0, v]`` with the highest :func:`expected_payoff`: a numerical
    best reply to rivals who bid ``k`` times their value."""
    bs = np.linspace(0.0, v, grid)
    return float(bs[int(np.argmax(expected_payoff(v, bs, n, k, w)))])


def wallet_bid(x: float | Fraction, n: int) -> float | Fraction:
    """The second-price equilibrium bid of the wallet game with ``n`` bidders: ``(N + 2) x / 2``."""
    _bidders(n)
    return Fraction(n + 2, 2) * x if isinstance(x, (int, Fraction)) else (n + 2) / 2 * x


def wallet_naive_bid(x: float | Fraction, n: int) -> float | Fraction:
    """The naive bid ``E[V | X_i = x] = x + (N - 1) / 2`` (the others' signals at their mean)."""
    _bidders(n)
    return x + Fraction(n - 1, 2) if isinstance(x, (int, Fraction)) else x + (n - 1) / 2


def wallet_profit(n: int, rule: str) -> Fraction:
    """The winner's exact expected profit in the wallet game's second-price auction: ``E[V] - E[price]`` with
    ``E[V] = N/2`` and ``E[X_(2)] = (N - 1)/(N + 1)`` (second-highest of ``N`` uniform signals). Equilibrium
    (``rule="equilibrium"``): ``1/(N + 1)``; naive: ``(3 - N) / (2 (N + 1))``, negative from four bidders on.

    >>> [str(wallet_profit(n, "naive")) for n in (2, 3, 4)], str(wallet_profit(4, "equilibrium"))
    (['1/6', '0', '-1/10'], '1/5')
    """
    _bidders(n)
    second = Fraction(n - 1, n + 1)
    if rule == "equilibrium":
        return Fraction(n, 2) - Fraction(n + 2, 2) * second
    if rule == "naive":
        return Fraction(n, 2) - second - Fraction(n - 1, 2)
    raise BayesNashError(f"rule must be 'equilibrium' or 'naive', got {rule!r}")


def normal_shade(n: int, points: int = 40001, span: float = 10.0) -> float:
    """``c_N``: the mean of ``z`` under the weight ``phi(z)^2 Phi(z)^(N-2)`` (trapezoid rule on ``[-span,
    span]``), so that ``b(x) = x - s c_N`` with normal noise of scale ``s`` and a diffuse prior."""
    _bidders(n)
    z = np.linspace(-span, span, points)
    phi = np.exp(-z * z / 2) / math.sqrt(2 * math.pi)
    cdf = np.array([0.5 * math.erfc(-t / math.sqrt(2)) for t in z])
    w = phi**2 * cdf ** (n - 2)
    return float(np.trapezoid(z * w, z) / np.trapezoid(w, z))


def simulate_private(
    n: int, samples: int, seed: int, w: float = 1.0
) -> dict[str, tuple[float, float, float]]:
    """Revenue of the first-price auction (everyone bids ``(N - 1) v / N``) and of the second-price auction
    (everyone bids its value) on the same ``samples`` seeded draws of ``n`` values uniform on ``[0, w]``:
    ``{format: (mean, low, high)}``, 95% intervals of the mean (each auction an independent draw)."""
    _bidders(n)
    rng = np.random.default_rng(seed)
    v = np.sort(rng.random((samples, n)) * w, axis=1)
    first = (n - 1) / n * v[:, -1]
    second = v[:, -2]
    return {
        "first": mean_interval(first.tolist()),
        "second": mean_interval(second.tolist()),
        "difference": mean_interval((first - second).tolist()),
    }


def simulate_wallet(n: int, samples: int, seed: int) -> dict[str, tuple[float, float, float]]:
    """The wallet game's second-price auction on ``samples`` seeded draws: the winner's profit ``V - price``
    when everyone bids the equilibrium :func:`wallet_bid` and when everyone bids naively
    (:func:`wallet_naive_bid`); ``{rule: (mean, low, high)}``. Both rules are increasing in the signal, so the
    highest signal wins and the second-highest sets the price."""
    _bidders(n)
    rng = np.random.default_rng(seed)
    x = np.sort(rng.random((samples, n)), axis=1)
    value = x.sum(axis=1)
    second = x[:, -2]
    return {
        "equilibrium": mean_interval((value - (n + 2) / 2 * second).tolist()),
        "naive": mean_interval((value - (second + (n - 1) / 2)).tolist()),
    }


def simulate_common_value(
    reference: np.ndarray | list[float], k: int, n: int, samples: int, seed: int, shade: float
) -> tuple[float, float, float]:
    """The winner's profit in a second-price auction for a common value: the value ``mu`` is the mean of
    ``reference`` (e.g. an engine run of paired playouts, lesson 08); each of ``n`` bidders estimates it by the
    mean of ``k`` draws with replacement from ``reference`` and bids its estimate minus ``shade``; the highest
    bid wins and pays the second-highest. Returns the mean profit ``mu - price`` over ``samples`` seeded
    auctions with its 95% interval (each auction an independent draw)."""
    _bidders(n)
    ref = np.asarray(reference, dtype=float)
    if ref.size < 2 or k < 1:
        raise BayesNashError("need a reference of at least two values and k >= 1")
    rng = np.random.default_rng(seed)
    est = ref[rng.integers(0, ref.size, size=(samples, n, k))].mean(axis=2)
    bids = np.sort(est - shade, axis=1)
    return mean_interval((ref.mean() - bids[:, -2]).tolist())
