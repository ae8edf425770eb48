"""Evolution's table as SVG strings (no browser), both from ``state.observation(viewer)``, so the game's observer
decides what each viewer sees. Food values the data pack marks ``assumed`` carry a ``*`` and a legend says so.

* :func:`table_svg` - the explorer's table, with hooks for clicks: every species board is a
  ``<g class="species" data-player data-species>``, every visible hand card a ``<g class="card" data-card>``.
  Drawn: the watering hole (plant food), the draw pile and discards, the climate track (Climate), and per player
  the food bag, the hand (the viewer's own; a count for the others), the face-down food card, and the species
  boards with body size, population, the food and fat tokens and the traits (face down for other viewers, dashed
  for the owner). The selected species is outlined; for a selected carnivore every other species is marked as a
  possible prey (red) or blocked (grey, with the trait that blocks it), from ``state.attack_report``
  (:class:`Marks`).
* :func:`draw_state` - ``state.to_svg(viewer)``, the printable page of the lessons: one row per player with its
  species boards (traits face up or face down as the viewer may see them), the hand's card labels and the food
  card as far as the viewer may see them.

>>> import evo_lab
>>> s = evo_lab.make_game("evolution", players=2, seed=1).new_initial_state_dealt()
>>> svg = table_svg(s, viewer=0)
>>> svg.count('class="species') == 2 and svg.count('class="card') == len(s.players[0].hand)
True
>>> "watering hole" in svg and "assumed" in svg
True
>>> page = s.to_svg(viewer=0)
>>> page.startswith("<svg") and "watering hole" in page and "assumed" in page
True
"""

from __future__ import annotations

from html import escape
from typing import Any

from evo_lab.views.colours import seat_colour

__all__ = ["Marks", "table_svg", "trait_of_label", "draw_state", "WIDTH"]

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
    from .traits import REGISTRY

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


# ------------------------------------------------------------------------- the printable page (state.to_svg)
_SPECIES_W, _ROW_H = 150, 150


def _text(x: float, y: float, s: str, size: int = 11, weight: str = "normal", fill: str = "#222",
          anchor: str = "start") -> str:
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-family="sans-serif" font-size="{size}" font-weight="{weight}" '
            f'fill="{fill}" text-anchor="{anchor}">{escape(s)}</text>')


def _page_species(x: float, y: float, sp: dict, idx: int, assumed: bool) -> list[str]:
    out = [f'<rect x="{x:.0f}" y="{y:.0f}" width="{_SPECIES_W - 10}" height="{_ROW_H - 30}" rx="8" fill="#fbf6e9" '
           f'stroke="#8d6e63" stroke-width="1.5"/>',
           _text(x + 6, y + 15, f"species {idx + 1}", 10, "bold", "#6d4c41"),
           _text(x + 6, y + 31, f"body {sp['body']}   pop {sp['pop']}", 11),
           _text(x + 6, y + 46, f"food {sp['food']}/{sp['pop']}" + (f"   fat {sp['fat']}" if sp["fat"] else ""), 11)]
    for i in range(sp["pop"]):  # the food track
        fill = "#43a047" if i < sp["food"] else "#ffffff"
        out.append(f'<circle cx="{x + 12 + i * 14:.0f}" cy="{y + 56:.0f}" r="5" fill="{fill}" stroke="#43a047"/>')
    for i, (t, down) in enumerate(zip(sp["traits"], sp["face_down"])):
        ty = y + 70 + i * 16
        if t is None:
            out.append(f'<rect x="{x + 6:.0f}" y="{ty:.0f}" width="{_SPECIES_W - 22}" height="13" rx="3" '
                       'fill="#9e9e9e"/>')
            out.append(_text(x + 10, ty + 10, "face down", 9, fill="#fff"))
            continue
        trait = _trait_of(t)
        label = trait + (" (down)" if down else "")
        out.append(f'<rect x="{x + 6:.0f}" y="{ty:.0f}" width="{_SPECIES_W - 22}" height="13" rx="3" '
                   f'fill="{_colour(trait)}" opacity="{0.55 if down else 1}"/>')
        out.append(_text(x + 10, ty + 10, label, 9, fill="#fff"))
    return out


