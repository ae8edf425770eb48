"""The Evo island: hex spaces, terrain, coast, start areas, distances.

A :class:`Board` is an immutable hex map in axial coordinates ``(q, r)`` (pointy-top hexes). Every land
space has one of the four :data:`TERRAINS` (hot to cold). A space is *coastal* when at least one of its six
neighbouring hex cells is not land. Space ids are ``0..n-1`` in ``(r, q)`` order; labels are derived:
row letter (``A`` = top row) plus 1-based position in the row (``A1``, ``A2``, ..., ``B1``, ...).

The four shipped boards (:meth:`Board.standard`) are *reconstructed, not the printed board*: no public
transcription of the printed Evo boards exists. Users who own the game can enter the printed map in the
same JSON file format and use it with :meth:`Board.load`.

>>> b = Board.standard(4)
>>> b
<Board standard-4p: 42 spaces, 4 players, reconstructed>
>>> b.label(0), b.id_of("A1")
('A1', 0)
"""

from __future__ import annotations

import functools
import json
import math
from collections import deque
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any

__all__ = ["DEFAULT_SIZES", "DIRECTIONS", "TERRAINS", "Board", "BoardError", "hex_center"]

#: The four terrains, hot -> cold. Index order matters (climate wheel steps are index differences).
TERRAINS: tuple[str, ...] = ("desert", "plains", "hills", "mountains")

#: The six axial neighbour directions (q, r) of a hex cell.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

#: Default number of spaces per player count (shipped and generated boards).
DEFAULT_SIZES: dict[int, int] = {2: 26, 3: 34, 4: 42, 5: 50}

FORMAT = "evo-lab-board"
VERSION = 1
DEFAULT_TERRAIN_BOUNDS: tuple[float, float] = (0.15, 0.35)
_SQRT3 = math.sqrt(3.0)


class BoardError(ValueError):
    """An invalid board or board file. The message names the source (file), the field and the problem.

    >>> try:
    ...     Board.standard(7)
    ... except BoardError as e:
    ...     print(e.field)
    players
    """

    def __init__(self, message: str, *, source: str | None = None, field: str | None = None):
        self.source = source
        self.field = field
        self.problem = message
        parts = []
        if source:
            parts.append(str(source))
        if field:
            parts.append(f"field '{field}'")
        parts.append(message)
        super().__init__(": ".join(parts))


def hex_center(q: int, r: int, size: float = 28.0) -> tuple[float, float]:
    """Pixel centre (x, y) of axial cell (q, r) for pointy-top hexes of circumradius ``size`` (y grows down).

    >>> hex_center(0, 0)
    (0.0, 0.0)
    >>> x, y = hex_center(1, 0, 1.0); round(x, 3), y
    (1.732, 0.0)
    """
    return (size * _SQRT3 * (q + r / 2.0), size * 1.5 * r)


