"""The stepper and the classroom page in words a player reads, and the history list that follows the current move
(issue 20's review of the classroom page):

* where the game is: "the start of the scenario" for a position set up in round 3, not "move 0 of the game";
  a new game counts its moves from its start;
* the *Decisions* menu names the bots in words ("search bot (ISMCTS)", not "bot: ismcts");
* a ``?players=`` the page could not follow (a scenario set up for another count) is said on the page;
* the history list marks the current move, numbers its lines by move, and a click on a line goes to that move;
* the variations say which line is the main one and which is shown, in words.

The browser side (the list scrolled to the current move, Step and Play in the window, the tab bar on one line) is
checked in tests/browser/test_screens_every_game.py.
"""

from __future__ import annotations

import re

import pytest

import evo_lab
from evo_lab.views.widgets import Explorer
from evo_lab.views.widgets.present import present
from evo_lab.views.widgets.stepper import BOT_WORDS

GAMES = ["evo2e", "evo1e", "evolution", "evolution-climate", "origin"]


@pytest.mark.parametrize(
    ("game", "scenario"), [("evolution", "climate_cold"), ("evolution", "attack"), ("origin", "running")]
)
def test_a_scenario_says_where_it_starts(game, scenario):
    ex = Explorer(game, scenario=scenario)
    sub = ex.session.view.where_words(ex.tree)
    assert sub == "the start of the scenario"
    ex.stepper.step()
    assert ex.session.view.where_words(ex.tree) == f"move {ex.tree.ply} of the scenario"


def _scenario_ids(game):
    from evo_lab.views.games import view_for

    return [i for _t, i in view_for(evo_lab.make_game(game)).scenarios()]


@pytest.mark.parametrize(
    ("game", "scenario"),
    [(g, _scenario_ids(g)[0]) for g in GAMES if _scenario_ids(g)]
    + [("origin", "tail_loss"), ("origin", "mimicry")],
)
def test_every_first_scenario_starts_at_the_start_of_the_scenario(game, scenario):
    """A scenario is a set-up position, even one with a move already applied (Origin's Tail Loss and Mimicry:
    the attack made, the defender to choose): the status line says "the start of the scenario" while the
    history says "no moves yet", then "move 1 of the scenario" (it said "move 1 of the game", then "move 2")."""
    ex = Explorer(game, scenario=scenario)
    assert ex.session.view.where_words(ex.tree) == "the start of the scenario"
    assert "the start of the scenario" in ex.stepper.status.value
    ex.stepper.step()
    assert ex.session.view.where_words(ex.tree) == "move 1 of the scenario"


def test_a_game_played_from_its_start_counts_its_moves():
    """A state reached from the game's initial state by its own history counts from the game's start."""
    s = evo_lab.make_game("origin", players=2, seed=1).new_initial_state()
    for _ in range(5):
        s.apply_action(s.legal_actions()[0])
    ex = Explorer(s)
    assert ex.session.view.where_words(ex.tree) == "move 5 of the game"


def test_the_default_status_line_says_where_the_game_is():
    ex = Explorer("evolution", scenario="climate_cold")
    assert "the start of the scenario" in ex.stepper.status.value
    assert "of the game" not in ex.stepper.status.value
    new = Explorer("evolution", players=3, seed=1)  # a new game, dealt: its moves from the game's start
    assert f"move {new.tree.ply} of the game" in new.stepper.status.value
    state = evo_lab.make_game("evolution", players=3, seed=1).new_initial_state()
    assert Explorer(state, deal=False).session.view.where_words(Explorer(state, deal=False).tree) == (
        "the start of the game"
    )


@pytest.mark.parametrize("game", GAMES)
def test_bots_are_named_in_words(game):
    ex = Explorer(evo_lab.make_game(game, players=3, seed=1))
    labels = [label for label, _ in ex.stepper.bot.options]
    assert labels[0] == "you decide"
    for label, name in ex.stepper.bot.options[1:]:
        assert label == BOT_WORDS[name] and "bot" in label and name not in ("", label), (label, name)
    assert not [x for x in labels if x.startswith("bot:") or "_" in x], labels
    if "ismcts" in dict((v, k) for k, v in ex.stepper.bot.options):
        assert "search bot (ISMCTS)" in labels


