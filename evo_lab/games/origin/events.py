"""The game log: one NamedTuple per kind of event, recorded by the rules as they happen.

``state.events()`` lists every event since the start (or since a loaded position; ``events(last=True)``: those of
the last action), omniscient (a face-down card is in the log; views for a player mask it as the observer does for
actions). Animals are ids, players seats, cards and traits indices into the data pack; each event says itself in
words (``event.text(game)``) and as a line of a told game (``event.story(before, after)``).

>>> import evo_lab
>>> s = evo_lab.make_game("origin", players=2, seed=1).new_initial_state_dealt()
>>> type(s.events()[0]).__name__, type(s.events()[-1]).__name__
('FirstPlayer', 'TurnStarted')
>>> s.events()[-1].text(s.game), Dealt(0, 3).text()
('turn 1 begins, P2 first', 'P1 draws card 3')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .game import OriginGame
    from .state import OriginState

__all__ = [
    "FirstPlayer",
    "Dealt",
    "TurnStarted",
    "Born",
    "TraitPlayed",
    "Passed",
    "FoodRolled",
    "Ate",
    "FatBurned",
    "Attacked",
    "Escaped",
    "Caught",
    "TailLost",
    "Redirected",
    "Killed",
    "Poisoned",
    "Pirated",
    "Grazed",
    "Hibernated",
    "Died",
    "GameOver",
    "EVENT_TYPES",
    "Event",
]


def _card(game: OriginGame | None, c: int) -> str:
    if c < 0:
        return "?"
    return game.card_ids[c] if game is not None else f"card {c}"


def _trait(game: OriginGame | None, t: int) -> str:
    return game.trait_names[t] if game is not None else f"trait {t}"


def _story(text: str) -> list[str]:
    """The line of a told game: the event's text as a sentence, indented under the action."""
    return [f"  {text}."]


class FirstPlayer(NamedTuple):
    player: int

    def story(self, before: OriginState, after: OriginState) -> list[str]:
        return _story(self.text(after.game))

    def text(self, game: OriginGame | None = None) -> str:
        return f"P{self.player + 1} is the first player"


class Dealt(NamedTuple):
    player: int
    card: int

    def story(self, before: OriginState, after: OriginState) -> list[str]:
        return _story(self.text(after.game))

    def text(self, game: OriginGame | None = None) -> str:
        return f"P{self.player + 1} draws {_card(game, self.card)}"


class TurnStarted(NamedTuple):
    turn: int
    first: int
    last: bool

    def story(self, before: OriginState, after: OriginState) -> list[str]:
        return _story(self.text(after.game))

    def text(self, game: OriginGame | None = None) -> str:
        return f"turn {self.turn} begins, P{self.first + 1} first" + (" (last turn)" if self.last else "")


class Born(NamedTuple):
    player: int
    animal: int
    card: int

    def story(self, before: OriginState, after: OriginState) -> list[str]:
        return _story(self.text(after.game))

    def text(self, game: OriginGame | None = None) -> str:
        return f"P{self.player + 1} plays {_card(game, self.card)} face down: new animal A{self.animal}"


class TraitPlayed(NamedTuple):
    player: int
    card: int
    trait: int
    animal: int
    partner: int

    def story(self, before: OriginState, after: OriginState) -> list[str]:
        return _story(self.text(after.game))

    def text(self, game: OriginGame | None = None) -> str:
        on = f"A{self.animal}" + (f" and A{self.partner}" if self.partner >= 0 else "")
        return f"P{self.player + 1} plays {_trait(game, self.trait)} ({_card(game, self.card)}) on {on}"


class Passed(NamedTuple):
    player: int
    phase: str

    def story(self, before: OriginState, after: OriginState) -> list[str]:
        return _story(self.text(after.game))

    def text(self, game: OriginGame | None = None) -> str:
        return f"P{self.player + 1} passes ({self.phase})"


class FoodRolled(NamedTuple):
    amount: int

    def story(self, before: OriginState, after: OriginState) -> list[str]:
        return _story(self.text(after.game))

    def text(self, game: OriginGame | None = None) -> str:
        return f"the food bank gets {self.amount} red tokens"


class Ate(NamedTuple):
    """``animal`` received tokens from ``source`` (bank, communication, cooperation, kill, tail_loss, scavenger,
    piracy): ``red`` and ``blue`` on the animal, ``fat`` into its fat slots (in the colour they came as)."""

    animal: int
    source: str
    red: int
    blue: int
    fat: int

    def story(self, before: OriginState, after: OriginState) -> list[str]:
        return _story(self.text(after.game))

    def text(self, game: OriginGame | None = None) -> str:
        got = (
            ", ".join(
                x
                for x in (
                    f"{self.red} red" if self.red else "",
                    f"{self.blue} blue" if self.blue else "",
                    f"{self.fat} into fat" if self.fat else "",
                )
                if x
            )
            or "nothing"
        )
        return f"A{self.animal} gets {got} ({self.source.replace('_', ' ')})"


