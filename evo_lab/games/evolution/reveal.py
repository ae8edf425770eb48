"""Phase: reveal. Traits flip face up, the food cards are revealed and added to the watering hole, and the
start-of-feeding traits act (Fertile, Fat Tissue, Long Neck; Climate's Nocturnal).

Official order (seed 004 lines 46-57: "Now the food cards are turned up ... Animals with the properties Long
Neck, Fertile, Fat Tissue ... can now use these, starting with the starting player"; the trait texts put Fertile
and Fat Tissue *before* the food cards are revealed and Long Neck *when* they are revealed; seed 002 line 35:
"resolution proceeds clockwise from the first player"): ruling R4 resolves, from the first player, every Fertile,
then every Fat Tissue, then reveals the food, then every Long Neck. Course (reference §4, dealer.rkt feeding): the
food cards are added first, then fertile -> long-neck -> fat-tissue.

>>> from .model import Player, Species
>>> from .rules import course2016
>>> from types import SimpleNamespace as T
>>> t = T(players=[Player([Species(1, 2, traits=["fertile", "long-neck"])])], wh=3, o=course2016(), ev=None, first=0)
>>> start_effects(t, "course"); s = t.players[0].species[0]; (s.pop, s.food, t.wh)
(3, 1, 2)
"""

from __future__ import annotations

from typing import Any

from .events import FoodRevealed, Grew
from .feeding import feed
from .traits import BITS, START_EFFECTS

__all__ = ["reveal_traits", "add_food", "start_effects", "fertile", "fat_to_food", "long_neck", "nocturnal"]


def _order(t: Any) -> range:
    n = len(t.players)
    first = getattr(t, "first", 0)
    return [(first + k) % n for k in range(n)]  # type: ignore[return-value]


def reveal_traits(t: Any) -> None:
    """Seed 003 line 112: "Once everyone has played their cards, we flip all the played Trait Cards face-up"."""
    for pl in t.players:
        for s in pl.species:
            if s.down:
                s.reveal()
            s.fresh = False


def add_food(t: Any, values: list[int]) -> int:
    """Add the food cards' plant food. Official (seed 003 lines 118-120): the sum is added, or removed if
    negative, never below 0. Course (dealer.rkt fill-up-watering-hole): card by card, never below 0."""
    if t.o.food_cards_one_by_one:
        for v in values:
            t.wh = max(0, t.wh + v)
    else:
        t.wh = max(0, t.wh + sum(values))
    if t.ev is not None:
        t.ev.append(FoodRevealed(sum(values), t.wh))
    return sum(values)


def fertile(t: Any, p: int, s: Any) -> None:
    """Fertile: +1 population if there is food on the watering hole (course: always), up to the track."""
    o = t.o
    if (t.wh > 0 or not o.fertile_needs_food) and s.pop < o.max_track:
        s.pop += 1
        if t.ev is not None:
            t.ev.append(Grew(p, t.players[p].species.index(s), "population (fertile)", 1))


def fat_to_food(t: Any, p: int, s: Any) -> None:
    """Fat Tissue: move stored food onto the population until it is fed (board.rkt move-fat)."""
    n = min(s.fat, s.pop - s.food)
    if n > 0:
        s.fat -= n
        s.food += n


def long_neck(t: Any, p: int, s: Any) -> None:
    """Long Neck: take 1 plant food from the bank (official) / the watering hole (course, with Foraging and
    Cooperation); Cooperation passes food on from the same source."""
    src = "wh" if t.o.long_neck_source == "watering_hole" else "bank"
    feed(t, p, s, src, "plant", "long-neck")


def nocturnal(t: Any, p: int, s: Any) -> None:
    """Climate Nocturnal: 1 extra plant food from the bank when the food is revealed (amount assumed)."""
    feed(t, p, s, "bank", "plant", "nocturnal")


_EFFECT = {"fertile": (BITS.fertile, fertile), "fat-tissue": (BITS.fat_tissue, fat_to_food),
           "long-neck": (BITS.long_neck, long_neck), "nocturnal": (BITS.nocturnal, nocturnal)}


def start_effects(t: Any, stage: str) -> None:
    """Run the start-of-feeding traits of ``stage`` (``"before"``, ``"reveal"`` or ``"course"``, see
    :data:`~.traits.START_EFFECTS`): each trait in turn, for every player from the first, species left to
    right."""
    for name in START_EFFECTS[stage]:
        b, fn = _EFFECT[name]
        if name == "nocturnal" and not t.o.climate:
            continue
        for p in _order(t):
            for s in list(t.players[p].species):
                if s.mask & b:
                    fn(t, p, s)
