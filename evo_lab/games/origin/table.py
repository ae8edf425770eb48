"""Putting cards on the table and taking them off: new animals, trait cards, paired links, deaths, discards.

Seed: "Eaten animal, all traits including pairwise traits associated with it are put into corresponding players's
discard piles." and "all animals which are not fully fed are put into corresponding player's discard piles, along
with their traits, and all the pairwise traits associated with them." Each player's pile keeps the animal cards
face down (``disc_hidden``: only the owner knows them) and the trait cards that were face up (``disc_open``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .model import Animal, Link, recompute

if TYPE_CHECKING:
    from .state import OriginState

__all__ = ["new_animal", "add_trait", "add_link", "remove_animal", "remove_trait"]


def new_animal(s: OriginState, owner: int, card: int) -> Animal:
    """A face-down card becomes a new animal at the right end of its owner's row."""
    a = Animal(s.next_id, owner, card)
    s.next_id += 1
    s.animal_by_id[a.id] = a
    s.rows[owner].append(a.id)
    return a


def add_trait(s: OriginState, a: Animal, trait: int, card: int) -> None:
    """A trait card under animal ``a``."""
    a.traits.append((trait, card))
    recompute(a, s.game)


def add_link(s: OriginState, kind: int, x: int, y: int, card: int) -> Link:
    """A paired card between ``x`` and ``y`` (for Symbiosis ``x`` protects ``y``)."""
    L = Link(kind, x, y, card)
    s.links.append(L)
    if kind == s.game.SYMB:
        s.animal_by_id[y].protectors += 1
    return L


def _drop_link(s: OriginState, L: Link, pile_owner: int) -> None:
    s.links.remove(L)
    if L.kind == s.game.SYMB:
        s.animal_by_id[L.b].protectors -= 1
    s.discard_open[pile_owner].append(L.card)


def remove_animal(s: OriginState, a: Animal) -> None:
    """``a`` leaves the table (eaten or dead): its card, its trait cards and its paired cards go to its owner's
    discard pile; its partners lose those links."""
    p = a.owner
    for L in [L for L in s.links if L.a == a.id or L.b == a.id]:
        _drop_link(s, L, p)
    s.discard_open[p].extend(c for _, c in a.traits)
    s.discard_hidden[p].append(a.card)
    s.rows[p].remove(a.id)
    del s.animal_by_id[a.id]


def remove_trait(s: OriginState, a: Animal, trait: int, partner: int = -1) -> None:
    """One trait card of ``a`` to its owner's discard pile (Tail Loss). For a paired trait ``partner`` names the
    other animal; for Fat Tissue an empty card goes first (ruling R5)."""
    if partner >= 0:
        for L in s.links:
            if L.kind == trait and L.joins(a.id, partner):
                _drop_link(s, L, a.owner)
                return
        raise KeyError(f"no {trait} link between A{a.id} and A{partner}")
    idx = None
    for i, (t, _) in enumerate(a.traits):
        if t == trait:
            idx = i
            break
    if idx is None:
        raise KeyError(f"A{a.id} has no trait {trait}")
    _, card = a.traits.pop(idx)
    s.discard_open[a.owner].append(card)
    recompute(a, s.game)  # caps fat_full: a stored token is lost only when every fat card was full
