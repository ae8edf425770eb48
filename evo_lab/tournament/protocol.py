"""The general remote-player protocol (``docs/remote.md``): JSON messages, one object per line, version 1.

The dealer (the tournament) and a player exchange::

    dealer                                   player
    {"type": "hello", "protocol": "evo-lab-remote", "version": 1}
                                             {"type": "hello", "protocol": "evo-lab-remote", "version": 1,
                                              "name": "my-bot"}
    {"type": "start", "game": "origin", "players": 2, "seat": 0, "seed": 12, ...}
                                             {"type": "ready"}
    {"type": "act", "ply": 7, "observation": {...}, "legal": ["animal run", ...]}
                                             {"type": "action", "action": "animal run"}   (or its index: 0)
    ...
    {"type": "end", "seat": 0, "places": [1, 2], "won": 1.0, ...}
    ... (more games: start, act, ..., end)
    {"type": "bye"}

Each message has a JSON Schema in ``evo_lab/tournament/schemas/`` (:func:`schema`); :func:`validate` checks a
message against one with the small validator below (the subset of JSON Schema the schemas use: ``type``,
``const``, ``enum``, ``required``, ``properties``, ``items``, ``minimum``, ``maximum``, ``minItems``,
``minLength``, ``maxLength``), so evo-lab needs no ``jsonschema`` at run time; the tests check the same messages
with ``jsonschema`` too.

>>> validate({"type": "action", "action": 2}, "action")
>>> validate({"type": "action", "action": [2]}, "action")
Traceback (most recent call last):
...
evo_lab.tournament.protocol.ProtocolError: action message: action: must be string or integer, got [2]
>>> player_message('{"type": "ready"}'), sorted(SCHEMAS)[:3]
({'type': 'ready'}, ['act', 'action', 'bye'])
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

from ..core.errors import EvoLabError

__all__ = [
    "BYE",
    "DEALER_MESSAGES",
    "PLAYER_MESSAGES",
    "PROTOCOL",
    "SCHEMAS",
    "VERSION",
    "ProtocolError",
    "act_message",
    "dealer_hello",
    "end_message",
    "player_message",
    "schema",
    "start_message",
    "validate",
]

PROTOCOL = "evo-lab-remote"
VERSION = 1
#: Schema names: what the dealer sends and what a player sends.
DEALER_MESSAGES = ("dealer-hello", "start", "act", "end", "bye")
PLAYER_MESSAGES = ("player-hello", "ready", "action", "error")
SCHEMAS = DEALER_MESSAGES + PLAYER_MESSAGES
_PLAYER_BY_TYPE = {"hello": "player-hello", "ready": "ready", "action": "action", "error": "error"}
BYE = {"type": "bye"}


class ProtocolError(EvoLabError, ValueError):
    """A message that breaks the protocol; the message names the message type and the bad field."""


@functools.cache
def _schema_text(name: str) -> str:
    if name not in SCHEMAS:
        raise ProtocolError(f"no schema {name!r}; schemas: {', '.join(SCHEMAS)}")
    return resources.files(__package__).joinpath("schemas", f"{name}.json").read_text(encoding="utf-8")


def schema(name: str) -> dict:
    """The JSON Schema (draft 2020-12) of message ``name`` (one of :data:`SCHEMAS`), as shipped in the package."""
    return json.loads(_schema_text(name))


_TYPES: dict[str, Any] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: (
        (isinstance(v, int) and not isinstance(v, bool)) or (isinstance(v, float) and v.is_integer())
    ),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


def _short(v: Any) -> str:
    text = json.dumps(v) if not isinstance(v, str) else repr(v)
    return text if len(text) <= 60 else text[:57] + "..."


def _check(value: Any, sch: dict, where: str) -> str | None:
    """The first violation of ``sch`` by ``value`` as ``"field: what"``, or ``None``."""
    if "const" in sch and value != sch["const"]:
        return f"{where}: must be {sch['const']!r}, got {_short(value)}"
    if "enum" in sch and value not in sch["enum"]:
        return f"{where}: must be one of {', '.join(map(repr, sch['enum']))}, got {_short(value)}"
    types = sch.get("type")
    if types is not None:
        types = [types] if isinstance(types, str) else types
        if not any(_TYPES[t](value) for t in types):
            return f"{where}: must be {' or '.join(types)}, got {_short(value)}"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in sch and value < sch["minimum"]:
            return f"{where}: must be at least {sch['minimum']}, got {value}"
        if "maximum" in sch and value > sch["maximum"]:
            return f"{where}: must be at most {sch['maximum']}, got {value}"
    if isinstance(value, str) and not sch.get("minLength", 0) <= len(value) <= sch.get(
        "maxLength", len(value)
    ):
        return f"{where}: length must be {sch.get('minLength', 0)}..{sch.get('maxLength', 'any')}"
    if isinstance(value, list):
        if len(value) < sch.get("minItems", 0):
            return f"{where}: needs at least {sch['minItems']} items, got {len(value)}"
        if "items" in sch:
            for i, item in enumerate(value):
                bad = _check(item, sch["items"], f"{where}[{i}]")
                if bad:
                    return bad
    if isinstance(value, dict):
        for key in sch.get("required", ()):
            if key not in value:
                return f"{where + '.' if where else ''}{key}: missing"
        for key, sub in sch.get("properties", {}).items():
            if key in value:
                bad = _check(value[key], sub, f"{where + '.' if where else ''}{key}")
                if bad:
                    return bad
    return None


@functools.cache
def _compiled(name: str) -> dict:
    return schema(name)


def validate(message: Any, name: str) -> None:
    """Check ``message`` against schema ``name``; raises :class:`ProtocolError` naming the field."""
    sch = _compiled(name)
    if not isinstance(message, dict):
        raise ProtocolError(
            f"{sch['title'].split(' (')[0]} message: must be a JSON object, got {_short(message)}"
        )
    bad = _check(message, sch, "")
    if bad:
        raise ProtocolError(f"{name.split('-')[-1]} message: {bad}")


def player_message(data: Any, expect: tuple[str, ...] = PLAYER_MESSAGES) -> dict:
    """A player's message (a dict or its JSON text) checked against its schema; ``expect``: the schema names
    allowed here (e.g. ``("action", "error")`` after an ``act``)."""
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as e:
            raise ProtocolError(f"not JSON: {e}") from None
    if not isinstance(data, dict):
        raise ProtocolError(f"a message must be a JSON object, got {_short(data)}")
    name = _PLAYER_BY_TYPE.get(data.get("type"))  # type: ignore[arg-type]
    if name is None or name not in expect:
        wanted = " or ".join(repr(n.split("-")[-1]) for n in expect)
        raise ProtocolError(f"expected a message of type {wanted}, got type {_short(data.get('type'))}")
    validate(data, name)
    if name == "player-hello" and data["version"] != VERSION:
        raise ProtocolError(
            f"hello message: version: this dealer speaks version {VERSION}, the player {data['version']}"
        )
    return data


def dealer_hello() -> dict:
    from .. import __version__

    return {"type": "hello", "protocol": PROTOCOL, "version": VERSION, "server": f"evo-lab {__version__}"}


def start_message(game: Any, seat: int, seed: int | None, game_number: int, time_limit: float | None) -> dict:
    """The ``start`` message of ``seat`` for a new game ``game`` (an engine game object)."""
    from ..core.registry import game_info

    return {
        "type": "start",
        "game": game.name,
        "title": game_info(game.name).title,
        "players": game.players,
        "seat": seat,
        "seed": seed,
        "game_number": game_number,
        "time_limit": time_limit,
        "config": game.to_dict(),
    }


def act_message(
    state: Any, seat: int, texts: list[str], time_limit: float | None, ply: int, position: dict | None = None
) -> dict:
    """The ``act`` message: ``seat``'s observation (the game's observer) and the legal strings; ``ply``: the
    actions played so far (``len(state.history())``, counted by the caller)."""
    msg = {
        "type": "act",
        "ply": ply,
        "observation": state.observation(seat),
        "legal": texts,
        "time_limit": time_limit,
    }
    if position is not None:
        msg["position"] = position
    return msg


def end_message(seat: int, places: list[int], scores: list[float], won: float, forfeit: bool) -> dict:
    return {
        "type": "end",
        "seat": seat,
        "places": list(places),
        "scores": list(scores),
        "won": won,
        "forfeit": forfeit,
    }
