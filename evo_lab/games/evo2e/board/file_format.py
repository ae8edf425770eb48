"""The board file format (``evo-lab-board``, version 1): its checks, one function per rule, and
:func:`problems`, which runs every check that can run and returns all the errors at once (the board editor
shows them live beside the grid). :class:`evo_lab.games.evo2e.board.Board` raises the first of them.

Optional per-cell fields, for a transcription of a printed board that differs from what evo-lab derives:
``"coastal": true|false`` overrides the computed coast (a space is coastal when one of its six neighbours is
sea) and ``"label": "K7"`` replaces the derived label (row letter + position in the row).

>>> from evo_lab.games.evo2e.board import Board
>>> d = Board.standard(2).to_dict()
>>> d["cells"] = [c for c in d["cells"] if c["terrain"] != "hills"]
>>> for e in problems(d, "my.json"):
...     print(e)
my.json: field 'cells': terrain 'desert' covers 8/22 = 36% of the spaces, outside the allowed 15%..35% (relax with terrain_bounds)
my.json: field 'cells': terrain 'hills' covers 0/22 = 0% of the spaces, outside the allowed 15%..35% (relax with terrain_bounds)
my.json: field 'start_areas[0][0]': start cell (q=-1, r=-2) is not a land space
my.json: field 'start_areas[0][1]': start cell (q=-2, r=-1) is not a land space
>>> problems(Board.standard(3).to_dict())
[]
"""

from __future__ import annotations

import json
import re
from collections import deque
from collections.abc import Callable, Mapping
from typing import TypeGuard, TypedDict, TypeVar

from evo_lab.core.errors import EvoLabError, cut, excerpt

from ..jsontypes import JSONDict

_V = TypeVar("_V")

__all__ = [
    "BoardError",
    "DEFAULT_TERRAIN_BOUNDS",
    "DIRECTIONS",
    "FORMAT",
    "LABEL_RE",
    "TERRAINS",
    "VERSION",
    "problems",
    "validate",
]

#: The four terrains, hot -> cold. Index order matters (climate wheel steps are index differences).
TERRAINS: tuple[str, ...] = ("desert", "plains", "hills", "mountains")
#: The six axial neighbour directions (q, r) of a hex cell.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
FORMAT = "evo-lab-board"
#: Most cells a board may have, and the largest axial coordinate (the printed boards have 26..50 cells).
MAX_CELLS, MAX_COORD = 400, 100
VERSION = 1
DEFAULT_TERRAIN_BOUNDS: tuple[float, float] = (0.15, 0.35)
#: A custom space label: letters then digits ("K7", "AB12"), never the letter X, which separates the attacker
#: from the defender in action strings ("attack D5xC4").
LABEL_RE = re.compile(r"^[A-WYZ]{1,3}[0-9]{1,3}$")


class BoardError(EvoLabError, ValueError):
    """An invalid board or board file. The message names the source (file), the field and the problem.

    >>> from evo_lab.games.evo2e.board import Board
    >>> try:
    ...     Board.standard(7)
    ... except BoardError as e:
    ...     print(e.field)
    players
    """

    def __init__(self, message: str, *, source: str | None = None, field: str | None = None):
        self.source = None if source is None else cut(str(source), 300)
        self.field = None if field is None else cut(str(field), 200)
        self.problem = message = cut(message)
        source, field = self.source, self.field
        parts = []
        if source:
            parts.append(str(source))
        if field:
            parts.append(f"field '{field}'")
        parts.append(message)
        super().__init__(": ".join(parts))


BoardError.__module__ = "evo_lab.games.evo2e.board"  # its public home (tracebacks and doctests name it there)


def _is_int(x: object) -> TypeGuard[int]:
    return isinstance(x, int) and not isinstance(x, bool)


#: A hex cell ``(q, r)`` and a table keyed by cells.
Cell = tuple[int, int]
Cells = dict[Cell, _V]
#: ``err(field, message)``: the :class:`BoardError` of one problem of the file being checked.
ErrorMaker = Callable[[str | None, str], BoardError]


class _Header(TypedDict):
    name: str
    players: int
    reconstructed: bool
    provenance: JSONDict


class BoardParts(_Header):
    """A checked board file, normalised (what :func:`validate` returns)."""

    land: Cells[str]
    coast: Cells[bool]
    labels: Cells[str]
    starts: list[tuple[Cell, Cell]]
    terrain_bounds: list[float] | None


# ---------------------------------------------------------------------- the checks
def board_object(data: object, err: ErrorMaker) -> Mapping[str, object]:
    """``data`` as a JSON object, or the error that it is none."""
    if not isinstance(data, dict):
        raise err(None, f"expected a JSON object, got {type(data).__name__}")
    return data


