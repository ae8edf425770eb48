"""The position editor (issue 14 item 2): every control drives the draft, the draft is rebuilt with
``build_position`` after each change, errors are the builder's typed errors (field named) and keep the draft."""

from __future__ import annotations

import evo_lab
from evo_lab.games.evo2e.scenarios import scenario
from evo_lab.views.widgets import Explorer, PositionEditor, Session


def labels(st, p):
    return sorted(st.game.labels[x] for x in st.dinosaurs(p))


def test_lazy_export():
    assert evo_lab.PositionEditor is PositionEditor


def test_place_and_remove_dinosaurs_by_clicks_and_board_messages():
    ed = PositionEditor(players=2)
    ed.player.value = "P2"
    ed.click("C3")
    ed._on_msg(ed.board, {"type": "click", "label": "c4"}, [])  # what the browser sends
    assert {"C3", "C4"} <= set(labels(ed.state, 1)) and ed.error == ""
    assert 'data-label="C3"' in ed.board.svg
    ed.click("C3")
    assert "C3" not in labels(ed.state, 1)
    ed.click("Z9")
    assert ed.error == "dinosaurs.P2: unknown space 'Z9' (spaces are A1..F2)"
    assert "Z9" in ed.draft.dinosaurs["P2"] and "dinosaurs.P2" in ed.status.value
    ed.click("Z9")  # removing it makes the draft build again
    assert ed.error == ""


def test_too_many_dinosaurs_is_the_builders_error():
    ed = PositionEditor(players=2)
    ed.player.value = "P1"
    g = ed.state.game
    free = [g.labels[x] for x in range(g.n) if ed.state.occupant(x) < 0]
    for lab in free[:6]:
        ed.click(lab)
    assert ed.error == "" and ed.state.count[0] == 8
    ed.click(free[6])
    assert ed.error.startswith("dinosaurs.P1: P1 has 9 dinosaurs; a clan has 8")
    assert ed.state.count[0] == 8  # the last position that built


def test_genes_unique_mp_and_cards_per_player():
    ed = PositionEditor(players=2)
    ed.player.value = "P1"
    ed.gene["horn"].value = 2
    ed.gene["legs"].value = 1
    ed.unique["large_horn"].value = True
    ed.mp.value = 11
    ed.cards["geysers"].value = 2
    st = ed.state
    assert st.attack_strength(0) == 4 and st.movement_points(0) == 3 and st.mp[0] == 11
    assert st.hand(0) == ["geysers", "geysers"]
    ed.player.value = "P2"  # the controls show P2's facts
    assert ed.gene["horn"].value == 0 and not ed.unique["large_horn"].value and ed.mp.value == 6
    ed.unique["large_horn"].value = True  # a unique gene exists once: it moves to P2
    assert ed.state.unique_genes(1) == ["large_horn"] and ed.state.unique_genes(0) == []
    ed.player.value = "P1"
    assert ed.gene["horn"].value == 2 and ed.cards["geysers"].value == 2 and not ed.unique["large_horn"].value
    ed.cards["geysers"].value = 4
    assert ed.error.startswith("hands") or "geysers" in ed.error
    assert ed.state.hand(0) == ["geysers", "geysers"]


def test_round_phase_node_turn_section_and_movement_left():
    ed = PositionEditor(players=2)
    ed.round.value = 4
    ed.section.value = 3
    assert ed.state.round == 4 and ed.state.section == 3
    ed.to_act.value = "P2"
    ed.movement_left.value = "1"
    assert ed.state.current_player() == 1 and ed.state.mp_left == 1
    ed.movement_left.value = "x"
    assert ed.error.startswith("Movement left")  # the control's name (issue 20)
    ed.movement_left.value = ""
    ed.phase.value = "survival"
    assert [n for _t, n in ed.node.options] == ["", "survive", "survival_cards"]
    assert ed.state.phase_name() == "survival" or ed.error
    ed.node.value = "survival_cards"
    # the editor's words (issue 20): the control's name and the node as the Node menu says it
    assert "cards at the start of the survival phase" in ed.error and ed.error.startswith(("Node", "Turn"))
    ed.node.value = ""
    ed.to_act.value = ""
    ed.phase.value = "birth"
    assert ed.state.phase_name() == "birth" and ed.error == ""


def test_players_dropdown_starts_over():
    ed = PositionEditor(players=2)
    ed.players.value = 4
    assert ed.state.game.players == 4 and ed.player.options == ("P1", "P2", "P3", "P4")
    assert all(ed.state.count[p] == 2 for p in range(4))


def test_text_copy_out_and_paste_in():
    ed = PositionEditor(scenario("attack"))
    assert ed.state.to_dict()["state"] == scenario("attack").to_dict()["state"]
    text = ed.text.value
    assert text.startswith("evo2e players=4") and "large_horn" in text
    other = PositionEditor(players=2)
    other.text.value = text
    other.b_read.click()
    assert other.state.to_dict()["state"] == scenario("attack").to_dict()["state"]
    assert other.players.value == 4 and other.to_act.value == "P2"
    other.text.value = "evo2e players=2 P1 wings=3"
    assert not other.read_text() and "wings" in other.error
    assert other.state.game.players == 4  # nothing changed


def test_open_in_explorer_and_session_undo_returns():
    ed = PositionEditor(players=2)
    ed.player.value = "P1"
    ed.click("C3")
    ed.b_open.click()
    assert ed.explorer is not None and ed.opened.children == (ed.explorer,)
    assert ed.explorer.state.to_dict() == ed.state.to_dict()
    ex = Explorer(players=2, seed=1)
    before = ex.session.tree
    ed2 = PositionEditor(players=2, explorer=ex)
    ed2.gene["horn"].value = 1
    ed2.open_in_explorer()
    assert ex.state.attack_strength(0) == 1
    ex.session.undo()
    assert ex.session.tree is before
    s = Session(players=2)
    ed2.open_in_explorer(s)
    assert s.state.to_dict() == ed2.state.to_dict()
    ed2.gene["horn"].value = 7
    assert ed2.open_in_explorer() is None  # a draft that does not build is not handed over


def test_node_menu_and_status_in_words():
    """Issue 20: the Node menu and the status line say what the position waits for in words, not node ids."""
    import re

    from evo_lab.views.widgets import PositionEditor

    ed = PositionEditor()
    for phase in ed.phase.options:
        ed.phase.value = phase
        labels = [lab for lab, _v in ed.node.options]
        assert all(not re.search(r"\b[a-z]+_[a-z_]+\b", lab) for lab in labels), labels
    ed.phase.value = "birth"
    ed.node.value = "birth_cards"
    assert "cards at the start of the birth phase" in [lab for lab, _v in ed.node.options]
    ed.rebuild()
    assert "birth_cards" not in ed.status.value and "to_act" not in ed.status.value
    assert (
        "Node: this position has no \u201ccards at the start of the birth phase\u201d node" in ed.status.value
    )
