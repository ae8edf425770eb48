"""The board editor from Python: every edit of the draft and of the widget (clicks, drags, keys, messages from
the grid), undo/redo, bad edits that show their error and change nothing, the live checks (the board's own typed
errors), the file format's coast and label overrides, and a transcribed board saved, loaded and played."""

from __future__ import annotations

import copy
import json

import numpy as np
import pytest

import evo_lab
from evo_lab.games.evo2e.board import Board, BoardError
from evo_lab.core.protocol import play_out
from evo_lab.views.board_draft import BoardDraft, axial_to_offset, offset_to_axial
from evo_lab.views.widgets.board_editor import BoardEditor, transcription_plan


def _replay(ed: BoardEditor, plan) -> None:
    for kind, arg in plan:
        if kind == "key":
            ed.key(arg)
        elif kind == "type":
            pass  # typed into the label box with the click before: see _label_plan
        else:
            ed.click(arg, shift=kind == "shift-click")


def _same_island(a: Board, b: Board) -> bool:
    return (a.axial, a.terrain, a.coastal, a.labels, a.start_areas) == (
        b.axial,
        b.terrain,
        b.coastal,
        b.labels,
        b.start_areas,
    )


# ---------------------------------------------------------------- the draft's edits
def test_paint_adds_changes_and_sea_removes_with_its_marks():
    d = BoardDraft.blank(2)
    assert d.paint([(0, 0), (1, 0), (1, 0)], "plains") == 2  # a repeated cell counts once
    assert d.paint([(0, 0)], "hills") == 1 and d.cells[(0, 0)] == "hills"
    assert d.paint([(0, 0)], "hills") == 0 and len(d._undo) == 2  # no change, no undo step
    d.place_start((0, 0))
    d.set_coast((0, 0), False)
    d.set_label((0, 0), "K7")
    assert d.paint([(0, 0)], "sea") == 1
    assert (0, 0) not in d.cells and d.coast == {} and d.labels == {} and d.starts == [[], []]
    d.undo()
    assert d.cells[(0, 0)] == "hills" and d.starts[0] == [(0, 0)] and d.labels[(0, 0)] == "K7"


def test_fill_row_both_ends_and_either_direction():
    d = BoardDraft.blank(3)
    assert d.fill_row((4, -1), (1, -1), "desert") == 4
    assert sorted(d.cells) == [(1, -1), (2, -1), (3, -1), (4, -1)]
    with pytest.raises(BoardError) as e:
        d.fill_row((0, 0), (0, 1), "desert")
    assert e.value.field == "row"


def test_start_areas_fill_seat_by_seat_and_a_click_removes():
    d = BoardDraft.blank(2)
    d.fill_row((0, 0), (5, 0), "plains")
    assert [d.place_start((q, 0)) for q in range(4)] == [0, 0, 1, 1]
    with pytest.raises(BoardError) as e:
        d.place_start((4, 0))
    assert e.value.field == "seat" and "all 2 seats" in str(e.value)
    assert d.place_start((1, 0)) is None and d.starts == [[(0, 0)], [(2, 0), (3, 0)]]
    assert d.next_seat() == 0
    with pytest.raises(BoardError, match="P2 already has two"):
        d.place_start((5, 0), seat=1)
    assert d.place_start((5, 0), seat=0) == 0


def test_coast_override_flips_and_a_second_click_restores():
    d = BoardDraft.from_board(Board.standard(2))
    c = d.cells and next(c for c in d.cells if d.computed_coastal(c))
    assert d.cycle_coast(c) is False and d.coast == {c: False}
    assert d.cycle_coast(c) is True and d.coast == {}
    d.set_coast(c, True)  # equal to the computed coast: no override stored
    assert d.coast == {}
    inland = next(x for x in d.cells if not d.computed_coastal(x))
    d.set_coast(inland, True)
    assert d.board().coastal[d.board()._index[inland]] is True


def test_labels_custom_unique_and_cleared():
    d = BoardDraft.from_board(Board.standard(2))
    cell = sorted(d.cells, key=lambda c: (c[1], c[0]))[0]
    d.set_label(cell, "k7")
    assert d.labels_now()[cell] == "K7" and d.board().id_of("K7") == 0
    other = sorted(d.cells, key=lambda c: (c[1], c[0]))[1]
    for bad in ("K7", "X1", "7", "A-1", "hello"):
        with pytest.raises(BoardError) as e:
            d.set_label(other, bad)
        assert e.value.field == "label"
    d.set_label(cell, "")
    assert d.labels == {} and d.board().label(0) == "A1"


