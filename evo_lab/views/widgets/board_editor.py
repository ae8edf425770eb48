"""``BoardEditor``: draw or correct an Evo island by clicking on a hex grid, and save it as a board file.

The grid (:class:`HexGrid`, an anywidget) has a palette (desert, plains, hills, mountains, sea to erase) and
tools (paint, start areas, coast, label) with keyboard shortcuts; click or drag to paint, Shift+click fills a
row from the last hex, undo/redo. Beside it: where to start from (a blank grid, a standard board, a file), the
name, players and provenance, the board's own typed errors live (:meth:`evo_lab.games.evo2e.board.Board.problems`:
connected land, start areas per seat, terrain shares), terrain counts, the coast and start areas, and Save.
Every edit goes through :class:`~evo_lab.views.board_draft.BoardDraft`; a bad edit shows its error and
changes nothing.

>>> ed = BoardEditor(players=2)
>>> ed.click((0, 0)); ed.click((3, 0), shift=True)   # paint desert, then fill the row
>>> sorted(ed.draft.cells.values())
['desert', 'desert', 'desert', 'desert']
>>> ed.key("s"); ed.click((0, 0)); ed.draft.starts
[[(0, 0)], []]
>>> ed.click((9, 9)); ed.error
'the space: (q=9, r=9) is sea: paint it first'
"""

from __future__ import annotations

import pathlib
from html import escape
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as W
import traitlets

from evo_lab.games.evo2e.board import TERRAINS, Board, BoardError
from evo_lab.views.board_draft import (
    ANY_MIX,
    KINDS,
    SEA,
    BoardDraft,
    axial_to_offset,
    error_words,
    field_words,
)
from evo_lab.games.evo2e.svg import COAST_COLOUR, PLAYER_COLOURS, SEA_COLOUR, TERRAIN_COLOURS

__all__ = ["BoardEditor", "HexGrid"]

_HERE = pathlib.Path(__file__).parent
_CSS = (_HERE / "board_editor.css").read_text(encoding="utf-8")
_KIT_CSS = (_HERE / "kit.css").read_text(encoding="utf-8")  # the kit's tables and labels
#: The blank grid (screen columns and rows, odd rows shifted right): room for every shipped board.
DEFAULT_GRID = (-6, 6, -5, 5)
#: Keyboard shortcuts, as the grid reads them (:meth:`BoardEditor.key` does the same from Python).
KEYS = {
    "1": "desert",
    "2": "plains",
    "3": "hills",
    "4": "mountains",
    "0": SEA,
    "d": "desert",
    "p": "plains",
    "h": "hills",
    "m": "mountains",
    "e": SEA,
}
TOOL_KEYS = {"s": "start", "c": "coast", "l": "label"}


class HexGrid(anywidget.AnyWidget):
    """The clickable hex grid with its palette and tools (ESM ``board_editor.js``)."""

    _esm = _HERE / "board_editor.js"
    _css = _CSS
    view = traitlets.Dict().tag(sync=True)
    colours = traitlets.Dict().tag(sync=True)
    tool = traitlets.Unicode("paint").tag(sync=True)
    terrain = traitlets.Unicode("desert").tag(sync=True)
    seat = traitlets.Int(0).tag(sync=True)
    show_labels = traitlets.Bool(True).tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)


def _grid_extent(draft: BoardDraft) -> list[int]:
    c0, c1, r0, r1 = DEFAULT_GRID
    for q, r in draft.cells:
        col, row = axial_to_offset(q, r)
        c0, c1, r0, r1 = min(c0, col - 1), max(c1, col + 1), min(r0, row - 1), max(r1, row + 1)
    return [c0, c1, r0, r1]


