"""Chance events in words, as a viewer sees them, for every game: the analysis board's "next chance event" table
(:func:`evo_lab.analyse`, the Explorer's Analysis tab).

The words come from the game's view plugin (its registration's ``view``, :mod:`evo_lab.core.registry`) through
two methods every plugin has (:class:`ChanceWords`): ``action_words(state, outcome, viewer)`` (a chance outcome
as the viewer may see it: "chance: P1 draws Ambush (food -3)", "chance: P2 is dealt a card (hidden)") and
``node_words(state)`` (what chance does there: "P1 draws a card", "the food dice are rolled"). A state of a game
without a plugin is said by its ``describe_action`` (or its notation when it has none).

Outcomes of one chance node are grouped (:class:`EventGroup`): a card draw from a deck of 171 is one row
("P1 draws a card: any of 171 outcomes, each about 1 in 171"), not 171 rows of "1 in 171".

>>> from fractions import Fraction
>>> g = EventGroup("P1 draws a card", 0.6, 171, 1 / 171, {f"P1 draws card {k}": 0.6 / 40 for k in range(40)})
>>> g.rows()
[('P1 draws a card: any of 171 outcomes, each 1 in 171', 0.6)]
>>> EventGroup("the die is rolled", 1.0, 2, 0.5, {"the die shows 1": 0.5, "the die shows 2": 0.5}).rows()
[('the die shows 1', 0.5), ('the die shows 2', 0.5)]
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from .protocol import GameState

__all__ = [
    "ChanceWords",
    "EventGroup",
    "SeenEvent",
    "event_rows",
    "event_text",
    "event_texts",
    "group_events",
    "seen_event",
    "words_for",
]

#: A node with more distinct outcomes seen than this is said as one row ("any of N outcomes").
GROUP_LIMIT = 8


class ChanceWords(Protocol):
    """What the analysis needs from a game's view plugin (:class:`evo_lab.views.games.base.GameView` has both)."""

    def action_words(self, state: Any, action: Any, viewer: int | None = None) -> str: ...
    def node_words(self, state: Any) -> str: ...


_VIEWS: dict[str, ChanceWords | None] = {}


def words_for(state: GameState) -> ChanceWords | None:
    """The view plugin of ``state``'s game from the registry (``None`` for a game that is not registered or has
    no plugin); one instance per game name (plugins hold no state)."""
    name = str(getattr(getattr(state, "game", None), "name", "") or "")
    if not name:
        return None
    if name not in _VIEWS:
        from .registry import UnknownGameError, game_info

        try:
            info = game_info(name)
            _VIEWS[name] = info.view_class()() if info.view else None
        except (UnknownGameError, ImportError):
            _VIEWS[name] = None
    return _VIEWS[name]


def _notation_words(state: GameState, outcome: Hashable, viewer: int) -> str:
    text = state.action_to_string(outcome)
    mask = getattr(state, "masked_action_string", None)
    masked = str(mask(outcome, viewer)) if callable(mask) else text
    if masked != text:
        return masked
    describe = getattr(state, "describe_action", None)
    if callable(describe):
        try:
            return str(describe(outcome))
        except Exception:  # noqa: BLE001 - words are a nicety: the notation is always there
            return text
    return text


def event_text(state: GameState, outcome: Hashable, viewer: int, words: ChanceWords | None = None) -> str:
    """A chance outcome as ``viewer`` sees it, in words: the game's view plugin (``words``, default: the
    registry's) without its "chance: " prefix; masked when it reveals what the viewer may not see."""
    words = words if words is not None else words_for(state)
    if words is None:
        return _notation_words(state, outcome, viewer)
    try:
        return str(words.action_words(state, outcome, viewer)).removeprefix("chance: ")
    except Exception:  # noqa: BLE001 - a plugin's words must never break an analysis
        return _notation_words(state, outcome, viewer)


def _node_text(state: GameState, words: ChanceWords | None) -> str:
    if words is not None:
        try:
            return str(words.node_words(state))
        except Exception:  # noqa: BLE001
            pass
    name = getattr(state, "node_name", None)
    return str(name()).replace("_", " ") if callable(name) else "a chance event"


@dataclass(frozen=True)
class SeenEvent:
    """One chance outcome as the viewer saw it: its words, what chance does at that node (words), how many
    outcomes the node has and the chance of its likeliest one."""

    text: str
    node: str
    outcomes: int
    top: float


def seen_event(
    state: GameState, outcome: Hashable, viewer: int, words: ChanceWords | None = None
) -> SeenEvent:
    """``outcome`` of the chance node ``state`` as a :class:`SeenEvent` (``words``: default the registry's)."""
    words = words if words is not None else words_for(state)
    weights = getattr(state, "chance_weights", None)
    if callable(weights):
        _outs, w = weights()
        total = sum(w)
        n, top = len(w), (max(w) / total if total else 0.0)
    else:
        law = state.chance_outcomes()
        n, top = len(law), float(max((p for _o, p in law), default=0))
    return SeenEvent(event_text(state, outcome, viewer, words), _node_text(state, words), n, float(top))


@dataclass
class EventGroup:
    """The outcomes of one chance node (as the viewer sees it) that came next: ``node`` (what chance does, in
    words), ``probability`` (that this node is the next chance event), ``outcomes`` (how many it has),
    ``top`` (the chance of its likeliest outcome), ``seen`` (outcome words -> probability)."""

    node: str
    probability: float
    outcomes: int
    top: float
    seen: dict[str, float] = field(default_factory=dict)

    def rows(self, limit: int = GROUP_LIMIT) -> list[tuple[str, float]]:
        """The table rows: each outcome, or one row for a node with more than ``limit`` outcomes (or more than
        ``limit`` seen) that the viewer can tell apart."""
        if len(self.seen) <= 1 or (len(self.seen) <= limit and self.outcomes <= limit):
            return sorted(self.seen.items(), key=lambda kv: -kv[1])
        if self.top * self.outcomes <= 1.0001:
            each = f"each 1 in {self.outcomes}"
        else:
            each = f"the likeliest {_one_in(self.top)}"
        return [(f"{self.node}: any of {self.outcomes} outcomes, {each}", self.probability)]


def _one_in(p: float) -> str:
    return f"about 1 in {round(1 / p)}" if p > 0 else "never"


def group_events(seen: Iterable[tuple[SeenEvent, float]]) -> list[EventGroup]:
    """Group ``(event, probability)`` pairs by their node (most likely node first)."""
    groups: dict[str, EventGroup] = {}
    for e, p in seen:
        g = groups.get(e.node)
        if g is None:
            g = groups[e.node] = EventGroup(e.node, 0.0, e.outcomes, e.top)
        g.probability += p
        g.outcomes, g.top = max(g.outcomes, e.outcomes), max(g.top, e.top)
        g.seen[e.text] = g.seen.get(e.text, 0.0) + p
    return sorted(groups.values(), key=lambda g: -g.probability)


def event_rows(groups: Iterable[EventGroup], limit: int = GROUP_LIMIT) -> list[tuple[str, float]]:
    """The rows of a "next chance event" table: each group's :meth:`EventGroup.rows`, in order."""
    return [r for g in groups for r in g.rows(limit)]


def event_texts(seen: dict[SeenEvent, float]) -> dict[str, float]:
    """The next chance event by its words (outcomes said alike at different nodes added up), likeliest first."""
    out: dict[str, float] = {}
    for e, p in seen.items():
        out[e.text] = out.get(e.text, 0.0) + p
    return dict(sorted(out.items(), key=lambda kv: -kv[1]))
