"""Phase: reveal. Traits flip face up, the food cards are revealed and added to the watering hole, and the
start-of-feeding traits act (Fertile, Fat Tissue, Long Neck; Climate's Nocturnal).

Official order (seed 004 lines 46-57: "Now the food cards are turned up ... Animals with the properties Long
Neck, Fertile, Fat Tissue ... can now use these, starting with the starting player"; the trait texts put Fertile
and Fat Tissue *before* the food cards are revealed and Long Neck *when* they are revealed; seed 002 line 35:
"resolution proceeds clockwise from the first player"): ruling R4 resolves, from the first player, Fertile and
Fat Tissue, then reveals the food, then Long Neck (each player resolving all of theirs before the next, ruling
R18). Course (reference §4, dealer.rkt feeding): the
food cards are added first, then fertile -> long-neck -> fat-tissue.

>>> from ..model import Player, Species
>>> from ..rules import course2016
>>> from types import SimpleNamespace as T
>>> t = T(players=[Player([Species(1, 2, traits=["fertile", "long-neck"])])], watering_hole=3, options=course2016(), new_events=None, first=0)
>>> start_effects(t, "course"); s = t.players[0].species[0]; (s.pop, s.food, t.watering_hole)
(3, 1, 2)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..events import FoodRevealed
from ..flow import FLOW, Step
from ..traits import REGISTRY, START_EFFECTS, bit

if TYPE_CHECKING:
    from ..state import State
    from ..table import Table

__all__ = ["add_food", "reveal", "reveal_traits", "start_effects"]


def _order(t: Table) -> list[int]:
    n = len(t.players)
    first = getattr(t, "first", 0)
    return [(first + k) % n for k in range(n)]


def reveal_traits(t: Table) -> None:
    """Seed 003 line 112: "Once everyone has played their cards, we flip all the played Trait Cards face-up"."""
    for pl in t.players:
        for s in pl.species:
            if s.down:
                s.reveal()
            s.fresh = False


def add_food(t: Table, values: list[int]) -> int:
    """Add the food cards' plant food. Official (seed 003 lines 118-120): the sum is added, or removed if
    negative, never below 0. Course (dealer.rkt fill-up-watering-hole): card by card, never below 0."""
    if t.options.food_cards_one_by_one:
        for v in values:
            t.watering_hole = max(0, t.watering_hole + v)
    else:
        t.watering_hole = max(0, t.watering_hole + sum(values))
    if t.new_events is not None:
        t.new_events.append(FoodRevealed(sum(values), t.watering_hole))
    return sum(values)


def start_effects(t: Table, stage: str) -> None:
    """Run the start-of-feeding traits of ``stage`` (``"before"``, ``"reveal"`` or ``"course"``, see
    :data:`~.traits.START_EFFECTS`), from the first player, species left to right.

    Ruling R18 (option ``start_resolution``): "player" (default) -- each player resolves all of their traits
    before the next player begins, seed 002 line 35: "resolution proceeds clockwise from the first player, and
    each player resolves all their leafy border effects before the next begins" (a player's own order, which
    the seed leaves to them, is the registry's: Fertile before Fat Tissue, so the grown population can take
    fat); "trait" -- each trait in turn for every player (the course's dealer.rkt; the engine before issue 22).
    """
    names = START_EFFECTS[stage]
    if t.options.start_resolution == "trait":
        for name in names:
            for p in _order(t):
                _resolve(t, p, name)
    else:
        for p in _order(t):
            for name in names:
                _resolve(t, p, name)


def _resolve(t: Table, p: int, name: str) -> None:
    """Trait ``name``'s start-of-feeding effect on every species of player ``p`` that has it, left to right."""
    b, fn = bit(name), REGISTRY[name].start
    if fn is None:
        return
    for s in list(t.players[p].species):
        if s.mask & b:
            fn(t, p, s)


def reveal(s: State) -> bool:
    """The reveal in the game's flow (step ``REVEAL``): traits flip; start-of-feeding traits; Climate
    (:mod:`.climate`); plant food; then the before-eating window (ruling R20) or the feeding from the first
    player."""
    from . import climate as clim

    o = s.options
    s.phase = "feed"
    reveal_traits(s)
    n = len(s.players)
    order = [(s.first + k) % n for k in range(n)]
    cards = [s.players[p].food_card for p in order if s.players[p].food_card >= 0]
    values = [s.game.deck.cards[c].food for c in cards]
    for p in order:
        s.players[p].food_card = -1
    if o.start_order == "course":
        add_food(s, values)
        start_effects(s, "course")
    else:
        start_effects(s, "before")
        if o.climate:
            moved = clim.climate_change(s, cards)
            values.append(clim.climate_hit(s, moved))
        add_food(s, values)
        start_effects(s, "reveal")
    for c in cards:
        s.discard(c)
    s.done_feeding, s.turn, s.find_feeder = 0, (s.first - 1) % n, True
    s.step = Step.FEEDING
    if o.intelligence and o.herbivore_intelligence == "before_eating":
        # ruling R20: the before-eating window (:mod:`.before_eating`) opens once the cards owed are drawn
        s.asking, s.find_feeder, s.step = -2, False, Step.BEFORE_EATING
    return False


FLOW.step(Step.REVEAL)(reveal)
