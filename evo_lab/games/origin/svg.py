"""Drawing the table: an SVG string (``state.to_svg()``, ``_repr_svg_`` in Jupyter) and a text table (``str``).

Each player has a band: the name (bold when it is their decision), the hand as that viewer may see it, the discard
pile; then the animals left to right, each a card with its id, its need, its food (red and blue tokens, grey rings
for food still needed), its fat (yellow tokens, yellow rings for empty Fat Tissue) and its traits; paired traits
are arcs under the row between the two animals (Symbiosis with an arrow from the symbiont). The food bank and the
deck are in the header; an open attack is a red arrow.

>>> from evo_lab.games.origin import build_position
>>> s = build_position(players=2, bank=4, animals=["$A carn fat+ +, $B coop$C, $C", "$D camo"])
>>> svg = s.to_svg(viewer=0)
>>> svg.startswith("<svg") and svg.count("<circle") >= 8 and "coop" in svg
True
"""

from __future__ import annotations

from html import escape
from typing import Any, Iterable

from .model import fed

__all__ = ["draw", "text_table"]

CARD_W, CARD_H, GAP, BAND_H, LEFT, HEAD = 104, 118, 14, 176, 96, 44
RED, BLUE, YELLOW, GREY = "#d62728", "#1f5fbf", "#e8b90f", "#9a9a9a"


def _t(x: float, y: float, text: str, size: int = 11, weight: str = "normal", fill: str = "#222",
       anchor: str = "start", style: str = "") -> str:
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" font-weight="{weight}" fill="{fill}" '
            f'text-anchor="{anchor}" font-family="sans-serif"{style}>{escape(text)}</text>')


def _dot(x: float, y: float, fill: str, stroke: str | None = None) -> str:
    if stroke:
        return f'<circle cx="{x:.0f}" cy="{y:.0f}" r="5" fill="none" stroke="{stroke}" stroke-width="1.5"/>'
    return f'<circle cx="{x:.0f}" cy="{y:.0f}" r="5" fill="{fill}" stroke="#333" stroke-width="0.6"/>'


def _animal(s: Any, a: Any, x: float, y: float, face: bool, hl: bool) -> list[str]:
    g = s.game
    border = "#d62728" if hl else ("#2a7a2a" if fed(a) else "#555")
    out = [f'<rect x="{x:.0f}" y="{y:.0f}" width="{CARD_W}" height="{CARD_H}" rx="8" fill="#fbf7ee" '
           f'stroke="{border}" stroke-width="{2.5 if hl else 1.2}"/>',
           _t(x + 6, y + 14, f"A{a.id}", 12, "bold"), _t(x + CARD_W - 6, y + 14, f"need {a.need}", 10, anchor="end")]
    if face:
        out.append(_t(x + 6, y + 26, g.card_ids[a.card], 9, fill="#777", style=' font-style="italic"'))
    cx = x + 10
    for i in range(max(a.need, a.red + a.blue)):
        col = RED if i < a.red else BLUE if i < a.red + a.blue else None
        out.append(_dot(cx, y + 38, col or "none", None if col else GREY))
        cx += 13
    cx = x + 10
    for i in range(a.fat):
        out.append(_dot(cx, y + 52, YELLOW, None if i < a.fat_full else YELLOW))
        cx += 13
    ty = y + 68
    names = [g.abbr[t] for t, _ in a.traits if t != g.FAT]
    for i in range(0, len(names), 3):
        out.append(_t(x + 6, ty, " ".join(names[i:i + 3]), 10))
        ty += 12
    flags = [w for w, on in (("asleep", a.sleeping), ("poisoned", a.poisoned), ("protected", a.prot > 0)) if on]
    if flags:
        out.append(_t(x + 6, y + CARD_H - 6, ", ".join(flags), 9, fill="#a33"))
    return out


def _links(s: Any, pos: dict, row_y: float) -> list[str]:
    g = s.game
    out = []
    for k, L in enumerate(s.links):
        if L.a not in pos or pos[L.a][1] != row_y:
            continue
        x1, x2 = pos[L.a][0] + CARD_W / 2, pos[L.b][0] + CARD_W / 2
        depth = 12 + 7 * (k % 4)
        yb = row_y + CARD_H + 2
        col = {"comm": RED, "coop": BLUE}.get(g.abbr[L.kind], "#2a7a2a")
        mid = (x1 + x2) / 2
        out.append(f'<path d="M{x1:.0f},{yb:.0f} Q{mid:.0f},{yb + 2 * depth:.0f} {x2:.0f},{yb:.0f}" fill="none" '
                   f'stroke="{col}" stroke-width="1.6"'
                   + (' marker-end="url(#arrow)"' if g.directed[L.kind] else "") + "/>")
        out.append(_t(mid, yb + depth + 4, g.abbr[L.kind], 9, fill=col, anchor="middle"))
    return out


