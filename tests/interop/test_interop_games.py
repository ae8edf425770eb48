"""OpenSpiel and PettingZoo for every game (issue 11 item 4, issue 12 item 3): ``python_evolution`` and
``python_origin`` pass ``pyspiel.random_sim_test``; the AEC environments pass PettingZoo's ``api_test`` and
``seed_test``; exact chance, the engine's strings, typed errors, round trips through the codec."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import evo_lab
from evo_lab.interop.spec import adapter_spec, adapter_specs
from helpers import random_spiel_game as _random_game

GAMES = [
    ("python_origin", {"players": 2}),
    ("python_origin", {"players": 3}),
    ("python_evolution", {"players": 2}),
    ("python_evolution", {"players": 3, "variant": "climate"}),
    ("python_evolution", {"players": 3, "variant": "course2016"}),
]


def test_every_game_has_a_spec():
    specs = adapter_specs()
    assert {s.short_name for s in specs.values()} == {"python_evo", "python_evolution", "python_origin"}
    assert {s.env_name for s in specs.values()} == {"evo_v0", "evolution_v0", "origin_v0"}
    with pytest.raises(ValueError, match="no parameter 'board'"):
        adapter_spec("origin").params({"board": 1})
    with pytest.raises(ValueError):
        adapter_spec("evolution").params({"variant": "nonsense"})
    with pytest.raises(ValueError, match="sets"):
        adapter_spec("origin").params({"sets": 9})


class TestOpenSpiel:
    pyspiel = pytest.importorskip("pyspiel", reason="the open_spiel wheel is not installed")

    @pytest.mark.parametrize("name,params", GAMES)
    def test_random_sim_test(self, name, params):
        import evo_lab.interop.openspiel  # noqa: F401 - registers the games

        game = self.pyspiel.load_game(name, params)
        self.pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)

    @pytest.mark.parametrize("name", ["python_origin", "python_evolution"])
    def test_type_info_chance_strings_and_returns(self, name):
        from evo_lab.interop import openspiel as eo

        ps = self.pyspiel
        game = ps.load_game(name, {"players": 3, "seed": 4})
        t = game.get_type()
        assert name in ps.registered_names() and t.short_name == name
        assert t.chance_mode == ps.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert t.information == ps.GameType.Information.IMPERFECT_INFORMATION
        assert t.utility == ps.GameType.Utility.CONSTANT_SUM and game.utility_sum() == 1.0
        assert game.num_players() == 3 and game.num_distinct_actions() > 0
        s = game.new_initial_state()
        exact = {game.codec.encode_chance(a): p for a, p in s.engine_state.chance_outcomes()}
        assert dict(s.chance_outcomes()) == {k: float(v) for k, v in exact.items()}
        assert sum(exact.values()) == 1
        s = _random_game(game, 5)
        eng = s.engine_state
        assert len(s.history()) <= game.max_game_length()
        assert sum(s.returns()) == pytest.approx(1.0) and s.returns() == [float(x) for x in eng.returns()]
        for p in range(3):
            assert s.information_state_string(p) == eng.information_state_string(p)
            assert s.observation_string(p) == eng.observation_string(p)
            assert np.allclose(s.observation_tensor(p), np.asarray(eng.observation_tensor(p)).ravel())
        assert s.information_state_string(0) != s.information_state_string(1)  # hands differ
        from evo_lab.interop import openspiel as spiel

        assert eo.KIT_GAMES[game.spec.game] is type(game)
        assert spiel.from_engine_state(game, eng).history() == s.history()

    def test_illegal_code_is_a_typed_error_and_changes_nothing(self):
        import evo_lab.interop.openspiel  # noqa: F401

        game = self.pyspiel.load_game("python_origin", {"players": 2})
        s = game.new_initial_state()
        while s.is_chance_node():
            s.apply_action(s.chance_outcomes()[0][0])
        legal = set(s.legal_actions())
        bad = next(c for c in range(game.num_distinct_actions()) if c not in legal)
        before = str(s)
        with pytest.raises(evo_lab.IllegalActionError):
            s.apply_action(bad)
        assert str(s) == before and set(s.legal_actions()) == legal

    def test_python_evo_is_unchanged(self):
        from evo_lab.games.evo2e import openspiel as eo

        game = eo.load(players=2)
        assert (
            type(game) is eo.EvoGameSpiel
            and game.get_type().utility == self.pyspiel.GameType.Utility.GENERAL_SUM
        )


class TestPettingZoo:
    pz = pytest.importorskip("pettingzoo.test", reason="pettingzoo is not installed")

    @pytest.mark.parametrize(
        "kw",
        [
            {"game": "origin", "players": 2},
            {"game": "evolution", "players": 3},
            {"game": "evolution", "players": 2, "variant": "climate"},
        ],
    )
    def test_api_and_seed(self, kw):
        from evo_lab.interop.pettingzoo import env

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # api_test's style hints about Dict observations
            self.pz.api_test(env(**kw), num_cycles=200, verbose_progress=False)
            self.pz.seed_test(lambda: env(**kw), num_cycles=50)

    @pytest.mark.parametrize("game", ["origin", "evolution"])
    def test_full_game_masks_and_win_shares(self, game):
        from evo_lab.interop.pettingzoo import env

        e = env(game=game, players=2)
        assert e.metadata["name"] == f"{game}_v0"
        e.reset(seed=3)
        rng = np.random.default_rng(3)
        total = {a: 0.0 for a in e.agents}
        for agent in e.agent_iter():
            obs, reward, term, trunc, _ = e.last()
            total[agent] += reward
            if term or trunc:
                e.step(None)
                continue
            other = [a for a in e.agents if a != agent][0]
            assert e.observe(other)["action_mask"].sum() == 0  # masks only for the mover
            legal = np.flatnonzero(obs["action_mask"])
            assert {e.codec.decode(int(c)) for c in legal} == set(e.engine_state.legal_actions())
            e.step(int(rng.choice(legal)))
        assert sum(total.values()) == pytest.approx(1.0)

    def test_illegal_action_is_a_typed_error(self):
        from evo_lab.interop.pettingzoo import env

        e = env(game="origin", players=2)
        e.reset(seed=1)
        mask = e.last()[0]["action_mask"]
        bad = int(np.flatnonzero(mask == 0)[0])
        before = e.engine_state.to_json() if hasattr(e.engine_state, "to_json") else str(e.engine_state)
        with pytest.raises(evo_lab.IllegalActionError):
            e.step(bad)
        after = e.engine_state.to_json() if hasattr(e.engine_state, "to_json") else str(e.engine_state)
        assert after == before
