"""The lesson-04 tools around the sequential auction: every subgame-perfect outcome, and a panel where a
student bids against the backward-induction solver.

:func:`subgame_perfect_outcomes` differs from :func:`evo_lab.theory.solve_sequential` in one way: the solver
breaks every tie by the course's tie convention (the first action in the engine's legal order) and returns
one equilibrium; this function keeps *every* tie-break, so it returns the set of payoff vectors reached by
some subgame-perfect equilibrium. A payoff vector ``v`` is subgame perfect at a decision node of player ``i``
iff some move ``a`` leads to ``v`` in a subgame-perfect continuation and every other move ``b`` has *some*
subgame-perfect continuation ``w`` with ``w[i] <= v[i]`` (the continuation after a deviation can be chosen
to punish it).

>>> from evo_lab.theory import teaching_position
>>> sorted(subgame_perfect_outcomes(teaching_position(players=2, seed=1), [[1, 3], [0, 4]]))[-1]
(1.0, 4.0)
"""

from __future__ import annotations

import json
from typing import Any
from collections.abc import Iterable

import numpy as np

from evo_lab.theory import solve_sequential, valuations

__all__ = ["subgame_perfect_outcomes", "weakly_dominated", "BidAgainstSolver"]


def weakly_dominated(nf: Any) -> list[dict[int, list[int]]]:
    """Per player of a normal form (:func:`evo_lab.theory.normal_form`), every pure strategy that another pure
    strategy *weakly* dominates: ``{s: [t, ...]}`` where ``t`` pays at least as much as ``s`` against every profile
    of the others and strictly more against at least one (one round of comparison, no iterated removal).

    >>> from evo_lab.theory import teaching_position, normal_form
    >>> nf = normal_form(teaching_position(players=2, seed=1), [[1, 3], [0, 4]])
    >>> plates2 = nf.labels(0).index("2 on bony_plates")
    >>> [nf.label(0, t) for t in weakly_dominated(nf)[0][plates2]]
    ['0 on event card', '0 on bony_plates', '1 on bony_plates']
    """
    out: list[dict[int, list[int]]] = []
    for p in range(nf.players):
        u = np.moveaxis(np.asarray(nf.payoffs[..., p], float), p, 0)
        u = u.reshape(u.shape[0], -1)
        doms: dict[int, list[int]] = {}
        for s in range(u.shape[0]):
            by = [
                t
                for t in range(u.shape[0])
                if t != s and np.all(u[t] >= u[s] - 1e-12) and np.any(u[t] > u[s] + 1e-12)
            ]
            if by:
                doms[s] = by
        out.append(doms)
    return out


def _key(s: Any) -> str:
    auc = dict(s.auction())
    auc.pop("last", None)
    return json.dumps([auc, s.current_player()], sort_keys=True, default=str)


def subgame_perfect_outcomes(
    state: Any,
    table: Any,
    *,
    bids: Iterable[int] | None = None,
    max_nodes: int = 200_000,
    revenue: bool = False,
) -> set[tuple[float, ...]]:
    """Every payoff vector of a subgame-perfect equilibrium of the outbid game from ``state`` (a ``bid``
    node), under any tie-breaking. Payoff of ``p``: ``table[p][lot] - max(0, bid - vials)`` (vials held
    before the auction, ruling R3). The tree is the engine's (clone + ``apply_action``). With ``revenue=True``
    each vector carries one more entry, the total price paid to the bank (two equilibria with the same payoffs
    but different prices are then told apart).

    >>> from evo_lab.theory import teaching_position
    >>> sorted(subgame_perfect_outcomes(teaching_position(players=2, seed=1), [[0, 5], [0, 4]], revenue=True))
    [(1.0, 0.0, 4.0), (2.0, 0.0, 3.0)]
    """
    v = valuations(state, table).values
    allowed = None if bids is None else set(bids)
    vials = [state.vials(p) for p in range(state.players)]
    memo: dict[str, frozenset] = {}

    def leaf(parent: Any, action: Any) -> tuple[float, ...]:
        held = {
            lot["lot"]: (lot["holder"], lot["bid"])
            for lot in parent.auction()["lots"]
            if lot["holder"] is not None
        }
        held[action.a] = (parent.current_player(), action.b)
        out = [0.0] * (state.players + (1 if revenue else 0))
        for lot, (p, b) in held.items():
            out[p] = float(v[p, lot] - max(0, b - vials[p]))
            if revenue:
                out[-1] += float(max(0, b - vials[p]))
        return tuple(out)

    def solve(s: Any) -> frozenset:
        k = _key(s)
        if k in memo:
            return memo[k]
        if len(memo) >= max_nodes:
            raise ValueError(f"more than {max_nodes} auction positions; restrict bids")
        i = s.current_player()
        children = []
        for a in s.legal_actions():
            if allowed is not None and a.b not in allowed:
                continue
            c = s.clone()
            c.apply_action(a)
            children.append(frozenset([leaf(s, a)]) if c.node_name() != "bid" else solve(c))
        out = set()
        for j, ej in enumerate(children):
            for val in ej:
                if all(any(w[i] <= val[i] + 1e-12 for w in eb) for b, eb in enumerate(children) if b != j):
                    out.add(val)
        memo[k] = frozenset(out)
        return memo[k]

    return set(solve(state))


