"""Evolution's table as the explorer draws it: an SVG string built from ``state.observation(viewer)`` (so the
game's observer decides what each viewer sees), with hooks for clicks: every species board is a
``<g class="species" data-player data-species>``, every visible hand card a ``<g class="card" data-card>``.

Drawn: the watering hole (plant food), the draw pile and discards, the climate track (Climate), and per player
the food bag, the hand (the viewer's own; a count for the others), the face-down food card, and the species
boards with body size, population, the food and fat tokens and the traits (face down for other viewers, dashed
for the owner). Food values that the data pack marks ``assumed`` carry a ``*`` with a legend. The selected
species is outlined; for a selected carnivore every other species is marked as a possible prey (red) or
blocked (grey, with the trait that blocks it), from ``state.attack_report``.

>>> import evo_lab
>>> s = evo_lab.make_game("evolution", players=2, seed=1).new_initial_state_dealt()
>>> svg = table_svg(s, viewer=0)
>>> svg.count('class="species') == 2 and svg.count('class="card') == len(s.players[0].hand)
True
>>> "watering hole" in svg and "assumed" in svg
True
"""

from __future__ import annotations

from html import escape
from typing import Any

from evo_lab.views.colours import seat_colour

__all__ = ["Marks", "table_svg", "trait_of_label", "WIDTH"]

WIDTH = 760
_LEFT = 128            # the player column
_TOP = 74              # the watering hole and the piles
_BOARD_W, _BOARD_H = 120, 122
_CARD_W, _CARD_H = 74, 30
_KIND_COLOURS = {"carnivore": "#c0392b", "attack": "#884ea0", "defence": "#2471a3", "feeding": "#229954",
                 "start": "#b9770e", "climate": "#5d6d7e"}


class Marks:
    """What the board marks on the table: the selected species ``(player, index)`` and card label, attack
    targets ``{(player, index): action string}`` (click to attack) and blocked species ``{(player, index):
    blocker}``."""

    def __init__(self, selected: tuple[int, int] | None = None, card: str = "",
                 targets: dict | None = None, blocked: dict | None = None):
        self.selected = selected
        self.card = card
        self.targets = targets or {}
        self.blocked = blocked or {}


def trait_of_label(game: Any, label: str) -> tuple[str, int | None]:
    """``("horns", 2)`` for the card label ``"horns+2"`` (the food value from the deck); a bare trait id (a
    trait without a known card) has no food value."""
    k = game.label_kind.get(label)
    if k is None:
        return label, None
    c = game.deck.cards[k]
    return c.trait, c.food


def _colour(trait: str) -> str:
    from evo_lab.games.evolution.traits import REGISTRY

    if trait == "carnivore":
        return _KIND_COLOURS["carnivore"]
    entry = REGISTRY.get(trait)
    return _KIND_COLOURS.get(entry.kind, "#555") if entry else "#555"


def _t(x: float, y: float, s: str, size: int = 11, weight: str = "normal", fill: str = "#222",
       anchor: str = "start", cls: str = "") -> str:
    c = f' class="{cls}"' if cls else ""
    return (f'<text{c} x="{x:.0f}" y="{y:.0f}" font-size="{size}" font-weight="{weight}" fill="{fill}" '
            f'text-anchor="{anchor}">{escape(s)}</text>')


def _food_text(food: int | None, star: str) -> str:
    return "" if food is None else f" {food:+d}{star}"


def _header(s: Any, obs: dict, star: str) -> list[str]:
    g = s.game
    phase = {"deal": "dealing", "food": "food cards", "play": "playing cards", "feed": "feeding",
             "over": "game over"}.get(obs["phase"], obs["phase"])
    last = " (last round)" if obs["final"] == 1 else ""
    out = [_t(10, 20, f"{g.title}: round {obs['round']}, {phase}{last}", 14, "bold"),
           '<ellipse class="watering-hole" cx="70" cy="50" rx="60" ry="19" fill="#b3e5fc" stroke="#0277bd"/>',
           _t(70, 46, "watering hole", 9, anchor="middle", fill="#01579b"),
           _t(70, 60, f"{obs['wh']} plant food", 12, "bold", anchor="middle", fill="#01579b", cls="wh"),
           _t(146, 46, f"draw pile {obs['deck_left']}" + (f" + {obs['end_deck']} end deck" if obs["end_deck"] else ""),
              11, cls="deck"),
           _t(146, 61, f"discards {sum(obs['discards'])}", 11)]
    placed = sum(1 for p in obs["players"] if p["food_card"] is not None)
    if placed:
        out.append(_t(260, 61, f"{placed} food card{'s' if placed > 1 else ''} face down", 11, fill="#6d4c41"))
    if "climate" in obs:
        out += _climate(obs["climate"])
    return out


