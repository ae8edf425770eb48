"""The biology-lab auction as a game: a normal-form teaching model and the engine's sequential game.

Both models start from a real position at a ``bid`` node (the mutation phase) and score a player who ends
with lot ``L`` after paying ``price`` as ``value[player][L] - price`` (quasi-linear payoffs in MP).

* :func:`normal_form` - simultaneous sealed bids: every player picks one ``(lot, bid)``. Each lot goes to its
  highest bid; ties go to the player earlier in the bidding order (later bidders must outbid in the real
  game). Players who win nothing take, in bidding order, the free lot they value most (lowest index on
  ties) for the minimum bid (price ``max(0, bid_min - vials)``). Solve with :meth:`NormalFormAuction.
  nash_equilibria` (two players, nashpy) or :meth:`NormalFormAuction.pure_equilibria` (any number).
* :func:`~evo_lab.theory.outbid.solve_sequential` - the outbid game exactly as the engine plays it, solved by
  backward induction (:mod:`evo_lab.theory.outbid`, with :func:`~evo_lab.theory.outbid.bot_auction`).

This module holds the shared parts: the typed errors, the teaching position, the lots and the bidding order,
the valuations and the normal form.

>>> import evo_lab
>>> s = teaching_position(seed=1)
>>> s.node_name(), s.lots
('bid', [-2, 6])
>>> v = valuations(s, [[1, 3], [0, 4]])
>>> v.values.tolist()
[[1.0, 3.0], [0.0, 4.0]]
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core.errors import EvoLabError
from ..core.protocol import apply_random_chance
from ..games.evo2e import rules
from ..games.evo2e import State
from ..games.evo2e.phases.mutation import EMPTY_LOT, EVENT_LOT


class TheoryError(EvoLabError, ValueError):
    """Base class of the theory module's errors."""


class NotAuctionError(TheoryError):
    """The position is not a bidding decision of the mutation phase (node ``bid``)."""


class ValuationError(TheoryError):
    """A valuation table of the wrong shape or with non-finite entries."""


class GameTooLargeError(TheoryError):
    """The requested game has more profiles or nodes than the given limit: restrict bids or lots."""


# ---------------------------------------------------------------------------------------------- positions
def check_auction(state: Any) -> State:
    """Return ``state`` if it is at a bidding decision, else raise :class:`NotAuctionError`."""
    if not isinstance(state, State):
        raise NotAuctionError(f"expected an evo_lab State at a 'bid' node, got {type(state).__name__}")
    if state.node_name() != "bid":
        raise NotAuctionError(
            f"the auction needs a position at a 'bid' node of the mutation phase; this one is "
            f"at node {state.node_name()!r} ({state.phase_name()} phase, round {state.round})"
        )
    return state


def teaching_position(players: int = 2, seed: int = 1, game: Any = None) -> State:
    """The first bidding decision of a fresh game (setup and gene draws resolved with ``seed``).

    >>> teaching_position(3, seed=2).node_name()
    'bid'
    """
    from ..games.evo2e import Game

    g = game if game is not None else Game(players=players, seed=seed)
    s = g.new_initial_state()
    apply_random_chance(s, np.random.default_rng(seed))
    while s.node_name() != "bid":  # pragma: no cover - the first decision of a game is the first bid
        s.apply_action(s.legal_actions()[0])
        apply_random_chance(s, np.random.default_rng(seed))
    return s


def lot_names(state: State) -> list[str]:
    """Readable names of the lots on offer: ``['event card', 'bony_plates', ...]``."""
    g = state.game
    return [
        "event card" if x == EVENT_LOT else ("(empty)" if x == EMPTY_LOT else g.gene_ids[x])
        for x in state.lots
    ]


def bidding_order(state: State) -> list[int]:
    """Players in the order they place their first marker (the initiative track)."""
    return list(state.order)


# ---------------------------------------------------------------------------------------------- valuations
@dataclass
class Valuations:
    """Value in MP of each lot for each player: ``values[player][lot]`` (optional 95% ``low``/``high``)."""

    values: np.ndarray
    lots: list[str]
    low: np.ndarray | None = None
    high: np.ndarray | None = None
    source: str = "teacher"
    meta: dict = field(default_factory=dict)

    @property
    def players(self) -> int:
        return int(self.values.shape[0])

    def __getitem__(self, key: Any) -> Any:
        return self.values[key]

    def table(self) -> list[dict]:
        """Rows ``{"player", "lot", "item", "value", "low", "high"}``."""
        rows = []
        for p in range(self.values.shape[0]):
            for i, name in enumerate(self.lots):
                rows.append(
                    {
                        "player": p,
                        "lot": i,
                        "item": name,
                        "value": float(self.values[p, i]),
                        "low": None if self.low is None else float(self.low[p, i]),
                        "high": None if self.high is None else float(self.high[p, i]),
                    }
                )
        return rows