class FatBurned(NamedTuple):
    animal: int
    amount: int

    def story(self, before: OriginState, after: OriginState) -> list[str]:
        return _story(self.text(after.game))

    def text(self, game: OriginGame | None = None) -> str:
        return f"A{self.animal} turns {self.amount} fat into food"


class Attacked(NamedTuple):
    attacker: int
    target: int

    def story(self, before: OriginState, after: OriginState) -> list[str]:
        return _story(self.text(after.game))

    def text(self, game: OriginGame | None = None) -> str:
        return f"A{self.attacker} attacks A{self.target}"


class Escaped(NamedTuple):
    target: int
    roll: int

    def story(self, before: OriginState, after: OriginState) -> list[str]:
        return _story(self.text(after.game))

    def text(self, game: OriginGame | None = None) -> str:
        return f"A{self.target} runs away (rolled {self.roll})"


class Caught(NamedTuple):
    target: int
    roll: int

    def story(self, before: OriginState, after: OriginState) -> list[str]:
        return _story(self.text(after.game))

    def text(self, game: OriginGame | None = None) -> str:
        return f"A{self.target} fails to run (rolled {self.roll})"


class TailLost(NamedTuple):
    target: int
    trait: int
    partner: int

    def story(self, before: OriginState, after: OriginState) -> list[str]:
        return _story(self.text(after.game))

    def text(self, game: OriginGame | None = None) -> str:
        return (
            f"A{self.target} drops {_trait(game, self.trait)}"
            + (f" (with A{self.partner})" if self.partner >= 0 else "")
            + " and survives"
        )


class Redirected(NamedTuple):
    source: int
    target: int

    def story(self, before: OriginState, after: OriginState) -> list[str]:
        return _story(self.text(after.game))

    def text(self, game: OriginGame | None = None) -> str:
        return f"A{self.source} redirects the attack to A{self.target} (mimicry)"


class Killed(NamedTuple):
    attacker: int
    prey: int

    def story(self, before: OriginState, after: OriginState) -> list[str]:
        return _story(self.text(after.game))

    def text(self, game: OriginGame | None = None) -> str:
        return f"A{self.attacker} eats A{self.prey}"


class Poisoned(NamedTuple):
    attacker: int

    def story(self, before: OriginState, after: OriginState) -> list[str]:
        return _story(self.text(after.game))

    def text(self, game: OriginGame | None = None) -> str:
        return f"A{self.attacker} is poisoned"


class Pirated(NamedTuple):
    pirate: int
    victim: int

    def story(self, before: OriginState, after: OriginState) -> list[str]:
        return _story(self.text(after.game))

    def text(self, game: OriginGame | None = None) -> str:
        return f"A{self.pirate} steals food from A{self.victim}"


class Grazed(NamedTuple):
    animal: int

    def story(self, before: OriginState, after: OriginState) -> list[str]:
        return _story(self.text(after.game))

    def text(self, game: OriginGame | None = None) -> str:
        return f"A{self.animal} grazes a red token away"


class Hibernated(NamedTuple):
    animal: int

    def story(self, before: OriginState, after: OriginState) -> list[str]:
        return _story(self.text(after.game))

    def text(self, game: OriginGame | None = None) -> str:
        return f"A{self.animal} hibernates"


class Died(NamedTuple):
    player: int
    animal: int
    reason: str

    def story(self, before: OriginState, after: OriginState) -> list[str]:
        return _story(self.text(after.game))

    def text(self, game: OriginGame | None = None) -> str:
        return f"A{self.animal} of P{self.player + 1} dies ({self.reason})"


class GameOver(NamedTuple):
    scores: tuple[int, ...]
    winner: int

    def story(self, before: OriginState, after: OriginState) -> list[str]:
        return _story(self.text(after.game))

    def text(self, game: OriginGame | None = None) -> str:
        won = f"P{self.winner + 1} wins" if self.winner >= 0 else "a shared win"
        return "game over: " + ", ".join(f"P{i + 1} {x}" for i, x in enumerate(self.scores)) + f"; {won}"


#: An event of the game (any of :data:`EVENT_TYPES`).
Event = (
    FirstPlayer
    | Dealt
    | TurnStarted
    | Born
    | TraitPlayed
    | Passed
    | FoodRolled
    | Ate
    | FatBurned
    | Attacked
    | Escaped
    | Caught
    | TailLost
    | Redirected
    | Killed
    | Poisoned
    | Pirated
    | Grazed
    | Hibernated
    | Died
    | GameOver
)
#: Every kind of event of the game.
EVENT_TYPES = (
    FirstPlayer,
    Dealt,
    TurnStarted,
    Born,
    TraitPlayed,
    Passed,
    FoodRolled,
    Ate,
    FatBurned,
    Attacked,
    Escaped,
    Caught,
    TailLost,
    Redirected,
    Killed,
    Poisoned,
    Pirated,
    Grazed,
    Hibernated,
    Died,
    GameOver,
)
