"""The JSON envelope of positions, records and trees, shared by every game.

Every file evo-lab writes names its ``format``, the envelope ``version``, the ``game`` id (as registered with
:func:`~evo_lab.core.registry.register`), the game's own ``game_version`` and the game's configuration::

    {"format": "evo-lab-position", "version": 2, "game": "evo2e", "game_version": 1,
     "config": {...}, "state": {...}}
    {"format": "evo-lab-record", "version": 2, "game": "evo2e", "game_version": 1,
     "config": {...}, "start": <position or absent>, "actions": ["bid 2 on lot 1", ...]}

:func:`load_position` and :func:`load_record` read any game's file: they look the game up in the registry.
Envelope version 1 (Evo 2e files before the multi-game layout: ``"game"`` held the configuration) is still read.

>>> env = envelope(POSITION, "evo2e", 1, {"players": 2}, state={"x": 1})
>>> env["format"], env["game"], env["state"]
('evo-lab-position', 'evo2e', {'x': 1})
>>> open_envelope(env, POSITION).game
'evo2e'
>>> open_envelope({"format": "evo-lab-record"}, POSITION)
Traceback (most recent call last):
...
evo_lab.core.errors.FormatError: format: expected 'evo-lab-position', got 'evo-lab-record'
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

from . import jsonio
from .errors import EvoLabError, FormatError, excerpt
from .jsonio import MAX_DEPTH, JSONValue

if TYPE_CHECKING:
    from .protocol import Game, State

__all__ = [
    "POSITION",
    "RECORD",
    "TREE",
    "ENVELOPE_VERSION",
    "Envelope",
    "GameClass",
    "envelope",
    "open_envelope",
    "read_json",
    "source_of",
    "load_position",
    "load_record",
    "game_class_for",
    "game_from_config",
]

POSITION = "evo-lab-position"
RECORD = "evo-lab-record"
TREE = "evo-lab-tree"
ENVELOPE_VERSION = 2


@dataclass(frozen=True)
class Envelope:
    """An opened envelope: the format, the game id, the game's version, its configuration and the whole dict."""

    format: str
    game: str
    game_version: int
    config: JSONValue
    data: dict[str, JSONValue]


class GameClass(Protocol):
    """What the loaders ask of a registered game class: ``from_dict(config)`` builds the game (and
    ``from_dict(config, version=v)`` for an older ``game_version`` ``v`` the class lists in ``read_versions``)."""

    def from_dict(self, config: JSONValue, /) -> Game: ...


def envelope(fmt: str, game: str, game_version: int, config: object, **body: object) -> dict[str, Any]:
    """A new envelope dict of format ``fmt`` for ``game`` with the ``body`` fields."""
    out: dict[str, Any] = {
        "format": fmt,
        "version": ENVELOPE_VERSION,
        "game": game,
        "game_version": game_version,
        "config": config,
    }
    out.update(body)
    return out


def read_json(data: object, source: str | None = None, *, max_depth: int = MAX_DEPTH) -> JSONValue:
    """``data`` as parsed JSON: a dict is returned as is (after a depth check), text or bytes are parsed, a
    :class:`~pathlib.Path` is read (at most :data:`~evo_lab.core.jsonio.MAX_BYTES`). Errors are
    :class:`FormatError` naming ``source`` (the file name when reading a file); nesting deeper than
    ``max_depth`` is refused before parsing."""
    if isinstance(data, Path):
        return jsonio.read_file(data, source or str(data), max_depth=max_depth)
    if isinstance(data, (str, bytes, bytearray)):
        return jsonio.loads(data, source, max_depth=max_depth)
    jsonio.check_tree(data, source, max_depth=max_depth)
    return cast(JSONValue, data)  # already parsed (a dict handed to a loader)


def source_of(data: object, source: str | None = None) -> str | None:
    """The name errors give for ``data``: ``source`` if given, a path's own name, else ``None``."""
    return source or (str(data) if isinstance(data, Path) else None)


