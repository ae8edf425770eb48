"""The Scenario menu of the explorer's Game tab and ``Explorer(scenario=...)`` (issue 14 item 2): a preset loads
into the session, Undo at its start returns to the tree before, Redo opens it again."""

from __future__ import annotations

from html import escape

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


def test_climate_menu_lists_climates_presets_first_and_labels_the_others():
    """Issue 20: in a Climate game the menu starts with Climate's own presets (at least six); Evolution's presets
    without Climate follow, each titled with the game it opens; no title says "Climate" twice; picking one of them
    says on the page that the game changes, and opening it says so again."""
    import evo_lab
    from evo_lab.games.evolution.scenarios import scenarios as evolution_scenarios

    ex = Explorer(evo_lab.make_game("evolution-climate", players=3, seed=1))
    files = ex.files
    games = {sc.id: sc.game for sc in evolution_scenarios()}
    menu = list(files.scenario.options)
    own = [i for _t, i in menu if games[i] == "evolution-climate"]
    assert len(own) >= 6 and [i for _t, i in menu[: len(own)]] == own  # Climate's own first
    assert menu[0][1] == files.scenario.value  # the first one picked
    for title, sid in menu:
        assert title.count("Climate") <= 1, title
        assert title.startswith("Evolution without Climate: ") == (games[sid] != "evolution-climate"), title
    assert "This scenario is a game" not in files.scenario_note.value
    files.scenario.value = "attack"
    line = "This scenario is a game of Evolution without Climate: the Climate tab is not shown"
    assert line in files.scenario_note.value
    assert files.open_scenario() == "" and line in files.message.value
    assert ex.state.game.variant == "official" and files.game.value == "evolution"
    # now a game without Climate: its own presets first, Climate's titled "Evolution with Climate: ..."
    menu = list(files.scenario.options)
    assert games[menu[0][1]] == "evolution" and menu[-1][0].startswith("Evolution with Climate: ")
    files.scenario.value = "climate_shade"
    assert "a game of Evolution with Climate: the Climate tab is shown" in files.scenario_note.value


def test_selection_lines_in_plain_words():
    """Issue 20: "P1's species 1 ... selected on the board: no action of it now" is said plainly."""
    import evo_lab
    from evo_lab.games.evolution.scenarios import scenario as evolution_scenario
    from evo_lab.views.games import view_for

    s = evolution_scenario("attack")
    view = view_for(s.game)
    idle = view.selection_note(s, ((1, 0), ""), 0)
    assert idle.startswith("P2&#x27;s species 1") and idle.endswith(
        "is selected on the board: it has nothing to do right now"
    )
    busy = view.selection_note(s, ((0, 0), ""), 3)
    assert busy.endswith("is selected on the board: its 3 actions are listed first, then the other actions")
    o = evo_lab.make_game("origin", players=2, seed=1).new_initial_state()
    assert (
        view_for(o.game)
        .selection_note(o, (0, 0), 0)
        .endswith("is selected on the board: it has nothing to do right now")
    )


def test_opening_a_climate_preset_from_evolution_keeps_it_picked_with_its_note_and_the_game_line():
    """New-user review: from an Evolution Explorer, the Game tab's menu opens "Evolution with Climate: Two suns
    against one snowflake"; the game becomes Climate and the menu is rebuilt (Climate's presets first), and it
    must still show the preset opened, its own teacher note, and the line that the game changed."""
    import evo_lab
    from evo_lab.games.evolution.scenarios import scenario as evolution_scenario
    from evo_lab.views.games import view_for

    ex = Explorer(evo_lab.make_game("evolution", players=3, seed=1))
    files = ex.files
    title, sid = next((t, i) for t, i in files.scenario.options if "Two suns against one snowflake" in t)
    files.scenario.value = sid
    line = "This scenario is a game of Evolution with Climate: the Climate tab is shown."
    assert line in files.scenario_note.value  # said on picking it ...
    files.b_scenario.click()  # ... and opened as the page does, by the button
    assert files.game.value == "evolution-climate" and ex.state.to_dict() == evolution_scenario(sid).to_dict()
    assert "Climate" in [ex.tabs.get_title(i) for i in range(len(ex.tabs.children))]
    menu = [i for _t, i in files.scenario.options]
    assert menu[0] != sid  # the menu was rebuilt for Climate (its own presets first) ...
    assert files.scenario.value == sid  # ... yet shows the preset opened
    titles = {i: t for t, i in files.scenario.options}
    # now the game's own preset, it is titled without the game's name
    assert title == "Evolution with Climate: " + titles[sid]
    assert titles[sid].startswith("Two suns against one")
    note = view_for("evolution").scenario_note(sid)
    assert escape(note) in files.scenario_note.value  # its own teacher note, not the first preset's
    other = view_for("evolution").scenario_note(menu[0])
    assert escape(other) not in files.scenario_note.value
    # the game-change line is seen: under the menu and in the message line
    assert line in files.scenario_said.value and line in files.message.value
    said = files.scenario_said.value
    assert "Opened the scenario" in said and escape(title) in said
    files.scenario.value = menu[0]  # picking another preset: its note, and the line of the open goes
    assert escape(other) in files.scenario_note.value and files.scenario_said.value == ""
    files.scenario.value = sid
    assert line in files.scenario_said.value
    files.new_game()  # a new game: the line of the open is gone
    assert files.scenario_said.value == ""
