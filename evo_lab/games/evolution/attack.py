"""Can this Carnivore attack that species? The attack check, from the trait registry's defence hooks plus the
official body-size rule.

Official (seed 003 lines 138-141; seed 002 line 40): "An attack can be made if the carnivore's body size is larger
than the body size of the species being attacked and the carnivore has the necessary traits to overcome the
attacked species defensive traits." Pack Hunting adds the attacker's population to its body size, Hard Shell adds
4 to the defender's (reference §6.2). The course (reference §6.2) has no body-size rule: its Hard Shell protects
when the attacker's body# <= body + 4.

>>> from .model import Species
>>> from .rules import official, course2016
>>> att, prey = Species(3, 2, traits=["carnivore"]), Species(3, 2)
>>> blocker(att, prey, None, None, official()), blocker(att, prey, None, None, course2016())
('body-size', None)
>>> blocker(Species(5, 2, traits=["carnivore"]), Species(3, 2, traits=["climbing"]), None, None, official())
'climbing'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .traits import BITS, DEFENCES, TRAIT_BIT

if TYPE_CHECKING:
    from .model import Species, SpeciesView
    from .rules import RuleOptions

__all__ = ["blocker", "can_attack", "attack_size_ok", "neighbours", "negatable", "disable_choices"]

_CARN = BITS.carnivore
_DEF_MASK = BITS.burrowing | BITS.climbing | BITS.herding | BITS.hard_shell | BITS.symbiosis
_WC = BITS.warning_call
_HORNS, _SCAV = BITS.horns, BITS.scavenger


def attack_size_ok(att: SpeciesView, dfn: SpeciesView, o: RuleOptions, negated: int = 0) -> bool:
    """The official body-size rule: attacker body (+ population with Pack Hunting) > defender body (+ Hard
    Shell). ``negated``: trait bits negated by Intelligence for this attack."""
    a = att.body + (att.pop if att.mask & BITS.pack_hunting and not negated & BITS.pack_hunting else 0)
    d = dfn.body + (o.hard_shell if dfn.mask & BITS.hard_shell and not negated & BITS.hard_shell else 0)
    return a > d


def blocker(
    att: SpeciesView,
    dfn: SpeciesView,
    left: SpeciesView | None,
    right: SpeciesView | None,
    o: RuleOptions,
    negated: int = 0,
) -> str | None:
    """Why ``att`` cannot attack ``dfn`` (whose neighbours on its owner's row are ``left``/``right``): the name
    of the first trait (in the course's check order) that stops it, ``"body-size"`` for the official size rule,
    ``"not-carnivore"``; ``None`` when the attack is possible. ``negated`` (bit mask) switches traits off
    (Intelligence, seed 004 line 71: "This property is now disabled in ALL species until the attack has been
    completed")."""
    if not att.mask & _CARN:
        return "not-carnivore"
    if negated:
        att, dfn = _Masked(att, negated), _Masked(dfn, negated)
        left = _Masked(left, negated) if left is not None else None
        right = _Masked(right, negated) if right is not None else None
    wc = (left is not None and left.mask & _WC) or (right is not None and right.mask & _WC)
    if dfn.mask & _DEF_MASK or wc:
        for name, hook in DEFENCES:
            if hook(att, dfn, left, right, o):
                return name
    if o.body_size_rule and not attack_size_ok(att, dfn, o):
        return "body-size"
    return None


def can_attack(
    att: SpeciesView,
    dfn: SpeciesView,
    left: SpeciesView | None,
    right: SpeciesView | None,
    o: RuleOptions,
    negated: int = 0,
) -> bool:
    return blocker(att, dfn, left, right, o, negated) is None


def neighbours(row: Sequence[Species], i: int) -> tuple[Species | None, Species | None]:
    """The species left and right of ``row[i]`` (or None)."""
    return (row[i - 1] if i > 0 else None), (row[i + 1] if i + 1 < len(row) else None)


def negatable(
    att: SpeciesView, dfn: SpeciesView, left: SpeciesView | None, right: SpeciesView | None, o: RuleOptions
) -> list[int]:
    """The traits whose negation by the attacker's Intelligence makes a blocked attack possible (official)."""
    out = []
    cands = set(dfn.traits)
    for n in (left, right):
        if n is not None and n.mask & _WC:
            cands.add(TRAIT_BIT["warning-call"])
    for t in sorted(cands):
        if blocker(att, dfn, left, right, o, 1 << t) is None:
            out.append(t)
    return out


def disable_choices(
    att: SpeciesView,
    dfn: SpeciesView,
    left: SpeciesView | None,
    right: SpeciesView | None,
    o: RuleOptions,
    scavengers: bool = False,
) -> list[int]:
    """The traits (ids) a Carnivore's Intelligence may disable for its attack on ``dfn``: the choices that can
    serve the attacker (disabling a trait that plays no part in this attack, or one of the attacker's own, would
    only cost it a card, so they are not offered).

    Seed 004 line 71: "A carnivore can use Intelligence to disable characteristics of other animals. He does this
    by choosing a hand card to discard, then activating intelligence and selecting the property desired. This
    property is now disabled in ALL species until the attack has been completed." A blocked attack: the traits
    whose disabling makes it possible (:func:`negatable`). A possible attack (option ``intelligence_disables``
    "any", the default): the prey's Horns (the attacker is not wounded) and, when ``scavengers`` (another
    player's Scavenger would eat), Scavenger (none eats from this attack, the attacker's own neither). Under "blockers" (ruling R3 before issue 22)
    only the first kind.

    >>> from .model import Species
    >>> from .rules import official, RuleOptions
    >>> from .traits import TRAIT_IDS
    >>> att, prey = Species(3, 2, traits=["carnivore", "intelligence"]), Species(1, 2, traits=["horns"])
    >>> [TRAIT_IDS[t] for t in disable_choices(att, prey, None, None, official(), scavengers=True)]
    ['horns', 'scavenger']
    >>> disable_choices(att, prey, None, None, RuleOptions(intelligence_disables="blockers"))
    []
    """
    if blocker(att, dfn, left, right, o) is not None:
        return negatable(att, dfn, left, right, o)
    if o.intelligence_disables != "any":
        return []
    out = []
    if dfn.mask & _HORNS:
        out.append(TRAIT_BIT["horns"])
    if scavengers:
        out.append(TRAIT_BIT["scavenger"])
    return sorted(out)


class _Masked:
    """A read-only view of a species with some trait bits switched off."""

    __slots__ = ("body", "pop", "food", "fat", "mask", "traits")

    def __init__(self, s: SpeciesView, off: int):
        self.body, self.pop, self.food, self.fat, self.traits = s.body, s.pop, s.food, s.fat, s.traits
        self.mask = s.mask & ~off
