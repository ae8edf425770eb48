"""Phase: play cards. Each card in hand can become a trait (face down), a new species, +1 body size or +1
population (seed 003 lines 100-112; seed 004 lines 30-44; seed 002 lines 26-33).

The primitives change the table and discard the spent card; the caller takes the card out of the hand (the
game's hand is a sorted multiset, the course harness's an ordered list addressed by index).

>>> from ..model import Player, Species
>>> from ..rules import official
>>> from types import SimpleNamespace as T
>>> t = T(players=[Player([Species()], hand=[3, 7])], options=official(), discard=lambda k: None, new_events=None)
>>> _ = new_species(t, 0, "L", 3); len(t.players[0].species), t.players[0].species[0].fresh
(2, True)
>>> grow(t, 0, 1, "body", 7); t.players[0].species[1].body
2
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..flow import FLOW, PHASE_INDEX, Node, Step
from ..interned import (
    DROPS,
    FOOD,
    NEW_LEFT,
    NEW_RIGHT,
    PASS,
    SPECIES_PLAYS,
    drop_prefix,
    fit_cards,
    fit_species,
    replace_prefix,
    species_plays_row,
)
from ..model import Species
from ..traits import TRAIT_BIT, TRAIT_IDS

if TYPE_CHECKING:
    from ..actions import NewSpecies
    from ..model import Species
    from ..rules import RuleOptions
    from ..state import State
    from ..table import Action, Table

__all__ = [
    "add_trait",
    "apply_play",
    "drop_trait",
    "grow",
    "lose_fat",
    "max_traits",
    "new_species",
    "next_play",
    "play_choices",
    "play_or_pass",
    "plays",
    "replace_trait",
]

_FAT = TRAIT_BIT["fat-tissue"]


def max_traits(o: RuleOptions, players: int) -> int:
    """3 traits (2 in a 2-player game), seed 003 lines 106 and 187; Climate 4 (3 with 2 players), seed 002
    line 27."""
    return o.max_traits - 1 if players == 2 and o.variant != "course2016" else o.max_traits


def new_species(t: Table, p: int, side: str, kind: int) -> Species:
    """Discard a card for a new species with body 1 and population 1 (seed 003 line 65-66; course: body 0,
    board.rkt), at the left or right end of the row, never between (seed 004 line 38)."""
    o = t.options
    s = Species(o.new_body, o.new_pop, fresh=True)
    row = t.players[p].species
    if side == "L":
        row.insert(0, s)
    else:
        row.append(s)
    t.discard(kind)
    return s


def add_trait(t: Table, p: int, i: int, kind: int, trait: str, face_down: bool = True) -> None:
    """Put a trait card face down on species ``i`` (seed 003 line 104: it stays face down until revealed)."""
    t.players[p].species[i].add_trait(trait, kind, face_down)


def replace_trait(t: Table, p: int, i: int, slot: int, kind: int, trait: str, face_down: bool = True) -> None:
    """Replace the trait in ``slot`` (seed 003 line 106: "you can still play another one by discarding one
    that's already on that species"); the old card goes to the discard pile, and the food stored on it with it
    if it was Fat Tissue (:func:`lose_fat`)."""
    s = t.players[p].species[i]
    old = s.replace_trait(slot, trait, kind, face_down)
    if old >= 0:
        t.discard(old)
    lose_fat(t, s)


def drop_trait(t: Table, p: int, i: int, slot: int) -> None:
    """Climate: discard a trait without replacing it (seed 002 line 30); stored fat as in :func:`lose_fat`."""
    s = t.players[p].species[i]
    old = s.remove_trait(slot)
    if old >= 0:
        t.discard(old)
    lose_fat(t, s)


def lose_fat(t: Table, s: Species) -> None:
    """Ruling R5 (option ``fat_without_tissue``): the food stored on a Fat Tissue card leaves with the card when
    the species no longer carries Fat Tissue ("lost", **assumed**: the seeds say nothing; the course's data
    definition has fat-food "present only with fat-tissue", and its harness xstep4 drops it after an RT), or
    stays on the species unused ("kept": the course harness before issue 22).

    >>> from ..model import Player, Species
    >>> from ..rules import course2016
    >>> from types import SimpleNamespace as T
    >>> t = T(players=[Player([Species(2, 1, fat=2, traits=["fat-tissue"])])], options=course2016(), discard=print)
    >>> replace_trait(t, 0, 0, 0, -1, "horns", False); t.players[0].species[0].fat
    0
    """
    if s.fat and t.options.fat_without_tissue == "lost" and _FAT not in s.traits:
        s.fat = 0


def grow(t: Table, p: int, i: int, what: str, kind: int) -> None:
    """Discard a card for +1 body size or +1 population (seed 003 line 110; max 6: seed 002 line 29; course 7)."""
    s = t.players[p].species[i]
    if what == "body":
        s.body += 1
    else:
        s.pop += 1
    t.discard(kind)


def plays(t: Table, p: int, card_trait: Sequence[int]) -> list[Action]:
    """Every card play of player ``p``: ``("trait", i, k)``, ``("replace", i, slot, k)``, ``("new", side, k)``,
    ``("body", i, k)``, ``("pop", i, k)``, ``("drop", i, slot)`` (Climate) and ``("pass",)``.
    ``card_trait[k]`` is the trait id of card kind ``k``.

    The order: card kinds ascending; for each, the new species (left, then right), then species by species its
    body size, population, trait and replacements (slot by slot); then Climate's drops, then ``pass``. A card
    whose trait the species already carries can neither go on it nor replace one of its traits (seed 003 line
    106: no duplicates). This list is built at every card play (a hot path): plain loops, the typed actions
    read from the tables of :mod:`..interned` (built once, grown only when an index is past their end).
    """
    o = t.options
    players = t.players
    pl = players[p]
    cap = o.max_traits - 1 if len(players) == 2 and o.variant != "course2016" else o.max_traits  # max_traits
    top = o.max_track
    if len(card_trait) > len(FOOD):
        fit_cards(len(card_trait))
    # the new species' sides: the course adds to the right only
    sides: tuple[list[NewSpecies], ...] = (NEW_RIGHT,) if o.variant == "course2016" else (NEW_LEFT, NEW_RIGHT)
    if o.boards:
        on_table = 0
        for q in players:
            on_table += len(q.species)
        if on_table >= o.boards:
            sides = ()  # every species board is on the table (seed 003 line 54: 24 boards)
    only_new, any_time = o.traits_only_on_new, o.replace_any_time
    row = pl.species
    n = len(row)
    out: list[Action] = []
    add = out.append
    extend = out.extend
    for k in sorted(set(pl.hand)):
        tid = card_trait[k]
        for side in sides:
            add(side[k])
        on_species = SPECIES_PLAYS[k]
        if len(on_species) < n:
            on_species = species_plays_row(k, n)
        i = 0
        for s in row:
            body, pop, trait, replaces = on_species[i]
            i += 1
            if s.body < top:
                add(body)
            if s.pop < top:
                add(pop)
            held = s.traits
            if tid not in held:
                m = len(held)
                if m < cap and (s.fresh or not only_new):
                    add(trait)
                if m and (any_time or m >= cap):
                    if m < len(replaces):
                        extend(replaces[m])
                    else:
                        extend(replace_prefix(replaces, body.species, k, m))
    if o.climate:
        if n > len(DROPS):
            fit_species(n)
        i = 0
        for s in row:
            m = len(s.traits)
            drops = DROPS[i]
            extend(drops[m] if m < len(drops) else drop_prefix(i, m))
            i += 1
    add(PASS)
    return out


def apply_play(t: Table, p: int, a: Action, card_trait: Sequence[int], trait_names: Sequence[str]) -> None:
    """Carry out one card play (an action of :func:`plays`); the card leaves the hand here."""
    k = a[0]
    if k == "pass":
        return
    if k == "drop":
        drop_trait(t, p, a[1], a[2])
        return
    kind = a[-1]
    t.players[p].hand.remove(kind)
    if k == "new":
        new_species(t, p, a[1], kind)
    elif k in ("body", "pop"):
        grow(t, p, a[1], k, kind)
    elif k == "trait":
        add_trait(t, p, a[1], kind, trait_names[card_trait[kind]], True)
    elif k == "replace":
        replace_trait(t, p, a[1], a[2], kind, trait_names[card_trait[kind]], True)


# ----- the play-cards phase in the game's flow


def next_play(s: State, after: int) -> None:
    """Seed 003 line 112: "It's the next player's turn after you play your cards ... Once everyone has
    played their cards, we flip all the played Trait Cards face-up" (then the reveal)."""
    n = len(s.players)
    nxt = (after + 1) % n
    if nxt == s.first:
        s.step = Step.REVEAL
    else:
        s.turn = nxt


def play_choices(s: State) -> list[Action]:
    """The card plays of the player to act (:func:`plays`)."""
    return plays(s, s.turn, s.game.card_trait)


def play_or_pass(s: State, a: Action) -> None:
    """A card play (the player plays on) or ``pass`` (the next player's turn)."""
    if a[0] == "pass":
        next_play(s, s.turn)
    else:
        apply_play(s, s.turn, a, s.game.card_trait, TRAIT_IDS)


FLOW.add(
    Node(
        "play",
        PHASE_INDEX["play"],
        play_or_pass,
        decisions=play_choices,
        kinds=frozenset({"trait", "replace", "new", "body", "pop", "drop", "pass"}),
        verb="play a card (a trait, a new species, body size or population) or pass",
        who="each player in turn from the first",
        doc="seed 003 lines 100-112: starting with the first player, each plays as many cards as they want",
    )
)
