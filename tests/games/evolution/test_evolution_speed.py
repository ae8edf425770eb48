"""The hot paths of Evolution's random playouts (docs/benchmarks.md, "Evolution engine speed") give what the plain
code gave: the card-play list and the draw weights against straightforward references, the state's inline
``legal_actions`` / ``chance_weights`` against the base class, and ``apply_action``'s fast paths still refuse
illegal input with a typed error, leaving the state as it was."""

from __future__ import annotations

import json

import numpy as np
import pytest

import evo_lab
from evo_lab.core.errors import IllegalActionError
from evo_lab.core.game import StateBase
from evo_lab.core.protocol import sample_chance
from evo_lab.games.evolution.phases.deal import draw_weights
from evo_lab.games.evolution.phases.play_cards import max_traits, play_choices
from evo_lab.games.evolution.state import State
from evo_lab.games.evolution.table import Action

SETUPS = [("evolution", 2), ("evolution", 4), ("evolution-climate", 3), ("evolution-course2016", 5)]


def reference_plays(s: State) -> list[Action]:
    """The card plays as the rules read (seed 003 lines 100-112, seed 002 lines 26-33), written plainly: for each
    card kind in hand, a new species at either end, then per species body size, population, the card as a new
    trait (room, no duplicate, course: only on a new species) and as a replacement of each slot (when replacing
    is open and the species does not carry the card's trait); Climate's drops; pass."""
    o, p = s.options, s.turn
    pl = s.players[p]
    cap = max_traits(o, len(s.players))
    sides = ["R"] if o.variant == "course2016" else ["L", "R"]
    if o.boards and sum(len(q.species) for q in s.players) >= o.boards:
        sides = []
    out: list[Action] = []
    for k in sorted(set(pl.hand)):
        tid = s.game.card_trait[k]
        out += [("new", side, k) for side in sides]
        for i, sp in enumerate(pl.species):
            if sp.body < o.max_track:
                out.append(("body", i, k))
            if sp.pop < o.max_track:
                out.append(("pop", i, k))
            carries = tid in sp.traits
            if not carries and len(sp.traits) < cap and (sp.fresh or not o.traits_only_on_new):
                out.append(("trait", i, k))
            if not carries and sp.traits and (o.replace_any_time or len(sp.traits) >= cap):
                out += [("replace", i, slot, k) for slot in range(len(sp.traits))]
    if o.climate:
        out += [("drop", i, slot) for i, sp in enumerate(pl.species) for slot in range(len(sp.traits))]
    return [*out, ("pass",)]


def random_states(gid: str, players: int, seed: int) -> list[State]:
    """Every state of a seeded uniform-random game (clones)."""
    s = evo_lab.make_game(gid, players=players, seed=seed).new_initial_state()
    rng = np.random.default_rng(seed)
    seen = [s.clone()]
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(sample_chance(s, rng))
        else:
            acts = s.legal_actions()
            s.apply_action(acts[int(rng.random() * len(acts))])
        seen.append(s.clone())
    return seen


@pytest.mark.parametrize(("gid", "players"), SETUPS)
def test_hot_paths_match_their_references(gid: str, players: int) -> None:
    plays_seen = draws_seen = 0
    for seed in range(3):
        for s in random_states(gid, players, seed):
            if s.node == "play" and not s.is_chance_node():
                assert play_choices(s) == reference_plays(s)
                plays_seen += 1
            if s.node == "draw" and s.is_chance_node():
                outs, weights = draw_weights(s)
                kinds = [k for k, c in enumerate(s.pool) if c > 0]
                assert outs == [("card", k) for k in kinds] and weights == [s.pool[k] for k in kinds]
                assert s.chance_weights() == StateBase.chance_weights(s)
                draws_seen += 1
            fresh = s.clone()
            fresh._legal = fresh._chance_cache = None
            assert fresh.legal_actions() == StateBase.legal_actions(s.clone()) == s.legal_actions()
            if not s.is_terminal():
                assert s.legal_actions(player=s.current_player()) == s.legal_actions()
                assert s.legal_actions(player=99) == []
    assert plays_seen > 20 and draws_seen > 20


def test_fast_paths_refuse_illegal_input_and_leave_the_state() -> None:
    s = evo_lab.make_game("evolution", players=3, seed=2).new_initial_state_dealt()
    while s.node != "play":
        s.apply_action(
            s.legal_actions()[0] if not s.is_chance_node() else sample_chance(s, np.random.default_rng(0))
        )
    legal = s.legal_actions()
    before = json.dumps(s.to_dict(), sort_keys=True)
    for bad in [("body", 9, legal[0][-1]), ("card", 0), ("pass", 1), ("new", "L", 10_000), (["x"],)]:
        assert bad not in legal
        with pytest.raises(IllegalActionError):
            s.apply_action(bad)
        assert json.dumps(s.to_dict(), sort_keys=True) == before and s.legal_actions() == legal
    s.apply_action(list(legal[0]))  # the list form still goes through the base class's coercion
    assert s.history()[-1] == legal[0]
    with pytest.raises(IllegalActionError, match="not a chance node"):
        s.chance_weights()
