"""Notebook widgets: the game-agnostic kit (session, phase stepper, action picker, game files, players and story
tabs, the :class:`Explorer` app); the board, data and position editors (:class:`BoardEditor`, :class:`DataEditor`, :class:`PositionEditor`, loaded on first use); and, for old
imports, Evo 2e's board and panels (now in its view plugin, :mod:`evo_lab.views.games.evo2e`; loaded on first use).

>>> from evo_lab.views.widgets import Explorer
>>> Explorer(players=3, seed=2).state.game.players
3
"""

from __future__ import annotations

import importlib
from typing import Any

from .explorer import Explorer
from .picker import ActionPicker
from .session import Session, SessionError
from .stepper import GamePanel, PhaseStepper
from .svg_board import SvgBoard
from .tables import GenericPlayersPanel, GenericStoryPanel

__all__ = [
    "ActionPicker",
    "AuctionPanel",
    "BoardEditor",
    "BoardWidget",
    "ClimatePanel",
    "CombatInspector",
    "DataEditor",
    "Explorer",
    "GamePanel",
    "GenericPlayersPanel",
    "GenericStoryPanel",
    "PhaseStepper",
    "PlayersPanel",
    "PositionEditor",
    "Session",
    "SessionError",
    "StoryPanel",
    "SvgBoard",
]

#: Evo 2e's widgets, by the module of its view plugin that holds them.
_EVO2E = {
    "BoardWidget": "board_widget",
    "CombatInspector": "combat",
    "ClimatePanel": "climate",
    "AuctionPanel": "auction",
    "PlayersPanel": "players",
    "StoryPanel": "players",
    "odds_bridge": None,
}

#: The editors (standalone widgets), imported on first use: ``name -> module`` of this package.
_EDITORS = {"BoardEditor": "board_editor", "DataEditor": "data_editor", "PositionEditor": "position_editor"}


def __getattr__(name: str) -> Any:
    if name in _EVO2E:
        mod = _EVO2E[name]
        if mod is None:
            return importlib.import_module(f"evo_lab.views.games.evo2e.{name}")
        return getattr(importlib.import_module(f"evo_lab.views.games.evo2e.{mod}"), name)
    if name in _EDITORS:
        return getattr(importlib.import_module(f"{__name__}.{_EDITORS[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
