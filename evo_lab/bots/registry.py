"""The bot registry: which bots each game has, and :func:`make_bot`.

Three bots play any game: ``random`` (:class:`~evo_lab.bots.random_bot.RandomBot`), ``ismcts``
(:class:`~evo_lab.bots.ismcts.SearchBot`: the core search with the game's ``search_hooks``) and ``analysis``
(:class:`~evo_lab.bots.analysis_bot.AnalysisBot`: the best action of :func:`evo_lab.analyse`). The others are the
game's own, registered in its kit module (``evo_lab/games/<game>/kit.py``, named by the game registry) as
``BOTS = {name: Bot subclass or policy factory}``; a policy factory ``factory(rng, **options) ->
policy(state)`` becomes a :class:`~evo_lab.bots.base.PolicyBot` playing the kit's ``GAME`` (the ``name`` of
the game's states' game, shared by its variants). A game's own entry wins over a generic one
(Evo 2e's ``ismcts`` is :class:`~evo_lab.games.evo2e.bots.ISMCTSBot`, with Evo's hooks and options).

>>> bot_names("evo2e"), bot_names("evolution"), bot_names("origin")
(['analysis', 'greedy', 'ismcts', 'lively', 'random'], ['analysis', 'course', 'greedy', 'ismcts', 'lively', 'random'], ['analysis', 'greedy', 'ismcts', 'lively', 'random'])
>>> make_bot("greedy", game="origin", seed=1)
PolicyBot('greedy', game='origin', seed=1)
>>> make_bot("course", game="origin")
Traceback (most recent call last):
...
evo_lab.bots.base.UnknownBotError: unknown bot 'course' for game 'origin' (Evolution: The Origin of Species); its bots are: analysis, greedy, ismcts, lively, random
"""

from __future__ import annotations

from typing import Any

from ..core.registry import game_info, game_id, kit_module, registered_games
from .analysis_bot import AnalysisBot
from .base import Bot, PolicyBot, UnknownBotError
from .ismcts import SearchBot
from .random_bot import RandomBot

__all__ = ["DEFAULT_GAME", "GENERIC_BOTS", "bot_table", "bot_names", "make_bot"]

#: The game of a bot made without ``game=`` (and of ``evo_lab.bots.BOTS``): Evo 2e, for backwards compatibility.
DEFAULT_GAME = "evo2e"
#: The bots that play any game.
GENERIC_BOTS: dict[str, type[Bot]] = {"random": RandomBot, "ismcts": SearchBot, "analysis": AnalysisBot}

_TABLES: dict[str, dict[str, Any]] = {}


def bot_table(game: Any = DEFAULT_GAME) -> dict[str, Any]:
    """``{name: Bot subclass or policy factory}`` for ``game`` (an id, a game or a state): the generic bots,
    then the game's own (which win on a shared name)."""
    gid = game_id(game) or DEFAULT_GAME
    table = _TABLES.get(gid)
    if table is None:
        table = dict(GENERIC_BOTS)
        table.update(getattr(kit_module(gid), "BOTS", {}))
        _TABLES[gid] = table
    return dict(table)


def bot_names(game: Any = DEFAULT_GAME) -> list[str]:
    """The names of ``game``'s bots, sorted."""
    return sorted(bot_table(game))


def _kit_games() -> list[str]:
    return [g for g in registered_games() if game_info(g).kit]


def _unknown(name: str, gid: str, default: bool) -> UnknownBotError:
    title = game_info(gid).title
    where = f"game {gid!r} ({title}{', the default game' if default else ''})"
    msg = f"unknown bot {name!r} for {where}; its bots are: {', '.join(bot_names(gid))}"
    if default:
        others = {g: [b for b in bot_names(g) if b not in bot_table(gid)] for g in _kit_games() if g != gid}
        extra = "; ".join(f"{', '.join(v)} ({g})" for g, v in others.items() if v)
        if extra:
            msg += f"; other games' bots (pass game=...): {extra}"
    return UnknownBotError(msg)


def make_bot(name: str | Any, seed: int | None = None, game: Any = None, **options: Any) -> Any:
    """A bot by registry name for ``game`` (an id such as ``"origin"``, a game or a state) with options, e.g.
    ``make_bot("ismcts", game="evolution", seed=1, iterations=200)``. A callable is returned unchanged.

    Without ``game`` the name is looked up for Evo 2e (backwards compatibility), else for the first game that has
    it, and the bot follows the state it is called on: on another game's state it plays that game's bot of the
    same name (same seed and options). An unknown name raises :class:`UnknownBotError` naming the game and its
    bots; bad options raise it too.

    >>> make_bot("greedy", seed=0).name
    'greedy'
    >>> make_bot("nonsense")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    evo_lab.bots.base.UnknownBotError: unknown bot 'nonsense' for game 'evo2e' (Evo (Second Edition), the default game); its bots are: analysis, greedy, ismcts, lively, random; other games' bots (pass game=...): course (evolution)...
    """
    if callable(name) and not isinstance(name, str):
        return name
    if not isinstance(name, str):
        raise UnknownBotError(f"a bot is a registry name or a callable, got {name!r}")
    key = name.strip().lower()
    gid = game_id(game)
    auto = gid is None
    if gid is None:
        found = (
            DEFAULT_GAME
            if key in bot_table(DEFAULT_GAME)
            else next((g for g in _kit_games() if key in bot_table(g)), None)
        )
        if found is None:
            raise _unknown(name, DEFAULT_GAME, True)
        gid = found
    table = bot_table(gid)
    factory = table.get(key)
    if factory is None:
        raise _unknown(name, gid, False)
    try:
        if isinstance(factory, type) and issubclass(factory, Bot):
            bot = factory.create(seed=seed, game=gid, **options)
        else:
            bot = PolicyBot(factory, key, kit_module(gid).GAME, seed=seed, **options)
    except TypeError as e:
        raise UnknownBotError(f"bad options for bot {name!r} ({gid}): {e}") from None
    if auto:
        bot._auto = (key, dict(options))
    return bot
