"""The registry of games: ``make_game(name, **options)`` returns any registered game.

A game registers under a short id (``"evo2e"``, ``"evo1e"``, ``"evolution"``, ``"origin"``). Registration is
lazy: the table names the module and factory, and the module is imported on first use, so ``import evo_lab``
stays cheap however many games there are.

>>> import evo_lab
>>> "evo2e" in evo_lab.registered_games()
True
>>> g = evo_lab.make_game("evo2e", players=3, seed=1)
>>> g.players
3
>>> evo_lab.make_game("chess")
Traceback (most recent call last):
...
evo_lab.core.registry.UnknownGameError: unknown game 'chess'; registered games: ...
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

from .errors import EvoLabError

__all__ = ["GameEntry", "UnknownGameError", "register_game", "make_game", "registered_games", "game_entry",
           "game_id", "kit_module"]


class UnknownGameError(EvoLabError, ValueError):
    """A game id that is not registered."""


@dataclass(frozen=True)
class GameEntry:
    """One registered game: its id, a title, the player range, and where its factory lives
    (``"evo_lab.games.evo2e:Game"``) or the factory itself. ``kit`` names the module that plugs the game into
    the kit (bots, tournaments, adapters, the demo: see :func:`kit_module`); empty when it has none."""

    name: str
    title: str
    factory: str | Callable[..., Any]
    players: tuple[int, int] = (2, 5)
    summary: str = ""
    options: dict = field(default_factory=dict)  # fixed options passed to the factory (variants)
    kit: str = ""

    def load(self) -> Callable[..., Any]:
        if callable(self.factory):
            return self.factory
        mod, _, attr = self.factory.partition(":")
        obj: Any = importlib.import_module(mod)
        for part in attr.split("."):
            obj = getattr(obj, part)
        return obj


_GAMES: dict[str, GameEntry] = {}


def register_game(name: str, factory: str | Callable[..., Any], *, title: str, players: tuple[int, int] = (2, 5),
                  summary: str = "", options: dict | None = None, kit: str = "") -> GameEntry:
    """Register a game (or a named variant: the same factory with fixed ``options``); ``kit``: the module
    path of its kit module (imported on first use)."""
    entry = GameEntry(name, title, factory, tuple(players), summary, dict(options or {}),  # type: ignore[arg-type]
                      kit)
    _GAMES[name] = entry
    return entry


def _ensure_builtin() -> None:
    if "evo2e" not in _GAMES:
        importlib.import_module("evo_lab.games")


def registered_games() -> list[str]:
    """The ids of every registered game, in registration order."""
    _ensure_builtin()
    return list(_GAMES)


def game_entry(name: str) -> GameEntry:
    """The :class:`GameEntry` of ``name`` (raises :class:`UnknownGameError`)."""
    _ensure_builtin()
    if not isinstance(name, str) or name not in _GAMES:
        raise UnknownGameError(f"unknown game {name!r}; registered games: {', '.join(_GAMES)}")
    return _GAMES[name]


def make_game(name: str, **options: Any) -> Any:
    """A new game ``name`` built with ``options`` (``players``, ``seed``, and the game's own options)."""
    entry = game_entry(name)
    kw = dict(entry.options)
    kw.update(options)
    return entry.load()(**kw)


def game_id(game: Any) -> str | None:
    """The registry id of ``game``: an id string (checked), a game object (its ``name``), a state (its game's),
    or ``None`` for ``None``.

    >>> import evo_lab
    >>> game_id("origin"), game_id(evo_lab.make_game("evo2e", players=2)), game_id(None)
    ('origin', 'evo2e', None)
    """
    if game is None:
        return None
    if isinstance(game, str):
        return game_entry(game).name
    g = getattr(game, "game", game)  # a state has .game
    name = getattr(g, "name", None)
    if not isinstance(name, str):
        raise UnknownGameError(f"not a game, a state or a game id: {game!r}")
    return game_entry(name).name


def kit_module(game: Any) -> Any:
    """The kit module of ``game`` (an id, a game or a state): what the kit's bots, tournaments, adapters and demo
    need from that game, imported on first use. Raises :class:`UnknownGameError` if the game has none."""
    entry = game_entry(game_id(game) or "")
    if not entry.kit:
        raise UnknownGameError(f"game {entry.name!r} has no kit module (bots, tournaments, adapters)")
    return importlib.import_module(entry.kit)
