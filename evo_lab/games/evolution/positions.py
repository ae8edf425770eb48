"""Reading a position body back (the ``state`` of the shared envelope); a bad one raises
:class:`~evo_lab.core.errors.FormatError` naming the field."""

from __future__ import annotations

from typing import Any

from ...core.errors import FormatError
from .model import Player
from .state import PHASES

__all__ = ["load_body"]


def _int(d: Any, k: str, lo: int | None = None) -> int:
    v = d.get(k) if isinstance(d, dict) else None
    if isinstance(v, bool) or not isinstance(v, int) or (lo is not None and v < lo):
        raise FormatError(f"must be an integer{f' >= {lo}' if lo is not None else ''}, got {v!r}", f"state.{k}")
    return v


def _counts(d: Any, k: str, n: int) -> list[int]:
    v = d.get(k)
    if not isinstance(v, list) or len(v) != n or not all(isinstance(x, int) and x >= 0 for x in v):
        raise FormatError(f"must be a list of {n} counts", f"state.{k}")
    return list(v)


def load_body(s: Any, d: Any) -> Any:
    g = s.game
    if not isinstance(d, dict):
        raise FormatError("must be an object", "state")
    try:
        s.players = [Player.from_list(p) for p in d["players"]]
    except (KeyError, TypeError, ValueError) as e:
        raise FormatError(f"unreadable players: {e}", "state.players") from None
    if len(s.players) != g.players:
        raise FormatError(f"expected {g.players} players", "state.players")
    s.wh, s.first, s.round, s.final = _int(d, "wh", 0), _int(d, "first", 0), _int(d, "round", 1), _int(d, "final", 0)
    s.turn, s.left, s.end_deck, s.out = _int(d, "turn", -1), _int(d, "left", 0), _int(d, "end_deck", 0), \
        _int(d, "out", 0)
    if d.get("phase") not in PHASES:
        raise FormatError(f"must be one of {PHASES}", "state.phase")
    s.phase = d["phase"]
    s.gone = _int(d, "gone", 0)
    s.seek = bool(d.get("seek"))
    s.intel = tuple(d["intel"]) if d.get("intel") else None
    nk = len(g.deck.cards)
    s.pool, s.discards = _counts(d, "pool", nk), _counts(d, "discards", nk)
    pend = d.get("pending")
    if not isinstance(pend, list) or not all(isinstance(x, list) and len(x) == 2 for x in pend):
        raise FormatError("must be a list of [player, cards]", "state.pending")
    s.pending = [list(x) for x in pend]
    c = d.get("climate")
    if g.o.climate:
        if not isinstance(c, dict):
            raise FormatError("missing climate", "state.climate")
        s.climate_pos, s.event_pool = c["pos"], list(c["pool"])
        s.events_in_play, s.event_used, s.pending_events = dict(c["in_play"]), c["used"], list(c["pending"])
    else:
        s.climate_pos, s.event_pool, s.events_in_play, s.event_used, s.pending_events = 0, [], {}, "", []
    return s
