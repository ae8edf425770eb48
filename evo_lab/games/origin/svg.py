"""Drawing the table: an SVG string (``state.to_svg()``, ``_repr_svg_`` in Jupyter, the Explorer's board) and a
text table in words (``str(state)``), both from ``state.observation(viewer)``, so the game's observer decides what
each viewer sees (a hand is shown to its owner and to the teacher; the others see how many cards it has).

The table is laid out for the box it is shown in (``width``: the Explorer's board reports its box): as many animals
to a line as the width holds (four at the default :data:`WIDTH`), the cards widened to fill the line, the header,
the players' lines and the hands wrapped when narrow; a box wider than :data:`WIDTH` shows the default layout
zoomed to fill it (at most :data:`MAX_ZOOM` times), so that its text is never smaller than drawn. Given the box's
height too (``height``: the Explorer's board), the table fills the box (:func:`fit_layout`): fewer animals to a
line and a larger zoom while it stays no higher than the box, so that no empty strip is left under it.

The header has the turn and phase, the food bank as red tokens with the dice it is rolled with ("two dice
(2d6)", :func:`.words.dice_words` of the game's dice) and the deck. Each player has a band (blue when it is their
decision): the name, the hand (each card with its traits one to a line and the food each adds, "Carnivorous (+1
food)", :func:`card_lines`), the discard pile and the points; then the animals left to right, each a card with its
number ("animal 2"), its need and food (red and blue tokens, rings for the food still needed) and its trait cards
tucked under it, each with its full printed name and the food it adds ("+1 food" on a wide card; "+1" with a key
under the header on a narrow one); a Fat Tissue card carries its fat token (yellow when full).
Paired traits (Communication, Cooperation, Symbiosis) are links drawn under the row between their two animals
with the trait's name (Symbiosis with an arrow to the protected animal). An open attack is a red arrow.

The Explorer's board (:mod:`evo_lab.views.games.origin.board`) adds :class:`Marks`: the selected animal, the prey of
a selected carnivore with the chance that the attack eats it ("eaten: 1/2 (50%)"), the animals a trait keeps safe
from it with why ("safe: only a carnivore with Swimming may attack it", :func:`safe_words`), and the animals the
player to act may use. Every animal is a ``<g class="animal" data-animal data-player>`` to click. Text is 14 px
or more at the drawing's own size.

>>> from evo_lab.games.origin import build_position
>>> s = build_position(players=2, bank=4, animals=["$A carn fat+ +, $B coop$C, $C", "$D camo"], hands=["swim", ""])
>>> svg = s.to_svg(viewer=0)
>>> svg.startswith("<svg") and svg.count('class="animal') == 4 and ">Cooperation<" in svg and ">Carnivorous<" in svg
True
>>> "one die plus 2 (1d6 + 2)" in svg              # the dice for two players (reference §4.2)
True
>>> narrow = table_svg(s, viewer=0, width=400)      # a narrow column: two animals to a line, nothing wider
>>> narrow.split('data-width="')[1].split('"')[0], narrow.split('data-per-line="')[1].split('"')[0]
('400', '2')
>>> wide = table_svg(s, viewer=0, width=990)        # a wide one: the default layout zoomed
>>> wide.split('data-zoom="')[1].split('"')[0]
'1.5'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING

from evo_lab.views.colours import seat_colour

from ...core.words import plural
from .printed import text_table
from .svg_layout import (
    BLUE,
    CARD_TOP,
    CARD_W,
    CHAR_W,
    FONT,
    GAP,
    KIND_COLOURS,
    KINDS,
    MARGIN,
    MAX_ZOOM,
    RED,
    STRIP_H,
    WIDTH,
    YELLOW,
    Layout,
    dot,
    header,
    layout_for,
    text,
    card_lines,
    cost_key,
    long_costs,
    safe_words,
    short_block,
    text_w,
    trait_label,
    wrap,
    zoomed,
)

if TYPE_CHECKING:
    from .game import OriginGame
    from .model import JSONObject
    from .state import OriginState

__all__ = [
    "FONT",
    "MAX_ZOOM",
    "WIDTH",
    "Layout",
    "Marks",
    "card_height",
    "draw",
    "layout_for",
    "safe_words",
    "short_block",
    "trait_label",
    "card_lines",
    "fit_layout",
    "table_svg",
    "text_table",
]


@dataclass
class Marks:
    """What the Explorer's board marks: the ``selected`` animal id (0: none), the prey of a selected carnivore
    (``targets``: id -> a short text such as "eaten 1/2", and ``actions``: id -> the action string a click plays
    when the attack is legal now), ``blocked`` (id -> the trait that protects it) and ``active`` (the animals the
    player to act may use)."""

    selected: int = 0
    targets: dict[int, str] = field(default_factory=dict)
    actions: dict[int, str] = field(default_factory=dict)
    blocked: dict[int, str] = field(default_factory=dict)
    active: set[int] = field(default_factory=set)


def _trait_id(game: OriginGame, abbr: str) -> int:
    return int(game.abbr_index[abbr])


def note_lines(marks: Marks | None, aid: int, cw: float) -> list[str]:
    """The Explorer's note on an animal (a prey's chance, or why it is safe), in lines that fit a card ``cw``
    wide."""
    if marks is None:
        return []
    note = marks.targets.get(aid) or (safe_words(marks.blocked[aid]) if aid in marks.blocked else "")
    return wrap(note, cw - 20, 14, True) if note else []


def card_height(a: JSONObject, marks: Marks | None = None, cw: float = CARD_W) -> int:
    """The height of an animal's card: its traits, its flags and the Explorer's note on it."""
    lines = len(note_lines(marks, a["id"], cw))
    return (
        CARD_TOP
        + STRIP_H * len(a["traits"])
        + (26 if a["sleeping"] or a["poisoned"] else 8)
        + (18 * lines + 8 if lines else 0)
    )


def _strip(game: OriginGame, t: int, x: float, y: float, fat_full: bool | None, cw: float) -> list[str]:
    tid = game.trait_ids[t]
    fill, border = KIND_COLOURS.get(KINDS.get(tid, "food"), KIND_COLOURS["food"])
    rect = (
        f'<rect x="{x + 5:.0f}" y="{y:.0f}" width="{cw - 10:.0f}" height="{STRIP_H - 3}" rx="4" fill="{fill}" '
        f'stroke="{border}" stroke-width="1"/>'
    )
    name = str(game.trait_names[t])
    out = [rect, text(x + 10, y + 14, name, 14, fill="#1b1b1b")]
    cost = game.food_of[t]
    if cost:  # "+1 food" when it fits beside the name, else "+1" (its tooltip says what it means)
        label = f"+{cost} food" if long_costs(cw) else f"+{cost}"
        tip = f"<title>{escape(name)}: the animal needs {plural(cost, 'more food token')}</title>"
        out.append(
            f'<g class="food-cost">{tip}{text(x + cw - 10, y + 14, label, 14, "bold", border, "end")}</g>'
        )
    if fat_full is not None:
        out.append(dot(x + cw - 18, y + 9, YELLOW if fat_full else None, ring=YELLOW, r=6))
    return out


def _animal(
    game: OriginGame, a: JSONObject, num: int, x: float, y: float, marks: Marks, mover: int, cw: float
) -> list[str]:
    aid = a["id"]
    h = card_height(a, marks, cw)
    sel, prey, blocked = aid == marks.selected, aid in marks.targets, aid in marks.blocked
    border, width, dash = (
        ("#1565c0", 3.5, "")
        if sel
        else (RED, 3, ' stroke-dasharray="7,4"')
        if prey
        else ("#2e7d32" if a["fed"] else "#666", 1.4, "")
    )
    fill = (
        "#ececec" if blocked else ("#fffdf5" if aid not in marks.active or mover != a["owner"] else "#fffaf0")
    )
    act = f' data-action="{escape(marks.actions[aid])}"' if aid in marks.actions else ""
    cls = (
        "animal"
        + (" target" if prey else "")
        + (" selected" if sel else "")
        + (" blocked" if blocked else "")
    )
    card = (
        f'<rect x="{x:.0f}" y="{y:.0f}" width="{cw:.0f}" height="{h}" rx="8" fill="{fill}" stroke="{border}" '
        f'stroke-width="{width}"{dash}/>'
    )
    out = [
        f'<g class="{cls}" data-animal="{aid}" data-player="{a["owner"]}" data-index="{num}"{act}>',
        card,
        text(x + 8, y + 18, f"animal {num}", 15, "bold"),
        text(x + cw - 8, y + 18, f"needs {a['need']}", 14, fill="#444", anchor="end"),
    ]
    cx = x + 14
    for i in range(max(a["need"], a["red"] + a["blue"])):
        col = RED if i < a["red"] else BLUE if i < a["red"] + a["blue"] else None
        out.append(dot(cx, y + 36, col))
        cx += 16
    if a["fed"]:
        out.append(text(x + cw - 8, y + 41, "fed", 14, "bold", "#2e7d32", "end"))
    fat_seen = 0
    for k, abbr in enumerate(a["traits"]):
        t = _trait_id(game, abbr)
        full = None
        if t == game.FAT:
            full = fat_seen < a["fat_full"]
            fat_seen += 1
        out += _strip(game, t, x, y + CARD_TOP - 4 + STRIP_H * k, full, cw)
    flags = [w for w, on in (("hibernating", a["sleeping"]), ("poisoned", a["poisoned"])) if on]
    note = note_lines(marks, aid, cw)
    nh = 18 * len(note) + 8 if note else 0
    if flags:
        out.append(text(x + 8, y + h - 8 - nh, ", ".join(flags), 14, "bold", "#8e1b1b"))
    if note:
        tip = escape(marks.blocked.get(aid, "") and f"cannot be attacked: {marks.blocked[aid]}")
        out.append(
            f'<rect class="note" x="{x + 5:.0f}" y="{y + h - nh - 3:.0f}" width="{cw - 10:.0f}" height="{nh:.0f}" '
            f'rx="9" fill="{RED if prey else "#546e7a"}">'
            + (f"<title>{tip}</title>" if tip else "")
            + "</rect>"
        )
        for k, line in enumerate(note):
            out.append(text(x + cw / 2, y + h - nh + 11 + 18 * k, line, 14, "bold", "white", "middle"))
    out.append("</g>")
    return out


def _links(
    game: OriginGame,
    links: list[JSONObject],
    pos: dict[int, tuple[float, float, float]],
    lanes_y: float,
    cw: float,
) -> list[str]:
    """Each paired trait as a path under the cards between its two animals, with the trait's name."""
    out = []
    for k, L in enumerate(links):
        if L["a"] not in pos or L["b"] not in pos:
            continue
        (x1, y1, h1), (x2, y2, h2) = pos[L["a"]], pos[L["b"]]
        t = _trait_id(game, L["trait"])
        col = {"communication": RED, "cooperation": BLUE}.get(game.trait_ids[t], "#2e7d32")
        yl = lanes_y + 12 + 22 * k
        ax, bx = x1 + cw / 2 + (k % 3 - 1) * 14, x2 + cw / 2 + (k % 3 - 1) * 14
        arrow = ' marker-end="url(#origin-arrow)"' if game.directed[t] else ""
        out.append(
            f'<path d="M{ax:.0f},{y1 + h1:.0f} L{ax:.0f},{yl:.0f} L{bx:.0f},{yl:.0f} L{bx:.0f},{y2 + h2:.0f}" '
            f'fill="none" stroke="{col}" stroke-width="2.2"{arrow}/>'
        )
        name = str(game.trait_names[t])
        mid, w = (ax + bx) / 2, len(name) * CHAR_W + 12
        out.append(
            f'<rect x="{mid - w / 2:.0f}" y="{yl - 10:.0f}" width="{w:.0f}" height="20" rx="9" fill="white" '
            f'stroke="{col}"/>'
        )
        out.append(text(mid, yl + 5, name, 14, "bold", col, "middle"))
    return out


