"""The bots: the value heuristic, the greedy policy (it beats random play), the lite rollout and ISMCTS via the
core search loop with the game's hooks."""

from __future__ import annotations

import numpy as np
from origin_helpers import act, pos

import evo_lab
from evo_lab.core.protocol import play_out, sample_chance
from evo_lab.core.search import ismcts
from evo_lab.games.origin.bots import greedy_action, lite_policy, search_hooks, value


def test_value_counts_fed_animals_in_full_and_hungry_ones_by_the_food_share():
    s = pos("$A +, $B carn", "$C", bank=2)
    v = value(s, 0)
    assert 2 < v < 2 + 4 and value(s, 1) < 2


def test_greedy_takes_food_and_kills_when_it_can():
    s = pos("$A carn, $W graze", "$B", bank=1)  # eating the rival's animal beats eating its own
    assert s.action_to_string(greedy_action(s)) == f"attack A{s.names['A']} A{s.names['B']}"
    t = pos("$A big", "$B", bank=5)
    assert greedy_action(t) == ("eat", t.names["A"])


def test_greedy_beats_random():
    wins = 0
    for seed in range(10):
        g = evo_lab.make_game("origin", players=2, seed=seed)
        s, rng, me = g.new_initial_state(), np.random.default_rng(seed), seed % 2
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(sample_chance(s, rng))
            elif s.current_player() == me:
                s.apply_action(greedy_action(s))
            else:
                acts = s.legal_actions()
                s.apply_action(acts[int(rng.random() * len(acts))])
        wins += s.winners() == [me]
    assert wins >= 8


def test_lite_rollouts_finish_games():
    rng = np.random.default_rng(1)
    s = evo_lab.make_game("origin", players=3, seed=1).new_initial_state()
    play_out(s, lite_policy(rng), rng)
    assert s.is_terminal()


def test_ismcts_with_the_game_hooks_is_reproducible():
    s = pos("$A carn, $W graze", "$B, $C camo", bank=2, deck=20)
    r1 = ismcts(s, 0, search_hooks(), iterations=30, seed=3)
    r2 = ismcts(s, 0, search_hooks(), iterations=30, seed=3)
    assert r1.chosen == r2.chosen and r1.chosen in s.legal_actions()
    assert sum(r["visits"] for r in r1.actions) == 30
    act(s, "attack $A $B")
    assert s.names["B"] not in s.animal_by_id
