"""The pieces of Evolution's table drawing (:mod:`.svg`): text and chips laid out in rows that wrap, the watering
hole with the food cards around it, a player's header, a species board with its tokens and trait cards, a hand
card. Every size is in SVG user units, which are pixels when the table is shown at the width it was laid out for
(:func:`.svg.table_svg`): no text is smaller than :data:`SMALL`.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ...views.colours import seat_colour
from .words import label_words, trait_words

if TYPE_CHECKING:
    from .game import Game
    from .svg import Marks, Observation

__all__ = [
    "BIG",
    "BOARD_W",
    "CARD_H",
    "CARD_W",
    "FONT",
    "GAP",
    "SMALL",
    "Flow",
    "chip",
    "SNOW",
    "SUN",
    "WATERING_HOLE_W",
    "climate_icons",
    "food_cards",
    "food_cards_width",
    "hand_card",
    "icon_texts",
    "icons_width",
    "player_header",
    "species_board",
    "species_height",
    "text",
    "text_width",
    "trait_colour",
    "trait_of_label",
    "watering_hole",
]

#: Font sizes (user units = pixels at the layout width): the smallest text of the table is 14 px.
SMALL, FONT, BIG = 14, 15, 19
BOARD_W = 172  # a species board
CARD_W, CARD_H = 150, 56  # a card of the hand
GAP = 8
_TRAIT_H, _TOKEN = 25, 18
_FOOD_CARD_W = 62  # a face-down food card by the watering hole: its player and "food +3"
_FOOD_CARD_STEP = _FOOD_CARD_W + 6
#: The width of the watering hole (an ellipse with its plant food).
WATERING_HOLE_W = 150
#: The icons' colours (sun, snowflake) on a hand card (light) and on a food card (brown).
_ICON_ON_WHITE, _ICON_ON_BROWN = ("#d35400", "#1f6fb2"), ("#ffd54f", "#e1f5fe")
_KIND_COLOURS = {
    "carnivore": "#b03a2e",
    "attack": "#76448a",
    "defence": "#1f618d",
    "feeding": "#1e8449",
    "start": "#9a6410",
    "climate": "#4d5d6e",
}


def text_width(s: str, size: float, bold: bool = False) -> float:
    """A generous estimate of the width of ``s`` in a sans-serif font (for layout only)."""
    return len(s) * size * (0.57 if bold else 0.53)


def wrap_text(s: str, width: float, size: float) -> list[str]:
    """``s`` in lines no wider than ``width`` (by :func:`text_width`'s estimate)."""
    lines, cur = [], ""
    for word in s.split():
        cand = f"{cur} {word}".strip()
        if cur and text_width(cand, size) > width:
            lines.append(cur)
            cur = word
        else:
            cur = cand
    return lines + ([cur] if cur else [])


def text(
    x: float,
    y: float,
    s: str,
    size: float = FONT,
    weight: str = "normal",
    fill: str = "#222",
    anchor: str = "start",
    cls: str = "",
    fit: float | None = None,
) -> str:
    """An SVG text; ``fit``: the width it may take at most (a longer text is narrowed to it with
    ``textLength``, its font size kept)."""
    c = f' class="{cls}"' if cls else ""
    if fit is not None and text_width(s, size, weight == "bold") > fit:
        c += f' textLength="{fit:.1f}" lengthAdjust="spacingAndGlyphs"'
    return (
        f'<text{c} x="{x:.1f}" y="{y:.1f}" font-size="{size:g}" font-weight="{weight}" fill="{fill}" '
        f'text-anchor="{anchor}">{escape(s)}</text>'
    )


class Flow:
    """Items of known width placed left to right from ``x0``, wrapping at ``right`` onto a new line
    ``line_h`` lower (the layout of header chips and table pieces on a narrow screen)."""

    def __init__(self, x0: float, y0: float, right: float, line_h: float, gap: float = 10):
        self.x0, self.x, self.y, self.right, self.line_h, self.gap = x0, x0, y0, right, line_h, gap
        self.bottom = y0 + line_h

    def place(self, width: float, height: float | None = None) -> tuple[float, float]:
        """The top left corner of the next item of ``width`` (and ``height``, default one line)."""
        h = self.line_h if height is None else height
        if self.x > self.x0 and self.x + width > self.right:
            self.x, self.y = self.x0, self.bottom + self.gap / 2
        at = (self.x, self.y)
        self.x += width + self.gap
        self.bottom = max(self.bottom, self.y + h)
        return at


def chip(
    flow: Flow, s: str, size: float = FONT, weight: str = "normal", fill: str = "#222", cls: str = ""
) -> str:
    """``s`` as the next item of ``flow`` (its baseline in the middle of the line)."""
    x, y = flow.place(text_width(s, size, weight == "bold"))
    return text(x, y + flow.line_h * 0.7, s, size, weight, fill, cls=cls)


def trait_of_label(game: Game, label: str) -> tuple[str, int | None]:
    """``("horns", 2)`` for the card label ``"horns+2"`` (the food value from the deck); a bare trait id (a
    trait without a known card) has no food value."""
    k = game.label_kind.get(label)
    if k is None:
        return label, None
    c = game.deck.cards[k]
    return c.trait, c.food


def trait_colour(trait: str) -> str:
    """The colour of a trait's kind (carnivore, attack, defence, feeding, start of feeding, climate)."""
    from .traits import REGISTRY

    if trait == "carnivore":
        return _KIND_COLOURS["carnivore"]
    entry = REGISTRY.get(trait)
    return _KIND_COLOURS.get(entry.kind, "#555") if entry else "#555"


#: The Climate icons drawn on a card: a sun and a snowflake (the legend says which is which).
SUN, SNOW = "\u2600", "\u2744"


def climate_icons(game: Game, label: str) -> list[tuple[str, str]]:
    """A card's Climate icons as short texts, ``(kind, text)``: one glyph per icon up to two (``"\u2600\u2600"``),
    a count from three (``"3 \u2600"``); suns first. None for a card without icons or an unknown label.

    >>> import evo_lab
    >>> g = evo_lab.make_game("evolution-climate", players=2, seed=1)
    >>> climate_icons(g, "burrowing-3~sun"), climate_icons(g, "horns+1~snow"), climate_icons(g, "horns+2")
    ([('sun', '☀')], [('snow', '❄')], [])
    """
    k = game.label_kind.get(label)
    if k is None:
        return []
    c = game.deck.cards[k]
    return [
        (kind, glyph * n if n <= 2 else f"{n} {glyph}")
        for kind, glyph, n in (("sun", SUN, c.sun), ("snow", SNOW, c.snow))
        if n > 0
    ]


def icons_width(icons: list[tuple[str, str]], size: float) -> float:
    """The width the icons' texts take (a glyph about one em wide), with a 4 unit gap between them."""
    return sum(
        sum(size * (0.95 if ch in (SUN, SNOW) else 0.55) for ch in t) + 4 for _k, t in icons
    ) - 4 * bool(icons)


def icon_texts(
    icons: list[tuple[str, str]], right: float, y: float, size: float, colours: tuple[str, str]
) -> list[str]:
    """The icons' texts ending at ``right`` on baseline ``y`` (suns in ``colours[0]``, snowflakes in
    ``colours[1]``), each a ``text`` of class ``sun`` or ``snow``."""
    out, x = [], right
    for kind, t in reversed(icons):
        out.append(text(x, y, t, size, "bold", colours[kind == "snow"], "end", cls=kind))
        x -= icons_width([(kind, t)], size) + 4
    return out


def _trait_bar(game: Game, x: float, y: float, w: float, label: str | None, down: bool) -> list[str]:
    """One trait card on a species board: its printed name, dashed when face down (the owner's
    view), grey and unnamed when the viewer may not see it."""
    if label is None:
        return [
            (
                f'<rect class="trait hidden" x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{_TRAIT_H - 3}" rx="4" '
                'fill="#9e9e9e"/>'
            ),
            text(x + 7, y + 16, "face-down trait", SMALL, fill="#fff"),
        ]
    trait = trait_of_label(game, label)[0]
    name = trait_words(game, trait)
    dash = ' stroke="#222" stroke-dasharray="4 3"' if down else ""
    out = [
        (
            f'<rect class="trait" x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{_TRAIT_H - 3}" rx="4" '
            f'fill="{trait_colour(trait)}" opacity="{0.62 if down else 1}"{dash}><title>{escape(label_words(game, label))}'
            f"{' (face down: revealed at the feeding)' if down else ''}</title></rect>"
        )
    ]
    # a trait in play shows no food value: it counts only for a card in hand or placed as the food card (a value
    # here read as what the trait costs); its title names the card, value included
    value = "down" if down else ""
    room = w - 13 - (text_width(value, SMALL, True) + 6 if value else 0)
    out.append(text(x + 7, y + 16, name, SMALL, "bold", "#fff", fit=room))
    if value:
        out.append(text(x + w - 6, y + 16, value, SMALL, "bold", "#fff", anchor="end"))
    return out


def _tokens(
    x: float, y: float, n: int, filled: int, fill: str, stroke: str, cls: str, width: float = BOARD_W
) -> list[str]:
    step = min(_TOKEN, (width - 20) / max(n, 1))
    return [
        f'<circle class="{cls}{" on" if i < filled else ""}" cx="{x + 12 + i * step:.1f}" cy="{y:.1f}" r="7" '
        f'fill="{fill if i < filled else "#fff"}" stroke="{stroke}" stroke-width="1.5"/>'
        for i in range(n)
    ]


def species_height(sp: Observation, game: Game, marked: bool) -> float:
    """The height of a species board: its header, sizes, food (and fat) tokens, trait cards and a mark line."""
    fat = bool(sp["fat"]) or any(t and trait_of_label(game, t)[0] == "fat-tissue" for t in sp["traits"])
    return 24 + 26 + 22 + (20 if fat else 0) + len(sp["traits"]) * _TRAIT_H + 10 + (24 if marked else 0)


def species_board(
    game: Game,
    q: int,
    j: int,
    sp: Observation,
    x: float,
    y: float,
    h: float,
    marks: Marks,
    w: float = BOARD_W,
) -> list[str]:
    """Species ``j`` of player ``q`` at ``(x, y)``, ``w`` wide (at least :data:`BOARD_W`: a board stretched to
    fill its row) and ``h`` high: a ``g.species`` the board widget listens to."""
    key = (q, j)
    cls, stroke, width, dash = "species", "#8d6e63", 1.5, ""
    band: list[str] = []
    if key in marks.targets:
        cls += " target"
        stroke, width, dash = "#c40000", 3, ' stroke-dasharray="7 4"'
        band.append(text(x + 8, y + h - 9, "click to attack", SMALL, "bold", "#c40000"))
    elif key in marks.blocked:
        cls += " blocked"
        stroke = "#9e9e9e"
        band.append(
            text(x + 8, y + h - 9, f"blocked: {marks.blocked_words.get(key, '')}", SMALL, fill="#555")
        )
    if marks.selected == key:
        cls += " selected"
        stroke, width, dash = "#d6007e", 4, ""
    action = f' data-action="{escape(marks.targets[key])}"' if key in marks.targets else ""
    out = [
        f'<g class="{cls}" data-player="{q}" data-species="{j}"{action} style="cursor:pointer">',
        (
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="9" fill="#fbf6e9" '
            f'stroke="{stroke}" stroke-width="{width}"{dash}/>'
        ),
        text(x + 8, y + 18, f"species {j + 1}", SMALL, "bold", "#6d4c41"),
        text(x + 8, y + 43, f"body {sp['body']}", 16, "bold", cls="body"),
        text(x + w - 8, y + 43, f"population {sp['pop']}", 16, "bold", anchor="end", cls="pop"),
    ]
    ty = y + 62
    out += _tokens(x, ty, sp["pop"], sp["food"], "#43a047", "#2e7d32", "food", w)
    fat = bool(sp["fat"]) or any(t and trait_of_label(game, t)[0] == "fat-tissue" for t in sp["traits"])
    if fat:
        ty += 20
        out += _tokens(x, ty, sp["body"], sp["fat"], "#f4c20d", "#b8860b", "fat", w)
    for i, (label, down) in enumerate(zip(sp["traits"], sp["face_down"])):
        out += _trait_bar(game, x + 6, ty + 12 + i * _TRAIT_H, w - 12, label, down)
    out += band
    out.append("</g>")
    return out


def hand_card(
    game: Game, q: int, label: str, x: float, y: float, selected: bool, climate: bool = False
) -> str:
    """A card of a hand the viewer may see: a ``g.card`` (click to select it) with the trait's printed name, its
    food value and (``climate``: in a Climate game) its Climate icons."""
    trait, food = trait_of_label(game, label)
    colour = trait_colour(trait)
    sel = ' stroke="#d6007e" stroke-width="4"' if selected else f' stroke="{colour}" stroke-width="1.5"'
    parts = [
        (
            f'<g class="card{" selected" if selected else ""}" data-player="{q}" data-card="{escape(label)}" '
            f'style="cursor:pointer"><title>{escape(label_words(game, label))}</title>'
        ),
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="#fffdf5"{sel}/>',
        f'<rect x="{x + 2:.1f}" y="{y + 2:.1f}" width="{CARD_W - 4}" height="6" rx="3" fill="{colour}"/>',
        text(x + 8, y + 27, trait_words(game, trait), SMALL, "bold", colour),
        text(x + 8, y + 47, "food" if food is None else f"food {food:+d}", SMALL, fill="#37474f"),
        *(
            icon_texts(climate_icons(game, label), x + CARD_W - 8, y + 49, 20, _ICON_ON_WHITE)
            if climate
            else []
        ),
        "</g>",
    ]
    return "".join(parts)


def watering_hole(obs: Observation, x: float, y: float) -> list[str]:
    """The watering hole and its plant food, :data:`WATERING_HOLE_W` wide and 60 high from ``(x, y)``."""
    n, cx = obs["wh"], x + WATERING_HOLE_W / 2
    return [
        (
            f'<ellipse class="watering-hole" cx="{cx:.1f}" cy="{y + 30:.1f}" rx="{WATERING_HOLE_W / 2 - 1:.1f}" '
            'ry="29" fill="#b3e5fc" stroke="#0277bd" stroke-width="2"/>'
        ),
        text(cx, y + 24, "watering hole", SMALL, fill="#01579b", anchor="middle"),
        text(cx, y + 46, f"{n} plant food", 16, "bold", "#01579b", "middle", cls="wh"),
    ]


_FOOD_CARDS_LABEL = "food cards: face down until revealed"


def food_cards_width(obs: Observation) -> float:
    """The width of this round's food cards with their label (0 when none is placed)."""
    n = sum(p["food_card"] is not None for p in obs["players"])
    return max(n * _FOOD_CARD_STEP, text_width(_FOOD_CARDS_LABEL, SMALL)) if n else 0


def food_cards(game: Game, obs: Observation, x: float, y: float, climate: bool) -> list[str]:
    """This round's food cards from ``(x, y)``, 60 high: one per player who placed one, under a label; a card the
    viewer may see shows its food value and (``climate``) its Climate icons, a face-down one only its player."""
    out = [text(x, y + 13, _FOOD_CARDS_LABEL, SMALL, fill="#6d4c41")]
    cards = [(q, p["food_card"]) for q, p in enumerate(obs["players"]) if p["food_card"] is not None]
    for i, (q, fc) in enumerate(cards):
        px = x + i * _FOOD_CARD_STEP
        value, icons = "", []
        if isinstance(fc, str):
            food = trait_of_label(game, fc)[1]
            value = "" if food is None else f"food {food:+d}"
            icons = climate_icons(game, fc) if climate else []
        title = label_words(game, fc) if isinstance(fc, str) else "face down"
        who = (
            text(px + 6, y + 36, f"P{q + 1}", SMALL, "bold", "#fff")
            + "".join(icon_texts(icons, px + _FOOD_CARD_W - 5, y + 37, 18, _ICON_ON_BROWN))
            if icons
            else text(px + _FOOD_CARD_W / 2, y + 36, f"P{q + 1}", SMALL, "bold", "#fff", "middle")
        )
        out.append(
            f'<g class="food-card"><title>P{q + 1}\'s food card: {escape(title)}</title>'
            f'<rect x="{px:.1f}" y="{y + 19:.1f}" width="{_FOOD_CARD_W}" height="40" rx="5" fill="#8d6e63" '
            f'stroke="{seat_colour(q)}" stroke-width="3"/>'
            + who
            + (text(px + _FOOD_CARD_W / 2, y + 54, value, SMALL, "bold", "#fff", "middle") if value else "")
            + "</g>"
        )
    return out


def player_header(
    q: int, pl: Observation, obs: Observation, score: int | None, x: float, y: float, right: float
) -> tuple[list[str], float]:
    """A player's line above their species: name (first player, to act), food bag, hand, food card, score;
    wraps on a narrow table. Returns the drawing and its height."""
    flow = Flow(x + 8, y + 2, right - 8, 24, gap=14)
    col = seat_colour(q)
    acts = q == obs["turn"] and obs["phase"] in ("food", "play", "feed")
    out = [chip(flow, f"P{q + 1}", BIG, "bold", col)]
    if q == obs["first"]:
        out.append(chip(flow, "first player", FONT, "bold", "#37474f"))
    if acts:
        out.append(chip(flow, "to act", FONT, "bold", "#c2006b"))
    out.append(chip(flow, f"food bag {pl['bag']}", FONT, cls="bag"))
    hand = pl["hand"]
    n = len(hand) if isinstance(hand, list) else hand
    out.append(chip(flow, f"{n} card{'s' if n != 1 else ''}", FONT))
    if pl["food_card"] is not None:
        out.append(chip(flow, "food card placed", FONT, fill="#6d4c41"))
    if score is not None:
        out.append(chip(flow, f"score {score}", FONT, fill="#37474f"))
    h = flow.bottom - y + 6
    box = (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{right - x:.1f}" height="{h:.1f}" rx="6" fill="{col}" '
        'opacity="0.10"/>'
    )
    return [box] + out, h