def _hand_cards(
    game: OriginGame, cards: dict[str, int], x0: float, y: float, right: float
) -> tuple[list[str], float]:
    """A visible hand as small cards, each with its traits and the food each adds ("Poisonous / Carnivorous (+1
    food)", :func:`card_lines`; a trait to a line when the row is too narrow), wrapping at ``right``; returns the
    drawing and the height used."""
    out: list[str] = []
    x, top, row_h = x0, y, 0.0
    for cid, k in cards.items():
        lines = card_lines(game, game.card_index[cid])
        if k > 1:
            lines[0] = f"{k} cards: {lines[0]}"
        if text_w(" / ".join(lines)) + 16 <= right - x0:  # a card on one line when the row holds it
            lines = [" / ".join(lines)]
        w = max(text_w(line) for line in lines) + 16
        h = 20 * len(lines) + 6
        if x + w > right and x > x0:
            x, top, row_h = x0, top + row_h + 6, 0.0
        body = "".join(text(x + 8, top + 17 + 20 * i, line, 14) for i, line in enumerate(lines))
        out.append(
            f'<g class="hand-card" data-card="{escape(cid)}"><rect x="{x:.0f}" y="{top:.0f}" width="{w:.0f}" '
            f'height="{h}" rx="5" fill="#f4efe3" stroke="#8d6e63"/>{body}</g>'
        )
        x += w + 6
        row_h = max(row_h, h)
    return out, top + row_h - y + 4