def valuations(state: State, table: Any, *, source: str = "teacher") -> Valuations:
    """Validate a teacher's table ``table[player][lot]`` (MP) against the auction at ``state``.

    >>> s = teaching_position(seed=1)
    >>> valuations(s, [[1, 2], [3, 4]]).values.tolist()
    [[1.0, 2.0], [3.0, 4.0]]
    >>> valuations(s, [[1, 2, 3]])
    Traceback (most recent call last):
    ...
    evo_lab.theory.auction.ValuationError: valuations must have shape (players=2, lots=2), got (1, 3)
    """
    check_auction(state)
    if isinstance(table, Valuations):
        arr = table.values
    else:
        try:
            arr = np.asarray(table, dtype=float)
        except (TypeError, ValueError) as e:
            raise ValuationError(f"valuations must be a players x lots table of numbers: {e}") from None
    n, m = state.game.players, len(state.lots)
    if arr.shape != (n, m):
        raise ValuationError(f"valuations must have shape (players={n}, lots={m}), got {tuple(arr.shape)}")
    if not np.all(np.isfinite(arr)):
        raise ValuationError("valuations must be finite numbers")
    if isinstance(table, Valuations):
        return table
    return Valuations(arr.copy(), lot_names(state), source=source)


def _bid_values(state: State, bids: Iterable[int] | None) -> tuple[int, ...]:
    s = state.game.data.setup
    lo, hi = s["bid_min"], s["bid_max"]
    if bids is None:
        return tuple(range(lo, hi + 1))
    out = tuple(sorted({int(b) for b in bids}))
    if not out or any(not lo <= b <= hi for b in out):
        raise TheoryError(
            f"bids must be values in {lo}..{hi}, got {list(bids) if bids is not None else None}"
        )
    if lo not in out:
        raise TheoryError(
            f"the allowed bids must include the minimum bid {lo} (a displaced player must always "
            f"be able to bid on a free lot)"
        )
    return out


def _price(state: State, player: int, bid: int) -> int:
    return rules.bid_price(bid, state.vials(player))


