"""The toy race's actions (typed NamedTuples) and their text: ``deal P1 2``, ``roll 3``, ``advance``, ``boost``."""

from __future__ import annotations

from typing import NamedTuple, TypeAlias

from evo_lab.core.errors import FormatError

__all__ = ["Action", "Advance", "Boost", "Deal", "Roll", "parse", "to_string"]


class Deal(NamedTuple):
    kind: str
    player: int
    value: int


class Roll(NamedTuple):
    kind: str
    value: int


class Advance(NamedTuple):
    kind: str


class Boost(NamedTuple):
    kind: str


#: Every action and chance outcome of the race.
Action: TypeAlias = Deal | Roll | Advance | Boost


def to_string(a: Action) -> str:
    if isinstance(a, Deal):
        return f"deal P{a.player + 1} {a.value}"
    if isinstance(a, Roll):
        return f"roll {a.value}"
    return a.kind


def parse(text: str) -> Action:
    words = text.split() if isinstance(text, str) else []
    try:
        if words == ["advance"]:
            return Advance("advance")
        if words == ["boost"]:
            return Boost("boost")
        if len(words) == 2 and words[0] == "roll":
            return Roll("roll", int(words[1]))
        if len(words) == 3 and words[0] == "deal" and words[1].startswith("P"):
            return Deal("deal", int(words[1][1:]) - 1, int(words[2]))
    except ValueError:
        pass
    raise FormatError(f"not an action of the toy race: {text!r}", "action")
