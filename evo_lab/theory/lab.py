"""Evo's own biology-lab auction against textbook formats, on a real position with a valuation table.

The mutation phase sells ``n`` lots to ``n`` players who each want exactly one (unit demand): lot 0 the event
card, the others genes (ruling R1). Every function here starts from an engine ``State`` at the start of the
bidding (a ``bid`` node, no marker placed) and a table ``values[player][lot]`` (MP, e.g. from
:func:`evo_lab.theory.lot_valuations`) and returns a :class:`LabOutcome`: who gets which lot, what each pays,
the revenue (MP to the bank) and the welfare (sum of the winners' values) against the best assignment.

* :func:`evo_equilibrium` - the engine's sequential outbid game solved by backward induction
  (:func:`~evo_lab.theory.solve_sequential`, course tie convention);
* :func:`straightforward` - every player bids *straightforwardly*: when it must bid, it takes the lot with the
  largest surplus ``value - price`` at the lowest bid allowed there (lowest lot on ties). With
  ``no_return=True`` the bids are applied to the engine, so Evo's rules hold: strictly higher bids, the cap of
  6, budgets and vials (R2, R3) and "The new bid must be on a different column". With ``no_return=False`` the
  same bidders play the same rules *without* that sentence: a simultaneous ascending (English) auction of the
  lots with increment 1;
* :func:`first_price_equilibria` - the sealed-bid game of lesson 04 (:func:`~evo_lab.theory.normal_form`): every
  pure equilibrium's revenue and welfare;
* :func:`vcg` - the second-price idea for several lots (Vickrey-Clarke-Groves): the welfare-maximising assignment,
  each player paying the welfare its presence costs the others. Textbook: no cap, budgets or vials.

>>> from evo_lab.theory import teaching_position
>>> s = teaching_position(players=2, seed=1)
>>> straightforward(s, [[1, 3], [0, 4]]).revenue, vcg(s, [[1, 3], [0, 4]]).revenue
(1.0, 2.0)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..games.evo2e import rules
from ..games.evo2e.actions import Action
from ..games.evo2e.state import State
from .auction import NotAuctionError, check_auction, lot_names, normal_form, valuations
from .outbid import solve_sequential


@dataclass(frozen=True)
class LabOutcome:
    """``holder[lot]`` (player), ``prices[player]`` (MP paid), ``revenue``, ``welfare``, ``best`` (the largest
    welfare of any assignment), ``path`` (bids as the engine prints them, when there is a bidding history)."""

    format: str
    holder: tuple[int, ...]
    prices: tuple[float, ...]
    welfare: float
    best: float
    path: tuple[str, ...] = ()

    @property
    def revenue(self) -> float:
        return sum(self.prices)

    @property
    def efficient(self) -> bool:
        return abs(self.welfare - self.best) < 1e-9

    def describe(self, lots: list[str]) -> str:
        who = ", ".join(f"{lots[lot]} -> P{p + 1} ({self.prices[p]:g})" for lot, p in enumerate(self.holder))
        return (
            f"{self.format}: {who}; revenue {self.revenue:g}, welfare {self.welfare:.2f} of {self.best:.2f}"
        )


def _start(state: State, table: Any) -> np.ndarray:
    check_auction(state)
    if any(lot["holder"] is not None for lot in state.auction()["lots"]):
        raise NotAuctionError("the formats are compared from the start of the bidding (no marker placed)")
    return valuations(state, table).values


def best_welfare(values: np.ndarray) -> tuple[float, tuple[int, ...]]:
    """The largest ``sum values[p][lot_p]`` over one-lot-each assignments, and ``holder[lot]`` reaching it
    (first in lexicographic order of the players' lots on ties)."""
    n = values.shape[0]
    best, arg = -np.inf, tuple(range(n))
    for perm in itertools.permutations(range(n)):  # perm[p] = lot of player p
        w = float(sum(values[p, perm[p]] for p in range(n)))
        if w > best + 1e-12:
            best, arg = w, perm
    holder = [0] * n
    for p, lot in enumerate(arg):
        holder[lot] = p
    return best, tuple(holder)


def _outcome(fmt: str, values: np.ndarray, holder: list[int], prices: list[float], path=()) -> LabOutcome:
    welfare = float(sum(values[p, lot] for lot, p in enumerate(holder)))
    return LabOutcome(
        fmt, tuple(holder), tuple(float(x) for x in prices), welfare, best_welfare(values)[0], tuple(path)
    )


def evo_equilibrium(state: State, table: Any, *, bids=None) -> LabOutcome:
    """The subgame-perfect outcome of Evo's outbid game (backward induction through the engine)."""
    v = _start(state, table)
    sol = solve_sequential(state, v, bids=bids)
    holder = [p for p, _b, _c in sol.allocation]
    prices = [0.0] * len(holder)
    for p, _b, c in sol.allocation:
        prices[p] = c
    return _outcome("Evo (subgame-perfect)", v, holder, prices, sol.path)


def _choose(values: np.ndarray, p: int, options: list[tuple[int, int]], vials: int) -> tuple[int, int]:
    """Straightforward choice among ``(lot, lowest allowed bid)``: largest surplus, then lowest lot."""
    return max(options, key=lambda o: (values[p, o[0]] - rules.bid_price(o[1], vials), -o[0]))


def straightforward(state: State, table: Any, *, no_return: bool = True) -> LabOutcome:
    """Straightforward bidders; ``no_return=True`` plays them through the engine (Evo's rules), ``False`` drops
    the no-return sentence and runs the same bidders in an ascending auction (module docstring)."""
    v = _start(state, table)
    if no_return:
        s = state.clone()
        path: list[str] = []
        last: tuple[int, int, int] | None = None
        held: dict[int, tuple[int, int]] = {}
        while s.node_name() == "bid":
            p = s.current_player()
            acts = s.legal_actions()
            lowest: dict[int, Action] = {}
            for a in acts:
                lowest.setdefault(a.a, a)
            lot, bid = _choose(v, p, [(a.a, a.b) for a in lowest.values()], s.vials(p))
            last = (p, lot, bid)
            held = {x["lot"]: (x["holder"], x["bid"]) for x in s.auction()["lots"] if x["holder"] is not None}
            path.append(s.action_to_string(lowest[lot]))
            s.apply_action(lowest[lot])
        if last is None:
            raise NotAuctionError("the formats are compared from the start of the bidding (nobody bid)")
        held[last[1]] = (last[0], last[2])
        holder = [held[lot][0] for lot in range(len(held))]
        prices = [0.0] * len(holder)
        for lot, (p, b) in held.items():
            prices[p] = rules.bid_price(b, state.vials(p))
        return _outcome("straightforward, Evo rules", v, holder, prices, path)
    return _ascending(state, v)


def _ascending(state: State, v: np.ndarray) -> LabOutcome:
    """The same bidders and bid rules as the engine's mutation phase, without the ban on the column just lost."""
    setup = state.game.data.setup
    lo, hi = setup["bid_min"], setup["bid_max"]
    n = len(state.auction()["lots"])
    vials = [state.vials(p) for p in range(state.players)]
    budget = [state.observation()["players"][p]["mp"] for p in range(state.players)]
    bids: list[tuple[int, int] | None] = [None] * n
    queue = list(state.observation()["order"])
    path: list[str] = []
    while queue:
        p = queue.pop(0)
        options = []
        for lot, cur in enumerate(bids):
            b = lo if cur is None else cur[1] + 1
            if b <= hi and rules.bid_price(b, vials[p]) <= budget[p]:
                options.append((lot, b))
        lot, b = _choose(v, p, options, vials[p])
        path.append(f"P{p + 1}: bid {b} on lot {lot}")
        displaced = bids[lot]
        if displaced is not None:
            queue.insert(0, displaced[0])  # the displaced player bids again at once
        bids[lot] = (p, b)
    won = [x for x in bids if x is not None]
    if len(won) != n:
        raise NotAuctionError("the ascending auction ended with a lot nobody bid on")  # pragma: no cover
    holder = [x[0] for x in won]
    prices = [0.0] * n
    for p, b in won:
        prices[p] = rules.bid_price(b, vials[p])
    return _outcome("straightforward, return allowed", v, holder, prices, path)


def first_price_equilibria(
    state: State, table: Any, *, bids=None, no_overbid: bool = True
) -> list[LabOutcome]:
    """The pure equilibria of the sealed-bid model (lesson 04's ``normal_form``) as :class:`LabOutcome` s.

    With ``no_overbid`` (default) only equilibria in which nobody bids a price above its own value of the lot
    it bids on (the lowest bid always counts as allowed) are kept: in the others a loser "threatens" with a bid
    it would regret if it won."""
    v = _start(state, table)
    nf = normal_form(state, v, bids=bids)
    lo = nf.bids[0]
    out = []
    for prof in nf.pure_equilibria():
        picks = [nf.strategies[p][k] for p, k in enumerate(prof)]
        if no_overbid and any(
            b != lo and rules.bid_price(b, state.vials(p)) > v[p, lot] for p, (lot, b) in enumerate(picks)
        ):
            continue
        o = nf.outcome(prof)
        holder = [p for p, _b, _c in o["lots"]]
        prices = [0.0] * len(holder)
        for p, _b, c in o["lots"]:
            prices[p] = c
        out.append(_outcome("sealed first-price", v, holder, prices, (nf.describe(prof),)))
    return out


def vcg(state: State, table: Any) -> LabOutcome:
    """Vickrey-Clarke-Groves: the best assignment; player ``p`` pays ``W_{-p} - (W - v_p)``, the best welfare of
    the others without ``p`` (its lot left unsold) minus what they get in the best assignment."""
    v = _start(state, table)
    best, holder = best_welfare(v)
    n = v.shape[0]
    prices = []
    for p in range(n):
        others = [q for q in range(n) if q != p]
        w_without = max(
            sum(v[q, lot] for q, lot in zip(others, lots)) for lots in itertools.permutations(range(n), n - 1)
        )
        got = best - v[p, holder.index(p)]
        prices.append(round(float(w_without - got), 12) + 0.0)
    return _outcome("VCG (second-price idea)", v, list(holder), prices)


def compare(state: State, table: Any) -> list[LabOutcome]:
    """Evo's equilibrium, straightforward bidding with and without the no-return rule, VCG, and the sealed
    first-price equilibria with the lowest and the highest revenue."""
    fp = first_price_equilibria(state, table)
    fp_sorted = sorted(fp, key=lambda o: o.revenue)
    rows = [
        evo_equilibrium(state, table),
        straightforward(state, table),
        straightforward(state, table, no_return=False),
        vcg(state, table),
    ]
    if fp_sorted:
        rows += [fp_sorted[0]] + ([fp_sorted[-1]] if fp_sorted[-1].revenue != fp_sorted[0].revenue else [])
    return rows


__all__ = [
    "LabOutcome",
    "auction_position",
    "best_welfare",
    "compare",
    "evo_equilibrium",
    "first_price_equilibria",
    "lot_names",
    "straightforward",
    "vcg",
]


def auction_position(players: int = 3, seed: int = 3, round: int = 3) -> State:
    """The start of the bidding of ``round`` in a game played from setup by uniformly random seeded moves
    (``numpy.random.default_rng(seed)`` for chance and moves, every move through ``apply_action``).

    >>> s = auction_position(3, seed=3, round=3)
    >>> s.round, s.node_name(), lot_names(s)
    (3, 'bid', ['event card', 'vial', 'egg'])
    """
    import evo_lab
    from ..core.protocol import apply_random_chance

    s = evo_lab.Game(players=players, seed=seed).new_initial_state()
    rng = np.random.default_rng(seed)
    while not s.is_terminal():
        if s.is_chance_node():
            apply_random_chance(s, rng)
            continue
        if (
            s.node_name() == "bid"
            and s.round == round
            and all(x["holder"] is None for x in s.auction()["lots"])
        ):
            return s
        acts = s.legal_actions()
        s.apply_action(acts[int(rng.integers(len(acts)))])
    raise NotAuctionError(f"game seed {seed} ended before the mutation phase of round {round}")
