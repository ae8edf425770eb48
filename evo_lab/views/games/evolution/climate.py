"""Evolution: Climate's own panel (the Climate tab of a Climate game): the climate track from Ice Age to Scorching
with the marker and the two event cards in play under their regions, what each zone and event does (the plant
food it adds or takes, the population a species in its body-size band loses, the traits that protect), the event
cards left in each deck, and what the food cards placed so far would do to the marker when they are revealed (as
far as the viewer may see them: seed 002 line 36, two spaces when one side has more than double the other's
icons). The rules are the engine's (:func:`evo_lab.games.evolution.climate.move`, the data pack's zones and
events); zone and event effects are assumed data (docs/evolution.md R16; the panel says so in words,
:data:`SOURCE_NOTE`).

>>> from evo_lab.views.widgets.session import Session
>>> from evo_lab.games.evolution.scenarios import scenario
>>> p = ClimatePanel(Session(scenario("climate_cold")))
>>> "Ice Age" in p.track.value and "Ice Storm (cold event)" in p.track.value
True
>>> "the marker would move from Cold (position -2) to Ice Age (position -4)" in p.forecast.value
True
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as W

from evo_lab.core.words import plural
from evo_lab.games.evolution.phases.climate import move
from evo_lab.games.evolution.svg_climate import ZONE_FILL
from evo_lab.games.evolution.svg_parts import trait_of_label
from evo_lab.games.evolution.words import trait_words
from evo_lab.views.widgets.common import Panel
from evo_lab.views.widgets.session import Session

__all__ = ["SOURCE_NOTE", "ClimatePanel", "track_html"]

#: Where the track and the events come from, said as a teacher reads it (the rulebook by its name).
SOURCE_NOTE = (
    "The track, its zones from Ice Age to Scorching and the cold and hot event cards follow the Evolution: "
    "Climate rules (North Star Games, 'Contribute Food and Climate Change' and 'Feeding: Climate change'). "
    "Those rules do not print each zone's and event's plant food and population loss: the numbers here are "
    "the kit's assumption, to be replaced by the printed cards' values."
)


def track_html(game: Any, obs: dict) -> str:
    """The track as a row of zones that wraps in a narrow column (its text never shrinks): each zone's name, its
    position on the track and its plant food a round (two scales, each named: the board shows the plant food),
    the marker's zone outlined, and each event card in play named under the zones it covers."""
    c = obs["climate"]
    names = [e.name for e in game.pack.events]
    under: dict[int, list[str]] = {}
    for deck, name in c["events"].items():
        if name is not None:
            e = game.pack.events[names.index(name)]
            for pos in range(e.regions[0], e.regions[1] + 1):
                under.setdefault(pos, []).append(f"{name} ({deck} event)")
    cells = []
    for z in game.pack.zones:
        here = z.position == c["position"]
        events = "".join(f"<div class='evo-zone-event'>{escape(x)}</div>" for x in under.get(z.position, []))
        cells.append(
            f"<div class='evo-zone{' here' if here else ''}' style='background:{ZONE_FILL[z.position]}'>"
            f"<div class='evo-zone-name'>{'&#9660; ' if here else ''}{escape(z.name)}</div>"
            f"<div>position {z.position:+d}</div><div>plant food {z.food:+d}</div>{events}</div>"
        )
    style = (
        "<style>.evo-climate-track{display:flex;flex-wrap:wrap;gap:4px;margin:6px 0}"
        ".evo-zone{flex:1 1 86px;min-width:86px;color:#fff;border-radius:6px;padding:4px 6px;font-size:14px;"
        "opacity:.65;border:3px solid transparent}.evo-zone.here{opacity:1;border-color:#d6007e}"
        ".evo-zone-name{font-weight:bold}.evo-zone-event{margin-top:3px;background:#fffdf5;color:#37474f;"
        "border-radius:4px;padding:1px 4px;font-size:14px}</style>"
    )
    return style + "<div class='evo-climate-track'>" + "".join(cells) + "</div>"


def _effect(game: Any, kind: str, food: int, loss: int, bodies: tuple) -> str:
    if not food and not loss:
        return "no effect"
    parts = [f"plant food {food:+d}"] if food else []
    if loss and bodies:
        guard = " or ".join(trait_words(game, t) for t in game.pack.protection.get(kind, ()))
        band = (
            f"{bodies[0]} or {bodies[1]}"
            if len(bodies) == 2
            else (f"{bodies[0]} to {bodies[-1]}" if len(bodies) > 1 else f"{bodies[0]}")
        )
        parts.append(
            f"species of body {band} lose {loss} population"
            + (f" unless {guard} protects them" if guard else "")
        )
    return "; ".join(parts)


