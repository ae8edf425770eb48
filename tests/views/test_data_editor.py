"""The printed-data editor from Python: every control edits the pack, bad edits show the loader's DataError field
and change nothing, provenance is ``printed`` for entered values only (per value and per group), the diff lists
exactly the edited values, and a saved pack folder is read back identically and plays a game."""

from __future__ import annotations

import numpy as np
import pytest

import evo_lab
from evo_lab.core.datapack import DataError
from evo_lab.core.protocol import play_out
from evo_lab.views.data_draft import DataDraft, value_provenance
from evo_lab.views.widgets.data_editor import DataEditor


def _prov(pack) -> dict:
    return {r["value_name"]: (r["provenance"], r["source"]) for r in value_provenance(pack)}


def _edit_everything(ed: DataEditor) -> None:
    """One change in every kind of control (values the shipped pack does not hold)."""
    ed.source_box.value = "my copy, 2nd printing"
    ed.wheel[(0, "plains")].value = "hot"
    ed.wheel[(4, "mountains")].value = "deadly"
    ed.initial.value = 2
    ed.tokens["cw2"].value = 3
    ed.tokens["ccw1"].value = 1
    ed.faces[4].value = "claw"
    ed.copies["geysers"].value = 2


def test_every_control_edits_the_pack():
    ed = DataEditor()
    _edit_everything(ed)
    p = ed.pack
    assert ed.error == ""
    assert p.wheel[0].states["plains"] == "hot" and p.wheel[4].states["mountains"] == "deadly"
    assert p.section_states(0) == ("ideal", "hot", "deadly", "deadly")
    assert p.initial_section == 2
    assert {t.id: t.count for t in p.tokens} == {"cw2": 3, "cw1": 6, "stay": 2, "ccw1": 1}
    assert p.die_faces == ("cross", "claw", "equals", "plus", "claw", "two_plus")
    assert p.card("geysers").count == 2 and p.card("prescience").count == 3
    assert ed.draft.source == "my copy, 2nd printing"


def test_diff_lists_exactly_the_edited_values():
    ed = DataEditor()
    _edit_everything(ed)
    assert [(r["value"], r["shipped"], r["now"]) for r in ed.draft.diff()] == [
        ("wheel section 0", "plains: cold", "plains: hot"),
        ("wheel section 4", "mountains: cold", "mountains: deadly"),
        ("initial section", 1, 2),
        ("token cw2", 2, 3),
        ("token ccw1", 2, 1),
        ("face 4", "plus", "claw"),
        ("card geysers copies", 3, 2),
    ]
    assert ed.diff.value.count("<tr>") == 1 + 7 and "mountains: deadly" in ed.diff.value
    ed.tokens["cw2"].value = 2  # back to the shipped value: no longer a difference
    assert "token cw2" not in [r["value"] for r in ed.draft.diff()]
    assert "Same values" in DataEditor().diff.value


def test_provenance_is_printed_for_edited_values_only():
    ed = DataEditor()
    _edit_everything(ed)
    prov = _prov(ed.pack)
    src = "my copy, 2nd printing"
    edited = {
        "wheel section 0",
        "wheel section 4",
        "initial section",
        "token cw2",
        "token ccw1",
        "face 4",
        "card geysers copies",
    }
    shipped = _prov(evo_lab.load_data())
    for name, (level, source) in prov.items():
        assert (level, source) == (("printed", src) if name in edited else shipped[name]), name
    # the groups stay as they were while only part of them is entered: nothing is claimed printed unchecked
    assert ed.pack.tokens_provenance == evo_lab.load_data().tokens_provenance
    assert "climate token cw1 (shift +1)" in ed.pack.assumed()


def test_confirm_enters_a_whole_group_and_makes_it_printed():
    ed = DataEditor(source="my copy")
    ed.tokens["cw1"].value = 5
    ed.tokens["stay"].value = 3
    ed.confirm_buttons["tokens"].click()
    assert ed.pack.tokens_provenance.level == "printed" and ed.pack.tokens_provenance.source == "my copy"
    assert not [n for n in ed.pack.assumed() if n.startswith("climate token")]
    assert ed.pack.wheel_provenance.level == "assumed"  # other groups untouched
    assert ed.draft.confirm("tokens") == 0  # already entered
    with pytest.raises(DataError) as e:
        ed.draft.confirm("meeples")
    assert e.value.field == "group"


