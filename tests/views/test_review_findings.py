"""What a new-user review of the kit in a real browser found (issue 20's last point), checked on the Python side:

* the Players tab of every game is a card per player, in words (no table wider than the inspector's column in
  JupyterLab with its file browser open, where the last columns were hidden behind a side scroll);
* after a move that passes the turn on, no stale selection stays on Evolution's or Origin's table (it marked prey
  "eaten: 1/2" in the next player's development phase and said "no action of it now");
* a scenario opened by name (``Explorer(scenario=...)``, the classroom page's ``?scenario=``) is the one the Game
  tab's menu shows, with its teacher note; on the classroom page a game's preset wins over an older builder of the
  same name (Evo 2e's "attack" opened a random attack while the menu's note described the preset);
* the descriptions of the stepper's and the Game tab's fields are sized in ``em``: they grow with the classroom
  page's fonts instead of running under their control ("Decision", "Variation" at 1920x1080).
"""

from __future__ import annotations

import re

import pytest

import evo_lab
from evo_lab.views.games.base import keeps_selection
from evo_lab.views.widgets import Explorer
from evo_lab.views.widgets.present import present

GAMES = ["evo2e", "evo1e", "evolution", "evolution-climate", "origin"]
#: the words a person reads as a field name on the Players tab (no snake_case, no abbreviation alone)
FIELD = re.compile(r"<span class='evo-field-name'>([^<]*):</span>")


def _explorer(game: str) -> Explorer:
    if game == "evo2e":
        return Explorer(players=3, seed=2)
    return Explorer(evo_lab.make_game(game, players=3, seed=2))


@pytest.mark.parametrize("game", GAMES)
def test_players_tab_is_a_card_per_player_in_words(game):
    ex = _explorer(game)
    html = ex.players.table.value
    assert "<table" not in html  # nothing wider than the panel
    assert html.count("class='evo-player-card'") == 3  # one card per player
    for p in range(3):
        assert f"P{p + 1}</span>" in html
    fields = FIELD.findall(html)
    assert fields and all("_" not in f and f.strip() for f in fields), fields
    assert "MP" not in fields  # Evo 2e's "MP" said in full


def test_evo2e_players_card_names_mutation_points_and_hidden_cards():
    ex = Explorer(players=3, seed=2)
    ex.set_viewer(0)
    html = ex.players.table.value
    assert "mutation points (MP):</span> " in html and "genes:</span> " in html
    cards = html.split("class='evo-player-card'")[1:]
    assert all("cards:</span> " in c for c in cards)
    assert "hidden" in cards[1] and "hidden" in cards[2]  # the others' hands as counts


def test_origin_selection_is_dropped_when_the_turn_passes_on():
    ex = Explorer("origin", scenario="running")
    st = ex.state
    c, r = st.names["C"], st.names["R"]
    ex.board.click_animal(c)
    assert ex.board.selected == c
    ex.board.click_animal(r)  # the attack: the Running die is rolled next
    assert ex.state.is_chance_node() and ex.board.selected == c  # the attack is still being resolved
    while not ex.state.is_terminal() and (ex.state.is_chance_node() or ex.state.current_player() == 0):
        ex.session.step("random")
    assert ex.state.is_terminal() or ex.state.current_player() != 0
    assert ex.board.selected == 0 and ex.board.info == ""
    svg = ex.board.svg
    assert "eaten:" not in svg and 'class="animal target' not in svg  # no stale prey marks
    assert "selected on the board" not in ex.picker.head.value


def test_origin_selection_of_the_player_to_act_stays_after_undo_and_redo():
    ex = Explorer("origin", scenario="running")
    c = ex.state.names["C"]
    ex.session.step("random")
    ex.session.undo()
    ex.board.click_animal(c)
    ex.session.redo()
    keep = keeps_selection(ex.state, 0)
    assert (ex.board.selected == c) == keep


def test_evolution_selection_is_dropped_when_the_turn_passes_on():
    ex = Explorer("evolution", scenario="attack")
    b = ex.board
    b.click_species(0, 0)  # P1's carnivore
    prey = sorted(b.marks().targets)[0]
    assert b.click_species(*prey).startswith("attack")  # the attack is played; P2 is to act
    assert ex.state.current_player() != 0
    assert b.selected == "" and 'class="species target"' not in b.svg
    assert "selected on the board" not in ex.picker.head.value


