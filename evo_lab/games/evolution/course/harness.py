"""The course's five JSON test harnesses (NEU CS 4500 Spring 2016, reference §3-§4) as a thin adapter over the
engine's course-2016 rules: JSON -> a table of :mod:`~..model` objects -> the engine's attack check, feeding,
card plays and start-of-feeding -> JSON in the course's data definitions.

=========  ===========================================  ============================================
harness    input                                        output
=========  ===========================================  ============================================
xattack    Situation [defender, attacker, left, right]  true / false
xfeed      Feeding [player, watering hole, others]      FeedChoice (or nothing: no hungry species)
xstep      Configuration [players, watering hole, deck]  Configuration after one feed1 step
xstep4     [Configuration, Step4]                       Configuration after the card actions + feeding
xsilly     Choice [player+, before, after]              the silly player's Action4
=========  ===========================================  ============================================

>>> run("xattack", [[["food",0],["body",1],["population",2],["traits",[]]],
...                 [["food",0],["body",1],["population",2],["traits",["carnivore"]]], False, False])
True
>>> run("xfeed", [[["id",1],["species",[[["food",0],["body",0],["population",1],["traits",[]]]]],["bag",0]], 3, []])
0
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ....core.errors import FormatError, excerpt
from ..attack import blocker
from ..data import load_pack
from ..model import Player, Species
from ..phases.feeding import apply_feeding, next_feeder, options
from ..phases.play_cards import grow, new_species, replace_trait
from ..phases.reveal import start_effects
from ..rules import course2016
from ..traits import COURSE_TRAITS, TRAIT_BIT, TRAIT_IDS
from .strategy import decide, feeding_choice, silly_choice

if TYPE_CHECKING:
    from ..events import Event
    from ..table import JSON, Action
    from .wire import Action4

__all__ = [
    "HARNESSES",
    "CourseTable",
    "apply_action4",
    "course_feeding",
    "dump_configuration",
    "dump_player",
    "dump_species",
    "feed1",
    "parse_player",
    "parse_species",
    "read_input",
    "run",
    "silly_action4",
]

_OPTS = course2016()
#: A course card: ``(food value, trait)`` (the course's SpeciesCard).
Card = tuple[int, str]


class CourseTable:
    """A course Configuration as an engine table: ``players`` (with their JSON ids and ordered hands of
    ``(food, trait)`` cards), the watering hole ``watering_hole`` and the dealer's ordered ``deck``."""

    def __init__(self, players: list[Player[Card]], ids: list[int], wh: int, deck: list[Card] | None = None):
        self.players, self.ids, self.watering_hole = players, ids, wh
        self.deck = list(deck or [])
        self.options = _OPTS
        self.new_events: list[Event] | None = None
        self.first = 0

    def give_cards(self, p: int, n: int) -> None:
        """dealer.rkt give-cards-to: the first ``n`` cards of the deck (fewer if short), put in front of the
        hand (player-internal.rkt take-cards: ``(append c cards)``)."""
        got, self.deck = self.deck[:n], self.deck[n:]
        self.players[p].hand[0:0] = got

    def discard(self, kind: int) -> None:
        """The course has no discard pile: spent cards leave the game."""


# ----- JSON -> model (FormatError names the field)

#: Bounds of the harness's numbers: a species' body, population and food (the course's Nat is 0..7; TestFest
#: inputs go a little beyond), and any other natural number (ids, bags, the watering hole).
MAX_TRACK, MAX_NAT = 100, 10**6


def _nat(v: object, field: str, hi: int | None = None, lo: int = 0) -> int:
    """A natural number ``lo..hi`` (default: at most :data:`MAX_NAT`). The course's ranges (Nat 0..7,
    Natural+) are not enforced: the TestFest inputs are not always inside them (e.g. 4 traits in
    hw6-7920-7167-10), and the engine's rules do not need them; the bounds only keep a file from sizing
    loops."""
    hi = MAX_NAT if hi is None else hi
    if isinstance(v, bool) or not isinstance(v, int) or v < lo or v > hi:
        raise FormatError(f"must be a natural number ({lo}..{hi}), got {excerpt(v)}", field)
    return v


def _idx(v: object, n: int, field: str) -> int:
    """An index into a list of ``n`` items."""
    i = _nat(v, field)
    if i >= n:
        raise FormatError(f"index {i} is out of range (there are {n})", field)
    return i


