"""What happened: events as NamedTuples. The rules modules append them to ``table.new_events`` (the table protocol,
shared with the course harness); the state keeps them in its log (``state.events()``; ``events(last=True)``: the
last action's). They are not part of a position. Each event says itself in words (``event.text(game)``) and as a
line of a told game (``event.story(before, after)``).

>>> Ate(0, 1, 2, "wh", "eat").text()
'P1 species 2 took 2 food from the watering hole (eat)'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Protocol

if TYPE_CHECKING:
    from .state import State

__all__ = [
    "Event",
    "Ate",
    "Stored",
    "Attacked",
    "Extinct",
    "Grew",
    "FoodRevealed",
    "ClimateMoved",
    "ClimateHit",
    "CardsDrawn",
    "Reshuffled",
    "EVENT_TYPES",
]

_SRC = {"wh": "the watering hole", "bank": "the food bank"}


class _Says(Protocol):
    def text(self, game: object = None) -> str: ...


def _story(event: _Says, before: State, after: State) -> list[str]:
    """The line of a told game: the event's text as a sentence, indented under the decision that caused it (a
    chance outcome's events under the heading)."""
    indent = "  " if before.is_chance_node() else "    "
    return [f"{indent}{event.text(after.game)}."]


class Ate(NamedTuple):
    player: int
    species: int
    amount: int
    source: str
    why: str

    def story(self, before: State, after: State) -> list[str]:
        return _story(self, before, after)

    def text(self, game: object = None) -> str:
        return (
            f"P{self.player + 1} species {self.species + 1} took {self.amount} food from "
            f"{_SRC.get(self.source, self.source)} ({self.why})"
        )


class Stored(NamedTuple):
    player: int
    species: int
    amount: int

    def story(self, before: State, after: State) -> list[str]:
        return _story(self, before, after)

    def text(self, game: object = None) -> str:
        return f"P{self.player + 1} species {self.species + 1} stored {self.amount} fat"


class Attacked(NamedTuple):
    player: int
    species: int
    target_player: int
    target: int
    horns: bool
    #: the traits the attacker's Intelligence disabled for this attack (comma-separated trait ids), or ""
    disabled: str = ""

    def story(self, before: State, after: State) -> list[str]:
        return _story(self, before, after)

    def text(self, game: object = None) -> str:
        off = ""
        if self.disabled:
            off = (
                " (its Intelligence disabled "
                + " and ".join(t.replace("-", " ").title() for t in self.disabled.split(","))
                + ")"
            )
        h = " and was gored by Horns" if self.horns else ""
        return (
            f"P{self.player + 1} species {self.species + 1} attacked P{self.target_player + 1} "
            f"species {self.target + 1}{off}{h}"
        )


class Extinct(NamedTuple):
    player: int
    species: int
    cards: int
    #: food stored on its Fat Tissue that went into its owner's bag (ruling R21)
    fat: int = 0
    #: its body size when it died (0: not recorded, an event of an older record); ``species`` is its place in its
    #: owner's row at that moment (the row closes up after each extinction: a later event of the same action
    #: counts without it; :func:`.words.step_words` names every species of an action as it was before it)
    body: int = 0

    def story(self, before: State, after: State) -> list[str]:
        return _story(self, before, after)

    def text(self, game: object = None) -> str:
        from evo_lab.core.words import plural

        fat = f"; its {self.fat} stored food go to the bag" if self.fat else ""
        body = f" (body {self.body})" if self.body else ""
        cards = plural(self.cards, "card")
        return f"P{self.player + 1} species {self.species + 1}{body} went extinct (draws {cards}{fat})"


class Grew(NamedTuple):
    player: int
    species: int
    what: str
    by: int

    def story(self, before: State, after: State) -> list[str]:
        return _story(self, before, after)

    def text(self, game: object = None) -> str:
        return f"P{self.player + 1} species {self.species + 1} {self.what} {self.by:+d}"


class FoodRevealed(NamedTuple):
    total: int
    watering_hole: int

    def story(self, before: State, after: State) -> list[str]:
        return _story(self, before, after)

    def text(self, game: object = None) -> str:
        return f"food cards revealed: {self.total:+d}; the watering hole holds {self.watering_hole}"


class ClimateMoved(NamedTuple):
    sun: int
    snow: int
    position: int

    def story(self, before: State, after: State) -> list[str]:
        return _story(self, before, after)

    def text(self, game: object = None) -> str:
        return f"climate icons sun {self.sun} / snow {self.snow}: the climate moves to {self.position:+d}"


class ClimateHit(NamedTuple):
    name: str
    food: int
    loss: int

    def story(self, before: State, after: State) -> list[str]:
        return _story(self, before, after)

    def text(self, game: object = None) -> str:
        return f"climate {self.name}: food {self.food:+d}, exposed species lose {self.loss} population"


class CardsDrawn(NamedTuple):
    player: int
    n: int

    def story(self, before: State, after: State) -> list[str]:
        return _story(self, before, after)

    def text(self, game: object = None) -> str:
        return f"P{self.player + 1} is owed {self.n} cards"


class Reshuffled(NamedTuple):
    cards: int
    why: str

    def story(self, before: State, after: State) -> list[str]:
        return _story(self, before, after)

    def text(self, game: object = None) -> str:
        return f"the deck ran out ({self.why}): {self.cards} cards now form the draw pile"


#: An event of Evolution, of any of the kinds below.
Event = (
    Ate
    | Stored
    | Attacked
    | Extinct
    | Grew
    | FoodRevealed
    | ClimateMoved
    | ClimateHit
    | CardsDrawn
    | Reshuffled
)
EVENT_TYPES = (
    Ate,
    Stored,
    Attacked,
    Extinct,
    Grew,
    FoodRevealed,
    ClimateMoved,
    ClimateHit,
    CardsDrawn,
    Reshuffled,
)
