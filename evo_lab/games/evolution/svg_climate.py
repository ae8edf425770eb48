"""Evolution: Climate's track on the table (:mod:`.svg`), compact: a caption in words and one line of the nine
spaces with their plant food, each space's details on hover. Drawn with the pieces of :mod:`.svg_parts`."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from .svg_parts import SMALL, Flow, text, text_width, wrap_text
from .words import trait_words

if TYPE_CHECKING:
    from .data import ClimateZone
    from .game import Game
    from .svg import Observation

__all__ = ["ZONE_FILL", "climate_track"]

#: The colour of each space of the climate track, by its position (-4 Ice Age ... +4 Scorching).
ZONE_FILL = {
    -4: "#0d47a1",
    -3: "#1565c0",
    -2: "#1e88e5",
    -1: "#64b5f6",
    0: "#9e9e9e",
    1: "#ffb74d",
    2: "#fb8c00",
    3: "#ef6c00",
    4: "#bf360c",
}
_ZONE_MIN_W, _ZONE_MAX_W, _ZONE_NAMED_W = 36, 110, 92  # a space of the compact track; named from 92 wide


def _zone_lines(food: int, loss: int, bodies: tuple[int, ...]) -> list[str]:
    """What a zone or event does, in short phrases (a space's title, the caption's sentence for the marker's)."""
    if not food and not loss:
        return ["no effect"]
    out = [f"plant food {food:+d} a round"] if food else ["plant food +0"]
    if loss and bodies:
        band = f"{bodies[0]}-{bodies[-1]}" if len(bodies) > 1 else f"{bodies[0]}"
        out.append(f"body {band} lose {loss} population")
    return out


def climate_track(game: Game, c: Observation, flow: Flow) -> list[str]:
    """Evolution: Climate's track, compact, as the last item of the header's ``flow`` on a line of its own (the
    species boards below it stay on a laptop's screen): a caption in words (the marker's space, its track position
    and what it does: the plant food it adds or takes each round, the body sizes that lose population, the traits
    that protect; the event cards in play and the spaces they cover) and one line of the nine spaces from Ice Age
    to Scorching, each with its plant food a round (its name too when the table is wide; the scale named at the
    line's left), the marker's space outlined under a \u25bc; a space's details (name, track position, effect, events) in its title (hover), the
    whole explanation in the Climate tab. Two scales, named apart: the *position* on the track (-4 to +4) and
    the *plant food* a space adds.

    The zones and events are the data pack's (seed 002 lines 25 and 36; their effects assumed data)."""
    here = c["position"]
    zones = list(game.pack.zones)
    guard = {
        kind: " or ".join(trait_words(game, t) for t in traits)
        for kind, traits in game.pack.protection.items()
    }
    events: dict[int, list[str]] = {}
    spans: list[str] = []
    names = {z.position: z.name for z in zones}
    for deck, name in c["events"].items():
        for e in game.pack.events:
            if e.name == name and e.deck == deck:
                for pos in range(e.regions[0], e.regions[1] + 1):
                    events.setdefault(pos, []).append(name)
                lo, hi = names.get(e.regions[0], e.regions[0]), names.get(e.regions[1], e.regions[1])
                spans.append(f"{name} ({lo})" if lo == hi else f"{name} ({lo} to {hi})")
                break
    zone = next((z for z in zones if z.position == here), None)
    caption = f"Climate \u25bc {names.get(here, here)} (position {here:+d} on the track)"
    if zone is not None:
        effect = _zone_lines(zone.food, zone.loss, zone.bodies)
        caption += ": " + "; ".join(effect)
        if zone.loss and guard.get(zone.kind):
            caption += f" unless {guard[zone.kind]}"
    caption += "."
    if spans:
        caption += " Events: " + ", ".join(spans) + "."
    room = flow.right - flow.x0
    # the spaces' scale, named at the left of their line (above it when the line has no room for it)
    label = "plant food a round:"
    lw = text_width(label, SMALL) + 8
    inline = (room - lw + 4) / max(len(zones), 1) - 4 >= _ZONE_MIN_W
    span = room - lw if inline else room
    cw = max(_ZONE_MIN_W, min(_ZONE_MAX_W, (span + 4) / max(len(zones), 1) - 4))
    named = cw >= _ZONE_NAMED_W
    zh = 44 if named else 26
    per_row = max(1, int((span + 4) / (cw + 4) + 1e-6))  # one line unless narrower than 9 small spaces
    rows = -(-len(zones) // per_row)
    lines = wrap_text(caption, room, SMALL)
    above = 0 if inline else 19
    x0, y = flow.place(room, len(lines) * 19 + above + 22 + rows * (zh + 18) - 10)
    out, cy = [], y
    for line in lines:
        cy += 19
        out.append(text(x0, cy, line, SMALL, fill="#37474f", cls="climate-caption"))
    top = cy + 22 + above
    lx, ly = (x0, top + zh / 2 + 5) if inline else (x0, top - 22)
    out.append(text(lx, ly, label, SMALL, fill="#37474f", cls="climate-scale"))
    left = x0 + (lw if inline else 0)
    for i, z in enumerate(zones):
        x = left + (i % per_row) * (cw + 4)
        zy = top + (i // per_row) * (zh + 18)
        out += _zone_cell(z, x, zy, cw, zh, z.position == here, events.get(z.position, []), named)
    return out


def _zone_cell(
    z: ClimateZone, x: float, y: float, w: float, h: float, on: bool, ev: list[str], named: bool
) -> list[str]:
    """One space of the compact track: its plant food (and name when ``named``), its details in its title, the
    marker's space outlined under a \u25bc, a bar under it when an event card in play covers it."""
    border = ' stroke="#d6007e" stroke-width="4"' if on else ""
    effect = _zone_lines(z.food, z.loss, z.bodies)
    if z.food == 0:  # both scales named on every space, "plant food +0" too
        effect = ["plant food +0 a round"] + [x for x in effect if x not in ("plant food +0", "no effect")]
    title = f"{z.name}: position {z.position:+d} on the track; " + "; ".join(effect)
    title += (f"; event in play: {', '.join(ev)}" if ev else "") + (" (the marker is here)" if on else "")
    out = [
        f'<g class="climate-zone{" here" if on else ""}" data-position="{z.position}">'
        f"<title>{escape(title)}</title>"
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h}" rx="5" '
        f'fill="{ZONE_FILL.get(z.position, "#9e9e9e")}" opacity="{1 if on else 0.78}"{border}/>'
    ]
    if on:
        out.append(text(x + w / 2, y - 5, "\u25bc", SMALL, "bold", "#d6007e", "middle"))
    if named:
        out.append(text(x + 5, y + 17, z.name, SMALL, "bold", "#fff"))
        out.append(text(x + 5, y + 37, f"food {z.food:+d}", SMALL, "bold", "#fff", cls="zone-food"))
    else:
        out.append(text(x + w / 2, y + 18, f"{z.food:+d}", SMALL, "bold", "#fff", "middle", cls="zone-food"))
    if ev:  # an event covers this space: a bar under it (named in the caption and the title)
        out.append(
            f'<rect class="event" x="{x + 3:.1f}" y="{y + h + 2:.1f}" width="{w - 6:.1f}" height="5" rx="2" '
            'fill="#37474f"/>'
        )
    out.append("</g>")
    return out
