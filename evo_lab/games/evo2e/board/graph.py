"""The Evo island: hex spaces, terrain, coast, start areas, distances.

A :class:`Board` is an immutable hex map in axial coordinates ``(q, r)`` (pointy-top hexes). Every land
space has one of the four :data:`TERRAINS` (hot to cold). A space is *coastal* when at least one of its six
neighbouring hex cells is not land (a board file may override that per space, and give a space its own
label: see :mod:`evo_lab.games.evo2e.board.file_format`). Space ids are ``0..n-1`` in ``(r, q)`` order; labels
are derived: row letter (``A`` = top row) plus 1-based position in the row (``A1``, ``A2``, ..., ``B1``, ...).

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
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from ....core.errors import excerpt
from ..jsontypes import JSON, JSONDict
from .file_format import DIRECTIONS, FORMAT, TERRAINS, VERSION, BoardError, _is_int
from .geometry import distance_table, hex_center, layout, networkx_graph, row_letters
from .file_format import problems as _problems
from .file_format import validate as _validate

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["DEFAULT_SIZES", "DIRECTIONS", "TERRAINS", "Board", "BoardError", "hex_center", "row_letters"]

#: Default number of spaces per player count (shipped and generated boards).
DEFAULT_SIZES: dict[int, int] = {2: 26, 3: 34, 4: 42, 5: 50}


class Board:
    """An immutable Evo island. Build with :meth:`standard`, :meth:`generate`, :meth:`from_dict` or :meth:`load`.

    >>> b = Board.standard(2)
    >>> b.n == len(b) == len(b.terrain) == len(b.adjacency)
    True
    >>> b.players, b.reconstructed
    (2, True)
    """

    name: str
    players: int  #: seats with start areas
    reconstructed: bool  #: not the printed board (a reconstruction)
    provenance: JSONDict
    _terrain_bounds: list[float] | None
    n: int  #: number of spaces
    axial: tuple[tuple[int, int], ...]  #: the (q, r) cell of each space
    labels: tuple[str, ...]
    terrain: tuple[str, ...]
    terrain_index: tuple[int, ...]  #: index into TERRAINS of each space's terrain
    coastal: tuple[bool, ...]
    adjacency: tuple[tuple[int, ...], ...]
    start_areas: tuple[tuple[int, int], ...]  #: the two start spaces of each seat
    coast_overrides: dict[int, bool]
    custom_labels: dict[int, str]
    _index: dict[tuple[int, int], int]
    _label_index: dict[str, int]
    _dist: tuple[tuple[int, ...], ...] | None
    _graph: nx.Graph | None

    def __init__(
        self, data: object, source: str = "<dict>", *, terrain_bounds: tuple[float, float] | None = None
    ):
        v = _validate(data, source, terrain_bounds)
        land = v["land"]
        order, index, labels, adjacency, coastal = layout(v, source)
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
        s(self, "coast_overrides", {index[c]: x for c, x in v["coast"].items()})
        s(self, "custom_labels", {index[c]: x for c, x in v["labels"].items()})
        s(self, "_index", index)
        s(self, "_label_index", {lab: i for i, lab in enumerate(labels)})
        s(self, "_dist", None)
        s(self, "_graph", None)

    def __setattr__(self, key: str, value: object) -> None:
        raise AttributeError(f"Board is immutable (cannot set {key!r})")

    def __delattr__(self, key: str) -> None:
        raise AttributeError(f"Board is immutable (cannot delete {key!r})")

    # ------------------------------------------------------------------ basics
    def __len__(self) -> int:
        return self.n

    def __repr__(self) -> str:
        tag = ", reconstructed" if self.reconstructed else ""
        return f"<Board {self.name}: {self.n} spaces, {self.players} players{tag}>"

    def _key(self) -> tuple[object, ...]:
        return (
            self.players,
            self.axial,
            self.terrain,
            self.coastal,
            self.labels,
            self.start_areas,
            self.reconstructed,
        )

    def __eq__(self, other: object) -> bool:
        """Boards are equal by content (cells, terrain, coast, labels, start areas, players, the reconstructed
        flag); the name and the provenance are ignored.

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
        evo_lab.games.evo2e.board.BoardError: standard-4p: field 'label': unknown space label 'Z9'
        """
        key = label.strip().upper() if isinstance(label, str) else label
        try:
            return self._label_index[key]
        except (KeyError, TypeError):
            raise BoardError(
                f"unknown space label {excerpt(label)}", source=self.name, field="label"
            ) from None

    def label(self, space: int) -> str:
        """The readable label of space id ``space``.

        >>> Board.standard(4).label(0)
        'A1'
        """
        return self.labels[space]

    def _table(self) -> tuple[tuple[int, ...], ...]:
        dist = self._dist
        if dist is None:
            dist = distance_table(self.adjacency)
            object.__setattr__(self, "_dist", dist)
        return dist

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
    def graph(self) -> nx.Graph:
        """A frozen ``networkx.Graph``: nodes are ids with attributes label, terrain, coastal, start_player,
        q, r and pos (pixel centre for hex size 28, as in :meth:`to_svg`).

        >>> import networkx as nx
        >>> g = Board.standard(4).graph
        >>> g.number_of_nodes(), nx.is_connected(g), g.nodes[0]["label"]
        (42, True, 'A1')
        """
        if self._graph is None:
            object.__setattr__(self, "_graph", networkx_graph(self))
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
            raise BoardError(
                f"standard boards exist for 2 to 5 players, got {excerpt(players)}",
                source="Board.standard",
                field="players",
            )
        return _standard(cls, players)  # type: ignore[arg-type]  # mypy takes Board.__hash__ for the class's

    @staticmethod
    def problems(
        data: object, source: str = "<dict>", *, terrain_bounds: tuple[float, float] | None = None
    ) -> list[BoardError]:
        """Every problem of a board-file dict at once (``[]`` when :meth:`from_dict` would accept it), as the
        :class:`BoardError` objects :meth:`from_dict` raises one at a time (the board editor shows them).

        >>> d = Board.standard(4).to_dict()
        >>> d["start_areas"] = d["start_areas"][:3]
        >>> [e.field for e in Board.problems(d)]
        ['start_areas']
        """
        return _problems(data, source, terrain_bounds)

    @classmethod
    def from_dict(
        cls,
        data: object,
        source: str = "<dict>",
        *,
        terrain_bounds: tuple[float, float] | None = None,
    ) -> Board:
        """Build and validate a board from the board-file dict (see docs/boards.md).

        ``terrain_bounds`` (default (0.15, 0.35), or the file's optional ``terrain_bounds``) is the allowed
        share of each terrain; pass ``(0.0, 1.0)`` to accept any mix.

        >>> d = Board.standard(2).to_dict()
        >>> d["players"] = 9
        >>> Board.from_dict(d, "my.json")
        Traceback (most recent call last):
        ...
        evo_lab.games.evo2e.board.BoardError: my.json: field 'players': must be an integer from 2 to 5, got 9
        """
        return cls(data, source, terrain_bounds=terrain_bounds)

    def to_dict(self) -> JSONDict:
        """The board-file dict (JSON-ready); ``Board.from_dict(b.to_dict()) == b``.

        >>> d = Board.standard(2).to_dict()
        >>> d["format"], d["version"], len(d["cells"])
        ('evo-lab-board', 1, 26)
        """
        d: JSONDict = {
            "format": FORMAT,
            "version": VERSION,
            "name": self.name,
            "players": self.players,
            "reconstructed": self.reconstructed,
            "provenance": json.loads(json.dumps(self.provenance)),
        }
        if self._terrain_bounds is not None:
            d["terrain_bounds"] = list(self._terrain_bounds)
        cells: list[JSONDict] = [
            {"q": q, "r": r, "terrain": t} for (q, r), t in zip(self.axial, self.terrain)
        ]
        for i, coastal in self.coast_overrides.items():
            cells[i]["coastal"] = coastal
        for i, label in self.custom_labels.items():
            cells[i]["label"] = label
        d["cells"] = list[JSON](cells)
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
        assert isinstance(cells, list) and isinstance(starts, list)  # what to_dict writes
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
    def load(cls, path: str | Path, *, terrain_bounds: tuple[float, float] | None = None) -> Board:
        """Load a board JSON file; errors name the file.

        >>> import tempfile, os
        >>> p = os.path.join(tempfile.mkdtemp(), "b.json")
        >>> Board.standard(3).save(p)
        >>> Board.load(p) == Board.standard(3)
        True
        """
        from evo_lab.core.errors import FormatError
        from evo_lab.core.jsonio import read_file

        p = Path(path)
        try:
            data = read_file(p, str(p))  # size and nesting checked before parsing
        except FormatError as e:
            problem = (
                e.message
                if e.message.startswith("not valid JSON")
                else (
                    "cannot read file: " + e.message
                    if e.message in ("no such file", "a folder, not a file")
                    or e.message.startswith("cannot read")
                    else e.message
                )
            )
            raise BoardError(problem, source=str(p), field=None) from None
        return cls.from_dict(data, str(p), terrain_bounds=terrain_bounds)

    def save(self, path: str | Path) -> None:
        """Write the board file (JSON) to ``path`` atomically: the old file stays whole if the write fails."""
        from evo_lab.core.atomic import atomic_write_text

        atomic_write_text(path, self.to_json())

    # ------------------------------------------------------------------ rendering
    def to_svg(
        self,
        *,
        occupants: dict[int, int] | None = None,
        highlight: dict[int, str] | Iterable[int] | None = None,
        climate: dict[str, str] | None = None,
        size: float = 28,
        labels: bool = True,
        title: str | None = None,
    ) -> str:
        """SVG picture of the board (see :func:`evo_lab.games.evo2e.svg.board_svg`).

        >>> svg = Board.standard(2).to_svg(occupants={0: 1}, highlight={3})
        >>> svg.count('class="space ')
        26
        """
        from evo_lab.games.evo2e.svg import board_svg

        return board_svg(
            self,
            occupants=occupants,
            highlight=highlight,
            climate=climate,
            size=size,
            labels=labels,
            title=title,
        )

    def _repr_svg_(self) -> str:
        return self.to_svg()

    # ------------------------------------------------------------------ generator
    @classmethod
    def generate(
        cls,
        players: int,
        size: int | None = None,
        seed: int | None = None,
        terrain_mix: dict[str, float] | None = None,
    ) -> Board:
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
        from .generator import generate_dict

        data, source, bounds = generate_dict(players, size, seed, terrain_mix)
        return cls.from_dict(data, source, terrain_bounds=bounds)


@functools.cache
def _standard(cls: type[Board], players: int) -> Board:
    ref = resources.files("evo_lab") / "data" / "boards" / f"{players}p.json"
    text = ref.read_text(encoding="utf-8")
    return cls.from_dict(json.loads(text), f"evo_lab/data/boards/{players}p.json")
