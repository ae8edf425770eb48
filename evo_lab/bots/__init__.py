"""Bots: anything mapping ``(state, player)`` to a legal action. Every game has ``random`` and ``ismcts`` (the
core search with the game's hooks); the games add their own (Evo 2e: ``greedy``, ``lively``, and its own
``ismcts``; Evolution: ``greedy``, ``course``; Origin: ``greedy``). :func:`make_bot` builds one by name for a
game, :func:`load_bot` loads one from a file, a module, a command or a TCP address
(:mod:`evo_lab.bots.loader`), :func:`bot_names` lists a game's bots, :data:`BOTS` is Evo 2e's table (the default game),
:func:`as_policy` turns one bot per seat into a ``policy(state)`` for :func:`evo_lab.play_out`. See
``docs/bots.md``.

>>> sorted(BOTS)
['greedy', 'ismcts', 'lively', 'random']
>>> bot_names("evolution")
['course', 'greedy', 'ismcts', 'random']
"""

from .base import (
           BOTS,
           Bot,
           BotError,
           PolicyBot,
           UnknownBotError,
           as_policy,
           bot_name,
           checked_action,
           register,
)
from .greedy import GreedyBot, evaluate
from .ismcts import ISMCTSBot, SearchBot, SearchResult
from .lively import LivelyBot
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
           "GreedyBot",
           "ISMCTSBot",
           "LivelyBot",
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
           "evaluate",
           "load_bot",
           "make_bot",
           "register",
]
