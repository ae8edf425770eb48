"""Equilibrium bidding with a common value: the wallet game (Klemperer 1998), for lesson 08.

**The game.** ``n`` bidders; bidder ``i`` privately observes a signal ``t_i``, independent and uniform on [0, 1];
the lot is worth ``V = t_1 + ... + t_n`` to *every* bidder (each knows one piece of a common value: "the money in
all the wallets"). The lot is sold by a second-price auction (with two bidders the English clock is the same game:
nobody learns anything before the end).

**The symmetric equilibrium.** ``b(t) = E[V | t_i = t, Y = t]`` with ``Y`` the highest of the other signals: bid
what the lot would be worth if the best rival had the same signal. For uniform signals the others below ``Y`` have
mean ``Y / 2``, so ``b(t) = t + t + (n - 2) t / 2 = (n + 2) t / 2`` (``2t`` for two bidders). It is a best response to
itself: bidding ``b(x)`` with signal ``t`` wins when ``Y < x`` and pays ``b(Y)``, and ``E[V | t, Y = y] - b(y) =
t - y``, so the expected profit ``∫_0^x (t - y) f_Y(y) dy`` is largest at ``x = t``.

**The naive bid** ``E[V | t_i = t] = t + (n - 1) / 2`` ignores what winning says about the others' signals: the
winner's curse. :func:`deviation_profit` is the exact expected profit of one bidder who bids ``a t + c`` while the
others play the equilibrium; :func:`simulate` checks everything with seeded draws and 95% intervals.

>>> equilibrium_bid(0.6, 3)
1.5
>>> exact(2)["revenue"], exact(2)["winner profit"]
(Fraction(2, 3), Fraction(1, 3))
>>> round(deviation_profit(2, 2.0, 0.0), 6) == round(float(exact(2)["bidder profit"]), 6)   # b itself
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from typing import TypeVar

import numpy as np

from ..stats import mean_interval

__all__ = ["WalletRun", "deviation_profit", "equilibrium_bid", "exact", "naive_bid", "simulate"]

#: a signal, or an array of signals (the bid functions work elementwise)
Signal = TypeVar("Signal", float, np.ndarray)


def equilibrium_bid(t: Signal, n: int) -> Signal:
    """The symmetric equilibrium bid ``(n + 2) t / 2`` of the second-price wallet game."""
    return (n + 2) * t / 2


def naive_bid(t: float, n: int) -> float:
    """The naive bid ``E[V | t] = t + (n - 1) / 2``: the lot's expected value given one's own signal only."""
    return t + (n - 1) / 2


def exact(n: int) -> dict[str, Fraction]:
    """Exact expectations in the symmetric equilibrium of the ``n``-bidder wallet game: ``value`` ``E[V] = n/2``,
    ``revenue`` ``E[b(t_(2))] = (n + 2)/2 · (n - 1)/(n + 1)``, the ``winner profit`` (value minus revenue) and each
    ``bidder profit`` (a ``1/n`` share of it, by symmetry)."""
    if n < 2:
        raise ValueError(f"an auction needs two or more bidders, got {n}")
    value = Fraction(n, 2)
    revenue = Fraction(n + 2, 2) * Fraction(n - 1, n + 1)
    return {
        "value": value,
        "revenue": revenue,
        "winner profit": value - revenue,
        "bidder profit": (value - revenue) / n,
    }


def deviation_profit(n: int, a: float, c: float) -> float:
    """Expected profit of one bidder who bids ``a t + c`` (signal ``t``) while the ``n - 1`` others bid the
    equilibrium: it wins when ``Y < x(t) = 2 (a t + c) / (n + 2)``, and its profit given ``t`` is
    ``∫_0^x (t - y) (n - 1) y^(n - 2) dy = t x^(n-1) - (n - 1)/n x^n`` (``x`` clipped to [0, 1])."""
    from scipy.integrate import quad

    def given(t: float) -> float:
        x = min(1.0, max(0.0, 2 * (a * t + c) / (n + 2)))
        return t * x ** (n - 1) - (n - 1) / n * x**n

    kinks = [t for t in ((n + 2) / (2 * a) - c / a if a else 2.0, -c / a if a else 2.0) if 0 < t < 1]
    value, _err = quad(given, 0.0, 1.0, points=kinks or None, limit=200)
    return float(value)


@dataclass(frozen=True)
class WalletRun:
    """Seeded draws of the wallet game: ``revenue`` and bidder 0's ``profit`` (mean, low, high), the
    deviation's ``a``, ``c`` (``None``: bidder 0 plays the equilibrium too) and how often bidder 0 won."""

    n: int
    auctions: int
    seed: int
    revenue: tuple[float, float, float]
    profit: tuple[float, float, float]
    wins: int
    losing_wins: int
    deviation: tuple[float, float] | None


def simulate(
    n: int, auctions: int = 100_000, seed: int = 0, deviation: tuple[float, float] | None = None
) -> WalletRun:
    """Play ``auctions`` second-price wallet auctions with seeded uniform signals: everyone bids the equilibrium,
    except bidder 0 when ``deviation = (a, c)`` (it bids ``a t + c``). ``losing_wins``: the auctions bidder 0 won
    at a loss (price above the value)."""
    rng = np.random.default_rng(seed)
    t = rng.random((auctions, n))
    bids = equilibrium_bid(t, n)
    if deviation is not None:
        bids[:, 0] = deviation[0] * t[:, 0] + deviation[1]
    order = np.argsort(-bids, axis=1, kind="stable")
    winner = order[:, 0]
    price = np.take_along_axis(bids, order[:, 1:2], axis=1)[:, 0]
    value = t.sum(axis=1)
    won = winner == 0
    profit0 = np.where(won, value - price, 0.0)
    return WalletRun(
        n,
        auctions,
        seed,
        mean_interval(price.tolist()),
        mean_interval(profit0.tolist()),
        int(won.sum()),
        int((won & (value < price)).sum()),
        deviation,
    )