def _climate(c: dict) -> list[str]:
    x0, out = 430, []
    for i in range(9):
        pos = i - 4
        fill = "#1565c0" if pos < 0 else ("#e65100" if pos > 0 else "#9e9e9e")
        op = 1 if pos == c["position"] else 0.3
        out.append(f'<rect class="climate-cell" x="{x0 + i * 22}" y="38" width="20" height="16" fill="{fill}" '
                   f'opacity="{op}"/>')
    out.append(_t(x0, 70, f"climate: {c['zone']} ({c['position']:+d})", 11, cls="climate"))
    return out


def _player_column(q: int, pl: dict, y: float, obs: dict, score: int | None) -> list[str]:
    first = " first" if q == obs["first"] else ""
    acts = q == obs["turn"] and obs["phase"] in ("food", "play", "feed")
    col = seat_colour(q)
    out = [f'<rect x="4" y="{y:.0f}" width="{_LEFT - 10}" height="{_BOARD_H}" rx="6" fill="{col}" opacity="0.08"/>',
           _t(10, y + 17, f"P{q + 1}{first}", 13, "bold", fill=col),
           _t(10, y + 33, "to act" if acts else "", 11, "bold", fill="#b00060")]
    out.append(f'<path d="M{14} {y + 44} q 10 -6 20 0 l 4 18 h -28 z" fill="#d7b98e" stroke="#8d6e63"/>')
    out.append(_t(46, y + 58, f"bag {pl['bag']}", 11, cls="bag"))
    hand = pl["hand"]
    n = len(hand) if isinstance(hand, list) else hand
    out.append(_t(10, y + 80, f"{n} card{'s' if n != 1 else ''} in hand", 11))
    if pl["food_card"] is not None:
        out.append(_t(10, y + 95, "food card down", 10, fill="#6d4c41"))
    if score is not None:
        out.append(_t(10, y + 109, f"score {score}", 10, fill="#37474f"))
    return out


def _tokens(x: float, y: float, n: int, filled: int, fill: str, stroke: str, cls: str) -> list[str]:
    step = min(13, (_BOARD_W - 16) / max(n, 1))
    return [f'<circle class="{cls}{" on" if i < filled else ""}" cx="{x + 8 + i * step:.1f}" cy="{y:.0f}" r="5" '
            f'fill="{fill if i < filled else "#fff"}" stroke="{stroke}"/>' for i in range(n)]


def _species(s: Any, q: int, j: int, sp: dict, x: float, y: float, marks: Marks, star: str) -> list[str]:
    key = (q, j)
    cls = "species"
    stroke, width, dash = "#8d6e63", 1.5, ""
    extra: list[str] = []
    if key in marks.targets:
        cls += " target"
        stroke, width, dash = "#d00000", 3, ' stroke-dasharray="6 3"'
        extra.append(_t(x + _BOARD_W - 6, y + 14, "can attack", 9, "bold", fill="#d00000", anchor="end"))
    elif key in marks.blocked:
        cls += " blocked"
        stroke = "#9e9e9e"
        extra.append(_t(x + 6, y + _BOARD_H - 5, f"blocked: {marks.blocked[key]}", 9, fill="#616161"))
    if marks.selected == key:
        cls += " selected"
        stroke, width, dash = "#ff00aa", 3.5, ""
    action = f' data-action="{escape(marks.targets[key])}"' if key in marks.targets else ""
    out = [f'<g class="{cls}" data-player="{q}" data-species="{j}"{action} style="cursor:pointer">',
           f'<rect x="{x:.0f}" y="{y:.0f}" width="{_BOARD_W}" height="{_BOARD_H}" rx="8" fill="#fbf6e9" '
           f'stroke="{stroke}" stroke-width="{width}"{dash}/>',
           _t(x + 6, y + 14, f"species {j + 1}", 10, "bold", fill="#6d4c41"), *extra,
           _t(x + 6, y + 30, f"body {sp['body']}", 12, "bold", cls="body"),
           _t(x + 62, y + 30, f"pop {sp['pop']}", 12, "bold", cls="pop")]
    out += _tokens(x, y + 41, sp["pop"], sp["food"], "#43a047", "#2e7d32", "food")
    fat = sp["fat"]
    if fat or any(t and trait_of_label(s.game, t)[0] == "fat-tissue" for t in sp["traits"]):
        out += _tokens(x, y + 54, sp["body"], fat, "#fbc02d", "#c49000", "fat")
    for i, (label, down) in enumerate(zip(sp["traits"], sp["face_down"])):
        out += _trait_bar(s, x + 5, y + 62 + i * 14.5, label, down, star)
    out.append("</g>")
    return out


