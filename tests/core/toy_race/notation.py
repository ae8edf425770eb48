"""The toy race's actions (typed NamedTuples) and their text: ``deal P1 2``, ``roll 3``, ``advance``, ``boost``."""

from __future__ import annotations

from typing import Any, NamedTuple

from evo_lab.core.errors import FormatError

__all__ = ["Advance", "Boost", "Deal", "Roll", "parse", "to_string"]


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


def to_string(a: Any) -> str:
    if a[0] == "deal":
        return f"deal P{a[1] + 1} {a[2]}"
    if a[0] == "roll":
        return f"roll {a[1]}"
    return str(a[0])


def parse(text: str) -> tuple:
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
