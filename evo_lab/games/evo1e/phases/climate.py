"""The first-edition climate: "2. Climate ... the first player rolls the die and moves the Climate marker"
(GiochinScatola 1e turn summary), with the card window of Evo 2e (Prescience); no Sixth-sense peeks.

Steps replaced: ``CLIMATE_TOKEN`` (the die: node ``climate_die``), ``PEEK_CLIMATE`` (straight on to movement).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...evo2e import events as E
from ...evo2e import ops
from ...evo2e.actions import TOKEN, Action
from ...evo2e.cards import open_window
from ...evo2e.flow import CLIMATE, Node, Step
from ..flow import FLOW

if TYPE_CHECKING:
    from ...evo2e.state import State

__all__: list[str] = []


@FLOW.step(Step.CLIMATE_TOKEN)
def _climate(s: State) -> bool:
    """ "The first player rolls the die and moves the Climate marker": chance node ``climate_die``."""
    s.phase = CLIMATE
    s.node, s.actor = "climate_die", s.order[0]
    return True


def _climate_weights(s: State) -> tuple[list[Action], list[int]]:
    """4/6 on, 1/6 stay, 1/6 back (the climate part's kinds, counted in die faces)."""
    g = s.game
    return [Action(TOKEN, k) for k in range(len(g.tokens0))], list(g.tokens0)


def _climate_apply(s: State, a: Action) -> None:
    """The roll fixes the wheel's move; the climate card window (Prescience) may replace it ("Check if any player
    wants to play an event card to alter climate (only 1 can be played)")."""
    ops.event(s, E.Token("token", a.a))
    s.prescience_shift = s.game.token_shifts[a.a]
    s.prescience_played = False
    open_window(s, "climate", s.order)


@FLOW.step(Step.PEEK_CLIMATE)
def _after_wheel(s: State) -> bool:
    s.step = Step.MOVEMENT_START
    return False


FLOW.add(
    Node(
        "climate_die",
        CLIMATE,
        _climate_apply,
        weights=_climate_weights,
        kinds=frozenset({TOKEN}),
        doc="Evo 1e climate: the d6 moves the climate marker on, keeps it or moves it back",
        variant="evo1e",
    )
)