def check_header(data: Mapping[str, object], err: ErrorMaker) -> _Header:
    """format, version, name, players, reconstructed, provenance."""
    if data.get("format") != FORMAT:
        raise err("format", f"expected {FORMAT!r}, got {excerpt(data.get('format'))}")
    if data.get("version") != VERSION:
        raise err("version", f"unsupported version {excerpt(data.get('version'))} (supported: {VERSION})")
    name = data.get("name", "custom")
    if not isinstance(name, str) or not name or len(name) > 200:
        raise err("name", f"must be a non-empty string of at most 200 characters, got {excerpt(name)}")
    players = data.get("players")
    if not _is_int(players) or not 2 <= players <= 5:
        raise err("players", f"must be an integer from 2 to 5, got {excerpt(players)}")
    reconstructed = data.get("reconstructed", False)
    if not isinstance(reconstructed, bool):
        raise err("reconstructed", f"must be true or false, got {excerpt(reconstructed)}")
    provenance = data.get("provenance", {})
    if not isinstance(provenance, dict):
        raise err("provenance", f"must be an object, got {type(provenance).__name__}")
    return {
        "name": name,
        "players": players,
        "reconstructed": reconstructed,
        "provenance": json.loads(json.dumps(provenance)),
    }


def check_cells(data: Mapping[str, object], err: ErrorMaker) -> tuple[Cells[str], Cells[bool], Cells[str]]:
    """The cells: integer q, r, a known terrain, no duplicates, optional coastal/label overrides.
    Returns ``(land, coastal_overrides, labels)`` keyed by ``(q, r)``."""
    cells = data.get("cells")
    if not isinstance(cells, list) or not cells:
        raise err("cells", "must be a non-empty list of {q, r, terrain} objects")
    if len(cells) > MAX_CELLS:
        raise err("cells", f"{len(cells)} cells, more than the {MAX_CELLS} a board may have")
    land: dict[tuple[int, int], str] = {}
    coast: dict[tuple[int, int], bool] = {}
    labels: dict[tuple[int, int], str] = {}
    for i, c in enumerate(cells):
        f = f"cells[{i}]"
        if not isinstance(c, dict):
            raise err(f, f"must be an object with q, r, terrain, got {excerpt(c)}")
        q, r, t = c.get("q"), c.get("r"), c.get("terrain")
        if (
            not _is_int(q)
            or not _is_int(r)
            or not -MAX_COORD <= q <= MAX_COORD
            or not -MAX_COORD <= r <= MAX_COORD
        ):
            raise err(
                f, f"q and r must be integers -{MAX_COORD}..{MAX_COORD}, got q={excerpt(q)}, r={excerpt(r)}"
            )
        if not isinstance(t, str) or t not in TERRAINS:
            raise err(f + ".terrain", f"unknown terrain {excerpt(t)} (known: {', '.join(TERRAINS)})")
        if (q, r) in land:
            raise err(f, f"duplicate cell (q={q}, r={r})")
        land[(q, r)] = t
        if "coastal" in c:
            if not isinstance(c["coastal"], bool):
                raise err(
                    f + ".coastal",
                    f"must be true or false (an override of the computed coast), got {excerpt(c['coastal'])}",
                )
            coast[(q, r)] = c["coastal"]
        if "label" in c:
            lab = c["label"]
            if not isinstance(lab, str) or not LABEL_RE.match(lab):
                raise err(
                    f + ".label",
                    "must be capital letters then digits, like 'K7' (no X, which "
                    f"separates attacker and defender in 'attack D5xC4'), got {excerpt(lab)}",
                )
            labels[(q, r)] = lab
    return land, coast, labels


def check_size(land: Cells[str], players: int, err: ErrorMaker) -> None:
    n, need = len(land), 2 * players + 4
    if n < need:
        raise err("cells", f"{n} spaces is too few for {players} players (need at least {need})")


def check_connected(land: Cells[str], err: ErrorMaker) -> None:
    """Every land space reachable from every other over land."""
    start = next(iter(land))
    seen, todo = {start}, deque([start])
    while todo:
        q, r = todo.popleft()
        for dq, dr in DIRECTIONS:
            nb = (q + dq, r + dr)
            if nb in land and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    if len(seen) != len(land):
        n = len(land)
        cut = min(set(land) - seen, key=lambda c: (c[1], c[0]))
        raise err(
            "cells",
            f"the island is not connected: {n - len(seen)} spaces (e.g. q={cut[0]}, "
            f"r={cut[1]}) cannot be reached from the rest over land",
        )


def terrain_bounds_of(
    data: Mapping[str, object], terrain_bounds: tuple[float, float] | None, err: ErrorMaker
) -> tuple[float, float]:
    if terrain_bounds is not None:
        return terrain_bounds
    if "terrain_bounds" not in data:
        return DEFAULT_TERRAIN_BOUNDS
    tb = data["terrain_bounds"]
    if (
        not isinstance(tb, list)
        or len(tb) != 2
        or not all(isinstance(x, (int, float)) and not isinstance(x, bool) and 0 <= x <= 1 for x in tb)
        or not 0 <= tb[0] <= tb[1] <= 1
    ):
        raise err("terrain_bounds", f"must be [low, high] with 0 <= low <= high <= 1, got {excerpt(tb)}")
    return float(tb[0]), float(tb[1])


