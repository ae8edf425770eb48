"""Random-play fuzzer in the manner of OpenSpiel's ``random_sim_test``: 500 seeded games of 2-5 players,
plus games with all 12 unique genes in the bag. After every action: at most 8 dinosaurs per player and one
per space, no dinosaur off the board, MP >= 0, 48 gene tokens and the climate tokens accounted for, the
2/3 floor, chance probabilities summing to exactly 1, legal actions at decision nodes; the JSON round-trip
of every state; replay determinism of the record. The checker lives in ``evo_lab.games.evo2e.fuzz``
(``scripts/fuzz.py`` runs it over 10,000 games)."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import evo_lab
from evo_lab.core.conformance import walk
from evo_lab.core.protocol import play_out, uniform_random_policy
from evo_lab.games.evo2e.fuzz import InvariantError, all_uniques_pack, check_state, fuzz_game

GAMES = 500
BATCH = 25
GAMES_ALL_UNIQUES = 40


def seeded_games(start: int, stop: int) -> list[tuple[int, int]]:
    return [(2 + i % 4, i) for i in range(start, stop)]


@lru_cache(maxsize=1)
def pack12():
    return all_uniques_pack()


@pytest.mark.slow
@pytest.mark.parametrize("batch", range(GAMES // BATCH))
def test_random_games(batch):
    for players, seed in seeded_games(batch * BATCH, (batch + 1) * BATCH):
        r = fuzz_game(players, seed)
        assert r.rounds in (9, 10, 11), (players, seed, r.rounds)
        assert r.states_checked == r.actions + 1


@pytest.mark.slow
@pytest.mark.parametrize("batch", range(GAMES_ALL_UNIQUES // 10))
def test_random_games_all_twelve_uniques(batch):
    data = pack12()
    assert data.setup["unique_genes_in_bag"] == 12
    for players, seed in seeded_games(10_000 + batch * 10, 10_000 + (batch + 1) * 10):
        r = fuzz_game(players, seed, data)
        assert r.rounds in (9, 10, 11)


def test_every_unique_gene_and_event_card_comes_into_play():
    """Over the fuzzed seeds every unique gene is won, every event card played and every kind of node
    (chance and decision) reached."""
    uniques, cards, nodes = set(), set(), Counter()
    for players, seed in seeded_games(0, 150):
        r = fuzz_game(players, seed, json_every=0, replay=False)
        uniques |= r.uniques_won
        cards |= r.cards_played
        nodes.update(r.nodes)
    assert len(uniques) == 12, uniques
    assert cards == {"geysers", "prescience", "swarm_of_rats", "egg_thief", "frenzied_attack"}
    for node in (
        "exclude",
        "order",
        "token",
        "peek",
        "gene",
        "card",
        "die",
        "kbdie",
        "climate_cards",
        "bid",
        "adrenaline",
        "move",
        "chameleon",
        "birth_cards",
        "birth",
        "newborn_cards",
        "survival_cards",
        "survive",
        "end",
    ):
        assert nodes[node] > 0, node


def test_checker_catches_broken_invariants():
    """The checker is not vacuous: corrupt states (clones broken on purpose) fail it."""
    s = evo_lab.Game(players=3, seed=1).new_initial_state_dealt()
    check_state(s)
    for corrupt in (
        lambda t: t.count.__setitem__(0, t.count[0] + 1),
        lambda t: t.mp.__setitem__(1, -1),
        lambda t: t.bag.__setitem__(0, t.bag[0] + 1),
        lambda t: t.tokens_left.__setitem__(1, 0),
        lambda t: t.deck.__setitem__(0, t.deck[0] - 1),
    ):
        t = s.clone()
        corrupt(t)
        with pytest.raises(InvariantError):
            check_state(t)


def test_determinized_states_stay_consistent():
    """``determinize(player, rng)`` redraws only hidden facts: the result passes every invariant, also in
    an auction where a unique gene lies face up in a lot (that gene must stay in the bag)."""
    checked = 0
    for seed in range(12):
        rng = np.random.default_rng(1000 + seed)
        for i, s, _a in walk(lambda _s, seed=seed: evo_lab.Game(players=2 + seed % 4), seed):
            if s.is_terminal() or s.is_chance_node():
                continue
            if i % 20 == 0 or (s.node_name() == "bid" and max(s.lots) >= 6):
                p = s.current_player()
                d = s.determinize(p, rng)
                check_state(d)
                assert d.hands[p] == s.hands[p] and d.legal_actions() == s.legal_actions()
                if s.node_name() == "bid":  # the lots on offer are still in the bag
                    assert all(lot < 0 or d.bag[lot] > 0 for lot in s.lots)
                checked += 1
    assert checked > 50


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 400))
def test_property_clone_and_json_are_faithful(players, seed, cut):
    """Property: after any random prefix of play, a clone and a JSON reload behave exactly like the
    original under the same continuation (same legal actions, same final position)."""
    rng = np.random.default_rng(seed)
    s = evo_lab.Game(players=players).new_initial_state()
    play_out(s, uniform_random_policy(rng), rng, max_actions=cut)
    copies = [
        s.clone(),
        evo_lab.State.from_json(s.to_json()),
        evo_lab.Position.parse(s.position_text()).build() if s.phase_name() != "setup" else s.clone(),
    ]
    rng_state = rng.bit_generator.state
    finals = []
    for t in [s] + copies:
        rng.bit_generator.state = rng_state
        play_out(t, uniform_random_policy(rng), rng, stop=lambda x: check_state(x) is not None)
        finals.append((t.to_dict()["state"] if len(finals) < 3 else None, t.position_text(), t.returns()))
    assert finals[0] == finals[1] == finals[2]
    assert finals[3][1:] == finals[0][1:]  # the rebuilt position (no event log) plays the same game


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1))
def test_property_scores_and_ranking(players, seed):
    """Property: a finished game lasts 9-11 rounds; MP only come from the start, survival scoring and
    payments, so the winner's places are consistent with ``(MP, dinosaurs)``; every clan keeps 2+."""
    r = fuzz_game(players, seed, json_every=0, replay=False)
    s = evo_lab.State.from_json(r.final_json)
    assert s.is_terminal() and r.rounds in (9, 10, 11)
    keys = list(zip(s.mp, s.count))
    best = max(keys)
    assert s.winners() == [p for p, k in enumerate(keys) if k == best]
    assert all(c >= 2 for c in s.count)
    assert min(s.ranking()) == 1
