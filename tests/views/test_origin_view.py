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
from evo_lab.games.origin.svg import table_svg
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
        "Poisonous / Carnivorous (+1 food)",  # the hand's card, with the food each trait adds
        "animal 1",
        "needs 3",
    ):
        assert name in texts, name
    assert texts.count("+1") == 2 and "+2" in texts  # the food each trait card adds, and the key of "+1"
    assert "+1, +2 on a trait: the food it adds to what its animal needs" in texts
    wide = _texts(table_svg(s, width=300))  # one wide card to a line: "+1 food" on the card, no key
    assert (
        wide.count("+1 food") == 2 and "+2 food" in wide and not [t for t in wide if t.startswith("+1, +2")]
    )
    assert (
        "Food bank: 5 red tokens" in texts and "one die plus 2 (1d6 + 2)" in texts
    )  # the dice for 2 players
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
    assert (
        m.selected == c
        and m.targets[r] == "eaten: 1/2 (50%)"
        and t in m.blocked
        and "Swimming" in m.blocked[t]
    )
    assert "runs away 1/2 (50.0%)" in ex.board.info and "Protected from it" in ex.board.info
    assert "selected on the board" in ex.picker.head.value
    # says what "first" means: its actions lead the list, the others follow (it said "its 5 actions first")
    assert re.search(r"its \d+ actions are listed first, then the other actions", ex.picker.head.value)
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


def _widest(svg: str) -> float:
    """The right end of the widest rectangle or text anchor of a drawing (user units)."""
    ends = [
        float(x) + float(w)
        for x, w in re.findall(r'<rect x="([-0-9.]+)" y="[-0-9.]+" width="([0-9.]+)"', svg)
    ]
    ends += [float(x) for x in re.findall(r'<text x="([-0-9.]+)"[^>]*text-anchor="end"', svg)]
    return max(ends)


def test_the_table_is_laid_out_for_the_box_the_browser_reports():
    """Review (issue 20): in JupyterLab with the file browser open the board's column is 450-550 px; the table
    was drawn 660 px wide behind a side scroll. Now the board lays it out for the width it is told."""
    tree = attack_tree(seed=1, players=3)
    b = OriginBoard(Session(tree.state))
    assert 'data-per-line="4"' in b.svg and 'width="660"' in b.svg  # before the browser reports a box
    for width, per_line in ((450, 2), (550, 3), (640, 3)):  # a width alone: the most animals to a line
        b.resize(width)
        assert b.box == (width, None)
        svg = b.svg
        assert f'data-per-line="{per_line}"' in svg and f'width="{width}"' in svg, (width, svg[:300])
        assert _widest(svg) <= width, width  # nothing drawn past the right edge
        ids = [int(x) for x in re.findall(r'data-animal="(\d+)"', svg)]
        assert sorted(ids) == sorted(a.id for p in range(3) for a in tree.state.animals(p))
        assert min(float(x) for x in re.findall(r'font-size="([0-9.]+)"', svg)) >= 14
    b.resize(450)
    assert "two dice (2d6)" in _texts(b.svg)  # the header wrapped: the dice on their own line
    dice_y = float(re.search(r'y="([0-9.]+)"[^>]*class="food-dice"', b.svg).group(1))
    bank_y = float(re.search(r'y="([0-9.]+)"[^>]*>Food bank', b.svg).group(1))
    assert dice_y > bank_y
    b.resize(1200)  # a projector's column: the default layout zoomed to fill it
    assert 'data-per-line="4"' in b.svg and 'width="1200"' in b.svg and 'viewBox="0 0 660 ' in b.svg
    b.resize(100, 700)  # nonsense sizes are ignored
    assert b.box == (1200, None)
    b._on_msg(b, {"type": "size", "width": 500, "height": 800}, [])  # the browser's message
    assert b.box == (500, 800) and _size(b.svg)[0] == 500 and _size(b.svg)[1] <= 800


def _size(svg: str) -> tuple[float, float, float]:
    """The drawing's width and height (px) and its zoom."""
    m = re.search(r'width="([0-9.]+)" height="([0-9.]+)" viewBox[^>]*data-zoom="([0-9.]+)"', svg)
    assert m, svg[:300]
    return float(m.group(1)), float(m.group(2)), float(m.group(3))