def test_players_change_keeps_and_drops_start_areas():
    d = BoardDraft.from_board(Board.standard(4))
    d.set_players(2)
    assert len(d.starts) == 2 and d.starts[1] == [
        d.board().axial[x] for x in Board.standard(4).start_areas[1]
    ]
    d.set_players(5)
    assert d.starts[2:] == [[], [], []]
    assert "start_areas" in {e.field.split("[")[0] for e in d.problems()}
    d.undo()
    d.undo()
    assert d.board() == Board.standard(4)


def test_undo_redo_walk_both_ways():
    d = BoardDraft.blank(2)
    d.paint([(0, 0)], "desert")
    d.paint([(1, 0)], "plains")
    assert d.undo() and d.undo() and not d.undo()
    assert d.cells == {}
    assert d.redo() and d.cells == {(0, 0): "desert"}
    d.paint([(2, 0)], "hills")  # a new edit drops the redo list
    assert not d.can_redo


@pytest.mark.parametrize(
    "op, args",
    [
        ("paint", ([(0, 0)], "swamp")),
        ("paint", ([(0, "a")], "desert")),
        ("paint", ([(0, 99)], "desert")),
        ("fill_row", ((0, 0), (1, 1), "desert")),
        ("place_start", ((9, 9),)),
        ("place_start", ((0, 0), 7)),
        ("cycle_coast", ((9, 9),)),
        ("set_coast", ((0, 0), "yes")),
        ("set_label", ((0, 0), "X2")),
        ("set_label", ((9, 9), "K1")),
        ("set_players", (6,)),
        ("set_players", (True,)),
    ],
)
def test_bad_edit_raises_a_typed_error_and_changes_nothing(op, args):
    d = BoardDraft.from_board(Board.standard(2))
    d.cells[(0, 0)] = d.cells.get((0, 0), "plains")
    before, undo = d._state(), len(d._undo)
    with pytest.raises(BoardError) as e:
        getattr(d, op)(*args)
    assert e.value.field in {"cell", "terrain", "row", "seat", "coastal", "label", "players"}
    assert d._state() == before and len(d._undo) == undo


def test_offset_and_axial_coordinates_are_inverse():
    for col in range(-7, 8):
        for row in range(-7, 8):
            assert axial_to_offset(*offset_to_axial(col, row)) == (col, row)


# ---------------------------------------------------------------- the live checks
def test_problems_are_the_boards_typed_errors_all_at_once():
    d = BoardDraft.blank(2)
    assert [e.field for e in d.problems()] == ["cells"] and "no land yet" in str(d.problems()[0])
    d.fill_row((0, 0), (5, 0), "desert")
    d.fill_row((0, 2), (5, 2), "plains")  # a second row not touching the first
    fields = [e.field for e in d.problems()]
    probs = " | ".join(e.problem for e in d.problems())
    assert "not connected" in probs and "terrain 'hills' covers 0/12" in probs
    assert fields.count("start_areas[0]") == 1 and fields.count("start_areas[1]") == 1  # no pair yet
    assert all(isinstance(e, BoardError) for e in d.problems())
    # each problem is what Board.from_dict raises (the first one)
    with pytest.raises(BoardError) as e:
        d.board()
    assert str(e.value) == str(d.problems()[0])


def test_file_format_coast_and_label_overrides_round_trip(tmp_path):
    data = copy.deepcopy(Board.standard(3).to_dict())
    data["cells"][0]["coastal"] = False
    data["cells"][5]["label"] = "Q9"
    b = Board.from_dict(data, "mine.json")
    assert (
        b.coastal[0] is False
        and b.coast_overrides == {0: False}
        and b.label(5) == "Q9"
        and b.id_of("q9") == 5
    )
    assert b != Board.standard(3)
    b.save(tmp_path / "b.json")
    assert (
        Board.load(tmp_path / "b.json") == b
        and json.loads((tmp_path / "b.json").read_text())["cells"][5]["label"] == "Q9"
    )
    for field, value, where in (("coastal", "no", "cells[0].coastal"), ("label", "B-2", "cells[0].label")):
        bad = copy.deepcopy(Board.standard(3).to_dict())
        bad["cells"][0][field] = value
        with pytest.raises(BoardError) as e:
            Board.from_dict(bad, "mine.json")
        assert e.value.field == where and e.value.source == "mine.json"
    clash = copy.deepcopy(Board.standard(3).to_dict())
    clash["cells"][3]["label"] = Board.standard(3).label(0)
    with pytest.raises(BoardError, match="names two spaces"):
        Board.from_dict(clash)
    assert [e.field for e in Board.problems(clash)] == ["cells"]


