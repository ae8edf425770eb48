"""Positions and records of Evo 2e in the shared envelope (:mod:`evo_lab.core.records`).

A position is ``{"format": "evo-lab-position", "version": 2, "game": "evo2e", "game_version": 2, "config":
{...}, "state": {...}}``; the ``state`` body holds every field of :class:`~evo_lab.games.evo2e.state.State`
(:data:`LIST_FIELDS`, :data:`SCALAR_FIELDS`). :func:`load_state` checks each field and raises
:class:`~evo_lab.core.errors.FormatError` naming it (``state.occ``, ``state.hands[1]``, ...).

Files of evo-lab 0.1 (envelope version 1, where ``"game"`` held the configuration) are still read: their nodes
and steps are renamed (the card windows), Frenzied attack's flag becomes its horns, and their events become the
named tuples of :mod:`.events`; the game they name is built with the rules they were played under
(:data:`~evo_lab.games.evo2e.game.LEGACY_OPTIONS`), so a version-1 record replays exactly.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import FormatError
from . import events
from .flow import CHANCE_NODES, NODES, PHASES, STEPS, Step

__all__ = ["LIST_FIELDS", "SCALAR_FIELDS", "state_dict", "load_state", "V1_NODES", "V1_STEPS"]

LIST_FIELDS = ("occ", "count", "mp", "genes", "uniq", "bag", "deck", "discard", "tokens_left", "lots", "bids",
               "holding", "to_bid", "paid")
SCALAR_FIELDS = ("phase", "round", "step", "node", "actor", "pend", "hands", "excluded", "section", "revealed",
                 "next_token", "order", "displaced", "banned", "mover", "mp_left", "wings_used", "flippers_used",
                 "frenzy", "egg_round", "birth_idx", "window", "surv_idx", "geysers", "pshift", "last", "log",
                 "prescience_played")
_INT_FIELDS = ("phase", "round", "actor", "section", "displaced", "banned", "mover", "mp_left", "egg_round",
               "birth_idx", "surv_idx", "geysers", "pshift")

#: Version-1 names of the card windows (one node per card then; one window per timing now).
V1_NODES = {"prescience": "climate_cards", "swarm": "birth_cards", "egg_thief": "newborn_cards",
            "geysers": "survival_cards"}
V1_STEPS = {"climate_window": "climate_cards", "swarm_window": "birth_cards", "thief_window": "newborn_cards",
            "geysers_window": "survival_cards"}


def _plain(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_plain(x) for x in v]
    return v


def _tupled(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_tupled(x) for x in v)
    return v


def state_dict(s: Any) -> dict:
    """The position body: every field, JSON-able (tuples become lists, the step its value)."""
    st: dict[str, Any] = {}
    for f in LIST_FIELDS:
        st[f] = [list(x) if isinstance(x, tuple) else x for x in getattr(s, f)]
    for f in SCALAR_FIELDS:
        st[f] = _plain(getattr(s, f))
    st["step"] = s.step.value
    return st


def _ints(v: Any, field: str) -> list:
    if not isinstance(v, (list, tuple)):
        raise FormatError(f"must be a list, got {v!r}", field)
    out = []
    for x in v:
        if isinstance(x, bool) or not isinstance(x, int):
            raise FormatError(f"must hold integers, got {x!r}", field)
        out.append(x)
    return out


def _migrate_v1(st: dict, n: int) -> dict:
    """A version-1 body in today's names and shapes."""
    st = dict(st)
    st["node"] = V1_NODES.get(st.get("node"), st.get("node"))
    st["step"] = V1_STEPS.get(st.get("step"), st.get("step"))
    fr = st.get("frenzy")
    if isinstance(fr, int) and not isinstance(fr, bool):  # a bit per player; Frenzied attack gave 2 horns then
        st["frenzy"] = [2 if fr >> p & 1 else 0 for p in range(n)]
    return st