def open_envelope(data: object, fmt: str, game: str | None = None) -> Envelope:
    """Check ``data`` is an envelope of format ``fmt`` (and of ``game`` if given) and open it. Text and paths
    are read with :func:`read_json`; a dict is taken as it is (the loaders check its nesting once, on
    entry)."""
    if not isinstance(data, dict):
        data = read_json(data)
    if not isinstance(data, dict):
        raise FormatError(f"a {fmt} must be a JSON object, got {type(data).__name__}", "<root>")
    if data.get("format") != fmt:
        raise FormatError(f"expected {fmt!r}, got {excerpt(data.get('format'))}", "format")
    version = data.get("version")
    if version == 1:  # Evo 2e before the multi-game envelope: "game" held the configuration
        env = Envelope(fmt, "evo2e", 1, data.get("game"), data)
    elif version == ENVELOPE_VERSION:
        gid = data.get("game")
        if not isinstance(gid, str):
            raise FormatError(f"must be a game id string, got {excerpt(gid)}", "game")
        gv = data.get("game_version")
        if isinstance(gv, bool) or not isinstance(gv, int):
            raise FormatError(f"must be an integer, got {excerpt(gv)}", "game_version")
        env = Envelope(fmt, gid, gv, data.get("config"), data)
    else:
        raise FormatError(
            f"unsupported version {excerpt(version)} (this evo-lab reads 1 and {ENVELOPE_VERSION})", "version"
        )
    if game is not None and env.game != game:
        raise FormatError(f"this file is a {env.game!r} {fmt}, not {game!r}", "game")
    return env


def game_class_for(game_id: str) -> GameClass:
    """The game class registered under ``game_id``: ``from_dict(config)`` gives a game whose ``state_class``
    reads positions (``from_dict(data, game)``) and records (``from_record(data)``)."""
    from .registry import UnknownGameError, game_info

    try:
        return cast(GameClass, game_info(game_id).load())
    except UnknownGameError as e:
        raise FormatError(str(e), "game") from None


def game_from_config(gcls: GameClass, env: Envelope) -> Game:
    """The game of an envelope's configuration. A file of an older ``game_version`` the game still reads
    (``gcls.read_versions``) is built with ``gcls.from_dict(config, version=...)``, so the game can apply the
    rules that file was written under."""
    from .datapack import DataError

    try:
        if env.game_version != getattr(gcls, "version", env.game_version) and env.game_version in getattr(
            gcls, "read_versions", ()
        ):
            # a class that lists read_versions takes the version (the protocol states the common form)
            return gcls.from_dict(env.config, version=env.game_version)  # type: ignore[call-arg]
        return gcls.from_dict(env.config)
    except FormatError:
        raise
    except DataError as e:
        raise FormatError(f"its data pack: {e}", "config.data") from None
    except EvoLabError as e:  # the game's own configuration errors
        raise FormatError(str(e), "config") from None


def load_position(data: object, source: str | None = None) -> State:
    """A state of whichever game the position file names (dict, JSON text or a :class:`~pathlib.Path`).
    Errors are :class:`FormatError` naming ``source`` (default: the path) and the field."""
    source = source_of(data, source)
    try:
        env = open_envelope(read_json(data, source), POSITION)
        game = game_from_config(game_class_for(env.game), env)
        return game.state_class.from_envelope(env, game)
    except FormatError as e:
        raise e.at(source) from None


def load_record(data: object, source: str | None = None) -> State:
    """Replay a record of whichever game it names (dict, JSON text or a :class:`~pathlib.Path`). Errors are
    :class:`FormatError` naming ``source`` (default: the path) and the field."""
    source = source_of(data, source)
    try:
        env = open_envelope(read_json(data, source), RECORD)
        return game_from_config(game_class_for(env.game), env).state_class.from_record(env.data)
    except FormatError as e:
        raise e.at(source) from None
