"""Positions and records of Evo 2e in the shared envelope (:mod:`evo_lab.core.records`).

A position is ``{"format": "evo-lab-position", "version": 2, "game": "evo2e", "game_version": 2, "config":
{...}, "state": {...}}``; the ``state`` body holds every field of :class:`~evo_lab.games.evo2e.state.State`
(:data:`LIST_FIELDS`, :data:`SCALAR_FIELDS`). :func:`load_state` checks each field and raises
:class:`~evo_lab.core.errors.FormatError` naming it (``state.occupants``, ``state.hands[1]``, ...).

Files of evo-lab 0.1 (envelope version 1, where ``"game"`` held the configuration) are still read: their nodes
and steps are renamed (the card windows), Frenzied attack's flag becomes its horns, and their events become the
named tuples of :mod:`.events`; the game they name is built with the rules they were played under
(:data:`~evo_lab.games.evo2e.game.LEGACY_OPTIONS`), so a version-1 record replays exactly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.checks import MAX_COUNT, bool_of, int_in, ints_in, list_of, opt_int_in, str_of
from ...core.errors import FormatError, excerpt
from . import events, load_checks
from .jsontypes import JSONDict
from .flow import CHANCE_NODES, NODES, PHASES, STEPS, Step

if TYPE_CHECKING:
    from .game import Game
    from .state import State

__all__ = [
    "LIST_FIELDS",
    "SCALAR_FIELDS",
    "ATTRIBUTES",
    "attribute",
    "state_dict",
    "load_state",
    "V1_NODES",
    "V1_STEPS",
]

LIST_FIELDS = (
    "occ",
    "count",
    "mp",
    "genes",
    "uniq",
    "bag",
    "deck",
    "discard",
    "tokens_left",
    "lots",
    "bids",
    "holding",
    "to_bid",
    "paid",
)
SCALAR_FIELDS = (
    "phase",
    "round",
    "step",
    "node",
    "actor",
    "pend",
    "hands",
    "excluded",
    "section",
    "revealed",
    "next_token",
    "order",
    "displaced",
    "banned",
    "mover",
    "mp_left",
    "wings_used",
    "flippers_used",
    "frenzy",
    "egg_round",
    "birth_idx",
    "window",
    "surv_idx",
    "geysers",
    "pshift",
    "last",
    "log",
    "prescience_played",
)
#: The state's attribute of each key of the position body whose name a reader would not understand (the keys
#: stay as files of evo-lab 0.1 wrote them).
ATTRIBUTES = {
    "occ": "occupants",
    "uniq": "unique_bits",
    "pend": "pending",
    "pshift": "prescience_shift",
    "surv_idx": "survival_index",
    "birth_idx": "birth_index",
}


def attribute(key: str) -> str:
    """The state attribute that holds the position body's ``key``."""
    return ATTRIBUTES.get(key, key)


_INT_FIELDS = (
    "phase",
    "round",
    "actor",
    "section",
    "displaced",
    "banned",
    "mover",
    "mp_left",
    "egg_round",
    "birth_idx",
    "surv_idx",
    "geysers",
    "pshift",
)

#: Longest list of lots, bids or bidders a position may hold (one lot per player: at most 5).
MAX_LOTS = 64
#: Highest round number a position may give (the climate pile ends the game long before).
MAX_ROUNDS = 1000

#: Version-1 names of the card windows (one node per card then; one window per timing now).
V1_NODES = {
    "prescience": "climate_cards",
    "swarm": "birth_cards",
    "egg_thief": "newborn_cards",
    "geysers": "survival_cards",
}
V1_STEPS = {
    "climate_window": "climate_cards",
    "swarm_window": "birth_cards",
    "thief_window": "newborn_cards",
    "geysers_window": "survival_cards",
}


def _plain(v: object) -> object:
    if isinstance(v, tuple):
        return [_plain(x) for x in v]
    return v


