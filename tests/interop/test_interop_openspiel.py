"""The OpenSpiel adapter: registration, conformance (random_sim_test), exact chance, strings, MCTS."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="the open_spiel wheel is not installable here (pip install 'evo-lab[openspiel]')"
)

import evo_lab
from evo_lab.games.evo2e import openspiel as eo
from evo_lab.games.evo2e.codec import ActionCodec, EncodingError
from helpers import random_spiel_game as _random_game


def test_registered_with_declared_type_and_info():
    game = pyspiel.load_game("python_evo", {"players": 3})
    t = game.get_type()
    assert t.short_name == "python_evo"
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (t.min_num_players, t.max_num_players) == (2, 5)
    assert t.provides_information_state_string and t.provides_observation_string
    codec = ActionCodec(evo_lab.Game(players=3))
    assert game.num_players() == 3
    assert game.num_distinct_actions() == codec.num_distinct_actions
    assert game.max_chance_outcomes() == codec.max_chance_outcomes
    assert "python_evo" in pyspiel.registered_names()


@pytest.mark.parametrize("players", [2, 4])
def test_random_sim_test(players):
    game = eo.load(players=players)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_random_sim_test_rank_returns():
    game = eo.load(players=3, returns="rank")
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    s = _random_game(game, 4)
    r = s.returns()
    assert max(r) == 1.0 and min(r) >= 0.0


def test_chance_outcomes_are_the_engines_exact_probabilities():
    game = eo.load(players=2)
    s = game.new_initial_state()
    codec = s._box.ctx.codec
    exact = {codec.encode_chance(a): p for a, p in s.evo_state.chance_outcomes()}
    got = dict(s.chance_outcomes())
    assert got.keys() == exact.keys()
    assert all(got[k] == float(exact[k]) for k in got)
    assert sum(got.values()) == pytest.approx(1.0)


def test_strings_match_the_engine_and_hide_information():
    game = eo.load(players=2)
    s = _random_game(game, 7)
    ev = s.evo_state
    assert len(s.history()) <= game.max_game_length()
    for p in range(2):
        assert s.information_state_string(p) == ev.information_state_string(p)
        assert s.observation_string(p) == ev.observation_string(p)
        assert len(s.observation_tensor(p)) == game.observation_tensor_size()
    assert "exclude ?" in s.information_state_string(0)
    assert s.information_state_string(0) != s.information_state_string(1)
    assert s.returns() == [float(x) for x in ev.returns()]


def test_serialize_roundtrip_and_engine_replay():
    game = eo.load(players=2, seed=3)
    s = _random_game(game, 2)
    back = game.deserialize_state(s.serialize())
    assert back.history() == s.history() and str(back) == str(s)
    again = eo.from_engine_state(game, s.evo_state)
    assert again.history() == s.history()


def test_codec_rejects_codes_out_of_range():
    codec = ActionCodec(evo_lab.Game(players=2))
    with pytest.raises(EncodingError):
        codec.decode(codec.num_distinct_actions)
    with pytest.raises(EncodingError):
        codec.encode(evo_lab.Action("die", 1))
    with pytest.raises(ValueError):
        eo.load(players=6)


def test_mcts_bot_plays_a_full_game():
    from open_spiel.python.algorithms import evaluate_bots, mcts

    game = eo.load(players=2)
    ev = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bots = [
        mcts.MCTSBot(
            game,
            uct_c=2.0,
            max_simulations=4,
            evaluator=ev,
            solve=False,
            random_state=np.random.RandomState(p),
        )
        for p in range(2)
    ]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(1))
    assert len(returns) == 2 and all(r >= 0 for r in returns) and max(returns) > 0