def _band(
    game: OriginGame,
    obs: JSONObject,
    p: int,
    y0: float,
    marks: Marks,
    pos: dict[int, tuple[float, float, float]],
    lay: Layout,
) -> tuple[list[str], float]:
    """Player ``p``'s band from ``y0``: its drawing and its height."""
    hand = obs["hands"][p]
    head = f"P{p + 1}" + (
        " (passed)" if obs["passed"][p] and obs["phase"] in ("development", "feeding") else ""
    )
    info = (
        f"{plural(hand['size'], 'card') if hand['size'] else 'no cards'} in hand, discard pile "
        f"{plural(obs['discard'][p]['size'], 'card')}, {plural(obs['scores'][p], 'point')}"
    )
    out = [text(MARGIN, y0 + 18, head, 17, "bold", seat_colour(p))]
    y = y0 + 28
    if MARGIN + 120 + text_w(info) <= lay.right:
        out.append(text(MARGIN + 120, y0 + 18, info, 14, fill="#333"))
    else:  # a narrow table: the counts under the name
        for line in wrap(info, lay.right - MARGIN):
            out.append(text(MARGIN, y + 14, line, 14, fill="#333"))
            y += 20
    if hand["cards"]:  # a hand the viewer may see (the observer decides)
        out.append(text(MARGIN, y + 16, "hand:", 14, fill="#555"))
        cards, hh = _hand_cards(game, hand["cards"], MARGIN + 46, y, lay.right)
        out += cards
        y += hh + 4
    animals = obs["animals"][p]
    if not animals:
        out.append(text(MARGIN, y + 16, "no animals", 14, fill="#777"))
        return out, y + 26 - y0
    ids = {a["id"] for a in animals}
    links = [L for L in obs["links"] if L["a"] in ids and L["b"] in ids]
    line_of: dict[int, int] = {}
    cw = lay.card_w
    for li, start in enumerate(range(0, len(animals), lay.per_line)):
        line = animals[start : start + lay.per_line]
        for i, a in enumerate(line):
            x = MARGIN + i * (cw + GAP)
            pos[a["id"]] = (x, y + 12, card_height(a, marks, cw))
            line_of[a["id"]] = li
            out += _animal(game, a, start + i + 1, x, y + 12, marks, obs["to_act"], cw)
        y += 12 + max(card_height(a, marks, cw) for a in line)
        here = [L for L in links if line_of.get(L["a"]) == li and line_of.get(L["b"]) == li]
        out += _links(game, here, pos, y, cw)
        y += 22 * len(here) + 6
    across = [L for L in links if line_of[L["a"]] != line_of[L["b"]]]
    out += _links(game, across, pos, y, cw)
    y += 22 * len(across)
    return out, y - y0 + 6


