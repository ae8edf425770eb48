"""What happened in a toy race: one NamedTuple per kind of event, each with ``text()`` and ``story()``."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, TypeAlias

if TYPE_CHECKING:
    from .state import State

__all__ = ["Dealt", "Event", "Moved", "Rolled", "Won"]


class Dealt(NamedTuple):
    player: int
    card: int

    def text(self, game: object = None) -> str:
        return f"P{self.player + 1} is dealt a card worth {self.card}"

    def story(self, before: State, after: State) -> list[str]:
        return [f"  {self.text(after.game)}."]


class Rolled(NamedTuple):
    player: int
    roll: int

    def text(self, game: object = None) -> str:
        return f"P{self.player + 1} rolls {self.roll}"

    def story(self, before: State, after: State) -> list[str]:
        return [f"  {self.text(after.game)}."]


class Moved(NamedTuple):
    player: int
    steps: int
    boosted: bool

    def text(self, game: object = None) -> str:
        return f"P{self.player + 1} advances {self.steps}" + (" with the card" if self.boosted else "")

    def story(self, before: State, after: State) -> list[str]:
        return [f"  {self.text(after.game)}."]


class Won(NamedTuple):
    player: int

    def text(self, game: object = None) -> str:
        return f"P{self.player + 1} wins"

    def story(self, before: State, after: State) -> list[str]:
        return [f"  {self.text(after.game)}."]


#: Every event of the race.
Event: TypeAlias = Dealt | Rolled | Moved | Won