def _trait_of(label: str) -> str:
    """The trait of a card label (``fat-tissue-1~sun`` -> ``fat-tissue``)."""
    base = label.split("~")[0]
    for sep in ("+", "-"):
        head, _, tail = base.rpartition(sep)
        if head and tail.isdigit():
            return head
    return base


def draw_state(s: Any, viewer: int | None = None) -> str:
    """The position as SVG as ``viewer`` may see it (``None``: the teacher sees everything)."""
    obs = s.observation(viewer)
    g = s.game
    assumed = bool(obs.get("food_values_assumed"))
    star = "*" if assumed else ""
    n = len(obs["players"])
    cols = max([len(p["species"]) for p in obs["players"]] + [3])
    width = 190 + cols * _SPECIES_W
    height = 70 + n * _ROW_H + 60
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}">', f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
           _text(10, 20, f"{g.title} - {obs['variant']} - round {obs['round']} - {obs['phase']}"
                 + (" (last round)" if obs["final"] == 1 else ""), 14, "bold")]
    # the watering hole and the draw pile
    out.append('<ellipse cx="80" cy="48" rx="60" ry="18" fill="#b3e5fc" stroke="#0277bd"/>')
    out.append(_text(80, 46, "watering hole", 9, anchor="middle", fill="#01579b"))
    out.append(_text(80, 59, f"{obs['wh']} plant food", 11, "bold", anchor="middle", fill="#01579b"))
    out.append(_text(160, 52, f"draw pile {obs['deck_left']}" + (f" + end deck {obs['end_deck']}" if obs["end_deck"]
                                                                 else "") + f"   discards {sum(obs['discards'])}", 11))
    if "climate" in obs:
        c = obs["climate"]
        x0 = 420
        for i in range(9):
            fill = "#1565c0" if i < 4 else ("#e65100" if i > 4 else "#9e9e9e")
            op = 1 if i - 4 == c["position"] else 0.3
            out.append(f'<rect x="{x0 + i * 22}" y="36" width="20" height="16" fill="{fill}" opacity="{op}"/>')
        out.append(_text(x0 + 200, 49, f"climate: {c['zone']}", 11))
    for q, pl in enumerate(obs["players"]):
        y = 70 + q * _ROW_H
        mark = " (first)" if q == obs["first"] else ""
        turn = " - to act" if q == obs["turn"] and obs["phase"] not in ("over", "deal") else ""
        out.append(_text(10, y + 16, f"P{q + 1}{mark}{turn}", 13, "bold"))
        out.append(_text(10, y + 34, f"bag: {pl['bag']} food", 11))
        hand = pl["hand"]
        if isinstance(hand, list):
            out.append(_text(10, y + 50, f"hand ({len(hand)}):", 11))
            for i, lab in enumerate(hand[:8]):
                out.append(_text(14, y + 64 + i * 11, lab + star, 9, fill="#37474f"))
        else:
            out.append(_text(10, y + 50, f"hand: {hand} cards", 11))
        if pl["food_card"] is not None:
            fc = pl["food_card"] if isinstance(pl["food_card"], str) else "face down"
            mark = star if isinstance(pl["food_card"], str) else ""
            out.append(_text(10, y + _ROW_H - 14, f"food card: {fc}{mark}", 10))
        for i, sp in enumerate(pl["species"]):
            out += _page_species(180 + i * _SPECIES_W, y, sp, i, assumed)
    if assumed:
        out.append(_text(10, height - 12, "* food values are assumed (the official per-card values are not public; "
                                         "see docs/evolution.md)", 10, fill="#b71c1c"))
    out.append("</svg>")
    return "\n".join(out)
