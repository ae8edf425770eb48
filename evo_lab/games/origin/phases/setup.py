"""Setup: the first player by lot, then the opening deal (six cards each, dealt as in the extinction phase).

Seed: "The deck is shuffeld. Then each player gets 6 cards from the top of the deck to their hands. They roll dice
to determine the first player." The lot is one uniform chance node (``first``); the six cards are the deal's chance
nodes (:mod:`.extinction`), from the first player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import events as ev
from ..actions import FirstPlayer
from ..flow import FLOW, Node
from ..model import SETUP
from .extinction import start_deal

if TYPE_CHECKING:
    from ..actions import Action
    from ..state import OriginState

__all__ = ["choose_first"]


def choose_first(s: OriginState, p: int) -> None:
    """Seed: 'They roll dice to determine the first player.' (a uniform chance node), then the opening deal."""
    s.first = p
    s.emit(ev.FirstPlayer(p))
    start_deal(s, [s.game.setup["hand_size"]] * s.game.players, SETUP)


def _first_weights(s: OriginState) -> tuple[list[Action], list[int]]:
    n = s.game.players
    return [FirstPlayer("first", p) for p in range(n)], [1] * n


FLOW.add(
    Node(
        "first",
        SETUP,
        lambda s, a: choose_first(s, a[1]),
        weights=_first_weights,
        kinds=frozenset({"first"}),
        who="chance (a die roll)",
        doc="seed: 'They roll dice to determine the first player'",
    )
)
