"""The trait registry: one entry per trait with its hooks into the attack check, the feeding triggers and the
start-of-feeding effects. The rules modules ask the registry (``DEFENCES``, ``START_EFFECTS``, the bit masks)
instead of naming traits themselves.

A species keeps its face-up traits as a bit mask (``1 << TRAIT_BIT[name]``) so that checks are one ``&``.

>>> TRAIT_BIT["carnivore"] != TRAIT_BIT["horns"]
True
>>> REGISTRY["hard-shell"].kind, REGISTRY["long-neck"].stage
('defence', 'reveal')
>>> sorted(t for t, e in REGISTRY.items() if e.kind == "defence")  # every defensive trait has an attack hook
['burrowing', 'climbing', 'hard-shell', 'herding', 'horns', 'symbiosis', 'warning-call']
>>> sorted(t for t, e in REGISTRY.items() if e.start)                # start-of-feeding effects
['fat-tissue', 'fertile', 'long-neck', 'nocturnal']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .model import Species, SpeciesView
    from .rules import RuleOptions
    from .table import Table

__all__ = [
    "TRAIT_IDS",
    "TRAIT_BIT",
    "BITS",
    "TraitDef",
    "REGISTRY",
    "DEFENCES",
    "START_EFFECTS",
    "AFTER_TAKE",
    "ON_CARNIVORE_ATE",
    "bit",
    "names",
    "COURSE_TRAITS",
    "CLIMATE_ONLY",
]

#: Every trait id (course spellings: "herding" is Defensive Herding). The order fixes the bit of each trait.
TRAIT_IDS = (
    "ambush",
    "burrowing",
    "carnivore",
    "climbing",
    "cooperation",
    "fat-tissue",
    "fertile",
    "foraging",
    "hard-shell",
    "herding",
    "horns",
    "intelligence",
    "long-neck",
    "pack-hunting",
    "scavenger",
    "symbiosis",
    "warning-call",
    "heavy-fur",
    "migratory",
    "nocturnal",
)
TRAIT_BIT = {t: i for i, t in enumerate(TRAIT_IDS)}
#: The 16 traits of the course's JSON ``Trait`` (reference §3): no Intelligence, no Climate traits.
COURSE_TRAITS = tuple(t for t in TRAIT_IDS[:17] if t != "intelligence")
CLIMATE_ONLY = ("heavy-fur", "migratory", "nocturnal")


def bit(name: str) -> int:
    return 1 << TRAIT_BIT[name]


def names(mask: int) -> list[str]:
    """The trait names in a mask, in registry order."""
    return [t for i, t in enumerate(TRAIT_IDS) if mask >> i & 1]


class _Bits:
    """Named bit masks: ``BITS.carnivore`` etc. (one per trait of :data:`TRAIT_IDS`)."""

    ambush: int
    burrowing: int
    carnivore: int
    climbing: int
    cooperation: int
    fat_tissue: int
    fertile: int
    foraging: int
    hard_shell: int
    herding: int
    horns: int
    intelligence: int
    long_neck: int
    pack_hunting: int
    scavenger: int
    symbiosis: int
    warning_call: int
    heavy_fur: int
    migratory: int
    nocturnal: int

    def __init__(self) -> None:
        for t in TRAIT_IDS:
            setattr(self, t.replace("-", "_"), bit(t))


BITS = _Bits()
B = BITS


# ----- attack hooks: fn(attacker, defender, left, right, opts) -> True when this trait stops the attack.
# ``left``/``right`` are the defender's neighbours on its owner's board (or None).


def _warning_call(
    a: SpeciesView, d: SpeciesView, left: SpeciesView | None, right: SpeciesView | None, o: RuleOptions
) -> bool:
    """Reference §6.2 rule 1 (course board.rkt; seed 004 line 69): a neighbour with Warning Call protects
    unless the attacker has Ambush."""
    wc = (left is not None and left.mask & B.warning_call) or (
        right is not None and right.mask & B.warning_call
    )
    return bool(wc) and not a.mask & B.ambush


def _burrowing(
    a: SpeciesView, d: SpeciesView, left: SpeciesView | None, right: SpeciesView | None, o: RuleOptions
) -> bool:
    """Reference §6.2 rule 2: Burrowing protects when food = population."""
    return bool(d.mask & B.burrowing) and d.food >= d.pop


def _climbing(
    a: SpeciesView, d: SpeciesView, left: SpeciesView | None, right: SpeciesView | None, o: RuleOptions
) -> bool:
    """Reference §6.2 rule 3: Climbing protects unless the attacker climbs."""
    return bool(d.mask & B.climbing) and not a.mask & B.climbing


def _herding(
    a: SpeciesView, d: SpeciesView, left: SpeciesView | None, right: SpeciesView | None, o: RuleOptions
) -> bool:
    """Reference §6.2 rule 4: Defensive Herding protects when the attacker's population <= the defender's.
    Course (board.rkt population#): with Pack Hunting a species' population# is body + population."""
    if not d.mask & B.herding:
        return False
    if o.body_size_rule:
        return a.pop <= d.pop
    return _course_pop(a) <= _course_pop(d)


def _hard_shell(
    a: SpeciesView, d: SpeciesView, left: SpeciesView | None, right: SpeciesView | None, o: RuleOptions
) -> bool:
    """Course (reference §6.2 rule 5, board.rkt body#): Hard Shell protects when the attacker's body# <= the
    defender's body + 4. Official: Hard Shell adds 4 to the body-size rule instead (see :func:`attack_size_ok`)."""
    if o.body_size_rule or not d.mask & B.hard_shell:
        return False
    return _course_body(a, o) <= d.body + o.hard_shell


def _symbiosis(
    a: SpeciesView, d: SpeciesView, left: SpeciesView | None, right: SpeciesView | None, o: RuleOptions
) -> bool:
    """Official Symbiosis (reference §6.3): cannot be attacked if its right neighbour has a larger body size.
    The course's final attackable? ignores Symbiosis (§6.2)."""
    return o.symbiosis_protects and bool(d.mask & B.symbiosis) and right is not None and right.body > d.body


def _horns(
    a: SpeciesView, d: SpeciesView, left: SpeciesView | None, right: SpeciesView | None, o: RuleOptions
) -> bool:
    """Horns never stop an attack: the attacker loses 1 population (reference §6.1, seed 003 line 150), unless
    its Intelligence disabled them for the attack (seed 004 line 71; ruling R3, feeding.attack)."""
    return False


def _course_body(s: SpeciesView, o: RuleOptions) -> int:
    """board.rkt body#: hard shell +4, else pack hunting carnivore body + population."""
    if s.mask & B.hard_shell:
        return s.body + o.hard_shell
    if s.mask & B.pack_hunting and s.mask & B.carnivore:
        return s.body + s.pop
    return s.body


def _course_pop(s: SpeciesView) -> int:
    """board.rkt population#: with Pack Hunting, body + population."""
    return s.body + s.pop if s.mask & B.pack_hunting else s.pop


# ----- feeding triggers: fn(table, player, species, source, kind) -> extra food taken by the species itself


def _foraging(t: Table, p: int, s: Species, source: str, kind: str) -> int:
    """Seed 003 line 132: Foraging takes 1 more plant food from the watering hole each time the species eats
    there (course: every feeding, food is food); the extra take triggers Cooperation again (course dealer.rkt)."""
    from .phases.feeding import take

    if not (t.options.food_is_food or (kind == "plant" and source == "wh")):
        return 0
    extra = take(t, p, s, source, 1, "foraging")
    if extra:
        _cooperation(t, p, s, source, kind)
    return extra


def _cooperation(t: Table, p: int, s: Species, source: str, kind: str) -> int:
    """Cooperation: the species to the right takes 1 food from the same source (seed 003 line 149; ruling R2)."""
    from .phases.feeding import feed, index_of

    if not s.mask & B.cooperation:
        return 0
    row = t.players[p].species
    i = index_of(row, s)
    if i + 1 < len(row):
        feed(t, p, row[i + 1], source if t.options.cooperation_same_source else "wh", kind, "cooperation")
    return 0


def _scavenger(t: Table, p: int, s: Species, source: str, kind: str) -> int:
    """Scavenger: 1 meat food each time a Carnivore eats (seed 003 line 149); course: from the watering hole."""
    from .phases.feeding import feed

    return feed(t, p, s, "wh" if t.options.meat_source == "watering_hole" else "bank", "meat", "scavenger")


# ----- start-of-feeding effects: fn(table, player, species)


def _fertile(t: Table, p: int, s: Species) -> None:
    """Fertile: +1 population if there is food on the watering hole (course: always), up to the track."""
    from .events import Grew

    o = t.options
    if (t.watering_hole > 0 or not o.fertile_needs_food) and s.pop < o.max_track:
        s.pop += 1
        if t.new_events is not None:
            t.new_events.append(Grew(p, t.players[p].species.index(s), "population (fertile)", 1))


def _fat_to_food(t: Table, p: int, s: Species) -> None:
    """Fat Tissue: stored food moves onto the population until it is fed (course board.rkt move-fat)."""
    n = min(s.fat, s.pop - s.food)
    if n > 0:
        s.fat -= n
        s.food += n


def _long_neck(t: Table, p: int, s: Species) -> None:
    """Long Neck: 1 plant food from the bank (official) / the watering hole (course, with Foraging and
    Cooperation)."""
    from .phases.feeding import feed

    feed(t, p, s, "wh" if t.options.long_neck_source == "watering_hole" else "bank", "plant", "long-neck")


def _nocturnal(t: Table, p: int, s: Species) -> None:
    """Climate Nocturnal: 1 extra plant food from the bank when the food is revealed (amount assumed)."""
    from .phases.feeding import feed

    if t.options.climate:
        feed(t, p, s, "bank", "plant", "nocturnal")


#: ``defends(attacker, defender, left, right, options)``: True when the trait stops the attack.
Defence = Callable[
    ["SpeciesView", "SpeciesView", "SpeciesView | None", "SpeciesView | None", "RuleOptions"], bool
]
#: ``hook(table, player, species, source, kind)``: the food the species itself takes.
Trigger = Callable[["Table", int, "Species", str, str], int]
#: ``start(table, player, species)``: a start-of-feeding effect.
StartEffect = Callable[["Table", int, "Species"], None]


@dataclass(frozen=True)
class TraitDef:
    """One trait: ``kind`` (attack / defence / feeding / start / climate), its hooks -- ``defends`` (the attack
    check), ``after_take`` (a feeding trigger after the species takes food), ``carnivore_ate`` (when any
    Carnivore eats), ``start`` with its ``stage`` (``"before"`` the reveal or at the ``"reveal"``) -- and the
    rule text's source."""

    name: str
    kind: str
    source: str
    defends: Defence | None = None
    stage: str | None = None
    start: StartEffect | None = None
    after_take: Trigger | None = None
    carnivore_ate: Trigger | None = None


REGISTRY: dict[str, TraitDef] = {
    t.name: t
    for t in (
        TraitDef("ambush", "attack", "seed 004 line 69; reference §6.2 rule 1 (negates Warning Call)"),
        TraitDef("burrowing", "defence", "reference §6.2 rule 2", _burrowing),
        TraitDef("carnivore", "attack", "seed 003 lines 134-145; seed 002 line 40"),
        TraitDef("climbing", "defence", "reference §6.2 rule 3", _climbing),
        TraitDef(
            "cooperation",
            "feeding",
            "seed 003 line 149; mfelleisen dealer.rkt feed-a-player-s-species",
            after_take=_cooperation,
        ),
        TraitDef(
            "fat-tissue",
            "start",
            "seed 004 lines 52-55, 65; reference §4",
            stage="before",
            start=_fat_to_food,
        ),
        TraitDef("fertile", "start", "seed 004 lines 50-55; reference §4", stage="before", start=_fertile),
        TraitDef("foraging", "feeding", "seed 003 line 132; seed 004 line 65", after_take=_foraging),
        TraitDef("hard-shell", "defence", "reference §6.1, §6.2 rule 5", _hard_shell),
        TraitDef("herding", "defence", "reference §6.2 rule 4", _herding),
        TraitDef("horns", "defence", "reference §6.1; seed 003 line 150", _horns),
        TraitDef("intelligence", "attack", "seed 004 lines 55-57, 71"),
        TraitDef(
            "long-neck", "start", "seed 004 lines 50-55; reference §4", stage="reveal", start=_long_neck
        ),
        TraitDef("pack-hunting", "attack", "reference §6.2 rules 4-5"),
        TraitDef(
            "scavenger",
            "feeding",
            "seed 003 line 149; mfelleisen next.rkt feed-scavengers",
            carnivore_ate=_scavenger,
        ),
        TraitDef("symbiosis", "defence", "reference §6.3", _symbiosis),
        TraitDef("warning-call", "defence", "seed 004 line 69; reference §6.2 rule 1", _warning_call),
        TraitDef("heavy-fur", "climate", "seed 002 line 3 (protects from the cold)"),
        TraitDef("migratory", "climate", "seed 002 line 3 (protects from the cold)"),
        TraitDef(
            "nocturnal",
            "climate",
            "seed 002 line 3 (heat protection and extra food)",
            stage="reveal",
            start=_nocturnal,
        ),
    )
}

#: The attack checks in the course's order (board.rkt attackable?): warning call, burrowing, climbing,
#: herding, hard shell; then symbiosis (official only). ``(trait, hook)``.
DEFENCES: tuple[tuple[str, Defence], ...] = tuple(
    (t, d)
    for t in ("warning-call", "burrowing", "climbing", "herding", "hard-shell", "symbiosis")
    if (d := REGISTRY[t].defends) is not None
)

#: Traits with a start-of-feeding effect, by stage, in resolution order (reference §4: fertile -> long-neck ->
#: fat-tissue in the course; official: fertile and fat tissue before the reveal, long neck at the reveal).
START_EFFECTS = {
    "before": ("fertile", "fat-tissue"),
    "reveal": ("long-neck", "nocturnal"),
    "course": ("fertile", "long-neck", "fat-tissue"),
}
#: Feeding triggers after a species takes food, in order (course dealer.rkt: foraging, then cooperation).
AFTER_TAKE: tuple[tuple[int, Trigger], ...] = tuple(
    (bit(t), h) for t in ("foraging", "cooperation") if (h := REGISTRY[t].after_take) is not None
)
#: Traits that act when a Carnivore eats.
ON_CARNIVORE_ATE: tuple[tuple[int, Trigger], ...] = tuple(
    (bit(t), h) for t, e in REGISTRY.items() if (h := e.carnivore_ate) is not None
)