# ---------------------------------------------------------------------------------------------- normal form
@dataclass
class NormalFormAuction:
    """The sealed-bid model. ``strategies[p]`` lists ``(lot, bid)`` pairs player ``p`` can afford;
    ``payoffs`` has shape ``(S_0, ..., S_{n-1}, n)``."""

    state: State
    valuations: Valuations
    bids: tuple[int, ...]
    order: list[int]
    strategies: list[list[tuple[int, int]]]
    payoffs: np.ndarray

    @property
    def players(self) -> int:
        return len(self.strategies)

    def label(self, player: int, k: int) -> str:
        lot, bid = self.strategies[player][k]
        return f"{bid} on {self.valuations.lots[lot]}"

    def labels(self, player: int) -> list[str]:
        return [self.label(player, k) for k in range(len(self.strategies[player]))]

    def outcome(self, profile: Sequence[int]) -> dict:
        """Allocation of a pure profile (strategy indices): ``{"lots": [(player, bid, price)], "payoffs"}``."""
        choices = [self.strategies[p][k] for p, k in enumerate(profile)]
        alloc = _sealed_allocation(self.state, self.valuations.values, choices, self.order, self.bids[0])
        pay = [0.0] * self.players
        for lot, (p, _b, price) in enumerate(alloc):
            pay[p] = float(self.valuations.values[p, lot] - price)
        return {"lots": alloc, "payoffs": pay}

    def payoff_matrices(self) -> tuple[np.ndarray, np.ndarray]:
        """(A, B): row and column player's payoffs (two players only)."""
        if self.players != 2:
            raise TheoryError(f"payoff matrices are for two players; this game has {self.players}")
        return self.payoffs[..., 0], self.payoffs[..., 1]

    def pure_equilibria(self) -> list[tuple[int, ...]]:
        """Every pure Nash equilibrium (profiles of strategy indices), by exact enumeration."""
        n = self.players
        mask = np.ones(self.payoffs.shape[:-1], dtype=bool)
        for p in range(n):
            u = self.payoffs[..., p]
            best = u.max(axis=p, keepdims=True)
            mask &= u >= best - 1e-9
        return [tuple(int(i) for i in idx) for idx in np.argwhere(mask)]

    def describe(self, profile: Sequence[int]) -> str:
        return "; ".join(f"P{p + 1}: {self.label(p, k)}" for p, k in enumerate(profile))

    def dominated(self) -> list[list[int]]:
        """Strategies that survive iterated elimination of strictly dominated pure strategies (indices)."""
        alive = [list(range(len(s))) for s in self.strategies]
        changed = True
        while changed:
            changed = False
            for p in range(self.players):
                sub = self.payoffs[np.ix_(*alive)][..., p]
                sub = np.moveaxis(sub, p, 0).reshape(len(alive[p]), -1)
                keep = []
                for i in range(len(alive[p])):
                    if not any(np.all(sub[j] > sub[i] + 1e-12) for j in range(len(alive[p])) if j != i):
                        keep.append(alive[p][i])
                if len(keep) < len(alive[p]):
                    alive[p] = keep
                    changed = True
        return alive

    def nash_equilibria(
        self, method: str = "support", *, reduce: bool = True, max_supports: int = 2_000_000
    ) -> list[MixedEquilibrium]:
        """Mixed Nash equilibria of the two-player game with nashpy.

        ``method``: ``"support"`` (support enumeration), ``"vertex"`` (vertex enumeration) or
        ``"lemke_howson"`` (one equilibrium per initial label, deduplicated). With ``reduce`` strictly dominated
        strategies are removed first (this keeps every equilibrium). Support enumeration visits
        ``sum_k C(r, k) C(c, k)`` support pairs; above ``max_supports`` it raises :class:`GameTooLargeError`.
        """
        import warnings

        with warnings.catch_warnings(), np.errstate(divide="ignore", invalid="ignore"):
            warnings.simplefilter("ignore", RuntimeWarning)
            return self._nash(method, reduce, max_supports)

    def _nash(self, method: str, reduce: bool, max_supports: int) -> list[MixedEquilibrium]:
        import nashpy

        A, B = self.payoff_matrices()
        rows, cols = self.dominated() if reduce else [list(range(A.shape[0])), list(range(A.shape[1]))]
        a, b = A[np.ix_(rows, cols)], B[np.ix_(rows, cols)]
        game = nashpy.Game(a, b)
        if method == "support":
            work = sum(
                math.comb(len(rows), k) * math.comb(len(cols), k)
                for k in range(1, min(len(rows), len(cols)) + 1)
            )
            if work > max_supports:
                raise GameTooLargeError(
                    f"support enumeration over {len(rows)}x{len(cols)} strategies needs {work} "
                    f"support pairs (limit {max_supports}); restrict bids, or use "
                    f"method='lemke_howson'"
                )
            eqs = list(game.support_enumeration(non_degenerate=False, tol=1e-9))
        elif method == "vertex":
            eqs = list(game.vertex_enumeration())
        elif method == "lemke_howson":
            eqs = []
            for lab in range(a.shape[0] + a.shape[1]):
                try:
                    eqs.append(game.lemke_howson(initial_dropped_label=lab))
                except Exception:  # noqa: BLE001, S112 - nashpy may fail on degenerate games for some labels
                    continue
        else:
            raise TheoryError(f"method must be 'support', 'vertex' or 'lemke_howson', got {method!r}")
        out: list[MixedEquilibrium] = []
        for x, y in eqs:
            if x is None or y is None or np.any(np.isnan(x)) or np.any(np.isnan(y)):
                continue
            fx = np.zeros(A.shape[0])
            fy = np.zeros(A.shape[1])
            fx[rows] = x
            fy[cols] = y
            if any(
                np.allclose(fx, e.strategies[0], atol=1e-7) and np.allclose(fy, e.strategies[1], atol=1e-7)
                for e in out
            ):
                continue
            if not (game.is_best_response(x, y)[0] and game.is_best_response(x, y)[1]):
                continue
            out.append(MixedEquilibrium((fx, fy), (float(fx @ A @ fy), float(fx @ B @ fy)), self))
        return out

    def gambit_equilibria(self) -> list[MixedEquilibrium]:  # pragma: no cover - optional dependency
        """Equilibria with pygambit (``pip install 'evo-lab[gambit]'``); raises TheoryError without it."""
        try:
            import pygambit as gbt
        except ImportError:
            raise TheoryError(
                "pygambit is not installed: pip install 'evo-lab[gambit]' (compiles from source)"
            ) from None
        from fractions import Fraction

        arrays = [
            np.vectorize(lambda x: Fraction(x).limit_denominator(10**6))(self.payoffs[..., p])
            for p in range(self.players)
        ]
        g = gbt.Game.from_arrays(*arrays)
        res = gbt.nash.enummixed_solve(g) if self.players == 2 else gbt.nash.enumpure_solve(g)
        out = []
        for prof in res.equilibria:
            strat = tuple(np.array([float(prof[s]) for s in pl.strategies]) for pl in g.players)
            pay = tuple(float(prof.payoff(pl)) for pl in g.players)
            out.append(MixedEquilibrium(strat, pay, self))
        return out


