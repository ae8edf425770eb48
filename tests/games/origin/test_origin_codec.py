"""The dense action codec and the observation tensor (for the OpenSpiel / PettingZoo adapters)."""

from __future__ import annotations

import numpy as np
import pytest
from origin_helpers import random_game

import evo_lab
from evo_lab.core.protocol import sample_chance
from evo_lab.games.origin.codec import ActionCodec, EncodingError, max_game_length


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_every_action_of_random_games_round_trips_through_dense_codes(players):
    g = evo_lab.make_game("origin", players=players, seed=players)
    codec = ActionCodec(g)
    rng = np.random.default_rng(players)
    s = g.new_initial_state()
    seen = set()
    while not s.is_terminal():
        chance = s.is_chance_node()
        codes = codec.legal_codes(s)
        assert len(set(codes)) == len(codes)
        assert all(
            0 <= c < (codec.max_chance_outcomes if chance else codec.num_distinct_actions) for c in codes
        )
        for a in s.legal_actions():
            c = codec.encode_chance(a) if chance else codec.encode(a)
            assert (codec.decode_chance(c) if chance else codec.decode(c)) == a
            seen.add(a[0])
        if not chance:
            m = codec.action_mask(s)
            assert m.sum() == len(s.legal_actions())
        acts = s.legal_actions()
        s.apply_action(sample_chance(s, rng) if chance else acts[int(rng.random() * len(acts))])
    assert {"deal", "food", "animal", "trait", "eat"} <= seen


def test_codes_outside_the_encoding_are_refused():
    codec = ActionCodec(evo_lab.make_game("origin", players=2))
    for bad in (("eat", 0), ("eat", 10_000), ("fly",), "eat A1", None):
        with pytest.raises(EncodingError):
            codec.encode(bad)
    with pytest.raises(EncodingError):
        codec.decode(codec.num_distinct_actions)
    with pytest.raises(EncodingError):
        codec.decode_chance(-1)


def test_static_bounds_hold_in_play():
    for players in (2, 4):
        g = evo_lab.make_game("origin", players=players)
        bound = max_game_length(g)
        for seed in range(8):
            s = random_game(players, seed)
            assert len(s.history()) < bound / 100
        codec = ActionCodec(g)
        assert (codec.min_utility, codec.max_utility, codec.utility_sum) == (0.0, 1.0, 1.0)


def test_observation_tensor_is_fixed_length_and_from_the_observation():
    s = random_game(3, 6, max_actions=300)
    ob = s.game.observer
    for p in (None, 0, 1, 2):
        v = s.observation_tensor(p)
        assert v.shape == (ob.size,) and v.dtype == np.float32
        assert np.array_equal(v, ob.encode(s.observation(p)))
    assert not np.array_equal(s.observation_tensor(0), s.observation_tensor(1))
