"""Drawing the table: an SVG string (``state.to_svg()``, ``_repr_svg_`` in Jupyter, the Explorer's board) and a
text table in words (``str(state)``), both from ``state.observation(viewer)``, so the game's observer decides what
each viewer sees (a hand is shown to its owner and to the teacher; the others see how many cards it has).

The header has the turn and phase, the food bank as red tokens with the dice it was rolled with (``2d6 + 2``),
and the deck. Each player has a band (blue when it is their decision): the name, the hand, the discard pile and the
points; then the animals left to right, four to a line, each a card with its number ("animal 2"), its need and
food (red and blue tokens, rings for the food still needed) and its trait cards tucked under it, each with its full
printed name and the food it adds ("Carnivorous +1"); a Fat Tissue card carries its fat token (yellow when full).
Paired traits (Communication, Cooperation, Symbiosis) are links drawn under the row between their two animals
with the trait's name (Symbiosis with an arrow to the protected animal). An open attack is a red arrow.

The Explorer's board (:mod:`evo_lab.views.games.origin.board`) adds :class:`Marks`: the selected animal, the prey of
a selected carnivore with the chance that the attack eats it, the animals its trait blocks, and the animals the
player to act may use. Every animal is a ``<g class="animal" data-animal data-player>`` to click. Text is 14 px
or more at the drawing's own size (``WIDTH``).

>>> from evo_lab.games.origin import build_position
>>> s = build_position(players=2, bank=4, animals=["$A carn fat+ +, $B coop$C, $C", "$D camo"], hands=["swim", ""])
>>> svg = s.to_svg(viewer=0)
>>> svg.startswith("<svg") and svg.count('class="animal') == 4 and ">Cooperation<" in svg and ">Carnivorous<" in svg
True
>>> print(str(s).splitlines()[3])
  animal 1 (card Swimming): Carnivorous, Fat Tissue; food 1 of 2, fat 1 of 1
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING

from evo_lab.views.colours import seat_colour

from ...core.words import plural

if TYPE_CHECKING:
    from .game import OriginGame
    from .model import Animal, JSONObject
    from .state import OriginState

__all__ = ["FONT", "WIDTH", "Marks", "card_height", "draw", "short_block", "table_svg", "text_table"]

WIDTH = 660
FONT = "Liberation Sans, Arial, Helvetica, sans-serif"
CARD_W, GAP, MARGIN, PER_LINE = 152, 6, 12, 4
STRIP_H, CARD_TOP = 21, 50
RED, BLUE, YELLOW, GREY = "#d62728", "#1f5fbf", "#e8b90f", "#8a8a8a"
#: Trait card colours (fill, border) by what the trait does.
KIND_COLOURS = {
    "hunt": ("#f8dcd8", "#b03a2e"),
    "defence": ("#ddf0dd", "#2e7d32"),
    "food": ("#dde8f7", "#2a5b9e"),
    "fat": ("#fff1c2", "#b08a00"),
    "parasite": ("#eadcf5", "#6c3483"),
}
KINDS = {
    "carnivorous": "hunt",
    "sharp_vision": "hunt",
    "piracy": "hunt",
    "scavenger": "hunt",
    "fat_tissue": "fat",
    "parasite": "parasite",
    "swimming": "defence",
    "running": "defence",
    "mimicry": "defence",
    "tail_loss": "defence",
    "camouflage": "defence",
    "burrowing": "defence",
    "high_body_weight": "defence",
    "poisonous": "defence",
    "symbiosis": "defence",
}
#: An estimate of the width of 14 px text per character (DejaVu Sans, the widest fallback), for wrapping.
CHAR_W = 7.9


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


def _t(
    x: float,
    y: float,
    text: str,
    size: int = 14,
    weight: str = "normal",
    fill: str = "#222",
    anchor: str = "start",
    cls: str = "",
) -> str:
    c = f' class="{cls}"' if cls else ""
    return (
        f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" font-weight="{weight}" fill="{fill}" '
        f'text-anchor="{anchor}" font-family="{FONT}"{c}>{escape(text)}</text>'
    )


def _dot(x: float, y: float, fill: str | None, ring: str = GREY, r: float = 6) -> str:
    if fill is None:
        return f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{r}" fill="white" stroke="{ring}" stroke-width="1.6"/>'
    return f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{r}" fill="{fill}" stroke="#333" stroke-width="0.7"/>'


def _trait_id(game: OriginGame, abbr: str) -> int:
    return int(game.abbr_index[abbr])


def card_height(a: JSONObject, marks: Marks | None = None) -> int:
    """The height of an animal's card: its traits, its flags and the Explorer's note on it."""
    noted = marks is not None and (a["id"] in marks.targets or a["id"] in marks.blocked)
    return (
        CARD_TOP
        + STRIP_H * len(a["traits"])
        + (26 if a["sleeping"] or a["poisoned"] else 8)
        + (26 if noted else 0)
    )


def short_block(reason: str) -> str:
    """A blocking trait in a few words for the board's note ("High Body Weight", "not Swimming")."""
    if reason.startswith("the carnivore's "):
        return "not " + reason.split(" (")[0].split("only animals with ")[-1].rstrip(")")
    return reason.split(" (")[0]


