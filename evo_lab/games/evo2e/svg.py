"""SVG rendering of an Evo board (pure strings; no dependencies).

Each land space is exactly one ``<polygon class="space terrain-<name>" data-id=".." data-label="..">`` with a
``<title>`` tooltip, so tests and the browser widget can count and select spaces. Coordinates inside the SVG
are the board's pixel coordinates (``Board.graph.nodes[i]["pos"]`` scaled by ``size / 28``).

>>> from evo_lab.games.evo2e.board import Board
>>> svg = board_svg(Board.standard(2))
>>> svg.startswith("<svg") and svg.count("<polygon class=\\"space ") == 26
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING, NamedTuple

from evo_lab.games.evo2e.board import DIRECTIONS, TERRAINS, hex_center
from evo_lab.views.colours import SEAT_COLOURS, SEAT_NAMES

if TYPE_CHECKING:  # pragma: no cover
    from evo_lab.games.evo2e.board import Board

__all__ = [
    "CLIMATE_COLOURS",
    "HIGHLIGHT_COLOUR",
    "PLAYER_COLOURS",
    "PLAYER_NAMES",
    "SEA_COLOUR",
    "TERRAIN_COLOURS",
    "DINO_PATH",
    "board_svg",
    "coast_path",
    "hex_corners",
    "svg_points",
]

#: Player seat 0..4 colours: red, blue, dark green, yellow/orange, purple.
PLAYER_COLOURS: tuple[str, ...] = SEAT_COLOURS[:5]
PLAYER_NAMES: tuple[str, ...] = SEAT_NAMES[:5]
#: Game colours: yellow desert, green plains, brown hills, white(ish) mountains.
TERRAIN_COLOURS: dict[str, str] = {
    "desert": "#f3d35c",
    "plains": "#86c45a",
    "hills": "#a9774b",
    "mountains": "#f2f2ee",
}
SEA_COLOUR = "#4b8fc4"
COAST_COLOUR = "#e9dcae"
HIGHLIGHT_COLOUR = "#ff00cc"
#: Climate state colours and glyphs.
CLIMATE_COLOURS: dict[str, str] = {
    "ideal": "#2e9e44",
    "hot": "#e8590c",
    "cold": "#1c7ed6",
    "deadly": "#111111",
}
CLIMATE_GLYPHS: dict[str, str] = {"ideal": "\u2713", "hot": "H", "cold": "C", "deadly": "\u2620"}

# A small sauropod facing right, drawn in a box of about -12..12 (scaled by the token size).
DINO_PATH = (
    "M-11,4 C-8,3 -6,-1 -2,-2 C2,-3 4,-2 5,-4 L7,-9 C7.5,-10.5 10,-11 11,-9.5 L10.5,-8 L8.5,-8 "
    "L7.5,-2 C8,1 7,4 5,5 L5,9 L3,9 L3,6 L-2,6 L-2,9 L-4,9 L-4,5.5 C-7,6 -9,5.5 -11,4 Z"
)


def _fmt(x: float) -> str:
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def hex_corners(cx: float, cy: float, s: float) -> list[tuple[float, float]]:
    """Pointy-top hex corners, starting at the upper-right corner (30 deg) going clockwise (y down)."""
    pts = []
    for k in range(6):
        ang = math.radians(60 * k - 30)
        pts.append((cx + s * math.cos(ang), cy + s * math.sin(ang)))
    return pts


# For pointy-top corners at angles -30, 30, 90, 150, 210, 270 (indices 0..5, y down), the edge between
# corners k and k+1 faces the neighbour in direction:
#   edge 0 (-30..30): east (1, 0); edge 1 (30..90): south-east (0, 1); edge 2 (90..150): south-west (-1, 1);
#   edge 3 (150..210): west (-1, 0); edge 4 (210..270): north-west (0, -1); edge 5 (270..330): north-east (1, -1)
_EDGE_DIRS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
assert set(_EDGE_DIRS) == set(DIRECTIONS)


def coast_path(board: Board, centres: list[tuple[float, float]], s: float) -> str:
    """SVG path data of every hex edge that faces the sea (shared by the SVG and the widget's geometry)."""
    land = set(board.axial)
    segs = []
    for i, (cx, cy) in enumerate(centres):
        if not board.coastal[i]:
            continue
        q, r = board.axial[i]
        pts = hex_corners(cx, cy, s)
        for k, (dq, dr) in enumerate(_EDGE_DIRS):
            if (q + dq, r + dr) not in land:
                p1, p2 = pts[k], pts[(k + 1) % 6]
                segs.append(f"M{_fmt(p1[0])},{_fmt(p1[1])}L{_fmt(p2[0])},{_fmt(p2[1])}")
    return "".join(segs)


def svg_points(pts: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in pts)


def _star(cx: float, cy: float, r: float) -> str:
    pts = []
    for k in range(10):
        rad = r if k % 2 == 0 else r * 0.45
        ang = math.radians(-90 + 36 * k)
        pts.append((cx + rad * math.cos(ang), cy + rad * math.sin(ang)))
    return svg_points(pts)


#: The legend's words for the numbered stars of the start areas (seed 000, Setting up: each player's dinosaurs
#: start on the spaces of their colour's start area).
START_LEGEND = "start space of player n"


def _legend_items(
    board: Board, climate: dict[str, str] | None, s: float, font: float
) -> list[tuple[str, str, float]]:
    """The legend's items ``(terrain or "start", its text, width)``: each terrain with its climate state, then
    the numbered star of the start areas."""
    items = [
        (t, f"{t}: {climate[t]}", s * 1.5 + font * 0.62 * len(f"{t}: {climate[t]}") + s * 0.4)
        for t in TERRAINS
        if climate and t in climate
    ]
    if board.start_areas:
        items.append(("start", START_LEGEND, s * 1.0 + font * 0.62 * len(START_LEGEND) + s * 0.4))
    return items


def _legend_rows(board: Board, climate: dict[str, str] | None, s: float) -> int:
    """Extra legend rows (beyond the first) needed for the board width; mirrors the layout in board_svg."""
    font = max(7.0, s * 0.36)
    xs = [hex_center(q, r, s)[0] for q, r in board.axial]
    margin = s * 1.3
    avail = (max(xs) - min(xs)) + s * math.sqrt(3) + 2 * margin - margin
    row, used = 0, 0.0
    for _key, _text, w in _legend_items(board, climate, s, font):
        if used + w > avail and used > 0:
            row, used = row + 1, 0.0
        used += w
    return row


def board_svg(
    board: Board,
    *,
    occupants: dict[int, int] | None = None,
    highlight: dict[int, str] | Iterable[int] | None = None,
    climate: dict[str, str] | None = None,
    size: float = 28,
    labels: bool = True,
    title: str | None = None,
) -> str:
    """Render ``board`` as an SVG string.

    ``occupants``: space id -> player seat (a dinosaur token in the seat colour, :data:`PLAYER_COLOURS`).
    ``highlight``: space id -> CSS colour, or an iterable of ids (drawn in :data:`HIGHLIGHT_COLOUR`).
    ``climate``: terrain -> "ideal"/"hot"/"cold"/"deadly"; adds a state glyph per space, hatching on
    deadly spaces and a legend. ``size``: hex circumradius in pixels. ``title``: heading text
    (default: the board name; ``""`` for none).

    >>> from evo_lab.games.evo2e.board import Board
    >>> import xml.etree.ElementTree as ET
    >>> b = Board.standard(4)
    >>> root = ET.fromstring(board_svg(b, occupants={0: 0, 5: 3}, climate={"desert": "deadly",
    ...     "plains": "ideal", "hills": "cold", "mountains": "deadly"}))
    >>> ns = {"s": "http://www.w3.org/2000/svg"}
    >>> len([p for p in root.iter("{http://www.w3.org/2000/svg}polygon")
    ...      if "space" in p.get("class", "").split()])
    42
    >>> len(root.findall(".//s:g[@class='dino player-3']", ns))
    1
    """
    occupants = dict(occupants or {})
    hl = _highlights_of(highlight)
    _check_args(board, occupants, hl, climate)
    f = _frame(board, climate, float(size), title)
    out: list[str] = []
    _head(out, board, f, title)
    _spaces(out, board, f, occupants, hl, climate)
    if climate:
        _hatching(out, board, f, climate)
    out.append(f'<path class="coast" d="{coast_path(board, f.centres, f.s)}"/>')  # thick edges facing the sea
    if hl:
        _highlight_rings(out, f, hl)
    _start_stars(out, board, f)
    if climate:
        _climate_glyphs(out, board, f, climate)
    if labels:
        out.append('<g class="labels">')
        out.extend(
            f'<text class="label" x="{_fmt(cx)}" y="{_fmt(cy + f.s * 0.8)}">{board.labels[i]}</text>'
            for i, (cx, cy) in enumerate(f.centres)
        )
        out.append("</g>")
    if occupants:
        _dinosaurs(out, f, occupants)
    _footer(out, board, f, climate)
    out.append("</svg>")
    return "\n".join(out)


class _Frame(NamedTuple):
    """The drawing's geometry: hex size, centres, the view box and the heading/footer bands."""

    s: float
    centres: list[tuple[float, float]]
    x0: float
    x1: float
    y0: float
    y1: float
    margin: float
    head: float
    font: float
    bottom: float  # the lowest hex centre's y


def _highlights_of(highlight: dict[int, str] | Iterable[int] | None) -> dict[int, str]:
    if highlight is None:
        return {}
    if isinstance(highlight, dict):
        return {int(k): str(v) for k, v in highlight.items()}
    return {int(k): HIGHLIGHT_COLOUR for k in highlight}


def _check_args(
    board: Board, occupants: dict[int, int], hl: dict[int, str], climate: dict[str, str] | None
) -> None:
    for sid in list(occupants) + list(hl):
        if not 0 <= sid < board.n:
            raise ValueError(f"board_svg: space id {sid} is not on board {board.name} (0..{board.n - 1})")
    for sid, seat in occupants.items():
        if not 0 <= seat < len(PLAYER_COLOURS):
            raise ValueError(
                f"board_svg: occupant seat {seat} on space {sid} must be 0..{len(PLAYER_COLOURS) - 1}"
            )
    if climate is not None:
        bad = {t: s for t, s in climate.items() if t not in TERRAINS or s not in CLIMATE_COLOURS}
        if bad:
            raise ValueError(
                f"board_svg: climate must map terrains {TERRAINS} to one of "
                f"{tuple(CLIMATE_COLOURS)}, got {bad}"
            )


def _frame(board: Board, climate: dict[str, str] | None, s: float, title: str | None) -> _Frame:
    centres = [hex_center(q, r, s) for q, r in board.axial]
    xs = [x for x, _ in centres]
    ys = [y for _, y in centres]
    margin = s * 1.3
    head = s * 1.1 if title != "" else 0.0
    foot = 0.0
    if board.reconstructed:
        foot += s * 0.8
    if climate or board.start_areas:
        foot += s * 1.2 + s * 0.75 * _legend_rows(board, climate, s)
    return _Frame(
        s,
        centres,
        min(xs) - s * math.sqrt(3) / 2 - margin,
        max(xs) + s * math.sqrt(3) / 2 + margin,
        min(ys) - s - margin - head,
        max(ys) + s + margin + foot,
        margin,
        head,
        max(7.0, s * 0.36),
        max(ys),
    )


def _head(out: list[str], board: Board, f: _Frame, title: str | None) -> None:
    """The svg element, its title, style, hatch pattern, the sea and the heading."""
    a = out.append
    s, font = f.s, f.font
    w, h = f.x1 - f.x0, f.y1 - f.y0
    heading = board.name if title is None else title
    a(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="evo-board" viewBox="{_fmt(f.x0)} {_fmt(f.y0)} {_fmt(w)} '
        f'{_fmt(h)}" width="{_fmt(w)}" height="{_fmt(h)}" role="img" data-board="{escape(board.name)}" '
        f'data-spaces="{board.n}" data-players="{board.players}">'
    )
    a(f"<title>{escape(heading or board.name)}</title>")
    a(
        "<style>"
        ".space{stroke:#5a4a32;stroke-width:1}"
        ".space:hover{filter:brightness(1.12)}"
        f".coast{{stroke:{COAST_COLOUR};stroke-width:{_fmt(s * 0.16)};stroke-linecap:round;fill:none}}"
        f".label{{font:{_fmt(font * 1.1)}px sans-serif;fill:#222;text-anchor:middle;pointer-events:none}}"
        f".seat{{font:bold {_fmt(font * 0.9)}px sans-serif;fill:#000;text-anchor:middle;pointer-events:none}}"
        f".caption{{font:italic {_fmt(font * 1.05)}px sans-serif;fill:#fff;text-anchor:middle}}"
        f".heading{{font:bold {_fmt(font * 1.5)}px sans-serif;fill:#fff;text-anchor:middle}}"
        f".glyph{{font:bold {_fmt(font * 1.1)}px sans-serif;fill:#fff;text-anchor:middle;pointer-events:none}}"
        f".legend{{font:{_fmt(font)}px sans-serif;fill:#fff}}"
        "</style>"
    )
    a(
        "<defs>"
        '<pattern id="evo-deadly-hatch" patternUnits="userSpaceOnUse" width="6" height="6" '
        'patternTransform="rotate(45)"><rect width="2.2" height="6" fill="#000" fill-opacity="0.45"/></pattern>'
        "</defs>"
    )
    a(
        f'<rect class="sea" x="{_fmt(f.x0)}" y="{_fmt(f.y0)}" width="{_fmt(w)}" height="{_fmt(h)}" fill="{SEA_COLOUR}"/>'
    )
    if heading:
        a(
            f'<text class="heading" x="{_fmt((f.x0 + f.x1) / 2)}" y="{_fmt(f.y0 + f.head * 0.85)}">{escape(heading)}</text>'
        )


def _space_tip(board: Board, i: int, occupants: dict[int, int], climate: dict[str, str] | None) -> str:
    t = board.terrain[i]
    seat = board.start_player(i)
    tip = f"{board.labels[i]} (id {i}): {t}"
    if board.coastal[i]:
        tip += ", coastal"
    if seat is not None:
        tip += f", start area of player {seat + 1} ({PLAYER_NAMES[seat] if seat < 5 else seat})"
    if climate and t in climate:
        tip += f", climate: {climate[t]}"
    if i in occupants:
        tip += f", occupied by player {occupants[i] + 1} ({PLAYER_NAMES[occupants[i]]})"
    return tip


def _spaces(
    out: list[str],
    board: Board,
    f: _Frame,
    occupants: dict[int, int],
    hl: dict[int, str],
    climate: dict[str, str] | None,
) -> None:
    out.append('<g class="spaces">')
    for i, (cx, cy) in enumerate(f.centres):
        t = board.terrain[i]
        seat = board.start_player(i)
        extra = f' data-start="{seat}"' if seat is not None else ""
        if climate and t in climate:
            extra += f' data-climate="{climate[t]}"'
        if i in hl:
            extra += f' data-highlight="{escape(hl[i])}"'
        out.append(
            f'<polygon class="space terrain-{t}" data-id="{i}" data-label="{board.labels[i]}" '
            f'data-terrain="{t}" data-coastal="{str(board.coastal[i]).lower()}"{extra} '
            f'points="{svg_points(hex_corners(cx, cy, f.s))}" fill="{TERRAIN_COLOURS[t]}">'
            f"<title>{escape(_space_tip(board, i, occupants, climate))}</title></polygon>"
        )
    out.append("</g>")


def _hatching(out: list[str], board: Board, f: _Frame, climate: dict[str, str]) -> None:
    out.append('<g class="climate-hatch" pointer-events="none">')
    for i, (cx, cy) in enumerate(f.centres):
        if climate.get(board.terrain[i]) == "deadly":
            out.append(
                f'<path class="deadly" d="M{svg_points(hex_corners(cx, cy, f.s * 0.97))}Z" '
                'fill="url(#evo-deadly-hatch)"/>'
            )
    out.append("</g>")


def _highlight_rings(out: list[str], f: _Frame, hl: dict[int, str]) -> None:
    out.append('<g class="highlights" pointer-events="none">')
    for i, colour in sorted(hl.items()):
        cx, cy = f.centres[i]
        out.append(
            f'<polygon class="highlight" data-id="{i}" points="{svg_points(hex_corners(cx, cy, f.s * 0.84))}" '
            f'fill="{escape(colour)}" fill-opacity="0.18" stroke="{escape(colour)}" '
            f'stroke-width="{_fmt(f.s * 0.14)}"/>'
        )
    out.append("</g>")


def _start_stars(out: list[str], board: Board, f: _Frame) -> None:
    s = f.s
    out.append('<g class="starts" pointer-events="none">')
    for seat, pair in enumerate(board.start_areas):
        for i in pair:
            cx, cy = f.centres[i]
            sx, sy = cx - s * 0.42, cy - s * 0.38
            out.append(
                f'<polygon class="start" data-id="{i}" data-seat="{seat}" points="{_star(sx, sy, s * 0.27)}" '
                f'fill="#ffffff" stroke="#000" stroke-width="{_fmt(max(0.6, s * 0.035))}"/>'
            )
            out.append(f'<text class="seat" x="{_fmt(sx)}" y="{_fmt(sy + s * 0.5)}">{seat + 1}</text>')
    out.append("</g>")


def _start_legend(out: list[str], lx: float, ly: float, f: _Frame) -> None:
    """The legend's numbered star: a start star as on the board, with "n" beside it."""
    s = f.s
    out.append(
        f'<polygon class="start-legend" points="{_star(lx + s * 0.3, ly - s * 0.05, s * 0.27)}" '
        f'fill="#ffffff" stroke="#000" stroke-width="{_fmt(max(0.6, s * 0.035))}"/>'
    )
    out.append(f'<text class="legend" x="{_fmt(lx + s * 0.62)}" y="{_fmt(ly + f.font * 0.3)}">n</text>')


def _climate_glyphs(out: list[str], board: Board, f: _Frame, climate: dict[str, str]) -> None:
    s = f.s
    out.append('<g class="climate" pointer-events="none">')
    for i, (cx, cy) in enumerate(f.centres):
        st = climate.get(board.terrain[i])
        if st is None:
            continue
        gx, gy = cx + s * 0.46, cy - s * 0.42  # the climate letter: as large as a space's label
        out.append(
            f'<circle class="climate-{st}" cx="{_fmt(gx)}" cy="{_fmt(gy)}" r="{_fmt(s * 0.27)}" '
            f'fill="{CLIMATE_COLOURS[st]}" stroke="#fff" stroke-width="{_fmt(max(0.5, s * 0.03))}"/>'
        )
        out.append(
            f'<text class="glyph" x="{_fmt(gx)}" y="{_fmt(gy + f.font * 0.38)}">{CLIMATE_GLYPHS[st]}</text>'
        )
    out.append("</g>")


def _dinosaurs(out: list[str], f: _Frame, occupants: dict[int, int]) -> None:
    out.append('<g class="dinos" pointer-events="none">')
    sc = f.s / 28.0 * 0.95
    for i, seat in sorted(occupants.items()):
        cx, cy = f.centres[i]
        col = PLAYER_COLOURS[seat]
        out.append(
            f'<g class="dino player-{seat}" data-id="{i}" data-seat="{seat}" '
            f'transform="translate({_fmt(cx)},{_fmt(cy + f.s * 0.05)}) scale({_fmt(sc)})">'
            f'<circle r="13" fill="#fff" fill-opacity="0.85" stroke="{col}" stroke-width="2.2"/>'
            f'<path d="{DINO_PATH}" fill="{col}" stroke="#000" stroke-width="0.7" stroke-linejoin="round"/>'
            f'<circle cx="9.3" cy="-9" r="0.9" fill="#fff"/></g>'
        )
    out.append("</g>")


def _footer(out: list[str], board: Board, f: _Frame, climate: dict[str, str] | None) -> None:
    """The legend (the climate of each terrain, the numbered start stars; wrapped into rows) and the
    "reconstructed" caption."""
    a = out.append
    s, font, x0, x1, margin = f.s, f.font, f.x0, f.x1, f.margin
    fy = f.bottom + s + margin * 0.6
    items = _legend_items(board, climate, s, font)
    if items:
        a('<g class="climate-legend">')
        avail = x1 - x0 - margin
        lx, row = x0 + margin * 0.5, 0
        for t, words, w in items:
            if lx + w > x0 + margin * 0.5 + avail and lx > x0 + margin * 0.5:
                lx, row = x0 + margin * 0.5, row + 1
            ly = fy + row * s * 0.75
            if t == "start":
                _start_legend(out, lx, ly, f)
                a(f'<text class="legend" x="{_fmt(lx + s * 1.0)}" y="{_fmt(ly + font * 0.3)}">{words}</text>')
                lx += w
                continue
            st = climate[t] if climate else "ideal"
            a(
                f'<rect x="{_fmt(lx)}" y="{_fmt(ly - s * 0.3)}" width="{_fmt(s * 0.5)}" height="{_fmt(s * 0.5)}" '
                f'fill="{TERRAIN_COLOURS[t]}" stroke="#000" stroke-width="0.6"/>'
            )
            a(
                f'<circle cx="{_fmt(lx + s * 0.95)}" cy="{_fmt(ly - s * 0.05)}" r="{_fmt(s * 0.27)}" '
                f'fill="{CLIMATE_COLOURS[st]}" stroke="#fff" stroke-width="0.8"/>'
            )
            a(
                f'<text class="glyph" x="{_fmt(lx + s * 0.95)}" y="{_fmt(ly - s * 0.05 + font * 0.38)}">'
                f"{CLIMATE_GLYPHS[st]}</text>"
            )
            a(f'<text class="legend" x="{_fmt(lx + s * 1.35)}" y="{_fmt(ly + font * 0.3)}">{words}</text>')
            lx += w
        a("</g>")
        fy += s * 0.75 * row + s * 1.0
    if board.reconstructed:
        a(
            f'<text class="caption" x="{_fmt((x0 + x1) / 2)}" y="{_fmt(fy + s * 0.3)}">'
            "reconstructed, not the printed board</text>"
        )
