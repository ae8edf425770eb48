"""What happened: events as NamedTuples. The rules modules append them to ``table.new_events`` (the table protocol,
shared with the course harness); the state keeps them in its log (``state.events()``; ``events(last=True)``: the
last action's). They are not part of a position. Each event says itself in words (``event.text(game)``) and as a
line of a told game (``event.story(before, after)``).

Every text is in words, with plurals right (a test plays seeded games of every variant and scans them):

>>> Ate(0, 1, 2, "wh", "eat").text(), Ate(1, 0, 1, "bank", "long-neck").text()
("P1's species 2 took 2 food from the watering hole", "P2's species 1 took 1 food from the food bank (Long Neck)")
>>> Extinct(0, 1, 1, fat=1, body=3).text()
"P1's species 2 (body 3) went extinct; P1 draws 1 card; the 1 food stored on its Fat Tissue goes into P1's food bag"
>>> CardsDrawn(2, 1).text(), Reshuffled(40, "end-game deck: one more round").text()
('P3 is owed 1 card', 'the deck ran out (end-game deck: one more round): 40 cards now form the draw pile')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Protocol

if TYPE_CHECKING:
    from .state import State

__all__ = [
    "WHY_WORDS",
    "fat_words",
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
#: Why a species took food (:attr:`Ate.why`), as the gloss after the sentence ("" for a plain feeding).
WHY_WORDS = {
    "eat": "",
    "attack": " (its kill)",
    "scavenger": " (Scavenger)",
    "cooperation": " (Cooperation)",
    "foraging": " (Foraging)",
    "long-neck": " (Long Neck)",
    "intelligence": " (Intelligence)",
    "nocturnal": " (Nocturnal)",
}


def _why(why: str) -> str:
    """The gloss of :data:`WHY_WORDS`; an unknown reason (a trait id) by its name ("fat-tissue" -> "Fat Tissue")."""
    return WHY_WORDS.get(why, f" ({why.replace('-', ' ').title()})")


def _trait(game: object, tid: str) -> str:
    """A trait by its printed name (the game's data pack when given, else the id in title case)."""
    entry = getattr(getattr(game, "pack", None), "traits", {}).get(tid)
    return str(entry[0]) if entry else tid.replace("-", " ").title()


def _species(player: int, species: int) -> str:
    return f"P{player + 1}'s species {species + 1}"


def _plural(n: int, word: str) -> str:
    from evo_lab.core.words import plural

    return plural(n, word)


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
            f"{_species(self.player, self.species)} took {self.amount} food from "
            f"{_SRC.get(self.source, self.source)}{_why(self.why)}"
        )


class Stored(NamedTuple):
    player: int
    species: int
    amount: int

    def story(self, before: State, after: State) -> list[str]:
        return _story(self, before, after)

    def text(self, game: object = None) -> str:
        return f"{_species(self.player, self.species)} stored {self.amount} food on its Fat Tissue"


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
                + " and ".join(_trait(game, t) for t in self.disabled.split(","))
                + ")"
            )
        h = " and was wounded by Horns (-1 population)" if self.horns else ""
        return f"{_species(self.player, self.species)} attacked {_species(self.target_player, self.target)}{off}{h}"


class Extinct(NamedTuple):
    player: int
    species: int
    cards: int
    #: food stored on its Fat Tissue that went into its owner's bag (ruling R21, ``docs/evolution.md``)
    fat: int = 0
    #: its body size when it died (0: not recorded, an event of an older record); ``species`` is its place in its
    #: owner's row at that moment (the row closes up after each extinction: a later event of the same action
    #: counts without it; :func:`.words.step_words` names every species of an action as it was before it)
    body: int = 0

    def story(self, before: State, after: State) -> list[str]:
        return _story(self, before, after)

    def text(self, game: object = None) -> str:
        who = f"P{self.player + 1}"
        body = f" (body {self.body})" if self.body else ""
        draws = f"{who} draws {_plural(self.cards, 'card')}" if self.cards else "no card is drawn for it"
        return f"{_species(self.player, self.species)}{body} went extinct; {draws}{fat_words(self.fat, who)}"


def fat_words(fat: int, who: str) -> str:
    """The food stored on the Fat Tissue of an extinct species, gone into its owner's (``who``) food bag, as the
    tail of the sentence ("" when none): "; the 1 food stored on its Fat Tissue goes into P1's food bag"."""
    if not fat:
        return ""
    return f"; the {fat} food stored on its Fat Tissue {'goes' if fat == 1 else 'go'} into {who}'s food bag"


class Grew(NamedTuple):
    player: int
    species: int
    what: str
    by: int

    def story(self, before: State, after: State) -> list[str]:
        return _story(self, before, after)

    def text(self, game: object = None) -> str:
        what = self.what.replace("(fertile)", "(Fertile)")
        return f"{_species(self.player, self.species)} {'gained' if self.by >= 0 else 'lost'} {abs(self.by)} {what}"


class FoodRevealed(NamedTuple):
    total: int
    watering_hole: int

    def story(self, before: State, after: State) -> list[str]:
        return _story(self, before, after)

    def text(self, game: object = None) -> str:
        return (
            f"the food cards were revealed: {self.total:+d} plant food; the watering hole holds "
            f"{self.watering_hole} plant food"
        )


class ClimateMoved(NamedTuple):
    sun: int
    snow: int
    position: int

    def story(self, before: State, after: State) -> list[str]:
        return _story(self, before, after)

    def text(self, game: object = None) -> str:
        zones = getattr(getattr(game, "pack", None), "zones", ())
        name = next((z.name for z in zones if z.position == self.position), "")
        where = f"{name} ({self.position:+d})" if name else f"{self.position:+d}"
        return (
            f"{_plural(self.sun, 'sun icon')} and {_plural(self.snow, 'snowflake')} on the food cards: the climate "
            f"marker moved to {where}"
        )


class ClimateHit(NamedTuple):
    name: str
    food: int
    loss: int

    def story(self, before: State, after: State) -> list[str]:
        return _story(self, before, after)

    def text(self, game: object = None) -> str:
        return f"the climate ({self.name}): food {self.food:+d}, exposed species lose {self.loss} population"


class CardsDrawn(NamedTuple):
    player: int
    n: int

    def story(self, before: State, after: State) -> list[str]:
        return _story(self, before, after)

    def text(self, game: object = None) -> str:
        return f"P{self.player + 1} is owed {_plural(self.n, 'card')}"


class Reshuffled(NamedTuple):
    cards: int
    why: str

    def story(self, before: State, after: State) -> list[str]:
        return _story(self, before, after)

    def text(self, game: object = None) -> str:
        verb = "forms" if self.cards == 1 else "form"
        return f"the deck ran out ({self.why}): {_plural(self.cards, 'card')} now {verb} the draw pile"


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