class BoardEditor(W.HBox):
    """Draw or edit a board. ``BoardEditor(board=None, *, players=4)``: ``board`` is None (a blank grid),
    ``"standard"`` (the shipped board for ``players``), a :class:`~evo_lab.games.evo2e.board.Board` or a board file path.
    ``ed.draft`` is the :class:`~evo_lab.views.board_draft.BoardDraft`; ``ed.board()`` the validated board;
    ``ed.save(path)`` writes it."""

    def __init__(self, board: Board | str | Path | None = None, *, players: int = 4):
        self.grid = HexGrid(
            colours={
                "terrain": TERRAIN_COLOURS,
                "sea": SEA_COLOUR,
                "coast": COAST_COLOUR,
                "players": list(PLAYER_COLOURS),
            }
        )
        self.grid.layout = W.Layout(flex="1 1 560px", min_width="0", max_width="760px")
        self.draft = BoardDraft.blank(players)
        self._rev = 0
        self._anchor: tuple[int, int] | None = None
        self._side()
        super().__init__(
            [
                W.HTML(f"<style>{_KIT_CSS}\n{_CSS}</style>", layout=W.Layout(display="none")),
                self.grid,
                self.side,
            ],
            layout=W.Layout(flex_flow="row wrap", align_items="flex-start", width="100%"),
        )
        self.add_class("evo-board-editor")
        self.grid.on_msg(self._on_msg)
        self.start(board, players)

    # ----- the side panel
    def _side(self) -> None:
        opts = [("a blank grid", "blank")] + [(f"the standard {p}-player board", p) for p in (2, 3, 4, 5)]
        self.start_from = W.Dropdown(
            options=opts + [("a board file", "file")],
            value="blank",
            description="Start from",
            style={"description_width": "initial"},
        )
        self.path = W.Text(placeholder="my-board.json", description="File", layout=W.Layout(width="250px"))
        self.start_button = W.Button(
            description="Start over", tooltip="Replace the grid (undo brings it back)"
        )
        self.start_button.on_click(lambda _b: self._start_clicked())
        self.name = W.Text(description="Name", layout=W.Layout(width="250px"))
        self.players = W.Dropdown(options=[2, 3, 4, 5], description="Players", layout=W.Layout(width="160px"))
        self.kind = W.Dropdown(
            options=KINDS,
            description="This is",
            layout=W.Layout(width="250px"),
            tooltip="printed: a transcription of the printed board; custom: your own island",
        )
        self.source_text = W.Text(description="Source", layout=W.Layout(width="100%", max_width="360px"))
        self.any_mix = W.Checkbox(description=f"{ANY_MIX} (no 15-35% share check)", indent=False)
        self.checks = W.HTML()
        self.checks.add_class("evo-checks")
        self.save_path = W.Text(value="my-board.json", description="Save as", layout=W.Layout(width="250px"))
        self.save_button = W.Button(description="Save", button_style="primary")
        self.save_button.on_click(lambda _b: self.save())
        self.status = W.HTML()
        for w, f in (
            (self.name, self._meta),
            (self.kind, self._meta),
            (self.source_text, self._meta),
            (self.any_mix, self._meta),
            (self.players, self._players_changed),
        ):
            w.observe(f, names="value")
        row = lambda *c: W.HBox(list(c), layout=W.Layout(flex_flow="row wrap", align_items="center"))  # noqa: E731
        self.side = W.VBox(
            [
                row(self.start_from, self.start_button),
                self.path,
                self.name,
                row(self.players, self.kind),
                self.source_text,
                self.any_mix,
                self.checks,
                row(self.save_path, self.save_button),
                self.status,
            ],
            layout=W.Layout(flex="1 1 320px", min_width="0", max_width="460px"),
        )
        self.side.add_class("evo-side")

    def _start_clicked(self) -> None:
        v = self.start_from.value
        self.start(
            self.path.value.strip() if v == "file" else ("standard" if v != "blank" else None),
            v if isinstance(v, int) else self.players.value,
        )

    def start(self, board: Board | str | Path | None = None, players: int | None = None) -> bool:
        """Start from a blank grid (None), the standard board (``"standard"``), a Board or a board file."""
        players = players or self.draft.players
        try:
            if board is None:
                draft = BoardDraft.blank(players)
            elif isinstance(board, Board):
                draft = BoardDraft.from_board(board)
            elif board == "standard":
                draft = BoardDraft.standard(players)
            else:
                if not str(board).strip():
                    raise BoardError("type the path of a board file", source="board editor", field="file")
                draft = BoardDraft.load(board)
        except BoardError as e:
            self._show_error(e)
            return False
        if self.draft.cells or self.draft.can_undo:  # replacing a drawing is one undo step of the new draft
            draft._undo.append(self.draft._state())
        self.draft = draft
        self._anchor = None
        self._sync_side()
        self.grid.seat = draft.next_seat()
        self.refresh()
        return True

    def _sync_side(self) -> None:
        d = self.draft
        self._syncing = True
        try:
            self.name.value, self.players.value = d.name, d.players
            self.kind.options = KINDS if d.kind == "as loaded" else KINDS[:2]
            self.kind.value, self.source_text.value = d.kind, d.source_text
            self.any_mix.value = d.terrain_bounds == [0.0, 1.0]
        finally:
            self._syncing = False

    def _meta(self, _change: Any = None) -> None:
        if getattr(self, "_syncing", False):
            return
        d = self.draft
        d.name, d.kind, d.source_text = (
            self.name.value.strip(),
            self.kind.value,
            self.source_text.value.strip(),
        )
        d.terrain_bounds = (
            [0.0, 1.0]
            if self.any_mix.value
            else (None if d.terrain_bounds == [0.0, 1.0] else d.terrain_bounds)
        )
        self.refresh()

    def _players_changed(self, change: dict) -> None:
        if not getattr(self, "_syncing", False):
            self._do(self.draft.set_players, change["new"])

    # ----- edits (what the grid sends; the same from Python)
    def _do(self, fn: Any, *args: Any) -> Any:
        try:
            out = fn(*args)
        except BoardError as e:
            self._show_error(e)
            return None
        self.grid.error = ""
        self.refresh()
        return out

    def _show_error(self, error: BoardError | str) -> None:
        """Show what went wrong, in the editor's words (:func:`~evo_lab.views.board_draft.error_words`): beside
        the grid and in the status line, until the next change that works."""
        message = error_words(error) if isinstance(error, BoardError) else error
        self.grid.error = message
        self.status.value = f'<span style="color:#b00020">{escape(message)}</span>'

    @property
    def error(self) -> str:
        """The error of the last edit ("" when it worked)."""
        return self.grid.error

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "op":
            self.apply(content)

    def apply(self, op: dict) -> Any:
        """Apply one edit message of the grid: ``{"op": "paint", "cells": [[q, r], ...], "terrain": t}``,
        ``fill_row`` (``a``, ``b``, ``terrain``), ``start`` (``cell``, ``seat``), ``coast`` (``cell``),
        ``label`` (``cell``, ``label``), ``undo``, ``redo``."""
        kind = op.get("op")
        d = self.draft
        if kind == "paint":
            return self._do(d.paint, op.get("cells") or [], op.get("terrain"))
        if kind == "fill_row":
            return self._do(d.fill_row, op.get("a"), op.get("b"), op.get("terrain"))
        if kind == "start":
            return self._start_op(op.get("cell"), op.get("seat"))
        if kind == "coast":
            return self._do(d.cycle_coast, op.get("cell"))
        if kind == "label":
            return self._do(d.set_label, op.get("cell"), op.get("label", ""))
        if kind in ("undo", "redo"):
            out = self._do(getattr(d, kind))
            self._sync_side()
            return out
        self._show_error(f"unknown edit {kind!r}")
        return None

    def _start_op(self, cell: Any, seat: Any) -> Any:
        d = self.draft
        seat = seat if isinstance(seat, int) and 0 <= seat < d.players else None
        if (
            seat is not None
            and len(d.starts[seat]) >= 2
            and not any(tuple(cell or ()) in p for p in d.starts)
        ):
            seat = None  # this seat is complete: the click goes to the next seat still missing one
        owner = next((i for i, p in enumerate(d.starts) if tuple(cell or ()) in p), None)
        out = self._do(d.place_start, cell, seat)
        if not self.grid.error:
            self.grid.seat = (
                owner
                if out is None and owner is not None
                else (d.next_seat() if out is None or len(d.starts[out]) >= 2 else out)
            )
        return out

    def click(self, cell: tuple[int, int], shift: bool = False) -> None:
        """What a click on the grid does with the current tool (Shift+click: fill the row from the last hex)."""
        g = self.grid
        cell = (int(cell[0]), int(cell[1]))  # a list from the browser: a hashable pair
        if g.tool == "paint":
            if shift and self._anchor is not None and self._anchor[1] == cell[1]:
                self.apply({"op": "fill_row", "a": self._anchor, "b": cell, "terrain": g.terrain})
            else:
                self.apply({"op": "paint", "cells": [cell], "terrain": g.terrain})
            self._anchor = cell
        elif g.tool == "start":
            self.apply({"op": "start", "cell": cell, "seat": g.seat})
        elif g.tool == "coast":
            self.apply({"op": "coast", "cell": cell})

    def drag(self, cells: list[tuple[int, int]]) -> None:
        """A drag over ``cells`` in paint mode: one edit, one undo step."""
        self.apply({"op": "paint", "cells": [tuple(c) for c in cells], "terrain": self.grid.terrain})
        if cells:
            self._anchor = (int(cells[-1][0]), int(cells[-1][1]))

    def key(self, k: str) -> None:
        """What a key press does on the grid (see the hint under it): terrain, tools, seats, undo/redo."""
        g = self.grid
        if k in ("u", "ctrl+z"):
            self.apply({"op": "undo"})
        elif k in ("U", "ctrl+y", "ctrl+shift+z"):
            self.apply({"op": "redo"})
        elif g.tool == "start" and k in "12345" and len(k) == 1 and int(k) <= self.draft.players:
            g.seat = int(k) - 1
        elif k.lower() in KEYS:
            g.terrain, g.tool = KEYS[k.lower()], "paint"
        elif k.lower() in TOOL_KEYS:
            g.tool = TOOL_KEYS[k.lower()]

    # ----- drawing
    def refresh(self) -> None:
        """Send the grid its view and redraw the checks; the status line's last message (an error, "Saved ...")
        was about the board before this change: it goes."""
        d = self.draft
        self.status.value = self.grid.error = ""
        labels = d.labels_now()
        seat_of = {c: i for i, p in enumerate(d.starts) for c in p}
        self._rev += 1
        cells = [
            [q, r, t, d.coastal((q, r)), d.coast.get((q, r)), labels[(q, r)], seat_of.get((q, r))]
            for (q, r), t in sorted(d.cells.items(), key=lambda kv: (kv[0][1], kv[0][0]))
        ]
        self.grid.view = {
            "rev": self._rev,
            "grid": _grid_extent(d),
            "cells": cells,
            "players": d.players,
            "can_undo": d.can_undo,
            "can_redo": d.can_redo,
        }
        self.checks.value = checks_html(d)

    def board(self) -> Board:
        """The board drawn (raises the first :class:`~evo_lab.games.evo2e.board.BoardError` while it is not valid)."""
        return self.draft.board()

    def save(self, path: str | Path | None = None) -> Board | None:
        """Save the board file (``path`` or the *Save as* box). Returns the board, or None with the error shown."""
        path = str(path if path is not None else self.save_path.value).strip()
        try:
            if not path:
                raise BoardError("type a file name to save to", source="board editor", field="file")
            b = self.draft.save(path)
        except (BoardError, OSError) as e:
            self._show_error(e if isinstance(e, BoardError) else f"{path}: cannot write: {e.strerror or e}")
            return None
        self.status.value = (
            f'<span style="color:#1b7a35">Saved {b.n} spaces to <code>{escape(path)}</code></span>: '
            f"<code>Board.load(path)</code> and <code>Game(board=path)</code> read it."
        )
        return b


