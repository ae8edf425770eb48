"""What happened: events as NamedTuples. The rules modules append them to ``table.ev`` (the state keeps the
events of the last action, for the kit's story line and tests); they are not part of a position.

>>> Ate(0, 1, 2, "wh", "eat").describe()
'P1 species 2 took 2 food from the watering hole (eat)'
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Ate", "Stored", "Attacked", "Extinct", "Grew", "FoodRevealed", "ClimateMoved", "ClimateHit",
           "CardsDrawn", "Reshuffled", "EVENT_TYPES"]

_SRC = {"wh": "the watering hole", "bank": "the food bank"}


class Ate(NamedTuple):
    player: int
    species: int
    amount: int
    source: str
    why: str

    def describe(self) -> str:
        return (f"P{self.player + 1} species {self.species + 1} took {self.amount} food from "
                f"{_SRC.get(self.source, self.source)} ({self.why})")


class Stored(NamedTuple):
    player: int
    species: int
    amount: int

    def describe(self) -> str:
        return f"P{self.player + 1} species {self.species + 1} stored {self.amount} fat"


class Attacked(NamedTuple):
    player: int
    species: int
    target_player: int
    target: int
    horns: bool
    #: the traits the attacker's Intelligence disabled for this attack (comma-separated trait ids), or ""
    disabled: str = ""

    def describe(self) -> str:
        off = ""
        if self.disabled:
            off = " (its Intelligence disabled " + " and ".join(
                t.replace("-", " ").title() for t in self.disabled.split(",")) + ")"
        h = " and was gored by Horns" if self.horns else ""
        return (f"P{self.player + 1} species {self.species + 1} attacked P{self.target_player + 1} "
                f"species {self.target + 1}{off}{h}")


class Extinct(NamedTuple):
    player: int
    species: int
    cards: int

    def describe(self) -> str:
        return f"P{self.player + 1} species {self.species + 1} went extinct (draws {self.cards} cards)"


class Grew(NamedTuple):
    player: int
    species: int
    what: str
    by: int

    def describe(self) -> str:
        return f"P{self.player + 1} species {self.species + 1} {self.what} {self.by:+d}"


class FoodRevealed(NamedTuple):
    total: int
    watering_hole: int

    def describe(self) -> str:
        return f"food cards revealed: {self.total:+d}; the watering hole holds {self.watering_hole}"


class ClimateMoved(NamedTuple):
    sun: int
    snow: int
    position: int

    def describe(self) -> str:
        return f"climate icons sun {self.sun} / snow {self.snow}: the climate moves to {self.position:+d}"


class ClimateHit(NamedTuple):
    name: str
    food: int
    loss: int

    def describe(self) -> str:
        return f"climate {self.name}: food {self.food:+d}, exposed species lose {self.loss} population"


class CardsDrawn(NamedTuple):
    player: int
    n: int

    def describe(self) -> str:
        return f"P{self.player + 1} is owed {self.n} cards"


class Reshuffled(NamedTuple):
    cards: int
    why: str

    def describe(self) -> str:
        return f"the deck ran out ({self.why}): {self.cards} cards now form the draw pile"


EVENT_TYPES = (Ate, Stored, Attacked, Extinct, Grew, FoodRevealed, ClimateMoved, ClimateHit, CardsDrawn, Reshuffled)
