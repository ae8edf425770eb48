"""The deal and the race: the steps ``DEAL`` and ``TURN``, the nodes ``deal`` and ``die`` (chance) and ``move``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evo_lab.core.flow import Node

from ..events import Dealt, Moved, Rolled, Won
from ..flow import FLOW, Step
from ..notation import Action, Advance, Boost, Deal, Roll

if TYPE_CHECKING:
    from ..state import State

CARD_WEIGHTS = (1, 2, 1)  # card values 0, 1, 2


@FLOW.step(Step.DEAL)
def _deal(s: State) -> bool:
    if len(s.cards) < s.game.players:
        s.node, s.actor = "deal", len(s.cards)
        return True
    s.phase, s.step, s.actor = 1, Step.TURN, 0  # P1 moves first
    return False


def _deal_weights(s: State) -> tuple[list[Action], list[int]]:
    return [Deal("deal", s.actor, v) for v in range(len(CARD_WEIGHTS))], list(CARD_WEIGHTS)


def _deal_apply(s: State, a: Action) -> None:
    assert isinstance(a, Deal)  # the node's outcomes are deals
    s.cards.append(a.value)
    s.emit(Dealt(a.player, a.value))
    s.step = Step.DEAL


@FLOW.step(Step.TURN)
def _turn(s: State) -> bool:
    s.node, s.step = "die", Step.WAIT
    return True


def _roll_weights(s: State) -> tuple[list[Action], list[int]]:
    faces = s.game.options.faces
    return [Roll("roll", f) for f in range(1, faces + 1)], [1] * faces


def _roll_apply(s: State, a: Action) -> None:
    assert isinstance(a, Roll)  # the node's outcomes are rolls
    s.roll = a.value
    s.emit(Rolled(s.actor, a.value))
    s.node = "move"


def moves(s: State) -> list[Action]:
    """Advance, or boost while the card is unused."""
    if s.used[s.actor]:
        return [Advance("advance")]
    return [Advance("advance"), Boost("boost")]


def _move_apply(s: State, a: Action) -> None:
    p = s.actor
    steps = s.roll + (s.cards[p] if a[0] == "boost" else 0)
    if a[0] == "boost":
        s.used[p] = True
    s.pos[p] += steps
    s.roll = 0
    s.emit(Moved(p, steps, a[0] == "boost"))
    if s.pos[p] >= s.game.options.target:
        s.winner, s.phase, s.node, s.actor = p, 2, "end", -1
        s.emit(Won(p))
        return
    s.actor = (p + 1) % s.game.players
    s.step = Step.TURN


def _why(s: State, a: Action, text: str) -> tuple[str, str] | None:
    if a[0] == "boost" and s.used[s.actor]:
        return f"P{s.actor + 1} has already used the card", "card_used"
    return None


FLOW.add(
    Node(
        "deal",
        0,
        _deal_apply,
        weights=_deal_weights,
        kinds=frozenset({"deal"}),
        who="chance",
        doc="each player is dealt a secret card worth 0, 1 or 2",
    )
)
FLOW.add(
    Node(
        "die",
        1,
        _roll_apply,
        weights=_roll_weights,
        kinds=frozenset({"roll"}),
        who="chance",
        doc="the player to move rolls the die",
    )
)
FLOW.add(
    Node(
        "move",
        1,
        _move_apply,
        decisions=moves,
        kinds=frozenset({"advance", "boost"}),
        explain=_why,
        verb="advance by the roll, or boost with the card (once)",
        who="the player who rolled",
        doc="advance by the roll, or by the roll plus the card once per game",
    )
)
