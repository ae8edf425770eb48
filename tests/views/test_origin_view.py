"""The Origin of Species in the Explorer (issue 20): the table widget (cards with their full trait names and food
costs, paired traits linked, food and fat tokens, the food bank and its dice), a click on an animal (what it may
do; for a carnivore its prey with the exact odds and the animals a trait protects; a click on a marked prey
attacks), hands as the observer shows them, the Odds tab, the Players and Story tabs in words, and the speed of a
click on the Python side."""

from __future__ import annotations

import re
import time

import evo_lab
from evo_lab.games.origin import build_position
from evo_lab.views.games import view_for
from evo_lab.views.games.origin.board import OriginBoard
from evo_lab.views.games.origin.demo import attack_tree, rival_attacks
from evo_lab.views.widgets import Explorer
from evo_lab.views.widgets.session import Session


def _texts(svg: str) -> list[str]:
    return re.findall(r">([^<>]+)</text>", svg)


def test_the_table_draws_cards_links_tokens_and_the_bank():
    s = build_position(
        players=2,
        bank=5,
        animals=["$A carn big fat+ fat +, $B coop$C, $C symb$B", "$D para hib"],
        hands=["pois/carn", ""],
    )
    b = OriginBoard(Session(s))
    texts = _texts(b.svg)
    for name in (
        "Carnivorous",
        "High Body Weight",
        "Fat Tissue",
        "Parasite",
        "Hibernation Ability",
        "Cooperation",
        "Symbiosis",
        "Poisonous / Carnivorous",
        "animal 1",
        "needs 3",
    ):
        assert name in texts, name
    assert texts.count("+1") == 2 and "+2" in texts  # the food each trait card adds
    assert "Food bank: 5 red tokens" in texts and "one die plus 2 (1d6 + 2)" in texts  # the dice for 2 players
    assert b.svg.count('fill="#e8b90f"') == 1  # one full fat slot (yellow), one empty
    assert b.svg.count('marker-end="url(#origin-arrow)"') == 1  # Symbiosis points at the protected
    assert b.svg.count('class="animal') == 4


def test_hands_follow_the_observer():
    s = build_position(players=2, bank=2, animals=["$A", "$B"], hands=["swim run", "pirate"])
    ex = Explorer(s, viewer=1)
    assert 'data-card="pirate"' in ex.board.svg and 'data-card="swim"' not in ex.board.svg
    assert "2 cards in hand" in ex.board.svg
    ex.set_viewer(None)
    assert 'data-card="swim"' in ex.board.svg and 'data-card="pirate"' in ex.board.svg


def test_a_click_on_a_carnivore_shows_its_prey_with_exact_odds_and_attacks():
    ex = Explorer("origin", scenario="running")
    st = ex.state
    c, r, t = st.names["C"], st.names["R"], st.names["T"]
    ex.board.click_animal(c)
    m = ex.board.marks()
    assert m.selected == c and m.targets[r] == "eaten: 1/2" and t in m.blocked and "Swimming" in m.blocked[t]
    assert "runs away 1/2 (50.0%)" in ex.board.info and "Protected from it" in ex.board.info
    assert "selected on the board" in ex.picker.head.value
    first = [label for label, _v in ex.picker.select.options][:5]
    assert all("animal 1" in x for x in first)  # the carnivore's actions first
    assert ex.odds.carnivore.value == c
    assert "the die shows 4, 5 or 6" in ex.odds.attack.value or "the die shows" in ex.odds.attack.value
    assert ex.board.click_animal(r) == f"attack A{c} A{r}"  # a marked prey: the attack
    assert ex.state.node_name() == "run" and "the Running die is rolled" in ex.board.status
    assert "An attack is under way" in ex.odds.attack.value


def test_a_click_on_any_animal_says_what_it_may_do_and_who_threatens_it():
    ex = Explorer("origin", scenario="running")
    r = ex.state.names["R"]
    ex.board.click_animal(r)
    assert ex.board.selected == r and "Carnivores that may attack it" in ex.board.info
    assert "eaten 1/2 (50.0%)" in ex.board.info
    ex.board.click_animal(r)  # a second click deselects
    assert ex.board.selected == 0 and ex.board.info == ""


def test_a_viewer_may_not_attack_for_another_player():
    ex = Explorer("origin", scenario="running", viewer=1)
    c = ex.state.names["C"]
    ex.board.click_animal(c)
    assert ex.board.marks().targets and not ex.board.marks().actions
    assert ex.board.click_animal(ex.state.names["R"]) == "" and ex.state.node_name() == "feed"


def test_the_tabs_and_words():
    ex = Explorer(evo_lab.make_game("origin", players=3, seed=2), seed=2)
    assert [ex.tabs.get_title(i) for i in range(len(ex.tabs.children))] == [
        "Actions",
        "Odds",
        "Analysis",
        "Players",
        "Story",
        "Game",
    ]
    assert (
        "Turn 1</b>, development" in ex.stepper.status.value
        and "play a card or pass" in ex.stepper.status.value
    )
    assert " / " in ex.players.table.value and "first player this turn" in ex.players.table.value  # the hands
    ex.set_viewer(1)
    assert "6 cards, hidden" in ex.players.table.value
    ex.stepper.b_phase.click()
    assert "food bank" in ex.stepper.status.value
    view = view_for(ex.state.game)
    assert view.node_words(ex.state) in ex.stepper.status.value


def test_the_story_tab_tells_what_each_action_caused():
    tree = attack_tree(seed=1, players=3)
    s = tree.state
    ex = Explorer(tree)
    ex.play(rival_attacks(s)[1])
    text = ex.story.text.value
    assert " attacks " in text and ("eats" in text or "runs away" in text or "drops" in text)


def test_a_click_is_fast_on_the_python_side():
    ex = Explorer(attack_tree(seed=1, players=3))
    ids = [a.id for p in range(3) for a in ex.state.animals(p)]
    times = []
    for aid in ids * 3:
        t0 = time.perf_counter()
        ex.board.click_animal(aid)
        times.append(time.perf_counter() - t0)
    times.sort()
    assert times[len(times) // 2] < 0.05, times  # the browser's budget is 100 ms