def test_the_page_says_when_a_scenario_sets_the_player_count():
    ex = present("evo2e", scenario="attack", players=3)
    assert ex.session.game.players == 4
    assert "set up for 4 players" in ex.note.value and "asked for 3" in ex.note.value
    assert ex.note.layout.display != "none"
    assert ex.note in ex.children[1].children  # on the header's line
    quiet = present("evo2e", scenario="attack", players=4)
    assert quiet.note.value == "" and quiet.note.layout.display == "none"
    assert present("evolution", players=3).note.value == ""


def test_history_marks_the_current_move_and_a_click_goes_there():
    ex = Explorer("evolution", scenario="attack")
    st = ex.stepper
    for _ in range(5):
        st.step()
    html = st.moves.value
    plies = [int(p) for p in re.findall(r"data-ply='(\d+)'", html)]
    assert plies == list(range(1, ex.tree.ply + 1))
    current = re.findall(r"<div data-ply='(\d+)' class='evo-current'", html)
    assert current == [str(ex.tree.ply)]
    assert st.moves.handle({"type": "goto", "ply": 2}) and ex.tree.ply == 2
    assert re.findall(r"<div data-ply='(\d+)' class='evo-current'", st.moves.value) == ["2"]
    assert "data-ply='5'" in st.moves.value  # the moves after it stay listed (Redo's line)
    st.moves.handle({"type": "goto", "ply": 999})  # past the line: the stepper says so, nothing moves
    assert ex.tree.ply == 2 and st.message.value
    assert not st.moves.handle({"type": "goto", "ply": -1}) and not st.moves.handle({"type": "goto"})


def test_history_lists_a_window_around_the_current_move():
    ex = Explorer("origin", players=3, seed=2)
    ex.stepper.play_to("round")
    html = ex.stepper.moves.value
    plies = [int(p) for p in re.findall(r"data-ply='(\d+)'", html)]
    assert plies[-1] == ex.tree.ply and len(plies) <= 13 and "evo-current" in html


def test_variations_say_which_line_is_shown_in_words():
    ex = Explorer("origin", scenario="running")
    first = ex.state.legal_actions()[0]
    ex.session.play(first)
    ex.session.undo()
    ex.session.play(ex.state.legal_actions()[-1])
    labels = [label for label, _ in ex.stepper.variations.options]
    assert any(x.endswith("(the main line)") for x in labels), labels
    assert any(x.endswith("(shown now)") for x in labels), labels
    assert not [x for x in labels if x.startswith(">")], labels


def _main_status(ex):
    main = re.search(r"<div class='evo-status-main'>(.*?)</div>", ex.stepper.status.value).group(1)
    return re.sub(r"<[^>]+>", "", main)


@pytest.mark.parametrize("game", GAMES)
def test_status_and_story_lines_start_with_a_capital_and_chance_has_one_colon(game):
    """The status line and each line of the story start as sentences ("Chance: P1 draws ...", "The climate
    (Blizzard) ..."), and a chance node's status says "Round 1, the deal; chance: P3 draws a card", not "the deal:
    chance: ..." (two colons)."""
    state = evo_lab.make_game(game, players=3, seed=2).new_initial_state()
    ex = Explorer(state)
    seen_chance = False
    for _ in range(40):
        text = _main_status(ex)
        assert text[:1].isupper(), text
        if ex.tree.state.is_chance_node() and not ex.tree.state.is_terminal():
            seen_chance = True
            assert text.count(":") <= 1 and not re.search(r":\s*chance", text, re.I), text
        if ex.tree.state.is_terminal():
            break
        ex.stepper.step()
    assert seen_chance
    rounds = ex.session.view.story_rounds(ex.tree.path(), None)
    lines = [x for _r, xs in rounds for x in xs]
    assert lines and all(x.strip()[:1].isupper() or not x.strip()[:1].isalpha() for x in lines), lines
    if game in ("evolution", "evolution-climate", "origin"):  # their stories tell each deal as chance's
        assert any(x.startswith("Chance: ") for x in lines), lines
