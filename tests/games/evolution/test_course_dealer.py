"""The course's dealer in this process (evo_lab.games.evolution.course.dealer): whole games agree with the JSON
harnesses step by step, every evo-lab bot plays through the course's messages, the messages say what the course
says, and a player that breaks the protocol or cheats is removed while the game goes on."""

from __future__ import annotations

from typing import Any

import pytest

from evo_lab.bots import make_bot
from evo_lab.games.evolution.course.bot_player import BotPlayer, course_position
from evo_lab.games.evolution.course.dealer import (
    RULES,
    CourseDealer,
    CoursePlayer,
    HarnessPlayer,
    PlayerRemoved,
    course_deck,
)
from evo_lab.games.evolution.course.harness import (
    course_feeding,
    dump_configuration,
    parse_configuration,
    run,
)
from evo_lab.games.evolution.course.wire import parse_choose, parse_feed, parse_start
from evo_lab.games.evolution.model import Species


def silly(n: int) -> list[tuple[str, CoursePlayer]]:
    return [(f"silly{k}", HarnessPlayer()) for k in range(n)]


@pytest.mark.parametrize("seed", [None, 0, 1, 2, 3])
@pytest.mark.parametrize("n", [3, 5, 8])
def test_every_turn_and_feeding_equals_the_harnesses(seed: int | None, n: int) -> None:
    """With the course's own players, each turn is xstep4 on the turn's configuration and Action4s, and each
    feed1 step is xstep on the configuration with the feeding player first: exactly, as JSON."""
    r = CourseDealer(silly(n), course_deck(seed), record=True).run()
    assert r.turns == sum(x["harness"] == "xstep4" for x in r.record) > 0
    assert {x["harness"] for x in r.record} <= {"xstep4", "xstep"}
    if n == 3:
        assert any(x["harness"] == "xstep" for x in r.record)
    for x in r.record:
        assert run(x["harness"], x["input"]) == x["output"], x["harness"]


def test_the_deck_is_the_courses_in_the_reference_order_or_shuffled() -> None:
    d = course_deck()
    assert len(d) == len(set(d)) == 122
    assert d[:2] == [(-3, "ambush"), (-2, "ambush")] and d[14:16] == [(-8, "carnivore"), (-7, "carnivore")]
    assert sum(t == "carnivore" for _, t in d) == 17 and d == sorted(d, key=lambda c: (c[1], c[0]))
    s = course_deck(5)
    assert sorted(s, key=lambda c: (c[1], c[0])) == d and s != d and s == course_deck(5) != course_deck(6)


@pytest.mark.parametrize("seed", [1, 2])
def test_evo_lab_bots_play_whole_games(seed: int) -> None:
    bots = ["greedy", "random", "course", "ismcts"]
    players: list[tuple[str, CoursePlayer]] = [
        (
            b,
            BotPlayer(
                make_bot(b, seed=seed, game="evolution", **({"iterations": 8} if b == "ismcts" else {}))
            ),
        )
        for b in bots
    ]
    r = CourseDealer([*players, ("silly", HarnessPlayer())], course_deck(seed)).run()
    assert r.removed == [] and r.turns >= 2
    assert sorted(s.id for s in r.scores) == ["course#3", "greedy#1", "ismcts#4", "random#2", "silly#5"]
    assert [s.rank for s in r.scores] == [1, 2, 3, 4, 5]
    assert all(a.score >= b.score for a, b in zip(r.scores, r.scores[1:]))


class Spy(HarnessPlayer):
    """The course's player, keeping every message it gets."""

    def __init__(self, log: list) -> None:
        super().__init__()
        self.log = log

    def start(self, msg: list) -> None:
        self.log.append(("start", self, msg, None))
        super().start(msg)

    def choose(self, msg: list) -> Any:
        self.log.append(("choose", self, msg, self.state))
        return super().choose(msg)

    def feed_next(self, msg: list) -> Any:
        self.log.append(("feedNext", self, msg, None))
        return super().feed_next(msg)


