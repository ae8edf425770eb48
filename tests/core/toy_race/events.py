"""What happened in a toy race: one NamedTuple per kind of event, each with ``text()`` and ``story()``."""

from __future__ import annotations

from typing import Any, NamedTuple

__all__ = ["Dealt", "Moved", "Rolled", "Won"]


def _story(self: Any, before: Any, after: Any) -> list[str]:
    return [f"  {self.text(after.game)}."]


class Dealt(NamedTuple):
    player: int
    card: int

    story = _story

    def text(self, game: Any = None) -> str:
        return f"P{self.player + 1} is dealt a card worth {self.card}"


class Rolled(NamedTuple):
    player: int
    roll: int

    story = _story

    def text(self, game: Any = None) -> str:
        return f"P{self.player + 1} rolls {self.roll}"


class Moved(NamedTuple):
    player: int
    steps: int
    boosted: bool

    story = _story

    def text(self, game: Any = None) -> str:
        return f"P{self.player + 1} advances {self.steps}" + (" with the card" if self.boosted else "")


class Won(NamedTuple):
    player: int

    story = _story

    def text(self, game: Any = None) -> str:
        return f"P{self.player + 1} wins"
