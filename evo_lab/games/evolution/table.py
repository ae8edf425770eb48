"""The types the rules modules share: the *table* they play on, an action, JSON.

The rules of :mod:`.phases` and :mod:`.attack` work on any :class:`Table`: the game's
:class:`~evo_lab.games.evolution.state.State` is one, the course harness's
:class:`~evo_lab.games.evolution.course.harness.CourseTable` (a course configuration with its ordered deck)
another, so the harness runs the same rules. A :class:`~evo_lab.games.evolution.flow.FLOW` step or node works on
the state itself (it also reads the deck, the phase and the turn).

>>> from .state import State
>>> from .course.harness import CourseTable
>>> import evo_lab
>>> s = evo_lab.make_game("evolution", players=2, seed=1).new_initial_state()
>>> isinstance(s, Table), isinstance(CourseTable([], [], 0), Table)
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from .events import Event
    from .model import Player
    from .rules import RuleOptions

__all__ = ["JSON", "Action", "Table"]

#: A JSON value as a writer builds it (positions, the course's wire format; read-only containers, so a
#: ``list[int]`` is one). What a loader reads is an ``object`` until it is checked.
JSON = None | bool | int | float | str | Sequence["JSON"] | Mapping[str, "JSON"]

#: An action as the rules read it: a tuple whose first item is its kind, then card kinds, species and player
#: indices (ints), a side (``"L"``/``"R"``), ``"intel"`` or a Climate deck (strings), read by position. Every
#: action the game lists, applies, records or parses is one of the typed ``NamedTuple`` s of :mod:`.actions`
#: (their union is :data:`.actions.Action`, what the producers return); equal plain tuples are accepted. The
#: readers keep this tuple type because mypy cannot index the union by position (``Pass`` has one field).
Action = tuple[Any, ...]


@runtime_checkable
class Table(Protocol):
    """What the rules read and change: ``players`` (their species rows, hands, bags), the plant food on the
    ``watering_hole``, the rule ``options``, ``first`` (the first player), ``new_events`` (the list the rules
    append events to while they apply one action, or ``None`` to record none); ``give_cards(p, n)`` (player
    ``p`` is owed ``n`` cards) and ``discard(kind)`` (a spent card)."""

    watering_hole: int

    @property
    def players(self) -> Sequence[Player[Any]]: ...

    @property
    def options(self) -> RuleOptions: ...

    @property
    def first(self) -> int: ...

    @property
    def new_events(self) -> list[Event] | None: ...

    def give_cards(self, p: int, n: int) -> None: ...

    def discard(self, kind: int) -> None: ...
