"""Evolution: Climate (seed 002): the climate track, its events and the heat and cold traits, as hooks the
reveal phase calls when ``o.climate`` is on.

* Climate change (seed 002 line 36): total the Sun and Snowflake icons on the revealed food cards; the greater
  side moves the cube 1 space its way, 2 spaces if it is more than double the other. The track runs from Ice Age
  (-4) to Scorching (+4) and starts Temperate (reference §8).
* The climate (reference §8: "extreme zones remove up to 15 food from the watering hole and reduce the
  population of species in a widening body-size band"): the zone's (or, if the cube is in a region holding an
  event card, the event's: seed 002 line 36) plant-food change adds to the food cards' total, and every species
  whose body size is in the band loses population unless it has a protecting trait (cold: Heavy Fur,
  Migratory; heat: Nocturnal, Burrowing; seed 002 line 3). Zone effects, event texts and the icon on each card
  are ``assumed`` data (``climate.json``, ``decks.json``).
* Events (seed 002 line 16, 36): one card of each deck (cold, hot) lies under its two regions; it strikes when
  the cube moves into one of them (ruling R19; a cube that did not move gets its zone); at most one event
  is resolved per round; after the round it leaves the game and the next card of that deck replaces it (a
  chance node).

>>> import evo_lab
>>> g = evo_lab.make_game("evolution", variant="climate", players=3, seed=2)
>>> s = g.new_initial_state(); s.climate_pos, s.pending_events
(0, ['cold', 'hot'])
>>> move(0, sun=3, snow=1), move(0, sun=2, snow=1), move(-4, sun=0, snow=5)
(2, 1, -4)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..events import ClimateHit, ClimateMoved
from ..flow import FLOW, PHASE_INDEX, Node
from ..traits import TRAIT_BIT
from .feeding import kill

if TYPE_CHECKING:
    from ..state import State
    from ..table import Action

__all__ = [
    "apply_event",
    "climate_change",
    "climate_hit",
    "current_effect",
    "end_of_round",
    "event_weights",
    "move",
    "setup_climate",
]


def move(pos: int, sun: int, snow: int) -> int:
    """The new cube position (seed 002 line 36)."""
    if sun == snow:
        return pos
    hi, lo, d = (sun, snow, 1) if sun > snow else (snow, sun, -1)
    steps = 2 if hi > 2 * lo else 1
    return max(-4, min(4, pos + d * steps))


def setup_climate(s: State) -> None:
    """Cube on Temperate (seed 002 line 12); both event decks full; one card of each to draw."""
    pack = s.game.pack
    s.climate_pos = pack.climate_meta["start"]
    s.event_pool = [e.count for e in pack.events]
    s.events_in_play = {"cold": -1, "hot": -1}
    s.event_used = ""
    s.pending_events = ["cold", "hot"]


def climate_change(s: State, food_cards: list[int]) -> bool:
    """Move the cube by the food cards' icons (seed 002 line 36); returns whether it moved."""
    cards = s.game.deck.cards
    sun = sum(cards[k].sun for k in food_cards)
    snow = sum(cards[k].snow for k in food_cards)
    before = s.climate_pos
    s.climate_pos = move(s.climate_pos, sun, snow)
    if s.new_events is not None:
        s.new_events.append(ClimateMoved(sun, snow, s.climate_pos))
    return s.climate_pos != before


def current_effect(s: State, moved: bool = True) -> tuple[str, str, int, int, tuple[int, ...], str]:
    """``(name, kind, food, loss, bodies, event_deck)`` of the climate this round: the event in play whose
    regions hold the cube, else the zone.

    Ruling R19 (option ``climate_event_on``): "move" (default) -- the event strikes only when the cube moved
    into its region this round (``moved``), seed 002 line 36: "Whenever the temperature cube moves into a climate
    region with a climate event card attached to it the climate will follow the properties of the event card";
    a cube that stayed where it was gets its zone's climate. "stay" -- whenever the cube is in the region (the
    engine before issue 22)."""
    pack = s.game.pack
    for deck, idx in s.events_in_play.items():
        if idx >= 0 and (moved or s.options.climate_event_on == "stay"):
            e = pack.events[idx]
            if e.regions[0] <= s.climate_pos <= e.regions[1]:
                return e.name, deck, e.food, e.loss, e.bodies, deck
    z = pack.zones[s.climate_pos + 4]
    return z.name, z.kind, z.food, z.loss, z.bodies, ""


def climate_hit(s: State, moved: bool = True) -> int:
    """Apply this round's climate (``moved``: whether the cube moved this round, :func:`current_effect`):
    population losses now; returns the plant-food change (added to the food cards' total when the food is
    revealed)."""
    name, kind, food, loss, bodies, deck = current_effect(s, moved)
    s.event_used = deck
    if s.new_events is not None and (food or loss):
        s.new_events.append(ClimateHit(name, food, loss))
    if loss and kind in ("cold", "hot"):
        guard = 0
        for t in s.game.pack.protection[kind]:
            guard |= 1 << TRAIT_BIT[t]
        for p in range(len(s.players)):
            for sp in list(s.players[p].species):
                if sp.body in bodies and not sp.mask & guard:
                    kill(s, p, sp, loss, p)
    return food


def event_weights(s: State) -> tuple[list[Action], list[int]]:
    """Outcomes ``("event", deck, index)`` of the next event draw, weighted by the cards left in that deck."""
    deck = s.pending_events[0]
    outs: list[Action] = []
    w: list[int] = []
    for i, e in enumerate(s.game.pack.events):
        if e.deck == deck and s.event_pool[i]:
            outs.append(s.game.event_outcomes[i])
            w.append(s.event_pool[i])
    return outs, w


def apply_event(s: State, deck: str, idx: int) -> None:
    s.pending_events.pop(0)
    s.event_pool[idx] -= 1
    s.events_in_play[deck] = idx


def end_of_round(s: State) -> None:
    """A resolved event leaves the game; the next card of its deck replaces it (seed 002 line 36)."""
    deck = s.event_used
    s.event_used = ""
    if deck:
        s.events_in_play[deck] = -1
        if any(n for i, n in enumerate(s.event_pool) if s.game.pack.events[i].deck == deck):
            s.pending_events.append(deck)


FLOW.add(
    Node(
        "event",
        PHASE_INDEX["deal"],
        lambda s, a: apply_event(s, a[1], a[2]),
        weights=event_weights,
        kinds=frozenset({"event"}),
        who="chance (the next card of an event deck)",
        variant="evolution-climate",
        doc="seed 002 line 16: one card of each event deck lies under its two regions; a resolved event is "
        "replaced by the next card of its deck (line 36)",
    )
)
