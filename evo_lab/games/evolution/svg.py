"""Drawing an Evolution position as a pure SVG string (no browser): one row per player with its species boards
(body, population, food, fat, traits face up or face down as the viewer may see them), the viewer's hand, the
food bags, the watering hole, the draw pile and (Climate) the climate track. Food values the data pack marks
``assumed`` carry a ``*`` and a legend says so.

>>> import evo_lab
>>> s = evo_lab.make_game("evolution", players=2, seed=1).new_initial_state_dealt()
>>> svg = s.to_svg(viewer=0)
>>> svg.startswith("<svg") and "watering hole" in svg and "assumed" in svg
True
"""

from __future__ import annotations

from html import escape
from typing import Any

__all__ = ["draw_state"]

W_SPECIES, H_ROW = 150, 150
COLORS = {"carnivore": "#c0392b", "defence": "#2471a3", "feeding": "#229954", "start": "#b9770e",
          "attack": "#884ea0", "climate": "#5d6d7e"}


def _text(x: float, y: float, s: str, size: int = 11, weight: str = "normal", fill: str = "#222",
          anchor: str = "start") -> str:
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-family="sans-serif" font-size="{size}" font-weight="{weight}" '
            f'fill="{fill}" text-anchor="{anchor}">{escape(s)}</text>')


def _trait_color(name: str) -> str:
    from .traits import REGISTRY

    if name == "carnivore":
        return COLORS["carnivore"]
    e = REGISTRY.get(name)
    return COLORS.get(e.kind, "#555") if e else "#555"


def _species(x: float, y: float, sp: dict, idx: int, assumed: bool) -> list[str]:
    out = [f'<rect x="{x:.0f}" y="{y:.0f}" width="{W_SPECIES - 10}" height="{H_ROW - 30}" rx="8" fill="#fbf6e9" '
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
            out.append(f'<rect x="{x + 6:.0f}" y="{ty:.0f}" width="{W_SPECIES - 22}" height="13" rx="3" '
                       'fill="#9e9e9e"/>')
            out.append(_text(x + 10, ty + 10, "face down", 9, fill="#fff"))
            continue
        trait = _trait_of(t)
        label = trait + (" (down)" if down else "")
        out.append(f'<rect x="{x + 6:.0f}" y="{ty:.0f}" width="{W_SPECIES - 22}" height="13" rx="3" '
                   f'fill="{_trait_color(trait)}" opacity="{0.55 if down else 1}"/>')
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
    width = 190 + cols * W_SPECIES
    height = 70 + n * H_ROW + 60
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
        y = 70 + q * H_ROW
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
            out.append(_text(10, y + H_ROW - 14, f"food card: {fc}{mark}", 10))
        for i, sp in enumerate(pl["species"]):
            out += _species(180 + i * W_SPECIES, y, sp, i, assumed)
    if assumed:
        out.append(_text(10, height - 12, "* food values are assumed (the official per-card values are not public; "
                                         "see docs/evolution.md)", 10, fill="#b71c1c"))
    out.append("</svg>")
    return "\n".join(out)
