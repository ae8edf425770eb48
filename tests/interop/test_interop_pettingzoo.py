"""The PettingZoo AEC adapter: API and seed conformance, masks, a full game to the end."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is not installed (pip install 'evo-lab[rl]')")

from pettingzoo.test import api_test, seed_test

from evo_lab.core.errors import IllegalActionError
from evo_lab.interop.pettingzoo import EvoAECEnv, env


@pytest.mark.parametrize("players", [2, 3])
def test_api_test(players, recwarn):
    api_test(env(players=players), num_cycles=200, verbose_progress=False)
    # only api_test's style hints about Dict observations (the action mask rides in the observation)
    assert all("Observation" in str(w.message) for w in recwarn)


def test_seed_test():
    seed_test(lambda: env(players=2), num_cycles=100)


def _play(e, seed):
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    for agent in e.agent_iter():
        obs, _reward, term, trunc, _info = e.last()
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.size > 0
        e.step(int(rng.choice(legal)))
        steps += 1
    return steps


def test_full_game_ends_with_final_mp_as_rewards():
    e = EvoAECEnv(players=2)
    e.reset(seed=5)
    total = {a: 0.0 for a in e.possible_agents}
    rng = np.random.default_rng(5)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _info = e.last()
        total[agent] += reward
        if term or trunc:
            final = e.engine_state.returns()
            assert reward == float(final[e.possible_agents.index(agent)])
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert e.engine_state.is_terminal() and e.agents == []
    final = e.engine_state.returns()
    assert total == {a: float(final[i]) for i, a in enumerate(e.possible_agents)}


def test_same_seed_same_game_and_masks_only_for_the_mover():
    a, b = env(players=2), env(players=2)
    assert _play(a, 9) == _play(b, 9)
    assert a.engine_state.history() == b.engine_state.history()
    e = env(players=2)
    e.reset(seed=1)
    mover = e.agent_selection
    other = next(x for x in e.possible_agents if x != mover)
    assert e.observe(mover)["action_mask"].sum() > 0
    assert e.observe(other)["action_mask"].sum() == 0
    assert e.observation_space(mover).contains(e.observe(mover))


def test_illegal_action_is_a_typed_error():
    e = env(players=2)
    e.reset(seed=0)
    mask = e.observe(e.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError):
        e.step(bad)
    with pytest.raises(ValueError):
        env(players=2, returns="elo")