def _pairs(v: object, keys: tuple[str, ...], optional: tuple[str, ...], field: str) -> dict[str, object]:
    if not isinstance(v, list):
        raise FormatError(f"must be a list of [name, value] pairs, got {type(v).__name__}", field)
    out: dict[str, object] = {}
    for i, pair in enumerate(v):
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str)):
            raise FormatError(f"must be a [name, value] pair, got {excerpt(pair)}", f"{field}[{i}]")
        if pair[0] not in keys + optional or pair[0] in out:
            raise FormatError(f"unexpected or repeated field {excerpt(pair[0])}", f"{field}[{i}]")
        out[pair[0]] = pair[1]
    for k in keys:
        if k not in out:
            raise FormatError(f"missing field {excerpt(k)}", field)
    return out


def _traits(v: object, field: str) -> list[str]:
    if not isinstance(v, list):  # LOT is "at most 3", but TestFest inputs carry 4 (hw6-7920-7167-10): lenient
        raise FormatError(f"must be a list of traits, got {excerpt(v)}", field)
    for i, t in enumerate(v):
        if t not in COURSE_TRAITS:
            raise FormatError(f"unknown trait {excerpt(t)}", f"{field}[{i}]")
    if len(set(v)) != len(v):
        raise FormatError("a species' traits are a set (no duplicates)", field)
    return list(v)


def parse_species(v: object, field: str = "species") -> Species:
    d = _pairs(v, ("food", "body", "population", "traits"), ("fat-food",), field)
    traits = _traits(d["traits"], f"{field}.traits")
    return Species(
        _nat(d["body"], f"{field}.body", MAX_TRACK),
        _nat(d["population"], f"{field}.population", MAX_TRACK),
        _nat(d["food"], f"{field}.food", MAX_TRACK),
        _nat(d.get("fat-food", 0), f"{field}.fat-food", MAX_TRACK),
        traits,
    )


def _card(v: object, field: str) -> Card:
    if not (isinstance(v, list) and len(v) == 2):
        raise FormatError(f"must be a SpeciesCard [food, trait], got {excerpt(v)}", field)
    food = v[0]
    if isinstance(food, bool) or not isinstance(food, int) or not -MAX_TRACK <= food <= MAX_TRACK:
        raise FormatError(
            f"must be a FoodValue (an integer -{MAX_TRACK}..{MAX_TRACK}), got {excerpt(food)}", f"{field}[0]"
        )
    if v[1] not in COURSE_TRAITS:
        raise FormatError(f"unknown trait {excerpt(v[1])}", f"{field}[1]")
    return (food, v[1])


def _cards(v: object, field: str) -> list[Card]:
    if not isinstance(v, list):
        raise FormatError(f"must be a list of SpeciesCards, got {type(v).__name__}", field)
    return [_card(c, f"{field}[{i}]") for i, c in enumerate(v)]


def _los(v: object, field: str) -> list[Species]:
    if not isinstance(v, list):
        raise FormatError(f"must be a list of species, got {type(v).__name__}", field)
    return [parse_species(s, f"{field}[{i}]") for i, s in enumerate(v)]


def parse_player(v: object, field: str = "player") -> tuple[int, Player[Card]]:
    d = _pairs(v, ("id", "species", "bag"), ("cards",), field)
    pid = _nat(d["id"], f"{field}.id")
    pl: Player[Card] = Player(
        _los(d["species"], f"{field}.species"), None, _nat(d["bag"], f"{field}.bag", None)
    )
    pl.hand = _cards(d.get("cards", []), f"{field}.cards")  # ordered (food, trait) cards
    return pid, pl


def _list(v: object, n: int | None, field: str) -> list[object]:
    if not isinstance(v, list) or (n is not None and len(v) != n):
        raise FormatError(f"must be a list{f' of {n} items' if n else ''}, got {excerpt(v)}", field)
    return v


def parse_configuration(v: object, field: str = "configuration") -> CourseTable:
    lop, wh, deck = _list(v, 3, field)
    ps = [parse_player(p, f"{field}[0][{i}]") for i, p in enumerate(_list(lop, None, f"{field}[0]"))]
    return CourseTable(
        [p for _, p in ps], [i for i, _ in ps], _nat(wh, f"{field}[1]", None), _cards(deck, f"{field}[2]")
    )


# ----- model -> JSON