def _tupled(v: object) -> object:
    if isinstance(v, list):
        return tuple(_tupled(x) for x in v)
    return v


def state_dict(s: State) -> JSONDict:
    """The position body: every field, JSON-able (tuples become lists, the step its value)."""
    st: dict[str, Any] = {}
    for f in LIST_FIELDS:
        st[f] = [list(x) if isinstance(x, tuple) else x for x in getattr(s, attribute(f))]
    for f in SCALAR_FIELDS:
        st[f] = _plain(getattr(s, attribute(f)))
    st["step"] = s.step.value
    return st


def _migrate_v1(st: dict[str, object], n: int) -> dict[str, object]:
    """A version-1 body in today's names and shapes."""
    st = dict(st)
    node, step = st.get("node"), st.get("step")
    if isinstance(node, str):
        st["node"] = V1_NODES.get(node, node)
    if isinstance(step, str):
        st["step"] = V1_STEPS.get(step, step)
    fr = st.get("frenzy")
    if isinstance(fr, int) and not isinstance(
        fr, bool
    ):  # a bit per player; Frenzied attack gave 2 horns then
        st["frenzy"] = [2 if fr >> p & 1 else 0 for p in range(n)]
    return st


def load_state(cls: type[State], game: Game, body: object, version: int | None = None) -> State:
    """A state of ``game`` from a position body (``version``: the body's ``game_version`` when older). Every
    field is checked (types, ranges, totals: :mod:`.load_checks`) before the state is used."""
    if not isinstance(body, dict):
        raise FormatError(f"expected an object, got {excerpt(body)}", "state")
    g = game
    n = g.players
    st = _migrate_v1(body, n) if version == 1 else body
    s = cls(g, _empty=True)
    sizes = {
        "occ": g.n,
        "count": n,
        "mp": n,
        "genes": g.n_normal * n,
        "uniq": n,
        "bag": len(g.bag0),
        "deck": len(g.deck0),
        "discard": len(g.deck0),
        "tokens_left": len(g.tokens0),
        "holding": n,
        "paid": n,
    }
    tokens, cards = sum(g.bag0) + g.n_unique, max(g.deck0, default=0)
    ranges = {
        "occ": (-1, n - 1),
        "count": (0, g.max_dinos),
        "mp": (0, MAX_COUNT),
        "genes": (0, tokens),
        "uniq": (0, 2**g.n_unique - 1),
        "bag": (0, tokens),
        "deck": (0, cards),
        "discard": (0, cards),
        "tokens_left": (0, max(g.tokens0, default=0)),
        "lots": (-2, len(g.gene_ids) - 1),
        "holding": (-1, n - 1),
        "to_bid": (0, n - 1),
        "paid": (0, MAX_COUNT),
    }
    for f in LIST_FIELDS:
        if f not in st:
            raise FormatError("missing", f"state.{f}")
        if f == "bids":
            bids = [
                None if b is None else tuple(ints_in(b, 0, MAX_COUNT, f"state.bids[{i}]", 2))
                for i, b in enumerate(list_of(st[f], "state.bids", max_length=MAX_LOTS))
            ]
            setattr(s, attribute(f), bids)
        else:
            setattr(
                s,
                attribute(f),
                ints_in(st[f], *ranges[f], f"state.{f}", sizes.get(f), sizes.get(f, MAX_LOTS)),
            )
    for f in SCALAR_FIELDS:
        if f not in st:
            raise FormatError("missing", f"state.{f}")
        setattr(s, attribute(f), _tupled(st[f]))
    _check_scalars(s, g)
    s.last = events.from_json(st["last"], "state.last")
    s.log = events.log_from_json(st["log"], "state.log")
    _check_fields(s, g)
    load_checks.check_state_body(s, g)
    return s


