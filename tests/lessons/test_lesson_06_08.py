"""Lessons 06 and 08 rewritten (issue 19): the twin test of a fair bot, the shipped match and learning curve against
the code that made them, and the wallet game's equilibrium against simulation and deviations."""

from __future__ import annotations

import numpy as np
import pytest

from evo_lab.lessons.checks import check, expected


# --- lesson 06 ---------------------------------------------------------------------------------------------------
def test_openspiel_mcts_fails_the_twin_test_and_ismcts_passes():
    pytest.importorskip("pyspiel")
    from evo_lab.lessons.spiel_match import (
        ismcts_root_visits,
        mcts_clone_lines,
        mcts_root_visits,
        twin_position,
    )

    game, state, twin, what = twin_position()
    assert state.information_state_string(0) == twin.information_state_string(0)
    assert state.evo_state.hand(1) != twin.evo_state.hand(1) and what.startswith("card ")
    assert "working_state = state.clone()" in mcts_clone_lines()
    assert mcts_root_visits(game, state, 1, 32) != mcts_root_visits(game, twin, 1, 32)
    assert ismcts_root_visits(state, 1) == ismcts_root_visits(twin, 1)
    assert check("06.5", "b").correct


def test_exercise_06_1_counts_whole_wins():
    from evo_lab.stats import wilson_interval

    assert expected("06.1") == 100
    assert wilson_interval(60, 100)[0] > 0.5 > wilson_interval(57, 95)[0]


def _data():
    from evo_lab.lessons.spiel_match import load_data

    return load_data()


def test_shipped_match_separates_the_bots_and_replays():
    pytest.importorskip("pyspiel")
    import pyspiel

    import evo_lab.interop.openspiel  # noqa: F401
    from evo_lab.lessons.spiel_match import play_game
    from evo_lab.stats import wilson_interval

    m = _data()["match"]
    rows = m["rows"]
    assert len(rows) == m["games"] >= 30 and {r["ismcts_seat"] for r in rows} == {0, 1}
    wins = sum(r["ismcts_mp"] > r["mcts_mp"] for r in rows)
    lo, hi = wilson_interval(wins, len(rows))
    assert lo > 0.5 or hi < 0.5  # the interval separates the two bots
    game = pyspiel.load_game("python_evo", {"players": 2})
    assert (
        play_game(game, 0, m["mcts_simulations"], m["ismcts_iterations"]) == rows[0]
    )  # the file is the code's


def test_shipped_learning_curve_learns_and_replays():
    from evo_lab.lessons.rl import FEATURES, LearningCurve, evaluate

    d = _data()["learning"]
    curve = LearningCurve.from_dict(d["curve"])
    assert d["features"] == list(FEATURES) and len(curve.theta) == len(FEATURES)
    first, last = curve.points[0], curve.points[-1]
    assert first.episodes == 0 and last.episodes == curve.episodes
    assert last.mp[1] > first.mp[2]  # intervals apart: it measurably learns
    again = evaluate(
        np.array(curve.theta), games=curve.eval_games, seed=curve.eval_seed, episodes=last.episodes
    )
    assert again == last  # the shipped point is what the code computes
    assert evaluate(np.zeros(len(FEATURES)), games=curve.eval_games, seed=curve.eval_seed) == first


def test_untrained_learner_is_the_uniform_random_policy():
    from evo_lab.interop.pettingzoo import env as make_env
    from evo_lab.lessons.rl import ActionFeatures

    e = make_env(players=2)
    e.reset(seed=4)
    obs = e.last()[0]
    legal = np.flatnonzero(obs["action_mask"])
    phi = ActionFeatures(e)(e.engine_state, legal)
    z = phi @ np.zeros(phi.shape[1])
    p = np.exp(z - z.max())
    assert np.allclose(p / p.sum(), 1 / len(legal))
    assert phi.shape == (len(legal), 22) and set(np.unique(phi[:, :12].sum(axis=1))) == {1.0}


# --- lesson 08 ---------------------------------------------------------------------------------------------------
def test_wallet_equilibrium_matches_simulation_and_beats_deviations():
    from evo_lab.theory.common_value import deviation_profit, equilibrium_bid, exact, simulate

    for n in (2, 3, 4):
        e = exact(n)
        run = simulate(n, 60_000, seed=n)
        assert run.revenue[1] <= float(e["revenue"]) <= run.revenue[2]
        assert run.profit[1] <= float(e["bidder profit"]) <= run.profit[2]
        best = deviation_profit(n, (n + 2) / 2, 0.0)
        assert best == pytest.approx(float(e["bidder profit"]), abs=1e-9)
        for a in np.linspace(0.5, 4.0, 15):  # no linear bid a t beats b(t) = (n + 2) t / 2
            assert deviation_profit(n, float(a), 0.0) <= best + 1e-9
        assert deviation_profit(n, 1.0, (n - 1) / 2) < best  # the naive bid E[V | t] earns less
        naive = simulate(n, 60_000, seed=n, deviation=(1.0, (n - 1) / 2))
        assert naive.profit[1] <= deviation_profit(n, 1.0, (n - 1) / 2) <= naive.profit[2]
    assert equilibrium_bid(0.6, 3) == pytest.approx(1.5) == expected("08.6")
    assert check("08.6", 1.5).correct and not check("08.6", 1.6).correct


def test_lesson_08_evo_shade_is_the_runner_up_row():
    from evo_lab.lessons.curse import curse_summary

    s = curse_summary([0, 0, 3, 1, -1, 2], bidders=3, k=1)
    evo = s["shade, Evo's auction (English clock, like second-price)"]
    sealed = s["shade, sealed first-price (not Evo's)"]
    assert float(evo) < float(sealed)
    import json
    from pathlib import Path

    nb = json.loads(
        (Path(__file__).resolve().parents[2] / "notebooks" / "08_winners_curse.ipynb").read_text()
    )
    md = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert (
        "as under the\nfirst-price rule, so the curse bites in full" not in md
        and "**runner-up sets the price**" in md
    )