@pytest.mark.parametrize("rules", ["course", "reference"])
def test_the_messages_say_what_the_course_says(rules: str) -> None:
    log: list = []
    spies = [Spy(log) for _ in range(4)]
    d = CourseDealer([(f"p{k}", s) for k, s in enumerate(spies)], course_deck(3), RULES[rules])
    d.run()
    starts = [m for k, _, m, _ in log if k == "start"]
    assert len(starts) == 4 * d.turn
    wh, bag, boards, cards = parse_start(starts[0])
    assert (wh, bag, len(boards), len(cards)) == (0, 0, 1, 4) and boards[0].pop == 1 and boards[0].body == 0
    assert [c for c in course_deck(3)[:4]] == cards  # the first player's cards come first off the deck
    first_turn = [(who, m) for k, who, m, _ in log[:12] if k == "choose"]
    assert [who for who, _ in first_turn] == spies  # in turn order
    for i, (_, m) in enumerate(first_turn):
        before, after = parse_choose(m)
        assert len(before) == i and len(after) == (4 - i if rules == "reference" else 3 - i)
    feeds = [(who, m) for k, who, m, _ in log if k == "feedNext"]
    assert feeds, "the players were asked to feed"
    for who, m in feeds:
        bag, boards, cards, wh, others = parse_feed(m)
        assert wh > 0 and len(others) == 3 and len(boards) >= 2


class Scripted(CoursePlayer):
    """A player with fixed answers: ``choose``/``feed`` are lists of answers (JSON values, or an exception to
    raise) used one per question; once a list is used up the course's own player answers."""

    def __init__(self, choose: list | None = None, feed: list | None = None) -> None:
        self.own, self.answers = HarnessPlayer(), {"choose": list(choose or []), "feed": list(feed or [])}
        self.closed = False

    def _answer(self, what: str, msg: list) -> Any:
        if self.answers[what]:
            a = self.answers[what].pop(0)
            if isinstance(a, Exception):
                raise a
            return a(self.own.state, msg) if callable(a) else a
        return self.own.choose(msg) if what == "choose" else self.own.feed_next(msg)

    def start(self, msg: list) -> None:
        self.own.start(msg)

    def choose(self, msg: list) -> Any:
        return self._answer("choose", msg)

    def feed_next(self, msg: list) -> Any:
        return self._answer("feed", msg)

    def close(self) -> None:
        self.closed = True


def _two_boards(state: list, msg: list) -> list:
    """Food: the best card; a new board without traits: the next card."""
    cards = state[3]
    fc = max(range(len(cards)), key=lambda i: cards[i][0])
    return [fc, [], [], [[0 if fc else 1]], []]


@pytest.mark.parametrize(
    "answer,kind,why",
    [
        ([0, [["population", 0, 1]], [], [], []], "protocol", "malformed Action4"),
        ([0, [[3, 1]], [], [], []], "illegal", "GP names board 3"),
        ([0, [], [], [[1, 2, 2]], []], "illegal", "card 2 is used twice"),
        ("[0, [], [], [], []]", "protocol", "malformed"),
        (ValueError("a bug"), "raised", "ValueError: a bug"),
        (PlayerRemoved("timeout", "no answer within 1 s to choose"), "timeout", "no answer"),
    ],
)
def test_a_player_that_breaks_the_protocol_or_cheats_is_removed_and_the_game_goes_on(
    answer, kind, why
) -> None:
    bad = Scripted(choose=[_two_boards, answer])
    log: list = []
    good = [Spy(log) for _ in range(3)]
    r = CourseDealer(
        [("good0", good[0]), ("bad", bad), ("good1", good[1]), ("good2", good[2])], course_deck(4)
    ).run()
    assert [(x.id, x.kind, x.turn) for x in r.removed] == [("bad#2", kind, 2)] and why in r.removed[0].message
    assert bad.closed and sorted(s.id for s in r.scores) == ["good0#1", "good1#3", "good2#4"]
    # before the removal the others see four players, after it three (its boards left the table with it)
    chooses = [parse_choose(m) for k, _, m, _ in log if k == "choose"]
    assert [len(b) + len(a) + 1 for b, a in (chooses[0], chooses[-1])] == [4, 3]
    assert all(len(parse_feed(m)[4]) == 2 for m in [m for k, _, m, _ in log if k == "feedNext"][-1:])


def test_a_feeding_cheat_is_removed_in_the_feeding() -> None:
    bad = Scripted(choose=[_two_boards] * 30, feed=[99])
    r = CourseDealer([("bad", bad), *silly(3)], course_deck(2)).run()
    assert [(x.id, x.kind) for x in r.removed] == [("bad#1", "illegal")]
    assert "species 99 cannot eat" in r.removed[0].message and len(r.scores) == 3


def _attack_table(d: CourseDealer) -> None:
    """P1: a hungry carnivore facing three plain species of P2 and P3 (three attacks, no vegetarian)."""
    t = d.t
    t.players[0].species = [Species(2, 2, traits=["carnivore"])]
    t.players[1].species = [Species(0, 1), Species(0, 1)]
    t.players[2].species = [Species(0, 1, food=1)]
    t.watering_hole = 4


