"""The parts of Origin's table drawing (:mod:`.svg`) that do not depend on the animals: the layout for a box's
width (:func:`layout_for`), text and tokens, and the header (the title, the food bank with its dice, the deck),
wrapped onto more lines when the table is narrow."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING

from ...core.words import plural

if TYPE_CHECKING:
    from .game import OriginGame
    from .model import JSONObject
    from .state import OriginState

__all__ = [
    "BLUE",
    "CARD_TOP",
    "CARD_W",
    "CHAR_W",
    "FONT",
    "GAP",
    "GREY",
    "KINDS",
    "KIND_COLOURS",
    "MARGIN",
    "MAX_ZOOM",
    "RED",
    "STRIP_H",
    "WIDTH",
    "YELLOW",
    "Layout",
    "dot",
    "header",
    "layout_for",
    "text",
    "text_w",
    "wrap",
    "cost_key",
    "long_costs",
    "zoomed",
    "card_lines",
    "safe_words",
    "short_block",
    "trait_label",
]

#: The default layout width (user units): ``state.to_svg()``, and the board before its widget has reported its box.
WIDTH = 660
#: The largest zoom of the table in a wide box (a projector).
MAX_ZOOM = 2.4
FONT = "Liberation Sans, Arial, Helvetica, sans-serif"
CARD_W, GAP, MARGIN, PER_LINE = 152, 6, 12, 4
STRIP_H, CARD_TOP = 21, 50
RED, BLUE, YELLOW, GREY = "#d62728", "#1f5fbf", "#e8b90f", "#8a8a8a"
#: An estimate of the width of 14 px text per character (DejaVu Sans, the widest fallback), for wrapping.
CHAR_W = 7.9


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


@dataclass(frozen=True)
class Layout:
    """How the table is laid out: the drawing's ``width`` (user units), ``per_line`` animals to a line, each card
    ``card_w`` wide, shown at ``zoom`` (the box is ``width * zoom`` px wide)."""

    width: float = WIDTH
    per_line: int = PER_LINE
    card_w: float = CARD_W
    zoom: float = 1.0

    @property
    def right(self) -> float:
        """Where the text of a line ends."""
        return self.width - MARGIN


def layout_for(width: float) -> Layout:
    """The layout for a box ``width`` px wide: in a box up to :data:`WIDTH`, the drawing is the box's width
    (text at its size) with as many animals to a line as fit, the cards widened to fill the line; in a wider box
    the default layout (or a wider one past :data:`MAX_ZOOM`) zoomed to fill it.

    >>> [(L.per_line, round(L.card_w), L.zoom) for L in map(layout_for, (300, 450, 550, 660, 990, 2000))]
    [(1, 276, 1.0), (2, 210, 1.0), (3, 171, 1.0), (4, 154, 1.0), (4, 154, 1.5), (5, 157, 2.4)]
    """
    width = max(float(width), CARD_W + 2 * MARGIN)
    zoom = min(width / WIDTH, MAX_ZOOM) if width > WIDTH else 1.0
    lw = width / zoom
    per = max(1, int((lw - 2 * MARGIN + GAP) // (CARD_W + GAP)))
    return Layout(lw, per, (lw - 2 * MARGIN - (per - 1) * GAP) / per, zoom)


def text_w(text: str, size: float = 14, bold: bool = False) -> float:
    """An estimate of the width of ``text`` (for wrapping: on the wide side)."""
    return len(text) * CHAR_W * size / 14 * (1.08 if bold else 1.0)


def wrap(text: str, width: float, size: float = 14, bold: bool = False) -> list[str]:
    """``text`` in lines no wider than ``width`` (by :func:`text_w`)."""
    lines: list[str] = []
    cur = ""
    for word in text.split():
        cand = f"{cur} {word}".strip()
        if cur and text_w(cand, size, bold) > width:
            lines.append(cur)
            cur = word
        else:
            cur = cand
    return lines + ([cur] if cur else [])


def text(
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


def dot(x: float, y: float, fill: str | None, ring: str = GREY, r: float = 6) -> str:
    if fill is None:
        return f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{r}" fill="white" stroke="{ring}" stroke-width="1.6"/>'
    return f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{r}" fill="{fill}" stroke="#333" stroke-width="0.7"/>'


def _title(state: OriginState, obs: JSONObject, title: str | None) -> str:
    from .words import node_words, phase_words

    cp = obs["to_act"]
    if title is None:
        title = (
            "the game is over"
            if state.is_terminal()
            else f"Turn {obs['turn']}, {phase_words(state)}"
            + (" (the last turn)" if obs["last_turn"] else "")
            + (f": P{cp + 1} to {node_words(state)}" if cp >= 0 else f": {node_words(state)}")
        )
    return str(title)[:1].upper() + str(title)[1:]


def _dice(n: int, x: float, y: float) -> list[str]:
    """``n`` dice from ``x``, their tops at ``y``: blank faces with a question mark (the table shows which dice
    feed the bank, not a roll: a face with pips would read as this turn's result)."""
    out = []
    for k in range(n):
        dx = x + k * 24
        out.append(
            f'<rect class="die" x="{dx:.0f}" y="{y:.0f}" width="19" height="19" rx="4" fill="white" stroke="#333"/>'
        )
        out.append(
            f'<text x="{dx + 9.5:.1f}" y="{y + 14.5:.1f}" font-size="14" text-anchor="middle" fill="#333">?</text>'
        )
    return out


def header(
    state: OriginState, obs: JSONObject, title: str | None | bool, lay: Layout
) -> tuple[list[str], float]:
    """The title line (unless ``title`` is False: the Explorer's board has its own status line), then the food
    bank as red tokens, the dice it is rolled with, and the deck, wrapped onto more lines when the table is
    narrow; returns the drawing and the baseline of its last line."""
    from .words import dice_words

    dice, plus = state.game.food_dice
    out = []
    y = 22
    if title is not False:
        for line in wrap(_title(state, obs, None if title is True else title), lay.right - MARGIN, 17, True):
            out.append(text(MARGIN, y, line, 17, "bold"))
            y += 22
        y += 4
    out.append(text(MARGIN, y, f"Food bank: {plural(obs['bank'], 'red token')}", 15, "bold", RED))
    x = MARGIN + 190
    shown = min(obs["bank"], 12, max(1, int((lay.right - 34 - x) // 14)))
    for _ in range(shown):
        out.append(dot(x, y - 5, RED, r=6))
        x += 14
    if obs["bank"] > shown:
        out.append(text(x, y, f"+{obs['bank'] - shown}", 14, "bold", RED))
        x += 28
    words = dice_words(dice, plus)
    wide = text_w(words) + 8 + 24 * dice
    x = max(x + 10, MARGIN + 290)
    if x + wide > lay.right:  # the dice on a line of their own
        x, y = MARGIN, y + 28
    out.append(text(x, y, words, 14, fill="#333", cls="food-dice"))
    out += _dice(dice, x + text_w(words) + 8, y - 15)
    deck = f"deck {plural(obs['deck_size'], 'card')}"
    if x + wide + 16 + text_w(deck) > lay.right:
        y += 24
    out.append(text(lay.right, y, deck, 14, fill="#333", anchor="end"))
    return out, y


def trait_label(game: OriginGame, t: int) -> str:
    """A trait by its printed name and the food it adds to its animal's need: "Carnivorous (+1 food)", "Swimming"."""
    cost = game.food_of[t]
    return str(game.trait_names[t]) + (f" (+{cost} food)" if cost else "")


def card_lines(game: OriginGame, card: int) -> list[str]:
    """A card as it is printed: one line per trait it may be played as, each with its food
    (:func:`trait_label`): ``["High Body Weight (+1 food)", "Carnivorous (+1 food)"]``."""
    return [trait_label(game, t) for t in game.faces[card]]


def short_block(reason: str) -> str:
    """A blocking trait in a few words ("High Body Weight", "not Swimming")."""
    if reason.startswith("the carnivore's "):
        return "not " + reason.split(" (")[0].split("only animals with ")[-1].rstrip(")")
    return reason.split(" (")[0]


def safe_words(reason: str) -> str:
    """Why an animal cannot be attacked by the selected carnivore, for the note on its card, from the reason of
    :func:`evo_lab.games.origin.odds.blocked_by` ("Swimming (only a carnivore with Swimming may attack it)"):

    >>> safe_words("Swimming (only a carnivore with Swimming may attack it)")
    'safe: only a carnivore with Swimming may attack it'
    >>> safe_words("the carnivore's Swimming (it attacks only animals with Swimming)")
    'safe: this carnivore attacks only animals with Swimming'
    >>> safe_words("Burrowing (it cannot be attacked while it is fed)")
    'safe: Burrowing, and it is fed'
    >>> safe_words("Symbiosis (its symbiont, P1's animal 2, protects it)")  # a symbiont is its owner's animal
    'safe: its symbiont, animal 2, protects it'
    >>> safe_words("High Body Weight"), safe_words("the rules")
    ('safe: High Body Weight', 'safe: the rules allow no attack on it now')
    """
    name, _, why = reason.partition(" (")
    why = why[:-1] if why.endswith(")") else why
    if name.startswith("the carnivore's "):
        return f"safe: this carnivore {why.removeprefix('it ')}"
    if why.startswith("only "):
        return f"safe: {why}"
    if name == "Burrowing":
        return "safe: Burrowing, and it is fed"
    if why.startswith("its symbiont, "):
        symbiont = why.removeprefix("its symbiont, ").split(", protects")[0].split("'s ", 1)[-1]
        return f"safe: its symbiont, {symbiont}, protects it"
    if name == "the rules":
        return "safe: the rules allow no attack on it now"
    return f"safe: {name}"


def zoomed(width: float, zoom: float, per_line: int) -> Layout:
    """The layout ``width`` px wide with ``per_line`` animals to a line, shown at ``zoom``."""
    lw = width / zoom
    return Layout(lw, per_line, (lw - 2 * MARGIN - (per_line - 1) * GAP) / per_line, zoom)


def long_costs(cw: float) -> bool:
    """Whether a card ``cw`` wide says a trait's food as "+1 food" (else "+1", and the table has a key): the
    longest name with a cost, High Body Weight, must fit beside it."""
    return text_w("High Body Weight") + text_w("+1 food", 14, True) <= cw - 24


def cost_key(obs: JSONObject, game: OriginGame, lay: Layout, y: float) -> tuple[list[str], float]:
    """The key of the short food costs ("+1") when the cards are too narrow for "+1 food": its lines and the
    height used."""
    costed = any(
        game.food_of[game.abbr_index[t]] for side in obs["animals"] for a in side for t in a["traits"]
    )
    if long_costs(lay.card_w) or not costed:
        return [], 0.0
    lines = wrap("+1, +2 on a trait: the food it adds to what its animal needs", lay.right - MARGIN)
    return [text(MARGIN, y + 16 + 18 * k, line, 14, fill="#555") for k, line in enumerate(lines)], 18.0 * len(
        lines
    )