def _row_letters(i: int) -> str:
    """0 -> 'A', 25 -> 'Z', 26 -> 'AA' (spreadsheet style)."""
    s = ""
    i += 1
    while i > 0:
        i, rem = divmod(i - 1, 26)
        s = chr(65 + rem) + s
    return s


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _validate(data: Any, source: str, terrain_bounds: tuple[float, float] | None) -> dict:
    """Check a board dict; return normalised pieces. Raises BoardError naming source, field, problem."""

    def err(field: str | None, msg: str) -> BoardError:
        return BoardError(msg, source=source, field=field)

    if not isinstance(data, dict):
        raise err(None, f"expected a JSON object, got {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise err("format", f"expected {FORMAT!r}, got {data.get('format')!r}")
    if data.get("version") != VERSION:
        raise err("version", f"unsupported version {data.get('version')!r} (supported: {VERSION})")
    name = data.get("name", "custom")
    if not isinstance(name, str) or not name:
        raise err("name", f"must be a non-empty string, got {name!r}")
    players = data.get("players")
    if not _is_int(players) or not 2 <= players <= 5:
        raise err("players", f"must be an integer from 2 to 5, got {players!r}")
    reconstructed = data.get("reconstructed", False)
    if not isinstance(reconstructed, bool):
        raise err("reconstructed", f"must be true or false, got {reconstructed!r}")
    provenance = data.get("provenance", {})
    if not isinstance(provenance, dict):
        raise err("provenance", f"must be an object, got {type(provenance).__name__}")

    cells = data.get("cells")
    if not isinstance(cells, list) or not cells:
        raise err("cells", "must be a non-empty list of {q, r, terrain} objects")
    land: dict[tuple[int, int], str] = {}
    for i, c in enumerate(cells):
        f = f"cells[{i}]"
        if not isinstance(c, dict):
            raise err(f, f"must be an object with q, r, terrain, got {c!r}")
        q, r, t = c.get("q"), c.get("r"), c.get("terrain")
        if not _is_int(q) or not _is_int(r):
            raise err(f, f"q and r must be integers, got q={q!r}, r={r!r}")
        if t not in TERRAINS:
            raise err(f + ".terrain", f"unknown terrain {t!r} (known: {', '.join(TERRAINS)})")
        if (q, r) in land:
            raise err(f, f"duplicate cell (q={q}, r={r})")
        land[(q, r)] = t
    n = len(land)
    min_spaces = 2 * players + 4
    if n < min_spaces:
        raise err("cells", f"{n} spaces is too few for {players} players (need at least {min_spaces})")

    # connectivity
    start = next(iter(land))
    seen = {start}
    todo = deque([start])
    while todo:
        q, r = todo.popleft()
        for dq, dr in DIRECTIONS:
            nb = (q + dq, r + dr)
            if nb in land and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    if len(seen) != n:
        cut = min(set(land) - seen)
        raise err("cells", f"the island is not connected: {n - len(seen)} spaces (e.g. q={cut[0]}, r={cut[1]}) "
                  "cannot be reached from the rest over land")

    # terrain shares
    lo, hi = DEFAULT_TERRAIN_BOUNDS if terrain_bounds is None else terrain_bounds
    if "terrain_bounds" in data and terrain_bounds is None:
        tb = data["terrain_bounds"]
        if (not isinstance(tb, list) or len(tb) != 2 or not all(isinstance(x, (int, float)) for x in tb)
                or not 0 <= tb[0] <= tb[1] <= 1):
            raise err("terrain_bounds", f"must be [low, high] with 0 <= low <= high <= 1, got {tb!r}")
        lo, hi = float(tb[0]), float(tb[1])
    counts = {t: 0 for t in TERRAINS}
    for t in land.values():
        counts[t] += 1
    for t in TERRAINS:
        share = counts[t] / n
        if not lo - 1e-9 <= share <= hi + 1e-9:
            raise err("cells", f"terrain {t!r} covers {counts[t]}/{n} = {share:.0%} of the spaces, "
                      f"outside the allowed {lo:.0%}..{hi:.0%} (relax with terrain_bounds)")

    # start areas
    sa = data.get("start_areas")
    if not isinstance(sa, list):
        raise err("start_areas", "must be a list with one [[q, r], [q, r]] pair per player")
    if len(sa) != players:
        raise err("start_areas", f"has {len(sa)} entries but players is {players}")
    starts: list[tuple[tuple[int, int], tuple[int, int]]] = []
    used: dict[tuple[int, int], int] = {}
    for seat, pair in enumerate(sa):
        f = f"start_areas[{seat}]"
        if not isinstance(pair, list) or len(pair) != 2:
            raise err(f, f"must be a pair of two cells [[q, r], [q, r]], got {pair!r}")
        cs = []
        for j, cell in enumerate(pair):
            if (not isinstance(cell, (list, tuple)) or len(cell) != 2
                    or not all(_is_int(x) for x in cell)):
                raise err(f"{f}[{j}]", f"must be [q, r] integers, got {cell!r}")
            key = (cell[0], cell[1])
            if key not in land:
                raise err(f"{f}[{j}]", f"start cell (q={key[0]}, r={key[1]}) is not a land space")
            if key in used:
                raise err(f"{f}[{j}]", f"start cell (q={key[0]}, r={key[1]}) is already a start area "
                          f"(seat {used[key]})")
            used[key] = seat
            cs.append(key)
        starts.append((cs[0], cs[1]))
    return {"name": name, "players": players, "reconstructed": reconstructed,
            "provenance": json.loads(json.dumps(provenance)), "land": land, "starts": starts,
            "terrain_bounds": list(terrain_bounds) if terrain_bounds is not None else data.get("terrain_bounds")}


class Board:
    """An immutable Evo island. Build with :meth:`standard`, :meth:`generate`, :meth:`from_dict` or :meth:`load`.

    >>> b = Board.standard(2)
    >>> b.n == len(b) == len(b.terrain) == len(b.adjacency)
    True
    >>> b.players, b.reconstructed
    (2, True)
    """

    def __init__(self, data: dict, source: str = "<dict>", *,
                 terrain_bounds: tuple[float, float] | None = None):
        v = _validate(data, source, terrain_bounds)
        land: dict[tuple[int, int], str] = v["land"]
        order = sorted(land, key=lambda c: (c[1], c[0]))
        index = {c: i for i, c in enumerate(order)}
        rows = sorted({r for _, r in order})
        row_letter = {r: _row_letters(i) for i, r in enumerate(rows)}
        labels, pos_in_row, last_r = [], 0, None
        for q, r in order:
            pos_in_row = pos_in_row + 1 if r == last_r else 1
            last_r = r
            labels.append(f"{row_letter[r]}{pos_in_row}")
        adjacency, coastal = [], []
        for q, r in order:
            nbs = [index[(q + dq, r + dr)] for dq, dr in DIRECTIONS if (q + dq, r + dr) in land]
            adjacency.append(tuple(sorted(nbs)))
            coastal.append(len(nbs) < 6)
        s = object.__setattr__
        s(self, "name", v["name"])
        s(self, "players", v["players"])
        s(self, "reconstructed", v["reconstructed"])
        s(self, "provenance", v["provenance"])
        s(self, "_terrain_bounds", v["terrain_bounds"])
        s(self, "n", len(order))
        s(self, "axial", tuple(order))
        s(self, "labels", tuple(labels))
        s(self, "terrain", tuple(land[c] for c in order))
        s(self, "terrain_index", tuple(TERRAINS.index(land[c]) for c in order))
        s(self, "coastal", tuple(coastal))
        s(self, "adjacency", tuple(adjacency))
        s(self, "start_areas", tuple((index[a], index[b]) for a, b in v["starts"]))
        s(self, "_index", index)
        s(self, "_label_index", {lab: i for i, lab in enumerate(labels)})
        s(self, "_dist", None)
        s(self, "_graph", None)

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError(f"Board is immutable (cannot set {key!r})")

    def __delattr__(self, key: str) -> None:
        raise AttributeError(f"Board is immutable (cannot delete {key!r})")

    # ------------------------------------------------------------------ basics
    def __len__(self) -> int:
        return self.n

    def __repr__(self) -> str:
        tag = ", reconstructed" if self.reconstructed else ""
        return f"<Board {self.name}: {self.n} spaces, {self.players} players{tag}>"

    def _key(self) -> tuple:
        return (self.players, self.axial, self.terrain, self.start_areas, self.reconstructed)

    def __eq__(self, other: object) -> bool:
        """Boards are equal by content (cells, terrain, start areas, players); the name is ignored.

        >>> Board.standard(3) == Board.from_dict(Board.standard(3).to_dict())
        True
        >>> Board.standard(3) == Board.standard(4)
        False
        """
        if not isinstance(other, Board):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def neighbors(self, space: int) -> tuple[int, ...]:
        """Sorted ids of the land spaces adjacent to ``space``.

        >>> b = Board.standard(4)
        >>> all(b.label(x) for x in b.neighbors(b.id_of("C3")))
        True
        >>> 0 < len(b.neighbors(0)) <= 6
        True
        """
        return self.adjacency[space]

    def id_of(self, label: str) -> int:
        """The id of the space with this label (case-insensitive).

        >>> Board.standard(4).id_of("a1")
        0
        >>> Board.standard(4).id_of("Z9")
        Traceback (most recent call last):
        ...
        evo_lab.board.BoardError: standard-4p: field 'label': unknown space label 'Z9'
        """
        key = label.strip().upper() if isinstance(label, str) else label
        try:
            return self._label_index[key]
        except (KeyError, TypeError):
            raise BoardError(f"unknown space label {label!r}", source=self.name, field="label") from None

    def label(self, space: int) -> str:
        """The readable label of space id ``space``.

        >>> Board.standard(4).label(0)
        'A1'
        """
        return self.labels[space]

    def _table(self) -> tuple[tuple[int, ...], ...]:
        if self._dist is None:
            rows = []
            for src in range(self.n):
                d = [-1] * self.n
                d[src] = 0
                todo = deque([src])
                while todo:
                    u = todo.popleft()
                    for w in self.adjacency[u]:
                        if d[w] < 0:
                            d[w] = d[u] + 1
                            todo.append(w)
                rows.append(tuple(d))
            object.__setattr__(self, "_dist", tuple(rows))
        return self._dist

    @property
    def distances(self) -> tuple[tuple[int, ...], ...]:
        """All-pairs land distance table (computed once), ``distances[a][b]``.

        >>> t = Board.standard(2).distances
        >>> t[0][0], t[0][1] == t[1][0]
        (0, True)
        """
        return self._table()

    def distance(self, a: int, b: int) -> int:
        """Shortest land path length between two spaces (0 for a == b).

        >>> b = Board.standard(4)
        >>> b.distance(0, 0), b.distance(0, b.neighbors(0)[0])
        (0, 1)
        """
        return self._table()[a][b]

    def within(self, space: int, k: int) -> tuple[int, ...]:
        """Sorted ids at land distance 1..k from ``space`` (the space itself excluded).

        >>> b = Board.standard(4)
        >>> b.within(0, 1) == b.neighbors(0)
        True
        >>> len(b.within(0, 100)) == b.n - 1
        True
        """
        row = self._table()[space]
        return tuple(i for i, d in enumerate(row) if 1 <= d <= k)

    def coastal_spaces(self) -> tuple[int, ...]:
        """Sorted ids of the coastal spaces (next to the sea).

        >>> b = Board.standard(4)
        >>> all(b.coastal[i] for i in b.coastal_spaces())
        True
        """
        return tuple(i for i, c in enumerate(self.coastal) if c)

    def start_player(self, space: int) -> int | None:
        """The seat whose start area ``space`` is, or None.

        >>> b = Board.standard(4)
        >>> b.start_player(b.start_areas[2][1])
        2
        """
        for seat, pair in enumerate(self.start_areas):
            if space in pair:
                return seat
        return None

    @property
    def graph(self):
        """A frozen ``networkx.Graph``: nodes are ids with attributes label, terrain, coastal, start_player,
        q, r and pos (pixel centre for hex size 28, as in :meth:`to_svg`).

        >>> import networkx as nx
        >>> g = Board.standard(4).graph
        >>> g.number_of_nodes(), nx.is_connected(g), g.nodes[0]["label"]
        (42, True, 'A1')
        """
        if self._graph is None:
            import networkx as nx

            g = nx.Graph(name=self.name)
            for i, (q, r) in enumerate(self.axial):
                g.add_node(i, label=self.labels[i], terrain=self.terrain[i], coastal=self.coastal[i],
                           start_player=self.start_player(i), q=q, r=r, pos=hex_center(q, r))
            for i, nbs in enumerate(self.adjacency):
                g.add_edges_from((i, j) for j in nbs if j > i)
            object.__setattr__(self, "_graph", nx.freeze(g))
        return self._graph

    def terrain_counts(self) -> dict[str, int]:
        """Number of spaces per terrain, in TERRAINS order.

        >>> sum(Board.standard(5).terrain_counts().values())
        50
        """
        return {t: self.terrain.count(t) for t in TERRAINS}

    # ------------------------------------------------------------------ construction & I/O
    @classmethod
    def standard(cls, players: int) -> Board:
        """The shipped (reconstructed) board for 2..5 players; cached, so the same object each call.

        >>> Board.standard(4) is Board.standard(4)
        True
        >>> [Board.standard(p).n for p in (2, 3, 4, 5)]
        [26, 34, 42, 50]
        """
        if not _is_int(players) or not 2 <= players <= 5:
            raise BoardError(f"standard boards exist for 2 to 5 players, got {players!r}",
                             source="Board.standard", field="players")
        return _standard(cls, players)

    @classmethod
    def from_dict(cls, data: dict, source: str = "<dict>", *,
                  terrain_bounds: tuple[float, float] | None = None) -> Board:
        """Build and validate a board from the board-file dict (see docs/boards.md).

        ``terrain_bounds`` (default (0.15, 0.35), or the file's optional ``terrain_bounds``) is the allowed
        share of each terrain; pass ``(0.0, 1.0)`` to accept any mix.

        >>> d = Board.standard(2).to_dict()
        >>> d["players"] = 9
        >>> Board.from_dict(d, "my.json")
        Traceback (most recent call last):
        ...
        evo_lab.board.BoardError: my.json: field 'players': must be an integer from 2 to 5, got 9
        """
        return cls(data, source, terrain_bounds=terrain_bounds)

    def to_dict(self) -> dict:
        """The board-file dict (JSON-ready); ``Board.from_dict(b.to_dict()) == b``.

        >>> d = Board.standard(2).to_dict()
        >>> d["format"], d["version"], len(d["cells"])
        ('evo-lab-board', 1, 26)
        """
        d: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "name": self.name,
            "players": self.players,
            "reconstructed": self.reconstructed,
            "provenance": json.loads(json.dumps(self.provenance)),
        }
        if self._terrain_bounds is not None:
            d["terrain_bounds"] = list(self._terrain_bounds)
        d["cells"] = [{"q": q, "r": r, "terrain": t} for (q, r), t in zip(self.axial, self.terrain)]
        d["start_areas"] = [[list(self.axial[a]), list(self.axial[b])] for a, b in self.start_areas]
        return d

    def to_json(self) -> str:
        """JSON text of :meth:`to_dict`, one cell per line.

        >>> json.loads(Board.standard(2).to_json())["name"]
        'standard-2p'
        """
        d = self.to_dict()
        cells = d.pop("cells")
        starts = d.pop("start_areas")
        lines = ["{"]
        for k, v in d.items():
            lines.append(f"  {json.dumps(k)}: {json.dumps(v)},")
        lines.append('  "cells": [')
        lines.append(",\n".join("    " + json.dumps(c) for c in cells))
        lines.append("  ],")
        lines.append('  "start_areas": [')
        lines.append(",\n".join("    " + json.dumps(s) for s in starts))
        lines.append("  ]")
        lines.append("}")
        return "\n".join(lines) + "\n"

    @classmethod
    def load(cls, path, *, terrain_bounds: tuple[float, float] | None = None) -> Board:
        """Load a board JSON file; errors name the file.

        >>> import tempfile, os
        >>> p = os.path.join(tempfile.mkdtemp(), "b.json")
        >>> Board.standard(3).save(p)
        >>> Board.load(p) == Board.standard(3)
        True
        """
        p = Path(path)
        try:
            text = p.read_text(encoding="utf-8")
        except OSError as e:
            raise BoardError(f"cannot read file: {e.strerror or e}", source=str(p), field=None) from e
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise BoardError(f"not valid JSON: {e}", source=str(p), field=None) from e
        return cls.from_dict(data, str(p), terrain_bounds=terrain_bounds)

    def save(self, path) -> None:
        """Write the board file (JSON) to ``path``."""
        Path(path).write_text(self.to_json(), encoding="utf-8")

    # ------------------------------------------------------------------ rendering
    def to_svg(self, *, occupants: dict[int, int] | None = None,
               highlight: dict[int, str] | Iterable[int] | None = None,
               climate: dict[str, str] | None = None, size: float = 28, labels: bool = True,
               title: str | None = None) -> str:
        """SVG picture of the board (see :func:`evo_lab.views.svg.board_svg`).

        >>> svg = Board.standard(2).to_svg(occupants={0: 1}, highlight={3})
        >>> svg.count('class="space ')
        26
        """
        from evo_lab.views.svg import board_svg

        return board_svg(self, occupants=occupants, highlight=highlight, climate=climate, size=size,
                         labels=labels, title=title)

    def _repr_svg_(self) -> str:
        return self.to_svg()

    # ------------------------------------------------------------------ generator
    @classmethod
    def generate(cls, players: int, size: int | None = None, seed: int | None = None,
                 terrain_mix: dict[str, float] | None = None) -> Board:
        """A seeded procedural island: compact coastline, contiguous terrain regions, two adjacent coastal
        start spaces per seat spread around the coast. Same arguments, same board.

        ``size`` = number of spaces (default 26/34/42/50 for 2..5 players); ``terrain_mix`` = relative weight
        per terrain (default equal; with a custom mix the 15-35% share check is relaxed to 0-100%).
        ``seed=None`` draws a fresh seed, recorded in the name.

        >>> b = Board.generate(5, seed=7)
        >>> b.name, b.n, b.players
        ('generated-5p-seed7', 50, 5)
        >>> Board.generate(5, seed=7) == b
        True
        """
        data, source, bounds = _generate_dict(players, size, seed, terrain_mix)
        return cls.from_dict(data, source, terrain_bounds=bounds)