# ---------------------------------------------------------------- the widget
def test_widget_clicks_keys_and_grid_messages():
    ed = BoardEditor(players=2)
    ed.click((0, 0))
    ed.click((3, 0), shift=True)
    assert ed.draft.cells == {(q, 0): "desert" for q in range(4)}
    ed.key("3")
    ed.drag([(0, 1), (1, 1), (2, 1)])
    assert [ed.draft.cells[(q, 1)] for q in range(3)] == ["hills"] * 3
    ed.key("u")
    assert (0, 1) not in ed.draft.cells  # the whole drag was one undo step
    ed.key("U")
    assert ed.grid.view["cells"][-1][:3] == [2, 1, "hills"]
    ed.key("e")
    ed.click((2, 1))
    assert (2, 1) not in ed.draft.cells and ed.grid.terrain == "sea"
    ed.key("s")
    assert ed.grid.tool == "start"
    ed.key("2")  # in the start tool a digit picks the seat
    assert ed.grid.seat == 1 and ed.grid.tool == "start"
    ed.click((0, 0))
    ed.click((1, 0))
    assert ed.draft.starts == [[], [(0, 0), (1, 0)]] and ed.grid.seat == 0  # on to the seat still missing
    ed.click((1, 0))
    assert ed.draft.starts == [[], [(0, 0)]] and ed.grid.seat == 1  # removed: that seat again
    ed.key("c")
    ed.click((3, 0))
    assert ed.draft.coast == {(3, 0): False}
    ed.apply({"op": "label", "cell": [3, 0], "label": "Z1"})
    assert ed.draft.labels == {(3, 0): "Z1"}
    assert [c[5] for c in ed.grid.view["cells"]][:4] == ["A1", "A2", "A3", "Z1"]
    ed.apply({"op": "undo"})
    ed.apply({"op": "redo"})
    assert ed.draft.labels == {(3, 0): "Z1"} and ed.grid.view["can_undo"]


@pytest.mark.parametrize(
    "op",
    [
        {"op": "paint", "cells": [[0, 0]], "terrain": "lava"},
        {"op": "start", "cell": [8, 8], "seat": 0},
        {"op": "coast", "cell": [8, 8]},
        {"op": "label", "cell": [0, 0], "label": "A 1"},
        {"op": "fill_row", "a": [0, 0], "b": [2, 3], "terrain": "plains"},
        {"op": "explode"},
    ],
)
def test_widget_bad_edit_shows_its_error_and_changes_nothing(op):
    ed = BoardEditor("standard", players=2)
    before, view = ed.draft._state(), dict(ed.grid.view)
    ed.apply(op)
    assert ed.error and ed.draft._state() == before
    assert ed.grid.view == view
    ed.apply({"op": "paint", "cells": [[0, 0]], "terrain": "plains"})  # the next good edit clears it
    assert ed.error == ""


def test_widget_live_checks_and_side_panel():
    ed = BoardEditor(players=4)
    assert "no land yet" in ed.checks.value
    ed.start("standard", 4)
    assert "Valid board: 42 spaces, 4 players" in ed.checks.value and "P4: H1, H2" in ed.checks.value
    ed.key("e")
    b = Board.standard(4)
    ed.click(b.axial[b.start_areas[1][0]])  # erase one of P2's start areas
    # issue 20: the problem names the player as the editor's buttons do (P2), not the file's start_areas[1]
    assert (
        "1 problem before it can be saved" in ed.checks.value
        and "P2&#x27;s start area</b>: needs two start" in ed.checks.value
        and "start_areas" not in ed.checks.value
    )
    assert "P2: B4;" in ed.checks.value
    ed.players.value = 3
    assert ed.draft.players == 3 and len(ed.draft.starts) == 3
    ed.kind.value, ed.source_text.value, ed.name.value = "custom", "my class's island", "island-1"
    d = ed.draft.to_dict()
    assert (
        d["provenance"] == {"confidence": "custom", "source": "my class's island"} and d["name"] == "island-1"
    )
    ed.any_mix.value = True
    assert ed.draft.terrain_bounds == [0.0, 1.0]