def dump_species(s: Species) -> list[JSON]:
    out: list[JSON] = [["food", s.food], ["body", s.body], ["population", s.pop], ["traits", s.trait_names()]]
    if s.fat:
        out.append(["fat-food", s.fat])
    return out


def dump_player(pid: int, p: Player[Card]) -> list[JSON]:
    out: list[JSON] = [["id", pid], ["species", [dump_species(s) for s in p.species]], ["bag", p.bag]]
    if p.hand:
        out.append(["cards", [[f, t] for f, t in p.hand]])
    return out


def dump_configuration(t: CourseTable) -> list[JSON]:
    return [
        [dump_player(i, p) for i, p in zip(t.ids, t.players)],
        t.watering_hole,
        [[f, tr] for f, tr in t.deck],
    ]


def _feed_choice(t: CourseTable, a: Action | None) -> JSON:
    """FeedChoice (HW7 index format): false, Natural, [Natural, Nat+], [Natural, Natural, Natural]."""
    if a is None:
        return None
    if a[0] == "pass":
        return False
    if a[0] == "eat":
        i: int = a[1]
        return i
    if a[0] == "store":
        return [a[1], a[2]]
    n = len(t.players)
    return [a[1], (a[2] - 1) % n, a[3]]


# ----- the harnesses


def xattack(v: object) -> bool:
    """Situation -> can the attacker attack the defender (course attackable?, board.rkt)."""
    d, a, left, right = _list(v, 4, "situation")
    dfn, att = parse_species(d, "situation[0]"), parse_species(a, "situation[1]")
    nb = [None if x is False else parse_species(x, f"situation[{k}]") for k, x in ((2, left), (3, right))]
    return blocker(att, dfn, nb[0], nb[1], _OPTS) is None


def xfeed(v: object) -> JSON:
    """Feeding -> the fixed strategy's FeedChoice (no output when nothing is hungry)."""
    me, wh, others = _list(v, 3, "feeding")
    pid, pl = parse_player(me, "feeding[0]")
    rest = [parse_player(o, f"feeding[2][{i}]")[1] for i, o in enumerate(_list(others, None, "feeding[2]"))]
    t = CourseTable([pl] + rest, [pid] + [0] * len(rest), _nat(wh, "feeding[1]"))
    return _feed_choice(t, feeding_choice(t, 0))


def feed1(t: CourseTable, p: int = 0) -> Action | None:
    """One dealer feed1 for player ``p``: auto-feed a single option, else ask the fixed strategy."""
    a = decide(t, p, options(t, p))
    if a is not None and a[0] != "pass":
        apply_feeding(t, p, a)
    return a


def xstep(v: object) -> JSON:
    """Configuration -> the configuration after one feed1 step of its first player."""
    t = parse_configuration(v)
    feed1(t, 0)
    return dump_configuration(t)


def _action4(t: CourseTable, p: int, a: object, field: str) -> None:
    """Apply one Action4 (player-internal.rkt apply-card-action: BT, then RT, GP, GB; the used cards leave
    the hand; the food card's value goes to the watering hole, never below 0)."""
    fc, gp, gb, bt, rt = _list(a, 5, field)
    pl = t.players[p]
    hand = list(pl.hand)

    def card(j: object, f: str) -> Card:
        return hand[_idx(j, len(hand), f)]

    used: list[object] = [_idx(fc, len(hand), f"{field}[0]")]
    food = card(fc, f"{field}[0]")[0]
    for i, b in enumerate(_list(bt, None, f"{field}[3]")):
        b = _list(b, None, f"{field}[3][{i}]")
        if not 1 <= len(b) <= 4:
            raise FormatError("a BT is [card, up to 3 trait cards]", f"{field}[3][{i}]")
        card(b[0], f"{field}[3][{i}][0]")
        s = new_species(t, p, "R", -1)
        for k, j in enumerate(b[1:]):
            s.add_trait(card(j, f"{field}[3][{i}][{k + 1}]")[1], -1)
        used += b
    for i, r in enumerate(_list(rt, None, f"{field}[4]")):
        b, slot, j = _list(r, 3, f"{field}[4][{i}]")
        b = _idx(b, len(pl.species), f"{field}[4][{i}][0]")
        slot = _idx(slot, len(pl.species[b].traits), f"{field}[4][{i}][1]")
        replace_trait(t, p, b, slot, -1, card(j, f"{field}[4][{i}][2]")[1], False)
        used.append(j)
    for what, lst, k in (("pop", gp, 1), ("body", gb, 2)):
        for i, g in enumerate(_list(lst, None, f"{field}[{k}]")):
            g = [x for x in _list(g, None, f"{field}[{k}][{i}]") if not isinstance(x, str)]  # tagged or not
            if len(g) != 2:
                raise FormatError("a GP/GB is [board, card]", f"{field}[{k}][{i}]")
            b, j = g
            card(j, f"{field}[{k}][{i}]")
            s = pl.species[_idx(b, len(pl.species), f"{field}[{k}][{i}][0]")]
            if what == "body" or s.pop < _OPTS.max_track:
                grow(t, p, pl.species.index(s), what, -1)
            used.append(j)
    pl.hand = [c for j, c in enumerate(hand) if j not in set(used)]
    t.watering_hole = max(0, t.watering_hole + food)