def _where(game: Any, pos: int) -> str:
    """A space of the track with both its scales named: "position -3 on the track: plant food -6 a round"."""
    food = next((z.food for z in game.pack.zones if z.position == pos), 0)
    return f"position {pos:+d} on the track: plant food {food:+d} a round"


class ClimatePanel(Panel):
    """The climate track, its zones and events, and what the food cards placed would do (Climate games)."""

    def __init__(self, session: Session):
        self.track = W.HTML()
        self.forecast = W.HTML()
        self.table = W.HTML()
        super().__init__(session, [self.track, self.forecast, self.table])
        self.add_class("evo-climate-panel")
        self.refresh()

    def refresh(self) -> None:
        st = self.session.state
        obs = self.session.observation()
        if "climate" not in obs:
            self.track.value = (
                "<i>This game is played without the climate track (Evolution: Climate has it).</i>"
            )
            self.forecast.value = self.table.value = ""
            return
        g = st.game
        c = obs["climate"]
        self.track.value = (
            f"<div><b>The climate</b>: the marker is on {escape(c['zone'])} ({_where(g, c['position'])}). "
            "Two scales: a space's position on the track (-4 to +4, where the suns and snowflakes move the "
            "marker) and its plant food (what it adds to or takes from the watering hole each round, as the "
            "board shows it). "
            "An event card in play lies under two spaces: when the marker moves into one of them, the event "
            "strikes instead of the space; at most one event each round.</div>" + track_html(g, obs)
        )
        self.forecast.value = self._forecast(g, obs)
        rows = [
            f"<tr{' class=here' if z.position == c['position'] else ''}><td class='wrap'>{escape(z.name)} "
            f"(position {z.position:+d})</td><td class='wrap'>{escape(_effect(g, z.kind, z.food, z.loss, z.bodies))}</td>"
            "</tr>"
            for z in g.pack.zones
        ]
        names = [e.name for e in g.pack.events]
        zones = {z.position: z.name for z in g.pack.zones}
        for deck, name in c["events"].items():
            if name is not None:
                e = g.pack.events[names.index(name)]
                rows.append(
                    f"<tr><td class='wrap'>{escape(name)} ({deck} event, under {escape(zones[e.regions[0]])} "
                    f"and {escape(zones[e.regions[1]])})</td><td class='wrap'>"
                    f"{escape(_effect(g, deck, e.food, e.loss, e.bodies))}</td></tr>"
                )
        left = {
            d: sum(n for i, n in enumerate(c["event_cards_left"]) if g.pack.events[i].deck == d)
            for d in ("cold", "hot")
        }
        self.table.value = (
            "<div class='evo-table-wrap'><table class='evo-table evo-climate-table'><tr><th>space or "
            "event card</th><th>what it does (a space: each round the marker is on it; an event: once)</th></tr>"
            + "".join(rows)
            + "</table></div>"
            f"<div>Event cards left: {plural(left['cold'], 'cold event')}, "
            f"{plural(left['hot'], 'hot event')}.</div><div class='evo-note'>{escape(SOURCE_NOTE)}</div>"
        )

    @staticmethod
    def _forecast(g: Any, obs: dict) -> str:
        """What the food cards placed would do to the marker, as far as the viewer may see them."""
        placed = [p["food_card"] for p in obs["players"] if p["food_card"] is not None]
        if not placed:
            return "<div>No food card is down yet: the marker moves when the food cards are revealed.</div>"
        seen = [fc for fc in placed if isinstance(fc, str)]
        kinds = [g.label_kind[fc] for fc in seen if trait_of_label(g, fc)[1] is not None]
        sun = sum(g.deck.cards[k].sun for k in kinds)
        snow = sum(g.deck.cards[k].snow for k in kinds)
        pos = obs["climate"]["position"]
        to = move(pos, sun, snow)
        zones = {z.position: z.name for z in g.pack.zones}
        hidden = len(placed) - len(seen)
        head = (
            f"{plural(len(seen), 'food card')} you can see: {plural(sun, 'sun icon')}, "
            f"{plural(snow, 'snowflake')}"
        )
        if hidden:
            head += f" ({plural(hidden, 'card')} face down you cannot see)"
        what = (
            f"the marker would move from {zones[pos]} (position {pos:+d}) to {zones[to]} (position {to:+d})"
            if to != pos
            else f"the marker would stay on {zones[pos]} (position {pos:+d})"
        )
        return f"<div>{escape(head)}: {escape(what)}{' if the others had none' if hidden else ''}.</div>"
