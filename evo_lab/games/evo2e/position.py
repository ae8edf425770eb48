"""``Position``: an Evo 2e position in the players' terms, and its compact text form (the counterpart of a FEN).

A :class:`Position` names what matters at one node of the game: the round and phase, who acts, each player's
dinosaurs (space labels), genes, unique genes, MP and cards, the wheel section, the climate tokens revealed so far
and the facts of the node (movement points left, the auction's lots and bids, the egg round, a pending attack, a
newborn, ...). :meth:`Position.build` makes the :class:`~evo_lab.games.evo2e.state.State` (through
:func:`~evo_lab.games.evo2e.builder.build_position`, which checks everything and raises
:class:`~evo_lab.core.errors.FormatError` naming the field); :meth:`Position.from_state` reads one back;
:meth:`Position.text` and :meth:`Position.parse` are the one-screen text form::

    evo2e players=2 round=3 phase=movement node=move to_act=P1 movement_left=2 section=2 order=P1,P2
    P1 mp=7 dinos=C3,C4 genes=horn:1
    P2 mp=5 dinos=D4,D5,E4 unique=bony_plates hand=geysers

Tokens are ``key=value`` (lists with commas, counts as ``id:n``); a ``Pk`` token starts player k's facts; ``/``
may separate players on one line. Facts left out take their defaults (the starting dinosaurs, 6 MP, no genes, no
cards, the initial wheel section, P1..Pn on the track). The text carries no event log.

>>> import evo_lab
>>> pos = evo_lab.Position.parse("evo2e players=2 phase=movement P1 dinos=C3,C4 genes=horn:1 / P2 dinos=D4,D5,E4")
>>> s = pos.build()
>>> s.node_name(), s.attack_strength(0), s.count
('move', 1, [2, 3])
>>> evo_lab.Position.parse(s.position_text()).build().to_dict()["state"] == s.to_dict()["state"]
True
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from ...core.errors import FormatError, excerpt
from .flow import BIRTH_PHASE, MUTATION, PHASES, SETUP, SURVIVAL
from .builder_args import Player
from .jsontypes import JSONDict
from .phases.mutation import EMPTY_LOT, EVENT_LOT

if TYPE_CHECKING:
    from .board import Board
    from .datapack import DataPack
    from .state import State

_V = TypeVar("_V")

__all__ = ["Position", "position_of"]

#: Longest position text :meth:`Position.parse` reads (a 5-player position is under 1,000 characters).
MAX_TEXT = 100_000
_PLAYER_KEYS = {
    "mp": "mp",
    "dinos": "dinosaurs",
    "genes": "genes",
    "unique": "unique",
    "hand": "hands",
    "frenzy": "frenzy",
    "geysers": "geysers",
}
_GLOBAL_LISTS = ("order", "revealed", "excluded", "lots")
_GLOBAL_INTS = ("round", "section", "movement_left", "egg_round", "shift", "seed")
_GLOBAL_STRS = ("phase", "node", "to_act", "next_token", "newborn", "displaced")
_GLOBAL_BOOLS = ("wings_used", "flippers_used", "prescience_played")


@dataclass
class Position:
    """An Evo 2e position; every field is optional (see :func:`~evo_lab.games.evo2e.builder.build_position` for
    what each means and its default). Players are ``"P1"``.. (or 0-based integers)."""

    players: int = 2
    round: int = 1
    phase: str = "movement"
    node: str | None = None
    to_act: Player | None = None
    dinosaurs: dict[Player, list[str]] | None = None
    genes: dict[Player, dict[str, int]] = field(default_factory=dict)
    unique: dict[Player, list[str]] = field(default_factory=dict)
    mp: dict[Player, int] | list[int] | None = None
    hands: dict[Player, list[str]] = field(default_factory=dict)
    discard: dict[str, int] | None = None
    section: int | None = None
    revealed: list[str] = field(default_factory=list)
    next_token: str | None = None
    order: list[Player] | None = None
    excluded: list[str] | None = None
    movement_left: int | None = None
    wings_used: bool = False
    flippers_used: bool = False
    frenzy: dict[Player, int] = field(default_factory=dict)
    lots: list[str] | None = None
    bids: dict[int, tuple[Player, int]] = field(default_factory=dict)
    displaced: str | None = None
    egg_round: int | None = None
    newborn: str | None = None
    attack: tuple[str, str] | None = None
    geysers: list[Player] = field(default_factory=list)
    shift: int | None = None
    prescience_played: bool = False
    bag: dict[str, int] | None = None
    board: Board | None = None  #: None: the standard board
    data: DataPack | None = None  #: None: the shipped pack
    options: dict[str, object] | None = None  #: the rule options that differ from the defaults
    seed: int | None = None

    def build(self) -> State:
        """The :class:`~evo_lab.games.evo2e.state.State` of this position (``FormatError`` if it is not one)."""
        from .builder import build_position

        kw = {f.name: getattr(self, f.name) for f in fields(self)}
        s: State = build_position(**kw)
        return s

    @classmethod
    def from_state(cls, s: State) -> Position:
        """The position of state ``s`` (what :meth:`build` needs to rebuild it)."""
        return position_of(cls, s)

    # ----- the text form
    def text(self) -> str:
        """The compact text form (header line, then one line per player with facts)."""
        head = ["evo2e", f"players={self.players}"]
        for name in ("round", "phase", "node", "to_act"):
            v = getattr(self, name)
            if v is not None:
                head.append(f"{name}={_p(v) if name == 'to_act' else v}")
        for name in ("movement_left", "egg_round", "section", "shift", "newborn", "next_token", "seed"):
            v = getattr(self, name)
            if v is not None:
                head.append(f"{name}={v}")
        for name in _GLOBAL_BOOLS:
            if getattr(self, name):
                head.append(f"{name}=yes")
        if self.displaced is not None:
            head.append(f"displaced={_p(self.displaced)}")
        if self.attack is not None:
            head.append(f"attack={self.attack[0]}x{self.attack[1]}")
        if self.order is not None:
            head.append("order=" + ",".join(_p(p) for p in self.order))
        for name in ("revealed", "excluded", "lots"):
            v = getattr(self, name)
            if v:
                head.append(f"{name}=" + ",".join(map(str, v)))
        if self.bids:
            head.append("bids=" + ",".join(f"{lot}:{_p(p)}:{v}" for lot, (p, v) in sorted(self.bids.items())))
        if self.discard:
            head.append("discard=" + ",".join(f"{c}:{k}" for c, k in self.discard.items()))
        if self.bag:
            head.append("bag=" + ",".join(f"{c}:{k}" for c, k in self.bag.items()))
        if self.options:
            head.append("options=" + ",".join(f"{k}:{_fmt(v)}" for k, v in self.options.items()))
        lines = [" ".join(head)]
        for p in range(self.players):
            parts = self._player_text(p)
            if parts:
                lines.append(" ".join([f"P{p + 1}"] + parts))
        return "\n".join(lines)

    def _player_text(self, p: int) -> list[str]:
        out: list[str] = []
        mp = _get(self.mp, p)
        if mp is not None:
            out.append(f"mp={mp}")
        d = _get(self.dinosaurs, p)
        if d is not None:
            out.append("dinos=" + (",".join(d) if d else "-"))
        for key, attr in (("genes", "genes"), ("frenzy", "frenzy")):
            v = _get(getattr(self, attr), p)
            if v:
                out.append(
                    f"{key}="
                    + (",".join(f"{k}:{n}" for k, n in v.items()) if isinstance(v, dict) else str(v))
                )
        for key, attr in (("unique", "unique"), ("hand", "hands")):
            v = _get(getattr(self, attr), p)
            if v:
                out.append(f"{key}=" + ",".join(v))
        if any(_pi(q) == p for q in self.geysers):
            out.append("geysers=yes")
        return out

    @classmethod
    def parse(cls, text: str, **config: Any) -> Position:
        """Read the text form; ``config`` may add what text cannot hold (``board``, ``data``, ``options``).
        A malformed text raises :class:`~evo_lab.core.errors.FormatError` naming the token."""
        if not isinstance(text, str):
            raise FormatError(f"expected a string, got {type(text).__name__}", "position")
        if len(text) > MAX_TEXT:
            raise FormatError(
                f"{len(text)} characters, more than the {MAX_TEXT} a position text may have", "position"
            )
        toks = text.split()
        if not toks or toks[0].lower() != "evo2e":
            raise FormatError("a position text starts with 'evo2e'", "position")
        pos = cls(**config)
        player: int | None = None
        for tok in toks[1:]:
            if tok == "/":
                continue
            if "=" not in tok:
                player = _player_token(tok)
                continue
            key, _, val = tok.partition("=")
            key = key.lower()
            if player is None:
                _set_global(pos, key, val)
            else:
                _set_player(pos, player, key, val)
        return pos


def _p(v: object) -> str:
    return f"P{v + 1}" if isinstance(v, int) else str(v)


def _pi(v: object) -> int:
    if isinstance(v, int):
        return v
    return int(str(v)[1:]) - 1 if str(v).upper().startswith("P") and str(v)[1:].isdigit() else -99


def _get(d: Mapping[Player, _V] | Sequence[_V] | None, p: int) -> _V | None:
    if d is None:
        return None
    if not isinstance(d, Mapping):  # one value per player
        return d[p] if p < len(d) else None
    for k, v in d.items():
        if _pi(k) == p:
            return v
    return None


def _fmt(v: object) -> str:
    return ("yes" if v else "no") if isinstance(v, bool) else str(v)


def _player_token(tok: str) -> int:
    t = tok.rstrip(":").upper()
    if t.startswith("P") and t[1:].isdigit() and int(t[1:]) >= 1:
        return int(t[1:]) - 1
    raise FormatError(f"expected key=value or a player like P1, got {excerpt(tok)}", "position")


def _int(val: str, key: str) -> int:
    if len(val) > 12:
        raise FormatError(f"expected a number of at most 12 digits, got {excerpt(val)}", key)
    try:
        return int(val)
    except ValueError:
        raise FormatError(f"expected a number, got {excerpt(val)}", key) from None


def _bool(val: str, key: str) -> bool:
    v = val.lower()
    if v in ("yes", "true", "1"):
        return True
    if v in ("no", "false", "0"):
        return False
    raise FormatError(f"expected yes or no, got {excerpt(val)}", key)


def _counts(val: str, key: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in filter(None, val.split(",")):
        name, _, n = item.partition(":")
        out[name] = _int(n, key) if n else 1
    return out


def _set_global(pos: Position, key: str, val: str) -> None:
    if key == "players":
        pos.players = _int(val, key)
    elif key in _GLOBAL_INTS:
        setattr(pos, key, _int(val, key))
    elif key in _GLOBAL_STRS:
        setattr(pos, key, val)
    elif key in _GLOBAL_BOOLS:
        setattr(pos, key, _bool(val, key))
    elif key in _GLOBAL_LISTS:
        setattr(pos, key, [x for x in val.split(",") if x])
    elif key == "attack":
        a, sep, b = val.upper().partition("X")
        if not sep or not a or not b:
            raise FormatError(f"write the attack as SRCxDST, got {excerpt(val)}", key)
        pos.attack = (a, b)
    elif key == "bids":
        bids: dict[int, tuple[Player, int]] = {}
        for item in filter(None, val.split(",")):
            parts = item.split(":")
            if len(parts) != 3:
                raise FormatError(f"write bids as lot:player:value, got {excerpt(item)}", key)
            bids[_int(parts[0], key)] = (parts[1], _int(parts[2], key))
        pos.bids = bids
    elif key in ("discard", "bag"):
        setattr(pos, key, _counts(val, key))
    elif key == "options":
        opts: dict[str, object] = {}
        for item in filter(None, val.split(",")):
            k, _, v = item.partition(":")
            opts[k] = _bool(v, key) if v.lower() in ("yes", "no", "true", "false") else v
        pos.options = opts
    else:
        raise FormatError(f"unknown position key {excerpt(key)}", key)


def _set_player(pos: Position, p: int, key: str, val: str) -> None:
    name = f"P{p + 1}"
    if key not in _PLAYER_KEYS:
        raise FormatError(
            f"unknown player key {excerpt(key)} (keys: {', '.join(_PLAYER_KEYS)})", f"{name}.{key}"
        )
    if key == "mp":
        pos.mp = (
            dict(pos.mp or {})
            if not isinstance(pos.mp, list)
            else {f"P{i + 1}": v for i, v in enumerate(pos.mp)}
        )
        pos.mp[name] = _int(val, f"mp.{name}")
    elif key == "dinos":
        pos.dinosaurs = dict(pos.dinosaurs or {})
        pos.dinosaurs[name] = [] if val == "-" else [x for x in val.split(",") if x]
    elif key == "genes":
        pos.genes[name] = _counts(val, f"genes.{name}")
    elif key == "frenzy":
        pos.frenzy[name] = _int(val, f"frenzy.{name}")
    elif key in ("unique", "hand"):
        getattr(pos, _PLAYER_KEYS[key])[name] = [x for x in val.split(",") if x]
    elif key == "geysers" and _bool(val, f"geysers.{name}"):
        pos.geysers.append(name)


# ====================================================================== a state's position
def position_of(cls: type[Position], s: State) -> Position:
    """The :class:`~evo_lab.games.evo2e.position.Position` that rebuilds ``s`` (what matters at its node)."""
    g = s.game
    L = g.labels
    P = [f"P{p + 1}" for p in range(g.players)]
    pos = cls(
        players=g.players,
        round=s.round,
        phase=PHASES[s.phase],
        node=s.node,
        board=None if g.board.name == f"standard-{g.board.players}p" else g.board,
        data=None if g.data.fingerprint() == _shipped_fingerprint() else g.data,
        options={k: v for k, v in g.options.to_dict().items() if v != _default_options()[k]} or None,
        seed=g.seed,
    )
    if s.phase == SETUP:
        pos.excluded = [g.unique_ids[i] for i in s.excluded]
        pos.order = [P[p] for p in s.order]
        return pos
    pos.dinosaurs = {P[p]: [L[x] for x in s.dinosaurs(p)] for p in range(g.players)}
    counts = [{k: v for k, v in s.gene_counts(p).items() if v} for p in range(g.players)]
    pos.genes = {P[p]: c for p, c in enumerate(counts) if c}
    pos.unique = {P[p]: s.unique_genes(p) for p in range(g.players) if s.unique_bits[p]}
    pos.mp = {P[p]: s.mp[p] for p in range(g.players)}
    pos.hands = {P[p]: s.hand(p) for p in range(g.players) if s.hands[p]}
    pos.discard = {g.card_ids[i]: k for i, k in enumerate(s.discard) if k} or None
    pos.section = s.section
    pos.revealed = [g.token_ids[t] for t in s.revealed]
    pos.next_token = None if s.next_token is None else g.token_ids[s.next_token]
    pos.order = [P[p] for p in s.order]
    pos.excluded = [g.unique_ids[i] for i in s.excluded]
    _node_facts(pos, s, P, L)
    pos.bag = _bag_override(s) or None
    return pos


def _bag_override(s: State) -> dict[str, int]:
    """The bag counts of ``s`` that differ from what the rules leave (what-if positions of the theory)."""
    g = s.game
    out: dict[str, int] = {}
    for i, gid in enumerate(g.gene_ids):
        if i < g.n_normal:
            want = g.bag0[i] - sum(s.genes[g.n_normal * p + i] for p in range(g.players))
        else:
            u = i - g.n_normal
            want = 0 if (any(m >> u & 1 for m in s.unique_bits) or u in s.excluded) else 1
        if s.bag[i] != want:
            out[gid] = s.bag[i]
    return out


def _node_facts(pos: Position, s: State, P: list[str], L: tuple[str, ...]) -> None:
    node = s.node
    if node in ("move", "die", "chameleon"):
        pos.to_act = P[s.actor]
        pos.movement_left = s.mp_left
        pos.wings_used, pos.flippers_used = s.wings_used, s.flippers_used
        pos.frenzy = {P[p]: x for p, x in enumerate(s.frenzy) if x}
        if node != "move":
            pos.attack = (L[s.pending[0]], L[s.pending[1]])
    elif node in ("gene", "bid", "card") or (node == "peek" and s.phase == MUTATION):
        pos.lots = [
            "event" if x == EVENT_LOT else ("empty" if x == EMPTY_LOT else s.game.gene_ids[x]) for x in s.lots
        ]
        pos.bids = {lot: (P[b[0]], b[1]) for lot, b in enumerate(s.bids) if b is not None}
        if node in ("bid", "card"):
            pos.to_act = P[s.actor]
        if s.displaced >= 0:
            pos.displaced = f"{P[s.displaced]}:{s.banned}"
    elif node == "climate_cards":
        pos.to_act = P[s.actor]
        if s.prescience_shift != s.game.token_shifts[s.revealed[-1]]:
            pos.shift = s.prescience_shift
        pos.prescience_played = s.prescience_played
    elif node in (
        "adrenaline",
        "birth_cards",
        "survival_cards",
        "survive",
        "birth",
        "newborn_cards",
        "kbdie",
    ):
        pos.to_act = P[s.actor]
    if s.phase == BIRTH_PHASE and node in ("birth", "newborn_cards", "kbdie"):
        pos.egg_round = s.egg_round if s.egg_round != 1 else None
        if node != "birth":
            pos.newborn = L[s.pending[0]]
    if s.phase == SURVIVAL:
        pos.geysers = [P[p] for p in range(s.game.players) if s.geysers >> p & 1]


def _shipped_fingerprint() -> str:
    from .datapack import load_data

    return load_data().fingerprint()


def _default_options() -> JSONDict:
    from .game import RuleOptions

    return RuleOptions().to_dict()