@pytest.mark.parametrize("rules", ["course", "reference"])
def test_forgoing_a_feeding_is_allowed_by_the_course_and_cheating_for_the_reference_dealer(
    rules: str,
) -> None:
    decliner = Scripted(feed=[False])
    d = CourseDealer([("decliner", decliner), *silly(2)], course_deck(), RULES[rules])
    _attack_table(d)
    d.feeding()
    if rules == "course":
        assert (
            d.removed == [] and d.t.players[0].species[0].food == 0
        )  # it ate nothing, and stays in the game
    else:
        assert [(x.id, x.kind) for x in d.removed] == [("decliner#1", "illegal")] and len(d.t.players) == 2


@pytest.mark.parametrize("rules", ["course", "reference"])
def test_a_carnivore_that_could_not_feed_feeds_later_only_with_the_reference_queue(rules: str) -> None:
    """P1's carnivore cannot attack P2's herd (herding: population 2 vs 2) until P3's carnivore has attacked it
    (population 1): the reference dealer (since 7 May 2016) lets P1 feed then; the course's tested rule (and the
    xstep4 harness) took P1 out of the feeding when it could not feed."""
    d = CourseDealer(silly(3), course_deck(1), RULES[rules])
    t = d.t
    t.players[0].species = [Species(3, 2, traits=["carnivore", "hard-shell"])]
    t.players[1].species = [Species(0, 2, traits=["herding"])]
    t.players[2].species = [Species(3, 3, traits=["carnivore", "hard-shell"])]
    t.watering_hole = 10
    conf = dump_configuration(t)
    d.feeding()
    assert t.players[0].species[0].food == (1 if rules == "reference" else 0)
    harness = parse_configuration(conf)
    course_feeding(harness)
    assert (dump_configuration(harness) == dump_configuration(t)) == (rules == "course")


def test_the_course_bot_plays_the_courses_player_except_a_same_trait_replacement() -> None:
    """The engine's course bot, through the messages, answers as the course's own player (xsilly, xfeed),
    except that the engine has no play replacing a trait by a card of the same trait (the silly player's
    last step, which the reference accepts)."""
    same = other = 0
    for seed in range(6):
        bot = BotPlayer(make_bot("course", game="evolution"))
        spy_log: list = []
        spies = [Spy(spy_log) for _ in range(4)]
        CourseDealer([(f"p{k}", s) for k, s in enumerate(spies)], course_deck(seed)).run()
        for k, who, m, state in spy_log:
            if k == "choose":
                own = HarnessPlayer()
                own.start(state)
                bot.start(state)
                a, b = own.choose(m), bot.choose(m)
                cards = state[3]
                if a != b:
                    assert a[:4] == b[:4] and b[4] == [] and cards[a[4][0][2]][1] == cards[a[3][0][1]][1]
                    same += 1
                else:
                    other += 1
            elif k == "feedNext":
                assert bot.feed_next(m) == HarnessPlayer().feed_next(m)
    assert other > 50 and same < other / 5


def test_a_position_holds_what_the_message_says() -> None:
    me = [Species(1, 2, food=1, traits=["carnivore"])]
    s = course_position([[Species(0, 1)], me], 1, [(3, "horns"), (-8, "carnivore")], 5, 7, "food")
    assert s.phase == "food" and s.current_player() == 1 and s.watering_hole == 5 and s.players[1].bag == 7
    assert [s.game.deck.cards[k].trait for k in s.players[1].hand] == ["carnivore", "horns"]
    assert s.players[0].hand == [] and s.game.players == 3 and s.players[2].species == []
    cards_on_boards = [k for pl in s.players for x in pl.species for k in x.cards]
    assert all(k >= 0 for k in cards_on_boards) and sum(s.pool) == 122 - 3
    with pytest.raises(Exception, match="not a card of the course's deck"):
        course_position([me], 0, [(9, "horns")], 0, 0, "food")


def test_the_last_player_left_plays_on_and_a_table_without_players_ends() -> None:
    class Empty(HarnessPlayer):
        def choose(self, msg: list) -> Any:
            return []

    lone = BotPlayer(make_bot("greedy", seed=1, game="evolution"))
    r = CourseDealer([("bad", Empty()), ("greedy", lone), ("bad", Empty())], course_deck(3)).run()
    assert [(x.id, x.kind, x.turn) for x in r.removed] == [("bad#1", "protocol", 1), ("bad#3", "protocol", 1)]
    assert [s.id for s in r.scores] == ["greedy#2"] and r.turns > 5  # alone, until the deck runs short
    r = CourseDealer([("bad", Empty()) for _ in range(3)], course_deck(3)).run()
    assert r.scores == [] and len(r.removed) == 3 and r.turns == 1
