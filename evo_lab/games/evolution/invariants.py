"""``state.check_invariants()``: what must hold at every node (the fuzzer, the conformance suite and every
loader call it). Each broken invariant raises :class:`InvariantError` (an ``AssertionError`` and an evo-lab
error) saying which; the checks are plain ``if`` tests, so they hold under ``python -O`` too."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.errors import EvoLabError

if TYPE_CHECKING:
    from .state import State

__all__ = ["check", "InvariantError"]


class InvariantError(EvoLabError, AssertionError):
    """A broken invariant of an Evolution state; the message says which."""


def _fail(msg: str) -> None:
    raise InvariantError(msg)


def check(s: State) -> None:
    g, o = s.game, s.options
    nk = len(g.deck.cards)
    if not (len(s.pool) == nk and len(s.discards) == nk):
        _fail("card count vectors have the deck's length")
    if not (all(c >= 0 for c in s.pool) and all(c >= 0 for c in s.discards)):
        _fail("no negative card counts")
    if not (0 <= s.left <= sum(s.pool)):
        _fail("the draw pile is part of the unseen pool")
    if not (s.watering_hole >= 0):
        _fail("the watering hole is never negative")
    total = sum(s.pool) + sum(s.discards) + s.gone
    for p in s.players:
        total += len(p.hand) + (p.food_card >= 0)
        for x in p.species:
            total += sum(1 for c in x.cards if c >= 0)
            if not (1 <= x.pop <= o.max_track):
                _fail(f"population in 1..{o.max_track}: {x}")
            if not (0 <= x.body <= o.max_track):
                _fail(f"body size in 0..{o.max_track}: {x}")
            if not (0 <= x.food <= x.pop):
                _fail(f"food in 0..population: {x}")
            if not (0 <= x.fat <= x.body):
                _fail(f"fat in 0..body: {x}")
            if len(set(x.traits)) != len(x.traits):
                _fail(f"no duplicate traits: {x}")
            if not (len(x.traits) <= o.max_traits):
                _fail(f"at most {o.max_traits} traits: {x}")
            if not (x.fat == 0 or x.has("fat-tissue") or x.down or o.fat_without_tissue == "kept"):
                _fail(f"fat only on Fat Tissue: {x}")
        if p.bag < 0:
            _fail("bags are never negative")
        if p.hand != sorted(p.hand):
            _fail("hands are kept sorted")
    if total != g.deck.size:
        _fail(f"every card is somewhere: {total} of {g.deck.size}")
    if s.phase == "over":
        if s.pending or s.pending_events:
            _fail("no chance after the end")
    elif not s.is_chance_node():
        if not 0 <= s.turn < len(s.players):
            _fail("a decision node names its player")
        if not s.legal_actions():
            _fail("a decision node has legal actions")
    if s.phase == "feed" and not s.is_chance_node() and any(p.food_card >= 0 for p in s.players):
        _fail("food cards are revealed before feeding")
    if s.phase != "play" and any(x.fresh for p in s.players for x in p.species):
        _fail("fresh marks last one turn")
    if o.boards and sum(len(p.species) for p in s.players) > o.boards + len(s.players):
        _fail("species boards in the box")