def _strip(game: OriginGame, t: int, x: float, y: float, fat_full: bool | None) -> list[str]:
    tid = game.trait_ids[t]
    fill, border = KIND_COLOURS.get(KINDS.get(tid, "food"), KIND_COLOURS["food"])
    rect = (
        f'<rect x="{x + 5:.0f}" y="{y:.0f}" width="{CARD_W - 10}" height="{STRIP_H - 3}" rx="4" fill="{fill}" '
        f'stroke="{border}" stroke-width="1"/>'
    )
    out = [rect, _t(x + 10, y + 14, str(game.trait_names[t]), 14, fill="#1b1b1b")]
    cost = game.food_of[t]
    if cost:
        out.append(_t(x + CARD_W - 10, y + 14, f"+{cost}", 14, "bold", border, "end"))
    if fat_full is not None:
        out.append(_dot(x + CARD_W - 18, y + 9, YELLOW if fat_full else None, ring=YELLOW, r=6))
    return out


def _animal(
    game: OriginGame, a: JSONObject, num: int, x: float, y: float, marks: Marks, mover: int
) -> list[str]:
    aid = a["id"]
    h = card_height(a, marks)
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
        f'<rect x="{x:.0f}" y="{y:.0f}" width="{CARD_W}" height="{h}" rx="8" fill="{fill}" stroke="{border}" '
        f'stroke-width="{width}"{dash}/>'
    )
    out = [
        f'<g class="{cls}" data-animal="{aid}" data-player="{a["owner"]}" data-index="{num}"{act}>',
        card,
        _t(x + 8, y + 18, f"animal {num}", 15, "bold"),
        _t(x + CARD_W - 8, y + 18, f"needs {a['need']}", 14, fill="#444", anchor="end"),
    ]
    cx = x + 14
    for i in range(max(a["need"], a["red"] + a["blue"])):
        col = RED if i < a["red"] else BLUE if i < a["red"] + a["blue"] else None
        out.append(_dot(cx, y + 36, col))
        cx += 16
    if a["fed"]:
        out.append(_t(x + CARD_W - 8, y + 41, "fed", 14, "bold", "#2e7d32", "end"))
    fat_seen = 0
    for k, abbr in enumerate(a["traits"]):
        t = _trait_id(game, abbr)
        full = None
        if t == game.FAT:
            full = fat_seen < a["fat_full"]
            fat_seen += 1
        out += _strip(game, t, x, y + CARD_TOP - 4 + STRIP_H * k, full)
    flags = [w for w, on in (("hibernating", a["sleeping"]), ("poisoned", a["poisoned"])) if on]
    note = marks.targets.get(aid) or (short_block(marks.blocked[aid]) if blocked else "")
    if flags:
        out.append(_t(x + 8, y + h - 8 - (26 if note else 0), ", ".join(flags), 14, "bold", "#8e1b1b"))
    if note:
        tip = escape(marks.blocked.get(aid, "") and f"blocked by {marks.blocked[aid]}")
        out.append(
            f'<rect x="{x + 5:.0f}" y="{y + h - 25:.0f}" width="{CARD_W - 10}" height="20" rx="10" '
            f'fill="{RED if prey else "#616161"}">' + (f"<title>{tip}</title>" if tip else "") + "</rect>"
        )
        out.append(_t(x + CARD_W / 2, y + h - 10, note, 14, "bold", "white", "middle"))
    out.append("</g>")
    return out


