"""The course's remote protocol on the wire (NEU CS 4500 Spring 2016, homeworks 13/14, ``r_remote.html``;
reference §2-§3): the messages a dealer sends, the answers a player gives, as JSON values, with the species and
card codec of :mod:`.harness`.

============  ===================================================  ===========================================
message       dealer -> player                                     player -> dealer
============  ===================================================  ===========================================
sign-up       (the player speaks first)                            any JSON string; the dealer answers ``"ok"``
start         ``[wh, bag, [Species+, ...], [Card, ...]]``           nothing
choose        ``[[LOS, ...] before, [LOS, ...] after]``             an Action4 (GP and GB untagged: ``[i, j]``)
feedNext      ``[bag, [Species+, ...], [Card, ...], wh, [LOS, ...]]``  a FeedChoice
============  ===================================================  ===========================================

``wh`` is the watering hole, ``bag`` the player's food bag, ``LOS`` one player's species boards. ``start``
opens a turn (the player's own boards and cards after the deal); ``choose`` shows the boards of the players
before and after this one in the turn order; ``feedNext`` carries the player's state and the boards of the
other players in the order that the FeedChoice's player index counts (the players after this one, then those
before it). The reference implementation (``mfelleisen/Evolution`` ``Xternal/proxy-player.rkt``,
``proxy-dealer.rkt``) writes each value followed by a space; any whitespace separates values.

>>> sp = [["food", 0], ["body", 0], ["population", 1], ["traits", []]]
>>> kind([3, 0, [sp], [[2, "horns"]]]), kind([[], [[sp]]]), kind([0, [sp], [], 2, [[sp], [sp]]])
('start', 'choose', 'feedNext')
>>> parse_action4([0, [[1, 2]], [], [[3, 4]], []])
(0, [(1, 2)], [], [(3, 4)], [])
>>> parse_feed_choice([0, 1, 2]), parse_feed_choice(False)
(('attack', 0, 1, 2), ('pass',))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.errors import FormatError
from ..model import Species
from .harness import Card, _cards, _los, _nat, dump_species

if TYPE_CHECKING:
    from ..table import JSON, Action

__all__ = [
    "OK",
    "Action4",
    "Card",
    "choose_message",
    "dump_action4",
    "dump_boards",
    "dump_cards",
    "dump_feed_choice",
    "feed_message",
    "kind",
    "parse_action4",
    "parse_choose",
    "parse_feed",
    "parse_feed_choice",
    "parse_start",
    "start_message",
]

#: The dealer's answer to a sign-up (Xternal/xserver add-player).
OK = "ok"

#: ``(food card, [(board, card)] GP, [(board, card)] GB, [(pay, trait cards...)] BT, [(board, slot, card)] RT)``
Action4 = tuple[
    int, list[tuple[int, int]], list[tuple[int, int]], list[tuple[int, ...]], list[tuple[int, int, int]]
]


def _is_nat(v: object) -> bool:
    """Racket's ``natural?``: an exact integer >= 0 (JSON ``1.0`` and ``true`` are not)."""
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def dump_boards(row: list[Species]) -> list[JSON]:
    return [dump_species(s) for s in row]


def dump_cards(cards: list[Card]) -> list[JSON]:
    return [[f, t] for f, t in cards]


# ----- dealer -> player


def start_message(wh: int, bag: int, boards: list[Species], cards: list[Card]) -> list[JSON]:
    """``start``: a new turn (proxy-player.rkt start->json: the watering hole first)."""
    return [wh, bag, dump_boards(boards), dump_cards(cards)]


def choose_message(before: list[list[Species]], after: list[list[Species]]) -> list[JSON]:
    """``choose``: the boards of the players before and after this one in the turn order."""
    return [[dump_boards(r) for r in before], [dump_boards(r) for r in after]]


def feed_message(
    bag: int, boards: list[Species], cards: list[Card], wh: int, others: list[list[Species]]
) -> list[JSON]:
    """``feedNext`` (the spec's State): this player's bag, boards and cards, the watering hole and the other
    players' boards."""
    return [bag, dump_boards(boards), dump_cards(cards), wh, [dump_boards(r) for r in others]]


def kind(msg: object) -> str:
    """Which dealer message ``msg`` is, by its shape (the player's proxy dealer tells them apart the same way:
    proxy-dealer.rkt json->start, json->choose, json->state); :class:`FormatError` if none."""
    if isinstance(msg, list):
        if (
            len(msg) == 4
            and _is_nat(msg[0])
            and _is_nat(msg[1])
            and isinstance(msg[2], list)
            and isinstance(msg[3], list)
        ):
            return "start"
        if len(msg) == 2 and isinstance(msg[0], list) and isinstance(msg[1], list):
            return "choose"
        if (
            len(msg) == 5
            and _is_nat(msg[0])
            and isinstance(msg[1], list)
            and isinstance(msg[2], list)
            and _is_nat(msg[3])
            and isinstance(msg[4], list)
        ):
            return "feedNext"
    text = repr(msg)
    raise FormatError(f"not a start, choose or feedNext message: {text[:120]}", "message")


def _boards_list(v: object, field: str) -> list[list[Species]]:
    if not isinstance(v, list):
        raise FormatError(f"must be a list of players' boards, got {type(v).__name__}", field)
    return [_los(r, f"{field}[{i}]") for i, r in enumerate(v)]


