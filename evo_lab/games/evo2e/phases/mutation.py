"""Mutation phase (rulebook, "Mutation phase").

"The starting player draws gene tokens out of the bag, one by one, and adds them to the biology lab until there
are as many lines filled as there are players. Since the first line does not contain a space for a gene, the
number of genes drawn will always be one fewer than the number of players. There can never be two identical
genes in the same mutation phase." Then "in initiative track order, the players bid for the available genes"
(rulings R1-R3).

Steps: ``MUTATION_START``; ``DRAW_GENES`` (chance node ``gene``: a gene kind not drawn yet this round, weighted by
the tokens left; an empty lot when the bag has no other kind); ``BIDDING`` (decision node ``bid``: ``bid V on lot
L``, one bid per action; a displaced player bids again at once); ``AUCTION_PAY`` (payments, genes; chance node
``card``: the event card of lot 0's winner); ``PEEK_MUTATION`` (Sixth sense won this round sees the next token).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import events as E
from .. import genes, ops, rules
from ..actions import BID, CARD, GENE, Action
from ..flow import MUTATION, Node, Step, register_node, register_step
from .climate import peek_step

if TYPE_CHECKING:
    from ..state import State

__all__ = ["EVENT_LOT", "EMPTY_LOT", "bid_actions", "explain_bid"]

EVENT_LOT = -2  # lot 0 holds the event card
EMPTY_LOT = -1  # a lot the bag could not fill


@register_step(Step.MUTATION_START)
def _start(s: State) -> bool:
    s.phase = MUTATION
    s.lots = [EVENT_LOT]
    s.bids = []
    s.step = Step.DRAW_GENES
    return False


@register_step(Step.DRAW_GENES)
def _draw_genes(s: State) -> bool:
    n = s.game.players
    while len(s.lots) < n:
        if any(c and i not in s.lots for i, c in enumerate(s.bag)):
            s.node = "gene"
            return True
        s.lots.append(EMPTY_LOT)  # R1: the bag holds no other kind
    s.bids = [None] * n
    s.holding = [-1] * n
    s.to_bid = list(s.order)
    s.displaced = s.banned = -1
    s.step = Step.BIDDING
    return False


@register_step(Step.BIDDING)
def _bidding(s: State) -> bool:
    if s.displaced >= 0:
        s.node, s.actor = "bid", s.displaced
        return True
    if s.to_bid:
        s.node, s.actor = "bid", s.to_bid[0]
        return True
    s.step = Step.AUCTION_PAY
    return False


@register_step(Step.AUCTION_PAY)
def _auction_pay(s: State) -> bool:
    """ "The player who won the bidding for the first column takes an event card. The other players take the gene
    from the column that they won. All the players must pay for their bids" (vials count from the next round:
    prices use the vials held before this auction, ruling R3)."""
    g = s.game
    winner0 = -1
    for lot, (p, v) in enumerate(s.bids):  # type: ignore[misc]  # the bidding is over: every lot is held
        price = rules.bid_price(v, genes.discount(s, p))
        s.paid[p] = price
        s.mp[p] -= price
        item = s.lots[lot]
        if (
            item == EVENT_LOT or item == g.card_gene
        ):  # a variant's card gene also draws a card (kept as a gene)
            winner0 = p
        if item >= 0:
            s.bag[item] -= 1
            if item < g.n_normal:
                s.genes[g.n_normal * p + item] += 1
            else:
                s.unique_bits[p] |= 1 << (item - g.n_normal)
    ops.event(s, E.Auction("auction", tuple(s.bids)))  # type: ignore[arg-type]  # every lot is held
    s.step = Step.PEEK_MUTATION
    if winner0 >= 0 and any(s.deck):
        s.node, s.actor = "card", winner0
        return True
    return False


@register_step(Step.PEEK_MUTATION)
def _peek_mutation(s: State) -> bool:
    return peek_step(s, Step.INITIATIVE)


def _gene_weights(s: State) -> tuple[list[Action], list[int]]:
    outs, ws = [], []
    drawn = s.lots
    for i, c in enumerate(s.bag):
        if c and i not in drawn:
            outs.append(Action(GENE, i))
            ws.append(c)
    return outs, ws


def _gene_apply(s: State, a: Action) -> None:
    s.lots.append(a.a)
    ops.event(s, E.GeneDrawn("gene", len(s.lots) - 1, a.a))


def _card_weights(s: State) -> tuple[list[Action], list[int]]:
    outs, ws = [], []
    for i, c in enumerate(s.deck):
        if c:
            outs.append(Action(CARD, i))
            ws.append(c)
    return outs, ws


def _card_apply(s: State, a: Action) -> None:
    p = s.actor
    s.deck[a.a] -= 1
    s.hands = ops.with_item(s.hands, p, tuple(sorted(s.hands[p] + (a.a,))))
    ops.event(s, E.CardDrawn("card", p))


def bid_actions(s: State) -> list[Action]:
    """Rulings R2, R3: "If the column is empty, the marker can be placed wherever the player likes ... If the
    column is already occupied, the marker must be placed on a higher value". "A player who has been outbid ...
    The new bid must be on a different column". Bids are affordable: max(0, bid - vials) <= MP."""
    p = s.actor
    st = s.game.data.setup
    lo, hi = st["bid_min"], st["bid_max"]
    top = min(hi, s.mp[p] + genes.discount(s, p))  # the dearest affordable bid
    banned = s.banned if p == s.displaced else -2
    acts = []
    for lot, bid in enumerate(s.bids):
        if lot == banned:
            continue
        for v in range(lo if bid is None else bid[1] + 1, top + 1):
            acts.append(Action(BID, lot, v))
    return acts


