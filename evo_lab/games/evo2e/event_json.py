"""Reading the events of a position's ``last`` and ``log`` from their JSON lists (:mod:`.events` holds the
events; ``events.from_json`` and ``events.log_from_json`` call these). Every field is checked against the type its
event class declares; version-1 lists (evo-lab 0.1) are read too.

>>> from evo_lab.games.evo2e.events import Fight
>>> event_from_json(["fight", 3, 4, "win", "plus"]) == Fight("fight", 3, 4, "win", "plus")
True
"""

from __future__ import annotations

from ...core.checks import MAX_COUNT
from ...core.errors import FormatError, excerpt
from .events import EVENTS, Event, Play, Starved

__all__ = ["MAX_LOG", "event_from_json", "log_from_json"]

#: Most events a position's log may hold (one action's events: a few dozen).
MAX_LOG = 10_000


def _tupled(v: object) -> object:
    return tuple(_tupled(x) for x in v) if isinstance(v, (list, tuple)) else v


def event_from_json(v: object, field: str = "state.last") -> Event | tuple[()]:
    """An event from its JSON list (``()`` for an empty one). Version-1 lists of other lengths are read too."""
    if not isinstance(v, (list, tuple)):
        raise FormatError("must be a list", field)
    if not v:
        return ()
    cls = EVENTS.get(v[0]) if isinstance(v[0], str) else None
    if cls is None:
        raise FormatError(f"unknown event {excerpt(v[0])}", field)
    make = cls
    items = [_tupled(x) for x in v]
    if cls is Play and len(items) > 3 and not isinstance(items[3], tuple):  # version 1: detail inline
        items = items[:3] + [tuple(items[3:])]
    if cls is Starved and len(items) > 3:  # version 1: several spaces in one event; keep the last
        items = items[:2] + [items[-1]]
    try:
        ev = make(*items)
    except TypeError:
        raise FormatError(f"malformed {v[0]!r} event: {excerpt(v)}", field) from None
    _check_types(ev, field)
    return ev


def _type_ok(x: object, note: str) -> bool:
    if note == "bool":
        return isinstance(x, bool)
    if note in ("int", "int | None"):
        if x is None:
            return note == "int | None"
        return isinstance(x, int) and not isinstance(x, bool) and -MAX_COUNT <= x <= MAX_COUNT
    if note == "str":
        return isinstance(x, str) and len(x) <= 200
    if note.startswith("tuple"):
        return isinstance(x, tuple)
    return True


def _check_types(ev: Event, field: str) -> None:
    """Each field of a loaded event of the type its class declares (integers bounded, strings short)."""
    notes = type(ev).__annotations__
    for i, (name, x) in enumerate(zip(ev._fields, ev)):
        if not _type_ok(x, str(notes.get(name, ""))):
            raise FormatError(
                f"{name} of a {ev[0]!r} event must be {notes[name]}, got {excerpt(x)}", f"{field}[{i}]"
            )


def log_from_json(v: object, field: str = "state.log") -> tuple[Event, ...]:
    """The log: a list of events (version-1 ``starved`` events with several spaces become one per space)."""
    if not isinstance(v, (list, tuple)):
        raise FormatError("must be a list", field)
    if len(v) > MAX_LOG:
        raise FormatError(f"more than {MAX_LOG} events", field)
    out: list[Event] = []
    for i, e in enumerate(v):
        if isinstance(e, (list, tuple)) and e and e[0] == "starved" and len(e) > 3:
            out.extend(Starved("starved", e[1], x) for x in e[2:])
        else:
            ev = event_from_json(e, f"{field}[{i}]")
            if not ev:  # an empty event stands for "none yet" in ``last`` only
                raise FormatError("an event of the log cannot be empty", f"{field}[{i}]")
            out.append(ev)
    return tuple(out)
