"""The flow of an Evolution game on the core template (:class:`evo_lab.core.flow.Flow`): the :class:`Step`
enum and the one :data:`FLOW` the phase modules register their steps and nodes on.

A round (seed 003 lines 84-162; seed 004 lines 7-14) is: the **deal** (chance: one card per node), **food
cards** (each player puts one card face down), **play cards** (from the first player, any number of cards each,
then ``pass``), the **reveal** (automatic: traits flip, start-of-feeding traits, Climate, plant food),
**feeding** (in turn, one feeding each) and the **end of the round** (automatic: populations, bags, the end of
the game, the first-player marker). Cards owed (the deal, extinctions) and Climate's event cards are chance
nodes that interrupt whatever step comes next (the flow's ``pause``: they are drawn first).

=============  =========================================================================================
step           what runs (module in :mod:`.phases`)
=============  =========================================================================================
FOOD_CARDS     the deal is drawn: each player from the first chooses a food card (``food_cards``)
REVEAL         everyone passed: traits flip, start-of-feeding traits, Climate, plant food (``reveal``)
BEFORE_EATING  each hungry non-Carnivore with Intelligence may use it, from the first player (``before_eating``)
FEEDING        the next player who can feed (``feeding``), or the end of the feeding
END_ROUND      populations fall, food to the bags, the end of the game or the next round (``scoring``)
=============  =========================================================================================

``state.phase`` keeps the rulebook's phase ("deal", "food", "play", "feed", "over"); ``state.step`` and
``state.node`` are where the flow is (a position stores neither: :func:`settle` derives them).

>>> import evo_lab
>>> s = evo_lab.make_game("evolution", players=2, seed=1).new_initial_state()
>>> s.node_name(), s.step is Step.FOOD_CARDS, FLOW.nodes["play"].verb
('draw', True, 'play a card (a trait, a new species, body size or population) or pass')
>>> [row.node for row in FLOW.table(variant="evolution-climate")]
['event', 'draw', 'food', 'play', 'feed', 'discard', 'intelligence', 'end']
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from ...core.flow import Flow, Node
from .table import Action

if TYPE_CHECKING:
    from .state import State

__all__ = ["FLOW", "PHASES", "PHASE_INDEX", "Node", "Step", "settle"]

#: The rulebook's phases as ``state.phase`` names them ("over": the game is over).
PHASES = ("deal", "food", "play", "feed", "over")
PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}


class Step(str, Enum):
    """What the rules do next by themselves (``WAIT``: a decision is pending; its apply moves on)."""

    WAIT = "wait"
    FOOD_CARDS = "food_cards"
    REVEAL = "reveal"
    BEFORE_EATING = "before_eating"
    FEEDING = "feeding"
    END_ROUND = "end_round"


def _chance_first(s: State) -> bool:
    """Cards owed and Climate's event cards are drawn before anything else happens (the flow's pause)."""
    if s.pending_events:
        s.node = "event"
        return True
    if s.pending:
        s.node = "draw"
        return True
    return False


#: The steps and nodes of Evolution (the phase modules fill it).
FLOW: Flow[State, Action] = Flow("evolution", PHASES, wait=Step.WAIT, pause=_chance_first)


def settle(s: State) -> None:
    """Set ``state.step`` and ``state.node`` from the fields a position stores (``phase``, ``find_feeder``, ``intel``,
    ``asking``, the draws owed): a loaded or built position is where the flow would have stopped."""
    ph = s.phase
    if ph == "deal":
        s.step = Step.FOOD_CARDS
    elif ph == "feed" and s.asking == -2:
        s.step = Step.BEFORE_EATING
    elif ph == "feed" and s.find_feeder:
        s.step = Step.FEEDING
    else:
        s.step = Step.WAIT
    if ph == "over":
        s.node = "end"
    elif not _chance_first(s):
        if ph == "feed" and s.intel is not None:
            s.node = "discard"
        elif ph == "feed" and s.asking >= 0:
            s.node = "intelligence"
        else:
            s.node = ph