def _bid_apply(s: State, a: Action) -> None:
    p, lot, value = s.actor, a.a, a.b
    prev = s.bids[lot]
    s.bids[lot] = (p, value)
    s.holding[p] = lot
    if p == s.displaced:
        s.displaced = s.banned = -1
    elif s.to_bid and s.to_bid[0] == p:
        s.to_bid.pop(0)
    if prev is not None:
        q = prev[0]
        s.holding[q] = -1
        s.displaced, s.banned = q, lot
        ops.event(s, E.Outbid("outbid", q, lot, p, value))
    else:
        ops.event(s, E.Bid("bid", p, lot, value))


def explain_bid(s: State, a: Action, text: str) -> tuple[str, str] | None:
    st = s.game.data.setup
    p = s.actor
    if not 0 <= a.a < len(s.bids):
        return f"{text!r}: there is no lot {a.a} (lots 0..{len(s.bids) - 1})", "unknown_lot"
    if not st["bid_min"] <= a.b <= st["bid_max"]:
        return f"{text!r}: bids go from {st['bid_min']} to {st['bid_max']}", "bid_out_of_range"
    if a.a == s.banned and p == s.displaced:
        return f"{text!r}: you were just displaced from lot {a.a}; bid on another lot", "same_lot"
    cur = s.bids[a.a]
    if cur is not None and a.b <= cur[1]:
        return f"{text!r}: lot {a.a} already holds a bid of {cur[1]}; bid higher", "bid_too_low"
    price = rules.bid_price(a.b, genes.discount(s, p))
    if price > s.mp[p]:
        return f"{text!r}: costs {price} MP but P{p + 1} has {s.mp[p]}", "unaffordable"
    return None


register_node(
    Node(
        "gene",
        MUTATION,
        _gene_apply,
        weights=_gene_weights,
        kinds=frozenset({GENE}),
        doc="mutation: the gene of the next lot, from the bag, not a kind already drawn this round",
    )
)
register_node(
    Node(
        "bid",
        MUTATION,
        _bid_apply,
        decisions=bid_actions,
        kinds=frozenset({BID}),
        verb="bid on a lot of the gene auction",
        who="bidder",
        explain=explain_bid,
        doc="`bid V on lot L` (one bid per action; a displaced player bids again)",
    )
)
register_node(
    Node(
        "card",
        MUTATION,
        _card_apply,
        weights=_card_weights,
        kinds=frozenset({CARD}),
        doc="the event card for lot 0's winner, from the deck",
    )
)