def _check_scalars(s: State, g: Game) -> None:
    n = g.players
    for f in _INT_FIELDS:
        int_in(getattr(s, attribute(f)), -MAX_COUNT, MAX_COUNT, f"state.{f}")
    str_of(s.step, "state.step", 40)
    str_of(s.node, "state.node", 40)
    try:
        s.step = Step(s.step)
    except ValueError:
        raise FormatError(f"unknown step {excerpt(s.step)}", "state.step") from None
    if s.step not in STEPS:
        raise FormatError(f"unknown step {s.step.value!r}", "state.step")
    if s.node not in NODES:
        raise FormatError(f"unknown node {excerpt(s.node)}", "state.node")
    int_in(s.phase, 0, len(PHASES) - 1, "state.phase")
    int_in(s.section, 0, g.n_sections - 1, "state.section")
    for i, o in enumerate(s.occupants):
        int_in(o, -1, n - 1, f"state.occ[{i}]")
    if [s.occupants.count(p) for p in range(n)] != s.count:
        raise FormatError("does not match the dinosaurs on the board", "state.count")
    for p, x in enumerate(s.mp):
        int_in(x, 0, MAX_COUNT, f"state.mp[{p}]")
    if s.node not in CHANCE_NODES and s.node != "end" and not 0 <= s.actor < n:
        raise FormatError(f"must be a player 0..{n - 1} at a decision node", "state.actor")
    if not isinstance(s.hands, tuple) or len(s.hands) != n:
        raise FormatError(f"must hold {n} hands", "state.hands")
    if not isinstance(s.frenzy, tuple) or len(s.frenzy) != n:
        raise FormatError(f"must be {n} integers >= 0 (attack horns from cards)", "state.frenzy")
    for p, x in enumerate(s.frenzy):
        int_in(x, 0, MAX_COUNT, f"state.frenzy[{p}]")


def _ints_in(v: object, lo: int, hi: int, field: str) -> None:
    if not isinstance(v, tuple):
        raise FormatError(f"must be a list of integers {lo}..{hi - 1}, got {excerpt(v)}", field)
    for i, x in enumerate(v):
        int_in(x, lo, hi - 1, f"{field}[{i}]")


def _check_fields(s: State, g: Game) -> None:
    """Field checks beyond types, so that a bad file fails here naming the field rather than later."""
    n = g.players
    _ints_in(s.order, 0, n, "state.order")
    if len(set(s.order)) != len(s.order):
        raise FormatError("a player is twice on the track", "state.order")
    for i, h in enumerate(s.hands):
        _ints_in(h, 0, len(g.deck0), f"state.hands[{i}]")
    _ints_in(s.revealed, 0, g.meteorite, "state.revealed")
    _ints_in(s.excluded, 0, g.n_unique, "state.excluded")
    _ints_in(s.window, 0, n, "state.window")
    _ints_in(tuple(s.lots), -2, len(g.gene_ids), "state.lots")
    for f in ("bag", "deck", "discard", "tokens_left", "paid"):
        for i, x in enumerate(getattr(s, f)):
            if x < 0:
                raise FormatError(f"counts cannot be negative, got {x}", f"state.{f}[{i}]")
    opt_int_in(s.next_token, 0, g.meteorite, "state.next_token")
    for i, b in enumerate(s.bids):
        if b is not None:
            int_in(b[0], 0, n - 1, f"state.bids[{i}][0]")
            int_in(b[1], 0, MAX_COUNT, f"state.bids[{i}][1]")
    if not isinstance(s.pending, tuple):
        raise FormatError(f"must be a list, got {excerpt(s.pending)}", "state.pend")
    int_in(s.round, 0, MAX_ROUNDS, "state.round")
    int_in(s.mover, 0, n, "state.mover")
    int_in(s.survival_index, 0, n, "state.surv_idx")
    int_in(s.birth_index, 0, n, "state.birth_idx")
    for f in ("wings_used", "flippers_used", "prescience_played"):
        bool_of(getattr(s, f), f"state.{f}")
