"""Origin of Species' actions as typed ``NamedTuple`` s: one class per kind and shape, the kind first (the shapes
of :mod:`.notation`).

An action is a small tuple whose first item is its kind; the classes here are those tuples with names for their
fields, so ``Eat("eat", 3) == ("eat", 3)`` and either form is accepted everywhere (the JSON of an action is the
same list). Every action the game hands out is one of them: ``legal_actions()`` at decision nodes and chance nodes,
``parse_action``, ``coerce_action``, the codec's ``decode``, and so the history and the bots. A plain tuple applied
by a caller is recorded as the legal action it equals.

Speed: a ``NamedTuple`` costs about ten times a tuple literal to build (about 250 ns against 25 ns), and a
development node lists dozens of plays. So the move generators build each action once per game, the first time it
is legal, and find it again by its integers: the trait plays in the game's per-card table
(:func:`.phases.development.plays_table`), the meals and attacks in ``eat_actions`` and ``attack_actions``, the
actions of Fat Tissue, Piracy, Grazing and Hibernation in ``trait_actions``; chance outcomes and card-as-animal plays are built with the game. A dict look-up by an integer
costs less than the tuple literal it replaces, and a typed action is applied without a type test
(:data:`ACTION_CLASSES`; docs/benchmarks.md). The rare kinds (defences, paired triggers) are built when listed.

Types: the kind of each class is a ``Literal``, so a test of ``a[0]`` (or ``a.kind``) narrows :data:`TypedAction`
for the type checker and ``len(a)`` tells the two shapes of ``trait`` and ``tail`` apart. The rules and the views
still take :data:`Action`, a tuple of any items: they read the items by position after a test of the kind held in a
variable, which narrows nothing; moving their signatures to :data:`TypedAction` is left to do (issue 17).

>>> a = as_action(("trait", 1, 0, 3))
>>> a, a.animal, a == ("trait", 1, 0, 3)
(PlayTrait(kind='trait', card=1, trait=0, animal=3), 3, True)
>>> as_action(("trait", 1)) is None
True
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

__all__ = [
    "ACTION_CLASSES",
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
    "END",
    "FirstPlayer",
    "FoodRoll",
    "Graze",
    "Hibernate",
    "Mimic",
    "NewAnimal",
    "Pass",
    "PASS",
    "Pirate",
    "PlayPairedTrait",
    "PlayTrait",
    "Roll",
    "Rolloff",
    "Run",
    "Share",
    "TypedAction",
    "as_action",
]


class NewAnimal(NamedTuple):
    """Play ``card`` face down as a new animal."""

    kind: Literal["animal"]
    card: int


class PlayTrait(NamedTuple):
    """Play ``trait`` of ``card`` on ``animal``."""

    kind: Literal["trait"]
    card: int
    trait: int
    animal: int


class PlayPairedTrait(NamedTuple):
    """Play the paired ``trait`` of ``card`` on ``animal`` and ``partner`` (Symbiosis: ``animal`` protects)."""

    kind: Literal["trait"]
    card: int
    trait: int
    animal: int
    partner: int


class Pass(NamedTuple):
    """Pass (for the rest of the phase)."""

    kind: Literal["pass"]


class End(NamedTuple):
    """End this feeding turn."""

    kind: Literal["end"]


class Eat(NamedTuple):
    """``animal`` takes a red token from the bank."""

    kind: Literal["eat"]
    animal: int


class Attack(NamedTuple):
    """Carnivore ``attacker`` attacks ``target``."""

    kind: Literal["attack"]
    attacker: int
    target: int


class BurnFat(NamedTuple):
    """``animal`` turns ``amount`` fat into food."""

    kind: Literal["fat"]
    animal: int
    amount: int


class Pirate(NamedTuple):
    """``pirate`` steals a token from ``victim``."""

    kind: Literal["pirate"]
    pirate: int
    victim: int


class Graze(NamedTuple):
    """``animal`` destroys a red token of the bank."""

    kind: Literal["graze"]
    animal: int


class Hibernate(NamedTuple):
    """``animal`` hibernates (counts as fed)."""

    kind: Literal["hibernate"]
    animal: int


class Run(NamedTuple):
    """The attacked ``animal`` tries to run (a die follows)."""

    kind: Literal["run"]
    animal: int


class Accept(NamedTuple):
    """The attacked ``animal`` is eaten."""

    kind: Literal["accept"]
    animal: int


class DropTrait(NamedTuple):
    """Tail Loss: the attacked ``animal`` drops ``trait`` and survives."""

    kind: Literal["tail"]
    animal: int
    trait: int


class DropPairedTrait(NamedTuple):
    """Tail Loss: the attacked ``animal`` drops its paired ``trait`` with ``partner``."""

    kind: Literal["tail"]
    animal: int
    trait: int
    partner: int


class Mimic(NamedTuple):
    """Mimicry: the attack on ``animal`` goes to ``decoy``."""

    kind: Literal["mimic"]
    animal: int
    decoy: int


class Share(NamedTuple):
    """The paired ``trait`` fires from ``source`` to ``target``."""

    kind: Literal["share"]
    trait: int
    source: int
    target: int


class FirstPlayer(NamedTuple):
    """Chance: ``player`` is the first player."""

    kind: Literal["first"]
    player: int


class Deal(NamedTuple):
    """Chance: ``player`` is dealt ``card``."""

    kind: Literal["deal"]
    player: int
    card: int


class FoodRoll(NamedTuple):
    """Chance: the food dice total ``total``."""

    kind: Literal["food"]
    total: int


class Roll(NamedTuple):
    """Chance: the Running die shows ``face``."""

    kind: Literal["roll"]
    face: int


class Rolloff(NamedTuple):
    """Chance: ``player`` wins the roll-off."""

    kind: Literal["rolloff"]
    player: int


#: An action: one of the typed classes above (the shapes of :mod:`.notation`).
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
#: An action as the rules read it: a tuple whose first item is its kind and whose other items are integers. At run
#: time every action the game hands out is a :data:`TypedAction`; the rules and the views still read the items by
#: position after a test of the kind held in a variable, which does not narrow the union, so their signatures keep
#: this wider type (issue 17: moving them to :data:`TypedAction` is the next step).
Action = tuple[Any, ...]

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

#: The classes of :data:`ACTION_TYPES` (``type(a) in ACTION_CLASSES``: ``a`` is a typed action).
ACTION_CLASSES: frozenset[type[TypedAction]] = frozenset(ACTION_TYPES.values())

#: The two actions without fields, built once.
PASS, END = Pass("pass"), End("end")


def as_action(a: object) -> TypedAction | None:
    """The typed action equal to ``a`` (a tuple or list whose first item is a kind of this game and whose length is
    that kind's), ``a`` itself if it already is one, or ``None``. The other items are not checked: a tuple of the
    right shape with wrong items is an action no state lists (``apply_action`` says why it is illegal)."""
    if isinstance(a, (tuple, list)) and a and isinstance(a[0], str):
        cls = ACTION_TYPES.get((a[0], len(a)))
        if cls is not None:
            return a if type(a) is cls else cls._make(a)
    return None