def _attack_arrow(attack: JSONObject, pos: dict[int, tuple[float, float, float]], cw: float) -> list[str]:
    """An open attack: a red arrow from the carnivore to its prey."""
    if not attack or attack["attacker"] not in pos or attack["target"] not in pos:
        return []
    (x1, y1, h1), (x2, y2, h2) = pos[attack["attacker"]], pos[attack["target"]]
    down = y2 > y1 + 4
    ya, yb = (y1 + h1, y2) if down else (y1, y2 + h2) if y2 < y1 - 4 else (y1 + 30, y2 + 30)
    xa, xb = x1 + cw / 2, x2 + cw / 2
    if abs(y2 - y1) <= 4:
        xa, xb = (x1 + cw, x2) if x2 > x1 else (x1, x2 + cw)
    return [
        f'<line class="attack" x1="{xa:.0f}" y1="{ya:.0f}" x2="{xb:.0f}" y2="{yb:.0f}" stroke="{RED}" '
        f'stroke-width="4" marker-end="url(#origin-attack)"/>'
    ]


def _tables(
    state: OriginState, obs: JSONObject, marks: Marks, title: str | None | bool, lay: Layout
) -> tuple[list[str], float]:
    """The header and the players' bands laid out by ``lay``: the drawing and its height (user units)."""
    W = lay.width
    body, y = header(state, obs, title, lay)
    key, kh = cost_key(obs, state.game, lay, y)
    body += key
    y += kh
    pos: dict[int, tuple[float, float, float]] = {}
    y += 14
    for p in range(state.game.players):
        band, h = _band(state.game, obs, p, y, marks, pos, lay)
        fill = "#eef5ff" if obs["to_act"] == p else "#f7f7f7"
        body.append(
            f'<rect x="3" y="{y:.0f}" width="{W - 6:.0f}" height="{h:.0f}" rx="8" fill="{fill}" '
            f'stroke="#d5d5d5"/>'
        )
        body += band
        y += h + 6
    body += _attack_arrow(obs["attack"], pos, lay.card_w)
    return body, y + 4


