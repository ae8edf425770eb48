"""Notebook widgets: the board, the phase stepper, the inspector panels and the :class:`Explorer` app; the
board and printed-data editors (:class:`BoardEditor`, :class:`DataEditor`, loaded on first use).

>>> from evo_lab.views.widgets import Explorer
>>> Explorer(players=3, seed=2).state.game.players
3
"""

from .board_widget import BoardWidget
from .explorer import Explorer
from .panels import ActionPicker, AuctionPanel, ClimatePanel, CombatInspector, PlayersPanel, StoryPanel
from .session import Session, SessionError
from .stepper import GamePanel, PhaseStepper

__all__ = ["ActionPicker", "AuctionPanel", "BoardEditor", "BoardWidget", "ClimatePanel", "CombatInspector",
           "Explorer", "GamePanel", "PhaseStepper", "PlayersPanel", "Session", "SessionError", "StoryPanel"]

#: The editors (standalone widgets), imported on first use: ``name -> module``.
_EDITORS = {"BoardEditor": "board_editor"}


def __getattr__(name: str):
    if name in _EDITORS:
        import importlib

        return getattr(importlib.import_module(f"{__name__}.{_EDITORS[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