@functools.cache
def _standard(cls: type, players: int) -> Board:
    ref = resources.files("evo_lab") / "data" / "boards" / f"{players}p.json"
    text = ref.read_text(encoding="utf-8")
    return cls.from_dict(json.loads(text), f"evo_lab/data/boards/{players}p.json")


# ---------------------------------------------------------------------- procedural generation
def _neighbours(c: tuple[int, int]) -> list[tuple[int, int]]:
    return [(c[0] + dq, c[1] + dr) for dq, dr in DIRECTIONS]


def _has_lake(land: set[tuple[int, int]]) -> bool:
    """True if some sea cell is enclosed by land (not reachable from outside the bounding box)."""
    qs = [q for q, _ in land]
    rs = [r for _, r in land]
    q0, q1, r0, r1 = min(qs) - 1, max(qs) + 1, min(rs) - 1, max(rs) + 1
    start = (q0, r0)
    seen = {start}
    todo = [start]
    while todo:
        c = todo.pop()
        for nb in _neighbours(c):
            if q0 <= nb[0] <= q1 and r0 <= nb[1] <= r1 and nb not in land and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    box = (q1 - q0 + 1) * (r1 - r0 + 1)
    return len(seen) + len(land) != box


def _grow_island(rng, size: int) -> set[tuple[int, int]]:
    """Grow a compact, slightly wide island of ``size`` cells without lakes."""
    import numpy as np

    for _ in range(200):
        land = {(0, 0)}
        aspect = 1.5 + 0.5 * rng.random()  # wider than tall, like the printed island
        while len(land) < size:
            frontier = sorted({nb for c in land for nb in _neighbours(c)} - land, key=lambda c: (c[1], c[0]))
            w = []
            for c in frontier:
                k = sum(nb in land for nb in _neighbours(c))
                x, y = hex_center(c[0], c[1], 1.0)
                spread = (x / aspect) ** 2 + y ** 2
                w.append(k ** 2.2 / (1.0 + 0.15 * spread))
            p = np.asarray(w, dtype=float)
            land.add(frontier[int(rng.choice(len(frontier), p=p / p.sum()))])
        if not _has_lake(land):
            return land
    raise BoardError(f"could not grow a lake-free island of {size} spaces", source="Board.generate",
                     field="size")


