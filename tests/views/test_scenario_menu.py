"""The Scenario menu of the explorer's Game tab and ``Explorer(scenario=...)`` (issue 14 item 2): a preset loads
into the session, Undo at its start returns to the tree before, Redo opens it again."""

from __future__ import annotations

import pytest

from evo_lab.games.evo2e.scenarios import scenario, scenarios
from evo_lab.views.widgets import Explorer, Session, SessionError


def test_menu_lists_every_preset_with_its_note():
    ex = Explorer(players=2, seed=1)
    files = ex.files
    assert [v for _t, v in files.scenario.options] == [sc.id for sc in scenarios()]
    assert files.scenario_box.layout.display != "none"
    files.scenario.value = "chameleon"
    assert "Chameleon skin" in files.scenario_note.value and "rulebook" in files.scenario_note.value


def test_open_scenario_from_the_menu_then_undo_returns_to_the_game():
    ex = Explorer(players=2, seed=1)
    ex.play(ex.state.legal_actions()[0])
    before_tree, before_json = ex.session.tree, ex.state.to_json()
    files = ex.files
    files.scenario.value = "attack"
    files.b_scenario.click()
    assert "opened the scenario" in files.message.value
    assert ex.state.to_dict() == scenario("attack").to_dict()
    assert ex.state.game.players == 4 and ex.view.options[-1][1] == 3  # the view-as menu follows the game
    assert "attack D5xD4" in [ex.state.action_to_string(a) for a in ex.state.legal_actions()]
    assert not ex.stepper.b_undo.disabled
    ex.play("attack D5xD4")  # a move inside the scenario (and its die): undone first
    while ex.session.tree.ply:
        ex.stepper.b_undo.click()
    assert ex.state.to_dict() == scenario("attack").to_dict()
    ex.stepper.b_undo.click()  # at the scenario's start: back to the game before
    assert ex.session.tree is before_tree and ex.state.to_json() == before_json
    assert ex.state.game.players == 2
    ex.stepper.b_redo.click()  # and forward again
    assert ex.state.to_dict() == scenario("attack").to_dict()


def test_explorer_scenario_argument_and_unknown_name():
    ex = Explorer(scenario="end_of_game")
    assert ex.state.is_terminal() and ex.state.ranking()[1] == 1
    assert ex.stepper.b_undo.disabled  # nothing before it
    with pytest.raises(SessionError, match="attack, chameleon"):
        Explorer(scenario="nope")
    s = Session(players=2, seed=0)
    with pytest.raises(SessionError, match="unknown scenario 'nope'"):
        s.open_scenario("nope")
    assert s.game.players == 2  # unchanged


def test_menu_error_and_games_without_presets():
    ex = Explorer(players=2, seed=1)
    assert "unknown scenario" in ex.files.open_scenario("nope")
    assert "#b00020" in ex.files.message.value
    ex.files.game.value = "evo1e"  # Evo 1e has no presets: the menu hides
    assert ex.files.scenario_box.layout.display == "none"
    assert ex.files.open_scenario() == "this game has no scenarios"


def test_new_game_and_load_forget_the_trees_before():
    s = Session(players=2, seed=0)
    s.open_scenario("auction")
    s.new_game(players=3, seed=2, deal=False)
    assert not s.can_undo()
    s.open_scenario("auction")
    s.load(scenario("chameleon").to_json())
    assert not s.can_undo() and s.state.node_name() == "chameleon"
