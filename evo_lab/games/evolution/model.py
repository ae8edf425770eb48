"""The pieces on the table: :class:`Species` (a species board with its trait cards) and :class:`Player` (species
row, hand, food bag, face-down food card). Plain mutable objects with ``__slots__`` and a ``copy``; the rules
modules change them, the state owns them.

>>> s = Species(body=2, pop=3, food=1, traits=["carnivore"], cards=[-1])
>>> s.has("carnivore"), s.hungry, s.trait_names()
(True, True, ['carnivore'])
>>> s.add_trait("horns", 5, face_down=True); s.has("horns")     # face-down traits do not act
False
>>> s.reveal(); s.has("horns")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, Protocol, TypeVar

from .table import JSON
from .traits import TRAIT_BIT, TRAIT_IDS

__all__ = ["Species", "SpeciesView", "Player", "SpeciesList", "PlayerList", "CardT"]

#: A card in a player's hand: the game's card kind (``int``), or the course harness's ``(food, trait)`` pair.
CardT = TypeVar("CardT", int, tuple[int, str])
#: A species list as a position or the course's JSON writes it (:meth:`Species.to_list`).
SpeciesList = list[JSON]
#: A player as a position writes it (:meth:`Player.to_list`).
PlayerList = list[JSON]


class SpeciesView(Protocol):
    """What the attack check reads of a species (a :class:`Species`, or a copy with some traits disabled)."""

    @property
    def body(self) -> int: ...
    @property
    def pop(self) -> int: ...
    @property
    def food(self) -> int: ...
    @property
    def fat(self) -> int: ...
    @property
    def mask(self) -> int: ...
    @property
    def traits(self) -> Sequence[int]: ...


class Species:
    """A species board: body size, population, food eaten this round, fat stored on Fat Tissue, trait cards
    (``traits``: trait ids in slot order; ``cards``: the card kind of each slot, -1 when unknown), ``down``
    (bit mask of face-down slots), ``mask`` (face-up trait bits) and ``fresh`` (created this turn)."""

    __slots__ = ("body", "pop", "food", "fat", "traits", "cards", "down", "mask", "fresh")

    body: int
    pop: int
    food: int
    fat: int
    traits: list[int]
    cards: list[int]
    down: int
    mask: int
    fresh: bool

    def __init__(
        self,
        body: int = 1,
        pop: int = 1,
        food: int = 0,
        fat: int = 0,
        traits: Sequence[str | int] | None = None,
        cards: Sequence[int] | None = None,
        down: int = 0,
        fresh: bool = False,
    ):
        self.body, self.pop, self.food, self.fat = body, pop, food, fat
        self.traits = [TRAIT_BIT[t] if isinstance(t, str) else t for t in (traits or [])]
        self.cards = list(cards) if cards is not None else [-1] * len(self.traits)
        self.down = down
        self.fresh = fresh
        self.remask()

    def remask(self) -> None:
        m = 0
        for i, t in enumerate(self.traits):
            if not self.down >> i & 1:
                m |= 1 << t
        self.mask = m

    def copy(self) -> Species:
        s = Species.__new__(Species)
        s.body, s.pop, s.food, s.fat = self.body, self.pop, self.food, self.fat
        s.traits, s.cards = self.traits[:], self.cards[:]
        s.down, s.mask, s.fresh = self.down, self.mask, self.fresh
        return s

    # ----- queries
    def has(self, name: str) -> bool:
        """Whether a face-up trait ``name`` acts on this species."""
        return bool(self.mask >> TRAIT_BIT[name] & 1)

    def holds(self, tid: int) -> bool:
        """Whether the species carries trait id ``tid`` face up or down (the no-duplicates rule)."""
        return tid in self.traits

    @property
    def hungry(self) -> bool:
        """Food below population (seed 003 line 124)."""
        return self.food < self.pop

    def trait_names(self) -> list[str]:
        return [TRAIT_IDS[t] for t in self.traits]

    # ----- changes
    def add_trait(self, name: str | int, card: int, face_down: bool = False) -> None:
        tid = TRAIT_BIT[name] if isinstance(name, str) else name
        self.traits.append(tid)
        self.cards.append(card)
        if face_down:
            self.down |= 1 << (len(self.traits) - 1)
        self.remask()

    def replace_trait(self, slot: int, name: str | int, card: int, face_down: bool = False) -> int:
        """Put a new trait in ``slot``; returns the card kind of the trait it replaced."""
        old = self.cards[slot]
        self.traits[slot] = TRAIT_BIT[name] if isinstance(name, str) else name
        self.cards[slot] = card
        self.down = (self.down | (1 << slot)) if face_down else (self.down & ~(1 << slot))
        self.remask()
        return old

    def remove_trait(self, slot: int) -> int:
        old = self.cards[slot]
        del self.traits[slot]
        del self.cards[slot]
        low = self.down & ((1 << slot) - 1)
        self.down = low | ((self.down >> (slot + 1)) << slot)
        self.remask()
        return old

    def reveal(self) -> None:
        self.down = 0
        self.remask()

    def to_list(self) -> SpeciesList:
        return [
            self.body,
            self.pop,
            self.food,
            self.fat,
            self.traits[:],
            self.cards[:],
            self.down,
            int(self.fresh),
        ]

    def __repr__(self) -> str:
        return (
            f"Species(body={self.body}, pop={self.pop}, food={self.food}, fat={self.fat}, "
            f"traits={self.trait_names()})"
        )


class Player(Generic[CardT]):
    """One player: ``species`` (left to right), ``hand`` (cards: the game's card kinds, kept sorted; the course
    harness's ``(food, trait)`` pairs in its own order), ``bag`` (food points), ``food_card`` (the face-down
    food card's kind or -1)."""

    __slots__ = ("species", "hand", "bag", "food_card")

    species: list[Species]
    hand: list[CardT]
    bag: int
    food_card: int

    def __init__(
        self,
        species: list[Species] | None = None,
        hand: list[CardT] | None = None,
        bag: int = 0,
        food_card: int = -1,
    ):
        self.species = species if species is not None else []
        self.hand = sorted(hand or [])
        self.bag = bag
        self.food_card = food_card

    def copy(self) -> Player[CardT]:
        p: Player[CardT] = Player.__new__(Player)
        p.species = [s.copy() for s in self.species]
        p.hand = self.hand[:]
        p.bag = self.bag
        p.food_card = self.food_card
        return p

    def take(self: Player[int], kind: int) -> None:
        """Add a card to the hand (kept sorted)."""
        h = self.hand
        i = len(h)
        while i and h[i - 1] > kind:
            i -= 1
        h.insert(i, kind)

    def to_list(self) -> PlayerList:
        return [[s.to_list() for s in self.species], self.hand[:], self.bag, self.food_card]