def checks_html(d: BoardDraft) -> str:
    """The live checks beside the grid: the board's errors, terrain shares, coast and start areas."""
    probs = d.problems()
    if probs:
        head = (
            f'<div class="bad">{len(probs)} problem{"s" if len(probs) > 1 else ""} before it can be saved:</div><ul>'
            + "".join(
                f"<li><b>{escape(field_words(e.field))}</b>: {escape(error_words(e).split(': ', 1)[1])}</li>"
                for e in probs
            )
            + "</ul>"
        )
    else:
        head = f'<div class="ok">Valid board: {len(d.cells)} spaces, {d.players} players.</div>'
    n = max(len(d.cells), 1)
    counts = d.terrain_counts()
    rows = "".join(f"<tr><td>{t}</td><td>{counts[t]}</td><td>{counts[t] / n:.0%}</td></tr>" for t in TERRAINS)
    coastal = sum(d.coastal(c) for c in d.cells)
    labels = d.labels_now()
    starts = "; ".join(
        f"P{i + 1}: " + (", ".join(labels[c] for c in p) or "-") for i, p in enumerate(d.starts)
    )
    return (
        head + '<div class="evo-table-wrap"><table class="evo-table"><tr><th>terrain</th><th>spaces</th>'
        f"<th>share</th></tr>{rows}</table></div>"
        f"<div>coastal: {coastal} of {len(d.cells)} ({len(d.coast)} set by hand)</div>"
        f"<div>start areas: {escape(starts)}</div>"
    )


