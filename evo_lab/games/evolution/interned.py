"""The typed actions of the hot decision lists, each built once: tables indexed by card kind, species, slot and
player, shared by every game (an action is an immutable value), grown when a game needs more.

Building a ``NamedTuple`` through its class costs about ten times a tuple literal (about 250 ns against 25 ns;
``tuple.__new__(Cls, (...))`` about 200 ns), and a play-cards node lists dozens of actions, so the decision lists
(:func:`~.phases.play_cards.plays`, :func:`~.phases.feeding.options`, the food cards, the discards) read their
actions from these tables instead: a list index costs less than the literal it replaces (docs/benchmarks.md).

A table is a list indexed by an int (a card kind, a species, a player), its rows lists again; :func:`fit_cards`,
:func:`fit_species` and the ``*_row`` functions grow them, and the hot paths call those only when an index is past
the end (one length test per list they read). Growing holds a lock, and a list that the hot paths test for length
grows last, so a thread that reads the tables while another grows them sees whole entries.

>>> fit_cards(4); FOOD[3], NEW_RIGHT[3]
(Food(kind='food', card=3), NewSpecies(kind='new', side='R', card=3))
>>> body, pop, trait, replaces = species_plays_row(3, 2)[1]
>>> body, body == ("body", 1, 3), [r.slot for r in replace_prefix(replaces, 1, 3, 2)]
(Body(kind='body', species=1, card=3), True, [0, 1])
>>> fit_species(1); attack_row(0, 1, 3)[2] is attack_row(0, 1, 3)[2]
True
"""

from __future__ import annotations

from threading import Lock

from .actions import (
    Attack,
    Body,
    Discard,
    Drop,
    Eat,
    EatFromBank,
    Food,
    IntelligentAttack,
    NewSpecies,
    Pass,
    PlayTrait,
    Population,
    Replace,
    Store,
)

__all__ = [
    "ATTACKS",
    "DISCARD",
    "DROPS",
    "EAT",
    "EAT_INTEL",
    "FOOD",
    "NEW_LEFT",
    "NEW_RIGHT",
    "PASS",
    "SPECIES_PLAYS",
    "STORES",
    "SpeciesPlays",
    "attack_row",
    "drop_prefix",
    "fit_cards",
    "fit_species",
    "intelligent_attack",
    "replace_prefix",
    "species_plays_row",
    "store_row",
]

#: ``("pass",)``.
PASS = Pass("pass")

#: ``FOOD[k]``, ``DISCARD[k]``, ``NEW_LEFT[k]``, ``NEW_RIGHT[k]``: the actions of card kind ``k``
#: (:func:`fit_cards`).
FOOD: list[Food] = []
DISCARD: list[Discard] = []
NEW_LEFT: list[NewSpecies] = []
NEW_RIGHT: list[NewSpecies] = []

#: The plays of one card on one species: ``(body, pop, trait, replaces)``, where ``replaces[m]`` lists the
#: replacements of slots ``0 .. m-1`` (:func:`replace_prefix` grows it).
SpeciesPlays = tuple[Body, Population, PlayTrait, list[tuple[Replace, ...]]]

#: ``SPECIES_PLAYS[k][i]``: the plays of card kind ``k`` on species ``i`` (:func:`species_plays_row`).
SPECIES_PLAYS: list[list[SpeciesPlays]] = []

#: ``EAT[i]``, ``EAT_INTEL[i]`` (Intelligence: plant food from the bank), by species (:func:`fit_species`).
EAT: list[Eat] = []
EAT_INTEL: list[EatFromBank] = []
#: ``DROPS[i][m]``: Climate's drops of slots ``0 .. m-1`` of species ``i`` (:func:`drop_prefix`).
DROPS: list[list[tuple[Drop, ...]]] = []
#: ``STORES[i][n - 1]``: store ``n`` food on species ``i`` (:func:`store_row`).
STORES: list[list[Store]] = []
#: ``ATTACKS[i][q][j]``: species ``i`` attacks species ``j`` of player ``q`` (:func:`attack_row`).
ATTACKS: list[list[list[Attack]]] = []
_INTELLIGENT: dict[tuple[int, int, int, int], IntelligentAttack] = {}
_GROWING = Lock()


def fit_cards(kinds: int) -> None:
    """Make the tables by card kind cover kinds ``0 .. kinds-1`` (:data:`FOOD`, the one tested, last)."""
    with _GROWING:
        for k in range(len(FOOD), kinds):
            DISCARD.append(Discard("discard", k))
            NEW_LEFT.append(NewSpecies("new", "L", k))
            NEW_RIGHT.append(NewSpecies("new", "R", k))
            SPECIES_PLAYS.append([])
            FOOD.append(Food("food", k))


def fit_species(n: int) -> None:
    """Make the tables by species cover species ``0 .. n-1`` (:data:`EAT`, the one tested, last)."""
    with _GROWING:
        for i in range(len(EAT), n):
            EAT_INTEL.append(EatFromBank("eat", i, "intel"))
            DROPS.append([()])
            STORES.append([])
            ATTACKS.append([])
            EAT.append(Eat("eat", i))


def species_plays_row(k: int, n: int) -> list[SpeciesPlays]:
    """``SPECIES_PLAYS[k]``, grown to cover species ``0 .. n-1`` (card kind ``k`` must be fitted)."""
    row = SPECIES_PLAYS[k]
    with _GROWING:
        for i in range(len(row), n):
            row.append((Body("body", i, k), Population("pop", i, k), PlayTrait("trait", i, k), [()]))
    return row


def replace_prefix(replaces: list[tuple[Replace, ...]], i: int, k: int, m: int) -> tuple[Replace, ...]:
    """``replaces[m]`` of :data:`SpeciesPlays` (card ``k`` on species ``i``), built up to ``m`` first."""
    with _GROWING:
        for n in range(len(replaces), m + 1):
            replaces.append(replaces[n - 1] + (Replace("replace", i, n - 1, k),))
    return replaces[m]


def drop_prefix(i: int, m: int) -> tuple[Drop, ...]:
    """``DROPS[i][m]`` (species ``i`` must be fitted), built up to ``m`` first."""
    drops = DROPS[i]
    with _GROWING:
        for n in range(len(drops), m + 1):
            drops.append(drops[n - 1] + (Drop("drop", i, n - 1),))
    return drops[m]


def store_row(i: int, n: int) -> list[Store]:
    """``STORES[i]`` grown to cover the amounts ``1 .. n`` (species ``i`` must be fitted)."""
    row = STORES[i]
    if len(row) < n:
        with _GROWING:
            for amount in range(len(row) + 1, n + 1):
                row.append(Store("store", i, amount))
    return row


def attack_row(i: int, q: int, n: int) -> list[Attack]:
    """``ATTACKS[i][q]`` grown to cover the targets ``0 .. n-1`` of player ``q`` (species ``i`` must be fitted)."""
    by_player = ATTACKS[i]
    with _GROWING:
        while len(by_player) <= q:
            by_player.append([])
        row = by_player[q]
        for j in range(len(row), n):
            row.append(Attack("attack", i, q, j))
    return row


def intelligent_attack(i: int, q: int, j: int, negated: int) -> IntelligentAttack:
    """The one ``IntelligentAttack("attack", i, q, j, negated)`` (rare: a dict, built on first use)."""
    key = (i, q, j, negated)
    a = _INTELLIGENT.get(key)
    if a is None:
        a = _INTELLIGENT[key] = IntelligentAttack("attack", i, q, j, negated)
    return a
