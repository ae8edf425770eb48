"""The flow of an Origin of Species game on the core template (:class:`evo_lab.core.flow.Flow`): the
:class:`Step` enum and the one :data:`FLOW` the phase modules register their steps and nodes on.

A turn (seed 001, "Game turn structure"; reference §4) is four phases: **development** (cards as animals or
traits), **food bank** (the dice), **feeding** (turns of eating, attacks and trait actions) and **extinction and
draw**; the game opens with the first player by lot and the opening deal, and ends with the scoring (a roll-off
when the tie-breaks leave a tie). Within a phase the rules run on from each decision by themselves (the phase's
``advance``); a step hands the game from one phase to the next. While a node resolves the step is ``WAIT``.

=============  =========================================================================================
step           what runs (module in :mod:`.phases`)
=============  =========================================================================================
DEVELOPMENT    a new turn: development from the turn's first player (``development.start``)
FEEDING        the bank is filled: feeding from the first player (``feeding.start``)
EXTINCTION     nobody can or wants to feed: deaths, tokens off, the deal or the end (``extinction``)
SCORING        the deck was empty: points, tie-breaks, the roll-off (``scoring.finish``)
=============  =========================================================================================

>>> import evo_lab
>>> s = evo_lab.make_game("origin", players=2, seed=1).new_initial_state()
>>> s.step is Step.WAIT, s.node_name(), FLOW.nodes["develop"].verb
(True, 'first', 'play a card as an animal or as a trait, or pass')
>>> [row.node for row in FLOW.table()]
['first', 'develop', 'food', 'feed', 'defend', 'share', 'run', 'deal', 'rolloff', 'end']
"""

from __future__ import annotations

from enum import Enum
from collections.abc import Callable
from typing import TYPE_CHECKING

from ...core.flow import Flow, Node
from .model import OVER, PHASES

if TYPE_CHECKING:
    from .actions import Action
    from .state import OriginState

__all__ = ["FLOW", "Node", "Step", "run_phase"]


class Step(str, Enum):
    """Where the game goes next between phases (``WAIT``: a node is resolving; its apply moves on)."""

    WAIT = "wait"
    DEVELOPMENT = "development"
    FEEDING = "feeding"
    EXTINCTION = "extinction"
    SCORING = "scoring"


#: The steps and nodes of Origin of Species (the phase modules fill it).
FLOW: Flow[OriginState, Action] = Flow("origin", PHASES, wait=Step.WAIT, terminal_phase=OVER)


def run_phase(step: Step, fn: Callable[[OriginState], None]) -> None:
    """Register ``fn(state)`` (a phase's start) as the handler of ``step``: the step hands over to the nodes
    (``WAIT``) unless ``fn`` sets another step (the phase ended at once)."""

    def handler(s: OriginState) -> bool:
        s.step = Step.WAIT
        fn(s)
        return s.step is Step.WAIT

    FLOW.steps[step] = handler
