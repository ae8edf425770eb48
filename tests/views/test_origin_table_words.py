"""What Origin's table and its inspectors say (issue 20, the review of Origin's table): hand cards with the food
each trait adds, a protected animal with why it cannot be attacked, Mimicry's redirect options with their exact
odds (a fraction and a percentage, from :mod:`evo_lab.games.origin.odds`), an attack inspector that says why it has
nothing to choose instead of showing an empty menu, and a click that stays fast when the table fills its box."""

from __future__ import annotations

import re
import time
from fractions import Fraction

from evo_lab.core.words import prob_words
from evo_lab.games.origin import build_position
from evo_lab.games.origin.odds import open_attack
from evo_lab.games.origin.scenarios import scenario
from evo_lab.games.origin.svg import table_svg
from evo_lab.views.games import view_for
from evo_lab.views.games.origin.board import OriginBoard, chip
from evo_lab.views.games.origin.demo import attack_tree
from evo_lab.views.games.origin.odds_panel import OddsPanel
from evo_lab.views.games.origin.players import player_rows
from evo_lab.views.widgets import Explorer
from evo_lab.views.widgets.session import Session


def _texts(svg: str) -> list[str]:
    return re.findall(r">([^<>]+)</text>", svg)


def test_hand_cards_show_each_trait_with_the_food_it_adds():
    s = build_position(players=2, bank=2, animals=["$A", "$B"], hands=["big/fat pois/carn swim", ""])
    texts = _texts(OriginBoard(Session(s)).svg)
    # each card: its traits, each with the food it adds to its animal (data.py: food 1 for High Body Weight and
    # Carnivorous, none for Fat Tissue, Poisonous, Swimming), on one line when the row holds it
    for line in ("High Body Weight (+1 food) / Fat Tissue", "Poisonous / Carnivorous (+1 food)", "Swimming"):
        assert line in texts, (line, texts)
    narrow = _texts(table_svg(s, width=300))  # a narrow column: a trait to a line, nothing cut
    for line in (
        "High Body Weight (+1 food)",
        "Fat Tissue",
        "Poisonous",
        "Carnivorous (+1 food)",
        "Swimming",
    ):
        assert line in narrow, (line, narrow)
    hand = player_rows(s, None)[0][1]
    assert "High Body Weight (+1 food) / Fat Tissue" in hand and "Poisonous / Carnivorous (+1 food)" in hand


def test_a_protected_animal_says_why_it_cannot_be_attacked():
    ex = Explorer("origin", scenario="who_can_be_attacked")
    st = ex.state
    c = st.names["C"]
    ex.board.click_animal(c)
    blocked = ex.board.marks().blocked
    assert blocked  # the scenario has animals a trait protects from this carnivore
    svg = ex.board.svg
    # each protected animal carries a grey note, its lines wrapped to the card: "safe: only a carnivore with
    # Swimming may attack it", never a bare trait name
    assert svg.count('<rect class="note"') == len(blocked) + len(ex.board.marks().targets)
    notes = " ".join(_texts(svg))
    assert notes.count("safe:") == len(blocked) and "may attack it" in notes, notes
    assert "only a carnivore with" in notes


def test_prey_notes_carry_the_exact_chance_and_the_percentage():
    s = scenario("running")
    b = OriginBoard(Session(s))
    b.click_animal(s.names["C"])
    targets = b.marks().targets
    assert targets[s.names["R"]] == "eaten: 1/2 (50%)"  # Running's die: 4, 5 or 6 escapes (reference)
    assert "eaten: 1/2 (50%)" in " ".join(_texts(b.svg))
    tail = scenario("tail_loss")
    odds = open_attack(tail)
    assert odds is not None and chip(odds) == "never eaten: it drops a trait"


def test_mimicry_options_show_their_exact_odds():
    s = scenario("mimicry")
    view = view_for(s.game)
    labels = {s.action_to_string(a): view.choice_label(s, a) for a in s.legal_actions()}
    m, r, n = s.names["M"], s.names["R"], s.names["N"]
    onto_running, onto_bare = labels[f"mimic A{m} A{r}"], labels[f"mimic A{m} A{n}"]
    # the attack turned onto a Running animal: its die escapes on 4, 5, 6 (1/2), as the engine's chance node says
    after = s.clone()
    after.apply_action(s.parse_action(f"mimic A{m} A{r}"))
    odds = open_attack(after)
    assert odds is not None and odds.eaten == Fraction(1, 2)
    assert f"eaten {prob_words(odds.eaten)}" in onto_running and "1/2 (50.0%)" in onto_running
    assert "runs away 1/2 (50.0%)" in onto_running
    assert onto_bare.endswith("eaten for sure (100%)")  # no defence left: certain
    # the action list shows the same words
    ex = Explorer("origin", scenario="mimicry")
    options = [label for label, _v in ex.picker.select.options]
    assert any("1/2 (50.0%)" in x and "Mimicry" in x for x in options), options


def test_the_attack_inspector_never_shows_an_empty_menu():
    no_carnivore = Session(build_position(players=2, bank=2, animals=["$A, $B swim", "$C"], hands=["", ""]))
    panel = OddsPanel(no_carnivore)
    assert not panel.carnivore.options
    assert panel.carnivore_box.layout.display == "none" and panel.prey_box.layout.display == "none"
    assert "No carnivore of P1 can attack now" in panel.attack.value and "Carnivorous" in panel.attack.value
    # a carnivore with no prey: its menu shows, the empty prey menu does not, and a sentence names each safe animal
    safe = Session(build_position(players=2, bank=2, animals=["$A carn, $B camo", "$C swim"], hands=["", ""]))
    panel = OddsPanel(safe)
    assert panel.carnivore.options and panel.carnivore_box.layout.display == ""
    assert not panel.prey.options and panel.prey_box.layout.display == "none"
    text = panel.attack.value.replace("&#x27;", "'")
    assert "P1's animal 1 cannot attack now: every other animal is safe from it" in text
    assert "Camouflage: only a carnivore with Sharp Vision may attack it" in text
    assert "Swimming: only a carnivore with Swimming may attack it" in text
    # and with a prey, both menus show
    panel = OddsPanel(Session(scenario("running")))
    assert panel.prey.options and panel.prey_box.layout.display == ""


def test_a_click_is_fast_when_the_table_fills_its_box():
    ex = Explorer(attack_tree(seed=1, players=3))
    ex.board.resize(690, 545)  # the explorer's board at 1280x720
    ids = [a.id for p in range(3) for a in ex.state.animals(p)]
    times = []
    for aid in ids * 2:
        t0 = time.perf_counter()
        ex.board.click_animal(aid)
        times.append(time.perf_counter() - t0)
    times.sort()
    assert times[len(times) // 2] < 0.06, times  # the browser's budget for a repaint is 100 ms
