"""Action notation: every action (and chance outcome) as a short string that :func:`parse` reads back, and a
sentence in words (:func:`describe`). Species and players are numbered from 1; a card is ``trait+food`` (plus
``~sun`` / ``~snow`` for Climate icons).

==============================  ===================================================================
string                          action
==============================  ===================================================================
``food horns+2``                put a food card face down (phase 2)
``trait 1 horns+2``             trait card face down on species 1
``replace 2.1 horns+2``         replace species 2's first trait
``drop 2.1``                    discard species 2's first trait (Climate)
``new L horns+2``               a new species at the left (``R``: right) end
``body 1 horns+2``, ``pop 1 horns+2``   +1 body size / population of species 1
``pass``                        end the turn (play) / forgo feeding (course) / decline Intelligence
``eat 1`` / ``eat 1 intelligence``      feed species 1 / use its Intelligence
``store 1 2``                   course: store 2 fat on species 1
``attack 1 P2.3``               species 1 attacks player 2's species 3 (``negate climbing``: Intelligence)
``discard horns+2``             the card Intelligence discards
``draw horns+2``                chance: the next card dealt
``event cold Blizzard``         chance: the next climate event card
==============================  ===================================================================

>>> import evo_lab
>>> g = evo_lab.make_game("evolution", players=2, seed=0)
>>> a = parse(g, "attack 1 P2.3 negate climbing")
>>> a, a == ("attack", 0, 1, 2, 3), to_string(g, a)
(IntelligentAttack(kind='attack', species=0, target_player=1, target=2, negated=3), True, 'attack 1 P2.3 negate climbing')
>>> to_string(g, parse(g, "new L carnivore+3"))
'new L carnivore+3'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...core.errors import FormatError, excerpt
from . import actions as act
from .traits import TRAIT_BIT, TRAIT_IDS

if TYPE_CHECKING:
    from .data import Card
    from .game import Game
    from .state import State
    from .table import Action

__all__ = ["to_string", "parse", "describe", "card_label"]


def card_label(c: Card) -> str:
    icons = ("~sun" * c.sun) + ("~snow" * c.snow)
    return f"{c.trait}{c.food:+d}{icons}"


def _sp(i: int) -> str:
    return str(i + 1)


def to_string(g: Game, a: Action) -> str:
    """The action string of ``a`` (a tuple of the game)."""
    L = g.labels
    k = a[0]
    if k in ("food", "discard"):
        return f"{k} {L[a[1]]}"
    if k == "card":
        return f"draw {L[a[1]]}"
    if k == "event":
        return f"event {a[1]} {g.pack.events[a[2]].name.replace(' ', '-')}"
    if k in ("trait", "body", "pop"):
        return f"{k} {_sp(a[1])} {L[a[2]]}"
    if k == "replace":
        return f"replace {_sp(a[1])}.{a[2] + 1} {L[a[3]]}"
    if k == "drop":
        return f"drop {_sp(a[1])}.{a[2] + 1}"
    if k == "new":
        return f"new {a[1]} {L[a[2]]}"
    if k == "pass":
        return "pass"
    if k == "eat":
        return f"eat {_sp(a[1])}" + (" intelligence" if len(a) == 3 else "")
    if k == "store":
        return f"store {_sp(a[1])} {a[2]}"
    if k == "attack":
        s = f"attack {_sp(a[1])} P{a[2] + 1}.{a[3] + 1}"
        return s + (f" negate {TRAIT_IDS[a[4]]}" if len(a) == 5 else "")
    raise FormatError(f"not an action of this game: {excerpt(a)}", "action")


_NUM = r"([1-9][0-9]*)"
_PATTERNS = [
    (re.compile(r"^(food|discard|draw) (\S+)$"), "card"),
    (re.compile(rf"^(trait|body|pop) {_NUM} (\S+)$"), "on"),
    (re.compile(rf"^replace {_NUM}\.{_NUM} (\S+)$"), "replace"),
    (re.compile(rf"^drop {_NUM}\.{_NUM}$"), "drop"),
    (re.compile(r"^new ([LR]) (\S+)$"), "new"),
    (re.compile(r"^pass$"), "pass"),
    (re.compile(rf"^eat {_NUM}( intelligence)?$"), "eat"),
    (re.compile(rf"^store {_NUM} {_NUM}$"), "store"),
    (re.compile(rf"^attack {_NUM} P{_NUM}\.{_NUM}( negate (\S+))?$"), "attack"),
    (re.compile(r"^event (cold|hot) (\S+)$"), "event"),
]


def _kind(g: Game, label: str) -> int:
    k = g.label_kind.get(label)
    if k is None:
        raise FormatError(f"unknown card {excerpt(label)} (cards read like 'horns+2')", "action")
    return k


def parse(g: Game, text: str) -> act.Action:
    """The typed action (:mod:`.actions`) of an action string; unreadable text raises :class:`FormatError` (field ``action``)."""
    if not isinstance(text, str):
        raise FormatError(f"an action string is expected, got {type(text).__name__}", "action")
    t = " ".join(text.split())
    for rx, kind in _PATTERNS:
        m = rx.match(t)
        if not m:
            continue
        v = m.groups()
        if kind == "card":
            k = _kind(g, v[1])
            if v[0] == "draw":
                return act.Card("card", k)
            return act.Food("food", k) if v[0] == "food" else act.Discard("discard", k)
        if kind == "on":
            i, k = int(v[1]) - 1, _kind(g, v[2])
            if v[0] == "trait":
                return act.PlayTrait("trait", i, k)
            return act.Body("body", i, k) if v[0] == "body" else act.Population("pop", i, k)
        if kind == "replace":
            return act.Replace("replace", int(v[0]) - 1, int(v[1]) - 1, _kind(g, v[2]))
        if kind == "drop":
            return act.Drop("drop", int(v[0]) - 1, int(v[1]) - 1)
        if kind == "new":
            return act.NewSpecies("new", v[0], _kind(g, v[1]))
        if kind == "pass":
            return act.Pass("pass")
        if kind == "eat":
            i = int(v[0]) - 1
            return act.EatFromBank("eat", i, "intel") if v[1] else act.Eat("eat", i)
        if kind == "store":
            return act.Store("store", int(v[0]) - 1, int(v[1]))
        if kind == "attack":
            i, q, j = int(v[0]) - 1, int(v[1]) - 1, int(v[2]) - 1
            if not v[3]:
                return act.Attack("attack", i, q, j)
            if v[4] not in TRAIT_BIT:
                raise FormatError(f"unknown trait {excerpt(v[4])}", "action")
            return act.IntelligentAttack("attack", i, q, j, TRAIT_BIT[v[4]])
        if kind == "event":
            for i, e in enumerate(g.pack.events):
                if e.deck == v[0] and e.name.replace(" ", "-") == v[1]:
                    return g.event_outcomes[i]
            raise FormatError(f"unknown {v[0]} event {excerpt(v[1])}", "action")
    raise FormatError(
        f"cannot read the action {excerpt(text)} (e.g. 'eat 1', 'attack 1 P2.1', 'trait 1 horns+2')", "action"
    )


def describe(g: Game, s: State, a: Action) -> str:
    """``a`` (at state ``s``) in words (:func:`evo_lab.games.evolution.words.action_words`: cards and traits by
    their printed names, species with their body and population)."""
    from .words import action_words

    return action_words(s, a)
