"""Any evo-lab bot as a player of the course's remote protocol: each message becomes an engine position of the
``course2016`` variant holding what the message says (and nothing else), the bot chooses on it, and its choice
goes back in the course's format.

* ``start`` is remembered (the watering hole, the bag, the boards and the cards of this turn).
* ``choose``: the table is the players before this one, this one, the players after it (in turn order, the
  first player first). The bot picks a food card on the position's ``food`` phase, then plays cards one at a time
  on its ``play`` phase until it passes. The plays become the Action4: a new species is a BT, a trait on it one
  of the BT's trait cards, +1 population a GP, +1 body a GB, a replacement an RT. A play that an Action4 cannot
  express, or that the course's dealer would reject (:func:`.check.action4_problem`, e.g. growing a new board's
  body to 7), ends the bot's turn before it.
* ``feedNext``: the table is this player followed by the others in the message's order (so an attack's player
  index is the table's minus one); the bot picks one of the engine's feeding options, answered as a FeedChoice.

What the messages do not say is assumed (named here, documented in docs/remote.md): other players' hands are
empty and their bags 0; every card not in this player's hand or on a board is unseen (still in the deck); a
table of fewer than 3 players (after removals) is filled up with players without species at the end (the
variant is for 3 to 8); a board's trait cards are taken as cards of those traits (the message names traits,
not cards).

>>> from ....bots import make_bot
>>> p = BotPlayer(make_bot("course", game="evolution"))
>>> sp = [["food", 0], ["body", 0], ["population", 1], ["traits", []]]
>>> p.start([0, 0, [sp], [[3, "horns"], [-2, "climbing"], [1, "fat-tissue"], [0, "burrowing"], [2, "carnivore"],
...                       [-1, "scavenger"]]])
>>> p.choose([[], [[sp], [sp]]])     # food: burrowing; a new board (climbing, carnivore); +1 population, ...
[3, [[1, 2]], [[1, 0]], [[4, 1]], [[1, 0, 5]]]
>>> carnivore = [["food", 0], ["body", 2], ["population", 2], ["traits", ["carnivore"]]]
>>> p.feed_next([0, [carnivore, sp], [], 3, [[sp], [sp]]])    # the hungry vegetarian eats first
1
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....bots.base import checked_action
from ....core.errors import FormatError
from ..game import Game
from ..model import Player, Species
from ..state import State
from .check import action4_problem
from .dealer import CoursePlayer, PlayerRemoved
from .wire import Action4, Card, dump_action4, dump_feed_choice, parse_choose, parse_feed, parse_start

if TYPE_CHECKING:
    from ..story import Bot
    from ..table import JSON, Action

__all__ = ["Action4Builder", "BotPlayer", "course_position"]

_GAMES: dict[tuple[int, bool], Game] = {}


def _game(n: int, decline: bool) -> Game:
    key = (max(3, n), decline)
    if key not in _GAMES:
        _GAMES[key] = Game(players=key[0], variant="course2016", options={"may_decline": decline})
    return _GAMES[key]


def _kinds(game: Game, cards: list[Card]) -> list[int]:
    """The engine's card kind of each card in hand (the course deck has every card once)."""
    out: list[int] = []
    for i, (food, trait) in enumerate(cards):
        k = game.deck.kind_of(trait, food)
        if k < 0:
            raise FormatError(f"[{food}, {trait!r}] is not a card of the course's deck", f"cards[{i}]")
        if k in out:
            raise FormatError(f"[{food}, {trait!r}] is in the hand twice", f"cards[{i}]")
        out.append(k)
    return out


def course_position(
    rows: list[list[Species]], me: int, cards: list[Card], wh: int, bag: int, phase: str, decline: bool = True
) -> State:
    """An engine position of the course variant: ``rows`` are the players' boards in turn order (the first
    player first), ``me`` is the player to act with ``cards`` in hand and ``bag``; ``phase`` is ``"food"``,
    ``"play"`` or ``"feed"``. ``decline``: whether the feeding options include forgoing (``pass``)."""
    game = _game(len(rows), decline)
    pool = [c.count for c in game.deck.cards]
    hand = _kinds(game, cards)
    for k in hand:
        pool[k] -= 1
    by_trait: dict[str, list[int]] = {}
    for k, c in enumerate(game.deck.cards):
        by_trait.setdefault(c.trait, []).append(k)
    players: list[Player[int]] = []
    for row in rows + [[]] * (game.players - len(rows)):
        species: list[Species] = []
        for src in row:
            sp = src.copy()
            sp.cards = []
            for name in sp.trait_names():
                k = next((k for k in by_trait[name] if pool[k] > 0), -1)
                if k >= 0:
                    pool[k] -= 1
                sp.cards.append(k)
            species.append(sp)
        players.append(Player(species))
    players[me].hand = sorted(hand)
    players[me].bag = bag
    body: dict[str, JSON] = {
        "players": [p.to_list() for p in players],
        "wh": wh,
        "first": 0,
        "phase": phase,
        "turn": me,
        "round": 1,
        "final": 0,
        "left": sum(pool),
        "end_deck": 0,
        "out": 0,
        "gone": 0,
        "seek": False,
        "intel": None,
        "pool": pool,
        "discards": [0] * len(pool),
        "pending": [],
    }
    return State.load_state(game, body)


