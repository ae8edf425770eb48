"""Phase: food cards. Each player, from the first, puts one card from their hand face down on the watering hole.

Seed 003 ("Selecting Food"): "Each player secretly picks one Trait Card from their hand and places it facedown on
the Watering Hole. These are the "Food Cards" that will be revealed in the Feeding Phase." Seed 004 line 26: "The
players simultaneously select one card from their hands and place it on the water hole." The engine asks the
players one after the other (the choice is hidden: the observer masks it), and a player without cards is skipped.

Step ``FOOD_CARDS`` (the deal is drawn); node ``food`` (the player chooses a card kind).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..flow import FLOW, PHASE_INDEX, Node, Step
from ..interned import FOOD, fit_cards

if TYPE_CHECKING:
    from ..state import State
    from ..table import Action

__all__ = ["choose_food_card", "food_choices", "next_food"]


def next_food(s: State, pos: int) -> None:
    """The next player (from order position ``pos``, the first player being 0) to choose a food card; when every
    player has chosen, the play-cards phase from the first player."""
    n = len(s.players)
    for k in range(pos, n):
        q = (s.first + k) % n
        if s.players[q].hand:
            s.turn = q
            s.node = "food"
            return
    s.phase, s.turn = "play", s.first
    s.node = "play"


def _start(s: State) -> bool:
    """The deal is drawn: the food-card phase begins with the first player."""
    s.phase = "food"
    s.step = Step.WAIT
    next_food(s, 0)
    return True


def food_choices(s: State) -> list[Action]:
    """``("food", kind)`` for each kind of card in the hand of the player to choose."""
    hand = s.players[s.turn].hand
    if hand and max(hand) >= len(FOOD):
        fit_cards(max(hand) + 1)
    return [FOOD[k] for k in sorted(set(hand))]


def choose_food_card(s: State, a: Action) -> None:
    pl = s.players[s.turn]
    pl.hand.remove(a[1])
    pl.food_card = a[1]
    next_food(s, (s.turn - s.first) % len(s.players) + 1)


FLOW.step(Step.FOOD_CARDS)(_start)
FLOW.add(
    Node(
        "food",
        PHASE_INDEX["food"],
        choose_food_card,
        decisions=food_choices,
        kinds=frozenset({"food"}),
        verb="put a card face down as a food card",
        who="each player in turn from the first",
        doc="seed 003: 'Each player secretly picks one Trait Card from their hand and places it facedown on "
        "the Watering Hole'",
    )
)
