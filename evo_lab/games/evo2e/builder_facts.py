"""The facts of a built position (:func:`~evo_lab.games.evo2e.builder.build_position`): the dinosaurs, the
genes and the bag, the cards, the climate tokens and the auction, each checked and set on the state, mistakes as
:class:`~evo_lab.core.errors.FormatError` naming the argument."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.errors import FormatError, excerpt
from . import genes as G
from .actions import Action
from .builder_args import Args
from .phases.mutation import EMPTY_LOT, EVENT_LOT

if TYPE_CHECKING:
    from .state import State

__all__ = ["dinosaurs", "genes", "cards", "tokens", "auction"]


def dinosaurs(s: State, a: Args) -> None:
    g = a.game
    given = a.per_player(a.dinosaurs, "dinosaurs")
    s.occupants = [-1] * g.n
    for p in range(g.players):
        labels = given.get(p, [g.labels[x] for x in g.starts[p][: g.data.setup["starting_dinosaurs"]]])
        field = f"dinosaurs.P{p + 1}"
        if isinstance(labels, str) or not isinstance(labels, (list, tuple)):
            raise FormatError(f"must be a list of space labels, got {excerpt(labels)}", field)
        if len(labels) > g.max_dinos:
            raise FormatError(f"P{p + 1} has {len(labels)} dinosaurs; a clan has {g.max_dinos}", field)
        for lab in labels:
            sp = a.space(lab, field)
            if s.occupants[sp] >= 0:
                raise FormatError(
                    f"two dinosaurs on {g.labels[sp]} (P{s.occupants[sp] + 1} and P{p + 1})", "dinosaurs"
                )
            s.occupants[sp] = p
    s.count = [s.occupants.count(p) for p in range(g.players)]


def genes(s: State, a: Args) -> None:
    g = a.game
    s.bag = list(g.bag0)
    for p, gs in a.per_player(a.genes, "genes").items():
        if not isinstance(gs, dict):
            raise FormatError(f"must map gene ids to counts, got {excerpt(gs)}", f"genes.P{p + 1}")
        for gid, k in gs.items():
            i = g.gene_index.get(gid, -1)
            if not 0 <= i < g.n_normal:
                what = "a unique gene: use unique=" if i >= 0 else "not a normal gene"
                raise FormatError(
                    f"{excerpt(gid)} is {what} (normal genes: {', '.join(g.gene_ids[: g.n_normal])})",
                    f"genes.P{p + 1}",
                )
            if isinstance(k, bool) or not isinstance(k, int) or k < 0:
                raise FormatError(f"{gid}: must be a count >= 0, got {excerpt(k)}", f"genes.P{p + 1}")
            s.genes[g.n_normal * p + i] += k
            s.bag[i] -= k
            if s.bag[i] < 0:
                raise FormatError(f"more {gid} genes than the {g.bag0[i]} in the game", "genes")
    owner: dict[str, int] = {}
    for p, us in a.per_player(a.unique, "unique").items():
        for u in us if isinstance(us, (list, tuple)) else [us]:
            if u not in g.bit:
                raise FormatError(
                    f"unknown unique gene {excerpt(u)}; the pack has {', '.join(g.unique_ids)}",
                    f"unique.P{p + 1}",
                )
            if u in owner:
                raise FormatError(
                    f"{u} belongs to P{owner[u] + 1} and P{p + 1}: each unique gene exists once", "unique"
                )
            owner[u] = p
            s.unique_bits[p] |= g.bit[u]
    lots = {str(x) for x in (a.lots or ())}
    free = [u for u in g.unique_ids if u not in owner]
    if a.excluded is None:
        free_out = [u for u in free if u not in lots]
        excluded = free_out[len(free_out) - g.excluded_count :] if g.excluded_count else []
    else:
        excluded = list(a.excluded)
    for u in excluded:
        if u not in g.bit or u in owner:
            raise FormatError(f"{excerpt(u)} cannot be out of the bag (unknown, or owned)", "excluded")
    if len(set(excluded)) != g.excluded_count:
        raise FormatError(
            f"{g.excluded_count} unique genes stay out of the bag, got {len(set(excluded))}", "excluded"
        )
    s.excluded = tuple(g.unique_ids.index(u) for u in excluded)  # in the order they left (the setup's draws)
    for u in free:
        if u not in excluded:
            s.bag[g.gene_index[u]] = 1
    for gid, k in (a.bag or {}).items():  # what-if: tokens taken out of the game
        i = g.gene_index.get(gid, -1)
        if i < 0 or isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= s.bag[i]:
            raise FormatError(
                f"{gid}: the bag can hold 0..{s.bag[i] if i >= 0 else 0} here, got {excerpt(k)}", "bag"
            )
        s.bag[i] = k


def cards(s: State, a: Args) -> None:
    g = a.game
    s.deck = list(g.deck0)
    hands: list[list[int]] = [[] for _ in range(g.players)]
    for p, cs in a.per_player(a.hands, "hands").items():
        for c in cs if isinstance(cs, (list, tuple)) else [cs]:
            if c not in g.card_ids:
                raise FormatError(
                    f"unknown event card {excerpt(c)}; the deck has {', '.join(g.card_ids)}",
                    f"hands.P{p + 1}",
                )
            i = g.card_ids.index(c)
            hands[p].append(i)
            s.deck[i] -= 1
    disc = a.discard or {}
    if not isinstance(disc, dict):
        raise FormatError("must map card ids to counts", "discard")
    for c, k in disc.items():
        if c not in g.card_ids or isinstance(k, bool) or not isinstance(k, int) or k < 0:
            raise FormatError(f"bad discard entry {excerpt(c)}: {excerpt(k)}", "discard")
        i = g.card_ids.index(c)
        s.discard[i] += k
        s.deck[i] -= k
    for i, left in enumerate(s.deck):
        if left < 0:
            raise FormatError(
                f"more {g.card_ids[i]} cards in hands and discard than the {g.deck0[i]} in the deck", "hands"
            )
    s.hands = tuple(tuple(sorted(h)) for h in hands)


def tokens(s: State, a: Args) -> None:
    g = a.game
    rev = []
    for t in a.revealed or ():
        if t not in g.token_ids[:-1]:
            raise FormatError(
                f"unknown climate token {excerpt(t)}; tokens are {', '.join(g.token_ids[:-1])}", "revealed"
            )
        i = g.token_ids.index(t)
        s.tokens_left[i] -= 1
        if s.tokens_left[i] < 0:
            raise FormatError(f"more {t} tokens than the {g.tokens0[i]} in the game", "revealed")
        rev.append(i)
    if len(rev) > g.pile_length - 1:
        raise FormatError(f"the pile holds {g.pile_length - 1} tokens above the meteorite", "revealed")
    s.revealed = tuple(rev)
    if a.next_token is not None:
        if not any(u & b for u in s.unique_bits for b, _ in g.hook_table["peek"]):
            raise FormatError("only Sixth sense sees the next token, and nobody has it", "next_token")
        from .ops import token_outcomes

        outs, _ = token_outcomes(s, "peek")
        nxt = g.token_ids.index(a.next_token) if a.next_token in g.token_ids else -1
        if Action("peek", nxt) not in outs:
            raise FormatError(f"{excerpt(a.next_token)} cannot be the next token here", "next_token")
        s.next_token = nxt
    s.prescience_shift = g.token_shifts[rev[-1]] if rev else 0


def auction(s: State, a: Args) -> None:
    g = a.game
    lots = [str(x) for x in a.lots or ()]
    if not lots or not (lots[0].startswith("event") or lots[0] == "empty"):  # lot 0 is the event card
        lots = ["event"] + lots
    paid = a.node in ("card", "peek")  # after the payments: the genes of the lots are with their winners
    s.lots = []
    for i, item in enumerate(lots):
        if i == 0:
            s.lots.append(EMPTY_LOT if item == "empty" else EVENT_LOT)
        elif item == "empty":
            s.lots.append(EMPTY_LOT)
        elif item in g.gene_index and item not in lots[:i] and (paid or s.bag[g.gene_index[item]] > 0):
            s.lots.append(g.gene_index[item])
        else:
            raise FormatError(f"lot {i}: {excerpt(item)} is not a gene in the bag (or drawn twice)", "lots")
    if len(s.lots) > g.players:
        raise FormatError(f"{g.players} lots at most (one per player)", "lots")
    bids = a.bids or {}
    if bids and len(s.lots) < g.players:
        raise FormatError("bids come after every lot is drawn", "bids")
    s.bids = [None] * g.players if len(s.lots) == g.players else []
    s.holding = [-1] * g.players
    for lot, bid in bids.items():
        if (
            not (isinstance(lot, int) and 0 <= lot < g.players)
            or not isinstance(bid, (list, tuple))
            or len(bid) != 2
        ):
            raise FormatError(f"bad bid {excerpt(lot)}: {excerpt(bid)} (lot: (player, value))", "bids")
        p, v = a.player(bid[0], "bids"), bid[1]
        st = g.data.setup
        if isinstance(v, bool) or not isinstance(v, int) or not st["bid_min"] <= v <= st["bid_max"]:
            raise FormatError(f"bid {excerpt(v)} out of {st['bid_min']}..{st['bid_max']}", "bids")
        if s.holding[p] >= 0:
            raise FormatError(f"P{p + 1} holds two lots", "bids")
        if not paid and max(0, v - G.discount(s, p)) > s.mp[p]:
            raise FormatError(f"P{p + 1} cannot pay a bid of {v}", "bids")
        s.bids[lot] = (p, v)
        s.holding[p] = lot
    if a.displaced is not None:
        who, _, banned = str(a.displaced).partition(":")
        s.displaced = a.player(who, "displaced")
        s.banned = int(banned) if banned.isdigit() else -1
        if s.holding[s.displaced] >= 0:
            raise FormatError(f"P{s.displaced + 1} holds a lot, so was not displaced", "displaced")
    s.to_bid = [p for p in s.order if s.holding[p] < 0 and p != s.displaced] if s.bids else []