def _bfs(land: set, sources: list) -> dict:
    dist = {s: 0 for s in sources}
    todo = deque(sources)
    while todo:
        u = todo.popleft()
        for w in _neighbours(u):
            if w in land and w not in dist:
                dist[w] = dist[u] + 1
                todo.append(w)
    return dist


def _paint_terrain(rng, land: set, targets: dict[str, int], regions_per_terrain: int) -> dict | None:
    """Grow contiguous terrain regions with quotas from farthest-point seeds. None if it got stuck."""
    cells = sorted(land, key=lambda c: (c[1], c[0]))
    nseeds = regions_per_terrain * len(TERRAINS)
    seeds = [cells[int(rng.integers(len(cells)))]]
    while len(seeds) < nseeds:
        d = _bfs(land, seeds)
        best = max(d.values())
        far = [c for c in cells if d[c] >= best - 1 and c not in seeds]
        seeds.append(far[int(rng.integers(len(far)))])
    order = [t for t in TERRAINS for _ in range(regions_per_terrain)]
    rng.shuffle(order)
    # quotas per region
    quota = []
    for i, t in enumerate(order):
        k = [j for j, u in enumerate(order) if u == t]
        share, extra = divmod(targets[t], len(k))
        quota.append(share + (1 if k.index(i) < extra else 0))
    owner: dict[tuple[int, int], int] = {}
    sizes = [0] * nseeds
    for i, s in enumerate(seeds):
        owner[s] = i
        sizes[i] = 1
    while len(owner) < len(land):
        fronts = {}
        for c in cells:
            if c in owner:
                continue
            for nb in _neighbours(c):
                if nb in owner:
                    fronts.setdefault(owner[nb], []).append(c)
        growable = [i for i in range(nseeds) if i in fronts and sizes[i] < quota[i]]
        if not growable:
            # trapped leftovers go to a neighbouring region (quota overflow)
            growable = sorted(fronts)
            if not growable:
                return None
        i = min(growable, key=lambda j: (sizes[j] / max(quota[j], 1), j))
        cand = sorted(set(fronts[i]), key=lambda c: (c[1], c[0]))
        w = [1.0 + 2.0 * sum(owner.get(nb) == i for nb in _neighbours(c)) ** 2 for c in cand]
        tot = sum(w)
        pick = cand[int(rng.choice(len(cand), p=[x / tot for x in w]))]
        owner[pick] = i
        sizes[i] += 1
    return {c: order[i] for c, i in owner.items()}