class BidAgainstSolver:
    """An :class:`~evo_lab.views.widgets.AuctionPanel` where the student bids for ``student`` and the
    backward-induction solver (``solve_sequential``, course tie convention) answers for everyone else.

    ``.widget`` is what to display; ``.bid(text)`` plays a bid as the student (also what the panel's button
    does); ``.payoffs()`` the payoffs under ``table`` once the auction is over (else ``None``)."""

    def __init__(self, state: Any, table: Any, *, student: int = 0, bids: Iterable[int] | None = None):
        import ipywidgets as W

        from evo_lab.views.widgets import AuctionPanel, Session

        self.table = valuations(state, table)
        self.student = student
        self.bids = None if bids is None else list(bids)
        self._root = state.clone()
        self._vials = [state.vials(p) for p in range(state.players)]
        self._last_auction: dict | None = None
        self.session = Session(state.clone(), seed=0)
        self.panel = AuctionPanel(self.session)
        self.report = W.HTML()
        self.session.on_change(self._changed)
        self.widget = W.VBox(
            [
                W.HTML(f"<b>You bid for P{student + 1}</b>; the solver bids for the others."),
                self.panel,
                self.report,
            ]
        )
        self._changed("move")

    def bid(self, text: str) -> str:
        """Play ``text`` (e.g. ``"bid 2 on lot 1"``) for the student; returns the error message or ""."""
        return self.session.try_play(text)

    def _changed(self, _what: str) -> None:
        st = self.session.state
        if st.node_name() == "bid":
            self._last_auction = st.auction()
            if st.current_player() != self.student:
                move = solve_sequential(st, self.table, bids=self.bids).path[0]
                self.session.play(move)
                return
        self.report.value = self._text()

    def holdings(self) -> dict[int, tuple[int, int]] | None:
        """``{lot: (player, bid)}`` after the auction (``None`` while it runs)."""
        st = self.session.state
        if st.node_name() == "bid" or self._last_auction is None:
            return None
        last = next((a for a in reversed(st.history()) if a.kind == "bid"), None)
        held = {
            lot["lot"]: (lot["holder"], lot["bid"])
            for lot in self._last_auction["lots"]
            if lot["holder"] is not None
        }
        if last is not None:
            held[last.a] = (self._last_auction["bidder"], last.b)
        return held

    def payoffs(self) -> list[float] | None:
        held = self.holdings()
        if held is None:
            return None
        out = [0.0] * self.table.players
        for lot, (p, b) in held.items():
            out[p] = float(self.table.values[p, lot] - max(0, b - self._vials[p]))
        return out

    def _text(self) -> str:
        pay = self.payoffs()
        if pay is None:
            return "<i>Your turn: choose a lot and a bid, then press Bid.</i>"
        best = solve_sequential(self._root, self.table, bids=self.bids).payoffs
        return (
            f"Auction over. Payoffs under the table: {', '.join(f'P{p + 1} {x:g}' for p, x in enumerate(pay))}. "
            f"The solver's own line gives {', '.join(f'P{p + 1} {x:g}' for p, x in enumerate(best))}."
        )