@pytest.mark.parametrize(
    "control, bad, field, words",
    [
        (lambda ed: ed.tokens["cw1"], -2, "tokens.kinds[1].count", "clockwise 1 (climate tokens)"),
        (lambda ed: ed.copies["egg_thief"], -1, "cards[3].count", "Egg thief (event cards)"),
    ],
)
def test_bad_edit_shows_the_field_and_keeps_the_pack(control, bad, field, words):
    """The loader names the field (``error_field``); the status line says it as the control does (issue 20:
    "clockwise 1", not "tokens.kinds[1].count")."""
    ed = DataEditor()
    ed.tokens["stay"].value = 4
    before = ed.pack
    w = control(ed)
    old = w.value
    w.value = bad
    assert ed.error_field == field and words in ed.status.value and "Not applied" in ed.status.value
    assert field not in ed.status.value and words.split(" (")[0] in w.description
    assert ed.pack is before and w.value == old  # the control goes back to the pack's value
    assert "token stay" in [r["value"] for r in ed.draft.diff()]
    ed.tokens["stay"].value = 2  # the next good edit clears the error
    assert ed.error == "" and "Valid pack" in ed.status.value


def test_too_few_tokens_is_the_loaders_error():
    d = DataDraft()
    for k in ("cw2", "stay", "ccw1"):
        d.set_token(k, 0)
    with pytest.raises(DataError) as e:
        d.set_token("cw1", 2)  # 2 tokens cannot fill the discard and the pile of 3
    assert e.value.field == "tokens.kinds" and d.pack.tokens[1].count == 6


def test_draft_rejects_unknown_targets_and_states():
    d = DataDraft()
    before = d.pack
    for call, field in [
        (lambda: d.set_state(9, "hills", "hot"), "section"),
        (lambda: d.set_state(0, "swamp", "hot"), "terrain"),
        (lambda: d.set_state(0, "hills", "warm"), "wheel.sections[0].states.hills"),
        (lambda: d.set_face(6, "claw"), "face"),
        (lambda: d.set_face(0, "skull"), "faces[0]"),
        (lambda: d.set_token("cw9", 1), "token"),
        (lambda: d.set_copies("meteor_shower", 1), "card"),
        (lambda: d.set_initial(6), "wheel.initial_section"),
        (lambda: d.set_source("  "), "source"),
    ]:
        with pytest.raises(DataError) as e:
            call()
        assert e.value.field == field
    assert d.pack is before and d.diff() == [] and not any(d.entered.values())


def test_saved_folder_reads_back_identically_and_plays(tmp_path):
    ed = DataEditor()
    _edit_everything(ed)
    folder = tmp_path / "my_pack"
    back = ed.save(folder)
    assert back is not None and "Saved to" in ed.status.value
    assert sorted(p.name for p in folder.iterdir()) == [
        "climate.json",
        "die.json",
        "events.json",
        "genes.json",
        "pack.json",
        "setup.json",
    ]
    loaded = evo_lab.load_data(folder)
    assert loaded.to_dict() == ed.pack.to_dict() and loaded.fingerprint() == ed.pack.fingerprint()
    assert _prov(loaded) == _prov(ed.pack) and loaded.provenance_rows() == ed.pack.provenance_rows()
    game = evo_lab.Game(players=3, seed=5, data=folder)
    assert game.data.die_faces == ed.pack.die_faces and game.data.initial_section == 2
    state = game.new_initial_state()
    rng = np.random.default_rng(7)
    n = play_out(state, lambda s: s.legal_actions()[int(rng.integers(len(s.legal_actions())))], rng)
    assert state.is_terminal() and n > 50


def test_reopening_a_saved_pack_keeps_what_was_entered(tmp_path):
    ed = DataEditor(source="my copy")
    ed.faces[0].value = "claw"
    ed.save(tmp_path / "p")
    again = DataEditor(tmp_path / "p")
    assert again.draft.entered["die"] == {"face 0": "my copy"}
    again.confirm_buttons["die"].click()
    assert again.pack.die_provenance.level == "printed"
    assert _prov(again.pack)["face 0"] == ("printed", "my copy")
    assert [r["value"] for r in again.draft.diff()] == ["face 0"]


def test_save_errors_are_shown(tmp_path):
    ed = DataEditor()
    assert ed.save("") is None and ed.error_field == "folder"
    (tmp_path / "f").write_text("x")
    assert ed.save(tmp_path / "f" / "sub") is None and "cannot write" in ed.error


def test_editor_is_exported_lazily():
    from evo_lab.views import widgets

    assert evo_lab.DataEditor is DataEditor is widgets.DataEditor