def transcription_plan(board: Board) -> list[tuple[str, Any]]:
    """The clicks and keys that draw ``board`` into a blank editor, as a person copying a printed board
    would: terrain by terrain (one key each; desert is selected at the start), one click per run of that
    terrain in a row plus a Shift+click at the run's end when it is longer than one hex, then ``s`` and two
    clicks per seat for the start areas, ``c`` and one click per coast override, ``l``, a
    click and the label typed plus Enter per custom label. Steps: ``("key", k)``, ``("click", (q, r))``,
    ``("shift-click", (q, r))``, ``("type", text)``. The browser test replays it and counts.

    >>> plan = transcription_plan(Board.standard(4))
    >>> sum(1 for s in plan if s[0] != "key"), sum(1 for s in plan if s[0] == "key")
    (47, 4)
    """
    runs: dict[str, list[tuple[tuple[int, int], tuple[int, int]]]] = {t: [] for t in TERRAINS}
    rows: dict[int, list[tuple[int, str]]] = {}
    for (q, r), t in zip(board.axial, board.terrain):
        rows.setdefault(r, []).append((q, t))
    for r in sorted(rows):
        cells = sorted(rows[r])
        i = 0
        while i < len(cells):
            j = i
            while (
                j + 1 < len(cells) and cells[j + 1][1] == cells[i][1] and cells[j + 1][0] == cells[j][0] + 1
            ):
                j += 1
            runs[cells[i][1]].append(((cells[i][0], r), (cells[j][0], r)))
            i = j + 1
    plan: list[tuple[str, Any]] = []
    for k, t in enumerate(TERRAINS):
        if not runs[t]:
            continue
        if t != "desert":
            plan.append(("key", str(k + 1)))
        for a, b in runs[t]:
            plan.append(("click", a))
            if b != a:
                plan.append(("shift-click", b))
    plan.append(("key", "s"))
    for first, second in board.start_areas:
        plan += [("click", board.axial[first]), ("click", board.axial[second])]
    if board.coast_overrides:
        plan.append(("key", "c"))
        plan += [("click", board.axial[i]) for i in board.coast_overrides]
    if board.custom_labels:
        plan.append(("key", "l"))
        for i, lab in board.custom_labels.items():
            plan += [("click", board.axial[i]), ("type", lab), ("key", "Enter")]
    return plan