def load_state(cls: type, game: Any, body: Any, version: int | None = None) -> Any:
    """A state of ``game`` from a position body (``version``: the body's ``game_version`` when older)."""
    if not isinstance(body, dict):
        raise FormatError("missing", "state")
    g = game
    n = g.players
    st = _migrate_v1(body, n) if version == 1 else body
    s = cls(g, _empty=True)
    sizes = {"occ": g.n, "count": n, "mp": n, "genes": g.n_normal * n, "uniq": n, "bag": len(g.bag0),
             "deck": len(g.deck0), "discard": len(g.deck0), "tokens_left": len(g.tokens0), "holding": n, "paid": n}
    for f in LIST_FIELDS:
        v = st.get(f)
        if not isinstance(v, list):
            raise FormatError("must be a list", f"state.{f}")
        if f in sizes and len(v) != sizes[f]:
            raise FormatError(f"must have {sizes[f]} entries, got {len(v)}", f"state.{f}")
        if f == "bids":
            v = [None if b is None else tuple(_ints(b, "state.bids")) for b in v]
        else:
            v = _ints(v, f"state.{f}")
        setattr(s, f, list(v))
    for f in SCALAR_FIELDS:
        if f not in st:
            raise FormatError("missing", f"state.{f}")
        setattr(s, f, _tupled(st[f]))
    _check_scalars(s, g)
    s.last = events.from_json(st["last"], "state.last")
    s.log = events.log_from_json(st["log"], "state.log")
    _check_fields(s, g)
    return s


def _check_scalars(s: Any, g: Any) -> None:
    n = g.players
    for f in _INT_FIELDS:
        if isinstance(getattr(s, f), bool) or not isinstance(getattr(s, f), int):
            raise FormatError("must be an integer", f"state.{f}")
    if not isinstance(s.step, str) or not isinstance(s.node, str):
        raise FormatError("must be strings", "state.step")
    try:
        s.step = Step(s.step)
    except ValueError:
        raise FormatError(f"unknown step {s.step!r}", "state.step") from None
    if s.step not in STEPS:
        raise FormatError(f"unknown step {s.step.value!r}", "state.step")
    if s.node not in NODES:
        raise FormatError(f"unknown node {s.node!r}", "state.node")
    if not 0 <= s.phase < len(PHASES):
        raise FormatError(f"must be a phase 0..{len(PHASES) - 1}", "state.phase")
    if not 0 <= s.section < g.n_sections:
        raise FormatError(f"must be a wheel section 0..{g.n_sections - 1}", "state.section")
    if any(not -1 <= o < n for o in s.occ):
        raise FormatError(f"occupants must be -1 or a player 0..{n - 1}", "state.occ")
    if [s.occ.count(p) for p in range(n)] != s.count:
        raise FormatError("does not match the dinosaurs on the board", "state.count")
    if any(x < 0 for x in s.mp):
        raise FormatError("MP cannot be negative", "state.mp")
    if s.node not in CHANCE_NODES and s.node != "end" and not 0 <= s.actor < n:
        raise FormatError(f"must be a player 0..{n - 1} at a decision node", "state.actor")
    if not isinstance(s.hands, tuple) or len(s.hands) != n:
        raise FormatError(f"must hold {n} hands", "state.hands")
    if not isinstance(s.frenzy, tuple) or len(s.frenzy) != n or any(
            isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in s.frenzy):
        raise FormatError(f"must be {n} integers >= 0 (attack horns from cards)", "state.frenzy")


def _ints_in(v: Any, lo: int, hi: int, field: str) -> None:
    if not isinstance(v, tuple) or any(isinstance(x, bool) or not isinstance(x, int) or not lo <= x < hi for x in v):
        raise FormatError(f"must be a list of integers {lo}..{hi - 1}", field)


def _check_fields(s: Any, g: Any) -> None:
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
        if any(x < 0 for x in getattr(s, f)):
            raise FormatError("counts cannot be negative", f"state.{f}")
    if s.next_token is not None and (isinstance(s.next_token, bool) or not isinstance(s.next_token, int)
                                     or not 0 <= s.next_token <= g.meteorite):
        raise FormatError(f"must be null or a token 0..{g.meteorite}", "state.next_token")
    for i, b in enumerate(s.bids):
        if b is not None and (len(b) != 2 or not 0 <= b[0] < n):
            raise FormatError("each bid must be null or [player, value]", f"state.bids[{i}]")
    if not isinstance(s.pend, tuple):
        raise FormatError("must be a list", "state.pend")
    if s.round < 0 or not 0 <= s.mover <= n or not 0 <= s.surv_idx <= n or not 0 <= s.birth_idx <= n:
        raise FormatError("round, mover, birth_idx and surv_idx must be in range", "state.round")
    if not isinstance(s.wings_used, bool) or not isinstance(s.flippers_used, bool) \
            or not isinstance(s.prescience_played, bool):
        raise FormatError("must be true or false", "state.wings_used")