def test_start_over_from_a_file_and_a_bad_file(tmp_path):
    p = tmp_path / "b.json"
    Board.standard(3).save(p)
    ed = BoardEditor(p)
    assert ed.board() == Board.standard(3) and ed.kind.value == "as loaded"
    assert ed.board().reconstructed is True  # "as loaded" keeps the file's flag and provenance
    ed.start_from.value, ed.path.value = "file", str(tmp_path / "missing.json")
    before = ed.draft._state()
    ed._start_clicked()
    assert "missing.json" in ed.error and "cannot read file" in ed.error and ed.draft._state() == before
    ed.start_from.value = 5
    ed._start_clicked()
    assert ed.board() == Board.standard(5)
    ed.apply({"op": "undo"})  # starting over is one undo step
    assert ed.draft.players == 3 and len(ed.draft.cells) == 34


def test_save_errors_are_shown(tmp_path):
    ed = BoardEditor(players=2)
    assert ed.save(tmp_path / "x.json") is None and "no land yet" not in ed.error and ed.error
    assert not (tmp_path / "x.json").exists()
    ed.start("standard", 2)
    assert ed.save(tmp_path / "nowhere" / "x.json") is None and "cannot write" in ed.error
    assert ed.save("") is None and "type a file name" in ed.error


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_transcription_plan_redraws_the_standard_board(players):
    target = Board.standard(players)
    ed = BoardEditor(players=players)
    plan = transcription_plan(target)
    _replay(ed, plan)
    assert ed.error == "" and _same_island(ed.board(), target)
    assert len(plan) <= 2 * target.n  # fewer than two actions per space


def test_transcribed_board_saved_loaded_and_played(tmp_path):
    """Save -> Board.load / Game(board=path, data=...) plays a whole game."""
    target = Board.standard(4)
    ed = BoardEditor(players=4)
    _replay(ed, transcription_plan(target))
    ed.name.value = "printed-4p"
    path = tmp_path / "printed-4p.json"
    assert ed.save(path) is not None and "Saved 42 spaces" in ed.status.value
    b = Board.load(path)
    assert _same_island(b, target) and b.provenance["confidence"] == "printed" and not b.reconstructed
    game = evo_lab.Game(players=4, seed=3, board=path, data=evo_lab.load_data())
    assert game.board == b
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    n = play_out(state, lambda s: s.legal_actions()[int(rng.integers(len(s.legal_actions())))], rng)
    assert state.is_terminal() and n > 50


def test_editor_is_exported_lazily():
    assert evo_lab.BoardEditor is BoardEditor


# ---------------------------------------------------------------- issue 20: messages in the editor's words
def test_no_stale_error_after_start_over(tmp_path):
    """An error shown for the board before stays only until the next change that works: after "Start over" from
    the standard board the status line no longer says the old island was too small."""
    ed = BoardEditor(players=4)
    ed.drag([(q, 0) for q in range(8)])  # 8 spaces: too few for 4 players
    assert ed.save(tmp_path / "small.json") is None
    assert "8 spaces is too few for 4 players" in ed.status.value and "the island" in ed.status.value
    ed.start_from.value = 4
    ed.start_button.click()
    assert "Valid board: 42 spaces" in ed.checks.value
    assert ed.status.value == "" and ed.error == ""  # nothing red is left beside "Valid board"
    assert ed.save(tmp_path / "std.json") is not None and "Saved 42 spaces" in ed.status.value
    ed.key("s")
    ed.click((9, 9))  # a bad edit: its error, the "Saved" line gone
    assert "is sea" in ed.status.value and "Saved" not in ed.status.value


def test_problems_name_players_and_the_checkbox_as_the_editor_shows_them():
    ed = BoardEditor("standard", players=4)
    b = Board.standard(4)
    ed.key("s")
    ed.grid.seat = 0
    ed.click(b.axial[b.start_areas[2][0]])  # P3's start space: click it for P1
    assert "start_areas" not in ed.error and "seat" not in ed.error.split(":")[0]
    ed.key("1")  # paint most of the island desert
    ed.drag([b.axial[i] for i in range(b.n) if b.terrain[i] != "desert"][:12])
    text = ed.checks.value
    assert "any terrain mix" in text and "terrain_bounds" not in text
    ed.any_mix.value = True  # the checkbox the message names lifts the check
    assert "any terrain mix" not in ed.checks.value.split("</ul>")[0] or "Valid board" in ed.checks.value
    from evo_lab.views.board_draft import error_words, field_words

    assert field_words("start_areas[3][1]") == "P4's start area"
    e = BoardError(
        "start cell (q=0, r=0) is already a start area (seat 2)",
        source="board editor",
        field="start_areas[0][1]",
    )
    assert error_words(e) == "P1's start area: start cell (q=0, r=0) is already a start area (P3's)"