def _trait_bar(s: Any, x: float, y: float, label: str | None, down: bool, star: str) -> list[str]:
    w = _BOARD_W - 10
    if label is None:  # face down, and the viewer may not see it
        return [f'<rect class="trait hidden" x="{x:.0f}" y="{y:.1f}" width="{w}" height="13" rx="3" fill="#9e9e9e"/>',
                _t(x + 4, y + 10, "face down", 10, fill="#fff")]
    trait, food = trait_of_label(s.game, label)
    dash = ' stroke="#333" stroke-dasharray="3 2"' if down else ""
    text = trait + _food_text(food, star) + (" (face down)" if down else "")
    return [f'<rect class="trait" x="{x:.0f}" y="{y:.1f}" width="{w}" height="13" rx="3" fill="{_colour(trait)}" '
            f'opacity="{0.6 if down else 1}"{dash}/>', _t(x + 4, y + 10, text, 10 if len(text) < 19 else 9, fill="#fff")]


def _hand(s: Any, q: int, hand: list[str], y: float, marks: Marks, star: str) -> list[str]:
    per_row = (WIDTH - _LEFT) // (_CARD_W + 4)
    out = []
    for i, label in enumerate(hand):
        x = _LEFT + (i % per_row) * (_CARD_W + 4)
        cy = y + (i // per_row) * (_CARD_H + 4)
        trait, food = trait_of_label(s.game, label)
        sel = marks.card == label
        out.append(f'<g class="card{" selected" if sel else ""}" data-player="{q}" data-card="{escape(label)}" '
                   f'style="cursor:pointer"><rect x="{x}" y="{cy:.0f}" width="{_CARD_W}" height="{_CARD_H}" rx="4" '
                   f'fill="#fffdf5" stroke="{"#ff00aa" if sel else _colour(trait)}" stroke-width="{3 if sel else 1.5}"/>'
                   + _t(x + 4, cy + 12, trait, 9, "bold", fill=_colour(trait))
                   + _t(x + 4, cy + 25, f"food{_food_text(food, star)}", 9, fill="#37474f") + "</g>")
    return out


def _hand_rows(hand: Any) -> int:
    per_row = (WIDTH - _LEFT) // (_CARD_W + 4)
    return -(-len(hand) // per_row) if isinstance(hand, list) and hand else 0


def table_svg(s: Any, viewer: int | None = None, marks: Marks | None = None) -> str:
    """The table as ``viewer`` may see it (``None``: the teacher), with the board's ``marks``."""
    marks = marks or Marks()
    obs = s.observation(viewer)
    star = "*" if obs.get("food_values_assumed") else ""
    scores = s.scores() if hasattr(s, "scores") else [None] * len(obs["players"])
    cols = max([len(p["species"]) for p in obs["players"]] + [1])
    scale = min(1.0, (WIDTH - _LEFT) / (cols * (_BOARD_W + 6)))
    out = _header(s, obs, star)
    y = _TOP + 6
    for q, pl in enumerate(obs["players"]):
        out += _player_column(q, pl, y, obs, scores[q])
        out.append(f'<g transform="translate({_LEFT} {y}) scale({scale:.3f})">')
        for j, sp in enumerate(pl["species"]):
            out += _species(s, q, j, sp, j * (_BOARD_W + 6), 0, marks, star)
        out.append("</g>")
        y += _BOARD_H * scale + 6
        rows = _hand_rows(pl["hand"])
        if rows:
            out += _hand(s, q, pl["hand"], y, marks, star)
            y += rows * (_CARD_H + 4) + 4
        y += 8
    if star:
        out.append(_t(10, y + 12, "* food values are assumed: the official per-card values are not public "
                                  "(docs/evolution.md)", 10, fill="#b71c1c", cls="assumed"))
        y += 18
    height = int(y + 6)
    return (f'<svg class="evo-evolution-table" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
            f'width="{WIDTH}" height="{height}" font-family="sans-serif" data-viewer="{"" if viewer is None else viewer}">'
            f'<rect width="{WIDTH}" height="{height}" fill="#ffffff"/>' + "".join(out) + "</svg>")
