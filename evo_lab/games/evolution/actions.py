"""Evolution's actions as typed ``NamedTuple`` s: one class per kind and shape, the kind first.

An action is a small tuple whose first item is its kind (``("eat", 0)``, ``("attack", 0, 1, 2)``); the classes
here are those tuples with names for their fields, so ``Eat("eat", 0) == ("eat", 0)`` (same hash) and either
form is accepted everywhere; :data:`Action` is their union. Every action the game hands out is typed: the
decision lists of ``legal_actions()`` (food cards, card plays, feedings, attacks, discards), the chance outcomes
(card draws, Climate's event cards), ``state.history()`` (``apply_action`` records the listed action, even when
it was given an equal plain tuple), ``parse_action``, ``coerce_action``, the codec's ``decode`` and the pending
Intelligence feeding of a loaded position. JSON records and positions are unchanged (a tuple is written as a
list).

The hot decision lists do not build their actions: building a NamedTuple through its class costs about ten
times a tuple literal (about 250 ns against 25 ns), so :mod:`.interned` keeps each action once, in tables
indexed by card kind, species, slot and player that the decision lists read (a list index costs less than the
literal it replaces); the chance outcomes are built once per game (``game.card_outcomes``,
``game.event_outcomes``). docs/benchmarks.md has the measurements.

>>> a = typed(("attack", 0, 1, 2))
>>> a, a.target_player, a == ("attack", 0, 1, 2)
(Attack(kind='attack', species=0, target_player=1, target=2), 1, True)
>>> typed(("eat", 1, "intel")).how, as_action(["pass"]), as_action(("eat",)) is None
('intel', Pass(kind='pass'), True)
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = [
    "ACTION_TYPES",
    "Action",
    "as_action",
    "Attack",
    "Body",
    "Card",
    "ClimateEvent",
    "Discard",
    "Drop",
    "Eat",
    "EatFromBank",
    "Food",
    "IntelligentAttack",
    "NewSpecies",
    "Pass",
    "PlayTrait",
    "Population",
    "Replace",
    "Store",
    "typed",
]


class Food(NamedTuple):
    """Put a card of kind ``card`` face down as a food card."""

    kind: str
    card: int


class PlayTrait(NamedTuple):
    """Play a card of kind ``card`` as a trait on species ``species`` (face down)."""

    kind: str
    species: int
    card: int


class Replace(NamedTuple):
    """Play ``card`` as a trait in ``slot`` of ``species``, discarding the trait there."""

    kind: str
    species: int
    slot: int
    card: int


class NewSpecies(NamedTuple):
    """Discard ``card`` for a new species at the ``side`` ("L" or "R") of the row."""

    kind: str
    side: str
    card: int


class Body(NamedTuple):
    """Discard ``card`` for +1 body size of ``species``."""

    kind: str
    species: int
    card: int


class Population(NamedTuple):
    """Discard ``card`` for +1 population of ``species``."""

    kind: str
    species: int
    card: int


class Drop(NamedTuple):
    """Climate: discard the trait in ``slot`` of ``species``."""

    kind: str
    species: int
    slot: int


class Pass(NamedTuple):
    """Pass (end playing cards; the course: forgo a feeding)."""

    kind: str


class Eat(NamedTuple):
    """Species ``species`` takes plant food from the watering hole."""

    kind: str
    species: int


class EatFromBank(NamedTuple):
    """Intelligence: ``species`` takes plant food from the bank (``how`` is ``"intel"``; a card is discarded next)."""

    kind: str
    species: int
    how: str


class Store(NamedTuple):
    """The course's Fat Tissue: store ``amount`` food from the watering hole on ``species``."""

    kind: str
    species: int
    amount: int


class Attack(NamedTuple):
    """Carnivore ``species`` attacks species ``target`` of player ``target_player``."""

    kind: str
    species: int
    target_player: int
    target: int


class IntelligentAttack(NamedTuple):
    """As :class:`Attack`, Intelligence negating trait ``negated`` (a card is discarded next)."""

    kind: str
    species: int
    target_player: int
    target: int
    negated: int


class Discard(NamedTuple):
    """Discard a card of kind ``card`` for Intelligence."""

    kind: str
    card: int


class Card(NamedTuple):
    """Chance: the next card drawn is of kind ``card``."""

    kind: str
    card: int


class ClimateEvent(NamedTuple):
    """Chance (Climate): the event card ``card`` of ``deck`` ("cold" or "hot") comes into play."""

    kind: str
    deck: str
    card: int


#: An action of Evolution: a decision or a chance outcome, one of the classes above.
Action = (
    Food
    | PlayTrait
    | Replace
    | NewSpecies
    | Body
    | Population
    | Drop
    | Pass
    | Eat
    | EatFromBank
    | Store
    | Attack
    | IntelligentAttack
    | Discard
    | Card
    | ClimateEvent
)

#: ``(kind, length) -> class``.
ACTION_TYPES: dict[tuple[str, int], type[Action]] = {
    ("food", 2): Food,
    ("trait", 3): PlayTrait,
    ("replace", 4): Replace,
    ("new", 3): NewSpecies,
    ("body", 3): Body,
    ("pop", 3): Population,
    ("drop", 3): Drop,
    ("pass", 1): Pass,
    ("eat", 2): Eat,
    ("eat", 3): EatFromBank,
    ("store", 3): Store,
    ("attack", 4): Attack,
    ("attack", 5): IntelligentAttack,
    ("discard", 2): Discard,
    ("card", 2): Card,
    ("event", 3): ClimateEvent,
}


def as_action(a: object) -> Action | None:
    """``a`` (a tuple or list of an action's shape: its kind, then as many fields as the kind has) as its typed
    action, or ``None`` when it has no action's shape. The fields' types and values are not checked (whether the
    action is legal is :meth:`~.state.State.apply_action`'s question)."""
    if isinstance(a, list):
        a = tuple(a)
    if isinstance(a, tuple) and a and isinstance(a[0], str):
        cls = ACTION_TYPES.get((a[0], len(a)))
        if cls is not None:
            return a if type(a) is cls else cls(*a)
    return None


def typed(a: tuple[object, ...]) -> Action:
    """As :func:`as_action`, for a tuple known to have an action's shape (else :class:`ValueError`)."""
    t = as_action(a)
    if t is None:
        raise ValueError(f"not an action of Evolution: {a!r}")
    return t