@dataclass
class MixedEquilibrium:
    """A mixed equilibrium: probability vectors over each player's strategies, expected payoffs."""

    strategies: tuple[np.ndarray, ...]
    payoffs: tuple[float, ...]
    game: NormalFormAuction

    def support(self, player: int) -> list[tuple[str, float]]:
        """``[(strategy label, probability)]`` with positive probability."""
        return [
            (self.game.label(player, k), float(x)) for k, x in enumerate(self.strategies[player]) if x > 1e-9
        ]

    def is_pure(self) -> bool:
        return all(len(self.support(p)) == 1 for p in range(len(self.strategies)))

    def __str__(self) -> str:
        parts = []
        for p in range(len(self.strategies)):
            sup = ", ".join(f"{lab} ({x:.3g})" for lab, x in self.support(p))
            parts.append(f"P{p + 1}: {sup}; payoff {self.payoffs[p]:.3g}")
        return " | ".join(parts)


def _sealed_allocation(
    state: State, values: np.ndarray, choices: Sequence[tuple[int, int]], order: Sequence[int], bid_min: int
) -> list[tuple[int, int, int]]:
    """Per lot ``(player, bid, price)`` under the sealed-bid rule (see the module docstring)."""
    m = values.shape[1]
    rank = {p: i for i, p in enumerate(order)}
    winner: list[tuple[int, int] | None] = [None] * m
    for p in sorted(range(len(choices)), key=lambda q: rank[q]):
        lot, bid = choices[p]
        cur = winner[lot]
        if cur is None or bid > cur[1]:
            winner[lot] = (p, bid)
    won = {w[0] for w in winner if w is not None}
    for p in sorted(range(len(choices)), key=lambda q: rank[q]):
        if p in won:
            continue
        free = [lot for lot in range(m) if winner[lot] is None]
        lot = max(free, key=lambda L: (values[p, L], -L))
        winner[lot] = (p, bid_min)
        won.add(p)
    return [(p, b, _price(state, p, b)) for p, b in winner]  # type: ignore[misc]


def normal_form(
    state: State, vals: Any, *, bids: Iterable[int] | None = None, max_profiles: int = 1_000_000
) -> NormalFormAuction:
    """The sealed-bid teaching model of the auction at ``state`` (the start of the bidding: no marker placed).

    ``bids`` restricts the bid values (default ``bid_min..bid_max``, 0..6); each player's strategies are the
    ``(lot, bid)`` pairs with a price the player can pay.

    >>> s = teaching_position(seed=1)
    >>> nf = normal_form(s, [[0, 2], [0, 2]], bids=[0, 1, 2])
    >>> [nf.describe(p) for p in nf.pure_equilibria()][:2]
    ['P1: 1 on bony_plates; P2: 1 on bony_plates', 'P1: 1 on bony_plates; P2: 2 on bony_plates']
    """
    check_auction(state)
    if any(b is not None for b in state.bids):
        raise NotAuctionError(
            "the sealed-bid model starts before any marker is placed; this auction already has "
            "bids (use solve_sequential for a running auction)"
        )
    v = valuations(state, vals)
    bset = _bid_values(state, bids)
    n, m = state.game.players, len(state.lots)
    strategies = [
        [(lot, b) for lot in range(m) for b in bset if _price(state, p, b) <= state.mp[p]] for p in range(n)
    ]
    total = math.prod(len(s) for s in strategies)
    if total > max_profiles:
        raise GameTooLargeError(
            f"{total} strategy profiles (limit {max_profiles}); restrict bids (e.g. bids=[0, 1, 2, 3])"
        )
    order = bidding_order(state)
    pay = np.zeros(tuple(len(s) for s in strategies) + (n,))
    vals_arr = v.values
    for idx in itertools.product(*[range(len(s)) for s in strategies]):
        choices = [strategies[p][k] for p, k in enumerate(idx)]
        alloc = _sealed_allocation(state, vals_arr, choices, order, bset[0])
        for lot, (p, _b, price) in enumerate(alloc):
            pay[idx + (p,)] = vals_arr[p, lot] - price
    return NormalFormAuction(state, v, bset, order, strategies, pay)