class Action4Builder:
    """Card plays of the engine (``("new", "R", k)``, ``("trait", i, k)``, ``("replace", i, slot, k)``,
    ``("pop", i, k)``, ``("body", i, k)``) collected into an Action4 over the hand's card indices."""

    def __init__(self, boards: list[Species], cards: list[Card], kinds: list[int], food_kind: int):
        self.boards, self.cards = boards, cards
        self.index = {k: i for i, k in enumerate(kinds)}
        self.fc = self.index[food_kind]
        self.gp: list[tuple[int, int]] = []
        self.gb: list[tuple[int, int]] = []
        self.bt: list[tuple[int, ...]] = []
        self.rt: list[tuple[int, int, int]] = []

    def action4(self) -> Action4:
        return (self.fc, list(self.gp), list(self.gb), list(self.bt), list(self.rt))

    def add(self, play: Action) -> bool:
        """Add ``play`` if the Action4 can express it and the course's dealer accepts the result."""
        k, c = play[0], self.index.get(play[-1])
        if c is None:
            return False
        gp, gb, bt, rt = list(self.gp), list(self.gb), list(self.bt), list(self.rt)
        n = len(self.boards)
        if k == "new":
            bt.append((c,))
        elif k == "trait" and 0 <= play[1] - n < len(bt):
            bt[play[1] - n] = (*bt[play[1] - n], c)
        elif k == "replace":
            rt.append((play[1], play[2], c))
        elif k == "pop":
            gp.append((play[1], c))
        elif k == "body":
            gb.append((play[1], c))
        else:
            return False
        if action4_problem(self.boards, self.cards, (self.fc, gp, gb, bt, rt)):
            return False
        self.gp, self.gb, self.bt, self.rt = gp, gb, bt, rt
        return True


class BotPlayer(CoursePlayer):
    """An evo-lab bot (``bot(state, player) -> action``) answering the course's messages.
    ``decline``: whether the bot may answer ``false`` (forgo feeding); the instructor's dealer removes a player
    that does, so ``False`` keeps the option from the bot. ``after_includes_self``: the dealer's ``choose``
    message puts this player's own boards at the head of the players after it (the reference dealer does)."""

    def __init__(
        self, bot: Bot, name: str | None = None, decline: bool = True, after_includes_self: bool = False
    ):
        self.bot = bot
        self.name = name or f"evo-lab {getattr(bot, 'name', 'bot')}"
        self.decline, self.after_includes_self = decline, after_includes_self
        self.turn: tuple[int, int, list[Species], list[Card]] | None = None

    def start(self, msg: list[JSON]) -> None:
        self.turn = parse_start(msg)

    def _act(self, s: State, me: int) -> Action:
        a: Action = checked_action(self.bot, s, me)
        return a

    def choose(self, msg: list[JSON]) -> JSON:
        if self.turn is None:
            raise PlayerRemoved("protocol", "a choose message before any start message")
        wh, bag, boards, cards = self.turn
        before, after = parse_choose(msg)
        if self.after_includes_self and after:
            after = after[1:]
        rows, me = before + [boards] + after, len(before)
        s = course_position(rows, me, cards, wh, bag, "food", self.decline)
        food = self._act(s, me)
        kinds = _kinds(s.game, cards)
        rest = [cards[i] for i, k in enumerate(kinds) if k != food[1]]
        s = course_position(rows, me, rest, wh, bag, "play", self.decline)
        s.players[me].food_card = food[1]
        build = Action4Builder(boards, cards, kinds, food[1])
        while True:
            a = self._act(s, me)
            if a[0] == "pass" or not build.add(a):
                break
            s.apply_action(a)
        return dump_action4(build.action4())

    def feed_next(self, msg: list[JSON]) -> JSON:
        bag, boards, cards, wh, others = parse_feed(msg)
        s = course_position([boards] + others, 0, cards, wh, bag, "feed", self.decline)
        if not s.legal_actions():
            return False  # nothing can feed (a dealer asks only when there is a choice)
        a = self._act(s, 0)
        if a[0] == "attack":
            a = ("attack", a[1], a[2] - 1, a[3])
        return dump_feed_choice(a)
