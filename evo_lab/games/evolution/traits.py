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
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

__all__ = ["TRAIT_IDS", "TRAIT_BIT", "BITS", "TraitDef", "REGISTRY", "DEFENCES", "START_EFFECTS", "bit", "names",
           "COURSE_TRAITS", "CLIMATE_ONLY"]

#: Every trait id (course spellings: "herding" is Defensive Herding). The order fixes the bit of each trait.
TRAIT_IDS = ("ambush", "burrowing", "carnivore", "climbing", "cooperation", "fat-tissue", "fertile", "foraging",
             "hard-shell", "herding", "horns", "intelligence", "long-neck", "pack-hunting", "scavenger",
             "symbiosis", "warning-call", "heavy-fur", "migratory", "nocturnal")
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
    """Named bit masks: ``BITS.carnivore`` etc."""

    def __init__(self) -> None:
        for t in TRAIT_IDS:
            setattr(self, t.replace("-", "_"), bit(t))


BITS: Any = _Bits()
B = BITS


# ----- attack hooks: fn(attacker, defender, left, right, opts) -> True when this trait stops the attack.
# ``left``/``right`` are the defender's neighbours on its owner's board (or None).

def _warning_call(a: Any, d: Any, left: Any, right: Any, o: Any) -> bool:
    """Reference §6.2 rule 1 (course board.rkt; seed 004 line 69): a neighbour with Warning Call protects
    unless the attacker has Ambush."""
    wc = (left is not None and left.mask & B.warning_call) or (right is not None and right.mask & B.warning_call)
    return bool(wc) and not a.mask & B.ambush


def _burrowing(a: Any, d: Any, left: Any, right: Any, o: Any) -> bool:
    """Reference §6.2 rule 2: Burrowing protects when food = population."""
    return bool(d.mask & B.burrowing) and d.food >= d.pop


def _climbing(a: Any, d: Any, left: Any, right: Any, o: Any) -> bool:
    """Reference §6.2 rule 3: Climbing protects unless the attacker climbs."""
    return bool(d.mask & B.climbing) and not a.mask & B.climbing


def _herding(a: Any, d: Any, left: Any, right: Any, o: Any) -> bool:
    """Reference §6.2 rule 4: Defensive Herding protects when the attacker's population <= the defender's.
    Course (board.rkt population#): with Pack Hunting a species' population# is body + population."""
    if not d.mask & B.herding:
        return False
    if o.body_size_rule:
        return a.pop <= d.pop
    return _course_pop(a) <= _course_pop(d)


def _hard_shell(a: Any, d: Any, left: Any, right: Any, o: Any) -> bool:
    """Course (reference §6.2 rule 5, board.rkt body#): Hard Shell protects when the attacker's body# <= the
    defender's body + 4. Official: Hard Shell adds 4 to the body-size rule instead (see :func:`attack_size_ok`)."""
    if o.body_size_rule or not d.mask & B.hard_shell:
        return False
    return _course_body(a, o) <= d.body + o.hard_shell


def _symbiosis(a: Any, d: Any, left: Any, right: Any, o: Any) -> bool:
    """Official Symbiosis (reference §6.3): cannot be attacked if its right neighbour has a larger body size.
    The course's final attackable? ignores Symbiosis (§6.2)."""
    return o.symbiosis_protects and bool(d.mask & B.symbiosis) and right is not None and right.body > d.body


def _horns(a: Any, d: Any, left: Any, right: Any, o: Any) -> bool:
    """Horns never stop an attack: the attacker loses 1 population (reference §6.1, seed 003 line 150)."""
    return False


def _course_body(s: Any, o: Any) -> int:
    """board.rkt body#: hard shell +4, else pack hunting carnivore body + population."""
    if s.mask & B.hard_shell:
        return s.body + o.hard_shell
    if s.mask & B.pack_hunting and s.mask & B.carnivore:
        return s.body + s.pop
    return s.body


def _course_pop(s: Any) -> int:
    """board.rkt population#: with Pack Hunting, body + population."""
    return s.body + s.pop if s.mask & B.pack_hunting else s.pop


@dataclass(frozen=True)
class TraitDef:
    """One trait: ``kind`` (attack / defence / feeding / start / climate), its attack-check hook (``defends``),
    its start-of-feeding ``stage`` (``"before"`` the reveal, at the ``"reveal"``, or None) and the rule text's
    source."""

    name: str
    kind: str
    source: str
    defends: Callable[..., bool] | None = None
    stage: str | None = None


REGISTRY: dict[str, TraitDef] = {t.name: t for t in (
    TraitDef("ambush", "attack", "seed 004 line 69; reference §6.2 rule 1 (negates Warning Call)"),
    TraitDef("burrowing", "defence", "reference §6.2 rule 2", _burrowing),
    TraitDef("carnivore", "attack", "seed 003 lines 134-145; seed 002 line 40"),
    TraitDef("climbing", "defence", "reference §6.2 rule 3", _climbing),
    TraitDef("cooperation", "feeding", "seed 003 line 149; mfelleisen dealer.rkt feed-a-player-s-species"),
    TraitDef("fat-tissue", "start", "seed 004 lines 52-55, 65; reference §4", stage="before"),
    TraitDef("fertile", "start", "seed 004 lines 50-55; reference §4", stage="before"),
    TraitDef("foraging", "feeding", "seed 003 line 132; seed 004 line 65"),
    TraitDef("hard-shell", "defence", "reference §6.1, §6.2 rule 5", _hard_shell),
    TraitDef("herding", "defence", "reference §6.2 rule 4", _herding),
    TraitDef("horns", "defence", "reference §6.1; seed 003 line 150", _horns),
    TraitDef("intelligence", "attack", "seed 004 lines 55-57, 71"),
    TraitDef("long-neck", "start", "seed 004 lines 50-55; reference §4", stage="reveal"),
    TraitDef("pack-hunting", "attack", "reference §6.2 rules 4-5"),
    TraitDef("scavenger", "feeding", "seed 003 line 149; mfelleisen next.rkt feed-scavengers"),
    TraitDef("symbiosis", "defence", "reference §6.3", _symbiosis),
    TraitDef("warning-call", "defence", "seed 004 line 69; reference §6.2 rule 1", _warning_call),
    TraitDef("heavy-fur", "climate", "seed 002 line 3 (protects from the cold)"),
    TraitDef("migratory", "climate", "seed 002 line 3 (protects from the cold)"),
    TraitDef("nocturnal", "climate", "seed 002 line 3 (heat protection and extra food)", stage="reveal"),
)}

#: The attack checks in the course's order (board.rkt attackable?): warning call, burrowing, climbing,
#: herding, hard shell; then symbiosis (official only). ``(trait, hook)``.
DEFENCES: tuple[tuple[str, Callable[..., bool]], ...] = tuple(
    (t, REGISTRY[t].defends) for t in ("warning-call", "burrowing", "climbing", "herding", "hard-shell", "symbiosis"))

#: Traits with a start-of-feeding effect, by stage, in resolution order (reference §4: fertile -> long-neck ->
#: fat-tissue in the course; official: fertile and fat tissue before the reveal, long neck at the reveal).
START_EFFECTS = {"before": ("fertile", "fat-tissue"), "reveal": ("long-neck", "nocturnal"),
                 "course": ("fertile", "long-neck", "fat-tissue")}
