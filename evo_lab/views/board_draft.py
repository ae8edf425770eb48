"""The board being edited: :class:`BoardDraft`, the model behind :class:`~evo_lab.views.widgets.BoardEditor`.

A draft holds land cells (axial ``(q, r)`` -> terrain), coast overrides, custom labels, start areas per seat,
the player count, a name and the provenance it will be saved with. Every edit is one method; a bad edit
raises :class:`~evo_lab.games.evo2e.board.BoardError` (field ``cell``, ``terrain``, ``seat``, ``label``, ``row`` or
``players``) and changes nothing; every change is one undo step. The draft may be invalid while it is being
drawn: :meth:`BoardDraft.problems` lists the board's own typed errors (connected land, start areas per seat,
terrain shares), and :meth:`BoardDraft.board` / :meth:`BoardDraft.save` build the :class:`~evo_lab.games.evo2e.board.Board`
that ``Board.load`` and ``Game(board=...)`` read.

>>> d = BoardDraft.blank(2)
>>> d.fill_row((0, 0), (5, 0), "plains")
6
>>> d.paint([(0, 1), (1, 1)], "desert"), len(d.cells)
(2, 8)
>>> d.undo(), len(d.cells)
(True, 6)
>>> d.place_start((0, 0)), d.place_start((1, 0)), d.place_start((4, 0))
(0, 0, 1)
>>> d.starts
[[(0, 0), (1, 0)], [(4, 0)]]
>>> [e.field for e in d.problems()][:2]
['cells', 'cells']
>>> d.paint([(9, 9)], "swamp")
Traceback (most recent call last):
...
evo_lab.games.evo2e.board.BoardError: board editor: field 'terrain': unknown terrain 'swamp' (paint with desert, plains, hills, mountains or sea)
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from evo_lab.games.evo2e.board import DIRECTIONS, TERRAINS, Board, BoardError
from evo_lab.games.evo2e.board.file_format import FORMAT, LABEL_RE, VERSION

__all__ = ["SEA", "BoardDraft", "axial_to_offset", "error_words", "field_words", "offset_to_axial"]

SEA = "sea"
Cell = tuple[int, int]
SOURCE = "board editor"
#: What the saved board says it is: ``printed`` (transcribed from the printed board: not reconstructed),
#: ``custom`` (an island of your own) or ``as loaded`` (keep the loaded file's flag and provenance).
KINDS = ("printed", "custom", "as loaded")
_UNDO_LIMIT = 1000


def offset_to_axial(col: int, row: int) -> Cell:
    """Column/row on the screen grid (odd rows shifted right) -> axial ``(q, r)``.

    >>> offset_to_axial(2, 1), offset_to_axial(2, -1)
    ((2, 1), (3, -1))
    """
    return col - (row - (row & 1)) // 2, row


def axial_to_offset(q: int, r: int) -> tuple[int, int]:
    """Axial ``(q, r)`` -> screen column/row; the inverse of :func:`offset_to_axial`.

    >>> all(axial_to_offset(*offset_to_axial(c, r)) == (c, r) for c in range(-3, 4) for r in range(-3, 4))
    True
    """
    return q + (r - (r & 1)) // 2, r


#: The board's fields as the editor shows them (the file format's names are for files: ``start_areas[2]`` is the
#: editor's P3, ``terrain_bounds`` its checkbox "any terrain mix").
_FIELDS = {
    "cells": "the island",
    "cell": "the space",
    "terrain": "the terrain",
    "seat": "the player",
    "label": "the label",
    "row": "the row",
    "players": "players",
    "coastal": "the coast",
    "name": "the name",
    "file": "the file",
    "start_areas": "the start areas",
    "terrain_bounds": "any terrain mix",
    "format": "the file's format",
    "version": "the file's version",
    "provenance": "the provenance",
    "reconstructed": "reconstructed",
}
#: The editor's checkbox that lifts the terrain-share check (``BoardEditor.any_mix``).
ANY_MIX = "any terrain mix"


def field_words(field: str | None) -> str:
    """A board field as the editor's user knows it: ``"start_areas[2][0]"`` -> ``"P3's start area"``,
    ``"cells"`` -> ``"the island"``, ``"cells[4].terrain"`` -> ``"space 5 of the file"``.

    >>> field_words("start_areas[2]"), field_words("start_areas[0][1]"), field_words("terrain_bounds")
    ("P3's start area", "P1's start area", 'any terrain mix')
    """
    f = field or ""
    m = re.fullmatch(r"start_areas\[(\d+)\](?:\[\d+\])?", f)
    if m:
        return f"P{int(m.group(1)) + 1}'s start area"
    m = re.fullmatch(r"cells\[(\d+)\](?:\.\w+)?", f)
    if m:
        return f"space {int(m.group(1)) + 1} of the file"
    return _FIELDS.get(f, f or "the board")


def error_words(e: BoardError) -> str:
    """A :class:`BoardError` as the editor says it: its field in the editor's words, players numbered P1..P4 and
    the checkbox named by its label.

    >>> error_words(BoardError("start cell (q=1, r=0) is already a start area (seat 0)", source="board editor",
    ...                        field="start_areas[1][0]"))
    "P2's start area: start cell (q=1, r=0) is already a start area (P1's)"
    """
    problem = e.problem.replace("(relax with terrain_bounds)", f'(tick "{ANY_MIX}" to allow any share)')
    problem = re.sub(r"\(seat (\d+)\)", lambda m: f"(P{int(m.group(1)) + 1}'s)", problem)
    problem = re.sub(
        r"must be a pair of two cells \[\[q, r\], \[q, r\]\], got \[.*\]$",
        "needs two start spaces (the start tool, key s, then a click on a land space)",
        problem,
    )
    where = f"{e.source}: " if e.source and e.source != SOURCE else ""
    return f"{where}{field_words(e.field)}: {problem}"


def _err(field: str, message: str) -> BoardError:
    return BoardError(message, source=SOURCE, field=field)


def _cell(c: Any) -> Cell:
    if (
        not isinstance(c, (list, tuple))
        or len(c) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in c)
    ):
        raise _err("cell", f"a cell is [q, r] integers, got {c!r}")
    if max(abs(c[0]), abs(c[1])) > 60:
        raise _err("cell", f"cell (q={c[0]}, r={c[1]}) is too far out (|q|, |r| <= 60)")
    return int(c[0]), int(c[1])


class BoardDraft:
    """A board being drawn or edited (see the module doc). Build with :meth:`blank`, :meth:`standard`,
    :meth:`from_board` or :meth:`load`."""

    def __init__(self, players: int = 4, name: str = "my-printed-board"):
        if not isinstance(players, int) or not 2 <= players <= 5:
            raise _err("players", f"must be an integer from 2 to 5, got {players!r}")
        self.players = players
        self.name = name
        self.cells: dict[Cell, str] = {}
        self.coast: dict[Cell, bool] = {}
        self.labels: dict[Cell, str] = {}
        self.starts: list[list[Cell]] = [[] for _ in range(players)]
        self.kind = "printed"
        self.source_text = "transcribed from my copy of the game"
        self.terrain_bounds: list[float] | None = None
        self.loaded: dict[str, Any] = {"reconstructed": False, "provenance": {}}
        self.origin = "blank"
        self._undo: list[dict] = []
        self._redo: list[dict] = []

    # ----- construction
    @classmethod
    def blank(cls, players: int = 4) -> BoardDraft:
        """An empty grid (all sea)."""
        return cls(players)

    @classmethod
    def from_board(cls, board: Board, origin: str | None = None) -> BoardDraft:
        """A draft holding ``board`` (its cells, coast overrides, custom labels, start areas, provenance)."""
        d = cls(board.players, board.name)
        d.cells = dict(zip(board.axial, board.terrain))
        d.coast = {board.axial[i]: x for i, x in board.coast_overrides.items()}
        d.labels = {board.axial[i]: x for i, x in board.custom_labels.items()}
        d.starts = [[board.axial[a], board.axial[b]] for a, b in board.start_areas]
        d.loaded = {"reconstructed": board.reconstructed, "provenance": copy.deepcopy(board.provenance)}
        d.kind = "as loaded"
        bounds = board.to_dict().get("terrain_bounds")
        d.terrain_bounds = (
            [float(x) for x in bounds if isinstance(x, int | float)] if isinstance(bounds, list) else None
        )
        d.origin = origin or board.name
        return d

    @classmethod
    def standard(cls, players: int = 4) -> BoardDraft:
        """The shipped (reconstructed) board, to correct into a transcription."""
        return cls.from_board(Board.standard(players), f"standard {players}-player board")

    @classmethod
    def load(cls, path: str | Path) -> BoardDraft:
        """A board file. It must be a valid board (``Board.load``'s errors name the file and field)."""
        return cls.from_board(Board.load(path), str(path))

    # ----- undo
    def _state(self) -> dict:
        return copy.deepcopy(
            {
                "players": self.players,
                "cells": self.cells,
                "coast": self.coast,
                "labels": self.labels,
                "starts": self.starts,
            }
        )

    def _restore(self, st: dict) -> None:
        self.players, self.cells, self.coast = st["players"], st["cells"], st["coast"]
        self.labels, self.starts = st["labels"], st["starts"]

    def _commit(self, before: dict) -> bool:
        if before == self._state():
            return False
        self._undo.append(before)
        del self._undo[:-_UNDO_LIMIT]
        self._redo.clear()
        return True

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> bool:
        """Take back the last edit; False when there is none."""
        if not self._undo:
            return False
        self._redo.append(self._state())
        self._restore(self._undo.pop())
        return True

    def redo(self) -> bool:
        """Do again the last edit undone; False when there is none."""
        if not self._redo:
            return False
        self._undo.append(self._state())
        self._restore(self._redo.pop())
        return True

    # ----- edits
    def paint(self, cells: Iterable[Any], terrain: str) -> int:
        """Set ``terrain`` on each cell (adding land on sea); ``"sea"`` removes the cells (with their start areas,
        coast override and label). Returns how many cells changed. One undo step."""
        if terrain != SEA and terrain not in TERRAINS:
            raise _err("terrain", f"unknown terrain {terrain!r} (paint with {', '.join(TERRAINS)} or sea)")
        todo = [_cell(c) for c in cells]
        before = self._state()
        changed = 0
        for c in dict.fromkeys(todo):
            if terrain == SEA:
                if c in self.cells:
                    del self.cells[c]
                    self.coast.pop(c, None)
                    self.labels.pop(c, None)
                    self.starts = [[x for x in pair if x != c] for pair in self.starts]
                    changed += 1
            elif self.cells.get(c) != terrain:
                self.cells[c] = terrain
                changed += 1
        self._commit(before)
        return changed

    def fill_row(self, a: Any, b: Any, terrain: str) -> int:
        """Paint every cell of one row from ``a`` to ``b`` (both ends included; they must share ``r``)."""
        a, b = _cell(a), _cell(b)
        if a[1] != b[1]:
            raise _err("row", f"a row fill needs two cells of one row, got r={a[1]} and r={b[1]}")
        lo, hi = sorted((a[0], b[0]))
        return self.paint([(q, a[1]) for q in range(lo, hi + 1)], terrain)

    def computed_coastal(self, cell: Cell) -> bool:
        """Whether a land cell touches the sea (the rule ``Board`` uses when no override is set)."""
        q, r = cell
        return any((q + dq, r + dr) not in self.cells for dq, dr in DIRECTIONS)

    def coastal(self, cell: Cell) -> bool:
        """The coast as it will be saved: the override if set, else the computed one."""
        return self.coast.get(cell, self.computed_coastal(cell))

    def set_coast(self, cell: Any, value: bool | None) -> None:
        """Override the coast of a land cell (True coastal, False inland, None: computed again)."""
        c = self._land(cell)
        if value is not None and not isinstance(value, bool):
            raise _err("coastal", f"must be True, False or None, got {value!r}")
        before = self._state()
        if value is None or value == self.computed_coastal(c):
            self.coast.pop(c, None)  # an override equal to the computed coast says nothing
        else:
            self.coast[c] = value
        self._commit(before)

    def cycle_coast(self, cell: Any) -> bool:
        """What a click with the coast tool does: flip the coast of the cell (a second click restores the
        computed coast). Returns the coast now."""
        c = self._land(cell)
        self.set_coast(c, None if c in self.coast else not self.computed_coastal(c))
        return self.coastal(c)

    def place_start(self, cell: Any, seat: int | None = None) -> int | None:
        """What a click with the start tool does: a start cell is removed (returns None); else it becomes a
        start area of ``seat`` (default: the first seat with fewer than two). Returns the seat."""
        c = self._land(cell)
        before = self._state()
        for pair in self.starts:
            if c in pair:
                pair.remove(c)
                self._commit(before)
                return None
        if seat is None:
            seat = next((i for i, p in enumerate(self.starts) if len(p) < 2), None)
            if seat is None:
                raise _err("seat", f"all {self.players} seats have two start areas; click one to remove it")
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise _err("seat", f"seat must be 0..{self.players - 1} (P1..P{self.players}), got {seat!r}")
        if len(self.starts[seat]) >= 2:
            raise _err("seat", f"P{seat + 1} already has two start areas; click one of them to remove it")
        self.starts[seat].append(c)
        self._commit(before)
        return seat

    def next_seat(self) -> int:
        """The first seat still missing a start area (the last seat when all are placed)."""
        return next((i for i, p in enumerate(self.starts) if len(p) < 2), self.players - 1)

    def set_label(self, cell: Any, label: str) -> None:
        """Give a land cell its own label (``""``: the derived one again). Labels are capital letters then
        digits ("K7"), unique on the board."""
        c = self._land(cell)
        lab = label.strip().upper() if isinstance(label, str) else label
        if lab and (not isinstance(lab, str) or not LABEL_RE.match(lab)):
            raise _err("label", f"must be capital letters then digits, like 'K7' (no X), got {label!r}")
        if lab and any(x == lab for k, x in self.labels_now().items() if k != c):
            raise _err("label", f"{lab!r} already names another space")
        before = self._state()
        if lab:
            self.labels[c] = lab
        else:
            self.labels.pop(c, None)
        self._commit(before)

    def set_players(self, players: int) -> None:
        """Change the player count (start areas of dropped seats go; new seats start empty)."""
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 5:
            raise _err("players", f"must be an integer from 2 to 5, got {players!r}")
        before = self._state()
        self.players = players
        self.starts = (self.starts + [[] for _ in range(5)])[:players]
        self._commit(before)

    def clear(self) -> None:
        """Back to an empty grid (one undo step)."""
        before = self._state()
        self.cells, self.coast, self.labels = {}, {}, {}
        self.starts = [[] for _ in range(self.players)]
        self._commit(before)

    def _land(self, cell: Any) -> Cell:
        c = _cell(cell)
        if c not in self.cells:
            raise _err("cell", f"(q={c[0]}, r={c[1]}) is sea: paint it first")
        return c

    # ----- reading
    def labels_now(self) -> dict[Cell, str]:
        """The label of every land cell as the saved board will have it (custom or derived)."""
        order = sorted(self.cells, key=lambda c: (c[1], c[0]))
        rows = sorted({r for _, r in order})
        from evo_lab.games.evo2e.board import row_letters

        letter = {r: row_letters(i) for i, r in enumerate(rows)}
        out, pos, last = {}, 0, None
        for q, r in order:
            pos = pos + 1 if r == last else 1
            last = r
            out[(q, r)] = self.labels.get((q, r), f"{letter[r]}{pos}")
        return out

    def to_dict(self) -> dict:
        """The board-file dict (``Board.from_dict`` reads it; it may be invalid while drawing)."""
        if self.kind == "as loaded":
            reconstructed, prov = self.loaded["reconstructed"], copy.deepcopy(self.loaded["provenance"])
        else:
            reconstructed, prov = False, {"confidence": self.kind, "source": self.source_text}
        d: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "name": self.name or "custom",
            "players": self.players,
            "reconstructed": reconstructed,
            "provenance": prov,
        }
        if self.terrain_bounds is not None:
            d["terrain_bounds"] = list(self.terrain_bounds)
        cells = []
        for c in sorted(self.cells, key=lambda c: (c[1], c[0])):
            e: dict[str, Any] = {"q": c[0], "r": c[1], "terrain": self.cells[c]}
            if c in self.coast:
                e["coastal"] = self.coast[c]
            if c in self.labels:
                e["label"] = self.labels[c]
            cells.append(e)
        d["cells"] = cells
        d["start_areas"] = [[list(x) for x in pair] for pair in self.starts]
        return d

    def problems(self) -> list[BoardError]:
        """Every reason the draft is not a valid board yet (``[]``: it is), as the board's typed errors."""
        if not self.cells:
            return [BoardError("no land yet: paint the island's spaces", source=SOURCE, field="cells")]
        return Board.problems(self.to_dict(), SOURCE)

    def board(self) -> Board:
        """The :class:`Board` (raises the first :class:`BoardError` while the draft is invalid)."""
        return Board.from_dict(self.to_dict(), SOURCE)

    def save(self, path: str | Path) -> Board:
        """Write the board file to ``path`` (only a valid board is written) and return the board."""
        b = self.board()
        b.save(path)
        return b

    def terrain_counts(self) -> dict[str, int]:
        return {t: sum(1 for x in self.cells.values() if x == t) for t in TERRAINS}
