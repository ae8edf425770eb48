"""Evo first edition in the kit: the variant plays with Evo 2e's bots, tournament columns and demo story (its
states are Evo 2e states with first-edition hooks, :mod:`evo_lab.games.evo1e`); only the game id differs. No
OpenSpiel/PettingZoo adapter is registered for it (``python_evo`` is Evo 2e's).

>>> from evo_lab.sim import play_game
>>> s = play_game(["greedy", "random", "random"], seed=3, game="evo1e")
>>> s.game.name, s.is_terminal(), sorted(results(s)[0]) == sorted(c for c in COLUMNS if c != "won")
('evo1e', True, True)
"""

from __future__ import annotations

from ..evo2e.bots import GreedyBot, ISMCTSBot, LivelyBot
from ..evo2e.kit import COLUMNS, LENGTH, TABLE, results, search_hooks, tell

__all__ = ["GAME", "BOTS", "search_hooks", "COLUMNS", "TABLE", "LENGTH", "results", "tell"]

GAME = "evo1e"


class GreedyBot1e(GreedyBot):
    """Evo 2e's greedy bot, seated at first-edition games."""

    game_id = GAME


class ISMCTSBot1e(ISMCTSBot):
    """Evo 2e's ISMCTS bot, seated at first-edition games."""

    game_id = GAME


class LivelyBot1e(LivelyBot):
    """Evo 2e's lively bot, seated at first-edition games."""

    game_id = GAME


BOTS = {"greedy": GreedyBot1e, "ismcts": ISMCTSBot1e, "lively": LivelyBot1e}