def apply_action4(t: CourseTable, p: int, a: object, field: str = "action4") -> None:
    """Apply player ``p``'s Action4 (JSON, GP/GB tagged or not) to the table as xstep4 does: BT, RT, GP, GB,
    the used cards leave the hand, the food card's value goes to the watering hole (never below 0)."""
    _action4(t, p, a, field)


def course_feeding(t: CourseTable) -> None:
    """The whole feeding (dealer.rkt feeding): fertile -> long-neck -> fat-tissue, then feed1 in turn until the
    watering hole is empty or no one in the queue can eat."""
    start_effects(t, "course")
    out = 0
    p, out = next_feeder(t, -1, out)
    while p >= 0:
        a = feed1(t, p)
        if a is None or a[0] == "pass":
            out |= 1 << p
        p, out = next_feeder(t, p, out)


def xstep4(v: object) -> JSON:
    """[Configuration, Step4] -> every player's Action4 applied in order, then the whole feeding."""
    conf, step4 = _list(v, 2, "step4-input")
    t = parse_configuration(conf, "step4-input[0]")
    acts = _list(step4, len(t.players), "step4-input[1]")
    for p, a in enumerate(acts):
        _action4(t, p, a, f"step4-input[1][{p}]")
    course_feeding(t)
    return dump_configuration(t)


def silly_action4(v: object) -> Action4:
    """Choice -> the silly player's Action4 (:func:`.strategy.silly_choice`)."""
    me, before, after = _list(v, 3, "choice")
    _, pl = parse_player(me, "choice[0]")
    for k, part in ((1, before), (2, after)):
        for i, los in enumerate(_list(part, None, f"choice[{k}]")):
            _los(los, f"choice[{k}][{i}]")
    if len(pl.hand) < 3:
        raise FormatError("the silly player needs at least 3 cards", "choice[0].cards")
    return silly_choice(pl.hand, len(pl.species))


def xsilly(v: object) -> JSON:
    """Choice -> the silly player's Action4 (GP/GB tagged as in HW12: ["population", b, c])."""
    fc, gp, gb, bt, rt = silly_action4(v)
    return [
        fc,
        [["population", b, c] for b, c in gp],
        [["body", b, c] for b, c in gb],
        [list(x) for x in bt],
        [list(x) for x in rt],
    ]


HARNESSES: dict[str, Callable[[object], JSON]] = {
    "xattack": xattack,
    "xfeed": xfeed,
    "xstep": xstep,
    "xstep4": xstep4,
    "xsilly": xsilly,
}


def run(name: str, value: object) -> JSON:
    """Run harness ``name`` on one parsed JSON value; ``None`` means "print nothing"."""
    return HARNESSES[name](value)


def read_input(text: str | bytes, source: str = "<stdin>") -> JSON:
    """Exactly one JSON value (what a harness reads on stdin), size and nesting checked before parsing;
    anything else is a :class:`FormatError` naming ``source``."""
    from ....core.jsonio import loads

    try:
        value: JSON = loads(text, source)
        return value
    except FormatError as e:
        if "Extra data" in e.message:
            raise FormatError("more than one JSON value", "<root>", source) from None
        raise


def card_kind(food: int, trait: str) -> int:
    """The course deck's kind id of a card (for moving harness positions into a game)."""
    return load_pack().deck("course2016").kind_of(trait, food)


_ = (TRAIT_BIT, TRAIT_IDS)
