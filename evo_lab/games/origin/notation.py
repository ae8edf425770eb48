"""Action notation: every action is a small tuple whose first item is its kind (a typed ``NamedTuple`` of
:mod:`.actions`, equal to the plain tuple); its text form round-trips.

Animals are written ``A<id>`` (ids are given in order of play and never reused), players ``P1``..``P8``, cards by
their id (``pois/carn``) and traits by their abbreviation (``carn``, ``fat``, ``coop``, ...; see ``traits.json``).

=======================================  ===============================================  ======================
text                                     tuple                                            node
=======================================  ===============================================  ======================
``animal pois/carn``                     ``("animal", card)``                             develop
``trait carn from pois/carn on A3``      ``("trait", card, trait, 3)``                    develop
``trait symb from symb on A3+A5``        ``("trait", card, trait, 3, 5)`` (A3 protects)   develop
``pass`` / ``end``                       ``("pass",)`` / ``("end",)``                     develop, feed
``eat A3``                               ``("eat", 3)``                                   feed
``attack A3 A5``                         ``("attack", 3, 5)``                             feed
``fat A3 2``                             ``("fat", 3, 2)``                                feed
``pirate A3 A5``, ``graze A3``,          ``("pirate", 3, 5)``, ``("graze", 3)``,          feed
``hibernate A3``                         ``("hibernate", 3)``
``run A5``, ``accept A5``                ``("run", 5)``, ``("accept", 5)``                defend
``tail A5 carn``, ``tail A5 coop+A7``    ``("tail", 5, trait)``, ``("tail", 5, trait, 7)`` defend
``mimic A5 A6``                          ``("mimic", 5, 6)``                              defend
``share coop A3 A5``                     ``("share", trait, 3, 5)``                       share
``first P2``, ``deal P1 swim``,          ``("first", 1)``, ``("deal", 0, card)``,         chance
``food 7``, ``roll 4``, ``rolloff P2``   ``("food", 7)``, ``("roll", 4)``, ``("rolloff", 1)``
=======================================  ===============================================  ======================

>>> import evo_lab
>>> g = evo_lab.make_game("origin", players=2)
>>> a = parse(g, "trait carn from pois/carn on A3")
>>> a, to_string(g, a)
(PlayTrait(kind='trait', card=1, trait=0, animal=3), 'trait carn from pois/carn on A3')
>>> a == ("trait", 1, 0, 3)
True
>>> parse(g, "attack A3")
Traceback (most recent call last):
...
evo_lab.core.errors.FormatError: action: 'attack A3': attack needs 2 animals (A<id>)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.errors import FormatError, excerpt
from .actions import (
    ACTION_TYPES,
    END,
    PASS,
    BurnFat,
    Deal,
    DropPairedTrait,
    DropTrait,
    FirstPlayer,
    FoodRoll,
    NewAnimal,
    PlayPairedTrait,
    PlayTrait,
    Roll,
    Rolloff,
    Share,
)

if TYPE_CHECKING:
    from .actions import Action, TypedAction
    from .game import OriginGame
    from .state import OriginState

__all__ = ["CHANCE_KINDS", "DECISION_KINDS", "describe", "parse", "to_string"]

CHANCE_KINDS = ("first", "deal", "food", "roll", "rolloff")
DECISION_KINDS = (
    "animal",
    "trait",
    "pass",
    "end",
    "eat",
    "attack",
    "fat",
    "pirate",
    "graze",
    "hibernate",
    "run",
    "accept",
    "tail",
    "mimic",
    "share",
)
_ANIMALS = {"eat": 1, "attack": 2, "pirate": 2, "graze": 1, "hibernate": 1, "run": 1, "accept": 1, "mimic": 2}


def _A(x: int) -> str:
    return f"A{x}"


def to_string(g: OriginGame, a: Action) -> str:
    """The text of action ``a`` (decision or chance outcome)."""
    k: str = a[0]
    if k in _ANIMALS:
        return k + " " + " ".join(_A(x) for x in a[1:])
    if k in ("pass", "end"):
        return k
    if k == "animal":
        return f"animal {g.card_ids[a[1]]}"
    if k == "trait":
        on = _A(a[3]) + (f"+{_A(a[4])}" if len(a) == 5 else "")
        return f"trait {g.abbr[a[2]]} from {g.card_ids[a[1]]} on {on}"
    if k == "fat":
        return f"fat {_A(a[1])} {a[2]}"
    if k == "tail":
        return f"tail {_A(a[1])} {g.abbr[a[2]]}" + (f"+{_A(a[3])}" if len(a) == 4 else "")
    if k == "share":
        return f"share {g.abbr[a[1]]} {_A(a[2])} {_A(a[3])}"
    if k in ("first", "rolloff"):
        return f"{k} P{a[1] + 1}"
    if k == "deal":
        return f"deal P{a[1] + 1} {g.card_ids[a[2]]}"
    if k in ("food", "roll"):
        return f"{k} {a[1]}"
    raise FormatError(f"not an action of this game: {excerpt(a)}", "action")


def _bad(text: str, why: str) -> FormatError:
    return FormatError(f"{excerpt(text)}: {why}", "action")


def _animal(text: str, tok: str) -> int:
    if len(tok) < 2 or tok[0] not in "Aa" or not tok[1:].isdigit():
        raise _bad(text, f"{excerpt(tok)} is not an animal (A<id>)")
    return int(tok[1:])


def _player(g: OriginGame, text: str, tok: str) -> int:
    if len(tok) < 2 or tok[0] not in "Pp" or not tok[1:].isdigit() or not 1 <= int(tok[1:]) <= g.players:
        raise _bad(text, f"{excerpt(tok)} is not a player (P1..P{g.players})")
    return int(tok[1:]) - 1


def _card(g: OriginGame, text: str, tok: str) -> int:
    c = g.card_index.get(tok.lower())
    if c is None:
        raise _bad(text, f"unknown card {excerpt(tok)} (cards: {', '.join(g.card_ids)})")
    return c


def _trait(g: OriginGame, text: str, tok: str) -> int:
    t = g.abbr_index.get(tok.lower())
    if t is None:
        raise _bad(text, f"unknown trait {excerpt(tok)} (traits: {', '.join(g.abbr)})")
    return t


def _int(text: str, tok: str) -> int:
    if not tok.lstrip("-").isdigit():
        raise _bad(text, f"{excerpt(tok)} is not a number")
    return int(tok)


def parse(g: OriginGame, text: str) -> TypedAction:
    """The typed action (:mod:`.actions`) written ``text`` (the inverse of :func:`to_string`); :class:`FormatError`
    if unreadable."""
    if not isinstance(text, str):
        raise FormatError(f"an action string is needed, got {type(text).__name__}", "action")
    tok = text.split()
    if not tok:
        raise _bad(text, "empty action")
    k = tok[0].lower()
    rest = tok[1:]
    if k in _ANIMALS:
        if len(rest) != _ANIMALS[k]:
            raise _bad(text, f"{k} needs {_ANIMALS[k]} animal{'s' if _ANIMALS[k] > 1 else ''} (A<id>)")
        return ACTION_TYPES[k, 1 + len(rest)]._make((k, *(_animal(text, t) for t in rest)))
    if k in ("pass", "end"):
        if rest:
            raise _bad(text, f"{k} takes nothing after it")
        return PASS if k == "pass" else END
    if k == "animal" and len(rest) == 1:
        return NewAnimal("animal", _card(g, text, rest[0]))
    if k == "trait":
        return _parse_trait(g, text, rest)
    if k == "fat" and len(rest) == 2:
        return BurnFat("fat", _animal(text, rest[0]), _int(text, rest[1]))
    if k == "tail" and len(rest) == 2:
        parts = rest[1].split("+")
        t = _trait(g, text, parts[0])
        if len(parts) == 2:
            return DropPairedTrait("tail", _animal(text, rest[0]), t, _animal(text, parts[1]))
        return DropTrait("tail", _animal(text, rest[0]), t)
    if k == "share" and len(rest) == 3:
        return Share("share", _trait(g, text, rest[0]), _animal(text, rest[1]), _animal(text, rest[2]))
    if k in ("first", "rolloff") and len(rest) == 1:
        p = _player(g, text, rest[0])
        return FirstPlayer("first", p) if k == "first" else Rolloff("rolloff", p)
    if k == "deal" and len(rest) == 2:
        return Deal("deal", _player(g, text, rest[0]), _card(g, text, rest[1]))
    if k in ("food", "roll") and len(rest) == 1:
        n = _int(text, rest[0])
        return FoodRoll("food", n) if k == "food" else Roll("roll", n)
    if k in CHANCE_KINDS or k in DECISION_KINDS:
        raise _bad(text, f"wrong form for {excerpt(k)}")
    raise _bad(text, f"unknown action {excerpt(k)} (actions: {', '.join(DECISION_KINDS + CHANCE_KINDS)})")


def _parse_trait(g: OriginGame, text: str, rest: list[str]) -> PlayTrait | PlayPairedTrait:
    """``trait <trait> from <card> on A<id>`` or ``... on A<id>+A<id>`` (the words after ``trait``)."""
    if len(rest) != 5 or rest[1].lower() != "from" or rest[3].lower() != "on":
        raise _bad(text, "write 'trait <trait> from <card> on A<id>' (or on A<id>+A<id>)")
    t, c = _trait(g, text, rest[0]), _card(g, text, rest[2])
    on = rest[4].split("+")
    if len(on) > 2:
        raise _bad(text, "a trait goes on one animal or on a pair")
    if len(on) == 2:
        return PlayPairedTrait("trait", c, t, _animal(text, on[0]), _animal(text, on[1]))
    return PlayTrait("trait", c, t, _animal(text, on[0]))


def describe(s: OriginState, a: Action) -> str:
    """The action in words, at state ``s`` (for action pickers and stories): :func:`.words.describe_action`, with
    the printed names of cards and traits and animals said as "P2's animal 1 (Running)"."""
    from .words import describe_action

    return describe_action(s, a)
