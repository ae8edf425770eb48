"""The toy race's flow: two steps (the deal, the next turn), three nodes (``deal``, ``die``, ``move``)."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from evo_lab.core.flow import Flow

from .notation import Action

if TYPE_CHECKING:
    from .state import State

__all__ = ["FLOW", "PHASES", "Step"]

PHASES = ("deal", "race", "over")


class Step(str, Enum):
    DEAL = "deal"  # the next secret card (chance), or the race
    TURN = "turn"  # the next player rolls (chance)
    WAIT = "wait"  # a node is resolving


FLOW: Flow[State, Action] = Flow("toy-race", PHASES, wait=Step.WAIT)
