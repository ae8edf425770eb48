"""Reading a position body back (the ``state`` of the shared envelope); a bad one raises
:class:`~evo_lab.core.errors.FormatError` naming the field."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core.checks import MAX_COUNT, bool_of, dict_of, int_in, ints_in, list_of, one_of
from ...core.errors import FormatError, excerpt
from .actions import as_action
from .flow import FLOW, PHASES, settle
from .model import Player, Species
from .traits import TRAIT_BIT, TRAIT_IDS

if TYPE_CHECKING:
    from .game import Game
    from .state import State
    from .table import Action

    #: a species as :func:`from_boards` takes it: ``(body, pop, food, fat, [trait names])``
    BoardSpec = tuple[int, int, int, int, Sequence[str]]

__all__ = ["load_body"]


#: Most species a player may have in a position (far above the 24 boards in the box).
MAX_SPECIES = 64
#: Highest round number a position may give.
MAX_ROUNDS = 10_000


def _field(d: dict[str, object], k: str) -> object:
    if k not in d:
        raise FormatError("missing", f"state.{k}")
    return d[k]


def load_body(s: State, d: object) -> State:
    """Fill ``s`` (a state of its game, not dealt) from a position body. Every field is checked, by name,
    before it is used: types, ranges (body and population on the track, food within the population, fat within
    the body, trait and card ids of this game's deck), each card's trait, counts within the deck; the game's
    invariants then run on the whole (:func:`evo_lab.core.game.check_loaded`)."""
    g = s.game
    if not isinstance(d, dict):
        raise FormatError(f"expected an object, got {excerpt(d)}", "state")
    n, nk, size = g.players, len(g.deck.cards), g.deck.size
    s.players = [
        _player(g, v, f"state.players[{p}]")
        for p, v in enumerate(list_of(_field(d, "players"), "state.players", n))
    ]
    s.watering_hole = int_in(_field(d, "wh"), 0, MAX_COUNT, "state.wh")
    s.first = int_in(_field(d, "first"), 0, n - 1, "state.first")
    s.round = int_in(_field(d, "round"), 1, MAX_ROUNDS, "state.round")
    s.final = int_in(_field(d, "final"), 0, 2, "state.final")
    s.turn = int_in(_field(d, "turn"), -1, n - 1, "state.turn")
    s.left = int_in(_field(d, "left"), 0, size, "state.left")
    s.end_deck = int_in(_field(d, "end_deck"), 0, size, "state.end_deck")
    s.done_feeding = int_in(_field(d, "out"), 0, 2**n - 1, "state.out")
    s.phase = one_of(_field(d, "phase"), PHASES, "state.phase")
    s.gone = int_in(_field(d, "gone"), 0, size, "state.gone")
    s.find_feeder = bool_of(_field(d, "seek"), "state.seek")
    s.pool = ints_in(_field(d, "pool"), 0, size, "state.pool", nk)
    s.discards = ints_in(_field(d, "discards"), 0, size, "state.discards", nk)
    for k, c in enumerate(g.deck.cards):
        if s.pool[k] + s.discards[k] > c.count:
            raise FormatError(
                f"{s.pool[k]} unseen + {s.discards[k]} discarded, more than the {c.count} "
                f"{g.labels[k]} cards of the deck",
                f"state.pool[{k}]",
            )
    _totals(s, g)
    s.pending = [
        _draw(v, n, size, f"state.pending[{i}]")
        for i, v in enumerate(list_of(_field(d, "pending"), "state.pending", max_length=4 * n))
    ]
    _climate(s, g, d.get("climate"))
    s.asking = int_in(d.get("asking", -1), -2, 64, "state.asking")
    if s.asking >= 0 and (
        s.phase != "feed" or not 0 <= s.turn < n or s.asking >= len(s.players[s.turn].species)
    ):
        raise FormatError(f"species {s.asking + 1} of the player to act is not on the table", "state.asking")
    s.intel = _intel(s, d.get("intel"))
    return s


def _totals(s: State, g: Game) -> None:
    """Every card of the deck somewhere (unseen, discarded, out of the game, in a hand, a food card, a trait);
    the draw pile within the unseen cards; fresh species only while cards are played."""
    total = sum(s.pool) + sum(s.discards) + s.gone
    for pl in s.players:
        total += len(pl.hand) + (pl.food_card >= 0) + sum(1 for x in pl.species for c in x.cards if c >= 0)
    if total != g.deck.size:
        raise FormatError(
            f"the cards add up to {total} (unseen, discarded, gone, in hands, food cards and traits); "
            f"the deck has {g.deck.size}",
            "state.pool",
        )
    if s.left > sum(s.pool):
        raise FormatError(f"{s.left} cards to draw, but only {sum(s.pool)} unseen", "state.left")
    if s.phase != "play":
        for p, pl in enumerate(s.players):
            for i, x in enumerate(pl.species):
                if x.fresh:
                    raise FormatError(
                        "a species is marked new only while cards are played",
                        f"state.players[{p}][0][{i}][7]",
                    )


def _player(g: Game, v: object, f: str) -> Player[int]:
    nk = len(g.deck.cards)
    sp, hand, bag, fc = list_of(v, f, 4)
    species = [
        _species(g, x, f"{f}[0][{i}]") for i, x in enumerate(list_of(sp, f"{f}[0]", None, MAX_SPECIES))
    ]
    hand = ints_in(hand, 0, nk - 1, f"{f}[1]", max_length=g.deck.size)
    if hand != sorted(hand):
        raise FormatError("a hand is kept sorted by card kind", f"{f}[1]")
    return Player(species, hand, int_in(bag, 0, MAX_COUNT, f"{f}[2]"), int_in(fc, -1, nk - 1, f"{f}[3]"))


def _species(g: Game, v: object, f: str) -> Species:
    o = g.options
    body, pop, food, fat, traits, cards, down, fresh = list_of(v, f, 8)
    body = int_in(body, 0, o.max_track, f"{f}[0]")
    pop = int_in(pop, 1, o.max_track, f"{f}[1]")
    food = int_in(food, 0, pop, f"{f}[2]")
    fat = int_in(fat, 0, body, f"{f}[3]")
    traits = ints_in(traits, 0, len(TRAIT_IDS) - 1, f"{f}[4]", max_length=o.max_traits)
    if len(set(traits)) != len(traits):
        raise FormatError("a species holds each trait once", f"{f}[4]")
    cards = ints_in(cards, -1, len(g.deck.cards) - 1, f"{f}[5]", len(traits))
    for i, (t, c) in enumerate(zip(traits, cards)):
        if c >= 0 and g.card_trait[c] != t:
            raise FormatError(f"card {g.labels[c]} is not a {TRAIT_IDS[t]} card", f"{f}[5][{i}]")
    if fat and TRAIT_BIT["fat-tissue"] not in traits:
        raise FormatError("fat is stored only on a Fat Tissue card", f"{f}[3]")
    down = int_in(down, 0, 2 ** len(traits) - 1, f"{f}[6]")
    fresh = int_in(int(fresh) if isinstance(fresh, bool) else fresh, 0, 1, f"{f}[7]")
    return Species(body, pop, food, fat, traits, cards, down, bool(fresh))


def _draw(v: object, n: int, size: int, f: str) -> list[int]:
    p, k = list_of(v, f, 2)
    return [int_in(p, 0, n - 1, f"{f}[0]"), int_in(k, 1, size, f"{f}[1]")]


def _climate(s: State, g: Game, c: object) -> None:
    if not g.options.climate:
        if c is not None:
            raise FormatError("this variant has no climate", "state.climate")
        s.climate_pos, s.event_pool, s.events_in_play, s.event_used, s.pending_events = 0, [], {}, "", []
        return
    c = dict_of(c, "state.climate", 8)
    events = g.pack.events
    s.climate_pos = int_in(c.get("pos"), -4, 4, "state.climate.pos")
    s.event_pool = ints_in(c.get("pool"), 0, MAX_COUNT, "state.climate.pool", len(events))
    for i, e in enumerate(events):
        if s.event_pool[i] > e.count:
            raise FormatError(f"more than the {e.count} {e.name} cards", f"state.climate.pool[{i}]")
    in_play = dict_of(c.get("in_play"), "state.climate.in_play", 2)
    s.events_in_play = {}
    for deck in ("cold", "hot"):
        idx = int_in(in_play.get(deck), -1, len(events) - 1, f"state.climate.in_play.{deck}")
        if idx >= 0 and events[idx].deck != deck:
            raise FormatError(
                f"event {events[idx].name} is not of the {deck} deck", f"state.climate.in_play.{deck}"
            )
        s.events_in_play[deck] = idx
    if set(in_play) != {"cold", "hot"}:
        raise FormatError("must name the cold and the hot event in play", "state.climate.in_play")
    s.event_used = one_of(c.get("used"), ("", "cold", "hot"), "state.climate.used")
    pend = list_of(c.get("pending"), "state.climate.pending", max_length=2)
    s.pending_events = [one_of(x, ("cold", "hot"), f"state.climate.pending[{i}]") for i, x in enumerate(pend)]
    for i, deck in enumerate(s.pending_events):
        if not any(n for j, n in enumerate(s.event_pool) if events[j].deck == deck):
            raise FormatError(f"no {deck} event left to draw", f"state.climate.pending[{i}]")


def _intel(s: State, v: object) -> Action | None:
    """The pending Intelligence feeding (a card is discarded next): one of the player's feeding options."""
    if v is None:
        return None
    from .phases.feeding import options

    a = as_action(list_of(v, "state.intel", max_length=5))
    if s.phase != "feed" or not 0 <= s.turn < len(s.players):
        raise FormatError("an Intelligence feeding waits only in the feeding phase", "state.intel")
    if a is None:
        raise FormatError(f"not a pending Intelligence feeding of P{s.turn + 1}: {excerpt(v)}", "state.intel")
    try:  # before eating (ruling R20) the asked species' Intelligence waits for its card; else a feeding option
        legal = (a == ("eat", s.asking, "intel")) if s.asking >= 0 else a in options(s, s.turn)
    except TypeError:
        legal = False
    if not legal or not (a[-1] == "intel" or (a[0] == "attack" and len(a) == 5)):
        raise FormatError(f"not a pending Intelligence feeding of P{s.turn + 1}: {excerpt(v)}", "state.intel")
    return a


def from_boards(
    game: Game,
    boards: Sequence[Sequence[Species | BoardSpec]],
    hands: Sequence[Sequence[str]] | None = None,
    watering_hole: int = 0,
    phase: str = "feed",
    turn: int = 0,
    first: int = 0,
    bags: Sequence[int] | None = None,
) -> State:
    """A consistent position for lessons and tests: ``boards[p]`` lists player ``p``'s species as
    ``(body, pop, food, fat, [trait names])`` or :class:`~.model.Species`; ``hands[p]`` lists card labels
    (``"horns+2"``) or trait names (any card of that trait). Cards come out of the unseen pool, so every card
    is still somewhere. ``phase="feed"`` starts a feeding turn of ``turn``.

    >>> import evo_lab
    >>> g = evo_lab.make_game("evolution", players=2)
    >>> s = from_boards(g, [[(3, 2, 0, 0, ["carnivore"])], [(1, 2, 0, 0, [])]], watering_hole=2)
    >>> s.legal_actions()
    [Attack(kind='attack', species=0, target_player=1, target=0)]
    """
    from .model import Species
    from .state import State

    s = State(game)
    s.pending.clear()
    s.pending_events.clear()
    s.pool = [c.count for c in game.deck.cards]
    s.left = sum(s.pool)

    def take_card(name: str) -> int:
        k = game.label_kind.get(name)
        if k is None:
            k = next((i for i, c in enumerate(game.deck.cards) if c.trait == name and s.pool[i] > 0), -1)
        if k < 0 or s.pool[k] <= 0:
            raise ValueError(f"no card {name!r} left in the deck")
        s.pool[k] -= 1
        s.left -= 1
        return k

    for p, row in enumerate(boards):
        pl = s.players[p]
        pl.species = []
        for b in row:
            sp = b if isinstance(b, Species) else Species(b[0], b[1], b[2], b[3], list(b[4]))
            sp.cards = [take_card(_name(t)) for t in sp.traits]
            pl.species.append(sp)
        pl.hand = sorted(take_card(h) for h in (hands[p] if hands else []))
        pl.bag = bags[p] if bags else 0
    s.watering_hole, s.first, s.phase = watering_hole, first, phase
    s.turn, s.find_feeder, s.done_feeding = turn, False, 0
    if phase == "feed":
        from .phases.feeding import has_option

        if not has_option(s, turn):
            s.turn, s.find_feeder = (turn - 1) % len(s.players), True
    settle(s)
    FLOW.run(s)
    return s


def _name(tid: int) -> str:
    from .traits import TRAIT_IDS

    return TRAIT_IDS[tid]
