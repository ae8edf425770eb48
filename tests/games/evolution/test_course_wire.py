"""The course's remote protocol on the wire (evo_lab.games.evolution.course.wire) and what its dealer accepts
(course.check): message shapes, Action4 and FeedChoice parsing (GP and GB untagged), and the reference dealer's
confirm-choice checks, case by case (mfelleisen/Evolution player-internal.rkt's own unit tests describe them)."""

from __future__ import annotations

import pytest

from evo_lab.core.errors import FormatError
from evo_lab.games.evolution.course.check import action4_problem, feed_action
from evo_lab.games.evolution.course.dealer import course_deck
from evo_lab.games.evolution.course.harness import CourseTable
from evo_lab.games.evolution.course.wire import (
    choose_message,
    dump_action4,
    dump_feed_choice,
    feed_message,
    kind,
    parse_action4,
    parse_choose,
    parse_feed,
    parse_feed_choice,
    parse_start,
    start_message,
)
from evo_lab.games.evolution.model import Player, Species
from evo_lab.games.evolution.phases.feeding import options

SP = [["food", 0], ["body", 0], ["population", 1], ["traits", []]]


def test_messages_have_the_course_shapes_and_read_back() -> None:
    s = Species(2, 3, food=1, fat=2, traits=["fat-tissue", "climbing"])
    cards = [(3, "horns"), (-8, "carnivore")]
    m = start_message(4, 9, [s], cards)
    assert m == [
        4,
        9,
        [
            [
                ["food", 1],
                ["body", 2],
                ["population", 3],
                ["traits", ["fat-tissue", "climbing"]],
                ["fat-food", 2],
            ]
        ],
        [[3, "horns"], [-8, "carnivore"]],
    ]
    wh, bag, boards, back = parse_start(m)
    assert (wh, bag, back) == (4, 9, cards) and repr(boards[0]) == repr(s)
    c = choose_message([[s]], [[], [s, s]])
    assert kind(c) == "choose" and [len(r) for r in parse_choose(c)[1]] == [0, 2]
    f = feed_message(1, [s], cards, 5, [[s], []])
    assert kind(f) == "feedNext" and f[3] == 5 and parse_feed(f)[4][1] == []
    assert kind(m) == "start"


@pytest.mark.parametrize(
    "msg", [{"start": 1}, [1, 2, 3], [1.0, 0, [], []], [True, 0, [], []], "ok", [[], [], []]]
)
def test_a_message_of_no_course_shape_is_refused(msg: object) -> None:
    with pytest.raises(FormatError, match="not a start, choose or feedNext"):
        kind(msg)


def test_a_malformed_species_in_a_message_names_the_field() -> None:
    with pytest.raises(FormatError) as e:
        parse_feed([0, [SP], [[1, "wings"]], 2, []])
    assert e.value.field == "feedNext[2][0][1]"
    with pytest.raises(FormatError) as e:
        parse_choose([[[SP[:3]]], []])
    assert e.value.field == "choose[0][0][0]"


def test_action4_parses_untagged_growth_only() -> None:
    a = parse_action4([2, [[0, 1]], [[1, 3]], [[4], [5, 6, 7, 8]], [[0, 0, 9]]])
    assert a == (2, [(0, 1)], [(1, 3)], [(4,), (5, 6, 7, 8)], [(0, 0, 9)])
    assert dump_action4(a) == [2, [[0, 1]], [[1, 3]], [[4], [5, 6, 7, 8]], [[0, 0, 9]]]


@pytest.mark.parametrize(
    "v,field",
    [
        ([0, [["population", 0, 1]], [], [], []], "action4[1][0]"),  # tagged GP (HW11's xstep4 form)
        ([0, [], [["body", 0, 1]], [], []], "action4[2][0]"),
        ([0, [], [], [[1, 2, 3, 4, 5]], []], "action4[3][0]"),  # a BT with four trait cards
        ([0, [], [], [[]], []], "action4[3][0]"),
        ([0, [], [], [], [[0, 1]]], "action4[4][0]"),
        ([[], [], [], [], []], "action4[0]"),
        ([0, [], [], []], "action4"),
        ([1.0, [], [], [], []], "action4[0]"),
        ([True, [], [], [], []], "action4[0]"),
        ([0, [[0, -1]], [], [], []], "action4[1][0]"),
        ({"food": 0}, "action4"),
        ("[0, [], [], [], []]", "action4"),
    ],
)
def test_a_malformed_action4_names_its_part(v: object, field: str) -> None:
    with pytest.raises(FormatError) as e:
        parse_action4(v)
    assert e.value.field == field


def test_feed_choices_parse_and_dump() -> None:
    for v, a in (
        (False, ("pass",)),
        (3, ("eat", 3)),
        ([1, 2], ("store", 1, 2)),
        ([0, 1, 2], ("attack", 0, 1, 2)),
    ):
        assert parse_feed_choice(v) == a and dump_feed_choice(a) == v
    for v in (True, None, -1, [1, 0], [1], [0, 1, 2, 3], "0", 1.5, [0, "1", 2]):
        with pytest.raises(FormatError):
            parse_feed_choice(v)


