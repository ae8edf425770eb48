"""The registry of games: one :class:`GameInfo` per game, registered once, in the game's own package.

A game registers under a short id (``"evo2e"``, ``"evo1e"``, ``"evolution"``, ``"origin"``) with everything the
kit needs to know about it without importing it: its title, the player range, its variants, its data pack, its
rules documents, its view plugin, its kit module and its bots. Each game's ``info.py`` calls :func:`register`;
:mod:`evo_lab.games` imports them on first use of the registry. Everything that lists games derives from here:
:func:`registered_games`, the CLI's choices, the Explorer's menus and view plugins, the kit modules, the README's
games table (``scripts/gen_games_table.py``).

A variant that is played under its own id (``"evolution-climate"``) is a :class:`Variant` of its game: the same
factory with fixed options, and its own title and player range.

>>> import evo_lab
>>> "evo2e" in evo_lab.registered_games()
True
>>> info = evo_lab.game_info("evolution")
>>> info.players, [v.id for v in info.variants]
(range(2, 7), ['climate', 'course2016'])
>>> evo_lab.game_info("evolution-course2016").players
range(3, 9)
>>> g = evo_lab.make_game("evo2e", players=3, seed=1)
>>> g.players
3
>>> evo_lab.make_game("evo2e", players=7)
Traceback (most recent call last):
...
evo_lab.core.errors.GameConfigError: Evo (Second Edition) is for 2 to 5 players, got 7
>>> evo_lab.make_game("chess")
Traceback (most recent call last):
...
evo_lab.core.registry.UnknownGameError: unknown game 'chess'; registered games: ...
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import TYPE_CHECKING, Any, cast

from .errors import EvoLabError, GameConfigError

if TYPE_CHECKING:
    from .protocol import Game, State

__all__ = [
    "GameInfo",
    "UnknownGameError",
    "Variant",
    "check_players",
    "game_id",
    "game_info",
    "games_markdown",
    "kit_module",
    "make_game",
    "players_text",
    "register",
    "registered_games",
]


class UnknownGameError(EvoLabError, ValueError):
    """A game id that is not registered."""


def players_text(players: range) -> str:
    """``range(2, 6)`` as people say it: ``"2-5"``.

    >>> players_text(range(2, 6)), players_text(range(3, 4))
    ('2-5', '3')
    """
    lo, hi = players.start, players.stop - 1
    return str(lo) if lo == hi else f"{lo}-{hi}"


def check_players(title: str, players: object, allowed: range) -> int:
    """``players`` as an int, or :class:`GameConfigError` naming the range ``allowed`` of the game ``title``.

    >>> check_players("Nim", 3, range(2, 5))
    3
    >>> check_players("Nim", 5, range(2, 5))
    Traceback (most recent call last):
    ...
    evo_lab.core.errors.GameConfigError: Nim is for 2 to 4 players, got 5
    """
    if isinstance(players, bool) or not hasattr(players, "__index__"):
        raise GameConfigError(f"players must be an integer, got {players!r}")
    n = int(players.__index__())
    if n not in allowed:
        raise GameConfigError(f"{title} is for {allowed.start} to {allowed.stop - 1} players, got {n}")
    return n


@dataclass(frozen=True)
class Variant:
    """A variant of a game, also registered under ``"<game>-<id>"``: its ``title``, player range, a one-line
    ``summary``, the ``options`` it fixes for the game's factory and the rules documents it adds."""

    id: str
    title: str
    players: range
    options: Mapping[str, object]
    summary: str = ""
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameInfo:
    """One registered game (see the module docstring).

    ``factory``: the game class or ``"module:attribute"`` (imported on first use); ``players``: the range of
    player counts (the one statement of it: :func:`make_game` and the game's constructor check it);
    ``designers``: who made the game, for the tables; ``pack``: its data pack folder (``evo_lab/data/<id>``);
    ``rules``: the documents that describe the rules as implemented; ``view``: its view plugin
    (``"module:Class"``); ``kit``: its kit module (bots, tournament columns, adapters, the demo story);
    ``bots``: the names of its own bots (the kit module's ``BOTS``); ``variant_of``: the game it is a variant of;
    ``options``: the options fixed for the factory (a variant's id)."""

    id: str
    title: str
    factory: str | Callable[..., Game]
    players: range
    summary: str = ""
    designers: str = ""
    variants: tuple[Variant, ...] = ()
    pack: str = ""
    rules: tuple[str, ...] = ()
    view: str = ""
    kit: str = ""
    bots: tuple[str, ...] = ()
    variant_of: str | None = None
    options: Mapping[str, object] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """The id (the ``game.name`` of its games)."""
        return self.id

    @property
    def min_players(self) -> int:
        return self.players.start

    @property
    def max_players(self) -> int:
        return self.players.stop - 1

    def load(self) -> Callable[..., Game]:
        """The factory (imported on first use)."""
        factory = _load(self.factory)
        if not callable(factory):
            raise UnknownGameError(f"the factory of game {self.id!r} is not callable: {self.factory!r}")
        return cast("Callable[..., Game]", factory)

    def view_class(self) -> type:
        """The view plugin class (imported on first use)."""
        cls = _load(self.view)
        if not isinstance(cls, type):
            raise UnknownGameError(f"the view of game {self.id!r} is not a class: {self.view!r}")
        return cls


