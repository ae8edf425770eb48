"""Auction formats for one lot: first-price, second-price, English (clock) and all-pay, with Evo's constraints.

A *lot* is sold to ``n`` bidders with values ``values[i]`` (MP). Bids are whole numbers in ``bids`` (Evo: 0..6,
ruling R2; "if a player bids 6 on a column, he cannot be outbid": the **cap**). A bidder holding ``vials[i]``
alchemical vials pays ``max(0, bid - vials[i])`` for a bid (rulebook: "Each vial reduces the cost of genes and
cards bought in subsequent rounds by 1 (minimum 0)"; ruling R3) and may place only bids whose price is at most
the **budget** ``budgets[i]`` (the MP held). Ties between equal bids go to the bidder earlier in ``order`` (the
course's tie convention: in Evo a later bidder must strictly outbid). Payoffs are quasi-linear: value minus
price for the winner, minus price for everyone in an all-pay auction.

Formats (``FORMATS``):

* ``"first"`` - sealed bids, the winner pays the price of its own bid;
* ``"second"`` - sealed bids, the winner pays the price of the second-highest bid (Vickrey);
* ``"english"`` - an ascending *clock*: the level rises 0, 1, 2, ...; a bidder stays in while the price of the
  level is affordable and at most its value (a weakly dominant strategy); when one bidder is left it wins at
  that level; when the last ones leave together the earliest of them wins at the level they all accepted;
* ``"allpay"`` - sealed bids, everyone pays the price of its bid, the highest bid wins.

Two kinds of solution are offered. :func:`dominant_outcome` plays the **drop level** ``d_i`` (the highest
allowed bid whose price is affordable and at most the value) in the second-price and clock formats. In the clock
it is weakly dominant; in the sealed second-price format it is weakly dominant for whole-number values (for a
fractional value a bidder who loses ties can gain by bidding ``d_i + 1`` against a rival bid of ``d_i``, so there it
is the truthful benchmark only). :func:`sealed_game` builds the complete-information normal form of a sealed
format (every player knows every value, as in lesson 04) for :func:`pure_equilibria` and, with two bidders,
:func:`mixed_equilibria` (nashpy).

>>> dominant_outcome([5, 3, 2], "second").revenue, dominant_outcome([5, 3, 2], "english").revenue
(3.0, 4.0)
>>> dominant_outcome([9, 8], "second").winner      # both capped at 6: the tie goes to P1
0
>>> dominant_outcome([5, 3], "second", budgets=[2, 6]).winner   # P1 can bid at most 2
1
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from ..games.evo2e import rules
from .auction import TheoryError

FORMATS = ("first", "second", "english", "allpay")
#: Evo's bids (data ``setup.bid_min``/``bid_max``, ruling R2).
EVO_BIDS = tuple(range(0, 7))


@dataclass(frozen=True)
class Lot:
    """One lot: ``values[i]`` (MP), ``budgets[i]`` (MP held), ``vials[i]``, bid values ``bids``, tie ``order``."""

    values: tuple[float, ...]
    budgets: tuple[int, ...]
    vials: tuple[int, ...]
    bids: tuple[int, ...]
    order: tuple[int, ...]

    @property
    def n(self) -> int:
        return len(self.values)

    def price(self, i: int, bid: int) -> int:
        """What bidder ``i`` pays for ``bid`` (vials discount it, never below 0)."""
        return rules.bid_price(bid, self.vials[i])

    def allowed(self, i: int) -> list[int]:
        """Bids bidder ``i`` may place (price within the budget)."""
        return [b for b in self.bids if self.price(i, b) <= self.budgets[i]]

    def drop_level(self, i: int) -> int | None:
        """The highest allowed bid whose price is at most the value (``None`` if even the lowest is too dear)."""
        ok = [b for b in self.allowed(i) if self.price(i, b) <= self.values[i]]
        return max(ok) if ok else None

    def rank(self, i: int) -> int:
        return self.order.index(i)


def make_lot(
    values: Sequence[float],
    *,
    budgets: Sequence[int] | None = None,
    vials: Sequence[int] | None = None,
    bids: Iterable[int] = EVO_BIDS,
    order: Sequence[int] | None = None,
) -> Lot:
    """Validate and build a :class:`Lot` (defaults: unlimited budgets, no vials, bids 0..6, order 0..n-1)."""
    vals = tuple(float(v) for v in values)
    n = len(vals)
    if n < 1 or not all(np.isfinite(vals)):
        raise TheoryError(f"values must be one finite number per bidder, got {values!r}")
    bset = tuple(sorted({int(b) for b in bids}))
    if not bset or bset[0] < 0:
        raise TheoryError(f"bids must be whole numbers >= 0, got {bids!r}")
    bud = tuple(int(b) for b in budgets) if budgets is not None else (10**9,) * n
    via = tuple(int(v) for v in vials) if vials is not None else (0,) * n
    ordr = tuple(int(i) for i in order) if order is not None else tuple(range(n))
    if len(bud) != n or len(via) != n or sorted(ordr) != list(range(n)):
        raise TheoryError(f"budgets, vials and order must describe the same {n} bidders")
    if any(b < 0 for b in bud) or any(v < 0 for v in via):
        raise TheoryError("budgets and vials must be >= 0")
    return Lot(vals, bud, via, bset, ordr)


@dataclass(frozen=True)
class Outcome:
    """A (possibly mixed) outcome: ``win[i]`` the probability bidder ``i`` wins, ``revenue`` the expected MP paid
    to the bank, ``welfare`` the expected value of the winner, ``best`` the highest value (efficiency =
    welfare / best), ``pay[i]`` the expected payoffs, ``bids`` the pure bid profile (``None`` if mixed)."""

    format: str
    win: tuple[float, ...]
    revenue: float
    welfare: float
    best: float
    pay: tuple[float, ...]
    bids: tuple[int, ...] | None = None

    @property
    def winner(self) -> int | None:
        """The winner of a pure outcome (``None`` when the outcome is a lottery)."""
        w = [i for i, p in enumerate(self.win) if p > 1 - 1e-12]
        return w[0] if w else None

    @property
    def efficiency(self) -> float:
        """``welfare / best`` (1.0 when the lot goes to a highest value; 1.0 if ``best <= 0``)."""
        return 1.0 if self.best <= 0 else self.welfare / self.best

    @property
    def efficient(self) -> bool:
        return abs(self.welfare - self.best) < 1e-9


def _check_format(fmt: str) -> None:
    if fmt not in FORMATS:
        raise TheoryError(f"format must be one of {', '.join(FORMATS)}, got {fmt!r}")


def _resolve(lot: Lot, fmt: str, profile: Sequence[int]) -> tuple[int, list[int]]:
    """Winner and prices of a sealed bid profile (``fmt`` first / second / allpay)."""
    top = max(profile)
    winner = min((i for i in range(lot.n) if profile[i] == top), key=lot.rank)
    prices = [0] * lot.n
    if fmt == "allpay":
        prices = [lot.price(i, b) for i, b in enumerate(profile)]
    elif fmt == "first":
        prices[winner] = lot.price(winner, top)
    else:
        rest = [b for i, b in enumerate(profile) if i != winner]
        prices[winner] = lot.price(winner, max(rest) if rest else lot.bids[0])
    return winner, prices


def _outcome(lot: Lot, fmt: str, winner: int, prices: Sequence[int], bids: tuple[int, ...] | None) -> Outcome:
    win = tuple(1.0 if i == winner else 0.0 for i in range(lot.n))
    pay = tuple((lot.values[i] if i == winner else 0.0) - prices[i] for i in range(lot.n))
    return Outcome(fmt, win, float(sum(prices)), lot.values[winner], max(lot.values), pay, bids)


def sealed_outcome(lot: Lot, fmt: str, profile: Sequence[int]) -> Outcome:
    """The outcome of one sealed bid profile.

    >>> sealed_outcome(make_lot([5, 3]), "allpay", [2, 1]).pay
    (3.0, -1.0)
    """
    _check_format(fmt)
    if fmt == "english":
        raise TheoryError("the English clock has no sealed profile; use dominant_outcome")
    w, prices = _resolve(lot, fmt, list(profile))
    return _outcome(lot, fmt, w, prices, tuple(int(b) for b in profile))


def dominant_outcome(values: Sequence[float] | Lot, fmt: str, **kw) -> Outcome:
    """The outcome of the drop-level strategies of ``"second"`` (bid the drop level) and ``"english"`` (stay in
    up to the drop level); weakly dominant in the clock, and in the second-price format for whole-number values. Bidders who cannot pay even the lowest bid's price out of their value stay
    out; if nobody bids, the lot goes to the first bidder in ``order`` who can afford the lowest bid, at that
    price (in Evo every player must hold a lot)."""
    lot = values if isinstance(values, Lot) else make_lot(values, **kw)
    if fmt not in ("second", "english"):
        raise TheoryError(f"only 'second' and 'english' have dominant strategies; {fmt!r} needs sealed_game")
    d: dict[int, int] = {}
    for i in range(lot.n):
        level_i = lot.drop_level(i)
        if level_i is not None:
            d[i] = level_i
    live = sorted(d, key=lambda i: (-d[i], lot.rank(i)))
    if not live:
        w = min((i for i in range(lot.n) if lot.allowed(i)), key=lot.rank)
        prices = [0] * lot.n
        prices[w] = lot.price(w, lot.bids[0])
        return _outcome(lot, fmt, w, prices, None)
    w = live[0]
    prices = [0] * lot.n
    if len(live) == 1:
        level = lot.bids[0]
    elif fmt == "second" or d[live[1]] == d[w]:
        level = d[live[1]]
    else:
        level = min(b for b in lot.bids if b > d[live[1]])  # the next level of the clock
    prices[w] = lot.price(w, level)
    bids = tuple(d.get(i, lot.bids[0]) for i in range(lot.n)) if fmt == "second" else None
    return _outcome(lot, fmt, w, prices, bids)


@dataclass
class SealedGame:
    """The complete-information normal form of a sealed format: ``strategies[i]`` the allowed bids,
    ``payoffs`` of shape ``(S_0, ..., S_{n-1}, n)``."""

    lot: Lot
    format: str
    strategies: list[list[int]]
    payoffs: np.ndarray

    def outcome(self, profile: Sequence[int]) -> Outcome:
        """Outcome of a profile of strategy *indices*."""
        return sealed_outcome(self.lot, self.format, [self.strategies[i][k] for i, k in enumerate(profile)])


def sealed_game(
    values: Sequence[float] | Lot, fmt: str, *, no_overbid: bool = True, max_profiles: int = 200_000, **kw
) -> SealedGame:
    """The normal form of ``"first"``, ``"second"`` or ``"allpay"`` with complete information.

    With ``no_overbid`` (default) a bidder's strategies are the allowed bids whose price is at most its value
    (the lowest allowed bid is always kept): a bid above the value is weakly dominated in all three formats (it
    can only add a loss), and keeping such bids adds equilibria in which a loser "threatens" with a bid it would
    regret. ``no_overbid=False`` keeps every allowed bid.

    >>> g = sealed_game([5, 3], "first")
    >>> [g.outcome(p).bids for p in pure_equilibria(g)]
    [(2, 2), (3, 3)]
    """
    lot = values if isinstance(values, Lot) else make_lot(values, **kw)
    _check_format(fmt)
    if fmt == "english":
        raise TheoryError("the English clock is not a sealed game; use dominant_outcome")
    strat = [lot.allowed(i) for i in range(lot.n)]
    if any(not s for s in strat):
        raise TheoryError("a bidder cannot afford even the lowest bid")
    if no_overbid:
        strat = [[b for b in s if b == s[0] or lot.price(i, b) <= lot.values[i]] for i, s in enumerate(strat)]
    size = int(np.prod([len(s) for s in strat]))
    if size > max_profiles:
        raise TheoryError(f"{size} bid profiles (limit {max_profiles}): restrict bids")
    pay = np.zeros(tuple(len(s) for s in strat) + (lot.n,))
    for idx in itertools.product(*[range(len(s)) for s in strat]):
        pay[idx] = sealed_outcome(lot, fmt, [strat[i][k] for i, k in enumerate(idx)]).pay
    return SealedGame(lot, fmt, strat, pay)


def pure_equilibria(game: SealedGame) -> list[tuple[int, ...]]:
    """Every pure Nash equilibrium (profiles of strategy indices), by exact enumeration."""
    mask = np.ones(game.payoffs.shape[:-1], dtype=bool)
    for i in range(game.lot.n):
        u = game.payoffs[..., i]
        mask &= u >= u.max(axis=i, keepdims=True) - 1e-9
    return [tuple(int(x) for x in idx) for idx in np.argwhere(mask)]


def mixed_equilibria(game: SealedGame) -> list[tuple[np.ndarray, np.ndarray, Outcome]]:
    """Nash equilibria of a two-bidder sealed game (nashpy vertex enumeration, checked best responses), each
    with its expected :class:`Outcome`. Auction games are degenerate: equilibria form connected sets and the
    vertices found are their extreme points."""
    import warnings

    import nashpy

    if game.lot.n != 2:
        raise TheoryError(f"mixed equilibria are computed for two bidders; this lot has {game.lot.n}")
    A, B = game.payoffs[..., 0], game.payoffs[..., 1]
    # vertex enumeration needs positive payoffs; adding a constant to a player's payoffs keeps every equilibrium
    g = nashpy.Game(A - A.min() + 1.0, B - B.min() + 1.0)
    out: list[tuple[np.ndarray, np.ndarray, Outcome]] = []
    with warnings.catch_warnings(), np.errstate(divide="ignore", invalid="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        eqs = list(g.vertex_enumeration())
    for x, y in eqs:
        x = np.clip(np.asarray(x, float), 0, None)
        y = np.clip(np.asarray(y, float), 0, None)
        if not (x.sum() > 0 and y.sum() > 0):
            continue
        x, y = x / x.sum(), y / y.sum()
        best_x = x @ A @ y >= (A @ y).max() - 1e-9
        best_y = x @ B @ y >= (x @ B).max() - 1e-9
        if not (best_x and best_y) or any(
            np.allclose(x, a, atol=1e-8) and np.allclose(y, b, atol=1e-8) for a, b, _ in out
        ):
            continue
        out.append((x, y, _mixed_outcome(game, x, y)))
    return out


def _mixed_outcome(game: SealedGame, x: np.ndarray, y: np.ndarray) -> Outcome:
    win, rev, wel, pay = np.zeros(2), 0.0, 0.0, np.zeros(2)
    for i, j in itertools.product(range(len(x)), range(len(y))):
        p = x[i] * y[j]
        if p <= 0:
            continue
        o = game.outcome((i, j))
        win += p * np.array(o.win)
        rev += p * o.revenue
        wel += p * o.welfare
        pay += p * np.array(o.pay)
    lot = game.lot
    r = lambda a: round(float(a), 12) + 0.0  # noqa: E731 - drop float noise and negative zeros
    return Outcome(
        game.format, tuple(r(w) for w in win), r(rev), r(wel), max(lot.values), tuple(r(u) for u in pay), None
    )


def equilibrium_range(values: Sequence[float] | Lot, fmt: str, **kw) -> dict:
    """Revenue and efficiency over the pure equilibria of a sealed format (mixed ones for two bidders when no
    pure one exists): ``{"kind", "count", "revenue": (lo, hi), "efficiency": (lo, hi), "outcomes"}``."""
    game = sealed_game(values, fmt, **kw)
    outs = [game.outcome(p) for p in pure_equilibria(game)]
    kind = "pure"
    if not outs and game.lot.n == 2:
        outs, kind = [o for _, _, o in mixed_equilibria(game)], "mixed"
    if not outs:
        return {"kind": "none", "count": 0, "revenue": None, "efficiency": None, "outcomes": []}
    rev = [round(float(o.revenue), 9) for o in outs]
    eff = [round(float(o.efficiency), 9) for o in outs]
    return {
        "kind": kind,
        "count": len(outs),
        "revenue": (min(rev), max(rev)),
        "efficiency": (min(eff), max(eff)),
        "outcomes": outs,
    }
