"""The course's two fixed player strategies (NEU CS 4500 Spring 2016; reference §4), on the engine's tables.

* :func:`feeding_choice` -- the fixed feeding strategy (``player-external.rkt`` feed-next): store fat for the
  Fat Tissue species with the largest need; else feed the largest hungry vegetarian; else the largest hungry
  carnivore attacks the largest attackable species of *another* player; never its own (answer ``pass``).
  "Largest" is the lexicographic order (population, food, body), ties keep board order.
* :func:`silly_choice` -- the "silly" card choice (``choose``): sort the cards by (trait name, food value); the
  lowest is the food card, the next two buy a new board with one trait, then +1 population, +1 body and a trait
  replacement on that new board, each with the next lowest card.

>>> from ..model import Player, Species
>>> from ..rules import course2016
>>> from types import SimpleNamespace as T
>>> t = T(players=[Player([Species(0, 2), Species(0, 3, food=1)]), Player([Species(0, 1)])], watering_hole=4, options=course2016())
>>> feeding_choice(t, 0)
('eat', 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..attack import blocker
from ..traits import BITS

if TYPE_CHECKING:
    from ..model import Species
    from ..table import Action, Table
    from .wire import Action4

__all__ = ["species_key", "ranked", "feeding_choice", "feedings", "decide", "silly_choice", "card_order"]

_FAT, _CARN = BITS.fat_tissue, BITS.carnivore


def species_key(s: Species) -> tuple[int, int, int]:
    """``>-species`` of player-external.rkt: population, then food, then body."""
    return (s.pop, s.food, s.body)


def ranked(idx: list[int], row: Sequence[Species]) -> list[int]:
    """Species indices, largest first (a stable sort: ties keep board order)."""
    return sorted(idx, key=lambda i: species_key(row[i]), reverse=True)


def _attack_target(t: Table, p: int, c: int) -> tuple[int, int] | None:
    """The largest species of another player that carnivore ``c`` can attack: players after ``p`` in turn
    order, each player's species left to right, the first largest wins (the TestFest pairs settle ties this way,
    e.g. hw6-1073-6112-7)."""
    n = len(t.players)
    att = t.players[p].species[c]
    cands: list[tuple[int, int]] = []
    for k in range(1, n):
        q = (p + k) % n
        row = t.players[q].species
        for j in range(len(row)):
            left = row[j - 1] if j else None
            right = row[j + 1] if j + 1 < len(row) else None
            if blocker(att, row[j], left, right, t.options) is None:
                cands.append((q, j))
    if not cands:
        return None
    best = cands[0]
    for q, j in cands[1:]:
        if species_key(t.players[q].species[j]) > species_key(t.players[best[0]].species[best[1]]):
            best = (q, j)
    return best


def feeding_choice(t: Table, p: int) -> Action | None:
    """The fixed strategy's next feeding for player ``p``: ``("store", i, n)`` (n: the need, at most the
    watering hole), ``("eat", i)``, ``("attack", i, q, j)``, ``("pass",)`` (a hungry carnivore that cannot attack
    another player's species), or ``None`` (nothing hungry: no output)."""
    row = t.players[p].species
    fat = [i for i, s in enumerate(row) if s.mask & _FAT and s.body - s.fat > 0]
    if fat:
        order = ranked(fat, row)
        best = order[0]
        for i in order[1:]:
            if row[i].body - row[i].fat > row[best].body - row[best].fat:
                best = i
        return ("store", best, min(row[best].body - row[best].fat, t.watering_hole))
    hungry = [i for i, s in enumerate(row) if s.food < s.pop]
    veg = [i for i in hungry if not row[i].mask & _CARN]
    if veg:
        return ("eat", ranked(veg, row)[0])
    carn = ranked([i for i in hungry if row[i].mask & _CARN], row)
    for c in carn:
        tgt = _attack_target(t, p, c)
        if tgt is not None:
            return ("attack", c, tgt[0], tgt[1])
    if carn:
        return ("pass",)
    return None


def feedings(opts: list[Action]) -> list[Action]:
    """The distinct feedings among engine options (dealer.rkt feedable: one store per Fat Tissue species, no
    ``pass``)."""
    out: list[Action] = []
    seen: set[Action] = set()
    for a in opts:
        if a[0] == "pass":
            continue
        key = a[:2] if a[0] == "store" else a
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out


def decide(t: Table, p: int, opts: list[Action]) -> Action | None:
    """The dealer's feed1 decision (dealer.rkt / player-internal.rkt next): with exactly one feeding the player
    is not asked (auto-feeding, storing as much fat as fits); otherwise the fixed strategy answers."""
    f = feedings(opts)
    if not f:
        return None
    if len(f) == 1:
        a = f[0]
        if a[0] == "store":
            s = t.players[p].species[a[1]]
            return ("store", a[1], s.body - s.fat)
        return a
    return feeding_choice(t, p)


def card_order(cards: list[tuple[int, str]]) -> list[int]:
    """Indices of ``(food, trait)`` cards sorted as cards.rkt ``<-card``: trait name, then food value."""
    return sorted(range(len(cards)), key=lambda i: (cards[i][1], cards[i][0]))


def silly_choice(cards: list[tuple[int, str]], boards: int) -> Action4:
    """The silly player's Action4 ``(fc, gp, gb, bt, rt)`` for a hand of ``(food, trait)`` cards and
    ``boards`` existing boards (player-external.rkt choose). GP/GB are ``(board, card)``, BT ``(pay, trait)``,
    RT ``(board, 0, card)``."""
    order = card_order(cards)
    fc, rest = order[0], order[1:]
    bt: list[tuple[int, ...]] = [(rest[0], rest[1])]
    rest = rest[2:]
    gp: list[tuple[int, int]] = []
    gb: list[tuple[int, int]] = []
    rt: list[tuple[int, int, int]] = []
    if rest:
        gp, rest = [(boards, rest[0])], rest[1:]
    if rest:
        gb, rest = [(boards, rest[0])], rest[1:]
    if rest:
        rt, rest = [(boards, 0, rest[0])], rest[1:]
    return fc, gp, gb, bt, rt