# ----- the reference dealer's confirm-choice (player-internal.rkt), case by case

CARDS = course_deck()[:10]  # the reference's all-cards order: 7 ambush cards (-3..3), then burrowing -3, ...


def test_a_food_card_alone_is_a_choice_but_not_without_cards() -> None:
    assert action4_problem([Species(0, 1)], CARDS[:4], (0, [], [], [], [])) is None
    assert "not in the hand" in action4_problem([Species(0, 1)], [], (0, [], [], [], []))


def test_good_choices_from_the_reference_tests_pass() -> None:
    one = [Species(0, 1)]
    mixed = CARDS[6:10]  # ambush +3, burrowing -3, -2, -1
    assert action4_problem(one, mixed, (1, [], [], [(2, 0)], [])) is None
    assert action4_problem(one, CARDS[:8], (0, [(1, 4)], [(1, 5)], [(1, 2)], [(1, 0, 6), (1, 0, 7)])) is None


@pytest.mark.parametrize(
    "a,why",
    [
        ((2, [], [], [(3, 0, 1)], []), "the new board 1 would get the same trait twice"),
        ((2, [], [], [(3, 0, 7)], [(1, 1, 1)]), "replacing trait 1 of board 1 would give it ambush twice"),
        ((0, [], [], [(1,)], [(1, 0, 2)]), "board 1 has no trait 0 to replace"),
        ((0, [(2, 1)], [], [], []), "a GP names board 2, but there are only 1 (with the new ones)"),
        ((0, [], [], [], [(0, 0, 1)]), "board 0 has no trait 0 to replace"),
        ((0, [(0, 1)], [], [], [(0, 0, 1)]), "card 1 is used twice"),
        ((0, [(0, 0)], [], [], []), "card 0 is used twice"),
    ],
)
def test_cheating_choices_are_found(a: tuple, why: str) -> None:
    assert action4_problem([Species(0, 1)], CARDS[:8], a) == why


def test_replacing_an_existing_trait_with_its_duplicate_is_cheating() -> None:
    board = [Species(0, 1, traits=["burrowing", "ambush"])]
    assert (
        action4_problem(board, CARDS[:9], (8, [], [], [], [(0, 0, 1)]))
        == "replacing trait 0 of board 0 would give it ambush twice"
    )
    assert action4_problem(board, CARDS[:9], (8, [], [], [], [(0, 1, 1)])) is None  # ambush for ambush


def test_growth_stops_at_seven_and_a_new_board_counts_as_one() -> None:
    cards = course_deck()[:12]
    grown = Species(2, 6)
    assert action4_problem([grown], cards, (0, [(0, 1)], [], [], [])) is None
    assert "population would grow past 7" in action4_problem(
        [grown], cards, (0, [(0, 1), (0, 2)], [], [], [])
    )
    six = [(1, k) for k in range(2, 8)]
    assert action4_problem([grown], cards, (0, six, [], [(1,)], [])) is None
    assert "board 1's population" in action4_problem([grown], cards, (0, [*six, (1, 8)], [], [(1,)], []))
    # the reference counts a new board's body from 1, too: seven +1 body cards (body 7) are refused
    assert action4_problem([grown], cards, (0, [], six, [(1,)], [])) is None
    assert "board 1's body" in action4_problem([grown], cards, (0, [], [*six, (1, 8)], [(1,)], []))
    assert action4_problem([grown], cards, (0, [], [(0, 1)] + [(0, k) for k in range(2, 6)], [], [])) is None


def _table() -> CourseTable:
    a = Player([Species(0, 2, traits=["carnivore"]), Species(1, 2, food=2, traits=["fat-tissue"])])
    b = Player([Species(0, 1)])
    c = Player([Species(0, 1, traits=["climbing"])])
    return CourseTable([a, b, c], [1, 2, 3], 5)


def test_feed_choices_are_checked_against_the_feedings() -> None:
    t = _table()
    opts = options(t, 0)
    others = [1, 2]
    assert feed_action(t, 0, ("attack", 0, 0, 0), opts, others, True) == ("attack", 0, 1, 0)
    assert "cannot attack species 0 of other player 1" in feed_action(
        t, 0, ("attack", 0, 1, 0), opts, others, True
    )
    assert "there is no other player 2" in feed_action(t, 0, ("attack", 0, 2, 0), opts, others, True)
    assert feed_action(t, 0, ("store", 1, 1), opts, others, True) == ("store", 1, 1)
    assert "at most 1 fat, not 2" in feed_action(t, 0, ("store", 1, 2), opts, others, True)
    assert "cannot eat" in feed_action(t, 0, ("eat", 0), opts, others, True)
    assert "cannot eat" in feed_action(t, 0, ("eat", 1), opts, others, True)  # it is fed; it may store fat
    assert feed_action(t, 0, ("pass",), opts, others, True) == ("pass",)  # no vegetarian can eat
    assert "forgo" in feed_action(t, 0, ("pass",), opts, others, False)  # the reference dealer's reading
    t.players[0].species[1].food = 0
    assert "forgo" in feed_action(t, 0, ("pass",), options(t, 0), others, True)  # a vegetarian can eat
