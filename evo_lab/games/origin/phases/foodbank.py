"""Phase 2, the food bank: the first player rolls the dice; that many red tokens form this turn's bank.

Seed: "The first player rolls the dice. Then the corresponding number of red tokens is put in the center of the
table. That is a food bank for current turn." The dice per player count are data (``food.json``, reference §4.2):
2 players 1d6+2, 3 players 2d6, 4 players 2d6+2, 5: 3d6+2, 6: 3d6+4 (ruling O1; 3d6+3 with
``six_player_bonus=3``), 7: 4d6+2, 8: 4d6+4. Reference §4.2: "Do not roll a uniform number between min and max
[...] The total is a sum of dice."

The roll is ONE exact chance node: its outcomes are the possible totals, weighted by the number of dice results
giving each total (integer weights; probabilities are ``weight / faces**dice``).

>>> totals, weights = distribution(2, 0)
>>> totals[:3], weights[:3], sum(weights)
([2, 3, 4], [1, 2, 3], 36)
>>> distribution(1, 2)
([3, 4, 5, 6, 7, 8], [1, 1, 1, 1, 1, 1])
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

from .. import events as ev
from ..flow import FLOW, Node, Step
from ..model import FOOD

if TYPE_CHECKING:
    from ..game import OriginGame
    from ..state import OriginState

__all__ = ["distribution", "exact", "dice_for", "apply", "mean"]


@cache
def _counts(dice: int, faces: int) -> tuple[int, ...]:
    """Number of ways to roll each total ``dice .. dice*faces`` (repeated convolution)."""
    ways = [1]  # total 0 with no dice
    for _ in range(dice):
        nxt = [0] * (len(ways) + faces - 1)
        for i, w in enumerate(ways):
            for f in range(faces):
                nxt[i + f] += w
        ways = nxt
    return tuple(ways)


def distribution(dice: int, plus: int, faces: int = 6) -> tuple[list[int], list[int]]:
    """``(totals, integer weights)`` of ``dice`` fair ``faces``-sided dice plus ``plus``."""
    ways = _counts(dice, faces)
    return [dice + plus + i for i in range(len(ways))], list(ways)


def exact(dice: int, plus: int, faces: int = 6) -> dict[int, Fraction]:
    """The exact probability of each total."""
    totals, w = distribution(dice, plus, faces)
    n = sum(w)
    return {t: Fraction(x, n) for t, x in zip(totals, w)}


def mean(dice: int, plus: int, faces: int = 6) -> Fraction:
    return sum((t * p for t, p in exact(dice, plus, faces).items()), Fraction(0))


def dice_for(game: OriginGame) -> tuple[int, int]:
    """``(dice, plus)`` for this game's player count, with the rule options applied (ruling O1)."""
    dice, plus = game.pack.food_rule(game.players)
    if game.players == 6:
        plus = game.options.six_player_bonus
    return dice, plus


def apply(s: OriginState, total: int) -> None:
    """The roll: left-over red tokens are gone (reference §4.2), ``total`` new ones fill the bank; feeding begins."""
    s.bank = total
    s.emit(ev.FoodRolled(total))
    s.step = Step.FEEDING


FLOW.add(
    Node(
        "food",
        FOOD,
        lambda s, a: apply(s, a[1]),
        weights=lambda s: (s.game.food_outcomes, s.game.food_weights),
        kinds=frozenset({"food"}),
        who="chance (the first player rolls)",
        doc="seed: 'The first player rolls the dice. Then the corresponding number of red tokens is put in "
        "the center of the table'",
    )
)
