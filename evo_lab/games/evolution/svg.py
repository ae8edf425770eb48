"""Evolution's table as SVG strings (no browser), from ``state.observation(viewer)``, so the game's observer
decides what each viewer sees. The cards' food values the data pack marks ``assumed`` are said so once, in a
footnote (left out on the explorer's board, whose action list says it). A trait card in play shows its name, not
its food value (which counts only for a card in hand or placed as the food card).

* :func:`table_svg` - the explorer's table, laid out for the box it is shown in (``width``, and ``height`` to fill:
  the board widget reports its size), so that its text is at its nominal size, never under 14 px (``SMALL``), and
  the table zooms to fill a large screen. Drawn: a compact header (the round, the watering hole with its plant
  food, this round's food cards, face down unless the viewer may see them, the draw pile, Climate's end-game deck
  and the discard pile in words, in rows placed so they take the least height: :func:`_header`), Climate's track,
  compact (:func:`~.svg_climate.climate_track`: one line of the nine spaces with their plant food, a caption saying
  the marker's space, its position on the track and what it does, the event cards in play; each space's details
  on hover), and per player a line with the food bag, the hand (a count for the others), the food card
  and the score, the species boards (body size, population, food and fat tokens, trait cards by their printed
  names: face down for other viewers, dashed for the owner) and the hand's cards (the viewer's own). In a Climate
  game a card the viewer may see (a food card, a hand card) shows its icons, \u2600 a sun and \u2744 a snowflake
  (:func:`~.svg_parts.climate_icons`). Under them a legend (the food bag, the tokens, face-down cards, the climate
  icons). Hooks for clicks: every species board is a ``<g class="species"
  data-player data-species>``, every visible hand card a ``<g class="card" data-card>``. The selected species is
  outlined; for a selected carnivore every other species is marked as a possible prey (click to attack) or
  blocked (with the trait that blocks it), from ``state.attack_report`` (:class:`Marks`).
* :func:`draw_state` - ``state.to_svg(viewer)``: the same table, 1000 units wide, without marks (the printable
  page of the lessons and the export).

>>> import evo_lab
>>> s = evo_lab.make_game("evolution", players=2, seed=1).new_initial_state_dealt()
>>> svg = table_svg(s, viewer=0)
>>> svg.count('class="species') == 2 and svg.count('class="card') == len(s.players[0].hand)
True
>>> "watering hole" in svg and "assumed" in svg and min(font_sizes(svg)) >= 14
True
>>> big = table_svg(s, viewer=0, width=1100, height=1000)      # a projector: the table zooms to fill
>>> float(big.split('data-zoom="')[1].split('"')[0]) > 1
True
>>> page = s.to_svg(viewer=0)
>>> page.startswith("<svg") and "watering hole" in page and "assumed" in page
True
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .svg_climate import climate_track
from .svg_parts import (
    wrap_text,
    BIG,
    BOARD_W,
    CARD_H,
    CARD_W,
    FONT,
    GAP,
    SMALL,
    SNOW,
    SUN,
    WATERING_HOLE_W,
    Flow,
    food_cards,
    food_cards_width,
    hand_card,
    player_header,
    species_board,
    species_height,
    text,
    text_width,
    trait_of_label,
    watering_hole,
)
from ...core.words import plural
from .words import trait_words

if TYPE_CHECKING:
    from .game import Game
    from .state import State

    #: the observer's JSON-able observation (:meth:`~.observer.EvolutionObserver.observation`), or a part of it
    Observation = dict[str, Any]

__all__ = ["MAX_ZOOM", "WIDTH", "Marks", "draw_state", "font_sizes", "table_svg", "trait_of_label"]

#: The default layout width (user units): the table before its widget has reported its size, and exports.
WIDTH = 760
_MARGIN = 8
#: The largest zoom of the table in a big box (a projector): its text at most this many times its laid-out size.
MAX_ZOOM = 2.4
_MIN_LAYOUT = 360
#: A species board stretched to fill its row (the table in a box wider than its layout) is at most this many times
#: its own width.
_STRETCH = 2.0
_PLAYER_GAP = 18
_PHASE = {
    "deal": "the deal",
    "food": "food cards",
    "play": "playing cards",
    "feed": "feeding",
    "over": "game over",
}


class Marks:
    """What the board marks on the table: the selected species ``(player, index)`` and card label, attack
    targets ``{(player, index): action string}`` (click to attack) and blocked species ``{(player, index):
    blocker}`` (the engine's code; ``blocked_words`` says it: a trait's printed name, "body size")."""

    def __init__(
        self,
        selected: tuple[int, int] | None = None,
        card: str = "",
        targets: dict[tuple[int, int], str] | None = None,
        blocked: dict[tuple[int, int], str] | None = None,
    ):
        self.selected = selected
        self.card = card
        self.targets = targets or {}
        self.blocked = blocked or {}
        self.blocked_words: dict[tuple[int, int], str] = {}


def font_sizes(svg: str) -> list[float]:
    """The font sizes of every text of an SVG drawing, in user units (for tests of readability)."""
    return [float(x) for x in re.findall(r'<text[^>]* font-size="([0-9.]+)"', svg)]


def _short_block(game: Game, code: str) -> str:
    return {"body-size": "body size", "own-species": "own species", "not-carnivore": "not a carnivore"}.get(
        code
    ) or trait_words(game, code)


#: A piece of the table's header: its width, its height and how it is drawn at ``(x, y)``.
_Piece = tuple[float, float, Callable[[float, float], list[str]]]


def _header(s: State, obs: Observation, width: float) -> tuple[list[str], float]:
    """The round and phase, the watering hole, the food cards and the piles, then the climate: the pieces in
    rows that wrap, in the order (of a few) that takes the least height in this ``width`` (one row on a wide
    table, two or three on a narrow one), so that the species boards start high in the box."""
    last = " (last round)" if obs["final"] == 1 else ""
    title = f"Round {obs['round']}: {_PHASE.get(obs['phase'], obs['phase'])}{last}"
    lines = [f"draw pile: {plural(obs['deck_left'], 'card')}"]
    if obs["end_deck"]:
        lines.append(f"end-game deck: {plural(obs['end_deck'], 'card')} (last round)")
    lines.append(f"discard pile: {plural(sum(obs['discards']), 'card')}")
    climate = "climate" in obs

    def piles(x: float, y: float) -> list[str]:
        return [
            text(x, y + 15 + 19 * i, t, SMALL, cls="deck" if i == 0 else "pile") for i, t in enumerate(lines)
        ]

    items: list[_Piece] = [
        (text_width(title, BIG, True), 30, lambda x, y: [text(x, y + 22, title, BIG, "bold")]),
        (WATERING_HOLE_W, 60, lambda x, y: watering_hole(obs, x, y)),
        (max(text_width(t, SMALL) for t in lines), 19 * len(lines) + 2, piles),
    ]
    if food_cards_width(obs):
        items.insert(2, (food_cards_width(obs), 60, lambda x, y: food_cards(s.game, obs, x, y, climate)))
    room = width - 2 * _MARGIN
    whole = (room, 26, items[0][2])  # the title on a row of its own
    orders = [items, [items[0], items[-1], *items[1:-1]], [whole, *items[1:]]]

    def flow_of(order: list[_Piece]) -> tuple[Flow, list[str]]:
        flow, out = Flow(_MARGIN, 4, width - _MARGIN, 30, gap=14), []
        for w, h, draw in order:
            out += draw(*flow.place(w, h))
        return flow, out

    flow, out = min((flow_of(o) for o in orders), key=lambda f: f[0].bottom)  # the first of the lowest
    if climate:
        out += climate_track(s.game, obs["climate"], flow)
    return out, flow.bottom + 10


def _player(
    s: State,
    q: int,
    pl: Observation,
    obs: Observation,
    score: int | None,
    x0: float,
    y: float,
    width: float,
    marks: Marks,
    per_row: int | None = None,
) -> tuple[list[str], float]:
    """Player ``q``'s header, species boards (in rows) and visible hand in the block from ``x0``, ``width`` wide,
    from ``y``; returns the drawing and the next free ``y``. ``per_row``: the species boards in a row, stretched
    to fill the block's width (at most :data:`_STRETCH` times their width); default: as many as fit."""
    g = s.game
    out, h = player_header(q, pl, obs, score, x0, y, x0 + width)
    y += h + 6
    cols = max(1, int((width + GAP) // (BOARD_W + GAP)))
    bw: float = BOARD_W
    if per_row is not None:
        cols = max(1, min(per_row, cols))
        bw = min(_STRETCH * BOARD_W, max(BOARD_W, (width + GAP) / cols - GAP))
    species = pl["species"]
    for start in range(0, len(species), cols):
        chunk = species[start : start + cols]
        keys = [(q, start + i) for i in range(len(chunk))]
        marked = any(k in marks.targets or k in marks.blocked for k in keys)
        rh = max(species_height(sp, g, marked) for sp in chunk)
        for i, sp in enumerate(chunk):
            out += species_board(g, q, start + i, sp, x0 + i * (bw + GAP), y, rh, marks, bw)
        y += rh + GAP
    if not species:
        out.append(text(x0 + 8, y + 18, "no species", FONT, fill="#777"))
        y += 28
    hand = pl["hand"]
    if isinstance(hand, list) and hand:
        ccols = max(1, int((width + GAP) // (CARD_W + GAP)))
        for i, label in enumerate(hand):
            cx = x0 + (i % ccols) * (CARD_W + GAP)
            cy = y + (i // ccols) * (CARD_H + GAP)
            out.append(hand_card(g, q, label, cx, cy, marks.card == label, "climate" in obs))
        y += -(-len(hand) // ccols) * (CARD_H + GAP)
    return out, y + 10


def _layout(
    s: State, obs: Observation, width: float, marks: Marks, columns: int = 1, per_row: int | None = None
) -> tuple[list[str], float]:
    """The whole table ``width`` wide, the players' blocks in ``columns`` columns (P1, P2 on the first line ...),
    ``per_row`` species boards in a row (stretched to fill it; default: as many as fit). The note on assumed food
    values is drawn when ``obs["food_values_assumed"]`` (the board's explorer, which says it under its action
    list, drops the key)."""
    out, y = _header(s, obs, width)
    scores = s.scores() if hasattr(s, "scores") else [None] * len(obs["players"])
    block = (width - 2 * _MARGIN - (columns - 1) * _PLAYER_GAP) / columns
    players = obs["players"]
    for first in range(0, len(players), columns):
        bottom = y
        for c, q in enumerate(range(first, min(first + columns, len(players)))):
            part, end = _player(
                s,
                q,
                players[q],
                obs,
                scores[q],
                _MARGIN + c * (block + _PLAYER_GAP),
                y,
                block,
                marks,
                per_row,
            )
            out += part
            bottom = max(bottom, end)
        y = bottom
    fat = any(sp["fat"] or "fat-tissue" in str(sp["traits"]) for p in players for sp in p["species"])
    legend = (
        "A food bag holds the food a player's species ate (a point each). On a species board: a circle per "
        "population, green when fed this round"
        + ("; yellow circles: fat stored" if fat else "")
        + "; a dashed trait card is face down (only its owner sees it)"
        + (
            f"; on a card, {SUN} is a sun and {SNOW} a snowflake: when the food cards are revealed, the side with "
            "more icons moves the climate marker (towards the heat or the cold)."
            if "climate" in obs
            else "."
        )
    )
    for line in wrap_text(legend, width - 2 * _MARGIN, SMALL):
        out.append(text(_MARGIN, y + 14, line, SMALL, fill="#37474f", cls="legend"))
        y += 20
    if obs.get("food_values_assumed"):
        note = (
            "Food values on the cards are assumed (what a card adds to the watering hole as the food card): "
            "the official ones are not public."
        )
        for line in wrap_text(note, width - 2 * _MARGIN, SMALL):
            out.append(text(_MARGIN, y + 14, line, SMALL, fill="#9a1b1b", cls="assumed"))
            y += 20
    return out, y + 8


def _layouts(width: float, players: int) -> list[tuple[float, int]]:
    """The layouts worth trying in a box ``width`` wide: ``(layout width, player columns)`` for 1, 2 or 3 columns
    of players and 1, 2, ... species boards in a row, as many as the box holds (at least the narrowest readable
    table)."""
    out = set()
    for columns in range(1, min(players, 3) + 1):
        for k in range(1, 40):
            lw = 2 * _MARGIN + columns * (k * (BOARD_W + GAP) - GAP) + (columns - 1) * _PLAYER_GAP
            if lw > width and (columns > 1 or k > 1):
                break
            out.add((max(lw, min(width, _MIN_LAYOUT)) if columns == 1 else lw, columns))
    return sorted(out)


def _stretched(
    s: State, obs: Observation, marks: Marks, lw: float, room: float, columns: int, most: int
) -> tuple[float, list[str], float]:
    """The table laid out ``lw`` wide (wider than the layout chosen, whose zoom bounds the box's height or the
    text's size): its species boards stretched to fill their rows (issue 20: no empty strip beside the table).
    Of the players in ``columns`` or more columns, the one whose boards fill the width best (stretched at most
    :data:`_STRETCH` times) without being taller than ``room``."""
    best: tuple[tuple[bool, float, float], list[str], float] | None = None
    for c in range(columns, min(len(obs["players"]), 3) + 1):
        block = (lw - 2 * _MARGIN - (c - 1) * _PLAYER_GAP) / c
        if c > columns and block < BOARD_W:  # a player's column narrower than a board: boards would overlap
            break
        k = max(1, min(most, int((block + GAP) // (BOARD_W + GAP))))
        fill = min(1.0, (k * (_STRETCH * BOARD_W + GAP)) / (block + GAP))
        out, h = _layout(s, obs, lw, marks, c, k)
        fits = h <= room + 1
        key = (fits, fill if fits else -h, -h)
        if best is None or key > best[0]:
            best = (key, out, h)
    assert best is not None
    return lw, best[1], best[2]


def table_svg(
    s: State,
    viewer: int | None = None,
    marks: Marks | None = None,
    width: float = WIDTH,
    height: float | None = None,
    assumed_note: bool = True,
) -> str:
    """The table as ``viewer`` may see it (``None``: the teacher), with the board's ``marks``, for a box ``width``
    pixels wide (and ``height`` high, when known): of the layouts with the players in 1, 2 or 3 columns and 1, 2,
    ... species boards in a row, the one shown largest in that box (zoomed to fill its width or its height, at
    most :data:`MAX_ZOOM` times); when that leaves room beside it, its species boards are stretched (and its
    players put in more columns) to fill the width, then zoomed as far as the box's height allows
    (:func:`_stretched`). The text is never shown smaller than laid out (at least 14 px): a table taller than the
    box then scrolls. ``assumed_note``: the footnote that the cards' food values are assumed (off on the explorer's
    board: the explorer says it once, under its action list, and in its badge)."""
    marks = marks or Marks()
    marks.blocked_words = {k: _short_block(s.game, v) for k, v in marks.blocked.items()}
    obs = s.observation(viewer)
    if not assumed_note:
        obs = {**obs, "food_values_assumed": False}
    width = max(float(width), 1.0)
    best: tuple[tuple[bool, float], float, float, list[str], float, int, int] | None = None
    layouts = _layouts(width, len(obs["players"]))
    if not height:  # no height known: the widest one-column layout that fits the width
        layouts = [max(x for x in layouts if x[1] == 1)]
    most = max([len(p["species"]) for p in obs["players"]] + [1])
    for lw, columns in layouts:
        out, h = _layout(s, obs, lw, marks, columns)
        zoom = min(width / lw, (height / h) if height else MAX_ZOOM, MAX_ZOOM)
        fits = zoom >= 1
        # a player's species side by side read as their row on the table: a layout that stacks them one by one
        # (when two would fit side by side) must be clearly larger to be chosen
        per_row = int(((lw - 2 * _MARGIN - (columns - 1) * _PLAYER_GAP) / columns + GAP) // (BOARD_W + GAP))
        stacked = per_row < min(most, 2)
        key = (fits, zoom * (0.85 if stacked else 1.0) if fits else -h)
        if best is None or key > best[0]:
            best = (key, lw, max(zoom, 1.0), out, h, columns, per_row)
    assert best is not None
    _key, lw, zoom, out, h, columns, _per_row = best
    if lw * zoom < width - 4:
        lw, out, h = _stretched(s, obs, marks, width / zoom, (height / zoom) if height else h, columns, most)
        if height:  # the stretched table is shorter: the largest zoom at which it still fits the box
            lo, hi = zoom, min(height / h, MAX_ZOOM)
            for _ in range(5):
                if hi < lo * 1.02:
                    break
                z = (lo + hi) / 2 if _ else hi
                lw2, out2, h2 = _stretched(s, obs, marks, width / z, height / z, columns, most)
                if h2 * z <= height + 1:
                    lo, (lw, out, h, zoom) = z, (lw2, out2, h2, z)
                else:
                    hi = z
    return (
        f'<svg class="evo-evolution-table" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {lw:.0f} {h:.0f}" '
        f'width="{lw * zoom:.0f}" height="{h * zoom:.0f}" font-family="sans-serif" data-zoom="{zoom:.3g}" '
        f'data-viewer="{"" if viewer is None else viewer}"><rect width="{lw:.0f}" height="{h:.0f}" '
        'fill="#ffffff"/>' + "".join(out) + "</svg>"
    )


def draw_state(s: State, viewer: int | None = None) -> str:
    """The position as SVG as ``viewer`` may see it (``None``: the teacher sees everything): the table, 1000
    units wide, without marks."""
    return table_svg(s, viewer, width=1000)