_START_PENALTY = {"desert": 0.3, "plains": 0.0, "hills": 0.08, "mountains": 0.4}


def _angle(c, centre) -> float:
    x, y = hex_center(c[0], c[1], 1.0)
    return math.atan2(y - centre[1], x - centre[0])


def _place_starts(rng, land: set, terrain: dict, players: int) -> list | None:
    coast = [c for c in sorted(land, key=lambda c: (c[1], c[0]))
             if any(nb not in land for nb in _neighbours(c))]
    xs = [hex_center(q, r, 1.0) for q, r in land]
    centre = (sum(x for x, _ in xs) / len(xs), sum(y for _, y in xs) / len(xs))
    coast_set = set(coast)
    pairs = []
    for a in coast:
        for b in _neighbours(a):
            if b in coast_set and (a[1], a[0]) < (b[1], b[0]):
                ang = math.atan2(math.sin(_angle(a, centre)) + math.sin(_angle(b, centre)),
                                 math.cos(_angle(a, centre)) + math.cos(_angle(b, centre)))
                pairs.append((a, b, ang))
    if not pairs:
        return None
    for _ in range(30):
        theta0 = rng.uniform(-math.pi, math.pi)
        chosen: list = []
        taken: set = set()
        ok = True
        for seat in range(players):
            target = theta0 + 2 * math.pi * seat / players
            best, best_score = None, None
            for a, b, ang in pairs:
                if a in taken or b in taken:
                    continue
                if any(nb in taken for nb in _neighbours(a) + _neighbours(b)):
                    continue  # not adjacent to another seat's start
                diff = abs((ang - target + math.pi) % (2 * math.pi) - math.pi)
                # prefer the temperate middle terrains for a fair start (plains, then hills)
                extreme = sum(_START_PENALTY[terrain[c]] for c in (a, b))
                score = diff + extreme + 0.01 * rng.random()
                if best_score is None or score < best_score:
                    best, best_score = (a, b), score
            if best is None:
                ok = False
                break
            chosen.append(best)
            taken.update(best)
        if ok:
            return chosen
    return None