def test_keeps_selection_rules():
    st = Explorer("origin", scenario="running").state
    assert keeps_selection(st, st.current_player()) and not keeps_selection(st, st.current_player() + 1)


@pytest.mark.parametrize(
    ("game", "name"), [("evo2e", "chameleon"), ("evolution", "climate_cold"), ("origin", "mimicry")]
)
def test_a_scenario_opened_by_name_is_the_one_the_game_tab_shows(game, name):
    ex = Explorer(None if game == "evo2e" else game, scenario=name)
    assert ex.files.scenario.value == name
    note = ex.session.view.scenario_note(name)
    assert note and note[:40] in ex.files.scenario_note.value.replace("&#x27;", "'").replace("&quot;", '"')


def test_classroom_page_opens_evo2e_attack_preset_with_its_note():
    ex = present("evo2e", scenario="attack", players=3)
    preset = ex.session.view.scenario("attack")
    assert ex.state.to_json() == preset.to_json()  # the preset, not a random attack
    assert ex.files.scenario.value == "attack"
    assert ex.session.view.scenario_note("attack")[:30] in ex.files.scenario_note.value.replace("&#x27;", "'")


def test_classroom_page_origin_scenario_is_marked_in_the_menu():
    ex = present("origin", scenario="tail_loss")
    assert ex.files.scenario.value == "tail_loss"


def test_field_descriptions_grow_with_the_font():
    ex = Explorer("origin", scenario="running")
    widths = [
        ex.stepper.bot.style.description_width,
        ex.stepper.variations.style.description_width,
        ex.view.style.description_width,
        ex.files.players.style.description_width,
    ]
    assert all(w.endswith("em") for w in widths), widths


def test_position_editor_names_genes_and_cards_as_printed():
    from evo_lab.views.widgets.position_editor import PositionEditor

    ed = PositionEditor(players=2)
    labels = [w.description for w in (*ed.gene.values(), *ed.unique.values(), *ed.cards.values(), ed.mp)]
    assert "Thermoregulation layer" in labels and "Alchemical vial" in labels and "Frenzied attack" in labels
    assert "Mutation points (MP)" in labels
    assert not [x for x in labels if "_" in x or x in ("thermo", "vial", "legs", "MP")], labels


def test_variations_box_shows_only_when_there_are_variations():
    ex = Explorer("origin", scenario="running")
    st = ex.stepper
    assert st.variations.layout.display == "none"  # one line: no empty box
    first = ex.state.legal_actions()[0]
    ex.session.play(first)
    ex.session.undo()
    ex.session.play(ex.state.legal_actions()[-1])  # another line from the start
    assert st.variations.options and st.variations.layout.display == ""


@pytest.mark.parametrize("game", ["evolution", "origin"])
def test_story_tells_a_deal_in_one_line_per_player(game):
    ex = Explorer(evo_lab.make_game(game, players=3, seed=3))
    for _ in range(30):
        ex.session.step("random")
    view = ex.session.view
    for viewer in (None, 0):
        lines = [ln for _r, ls in view.story_rounds(ex.session.tree.path(), viewer) for ln in ls]
        deals = [ln for ln in lines if ln.startswith("Chance: P") and (" draws " in ln or " is dealt " in ln)]
        assert any(" cards" in ln for ln in deals), deals  # several cards said once
        for a, b in zip(lines, lines[1:], strict=False):  # never the same player's deal twice in a row
            if a in deals and b in deals:
                assert a.split()[1] != b.split()[1], (a, b)
        if viewer == 0:
            assert any(ln.endswith("cards (hidden)") for ln in deals)  # the others' cards counted, not named
    assert "draws" in ex.story.text.value or "dealt" in ex.story.text.value


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_origin_bank_chart_fits_a_narrow_column(players):
    from evo_lab.games.origin.odds import food_bank
    from evo_lab.views.games.origin.odds_panel import bank_chart

    svg = bank_chart(food_bank(players).distribution, 7)
    width = int(re.search(r'width="(\d+)"', svg).group(1))
    assert width <= 350 and "max-width:100%" in svg
