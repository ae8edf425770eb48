"""The geometry of a board: hex cells in axial coordinates (pointy-top), pixel centres, row letters, and what
a :class:`~evo_lab.games.evo2e.board.Board` derives from its checked file: space ids in ``(r, q)`` order, labels,
adjacency, the coast, land distances and the ``networkx`` graph.

>>> row_letters(26), hex_center(0, 0)
('AA', (0.0, 0.0))
"""

from __future__ import annotations

import math
from collections import deque
from typing import TYPE_CHECKING, NamedTuple

from .file_format import DIRECTIONS, BoardError, BoardParts, Cell

if TYPE_CHECKING:
    import networkx as nx

    from .graph import Board

__all__ = ["hex_center", "row_letters", "Layout", "layout", "distance_table", "networkx_graph"]

_SQRT3 = math.sqrt(3.0)


def hex_center(q: int, r: int, size: float = 28.0) -> tuple[float, float]:
    """Pixel centre (x, y) of axial cell (q, r) for pointy-top hexes of circumradius ``size`` (y grows down).

    >>> hex_center(0, 0)
    (0.0, 0.0)
    >>> x, y = hex_center(1, 0, 1.0); round(x, 3), y
    (1.732, 0.0)
    """
    return (size * _SQRT3 * (q + r / 2.0), size * 1.5 * r)


def row_letters(i: int) -> str:
    """0 -> 'A', 25 -> 'Z', 26 -> 'AA' (spreadsheet style)."""
    s = ""
    i += 1
    while i > 0:
        i, rem = divmod(i - 1, 26)
        s = chr(65 + rem) + s
    return s


class Layout(NamedTuple):
    """What a board derives from its cells: the cells in id order, their index, labels, adjacency and coast."""

    order: list[Cell]
    index_of: dict[Cell, int]  #: the id of each cell
    labels: list[str]
    adjacency: list[tuple[int, ...]]
    coastal: list[bool]


def layout(v: BoardParts, source: str) -> Layout:
    """Space ids in ``(r, q)`` order, their labels (row letter and place in the row, or the file's own), adjacency
    and coast (a space is coastal when one of its six neighbours is sea, or as the file says)."""
    land = v["land"]
    order = sorted(land, key=lambda c: (c[1], c[0]))
    index = {c: i for i, c in enumerate(order)}
    rows = sorted({r for _, r in order})
    row_letter = {r: row_letters(i) for i, r in enumerate(rows)}
    labels: list[str] = []
    pos_in_row, last_r = 0, None
    for q, r in order:
        pos_in_row = pos_in_row + 1 if r == last_r else 1
        last_r = r
        labels.append(v["labels"].get((q, r), f"{row_letter[r]}{pos_in_row}"))
    if len(set(labels)) != len(labels):
        dup = next(lab for lab in labels if labels.count(lab) > 1)
        raise BoardError(
            f"label {dup!r} names two spaces (custom labels must differ from every other label)",
            source=source,
            field="cells",
        )
    adjacency: list[tuple[int, ...]] = []
    coastal: list[bool] = []
    for q, r in order:
        nbs = [index[(q + dq, r + dr)] for dq, dr in DIRECTIONS if (q + dq, r + dr) in land]
        adjacency.append(tuple(sorted(nbs)))
        coastal.append(v["coast"].get((q, r), len(nbs) < 6))
    return Layout(order, index, labels, adjacency, coastal)


def distance_table(adjacency: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """All-pairs land distances (breadth-first from every space)."""
    n = len(adjacency)
    rows = []
    for src in range(n):
        d = [-1] * n
        d[src] = 0
        todo = deque([src])
        while todo:
            u = todo.popleft()
            for w in adjacency[u]:
                if d[w] < 0:
                    d[w] = d[u] + 1
                    todo.append(w)
        rows.append(tuple(d))
    return tuple(rows)


def networkx_graph(board: Board) -> nx.Graph:
    """A frozen ``networkx.Graph`` of ``board`` (node attributes label, terrain, coastal, start_player, q, r, pos)."""
    import networkx as nx

    g = nx.Graph(name=board.name)
    for i, (q, r) in enumerate(board.axial):
        g.add_node(
            i,
            label=board.labels[i],
            terrain=board.terrain[i],
            coastal=board.coastal[i],
            start_player=board.start_player(i),
            q=q,
            r=r,
            pos=hex_center(q, r),
        )
    for i, nbs in enumerate(board.adjacency):
        g.add_edges_from((i, j) for j in nbs if j > i)
    return nx.freeze(g)
