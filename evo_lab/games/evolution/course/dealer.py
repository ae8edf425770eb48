"""The course's dealer: a whole game of the NEU CS 4500 (Spring 2016) Evolution between players that speak the
course's remote protocol (:mod:`.wire`), on the same table and rules as the JSON harnesses (:mod:`.harness`).

A turn (``mfelleisen/Evolution`` ``dealer.rkt`` run-game, complete-turn, turn): every player without a species
gets a board; each player, in turn order, is dealt 3 cards + 1 per board from the front of the deck (put in front
of its hand) and told ``start``; each is asked to ``choose`` an Action4; the Action4s are applied in turn order
(as xstep4 does: each food card to the watering hole, never below 0), then the feeding runs (fertile -> long
neck -> fat tissue, then feed1 in turn: a player with exactly one feeding is fed without being asked, others are
asked ``feedNext``); populations fall to the food eaten (an extinct species gives its owner 2 cards) and the
food goes to the bags; the first player moves to the end of the order. The game is over when the deck cannot
deal every player its cards (or no player is left). Score: bag + species + traits.

A player that breaks the protocol or cheats is removed, as the reference dealer does (dealer.rkt
communicate-externally): a malformed answer, an Action4 the reference's confirm-choice rejects
(:func:`.check.action4_problem`), a FeedChoice that is not one of the player's feedings, no answer in time, a
closed connection, or (in this process) an exception. Its boards leave the table with it, it gets no score, and
the game goes on.

:class:`DealerRules` holds the two points where the instructor's final dealer (May 2016) differs from the rules
the course's TestFest pairs check, with both readings (``RULES``): ``"course"`` (default) and ``"reference"``.

>>> from .dealer import CourseDealer, HarnessPlayer, course_deck
>>> r = CourseDealer([(f"silly", HarnessPlayer()) for _ in range(3)], course_deck()).run()
>>> [x.score for x in r.scores], r.removed
([7, 7, 5], [])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import numpy as np

from ....core.errors import EvoLabError, FormatError
from ..data import load_pack
from ..model import Player
from ..phases.feeding import apply_feeding, next_feeder, options
from ..phases.reveal import start_effects
from ..phases.scoring import food_to_bags, new_boards, reduce_populations, score
from ..rules import course2016
from .check import action4_problem, feed_action
from .harness import CourseTable, apply_action4, dump_configuration, dump_player, run, silly_action4
from .strategy import feedings
from .wire import (
    Action4,
    Card,
    choose_message,
    dump_action4,
    feed_message,
    parse_action4,
    parse_feed_choice,
    start_message,
)

if TYPE_CHECKING:
    from ..table import JSON, Action

__all__ = [
    "RULES",
    "CourseDealer",
    "CoursePlayer",
    "DealerRules",
    "GameResult",
    "HarnessPlayer",
    "PlayerRemoved",
    "Removal",
    "Score",
    "course_deck",
]


@dataclass(frozen=True)
class DealerRules:
    """Where the reference dealer and the course's tested rules part ways.

    ``feeding_queue``: ``"drop"`` -- a player that cannot feed leaves the feeding for the rest of the turn (the
    engine's course rule ``drop_when_done``, which the TestFest xstep4 pairs check); ``"rotate"`` -- it is skipped
    but stays in the queue, and feeds again if a victim becomes attackable (dealer.rkt feeding after the commit of
    7 May 2016, "enabled players to eat during feeding cycle after skipping a feeding").
    ``decline``: the FeedChoice ``false`` ("forgo attacking or storing fat", the course's data definition) is
    accepted when the engine offers it (no vegetarian can eat); ``False``: it is cheating, as in the reference
    dealer, which accepts only one of the player's feedings (player-internal.rkt next, next.rkt one-of).
    ``after_includes_self``: the ``choose`` message's second list starts with the player's own boards
    (player-internal.rkt choose splits the whole order at the player's position), where the spec has only the
    players after it.
    """

    feeding_queue: str = "drop"
    decline: bool = True
    after_includes_self: bool = False

    def __post_init__(self) -> None:
        if self.feeding_queue not in ("drop", "rotate"):
            raise ValueError(f"feeding_queue must be 'drop' or 'rotate', got {self.feeding_queue!r}")


#: ``course``: the rules of the course's spec and TestFest pairs (the harnesses'); ``reference``: the instructor's
#: final Racket dealer (``Xternal/xserver``), for games that match it move for move.
RULES = {
    "course": DealerRules(),
    "reference": DealerRules(feeding_queue="rotate", decline=False, after_includes_self=True),
}


def course_deck(seed: int | None = None) -> list[Card]:
    """The course's 122 cards (reference §6.1) in the reference dealer's order (cards.rkt all-cards: by trait
    name, then food value; xserver deals from it unshuffled), or shuffled by ``seed``."""
    cards = sorted(
        ((c.food, c.trait) for c in load_pack().deck("course2016").cards for _ in range(c.count)),
        key=lambda c: (c[1], c[0]),
    )
    if seed is None:
        return cards
    order = np.random.default_rng(seed).permutation(len(cards))
    return [cards[i] for i in order]


class PlayerRemoved(EvoLabError):
    """A player that broke the protocol or cheated; ``kind``: ``timeout``, ``protocol`` (a malformed answer),
    ``illegal`` (cheating), ``crashed`` (the connection closed) or ``raised`` (an in-process player's
    exception)."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind, self.message = kind, message


class CoursePlayer:
    """A player as the course's dealer sees it (proxy-player.rkt): each call carries one message of
    :mod:`.wire` as a JSON value; ``choose`` returns an Action4 and ``feed_next`` a FeedChoice, as JSON values.
    A failure raises :class:`PlayerRemoved`. ``name`` is the sign-up string."""

    name = "player"

    def start(self, msg: list[JSON]) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def choose(self, msg: list[JSON]) -> JSON:  # pragma: no cover - interface
        raise NotImplementedError

    def feed_next(self, msg: list[JSON]) -> JSON:  # pragma: no cover - interface
        raise NotImplementedError

    def close(self) -> None:
        """The game is over for this player (or it was removed)."""


class HarnessPlayer(CoursePlayer):
    """The course's own player (player-external.rkt: the silly ``choose`` and the fixed feeding strategy),
    answering through the xsilly and xfeed harnesses."""

    name = "silly"

    def __init__(self) -> None:
        self.state: list[JSON] | None = None

    def start(self, msg: list[JSON]) -> None:
        self.state = msg

    def choose(self, msg: list[JSON]) -> JSON:
        if self.state is None:
            raise PlayerRemoved("protocol", "choose before start")
        _, bag, boards, cards = self.state
        return dump_action4(
            silly_action4([[["id", 1], ["species", boards], ["bag", bag], ["cards", cards]], msg[0], msg[1]])
        )

    def feed_next(self, msg: list[JSON]) -> JSON:
        bag, boards, _, wh, others = msg
        if not isinstance(others, list):
            raise PlayerRemoved("protocol", "a feedNext message without the other players' boards")
        me = [["id", 1], ["species", boards], ["bag", bag]]
        lop = [[["id", k + 2], ["species", row], ["bag", 0]] for k, row in enumerate(others)]
        out = run("xfeed", [me, wh, lop])
        return False if out is None else out


@dataclass(eq=False)
class Seat:
    """A player at the table: its id (``name#k``, as the reference prints it) and its player."""

    id: str
    player: CoursePlayer


@dataclass(frozen=True)
class Score:
    rank: int
    id: str
    score: int


@dataclass(frozen=True)
class Removal:
    id: str
    kind: str
    message: str
    turn: int


@dataclass
class GameResult:
    """``scores`` (best first; ties keep the turn order), ``removed`` players, ``turns`` played and, when the
    dealer records, the harness pairs of the game (``{"harness", "input", "output"}``)."""

    scores: list[Score]
    removed: list[Removal]
    turns: int
    record: list[dict[str, JSON]] = field(default_factory=list)


class CourseDealer:
    """One game. ``players``: ``(name, player)`` pairs in turn order (the ids are ``name#1``, ``name#2``, ...);
    ``deck``: the cards in dealing order; ``record``: keep every turn's xstep4 and every feeding's xstep
    input and output (:attr:`GameResult.record`)."""

    def __init__(
        self,
        players: Sequence[tuple[str, CoursePlayer]],
        deck: list[Card],
        rules: DealerRules = RULES["course"],
        record: bool = False,
    ):
        self.seats = [Seat(f"{name}#{k + 1}", p) for k, (name, p) in enumerate(players)]
        self.rules, self.recording = rules, record
        self.t = CourseTable([Player([]) for _ in players], list(range(1, len(players) + 1)), 0, list(deck))
        if rules.feeding_queue == "rotate":
            self.t.options = replace(course2016(), drop_when_done=False)
        self.removed: list[Removal] = []
        self.record: list[dict[str, JSON]] = []
        self.turn = 0

    # ----- the game
    def run(self) -> GameResult:
        """Play the game to its end (dealer.rkt run-game) and close every player."""
        try:
            while not self._over():
                self.turn += 1
                self._turn()
                if self.seats:
                    self._rotate()
        finally:
            for s in self.seats:
                s.player.close()
        ranked = sorted(range(len(self.seats)), key=lambda i: -score(self.t.players[i], "course"))
        scores = [
            Score(r + 1, self.seats[i].id, score(self.t.players[i], "course")) for r, i in enumerate(ranked)
        ]
        return GameResult(scores, list(self.removed), self.turn, self.record)

    def _over(self) -> bool:
        """dealer.rkt over?: no player left, or too few cards to deal 3 + 1 per board to everyone."""
        need = sum(3 + len(p.species) for p in self.t.players)
        return not self.seats or len(self.t.deck) < need

    def _turn(self) -> None:
        t = self.t
        new_boards(t)
        for p, pl in enumerate(t.players):
            t.give_cards(p, 3 + len(pl.species))
        for s in list(self.seats):
            p = self.seats.index(s)
            pl = t.players[p]
            self._call(s, "start", start_message(t.watering_hole, pl.bag, pl.species, pl.hand))
        actions = self._choose_all()
        if not self.seats:
            return
        step4 = [dump_action4(actions[s.id]) for s in self.seats]
        before = dump_configuration(t) if self.recording else None
        for p, a in enumerate(step4):
            apply_action4(t, p, a)
        self.feeding()
        if before is not None:
            self.record.append(
                {"harness": "xstep4", "input": [before, step4], "output": dump_configuration(t)}
            )
        reduce_populations(t)
        food_to_bags(t)

    def _choose_all(self) -> dict[str, Action4]:
        """Ask every player for its Action4 (in turn order; a removed player's boards are gone for the next)."""
        out: dict[str, Action4] = {}
        for s in list(self.seats):
            p = self.seats.index(s)
            rows = [pl.species for pl in self.t.players]
            after = rows[p:] if self.rules.after_includes_self else rows[p + 1 :]
            reply = self._call(s, "choose", choose_message(rows[:p], after))
            if s not in self.seats:
                continue
            try:
                a = parse_action4(reply)
            except FormatError as e:
                self._remove(s, "protocol", f"a malformed Action4: {e}")
                continue
            pl = self.t.players[p]
            problem = action4_problem(pl.species, pl.hand, a)
            if problem:
                self._remove(s, "illegal", f"cheated in its Action4 {reply}: {problem}")
                continue
            out[s.id] = a
        return out

    # ----- feeding
    def feeding(self) -> None:
        """dealer.rkt feeding: the start-of-feeding traits, then feed1 in turn until the watering hole is empty
        or no one can feed (the harnesses' course_feeding, asking the players)."""
        t = self.t
        start_effects(t, "course")
        p, out = next_feeder(t, -1, 0)
        while p >= 0:
            a = self._feed1(p)
            if a is None:  # the player was removed: the one after it now has its index
                out = (out & ((1 << p) - 1)) | ((out >> (p + 1)) << p)
                p, out = next_feeder(t, p - 1, out)
                continue
            if a[0] == "pass":
                out |= 1 << p
            p, out = next_feeder(t, p, out)

    def _feed1(self, p: int) -> Action | None:
        """One feeding of player ``p``: automatic with exactly one feeding (store: as much as fits), else asked."""
        t = self.t
        opts = options(t, p)
        f = feedings(opts)
        before = self._rotated(p) if self.recording else None
        if len(f) == 1:
            a: Action = f[0]
            if a[0] == "store":
                a = ("store", a[1], t.players[p].species[a[1]].body - t.players[p].species[a[1]].fat)
        else:
            asked = self._ask_feed(p, opts)
            if asked is None:
                return None
            a = asked
        if a[0] != "pass":
            apply_feeding(t, p, a)
        if before is not None:
            self.record.append({"harness": "xstep", "input": before, "output": self._rotated(p)})
        return a

    def _ask_feed(self, p: int, opts: list[Action]) -> Action | None:
        t, s = self.t, self.seats[p]
        n = len(t.players)
        others = [(p + k) % n for k in range(1, n)]
        pl = t.players[p]
        msg = feed_message(
            pl.bag, pl.species, pl.hand, t.watering_hole, [t.players[q].species for q in others]
        )
        reply = self._call(s, "feed_next", msg)
        if s not in self.seats:
            return None
        try:
            choice = parse_feed_choice(reply)
        except FormatError as e:
            self._remove(s, "protocol", f"a malformed FeedChoice: {e}")
            return None
        a = feed_action(t, p, choice, opts, others, self.rules.decline)
        if isinstance(a, str):
            self._remove(s, "illegal", f"cheated in its FeedChoice {reply!r}: {a}")
            return None
        return a

    def _rotated(self, p: int) -> list[JSON]:
        """The configuration with player ``p`` first (xstep's current player; :func:`.harness.dump_configuration`
        rotated)."""
        t = self.t
        players = [dump_player(i, pl) for i, pl in zip(t.ids, t.players)]
        return [players[p:] + players[:p], t.watering_hole, [[f, tr] for f, tr in t.deck]]

    # ----- players
    def _call(self, s: Seat, method: str, msg: list[JSON]) -> object:
        """Send ``msg`` to ``s``'s player; a failure removes the player (returns ``None``)."""
        try:
            return getattr(s.player, method)(msg)
        except PlayerRemoved as e:
            self._remove(s, e.kind, e.message)
        except Exception as e:  # noqa: BLE001 - an in-process player's bug removes it, as a remote one's would
            self._remove(s, "raised", f"{type(e).__name__}: {e}")
        return None

    def _remove(self, s: Seat, kind: str, message: str) -> None:
        i = self.seats.index(s)
        del self.seats[i], self.t.players[i], self.t.ids[i]
        self.removed.append(Removal(s.id, kind, message, self.turn))
        s.player.close()

    def _rotate(self) -> None:
        """cyclic-rotate: the first player moves to the end of the order."""
        t = self.t
        self.seats.append(self.seats.pop(0))
        t.players.append(t.players.pop(0))
        t.ids.append(t.ids.pop(0))