def parse_start(msg: object) -> tuple[int, int, list[Species], list[Card]]:
    """``start`` -> ``(wh, bag, boards, cards)``."""
    if kind(msg) != "start" or not isinstance(msg, list):
        raise FormatError("expected a start message [wh, bag, boards, cards]", "start")
    return (
        _nat(msg[0], "start[0]"),
        _nat(msg[1], "start[1]"),
        _los(msg[2], "start[2]"),
        _cards(msg[3], "start[3]"),
    )


def parse_choose(msg: object) -> tuple[list[list[Species]], list[list[Species]]]:
    """``choose`` -> ``(before, after)``."""
    if kind(msg) != "choose" or not isinstance(msg, list):
        raise FormatError("expected a choose message [before, after]", "choose")
    return _boards_list(msg[0], "choose[0]"), _boards_list(msg[1], "choose[1]")


def parse_feed(msg: object) -> tuple[int, list[Species], list[Card], int, list[list[Species]]]:
    """``feedNext`` -> ``(bag, boards, cards, wh, others)``."""
    if kind(msg) != "feedNext" or not isinstance(msg, list):
        raise FormatError("expected a feedNext message [bag, boards, cards, wh, others]", "feedNext")
    return (
        _nat(msg[0], "feedNext[0]"),
        _los(msg[1], "feedNext[1]"),
        _cards(msg[2], "feedNext[2]"),
        _nat(msg[3], "feedNext[3]"),
        _boards_list(msg[4], "feedNext[4]"),
    )


# ----- player -> dealer


def _tuple_of_nats(v: object, lo: int, hi: int, what: str, field: str) -> tuple[int, ...]:
    if not (isinstance(v, list) and lo <= len(v) <= hi and all(_is_nat(x) for x in v)):
        raise FormatError(f"must be {what}, got {v!r}", field)
    return tuple(v)


def _list_of(v: object, lo: int, hi: int, what: str, field: str) -> list[tuple[int, ...]]:
    if not isinstance(v, list):
        raise FormatError(f"must be a list of {what}, got {v!r}", field)
    return [_tuple_of_nats(x, lo, hi, what, f"{field}[{i}]") for i, x in enumerate(v)]


def parse_action4(v: object) -> Action4:
    """An Action4 exactly as the reference dealer reads it (proxy-player.rkt json->action4, player-internal.rkt
    confirm-choice): ``[Natural, [GP, ...], [GB, ...], [BT, ...], [RT, ...]]`` with GP and GB two naturals
    ``[board, card]`` (untagged: ``["population", 0, 1]`` is malformed on the wire), a BT one to four naturals
    ``[pay, trait card, ...]`` and an RT three ``[board, slot, card]``. :class:`FormatError` names the part."""
    if not (isinstance(v, list) and len(v) == 5):
        raise FormatError(f"must be [food card, GPs, GBs, BTs, RTs], got {str(v)[:120]}", "action4")
    if not _is_nat(v[0]):
        raise FormatError(f"the food card must be a card index, got {v[0]!r}", "action4[0]")
    gp = _list_of(v[1], 2, 2, "a GP [board, card]", "action4[1]")
    gb = _list_of(v[2], 2, 2, "a GB [board, card]", "action4[2]")
    bt = _list_of(v[3], 1, 4, "a BT [pay card, up to 3 trait cards]", "action4[3]")
    rt = _list_of(v[4], 3, 3, "an RT [board, slot, card]", "action4[4]")
    return (v[0], [(b, c) for b, c in gp], [(b, c) for b, c in gb], bt, [(b, i, c) for b, i, c in rt])


def dump_action4(a: Action4) -> list[JSON]:
    fc, gp, gb, bt, rt = a
    return [fc, [list(x) for x in gp], [list(x) for x in gb], [list(x) for x in bt], [list(x) for x in rt]]


def parse_feed_choice(v: object) -> Action:
    """A FeedChoice (proxy-player.rkt json->next) as an engine-style tuple: ``false`` -> ``("pass",)``,
    ``i`` -> ``("eat", i)``, ``[i, n]`` (n >= 1) -> ``("store", i, n)``, ``[c, p, s]`` -> ``("attack", c, p,
    s)`` where ``p`` indexes the other players of the feedNext message."""
    if v is False:
        return ("pass",)
    if _is_nat(v):
        return ("eat", v)
    if isinstance(v, list) and len(v) == 2 and all(_is_nat(x) for x in v) and v[1] >= 1:
        return ("store", v[0], v[1])
    if isinstance(v, list) and len(v) == 3 and all(_is_nat(x) for x in v):
        return ("attack", v[0], v[1], v[2])
    raise FormatError(f"not a FeedChoice (false, i, [i, n] or [c, p, s]): {str(v)[:120]}", "feed-choice")


def dump_feed_choice(a: Action) -> JSON:
    """The inverse of :func:`parse_feed_choice` (the player index of an attack counts the message's others)."""
    if a[0] == "pass":
        return False
    if a[0] == "eat":
        i: int = a[1]
        return i
    if a[0] == "store":
        return [a[1], a[2]]
    return [a[1], a[2], a[3]]
