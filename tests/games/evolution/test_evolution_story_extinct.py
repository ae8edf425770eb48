"""The story names every species that dies in one step as itself: an event numbers a species by its place in the
row at that moment and the row closes up after each extinction, so the events of a step are walked in order
(:func:`evo_lab.games.evolution.words.step_words`). An attack's own event is told once."""

from __future__ import annotations

import evo_lab
from evo_lab.games.evolution.events import Extinct
from evo_lab.games.evolution.positions import from_boards
from evo_lab.games.evolution.story import _lines
from evo_lab.games.evolution.words import event_words, step_words


def _game():
    return evo_lab.make_game("evolution", players=2, seed=0)


def _play_round(s, first=(), pick=0):
    """Play ``s`` to the end of its round (the given actions first, then legal action ``pick``), told as the demo
    story tells it."""
    todo, lines, r = list(first), [], s.round
    while not s.is_terminal() and s.round == r:
        before = s.clone()
        a = s.parse_action(todo.pop(0)) if todo else s.legal_actions()[pick]
        s.apply_action(a)
        lines += _lines(before, a, s)
    return lines


def _extinct(lines):
    return [line.strip() for line in lines if "goes extinct" in line]


def test_two_species_of_one_player_starve_in_one_step():
    # P2 eats the last food; the round ends in that step: P1's species 1 and 3 starve, its species 2 (fed) lives
    s = from_boards(
        _game(),
        [[(2, 1, 0, 0, []), (1, 1, 1, 0, []), (3, 1, 0, 0, [])], [(1, 1, 0, 0, [])]],
        watering_hole=1,
        turn=1,
    )
    lines = _play_round(s)
    assert lines[0] == "  P2 feeds its species 1 (body 1, population 1) from the watering hole."
    assert _extinct(lines) == [
        "P1's species 1 (body 2) goes extinct; no card is drawn for it.",
        "P1's species 3 (body 3) goes extinct; no card is drawn for it.",
    ]
    assert [x.body for x in s.events() if isinstance(x, Extinct)] == [2, 3]


def test_attack_kills_two_then_the_round_end_kills_two_more():
    # one step: the carnivore kills P2's Horns species and dies of its Horns; nothing is left to eat, so after the
    # draws the round ends (one step) and P1's two other species (now its species 1 and 2) and P2's last one starve
    s = from_boards(
        _game(),
        [
            [(1, 1, 0, 0, []), (4, 1, 0, 0, ["carnivore"]), (2, 1, 0, 0, [])],
            [(2, 1, 0, 0, ["horns"]), (1, 1, 0, 0, [])],
        ],
    )
    lines = _play_round(s, ["attack 2 P2.1"])
    attack = [line for line in lines if "attacks" in line]
    assert attack == [
        "  P1's species 2 (carnivore, body 4, population 1) attacks P2's species 1 (body 2, population 1)."
    ]  # told once; the Horns wound on its own line
    assert lines[1] == "    Horns wound the attacker (-1 population)."
    assert _extinct(lines) == [
        "P2's species 1 (body 2) goes extinct; P2 draws 1 card.",
        "P1's species 2 (carnivore, body 4) goes extinct; P1 draws 1 card.",
        "P1's species 1 (body 1) goes extinct; no card is drawn for it.",
        "P1's species 2 (body 2) goes extinct; no card is drawn for it.",
        "P2's species 1 (body 1) goes extinct; no card is drawn for it.",
    ]
    # the card each extinction draws is told once (not again as "P2 is owed 1 card"); the next deal is told
    assert [line.strip() for line in lines if "is owed" in line] == [
        "P2 is owed 4 cards.",
        "P1 is owed 4 cards.",
    ]
    assert [(x.player, x.species, x.body) for x in s.events() if isinstance(x, Extinct)] == [
        (1, 0, 2),
        (0, 1, 4),
        (0, 0, 1),
        (0, 0, 2),
        (1, 0, 1),
    ]  # each at its place at that moment


def test_the_attack_scenario_names_each_dead_species_once():
    from evo_lab.games.evolution.scenarios import scenario

    s = scenario("attack")
    lines = _play_round(s, ["attack 1 P2.1"], pick=-1)
    assert sum("attacks P2's species 1" in line for line in lines) == 1
    assert _extinct(lines) == [
        "P2's species 1 (body 2) goes extinct; P2 draws 1 card.",
        "P3's species 1 (body 5) goes extinct; P3 draws 1 card.",
        "P3's species 2 (body 2) goes extinct; no card is drawn for it.",
    ]  # it said "P3's species 1 (body 5)" twice
    dead = [x for x in s.events() if isinstance(x, Extinct)]
    assert [(x.player, x.species, x.body) for x in dead] == [(1, 0, 2), (2, 0, 5), (2, 0, 2)]


def test_an_extinction_of_an_older_record_still_reads():
    # events recorded before ``body`` was added: the field defaults to 0 (not recorded)
    s = from_boards(_game(), [[(2, 1, 0, 0, []), (3, 1, 0, 0, [])], [(1, 1, 1, 0, [])]], watering_hole=5)
    old = [Extinct(0, 0, 0), Extinct(0, 0, 1)]
    assert step_words(s.game, old, s) == [
        "P1's species 1 (body 2) goes extinct; no card is drawn for it",
        "P1's species 2 (body 3) goes extinct; P1 draws 1 card",
    ]
    assert (
        event_words(s.game, Extinct(0, 1, 0, 0, 3))
        == "P1's species 2 (body 3) goes extinct; no card is drawn for it"
    )
    assert Extinct(0, 1, 2).text() == "P1's species 2 went extinct; P1 draws 2 cards"
    fat = Extinct(0, 1, 1, fat=1).text()
    assert fat.endswith("the 1 food stored on its Fat Tissue goes into P1's food bag")
