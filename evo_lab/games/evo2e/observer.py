"""What each player of Evo 2e may see: one visibility rule and every view derived from it.

The hidden information of Evo (ruling R16): the event cards in a hand (``Secret("hand", p)``: "kept secret
until they are used"), which unique genes are in the bag (``Secret("bag")``: nobody), the next climate token
(``Secret("next_token")``: a Sixth sense holder) and, with ``open_mp=False``, the MP of the others
(``Secret("mp", p)``: face-down tokens). :meth:`EvoObserver.sees` decides every one of them; the observation
dict, its string, the tensor (:class:`TensorLayout`, the encoding of the dict), the masked history, the
information-state string and :meth:`EvoObserver.determinize` are all built on it.

>>> import evo_lab
>>> s = evo_lab.build_position(players=2, phase="movement", hands={"P1": ["geysers"]})
>>> ob = s.game.observer
>>> ob.sees(s, 0, Secret("hand", 0)), ob.sees(s, 1, Secret("hand", 0)), ob.sees(s, None, Secret("bag"))
(True, False, True)
>>> "hand" in s.observation(1)["players"][0]
False
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from ...core.draw import draw
from ...core.observer import Observer, Secret
from . import genes
from .actions import CARD, EXCLUDE, PEEK
from .flow import CHANCE_NODES, MUTATION, NODES, PHASES
from .phases.mutation import EMPTY_LOT, EVENT_LOT

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game
    from .state import State

#: An observation or a view of the biology lab: JSON-able data whose keys :meth:`EvoObserver.observation` and
#: :func:`auction_view` list (their values are of many types, read by key).
View = dict[str, Any]


class _Put(Protocol):
    """``put(name, index, value=1.0)``: set one entry of the observation tensor."""

    def __call__(self, name: str, idx: int, val: float = 1.0) -> None: ...


__all__ = ["EvoObserver", "TensorLayout", "Secret", "auction_view", "node_list"]

_BAG = Secret("bag")
_NEXT = Secret("next_token")


def node_list(variant: str | None = None) -> tuple[str, ...]:
    """Every node name, chance nodes first (sorted), then the decisions in registration order, then ``end``
    (the node one-hot of the tensor; derived from the flow's table, so a new window adds its node). Nodes a
    variant adds count only for that variant (``variant``: its game id)."""
    mine = [n for n, v in NODES.items() if v.variant in (None, variant)]
    dec = tuple(n for n in mine if n not in CHANCE_NODES and n != "end")
    return tuple(sorted(n for n in mine if n in CHANCE_NODES)) + dec + ("end",)


def auction_view(s: State) -> View:
    """The biology lab: lots (gene or event card), markers with bids, who bids now, prices."""
    g = s.game
    lots = []
    for i, lot in enumerate(s.lots):
        name = "event card" if lot == EVENT_LOT else ("(empty)" if lot == EMPTY_LOT else g.gene_ids[lot])
        bid = s.bids[i] if i < len(s.bids) else None
        lots.append(
            {
                "lot": i,
                "item": name,
                "holder": None if bid is None else bid[0],
                "bid": None if bid is None else bid[1],
                "price": None if bid is None else max(0, bid[1] - genes.discount(s, bid[0])),
            }
        )
    return {
        "lots": lots,
        "bidder": s.actor if s.node == "bid" else None,
        "bidding": bool(s.bids),
        "displaced": s.displaced if s.displaced >= 0 else None,
        "banned_lot": s.banned if s.banned >= 0 else None,
        "last": s.last,
    }


class EvoObserver(Observer):
    """The observer of an Evo 2e game (``game.observer``)."""

    def __init__(self, game: Game | None = None):
        super().__init__(game)
        self._layout: TensorLayout | None = None

    # ----- the one visibility rule
    def sees(self, state: State, viewer: int | None, secret: Secret) -> bool:
        """May ``viewer`` see ``secret``? The teacher (``None``) sees everything; a hand (and a card drawn) its
        owner; the MP everyone when ``open_mp`` (else the owner); the next climate token a Sixth sense
        holder; the bag nobody."""
        if viewer is None:
            return True
        k = secret.kind
        if k == "mp":
            return state.game.options.open_mp or secret.owner == viewer
        if k == "next_token":
            return genes.sees_next_token(state, viewer)
        return secret.owner is not None and secret.owner == viewer

    def action_secret(self, state: State, action: Action) -> Secret | None:
        """Which unique gene stays out (the bag), a card drawn (its drawer's hand), a Sixth sense peek."""
        k = action.kind
        if k == EXCLUDE:
            return _BAG
        if k == CARD:
            return Secret("hand", state.actor)
        if k == PEEK:
            return _NEXT
        return None

    # ----- the observation
    def observation(self, state: State, viewer: int | None) -> View:
        """What ``viewer`` may know (``None``: the omniscient teacher). JSON-able."""
        s, g = state, state.game
        sees = self.sees
        obs: View = {
            "viewer": viewer,
            "round": s.round,
            "phase": PHASES[s.phase],
            "node": s.node,
            "current_player": s.current_player(),
            "climate": {
                "section": s.section,
                "states": s.terrain_states(),
                "revealed": [g.token_ids[t] for t in s.revealed],
                "tokens_unrevealed": {g.token_ids[i]: c for i, c in enumerate(s.tokens_left)},
                "pile_left": g.pile_length - len(s.revealed) if s.node != "end" else 0,
            },
            "board": list(s.occupants),
            "order": list(s.order),
            "players": [],
            "auction": auction_view(s) if s.phase == MUTATION else None,
            "deck_size": sum(s.deck),
            "bag_size": sum(s.bag),
            "bag_normal": {g.gene_ids[i]: s.bag[i] for i in range(g.n_normal)},
            "movement_points_left": s.mp_left if s.node == "move" else None,
            "last": list(s.last),
        }
        if sees(s, viewer, _NEXT):
            obs["climate"]["next_token"] = None if s.next_token is None else g.token_ids[s.next_token]
        elif s.last and s.last[0] == "peek":  # the peeked token is its holder's secret
            obs["last"] = ["peek", None]
            if obs["auction"] is not None:
                obs["auction"]["last"] = ("peek", None)
        if sees(s, viewer, _BAG):
            obs["bag_unique"] = [
                g.unique_ids[i - g.n_normal] for i in range(g.n_normal, len(s.bag)) if s.bag[i]
            ]
            obs["excluded_unique"] = [g.unique_ids[i] for i in s.excluded]
        for p in range(g.players):
            info: View = {
                "player": p,
                "dinosaurs": s.count[p],
                "genes": s.gene_counts(p),
                "unique": s.unique_genes(p),
                "cards": len(s.hands[p]),
                "movement_points": genes.movement_points(s, p),
                "eggs": genes.eggs(s, p),
            }
            if sees(s, viewer, Secret("mp", p)):
                info["mp"] = s.mp[p]
            if sees(s, viewer, Secret("hand", p)):
                info["hand"] = s.hand(p)
            obs["players"].append(info)
        return obs

    # ----- the tensor
    def layout(self) -> TensorLayout:
        if self._layout is None:
            self._layout = TensorLayout(self.game)
        return self._layout

    def encode(self, observation: View) -> np.ndarray:
        return self.layout().encode(observation)

    # ----- determinization
    def determinize(self, state: State, viewer: int, rng: np.random.Generator) -> State:
        """A copy where what ``viewer`` may not see is redrawn from its exact distribution given what ``viewer``
        knows: the hands it may not see (from the unseen cards), which unseen unique genes are in the bag, and a
        next climate token it has not seen. Every choice is one :func:`~evo_lab.core.draw.draw`."""
        s = state.clone()
        g = s.game
        hidden = [q for q in range(g.players) if not self.sees(state, viewer, Secret("hand", q))]
        pool = list(s.deck)
        for q in hidden:
            for c in s.hands[q]:
                pool[c] += 1
        kept = _legacy_window_card(s, viewer)
        if kept >= 0:
            pool[kept] -= 1
        hands = list(s.hands)
        for q in hidden:
            new = [kept] if q == s.actor and kept >= 0 else []
            for _ in range(len(s.hands[q]) - len(new)):
                c = draw(pool, rng)
                pool[c] -= 1
                new.append(c)
            hands[q] = tuple(sorted(new))
        s.hands, s.deck = tuple(hands), pool
        if not self.sees(state, viewer, _BAG):
            _redraw_bag(s, rng)
        if s.next_token is not None and not self.sees(state, viewer, _NEXT):
            s.next_token = None
        s._legal = None
        return s


def _redraw_bag(s: State, rng: np.random.Generator) -> None:
    """Which of the unseen unique genes are in the bag (a unique gene drawn into this round's lots is face up:
    it is seen, not redrawn)."""
    g = s.game
    unseen = [
        i
        for i in range(g.n_unique)
        if (s.bag[g.n_normal + i] or i in s.excluded) and g.n_normal + i not in s.lots
    ]
    k = sum(1 for i in unseen if s.bag[g.n_normal + i])
    rest = list(unseen)
    inbag: set[int] = set()
    for _ in range(k):
        j = draw([1] * len(rest), rng)
        inbag.add(rest.pop(j))
    for i in unseen:
        s.bag[g.n_normal + i] = 1 if i in inbag else 0
    s.excluded = tuple(sorted(set(s.excluded) - set(unseen) | (set(unseen) - inbag)))


def _legacy_window_card(s: State, viewer: int) -> int:
    """With ``card_windows="holders"`` a window node shows that its actor holds a playable card of its timing:
    that card is kept for the actor (unless the actor is the viewer), and the window is reopened to every later
    player, whose redrawn hands decide whether they are asked."""
    from .cards import WINDOWS, _plays

    g = s.game
    if g.options.card_windows != "holders" or s.node in CHANCE_NODES:
        return -1
    w = next((w for w in WINDOWS.values() if w.node == s.node), None)
    if w is None or s.actor not in s.order:
        return -1
    if not (w.timing == "climate" and s.prescience_played and g.options.prescience_once_per_phase):
        s.window = s.order[s.order.index(s.actor) + 1 :]
    if s.actor == viewer:
        return -1
    plays = _plays(s, s.actor, w.timing)
    return plays[0].a if plays else -1


class TensorLayout:
    """A flat ``float32`` vector of an observation dict: board occupancy, viewer, whose turn, MP (when seen),
    dinosaurs, genes, unique genes, own hand, hand sizes, climate, round, phase, node, the auction, the track and
    movement points left. ``encode(observation)`` reads nothing but the dict."""

    def __init__(self, game: Game):
        g = self.game = game
        self.P, self.n = g.players, g.n
        self.nodes = node_list(None if g.name == "evo2e" else g.name)
        self.n_genes = len(g.gene_ids)
        P, n = self.P, self.n
        parts = [
            ("occ", n * P),
            ("viewer", P),
            ("turn", P + 1),
            ("mp", P),
            ("count", P),
            ("genes", g.n_normal * P),
            ("uniq", g.n_unique * P),
            ("hand", len(g.card_ids)),
            ("hand_sizes", P),
            ("section", g.n_sections),
            ("tokens_left", len(g.tokens0)),
            ("next_token", len(g.token_ids)),
            ("round", 1),
            ("phase", len(PHASES)),
            ("node", len(self.nodes)),
            ("lots", P * (self.n_genes + 2)),
            ("holders", P * (P + 1)),
            ("bidvals", P),
            ("order", P * P),
            ("mp_left", 1),
        ]
        self.slices: dict[str, slice] = {}
        off = 0
        for name, size in parts:
            self.slices[name] = slice(off, off + size)
            off += size
        self.size = off

    def encode(self, obs: View) -> np.ndarray:
        g, P, sl = self.game, self.P, self.slices
        v = np.zeros(self.size, dtype=np.float32)

        def put(name: str, idx: int, val: float = 1.0) -> None:
            v[sl[name].start + idx] = val

        for sp, o in enumerate(obs["board"]):
            if o >= 0:
                put("occ", sp * P + o)
        if obs["viewer"] is not None:
            put("viewer", obs["viewer"])
        cur = obs["current_player"]
        put("turn", cur if cur >= 0 else P)
        for q, info in enumerate(obs["players"]):
            if info.get("mp") is not None:
                put("mp", q, info["mp"])
            put("count", q, info["dinosaurs"])
            for i, gid in enumerate(g.gene_ids[: g.n_normal]):
                put("genes", g.n_normal * q + i, info["genes"][gid])
            for u in info["unique"]:
                put("uniq", q * g.n_unique + g.unique_ids.index(u))
            put("hand_sizes", q, info["cards"])
            for c in info.get("hand", ()) if q == obs["viewer"] else ():
                i = g.card_ids.index(c)
                put("hand", i, v[sl["hand"].start + i] + 1)
        self._climate(obs, put)
        self._auction(obs, put)
        for i, q in enumerate(obs["order"][:P]):
            put("order", i * P + q)
        if obs["movement_points_left"] is not None:
            put("mp_left", 0, obs["movement_points_left"])
        return v

    def _climate(self, obs: View, put: _Put) -> None:
        g = self.game
        c = obs["climate"]
        put("section", c["section"])
        for i, tid in enumerate(g.token_ids[: len(g.tokens0)]):
            put("tokens_left", i, c["tokens_unrevealed"][tid])
        if c.get("next_token") is not None:
            put("next_token", g.token_ids.index(c["next_token"]))
        put("round", 0, obs["round"])
        put("phase", PHASES.index(obs["phase"]))
        put("node", self.nodes.index(obs["node"]))

    def _auction(self, obs: View, put: _Put) -> None:
        a = obs["auction"]
        if a is None:
            return
        g, P, ng = self.game, self.P, self.n_genes
        for lot in a["lots"][:P]:
            item = lot["item"]
            j = ng if item == "event card" else (ng + 1 if item == "(empty)" else g.gene_index[item])
            put("lots", lot["lot"] * (ng + 2) + j)
            if a["bidding"]:
                put("holders", lot["lot"] * (P + 1) + (P if lot["holder"] is None else lot["holder"]))
                if lot["bid"] is not None:
                    put("bidvals", lot["lot"], lot["bid"])

    def high(self) -> float:
        """An upper bound of every entry (for a ``Box`` space)."""
        return 1000.0
