"""Notebook widgets: the board, the phase stepper, the inspector panels and the :class:`Explorer` app.

>>> from evo_lab.views.widgets import Explorer
>>> Explorer(players=3, seed=2).state.game.players
3
"""

from .board_widget import BoardWidget
from .explorer import Explorer
from .panels import ActionPicker, AuctionPanel, ClimatePanel, CombatInspector, PlayersPanel, StoryPanel
from .session import Session, SessionError
from .stepper import GamePanel, PhaseStepper

__all__ = ["ActionPicker", "AuctionPanel", "BoardWidget", "ClimatePanel", "CombatInspector", "Explorer", "GamePanel",
           "PhaseStepper", "PlayersPanel", "Session", "SessionError", "StoryPanel"]
