"""The start of a first-edition round and its initiative (GiochinScatola 1e turn summary: "1. Initiative ...
Longest Tail first. If tie, least Dinos first."); before the first round, the starting hands ("Players start with
three Event cards", Wikipedia).

Steps replaced: ``ROUND_START`` (the starting hands, then the round), ``INITIATIVE`` (by tail).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ...evo2e import events as E
from ...evo2e import ops
from ...evo2e.flow import INITIATIVE_PHASE, Step
from ..flow import FLOW

if TYPE_CHECKING:
    from ...evo2e.state import State
    from ..game import Game


def _game(s: State) -> Game:
    """The Evo first-edition game of ``s`` (this flow runs only under it)."""
    return cast("Game", s.game)


__all__ = ["initiative_key"]


@FLOW.step(Step.ROUND_START)
def _round_start(s: State) -> bool:
    """Deal the starting hands first ("Players start with three Event cards", Wikipedia), one card at a time as
    Evo 2e's ``card`` chance node; then a round opens with the initiative."""
    g = s.game
    if s.round == 0 and any(s.deck):
        for p in range(g.players):
            if len(s.hands[p]) < g.data.setup["starting_cards"]:
                s.node, s.actor = "card", p
                return True
    s.round += 1
    ops.event(s, E.Round("round", s.round))
    s.step = Step.INITIATIVE
    return False


def initiative_key(s: State, p: int) -> tuple[int, int]:
    """ "Longest Tail first. If tie, least Dinos first" (tails: the portrait's one plus the tail genes won)."""
    g = _game(s)
    return (-s.genes[g.n_normal * p + g.tail_slot], s.count[p])


@FLOW.step(Step.INITIATIVE)
def _initiative(s: State) -> bool:
    """The track by :func:`initiative_key`; a remaining tie keeps the previous track order (ruling E2: the
    first round's order is the random setup order, standing in for "If still tie, roll dice")."""
    s.phase = INITIATIVE_PHASE
    s.order = tuple(sorted(s.order, key=lambda p: initiative_key(s, p)))
    ops.event(s, E.Initiative("initiative", s.order))
    s.step = Step.CLIMATE_TOKEN
    return False
