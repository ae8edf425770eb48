"""``state.check_invariants()``: what must hold at every node (the fuzzer and the conformance suite call it).
Each broken invariant raises ``AssertionError`` saying which."""

from __future__ import annotations

from typing import Any

__all__ = ["check"]


def check(s: Any) -> None:
    g, o = s.game, s.options
    nk = len(g.deck.cards)
    assert len(s.pool) == nk and len(s.discards) == nk, "card count vectors have the deck's length"
    assert all(c >= 0 for c in s.pool) and all(c >= 0 for c in s.discards), "no negative card counts"
    assert 0 <= s.left <= sum(s.pool), "the draw pile is part of the unseen pool"
    assert s.watering_hole >= 0, "the watering hole is never negative"
    total = sum(s.pool) + sum(s.discards) + s.gone
    for p in s.players:
        total += len(p.hand) + (p.food_card >= 0)
        for x in p.species:
            total += sum(1 for c in x.cards if c >= 0)
            assert 1 <= x.pop <= o.max_track, f"population in 1..{o.max_track}: {x}"
            assert 0 <= x.body <= o.max_track, f"body size in 0..{o.max_track}: {x}"
            assert 0 <= x.food <= x.pop, f"food in 0..population: {x}"
            assert 0 <= x.fat <= x.body, f"fat in 0..body: {x}"
            assert len(set(x.traits)) == len(x.traits), f"no duplicate traits: {x}"
            assert len(x.traits) <= o.max_traits, f"at most {o.max_traits} traits: {x}"
            assert x.fat == 0 or x.has("fat-tissue") or x.down or o.fat_without_tissue == "kept", \
                f"fat only on Fat Tissue: {x}"
        assert p.bag >= 0, "bags are never negative"
        assert p.hand == sorted(p.hand), "hands are kept sorted"
    assert total == g.deck.size, f"every card is somewhere: {total} of {g.deck.size}"
    if s.phase == "over":
        assert not s.pending and not s.pending_events, "no chance after the end"
    elif not s.is_chance_node():
        assert 0 <= s.turn < len(s.players), "a decision node names its player"
        assert s.legal_actions(), "a decision node has legal actions"
    if s.phase == "feed" and not s.is_chance_node():
        assert all(p.food_card < 0 for p in s.players), "food cards are revealed before feeding"
    if s.phase != "play":
        assert not any(x.fresh for p in s.players for x in p.species), "fresh marks last one turn"
    if o.boards:
        assert sum(len(p.species) for p in s.players) <= o.boards + len(s.players), "species boards in the box"
