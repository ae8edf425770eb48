"""``build_position``: any Evo 2e position from a short description, checked like a saved position.

The builder fills a state with the facts given (the rest take their defaults), keeps every count consistent (the
bag, the deck, the climate tokens), then lets the game's own flow run from the right step of the phase, so the
node reached is the one the rules give; if it is not the one asked for (``to_act`` has nothing to decide there,
say), that is a :class:`~evo_lab.core.errors.FormatError` naming the field, like every other mistake (a dinosaur
on an unknown space, 9 dinosaurs, a phase typo, a card that is not in the deck).

>>> import evo_lab
>>> s = evo_lab.build_position(players=4, round=3, phase="movement", to_act="P2",
...     dinosaurs={"P1": ["C4", "C5", "D4"], "P2": ["D5", "E5"], "P3": ["A1", "A2"], "P4": ["G1", "G2"]},
...     genes={"P2": {"horn": 2}}, unique={"P2": ["large_horn"]}, hands={"P2": ["frenzied_attack"]},
...     movement_left=3, order=["P2", "P1", "P3", "P4"], section=2)
>>> s.current_player(), s.mp_left, s.attack_strength(1), s.hand(1)
(1, 3, 4, ['frenzied_attack'])
>>> evo_lab.build_position(players=2, dinosaurs={"P1": ["C3", "Z9"]})
Traceback (most recent call last):
...
evo_lab.core.errors.FormatError: dinosaurs.P1: unknown space 'Z9' (spaces are A1..F2)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.errors import FormatError, excerpt
from . import genes as G
from .actions import Action
from .flow import Step
from . import builder_nodes as nodes
from .game import Game, GameConfigError
from .phases.mutation import EMPTY_LOT, EVENT_LOT

if TYPE_CHECKING:
    from .state import State

__all__ = ["build_position", "NODES_OF_PHASE", "MAIN_NODE", "START_STEP"]

#: The nodes each phase can be built at.
NODES_OF_PHASE = {
    "setup": ("exclude", "order"), "climate": ("token", "climate_cards", "peek"),
    "mutation": ("gene", "bid", "card", "peek"), "initiative": ("adrenaline",), "movement": ("move", "die", "chameleon"),
    "birth": ("birth", "birth_cards", "newborn_cards", "kbdie"), "survival": ("survive", "survival_cards"),
    "end": ("end",),
}
#: The decision a ``to_act`` names when no ``node`` is given.
MAIN_NODE = {"climate": "climate_cards", "mutation": "bid", "initiative": "adrenaline", "movement": "move",
             "birth": "birth", "survival": "survive"}
#: Where the rules start a phase (``node=None`` and no ``to_act``: the rules run from here to the first node).
START_STEP = {"climate": Step.CLIMATE_TOKEN, "mutation": Step.MUTATION_START, "initiative": Step.INITIATIVE,
              "movement": Step.MOVEMENT_START, "birth": Step.BIRTH_START, "survival": Step.SURVIVAL_START}


class _Args:
    """The keyword arguments of :func:`build_position`, with the game and player resolution."""

    def __init__(self, game: Game, kw: dict):
        self.game = game
        self.__dict__.update(kw)

    def player(self, v: Any, field: str) -> int:
        n = self.game.players
        if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < n:
            return v
        t = str(v).upper()
        if t.startswith("P") and t[1:].isdigit() and 1 <= int(t[1:]) <= n:
            return int(t[1:]) - 1
        raise FormatError(f"unknown player {excerpt(v)} (players are P1..P{n}, or 0..{n - 1})", field)

    def per_player(self, d: Any, field: str) -> dict[int, Any]:
        if d is None:
            return {}
        if isinstance(d, (list, tuple)):
            if len(d) != self.game.players:
                raise FormatError(f"must give one value per player ({self.game.players})", field)
            return dict(enumerate(d))
        if not isinstance(d, dict):
            raise FormatError(f"must map players to values, got {type(d).__name__}", field)
        return {self.player(k, field): v for k, v in d.items()}

    def space(self, label: Any, field: str) -> int:
        g = self.game
        t = str(label).strip().upper()
        if t in g.label_index:
            return g.label_index[t]
        raise FormatError(f"unknown space {excerpt(label)} (spaces are {g.labels[0]}..{g.labels[-1]})", field)


def _game(players: Any, board: Any, data: Any, options: Any, seed: Any) -> Game:
    """The game, with configuration mistakes as :class:`FormatError` naming the argument."""
    from .game import RuleOptions

    if isinstance(players, bool) or not isinstance(players, int):
        raise FormatError(f"must be an integer, got {excerpt(players)}", "players")
    try:
        options = RuleOptions.from_dict(options)
    except GameConfigError as e:
        raise FormatError(str(e), "options") from None
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise FormatError(f"must be an integer or None, got {excerpt(seed)}", "seed")
    try:
        return Game(players=players, seed=seed, board=board, data=data, options=options)
    except GameConfigError as e:
        raise FormatError(str(e), "players" if "players" in str(e) else "board") from None


def build_position(players: int = 2, *, round: int = 1, phase: str = "movement", node: str | None = None,
                   to_act: Any = None, dinosaurs: Any = None, genes: Any = None, unique: Any = None, mp: Any = None,
                   hands: Any = None, discard: Any = None, section: int | None = None, revealed: Any = None,
                   next_token: str | None = None, order: Any = None, excluded: Any = None,
                   movement_left: int | None = None, wings_used: bool = False, flippers_used: bool = False,
                   frenzy: Any = None, lots: Any = None, bids: Any = None, displaced: Any = None,
                   egg_round: int | None = None, newborn: str | None = None, attack: Any = None, geysers: Any = None,
                   shift: int | None = None, prescience_played: bool = False, bag: Any = None, pile: Any = None,
                   board: Any = None, data: Any = None, options: Any = None, seed: int | None = None) -> Any:
    """A :class:`~evo_lab.games.evo2e.state.State` at the described position. Players are ``"P1"``.. (or 0-based).

    * ``phase`` and ``node``: one of :data:`NODES_OF_PHASE` (default: the phase's first node); ``to_act``: who
      decides there (default: whoever the rules give, first on the track);
    * ``dinosaurs={"P1": ["C3", "C4"]}`` (players not named keep their starting dinosaurs), ``genes={"P1":
      {"horn": 2}}`` (normal genes), ``unique={"P1": ["wings"]}``, ``mp={"P1": 9}`` (default 6), ``hands={"P1":
      ["geysers"]}``, ``discard={"prescience": 1}``; the bag and the deck hold what is left;
    * ``section`` (the wheel, default the initial section), ``revealed=["cw1", "stay"]`` (climate tokens revealed
      so far, in order), ``next_token`` (a token Sixth sense has seen), ``order=["P2", "P1"]`` (the track),
      ``excluded`` (unique genes out of the bag; default: the last ones of the pack nobody owns); ``pile``: the
      same as ``revealed``, or a number of tokens revealed (the pack's kinds in order, as far as they go);
    * movement: ``movement_left``, ``wings_used``, ``flippers_used``, ``frenzy={"P1": 2}`` (attack horns from
      cards), ``attack=("C3", "D4")`` (a pending fight: node ``die``; node ``chameleon``: the fight was won);
    * mutation: ``lots=["event", "horn", "legs"]`` (drawn so far), ``bids={1: ("P1", 3)}``, ``displaced="P2:1"``
      (a player outbid from lot 1, to bid again); birth: ``egg_round``, ``newborn`` (the space of a dinosaur just
      born, node ``newborn_cards``; the target of a killer baby, node ``kbdie``); survival: ``geysers=["P1"]``;
      climate card window: ``shift`` (the wheel move now due), ``prescience_played``;
    * ``bag={"horn": 2}``: what-if analyses only (:mod:`evo_lab.theory`): fewer tokens in the bag than the rules
      leave; the others are out of the game (such a position breaks the 48-token count on purpose);
    * ``board``, ``data``, ``options``, ``seed``: the game (:class:`~evo_lab.games.evo2e.game.Game`).
    """
    g = _game(players, board, data, options, seed)
    if pile is not None:
        if revealed is not None:
            raise FormatError("give the tokens revealed once: revealed or pile", "pile")
        revealed = _pile(g, pile)
    a = _Args(g, dict(round=round, phase=phase, node=node, to_act=to_act, dinosaurs=dinosaurs, genes=genes,
                      unique=unique, mp=mp, hands=hands, discard=discard, section=section, revealed=revealed,
                      next_token=next_token, order=order, excluded=excluded, movement_left=movement_left,
                      wings_used=wings_used, flippers_used=flippers_used, frenzy=frenzy, lots=lots, bids=bids,
                      displaced=displaced, egg_round=egg_round, newborn=newborn, attack=attack, geysers=geysers,
                      shift=shift, prescience_played=prescience_played, bag=bag))
    if phase not in NODES_OF_PHASE:
        raise FormatError(f"unknown phase {excerpt(phase)}; phases are {', '.join(NODES_OF_PHASE)}", "phase")
    node = node or _default_node(a)
    if node != "start" and node not in NODES_OF_PHASE[phase]:
        raise FormatError(f"unknown node {excerpt(node)} for the {phase} phase; nodes are "
                          f"{', '.join(NODES_OF_PHASE[phase])}", "node")
    a.node = node
    if phase == "setup":
        return nodes.build_setup(a)
    s = g.state_class(g, _empty=True)
    from .phases.setup import init_state

    init_state(s)
    _common(s, a)
    nodes.BUILD[node](s, a)
    s._legal = None
    s._origin = None
    s._origin = s.to_dict()
    return s


def _pile(g: Game, pile: Any) -> list[str]:
    if isinstance(pile, (list, tuple)):
        return list(pile)
    if isinstance(pile, bool) or not isinstance(pile, int) or not 0 <= pile < g.pile_length:
        raise FormatError(f"must be the tokens revealed or their number 0..{g.pile_length - 1}, got {excerpt(pile)}", "pile")
    out, left, k = [], list(g.tokens0), 0
    while len(out) < pile:
        if left[k]:
            left[k] -= 1
            out.append(g.token_ids[k])
        else:
            k += 1
    return out


def _default_node(a: _Args) -> str:
    """The node meant when none is given: the setup's next chance node; the auction's next step when lots are
    given; the phase's main decision for ``to_act``; else ``"start"`` (the phase from its start)."""
    if a.phase == "setup":
        return "order" if len(a.excluded or []) >= a.game.excluded_count else "exclude"
    if a.phase == "end":
        return "end"
    if a.phase == "mutation" and a.lots is not None:
        n_lots = len(a.lots) + (0 if a.lots and (str(a.lots[0]).startswith("event") or a.lots[0] == "empty") else 1)
        return "bid" if n_lots >= a.game.players else "gene"
    if a.to_act is not None:
        return MAIN_NODE[a.phase]
    return "start"


# ====================================================================== the facts every position has
def _common(s: State, a: _Args) -> None:
    g = a.game
    if isinstance(a.round, bool) or not isinstance(a.round, int) or a.round < 1:
        raise FormatError(f"must be a round >= 1, got {excerpt(a.round)}", "round")
    s.round = a.round
    _dinosaurs(s, a)
    _genes(s, a)
    for p, v in a.per_player(a.mp, "mp").items():
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise FormatError(f"must be an integer >= 0, got {excerpt(v)}", f"mp.P{p + 1}")
        s.mp[p] = v
    _cards(s, a)
    if a.section is not None:
        if isinstance(a.section, bool) or not isinstance(a.section, int) or not 0 <= a.section < g.n_sections:
            raise FormatError(f"must be a wheel section 0..{g.n_sections - 1}, got {excerpt(a.section)}", "section")
        s.section = a.section
    _tokens(s, a)
    order = list(range(g.players)) if a.order is None else [a.player(p, "order") for p in a.order]
    if sorted(order) != list(range(g.players)):
        raise FormatError(f"must list every player once, got {excerpt(a.order)}", "order")
    s.order = tuple(order)
    for p, v in a.per_player(a.frenzy, "frenzy").items():
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise FormatError(f"must be attack horns >= 0, got {excerpt(v)}", f"frenzy.P{p + 1}")
        s.frenzy = s.frenzy[:p] + (v,) + s.frenzy[p + 1:]
    for p in a.geysers or ():
        s.geysers |= 1 << a.player(p, "geysers")
    if a.lots is not None or a.bids:
        if a.phase != "mutation":
            raise FormatError("lots and bids belong to the mutation phase", "lots")
        _auction(s, a)


def _dinosaurs(s: State, a: _Args) -> None:
    g = a.game
    given = a.per_player(a.dinosaurs, "dinosaurs")
    s.occ = [-1] * g.n
    for p in range(g.players):
        labels = given.get(p, [g.labels[x] for x in g.starts[p][: g.data.setup["starting_dinosaurs"]]])
        field = f"dinosaurs.P{p + 1}"
        if isinstance(labels, str) or not isinstance(labels, (list, tuple)):
            raise FormatError(f"must be a list of space labels, got {excerpt(labels)}", field)
        if len(labels) > g.max_dinos:
            raise FormatError(f"P{p + 1} has {len(labels)} dinosaurs; a clan has {g.max_dinos}", field)
        for lab in labels:
            sp = a.space(lab, field)
            if s.occ[sp] >= 0:
                raise FormatError(f"two dinosaurs on {g.labels[sp]} (P{s.occ[sp] + 1} and P{p + 1})", "dinosaurs")
            s.occ[sp] = p
    s.count = [s.occ.count(p) for p in range(g.players)]


def _genes(s: State, a: _Args) -> None:
    g = a.game
    s.bag = list(g.bag0)
    for p, gs in a.per_player(a.genes, "genes").items():
        if not isinstance(gs, dict):
            raise FormatError(f"must map gene ids to counts, got {excerpt(gs)}", f"genes.P{p + 1}")
        for gid, k in gs.items():
            i = g.gene_index.get(gid, -1)
            if not 0 <= i < g.n_normal:
                what = "a unique gene: use unique=" if i >= 0 else "not a normal gene"
                raise FormatError(f"{excerpt(gid)} is {what} (normal genes: {', '.join(g.gene_ids[: g.n_normal])})",
                                  f"genes.P{p + 1}")
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
                raise FormatError(f"unknown unique gene {excerpt(u)}; the pack has {', '.join(g.unique_ids)}",
                                  f"unique.P{p + 1}")
            if u in owner:
                raise FormatError(f"{u} belongs to P{owner[u] + 1} and P{p + 1}: each unique gene exists once", "unique")
            owner[u] = p
            s.uniq[p] |= g.bit[u]
    lots = {str(x) for x in (a.lots or ())}
    free = [u for u in g.unique_ids if u not in owner]
    if a.excluded is None:
        free_out = [u for u in free if u not in lots]
        excluded = free_out[len(free_out) - g.excluded_count:] if g.excluded_count else []
    else:
        excluded = list(a.excluded)
    for u in excluded:
        if u not in g.bit or u in owner:
            raise FormatError(f"{excerpt(u)} cannot be out of the bag (unknown, or owned)", "excluded")
    if len(set(excluded)) != g.excluded_count:
        raise FormatError(f"{g.excluded_count} unique genes stay out of the bag, got {len(set(excluded))}", "excluded")
    s.excluded = tuple(g.unique_ids.index(u) for u in excluded)  # in the order they left (the setup's draws)
    for u in free:
        if u not in excluded:
            s.bag[g.gene_index[u]] = 1
    for gid, k in (a.bag or {}).items():  # what-if: tokens taken out of the game
        i = g.gene_index.get(gid, -1)
        if i < 0 or isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= s.bag[i]:
            raise FormatError(f"{gid}: the bag can hold 0..{s.bag[i] if i >= 0 else 0} here, got {excerpt(k)}", "bag")
        s.bag[i] = k


def _cards(s: State, a: _Args) -> None:
    g = a.game
    s.deck = list(g.deck0)
    hands: list[list[int]] = [[] for _ in range(g.players)]
    for p, cs in a.per_player(a.hands, "hands").items():
        for c in cs if isinstance(cs, (list, tuple)) else [cs]:
            if c not in g.card_ids:
                raise FormatError(f"unknown event card {excerpt(c)}; the deck has {', '.join(g.card_ids)}", f"hands.P{p + 1}")
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
            raise FormatError(f"more {g.card_ids[i]} cards in hands and discard than the {g.deck0[i]} in the deck",
                              "hands")
    s.hands = tuple(tuple(sorted(h)) for h in hands)


def _tokens(s: State, a: _Args) -> None:
    g = a.game
    rev = []
    for t in a.revealed or ():
        if t not in g.token_ids[:-1]:
            raise FormatError(f"unknown climate token {excerpt(t)}; tokens are {', '.join(g.token_ids[:-1])}", "revealed")
        i = g.token_ids.index(t)
        s.tokens_left[i] -= 1
        if s.tokens_left[i] < 0:
            raise FormatError(f"more {t} tokens than the {g.tokens0[i]} in the game", "revealed")
        rev.append(i)
    if len(rev) > g.pile_length - 1:
        raise FormatError(f"the pile holds {g.pile_length - 1} tokens above the meteorite", "revealed")
    s.revealed = tuple(rev)
    if a.next_token is not None:
        if not any(u & b for u in s.uniq for b, _ in g.hook_table["peek"]):
            raise FormatError("only Sixth sense sees the next token, and nobody has it", "next_token")
        from .ops import token_outcomes

        outs, _ = token_outcomes(s, "peek")
        t = g.token_ids.index(a.next_token) if a.next_token in g.token_ids else -1
        if Action("peek", t) not in outs:
            raise FormatError(f"{excerpt(a.next_token)} cannot be the next token here", "next_token")
        s.next_token = t
    s.pshift = g.token_shifts[rev[-1]] if rev else 0


def _auction(s: State, a: _Args) -> None:
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
        if not (isinstance(lot, int) and 0 <= lot < g.players) or not isinstance(bid, (list, tuple)) or len(bid) != 2:
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
        who, _, lot = str(a.displaced).partition(":")
        s.displaced = a.player(who, "displaced")
        s.banned = int(lot) if lot.isdigit() else -1
        if s.holding[s.displaced] >= 0:
            raise FormatError(f"P{s.displaced + 1} holds a lot, so was not displaced", "displaced")
    s.to_bid = [p for p in s.order if s.holding[p] < 0 and p != s.displaced] if s.bids else []