def fit_layout(
    state: OriginState,
    obs: JSONObject,
    title: str | None | bool,
    width: float,
    height: float,
    marks: Marks | None = None,
) -> Layout:
    """The layout that fills a box ``width`` x ``height`` px: the largest zoom (at most :data:`MAX_ZOOM`, never
    under the width's own layout, :func:`layout_for`) at which the table, with fewer animals to a line when that
    lets it grow, is no higher than the box. The animals to a line are chosen without the Explorer's ``marks`` (a
    click never moves a card to another line); when the notes of the marks make the table higher than the box,
    it is zoomed down to fit (never under 1: text stays 14 px or more)."""
    base = layout_for(width)
    best = base
    for k in range(base.per_line, 0, -1):
        lo = k * CARD_W + (k - 1) * GAP + 2 * MARGIN  # the narrowest drawing with k cards to a line
        z_hi, z_lo = min(MAX_ZOOM, width / lo), width / (lo + CARD_W + GAP)
        if z_hi > best.zoom:
            fits = _settle(state, obs, title, width, height, k, z_hi, Marks())
            if fits is not None and fits.zoom > max(best.zoom, z_lo, 1.0):
                best = fits
    if marks is not None and (marks.targets or marks.blocked):
        marked = _settle(state, obs, title, width, height, best.per_line, best.zoom, marks)
        if marked is None or marked.zoom < best.zoom:
            return marked or zoomed(width, 1.0, best.per_line)  # too high even at 14 px: it scrolls
    return best


def _settle(
    state: OriginState,
    obs: JSONObject,
    title: str | None | bool,
    width: float,
    height: float,
    per_line: int,
    z_hi: float,
    marks: Marks,
) -> Layout | None:
    """The largest zoom up to ``z_hi`` (and at least 1) at which the table with ``per_line`` animals to a line is
    no higher than ``height`` (the header and the hands wrap with the width: a few rounds settle it)."""
    z, fits = z_hi, None
    for _ in range(4):
        lay = zoomed(width, z, per_line)
        h = _tables(state, obs, marks, title, lay)[1]
        if h * z <= height + 1:
            fits = lay
        z_next = max(1.0, min(z_hi, height / h))
        if abs(z_next - z) < 0.005:
            break
        z = z_next
    return fits


def table_svg(
    state: OriginState,
    viewer: int | None = None,
    marks: Marks | None = None,
    title: str | None | bool = None,
    width: float = WIDTH,
    height: float | None = None,
) -> str:
    """The table as ``viewer`` may see it (``None``: the teacher), with the Explorer's ``marks``, laid out for a
    box ``width`` px wide (:func:`layout_for`) or, with ``height``, to fill a box ``width`` x ``height`` px
    (:func:`fit_layout`); ``title``: the first line (``None``: the turn, phase and who is to act; ``False``: no
    title line)."""
    obs = state.observation(viewer)
    marks = marks or Marks()
    lay = layout_for(width) if height is None else fit_layout(state, obs, title, width, height, marks)
    W = lay.width
    body, H = _tables(state, obs, marks, title, lay)
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="origin-table" width="{W * lay.zoom:.0f}" '
        f'height="{H * lay.zoom:.0f}" viewBox="0 0 {W:.0f} {H:.0f}" data-width="{W:.0f}" '
        f'data-per-line="{lay.per_line}" data-zoom="{lay.zoom:.3g}">'
    )
    defs = (
        '<defs><marker id="origin-arrow" markerUnits="userSpaceOnUse" markerWidth="14" markerHeight="14" '
        'refX="12" refY="6" orient="auto"><path d="M0,0 L12,6 L0,12 z" fill="#2e7d32"/></marker>'
        '<marker id="origin-attack" markerUnits="userSpaceOnUse" markerWidth="18" markerHeight="18" refX="14" '
        f'refY="7" orient="auto"><path d="M0,0 L14,7 L0,14 z" fill="{RED}"/></marker></defs>'
    )
    head = [svg, defs, f'<rect width="{W:.0f}" height="{H:.0f}" fill="white"/>']
    return "\n".join(head + body + ["</svg>"])


def draw(
    s: OriginState, viewer: int | None = None, highlight: Iterable[int] = (), title: str | None = None
) -> str:
    """``state.to_svg``: the table as ``viewer`` may see it (``None``: the teacher sees every card), at the
    default width; the animals in ``highlight`` are outlined."""
    hl = list(highlight)
    return table_svg(s, viewer, Marks(selected=hl[0] if hl else 0), title)
