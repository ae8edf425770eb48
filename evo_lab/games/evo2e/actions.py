"""Actions: small immutable values. ``Action(kind, a, b, c)`` with integer arguments (space ids, lot
numbers, bids, gene/card/token indices). ``state.action_to_string(action)`` gives the readable form with
the board's space labels and ``state.parse_action(text)`` reads it back.

>>> Action(MOVE, 3, 4)
Action(kind='move', a=3, b=4, c=-1)
"""

from __future__ import annotations

from typing import NamedTuple

# chance outcomes
EXCLUDE = "exclude"  # setup: a unique gene left out of the bag (a = unique index)
ORDER = "order"  # setup: next clan marker on the initiative track (a = player)
TOKEN = "token"  # climate token revealed (a = token kind index; len(tokens) = meteorite)
PEEK = "peek"  # sixth sense: the next token becomes known to its holder (a as TOKEN)
GENE = "gene"  # gene drawn from the bag for the next lot (a = gene index)
CARD = "card"  # event card drawn (a = card index)
DIE = "die"  # combat die rolled (a = symbol index)
CHANCE_KINDS = frozenset({EXCLUDE, ORDER, TOKEN, PEEK, GENE, CARD, DIE})

# decisions
BID = "bid"  # a = lot, b = bid value
INITIATIVE = "initiative"  # adrenaline rush: a = position on the track (0-based)
MOVE = "move"  # a -> b, adjacent empty space
ATTACK = "attack"  # a attacks b
WINGS = "wings"  # a -> b, two spaces for one point
FLIPPERS = "flippers"  # coastal a -> coastal b
END = "end"  # end of this player's movement
PLAY = "play"  # play event card a (b = wheel shift for prescience, else -1)
PASS = "pass"  # decline an optional choice
BIRTH = "birth"  # a = space, b = own dinosaur removed first (8 on the board) or -1
ESCAPE = "escape"  # chameleon skin: the beaten defender moves to a
REMOVE = "remove"  # survival: the owner removes the dinosaur on a

DECISION_KINDS = frozenset(
    {BID, INITIATIVE, MOVE, ATTACK, WINGS, FLIPPERS, END, PLAY, PASS, BIRTH, ESCAPE, REMOVE}
)


class Action(NamedTuple):
    """One action or chance outcome. Immutable and hashable."""

    kind: str
    a: int = -1
    b: int = -1
    c: int = -1

    def is_chance(self) -> bool:
        return self.kind in CHANCE_KINDS