def _links(
    game: OriginGame, links: list[JSONObject], pos: dict[int, tuple[float, float, float]], lanes_y: float
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
        ax, bx = x1 + CARD_W / 2 + (k % 3 - 1) * 14, x2 + CARD_W / 2 + (k % 3 - 1) * 14
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
        out.append(_t(mid, yl + 5, name, 14, "bold", col, "middle"))
    return out


def _hand_cards(game: OriginGame, cards: dict[str, int], x0: float, y: float) -> tuple[list[str], float]:
    """A visible hand as small cards (wrapping); returns the drawing and the height used."""
    out, x, lines = [], x0, 1
    for cid, k in cards.items():
        c = game.card_index[cid]
        text = str(game.card_names[c]) + (f" x{k}" if k > 1 else "")
        w = len(text) * CHAR_W + 16
        if x + w > WIDTH - MARGIN and x > x0:
            x, lines = x0, lines + 1
        yy = y + 26 * (lines - 1)
        out.append(
            f'<g class="hand-card" data-card="{escape(cid)}"><rect x="{x:.0f}" y="{yy:.0f}" width="{w:.0f}" '
            f'height="22" rx="5" fill="#f4efe3" stroke="#8d6e63"/>{_t(x + 8, yy + 16, text, 14)}</g>'
        )
        x += w + 6
    return out, 26 * lines


def _band(
    game: OriginGame,
    obs: JSONObject,
    p: int,
    y0: float,
    marks: Marks,
    pos: dict[int, tuple[float, float, float]],
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
    out = [
        _t(MARGIN, y0 + 18, head, 17, "bold", seat_colour(p)),
        _t(MARGIN + 120, y0 + 18, info, 14, fill="#333"),
    ]
    y = y0 + 28
    if hand["cards"]:  # a hand the viewer may see (the observer decides)
        out.append(_t(MARGIN, y + 16, "hand:", 14, fill="#555"))
        cards, hh = _hand_cards(game, hand["cards"], MARGIN + 46, y)
        out += cards
        y += hh + 4
    animals = obs["animals"][p]
    if not animals:
        out.append(_t(MARGIN, y + 16, "no animals", 14, fill="#777"))
        return out, y + 26 - y0
    ids = {a["id"] for a in animals}
    links = [L for L in obs["links"] if L["a"] in ids and L["b"] in ids]
    line_of: dict[int, int] = {}
    for li, start in enumerate(range(0, len(animals), PER_LINE)):
        line = animals[start : start + PER_LINE]
        for i, a in enumerate(line):
            x = MARGIN + i * (CARD_W + GAP)
            pos[a["id"]] = (x, y + 12, card_height(a, marks))
            line_of[a["id"]] = li
            out += _animal(game, a, start + i + 1, x, y + 12, marks, obs["to_act"])
        y += 12 + max(card_height(a, marks) for a in line)
        here = [L for L in links if line_of.get(L["a"]) == li and line_of.get(L["b"]) == li]
        out += _links(game, here, pos, y)
        y += 22 * len(here) + 6
    across = [L for L in links if line_of[L["a"]] != line_of[L["b"]]]
    out += _links(game, across, pos, y)
    y += 22 * len(across)
    return out, y - y0 + 6


def _header(state: OriginState, obs: JSONObject, title: str | None | bool) -> list[str]:
    """The title line (unless ``title`` is False: the Explorer's board has its own status line), then the food
    bank as red tokens, the dice it is rolled with, and the deck."""
    from .words import node_words, phase_words

    g = state.game
    dice, plus = g.food_dice
    cp = obs["to_act"]
    out = []
    y = 22
    if title is not False:
        if title is None:
            title = (
                "the game is over"
                if state.is_terminal()
                else f"Turn {obs['turn']}, {phase_words(state)}"
                + (" (the last turn)" if obs["last_turn"] else "")
                + (f": P{cp + 1} to {node_words(state)}" if cp >= 0 else f": {node_words(state)}")
            )
        out.append(_t(MARGIN, 22, str(title)[:1].upper() + str(title)[1:], 17, "bold"))
        y = 48
    out.append(_t(MARGIN, y, f"Food bank: {plural(obs['bank'], 'red token')}", 15, "bold", RED))
    x = MARGIN + 190
    for _ in range(min(obs["bank"], 12)):
        out.append(_dot(x, y - 5, RED, r=6))
        x += 14
    if obs["bank"] > 12:
        out.append(_t(x, y, f"+{obs['bank'] - 12}", 14, "bold", RED))
        x += 28
    x = max(x + 10, MARGIN + 290)
    out.append(_t(x, y, f"dice: {dice}d6" + (f" + {plus}" if plus else ""), 14, fill="#333"))
    x += 88 if plus else 60
    for k in range(dice):
        dx, dy = x + k * 24, y - 15
        out.append(f'<rect x="{dx:.0f}" y="{dy}" width="19" height="19" rx="4" fill="white" stroke="#333"/>')
        out += [
            f'<circle cx="{dx + cx:.1f}" cy="{dy + cy:.1f}" r="1.9" fill="#333"/>'
            for cx, cy in ((5, 5), (14, 5), (9.5, 9.5), (5, 14), (14, 14))
        ]
    out.append(
        _t(WIDTH - MARGIN, y, f"deck {plural(obs['deck_size'], 'card')}", 14, fill="#333", anchor="end")
    )
    return out


def table_svg(
    state: OriginState, viewer: int | None = None, marks: Marks | None = None, title: str | None | bool = None
) -> str:
    """The table as ``viewer`` may see it (``None``: the teacher), with the Explorer's ``marks``; ``title``: the
    first line (``None``: the turn, phase and who is to act; ``False``: no title line)."""
    g = state.game
    obs = state.observation(viewer)
    marks = marks or Marks()
    body: list[str] = []
    pos: dict[int, tuple[float, float, float]] = {}
    y: float = 36 if title is False else 62
    for p in range(g.players):
        band, h = _band(g, obs, p, y, marks, pos)
        fill = "#eef5ff" if obs["to_act"] == p else "#f7f7f7"
        body.append(
            f'<rect x="3" y="{y:.0f}" width="{WIDTH - 6}" height="{h:.0f}" rx="8" fill="{fill}" '
            f'stroke="#d5d5d5"/>'
        )
        body += band
        y += h + 6
    if obs["attack"] and obs["attack"]["attacker"] in pos and obs["attack"]["target"] in pos:
        (x1, y1, h1), (x2, y2, h2) = pos[obs["attack"]["attacker"]], pos[obs["attack"]["target"]]
        down = y2 > y1 + 4
        ya, yb = (y1 + h1, y2) if down else (y1, y2 + h2) if y2 < y1 - 4 else (y1 + 30, y2 + 30)
        xa, xb = x1 + CARD_W / 2, x2 + CARD_W / 2
        if abs(y2 - y1) <= 4:
            xa, xb = (x1 + CARD_W, x2) if x2 > x1 else (x1, x2 + CARD_W)
        body.append(
            f'<line class="attack" x1="{xa:.0f}" y1="{ya:.0f}" x2="{xb:.0f}" y2="{yb:.0f}" stroke="{RED}" '
            f'stroke-width="4" marker-end="url(#origin-attack)"/>'
        )
    H = y + 4
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="origin-table" width="{WIDTH}" height="{H:.0f}" '
        f'viewBox="0 0 {WIDTH} {H:.0f}" data-width="{WIDTH}">'
    )
    defs = (
        '<defs><marker id="origin-arrow" markerUnits="userSpaceOnUse" markerWidth="14" markerHeight="14" '
        'refX="12" refY="6" orient="auto"><path d="M0,0 L12,6 L0,12 z" fill="#2e7d32"/></marker>'
        '<marker id="origin-attack" markerUnits="userSpaceOnUse" markerWidth="18" markerHeight="18" refX="14" '
        f'refY="7" orient="auto"><path d="M0,0 L14,7 L0,14 z" fill="{RED}"/></marker></defs>'
    )
    head = [svg, defs, f'<rect width="{WIDTH}" height="{H:.0f}" fill="white"/>']
    return "\n".join(head + _header(state, obs, title) + body + ["</svg>"])


def draw(
    s: OriginState, viewer: int | None = None, highlight: Iterable[int] = (), title: str | None = None
) -> str:
    """``state.to_svg``: the table as ``viewer`` may see it (``None``: the teacher sees every card); the animals in
    ``highlight`` are outlined."""
    hl = list(highlight)
    return table_svg(s, viewer, Marks(selected=hl[0] if hl else 0), title)


def text_table(s: OriginState) -> str:
    """The table in words (what ``str(state)`` prints; the teacher's view: every card named)."""
    from .words import hand_words, node_words, phase_words, traits_of

    g = s.game
    cp = s.current_player()
    head = f"Evolution: The Origin of Species, {g.players} players; "
    head += (
        "the game is over"
        if s.is_terminal()
        else f"turn {s.turn}, {phase_words(s)}"
        + (f", P{cp + 1} to {node_words(s)}" if cp >= 0 else f": {node_words(s)}")
    )
    lines = [
        head,
        f"food bank {plural(s.bank, 'red token')}, deck {plural(s.deck_n, 'card')}"
        + (" (the last turn)" if s.deck_n == 0 and s.turn else ""),
    ]
    for p in range(g.players):
        hand = {c: k for c, k in enumerate(s.hands[p]) if k}
        passed = " (passed)" if s.passed[p] and s.phase_name() in ("development", "feeding") else ""
        lines.append(
            f"P{p + 1}{passed}: hand {hand_words(g, hand)}; discard pile "
            f"{plural(len(s.discard_open[p]) + len(s.discard_hidden[p]), 'card')}"
        )
        if not s.animals(p):
            lines.append("  no animals")
        for i, a in enumerate(s.animals(p)):
            names = [n for n in traits_of(s, _Own(a)) if n]
            links = [
                f"{g.trait_names[L.kind]} with animal {_num(s, L.other(a.id))}"
                for L in s.links
                if a.id in (L.a, L.b)
            ]
            food = f"food {a.red + a.blue} of {a.need}" + (f", fat {a.fat_full} of {a.fat}" if a.fat else "")
            flags = "".join(
                f", {w}" for w, on in (("hibernating", a.sleeping), ("poisoned", a.poisoned)) if on
            )
            lines.append(
                f"  animal {i + 1} (card {g.card_names[a.card]}): {', '.join(names + links) or 'no traits'}; "
                f"{food}{flags}"
            )
    if s.final_scores is not None:
        lines.append(
            "points: "
            + ", ".join(f"P{p + 1} {v}" for p, v in enumerate(s.final_scores))
            + ("" if s.winner < 0 else f"; P{s.winner + 1} wins")
        )
    return "\n".join(lines)


class _Own:
    """An animal without its paired traits (the text table lists those with their partners)."""

    def __init__(self, a: Animal) -> None:
        self.id, self.traits = -1, a.traits


def _num(s: OriginState, aid: int) -> int:
    from .words import animal_place

    place = animal_place(s, aid)
    return place[1] if place else 0