def draw(s: Any, viewer: int | None = None, highlight: Iterable[int] = (), title: str | None = None) -> str:
    """The SVG of state ``s`` as ``viewer`` may see it (``None``: the teacher sees every card)."""
    g = s.game
    obs = s.observation(viewer)
    hl = set(highlight)
    if s.atk is not None:
        hl |= {s.atk[0], s.atk[1]}
    widest = max([len(r) for r in s.rows] + [4])
    W = LEFT + widest * (CARD_W + GAP) + 20
    H = HEAD + g.players * BAND_H + 10
    head = title or (f"Turn {s.turn}, {s.phase_name()}" + (" (last turn)" if s.deck_n == 0 and s.turn else "")
                     + f" - {s.node}" + ("" if s.current_player() < 0 else f", P{s.current_player() + 1} to act"))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}">',
           '<defs><marker id="arrow" markerWidth="8" markerHeight="8" refX="6" refY="3" orient="auto">'
           '<path d="M0,0 L6,3 L0,6 z" fill="#2a7a2a"/></marker></defs>',
           f'<rect width="{W}" height="{H}" fill="white"/>', _t(10, 18, head, 14, "bold"),
           _t(10, 36, f"food bank: {s.bank}   deck: {s.deck_n}" + (f"   box: {sum(s.box)}" if sum(s.box) else ""), 11)]
    for i in range(min(s.bank, 30)):
        out.append(_dot(190 + 12 * i, 32, RED))
    pos: dict[int, tuple[float, float]] = {}
    for p in range(g.players):
        y0 = HEAD + p * BAND_H
        me = s.current_player() == p
        out.append(f'<rect x="4" y="{y0}" width="{W - 8}" height="{BAND_H - 6}" rx="6" fill="'
                   f'{"#eef5ff" if me else "#f6f6f6"}" stroke="#ccc"/>')
        out.append(_t(10, y0 + 18, f"P{p + 1}" + (" (passed)" if s.passed[p] else ""), 13, "bold" if me else "normal"))
        hd = obs["hands"][p]
        hand = ", ".join(f"{c}x{k}" if k > 1 else c for c, k in hd["cards"].items()) if hd["cards"] is not None \
            else f"{hd['size']} card" + ("" if hd["size"] == 1 else "s")
        out.append(_t(LEFT, y0 + 18, f"hand: {hand or '-'}   discard: {obs['discard'][p]['size']}   "
                      f"points: {obs['scores'][p]}", 11))
        face = viewer is None or viewer == p
        for i, x in enumerate(s.rows[p]):
            ax, ay = LEFT + i * (CARD_W + GAP), y0 + 26
            pos[x] = (ax, ay)
            out += _animal(s, s.animal_by_id[x], ax, ay, face, x in hl)
        out += _links(s, pos, y0 + 26)
    if s.atk is not None and s.atk[0] in pos and s.atk[1] in pos:
        (x1, y1), (x2, y2) = pos[s.atk[0]], pos[s.atk[1]]
        out.append(f'<line x1="{x1 + CARD_W / 2:.0f}" y1="{y1 + 20:.0f}" x2="{x2 + CARD_W / 2:.0f}" y2="{y2 + 20:.0f}" '
                   f'stroke="{RED}" stroke-width="3" stroke-dasharray="6,3"/>')
    out.append("</svg>")
    return "\n".join(out)


def text_table(s: Any) -> str:
    """A plain-text picture of the state (what ``str(state)`` prints)."""
    g = s.game
    cp = s.current_player()
    lines = [f"Evolution: The Origin of Species, {g.players} players; turn {s.turn}, {s.phase_name()} ({s.node})"
             + ("" if cp < 0 else f", P{cp + 1} to act"),
             f"food bank {s.bank}, deck {s.deck_n}" + (" - last turn" if s.deck_n == 0 and s.turn else "")]
    for p in range(g.players):
        hand = " ".join(f"{g.card_ids[c]}x{k}" if k > 1 else g.card_ids[c] for c, k in enumerate(s.hands[p]) if k)
        lines.append(f"P{p + 1}{' (passed)' if s.passed[p] else ''}: hand [{hand}], discard "
                     f"{len(s.disc_open[p]) + len(s.disc_hidden[p])}")
        for x in s.rows[p]:
            a = s.animal_by_id[x]
            tr = " ".join(g.abbr[t] + ("" if t != g.FAT else "") for t, _ in a.traits)
            links = " ".join(f"{g.abbr[L.kind]}-A{L.other(x)}" for L in s.links if x in (L.a, L.b))
            food = f"{a.red}r{a.blue}b/{a.need}" + (f" fat {a.fat_full}/{a.fat}" if a.fat else "")
            flags = "".join(f" {w}" for w, on in (("asleep", a.sleeping), ("poisoned", a.poisoned)) if on)
            lines.append(f"  A{x} [{g.card_ids[a.card]}] {food} {tr} {links}{flags}".rstrip())
    if s.final_scores is not None:
        lines.append("scores: " + ", ".join(f"P{p + 1} {v}" for p, v in enumerate(s.final_scores))
                     + ("" if s.winner < 0 else f"; winner P{s.winner + 1}"))
    return "\n".join(lines)