def check_shares(land: Cells[str], bounds: tuple[float, float], err: ErrorMaker) -> list[BoardError]:
    """Each terrain between ``bounds`` of the spaces: one error per terrain outside them."""
    lo, hi = bounds
    n = len(land)
    out = []
    for t in TERRAINS:
        k = sum(1 for x in land.values() if x == t)
        if not lo - 1e-9 <= k / n <= hi + 1e-9:
            out.append(
                err(
                    "cells",
                    f"terrain {t!r} covers {k}/{n} = {k / n:.0%} of the spaces, "
                    f"outside the allowed {lo:.0%}..{hi:.0%} (relax with terrain_bounds)",
                )
            )
    return out


def check_starts(
    data: Mapping[str, object],
    land: Cells[str],
    players: int,
    err: ErrorMaker,
    collect: list[BoardError] | None = None,
) -> list[tuple[Cell, Cell]]:
    """One pair of distinct land cells per seat. With ``collect`` given, cell problems are appended to it
    and checking goes on; else the first is raised."""
    sa = data.get("start_areas")
    if not isinstance(sa, list):
        raise err("start_areas", "must be a list with one [[q, r], [q, r]] pair per player")
    if len(sa) != players:
        raise err("start_areas", f"has {len(sa)} entries but players is {players}")
    starts: list[tuple[Cell, Cell]] = []
    used: dict[Cell, int] = {}

    def bad(e: BoardError) -> None:
        if collect is None:
            raise e
        collect.append(e)

    for seat, pair in enumerate(sa):
        f = f"start_areas[{seat}]"
        if not isinstance(pair, list) or len(pair) != 2:
            bad(err(f, f"must be a pair of two cells [[q, r], [q, r]], got {excerpt(pair)}"))
            continue
        cs: list[Cell] = []
        for j, cell in enumerate(pair):
            if not isinstance(cell, (list, tuple)) or len(cell) != 2 or not all(_is_int(x) for x in cell):
                bad(err(f"{f}[{j}]", f"must be [q, r] integers, got {excerpt(cell)}"))
                continue
            key = (cell[0], cell[1])
            if key not in land:
                bad(err(f"{f}[{j}]", f"start cell (q={key[0]}, r={key[1]}) is not a land space"))
            elif key in used:
                bad(
                    err(
                        f"{f}[{j}]",
                        f"start cell (q={key[0]}, r={key[1]}) is already a start area (seat {used[key]})",
                    )
                )
            else:
                used[key] = seat
            cs.append(key)
        if len(cs) == 2:
            starts.append((cs[0], cs[1]))
    return starts


def _errors(source: str) -> ErrorMaker:
    def err(field: str | None, msg: str) -> BoardError:
        return BoardError(msg, source=source, field=field)

    return err


def validate(data: object, source: str, terrain_bounds: tuple[float, float] | None) -> BoardParts:
    """Check a board dict; return its normalised pieces. Raises the first :class:`BoardError`."""
    err = _errors(source)
    data = board_object(data, err)
    head = check_header(data, err)
    land, coast, labels = check_cells(data, err)
    check_size(land, head["players"], err)
    check_connected(land, err)
    bounds = terrain_bounds_of(data, terrain_bounds, err)
    shares = check_shares(land, bounds, err)
    if shares:
        raise shares[0]
    starts = check_starts(data, land, head["players"], err)
    tb = list(terrain_bounds) if terrain_bounds is not None else _bounds_field(data)
    return {**head, "land": land, "coast": coast, "labels": labels, "starts": starts, "terrain_bounds": tb}


def _bounds_field(data: Mapping[str, object]) -> list[float] | None:
    """The file's own ``terrain_bounds`` (checked by :func:`terrain_bounds_of`), kept for writing it back."""
    tb = data.get("terrain_bounds")
    return tb if isinstance(tb, list) else None


def problems(
    data: object, source: str = "<dict>", terrain_bounds: tuple[float, float] | None = None
) -> list[BoardError]:
    """Every problem of a board dict as :class:`BoardError` objects (``[]``: the board is valid). A header or
    cell-list error stops the checks that need it; size, connectivity, terrain shares, start areas and labels
    are reported together."""
    err = _errors(source)
    try:
        data = board_object(data, err)
        head = check_header(data, err)
        land, _coast, _labels = check_cells(data, err)
    except BoardError as e:
        return [e]
    out: list[BoardError] = []
    try:
        check_size(land, head["players"], err)
    except BoardError as e:
        out.append(e)
    try:
        check_connected(land, err)
    except BoardError as e:
        out.append(e)
    try:
        out += check_shares(land, terrain_bounds_of(data, terrain_bounds, err), err)
    except BoardError as e:
        out.append(e)
    try:
        check_starts(data, land, head["players"], err, collect=out)
    except BoardError as e:
        out.append(e)
    if not out:
        try:  # labels clash only once the derived ones are known
            from .graph import Board

            Board(data, source, terrain_bounds=terrain_bounds)
        except BoardError as e:
            out.append(e)
    return out
