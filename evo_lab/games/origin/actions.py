"""Origin of Species' actions as typed ``NamedTuple`` s: one class per kind and shape, the kind first (the shapes
of :mod:`.notation`).

An action is a small tuple whose first item is its kind; the classes here are those tuples with names for their
fields, so ``Eat("eat", 3) == ("eat", 3)`` and either form is accepted everywhere. ``state.parse_action`` and
``state.coerce_action`` return them, and so do the chance nodes (their outcomes are built once per game). The
decision lists of the hot paths stay plain tuples of the same shapes: building a NamedTuple costs about six times a
tuple literal, and a development node lists dozens of plays (docs/benchmarks.md).

>>> a = typed(("trait", 1, 0, 3))
>>> a, a.animal, a == ("trait", 1, 0, 3)
(PlayTrait(kind='trait', card=1, trait=0, animal=3), 3, True)
"""

from __future__ import annotations

from typing import Any, NamedTuple

__all__ = [
    "ACTION_TYPES",
    "Action",
    "Accept",
    "Attack",
    "BurnFat",
    "Deal",
    "DropPairedTrait",
    "DropTrait",
    "Eat",
    "End",
    "FirstPlayer",
    "FoodRoll",
    "Graze",
    "Hibernate",
    "Mimic",
    "NewAnimal",
    "Pass",
    "Pirate",
    "PlayPairedTrait",
    "PlayTrait",
    "Roll",
    "Rolloff",
    "Run",
    "Share",
    "TypedAction",
    "typed",
]


#: An action as the rules build and read it: a tuple whose first item is its kind (a string) and whose other items
#: are integers (animal ids, card and trait indices, players, dice) in the shapes of :mod:`.notation`; the classes
#: below name each shape, the hot paths build plain tuples of the same shapes. The items are not checked statically:
#: mypy refuses ``a[1]`` on a tuple of variable length (``tuple[str, *tuple[int, ...]]`` may have length 1), and
#: the rules read the items by position after a test of the kind, which no type narrows.
Action = tuple[Any, ...]


class NewAnimal(NamedTuple):
    """Play ``card`` face down as a new animal."""

    kind: str
    card: int


class PlayTrait(NamedTuple):
    """Play ``trait`` of ``card`` on ``animal``."""

    kind: str
    card: int
    trait: int
    animal: int


class PlayPairedTrait(NamedTuple):
    """Play the paired ``trait`` of ``card`` on ``animal`` and ``partner`` (Symbiosis: ``animal`` protects)."""

    kind: str
    card: int
    trait: int
    animal: int
    partner: int


class Pass(NamedTuple):
    """Pass (for the rest of the phase)."""

    kind: str


class End(NamedTuple):
    """End this feeding turn."""

    kind: str


class Eat(NamedTuple):
    """``animal`` takes a red token from the bank."""

    kind: str
    animal: int


class Attack(NamedTuple):
    """Carnivore ``attacker`` attacks ``target``."""

    kind: str
    attacker: int
    target: int


class BurnFat(NamedTuple):
    """``animal`` turns ``amount`` fat into food."""

    kind: str
    animal: int
    amount: int


class Pirate(NamedTuple):
    """``pirate`` steals a token from ``victim``."""

    kind: str
    pirate: int
    victim: int


class Graze(NamedTuple):
    """``animal`` destroys a red token of the bank."""

    kind: str
    animal: int


class Hibernate(NamedTuple):
    """``animal`` hibernates (counts as fed)."""

    kind: str
    animal: int


class Run(NamedTuple):
    """The attacked ``animal`` tries to run (a die follows)."""

    kind: str
    animal: int


class Accept(NamedTuple):
    """The attacked ``animal`` is eaten."""

    kind: str
    animal: int


class DropTrait(NamedTuple):
    """Tail Loss: the attacked ``animal`` drops ``trait`` and survives."""

    kind: str
    animal: int
    trait: int


class DropPairedTrait(NamedTuple):
    """Tail Loss: the attacked ``animal`` drops its paired ``trait`` with ``partner``."""

    kind: str
    animal: int
    trait: int
    partner: int


class Mimic(NamedTuple):
    """Mimicry: the attack on ``animal`` goes to ``decoy``."""

    kind: str
    animal: int
    decoy: int


class Share(NamedTuple):
    """The paired ``trait`` fires from ``source`` to ``target``."""

    kind: str
    trait: int
    source: int
    target: int


class FirstPlayer(NamedTuple):
    """Chance: ``player`` is the first player."""

    kind: str
    player: int


class Deal(NamedTuple):
    """Chance: ``player`` is dealt ``card``."""

    kind: str
    player: int
    card: int


class FoodRoll(NamedTuple):
    """Chance: the food dice total ``total``."""

    kind: str
    total: int


class Roll(NamedTuple):
    """Chance: the Running die shows ``face``."""

    kind: str
    face: int


class Rolloff(NamedTuple):
    """Chance: ``player`` wins the roll-off."""

    kind: str
    player: int


#: An action as one of the typed classes above.
TypedAction = (
    NewAnimal
    | PlayTrait
    | PlayPairedTrait
    | Pass
    | End
    | Eat
    | Attack
    | BurnFat
    | Pirate
    | Graze
    | Hibernate
    | Run
    | Accept
    | DropTrait
    | DropPairedTrait
    | Mimic
    | Share
    | FirstPlayer
    | Deal
    | FoodRoll
    | Roll
    | Rolloff
)

#: ``(kind, length) -> class``.
ACTION_TYPES: dict[tuple[str, int], type[TypedAction]] = {
    ("animal", 2): NewAnimal,
    ("trait", 4): PlayTrait,
    ("trait", 5): PlayPairedTrait,
    ("pass", 1): Pass,
    ("end", 1): End,
    ("eat", 2): Eat,
    ("attack", 3): Attack,
    ("fat", 3): BurnFat,
    ("pirate", 3): Pirate,
    ("graze", 2): Graze,
    ("hibernate", 2): Hibernate,
    ("run", 2): Run,
    ("accept", 2): Accept,
    ("tail", 3): DropTrait,
    ("tail", 4): DropPairedTrait,
    ("mimic", 3): Mimic,
    ("share", 4): Share,
    ("first", 2): FirstPlayer,
    ("deal", 3): Deal,
    ("food", 2): FoodRoll,
    ("roll", 2): Roll,
    ("rolloff", 2): Rolloff,
}


def typed(a: Action) -> Action:
    """``a`` as its typed action (anything that is not an action of this game is returned as it is)."""
    if isinstance(a, tuple) and a and isinstance(a[0], str):
        cls = ACTION_TYPES.get((a[0], len(a)))
        if cls is not None and type(a) is not cls:
            return cls._make(a)
    return a
