"""Cross-field checks of a loaded Evo 2e position body (after :mod:`.records` checked each field's type): the
totals the rules keep (gene tokens, event cards, climate tokens), each player's counts within the pack's, and
the facts of the node the position waits at (the lots and bids of an auction, a pending fight, a newborn).

Each failure is a :class:`~evo_lab.core.errors.FormatError` naming the field (``state.genes[5]``,
``state.bag[4]``, ``state.pend``); the game's invariant checker then runs on the state as a whole
(:func:`evo_lab.core.game.check_loaded`).

What-if positions of the theory (:func:`~evo_lab.games.evo2e.builder.build_position` with ``bag=``) hold fewer
gene tokens than the pack on purpose: the gene totals may fall short of the pack's, never exceed it.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ...core.checks import MAX_COUNT, int_in
from ...core.errors import FormatError
from .flow import MUTATION, SETUP, Step

if TYPE_CHECKING:
    from .game import Game
    from .state import State

__all__ = ["check_state_body"]


def check_state_body(s: State, g: Game) -> None:
    """Every cross-field check (see the module docstring)."""
    _players(s, g)
    _genes(s, g)
    _cards(s, g)
    _climate(s, g)
    _auction(s, g)
    _node(s, g)


def _players(s: State, g: Game) -> None:
    n = g.players
    for p, c in enumerate(s.count):
        if c > g.max_dinos:
            raise FormatError(f"{c} dinosaurs, more than the {g.max_dinos} a player has", f"state.count[{p}]")
    if s.step in (Step.SETUP_EXCLUDE, Step.SETUP_ORDER):
        if s.phase != SETUP or len(s.order) > (0 if s.step is Step.SETUP_EXCLUDE else n - 1):
            raise FormatError("the track is drawn during the setup, after the unique genes", "state.order")
    elif sorted(s.order) != list(range(n)):
        raise FormatError(f"must list each of the {n} players once once the track is drawn", "state.order")
    if len(set(s.window)) != len(s.window):
        raise FormatError("a player is twice in the card window", "state.window")
    int_in(s.geysers, 0, 2**n - 1, "state.geysers")
    int_in(s.prescience_shift, -g.n_sections, g.n_sections, "state.pshift")
    int_in(s.mp_left, 0, MAX_COUNT, "state.mp_left")
    int_in(s.egg_round, 0, 1000, "state.egg_round")


def _genes(s: State, g: Game) -> None:
    nn, nu = g.n_normal, g.n_unique
    for p, u in enumerate(s.unique_bits):
        int_in(u, 0, 2**nu - 1, f"state.uniq[{p}]")
    for k, x in enumerate(s.genes):
        i = k % nn
        if x > g.bag0[i]:
            raise FormatError(
                f"{x} {g.gene_ids[i]} genes, more than the {g.bag0[i]} in the pack", f"state.genes[{k}]"
            )
    for i in range(nn):
        won = sum(s.genes[nn * p + i] for p in range(g.players))
        if won + s.bag[i] > g.bag0[i]:
            raise FormatError(
                f"{s.bag[i]} {g.gene_ids[i]} tokens in the bag + {won} won = {won + s.bag[i]}, "
                f"more than the {g.bag0[i]} in the pack",
                f"state.bag[{i}]",
            )
    if len(set(s.excluded)) != len(s.excluded) or len(s.excluded) > g.excluded_count:
        raise FormatError(f"must list at most {g.excluded_count} distinct unique genes", "state.excluded")
    if s.phase != SETUP and len(s.excluded) != g.excluded_count:
        raise FormatError(
            f"must list the {g.excluded_count} unique genes left out at the setup", "state.excluded"
        )
    for u in range(nu):
        holders = [p for p, m in enumerate(s.unique_bits) if m >> u & 1]
        bagged = s.bag[nn + u]
        if bagged > 1 or len(holders) + bagged + (u in s.excluded) > 1:
            raise FormatError(
                f"unique gene {g.unique_ids[u]} is in more than one place (players "
                f"{[p + 1 for p in holders]}, bag {bagged}, out {u in s.excluded})",
                f"state.bag[{nn + u}]" if bagged else f"state.uniq[{holders[-1] if holders else 0}]",
            )


def _cards(s: State, g: Game) -> None:
    held = Counter(c for h in s.hands for c in h)
    for c, c0 in enumerate(g.deck0):
        if s.deck[c] + held[c] + s.discard[c] != c0:
            raise FormatError(
                f"event card {g.card_ids[c]}: {s.deck[c]} in the deck + {held[c]} in hands + "
                f"{s.discard[c]} discarded != the {c0} in the pack",
                f"state.deck[{c}]",
            )


def _climate(s: State, g: Game) -> None:
    rev = Counter(s.revealed)
    for k, c0 in enumerate(g.tokens0):
        if rev[k] + s.tokens_left[k] != c0:
            raise FormatError(
                f"climate token {g.token_ids[k]}: {rev[k]} revealed + {s.tokens_left[k]} left != "
                f"the {c0} in the pack",
                f"state.tokens_left[{k}]",
            )
    if len(s.revealed) > g.pile_length - 1:
        raise FormatError(f"more than the {g.pile_length - 1} tokens above the meteorite", "state.revealed")
    if s.next_token is not None and s.next_token != g.meteorite and s.tokens_left[s.next_token] <= 0:
        raise FormatError("the peeked token is not among the tokens left", "state.next_token")


def _auction(s: State, g: Game) -> None:
    n = g.players
    st = g.data.setup
    if len(s.lots) > n:
        raise FormatError(f"at most {n} lots (one per player)", "state.lots")
    drawn = [x for x in s.lots if x >= 0]
    if len(set(drawn)) != len(drawn):
        raise FormatError("a gene is drawn twice", "state.lots")
    if len(s.bids) not in (0, n) or (s.bids and len(s.lots) != n):
        raise FormatError(
            f"must be empty or hold one entry per lot ({n}) once the lots are drawn", "state.bids"
        )
    for lot, b in enumerate(s.bids):
        if b is not None:
            int_in(b[1], st["bid_min"], st["bid_max"], f"state.bids[{lot}][1]")
    int_in(s.displaced, -1, n - 1, "state.displaced")
    int_in(s.banned, -1, n - 1, "state.banned")
    for i, p in enumerate(s.to_bid):
        int_in(p, 0, n - 1, f"state.to_bid[{i}]")
    if len(set(s.to_bid)) != len(s.to_bid):
        raise FormatError("a player is twice among the bidders", "state.to_bid")
    if s.phase == MUTATION and s.bids:
        _bidding(s, n)


def _bidding(s: State, n: int) -> None:
    """During the auction each lot's bid and each player's marker agree; a player without a marker still
    bids."""
    for lot, b in enumerate(s.bids):
        if b is not None and s.holding[b[0]] != lot:
            raise FormatError(
                f"lot {lot}'s bid is P{b[0] + 1}'s, but P{b[0] + 1}'s marker is elsewhere",
                f"state.holding[{b[0]}]",
            )
    for p, h in enumerate(s.holding):
        bid = s.bids[h] if h >= 0 else None
        if h >= 0 and (bid is None or bid[0] != p):
            raise FormatError(
                f"P{p + 1}'s marker is on lot {h}, which holds no bid of theirs", f"state.holding[{p}]"
            )
    waiting = {p for p in range(n) if s.holding[p] < 0}
    if waiting != set(s.to_bid) | ({s.displaced} if s.displaced >= 0 else set()):
        raise FormatError("the players still to bid must be those without a marker", "state.to_bid")
    if s.displaced >= 0 and not 0 <= s.banned < n:
        raise FormatError("a displaced player's lost lot must be named", "state.banned")


def _node(s: State, g: Game) -> None:
    """The pending facts of the node: a fight (``die``: attacker and defender spaces), an escape
    (``chameleon``), a newborn (``newborn_cards``, ``kbdie``: its space and owner)."""
    node, pend, occ = s.node, s.pending, s.occupants
    if node in ("die", "chameleon"):
        if len(pend) != (2 if node == "die" else 4):
            raise FormatError(f"a pending fight needs {'2' if node == 'die' else '4'} entries", "state.pend")
        src, dst = (int_in(x, 0, g.n - 1, f"state.pend[{i}]") for i, x in enumerate(pend[:2]))
        if occ[src] < 0 or occ[dst] < 0 or occ[src] == occ[dst]:
            raise FormatError("a fight needs an attacker and a defender of another player", "state.pend")
        if node == "chameleon":
            _escape(s, g, src, dst)
    elif node in ("kbdie", "newborn_cards") or pend:
        if len(pend) != 2:
            raise FormatError("a newborn needs [space, player]", "state.pend")
        space = int_in(pend[0], 0, g.n - 1, "state.pend[0]")
        p = int_in(pend[1], 0, g.players - 1, "state.pend[1]")
        if node == "kbdie" and not 0 <= occ[space] != p:
            raise FormatError("a killer baby needs an enemy dinosaur on its space", "state.pend")
        if node == "newborn_cards" and occ[space] != p:
            raise FormatError("the newborn's space must hold its owner's dinosaur", "state.pend")
    if s.step is Step.WAIT and node not in ("die", "chameleon", "kbdie"):
        raise FormatError(f"node {node} does not wait", "state.step")


def _escape(s: State, g: Game, src: int, dst: int) -> None:
    att, escapes = s.pending[2], s.pending[3]
    int_in(att, 0, g.players - 1, "state.pend[2]")
    if not isinstance(escapes, tuple) or not escapes:
        raise FormatError("the escapes must be a list of spaces", "state.pend[3]")
    for i, t in enumerate(escapes):
        int_in(t, 0, g.n - 1, f"state.pend[3][{i}]")
        if t not in g.adj[dst] or s.occupants[t] >= 0 or t == src:
            raise FormatError("an escape must be an empty space next to the defender", f"state.pend[3][{i}]")