def test_the_table_fills_the_box_width_and_height():
    """Issue 20: no empty strip under the table. In a box with room below, the table grows (fewer animals to a
    line, a larger zoom) until it is as high as the box; it is never wider than the box, never higher than it when
    a layout fits, and its text never under 14 px."""
    from evo_lab.games.origin.scenarios import scenario

    roomy = scenario("mimicry")  # 2 players, 5 animals: the width's own layout leaves room under it
    for st in (attack_tree(seed=1, players=3).state, roomy, scenario("who_can_be_attacked")):
        b = OriginBoard(Session(st))
        for width, height in ((690, 545), (1160, 1000), (450, 600), (1000, 700)):
            b.resize(width, height)
            w, h, zoom = _size(b.svg)
            only_width = _size(table_svg(st, width=width))
            assert w == width and (h <= height + 1 or zoom == only_width[2]), (width, height, w, h)
            assert zoom >= only_width[2]  # never smaller than the width alone would draw it
            if st is roomy and (width, height) in (
                (690, 545),
                (1160, 1000),
            ):  # it grows: larger text, as high as the box
                assert h >= 0.9 * height and zoom > only_width[2], (width, height, h)
            assert min(float(x) for x in re.findall(r'font-size="([0-9.]+)"', b.svg)) * zoom >= 14


def test_a_narrow_table_wraps_the_player_line_and_the_hands():
    s = build_position(
        players=2,
        bank=14,
        animals=["$A carn, $B, $C", "$D"],
        hands=["pois/carn swim run graze/fat big/fat camo/fat", ""],
    )
    b = OriginBoard(Session(s))
    b.resize(320, 700)
    svg = b.svg
    assert 'data-per-line="1"' in svg and _widest(svg) <= 320
    texts = _texts(svg)
    assert "6 cards in hand, discard pile 0 cards, 0 points" not in texts  # wrapped under the name
    assert any(t.startswith("6 cards in hand") for t in texts)
    hand_rows = {
        float(y)
        for y in re.findall(r'<g class="hand-card" data-card="[^"]+"><rect x="[0-9.]+" y="([0-9.]+)"', svg)
    }
    assert len(hand_rows) >= 3  # the hand's cards on several lines
    assert "+9" in texts  # 5 of the 14 tokens fit on the narrow line: the rest as a number


def test_the_action_list_says_whose_move_it_is():
    """Review (issue 20): "animal 1 takes a red food token", "passes" lines without their subject."""
    s = build_position(players=2, bank=3, animals=["$A carn, $B", "$C"])
    ex = Explorer(s)
    labels = [label for label, _a in ex.picker.choices()]
    assert "P1's animal 2 takes a red food token from the food bank (2 tokens left)" in labels, labels
    assert any(x.startswith("P1's animal 1 attacks P2's animal 1") and "eaten" in x for x in labels), labels
    assert all(x.startswith("P1") for x in labels), labels
    assert "P1 passes (and plays no more this phase)" in labels
    ex.play("eat A1")
    labels = [label for label, _a in ex.picker.choices()]
    assert labels == [
        "P2's animal 1 takes a red food token from the food bank (1 token left)",
        "P2 passes (and plays no more this phase)",
    ]
    # the board's inspector lists the same lines, and the story tells the move with its subject
    ex.board.click_animal(s.names["C"])
    assert "P2&#x27;s animal 1 takes a red food token" in ex.board.info
    assert "P1&#x27;s animal 1 takes a red food token" in ex.story.text.value


def test_odds_and_players_tabs_say_probabilities_and_scoring_in_words():
    """The food bank's odds read after a colon in words for 0 and 1 ("...that many or more: impossible (0%)",
    not "...that many or more 0 (0%)"); the players tab says the scoring without a section sign."""
    ex = Explorer("origin", scenario="who_can_be_attacked")
    assert "the dice bring that many or more: <b>impossible (0%)</b>" in ex.odds.bank.value
    ex = Explorer("origin", scenario="running")
    assert re.search(r"that many or more: <b>\d+/\d+ \(\d+\.\d%\)</b>", ex.odds.bank.value)
    text = ex.players.table.value
    assert "§" not in text and "reference" not in text
    assert "plus the food each trait card adds to what its animal needs (+1 or +2)" in text