def _load(spec: str | Callable[..., object]) -> object:
    if callable(spec):
        return spec
    mod, _, attr = spec.partition(":")
    obj: object = importlib.import_module(mod)
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    return obj


_GAMES: dict[str, GameInfo] = {}
_COLLECTED: list[bool] = []


def register(info: GameInfo) -> GameInfo:
    """Register ``info`` under its id, and each of its variants under ``"<id>-<variant>"``. Registering an id
    again replaces it (a test registering its own game may run twice)."""
    _GAMES[info.id] = info
    for v in info.variants:
        vid = f"{info.id}-{v.id}"
        _GAMES[vid] = replace(
            info,
            id=vid,
            title=v.title,
            players=v.players,
            summary=v.summary,
            variants=(),
            variant_of=info.id,
            options=dict(v.options),
            rules=info.rules + v.rules,
        )
    return info


def unregister(game: str) -> None:
    """Remove the game ``game`` and its variants (a test that registered a game of its own cleans up)."""
    for gid in [g for g, i in _GAMES.items() if g == game or i.variant_of == game]:
        del _GAMES[gid]


def _ensure_builtin() -> None:
    if not _COLLECTED:
        _COLLECTED.append(True)
        importlib.import_module("evo_lab.games").collect()


def registered_games() -> list[str]:
    """The ids of every registered game: the games by id, each followed by its variants (``evo1e`` after
    ``evo2e``, ``evolution-climate`` after ``evolution``)."""
    _ensure_builtin()
    out: list[str] = []
    for gid in sorted(g for g, i in _GAMES.items() if i.variant_of is None or i.variant_of not in _GAMES):
        out.append(gid)
        out.extend(sorted(v for v, i in _GAMES.items() if i.variant_of == gid))
    return out


def game_info(game: str) -> GameInfo:
    """The :class:`GameInfo` of the id ``game`` (raises :class:`UnknownGameError`)."""
    _ensure_builtin()
    if not isinstance(game, str) or game not in _GAMES:
        raise UnknownGameError(f"unknown game {game!r}; registered games: {', '.join(_GAMES)}")
    return _GAMES[game]


def make_game(game: str, **options: object) -> Any:  # Any: whichever game the id names (its own class)
    """A new game ``game`` built with ``options`` (``players``, ``seed``, and the game's own options); a player
    count outside the game's range raises :class:`GameConfigError` naming the range."""
    info = game_info(game)
    if "players" in options:
        title, allowed = info.title, info.players
        for v in info.variants:  # a variant chosen by its options (make_game("evolution", variant="climate"))
            if v.options and all(options.get(k) == x for k, x in v.options.items()):
                title, allowed = v.title, v.players
        check_players(title, options["players"], allowed)
    kw = dict(info.options)
    kw.update(options)
    return info.load()(**kw)


def game_id(game: str | Game | State | None) -> str | None:
    """The registry id of ``game``: an id string (checked), a game object (its ``name``), a state (its game's),
    or ``None`` for ``None``.

    >>> import evo_lab
    >>> game_id("origin"), game_id(evo_lab.make_game("evo2e", players=2)), game_id(None)
    ('origin', 'evo2e', None)
    """
    if game is None:
        return None
    if isinstance(game, str):
        return game_info(game).id
    g = getattr(game, "game", game)  # a state has .game
    name = getattr(g, "name", None)
    if not isinstance(name, str):
        raise UnknownGameError(f"not a game, a state or a game id: {game!r}")
    return game_info(name).id


def kit_module(game: str | Game | State | None) -> ModuleType:
    """The kit module of ``game`` (an id, a game or a state): what the kit's bots, tournaments, adapters and demo
    need from that game, imported on first use. Raises :class:`UnknownGameError` if the game has none."""
    info = game_info(game_id(game) or "")
    if not info.kit:
        raise UnknownGameError(f"game {info.id!r} has no kit module (bots, tournaments, adapters)")
    return importlib.import_module(info.kit)


def games_markdown() -> str:
    """The README's table of games, one row per registered id (variants after their game), from the
    registrations (``scripts/gen_games_table.py`` writes it into README.md; a test keeps the two equal)."""
    lines = ["| game | id (`evo_lab.make_game(id)`) | players | rules as implemented |", "|---|---|---|---|"]
    for gid in registered_games():
        info = game_info(gid)
        name = f"**{info.title}**" + (f", {info.designers}" if info.designers else "")
        if info.variant_of is not None:
            name += f" (a variant of `{info.variant_of}`)"
        docs = ", ".join(f"`{d}`" for d in info.rules)
        lines.append(f"| {name} | `{gid}` | {players_text(info.players)} | {docs} |")
    return "\n".join(lines)