def _generate_dict(players, size, seed, terrain_mix) -> tuple[dict, str, tuple[float, float] | None]:
    import numpy as np

    if not _is_int(players) or not 2 <= players <= 5:
        raise BoardError(f"must be an integer from 2 to 5, got {players!r}", source="Board.generate",
                         field="players")
    default_size = DEFAULT_SIZES[players]
    if size is None:
        size = default_size
    if not _is_int(size) or size < 2 * players + 4 or size > 2000:
        raise BoardError(f"must be an integer from {2 * players + 4} to 2000 for {players} players, got {size!r}",
                         source="Board.generate", field="size")
    if seed is None:
        seed = int(np.random.SeedSequence().entropy % (2 ** 31))
    if not _is_int(seed) or seed < 0:
        raise BoardError(f"must be a non-negative integer, got {seed!r}", source="Board.generate", field="seed")
    bounds = None
    if terrain_mix is None:
        weights = {t: 1.0 for t in TERRAINS}
    else:
        if not isinstance(terrain_mix, dict) or set(terrain_mix) - set(TERRAINS):
            raise BoardError(f"keys must be terrains {TERRAINS}, got {terrain_mix!r}", source="Board.generate",
                             field="terrain_mix")
        weights = {t: float(terrain_mix.get(t, 0.0)) for t in TERRAINS}
        if any(w < 0 or math.isnan(w) for w in weights.values()) or sum(weights.values()) <= 0:
            raise BoardError("weights must be >= 0 with a positive sum", source="Board.generate",
                             field="terrain_mix")
        bounds = (0.0, 1.0)
    total = sum(weights.values())
    raw = {t: size * weights[t] / total for t in TERRAINS}
    targets = {t: math.floor(raw[t]) for t in TERRAINS}
    for t in sorted(TERRAINS, key=lambda t: (targets[t] - raw[t], TERRAINS.index(t)))[: size - sum(targets.values())]:
        targets[t] += 1
    lo, hi = bounds or DEFAULT_TERRAIN_BOUNDS
    rng = np.random.default_rng(seed)
    regions = 1 if size < 38 else 2
    for _attempt in range(100):
        land = _grow_island(rng, size)
        terrain = _paint_terrain(rng, land, targets, regions)
        if terrain is None:
            continue
        counts = {t: 0 for t in TERRAINS}
        for t in terrain.values():
            counts[t] += 1
        if any(not lo - 1e-9 <= counts[t] / size <= hi + 1e-9 for t in TERRAINS):
            continue
        starts = _place_starts(rng, land, terrain, players)
        if starts is None:
            continue
        break
    else:
        raise BoardError(f"could not generate a valid {players}-player island of {size} spaces with seed {seed}",
                         source="Board.generate", field="seed")
    name = f"generated-{players}p-seed{seed}" + ("" if size == default_size else f"-size{size}")
    args = f"players={players}, size={size}, seed={seed}" + (
        "" if terrain_mix is None else f", terrain_mix={weights}")
    data = {
        "format": FORMAT, "version": VERSION, "name": name, "players": players, "reconstructed": False,
        "provenance": {"confidence": "generated", "source": f"Board.generate({args})"},
        "cells": [{"q": q, "r": r, "terrain": terrain[(q, r)]} for q, r in sorted(land, key=lambda c: (c[1], c[0]))],
        "start_areas": [[list(a), list(b)] for a, b in starts],
    }
    if bounds is not None:
        data["terrain_bounds"] = list(bounds)
    return data, f"Board.generate({args})", bounds
