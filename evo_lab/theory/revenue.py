"""Revenue equivalence: the textbook case where it holds, and exact discrete cases where it fails.

**Theorem (revenue equivalence; Vickrey 1961, Myerson 1981).** Risk-neutral bidders with independent private
values drawn from one continuous distribution ``F`` on ``[a, b]``; an auction whose symmetric equilibrium gives
the lot to the highest value and leaves a bidder of the lowest value ``a`` an expected payoff of 0. Then every
such auction has the same expected revenue, ``E[V_(2)]``, the expected second-highest value. For ``F`` uniform on
``[0, 1]`` and ``n`` bidders, ``E[V_(2)] = (n - 1) / (n + 1)`` and the symmetric equilibrium bids are:

* first-price: ``b(v) = (n - 1) v / n``;
* second-price and English: bid (stay in up to) ``v``;
* all-pay: ``b(v) = (n - 1) v**n / n``.

:func:`simulate_uniform` draws values with a seed and returns each format's mean revenue with the course's 95%
interval. :func:`exact_dominant` enumerates every profile of integer values (independent, one distribution) for
the second-price and English clock formats of :mod:`evo_lab.theory.formats` with Evo's whole-number bids, the
6-MP cap and budgets, and returns exact ``Fraction`` revenues and the probability that the lot goes to a highest
value: with whole-number bids the clock's last step makes English revenue exceed second-price revenue by the
probability that the highest value is unique.

>>> uniform_revenue(2), uniform_revenue(3)
(Fraction(1, 3), Fraction(1, 2))
>>> r = exact_dominant(range(7), 2)
>>> r["english"]["revenue"] - r["second"]["revenue"]
Fraction(6, 7)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from fractions import Fraction

import numpy as np

from ..stats import mean_interval
from .auction import TheoryError
from .formats import EVO_BIDS, FORMATS, dominant_outcome, make_lot


def uniform_revenue(n: int) -> Fraction:
    """``E[V_(2)]`` for ``n`` values uniform on [0, 1]: ``(n - 1) / (n + 1)`` (the (n-1)-th order statistic of
    ``n`` uniforms has mean ``(n - 1) / (n + 1)``)."""
    if n < 2:
        raise TheoryError(f"revenue equivalence needs at least 2 bidders, got {n}")
    return Fraction(n - 1, n + 1)


def uniform_bid(fmt: str, v: np.ndarray | float, n: int) -> np.ndarray | float:
    """The symmetric equilibrium bid of ``fmt`` for value ``v`` with ``n`` bidders, values uniform on [0, 1].

    >>> uniform_bid("first", 0.9, 3), uniform_bid("allpay", 0.5, 2)
    (0.6, 0.125)
    """
    if fmt == "first":
        return (n - 1) * v / n
    if fmt in ("second", "english"):
        return v
    if fmt == "allpay":
        return (n - 1) * v**n / n
    raise TheoryError(f"format must be one of {', '.join(FORMATS)}, got {fmt!r}")


def simulate_uniform(n: int, samples: int = 4000, seed: int = 0) -> dict[str, tuple[float, float, float]]:
    """Mean revenue of each format in its symmetric equilibrium over ``samples`` seeded draws of ``n`` uniform
    values: ``{format: (mean, low, high)}`` (95% normal interval of the mean). The same values serve every
    format (common random numbers)."""
    if samples < 2:
        raise TheoryError("samples must be >= 2")
    rng = np.random.default_rng(seed)
    v = np.sort(rng.random((samples, n)), axis=1)
    top, second = v[:, -1], v[:, -2]
    rev = {
        "first": uniform_bid("first", top, n),
        "second": second,
        "english": second,
        "allpay": np.asarray(uniform_bid("allpay", v, n)).sum(axis=1),
    }
    return {f: mean_interval(rev[f].tolist()) for f in FORMATS}


def exact_dominant(
    support: Iterable[int],
    n: int,
    *,
    pmf: Sequence[Fraction] | None = None,
    bids: Iterable[int] = EVO_BIDS,
    budgets: Sequence[int] | None = None,
    vials: Sequence[int] | None = None,
) -> dict[str, dict[str, Fraction]]:
    """Exact expected revenue and efficiency of the dominant-strategy formats when each of ``n`` values is drawn
    independently from ``support`` (uniformly, or with probabilities ``pmf``).

    Returns ``{"second"|"english": {"revenue", "welfare", "efficient"}}``: expected MP paid, expected value of
    the winner, and the probability that the winner has a highest value; plus ``"E[V(2)]"`` and
    ``"E[V(1)]"``, the expected second-highest and highest values.
    """
    sup = [int(x) for x in support]
    if not sup or n < 2:
        raise TheoryError("need a non-empty support and at least 2 bidders")
    probs = [Fraction(1, len(sup))] * len(sup) if pmf is None else [Fraction(p) for p in pmf]
    if len(probs) != len(sup) or sum(probs) != 1 or any(p < 0 for p in probs):
        raise TheoryError("pmf must give one probability per support value, summing to 1")
    acc = {
        f: {"revenue": Fraction(0), "welfare": Fraction(0), "efficient": Fraction(0)}
        for f in ("second", "english")
    }
    e2 = e1 = Fraction(0)
    for idx in itertools.product(range(len(sup)), repeat=n):
        p = Fraction(1)
        for k in idx:
            p *= probs[k]
        vals = [sup[k] for k in idx]
        srt = sorted(vals)
        e1 += p * srt[-1]
        e2 += p * srt[-2]
        lot = make_lot(vals, bids=bids, budgets=budgets, vials=vials)
        for f in acc:
            o = dominant_outcome(lot, f)
            w = o.winner
            if w is None:  # the drop levels give every lot to one bidder
                raise TheoryError(f"the {f} format left a lot without a single winner: {o}")
            acc[f]["revenue"] += p * int(o.revenue)
            acc[f]["welfare"] += p * int(vals[w])
            acc[f]["efficient"] += p * (vals[w] == srt[-1])
    out: dict = dict(acc)
    out["E[V(2)]"], out["E[V(1)]"] = e2, e1
    return out
