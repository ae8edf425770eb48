"""Bots that play every game through the protocol: anything mapping ``(state, player)`` to a legal action. Every
game has ``random`` and ``ismcts`` (the core search with the game's hooks); the games add their own, in their
packages (Evo 2e: ``greedy``, ``lively`` and its own ``ismcts`` in :mod:`evo_lab.games.evo2e.bots`; Evolution:
``greedy``, ``course``; Origin: ``greedy``). :func:`make_bot` builds one by name for a game, :func:`load_bot` loads one from a file, a module, a command or a TCP address
(:mod:`evo_lab.bots.loader`), :func:`bot_names`
lists a game's bots, :data:`BOTS` is the default game's table (Evo 2e's), :func:`as_policy` turns one bot per seat
into a ``policy(state)`` for :func:`evo_lab.play_out`. See ``docs/bots.md``.

>>> from evo_lab.bots import BOTS
>>> sorted(BOTS)
['analysis', 'greedy', 'ismcts', 'lively', 'random']
>>> bot_names("evolution")
['analysis', 'course', 'greedy', 'ismcts', 'lively', 'random']
"""

from typing import Any

from .base import Bot, BotError, PolicyBot, UnknownBotError, as_policy, bot_name, checked_action
from .ismcts import SearchBot, SearchResult
from .loader import BotLoadError, load_bot
from .random_bot import RandomBot
from .registry import DEFAULT_GAME, GENERIC_BOTS, bot_names, bot_table, make_bot

__all__ = [
    "BOTS",
    "DEFAULT_GAME",
    "GENERIC_BOTS",
    "Bot",
    "BotError",
    "BotLoadError",
    "PolicyBot",
    "RandomBot",
    "SearchBot",
    "SearchResult",
    "UnknownBotError",
    "as_policy",
    "bot_name",
    "bot_names",
    "bot_table",
    "checked_action",
    "load_bot",
    "make_bot",
]


def __getattr__(name: str) -> Any:  # BOTS: the default game's table, read from its kit module on use
    if name == "BOTS":
        table = bot_table(DEFAULT_GAME)
        return {k: table[k] for k in sorted(table)}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
