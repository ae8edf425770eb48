"""Bots: anything mapping ``(state, player)`` to a legal action. ``random``, ``greedy``, ``ismcts`` and ``lively``
(plays like a newcomer, for demos) ship;
:func:`make_bot` builds one by name, :data:`BOTS` lists them, :func:`as_policy` turns one bot per seat into a
``policy(state)`` for :func:`evo_lab.play_out`. See ``docs/bots.md``.

>>> sorted(BOTS)
['greedy', 'ismcts', 'lively', 'random']
"""

from .base import (
           BOTS,
           Bot,
           BotError,
           UnknownBotError,
           as_policy,
           bot_name,
           checked_action,
           make_bot,
           register,
)
from .greedy import GreedyBot, evaluate
from .ismcts import ISMCTSBot, SearchResult
from .lively import LivelyBot
from .random_bot import RandomBot

__all__ = [
           "BOTS",
           "Bot",
           "BotError",
           "GreedyBot",
           "ISMCTSBot",
           "LivelyBot",
           "RandomBot",
           "SearchResult",
           "UnknownBotError",
           "as_policy",
           "bot_name",
           "checked_action",
           "evaluate",
           "make_bot",
           "register",
]
