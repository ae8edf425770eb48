"""Benchmark section ``theory``: auction solvers, simulated gene values and the OpenSpiel / PettingZoo adapters.

>>> rows = run(quick=True)
>>> {"solve_sequential 2p bids 0..6", "gene value paired sample"} <= {r["name"] for r in rows}
True
"""

from __future__ import annotations

import numpy as np

from ..theory import gene_values, normal_form, solve_sequential, teaching_position
from . import best_per_call


def _time(fn, reps: int = 1, rounds: int = 2) -> float:
    """Best of ``rounds`` timed rounds (after a warm-up call when ``rounds > 1``) of ``reps`` calls, per call."""
    return best_per_call(fn, reps, rounds=rounds, warmup=rounds > 1)


def run(quick: bool = False) -> list[dict]:
    rounds = 1 if quick else 2

    def _t(fn, reps: int = 1) -> float:
        return _time(fn, reps, rounds)

    rows = []
    s2 = teaching_position(2, seed=1)
    s3 = teaching_position(3, seed=2)
    s4 = teaching_position(4, seed=3)
    v2, v3 = [[1, 3], [0, 4]], [[0, 3, 1], [1, 2, 2], [0, 2, 1]]
    v4 = [[0, 3, 1, 2]] * 4
    t = _t(lambda: solve_sequential(s2, v2), 5)
    rows.append({"name": "solve_sequential 2p bids 0..6", "value": t * 1e3, "unit": "ms", "target": None,
                 "note": "backward induction through the engine, 27 positions"})
    t = _t(lambda: solve_sequential(s3, v3))
    rows.append({"name": "solve_sequential 3p bids 0..6", "value": t, "unit": "s", "target": None,
                 "note": f"{solve_sequential(s3, v3).nodes} positions"})
    if not quick:
        t = _t(lambda: solve_sequential(s4, v4, bids=range(4)))
        rows.append({"name": "solve_sequential 4p bids 0..3", "value": t, "unit": "s", "target": None,
                     "note": f"{solve_sequential(s4, v4, bids=range(4)).nodes} positions"})
    t = _t(lambda: normal_form(s3, v3, bids=range(4)).pure_equilibria())
    rows.append({"name": "normal_form 3p bids 0..3 + pure equilibria", "value": t, "unit": "s", "target": None,
                 "note": "1,728 profiles, exact enumeration"})
    nf2 = normal_form(s2, v2)
    t = _t(lambda: nf2.nash_equilibria("support"))
    rows.append({"name": "nashpy support enumeration 2p bids 0..6", "value": t, "unit": "s", "target": None,
                 "note": "14 x 14, after iterated strict dominance"})
    n = 4 if quick else 20
    t = _t(lambda: gene_values(s2, genes=["vial"], n=n, seed=0, progress=False)) / n
    rows.append({"name": "gene value paired sample", "value": t * 1e3, "unit": "ms", "target": None,
                 "note": "2 players, one gene: 1 baseline + 2 'with' playouts to the end, random policy"})
    try:
        import pyspiel

        from ..games.evo2e import openspiel as eo
    except ImportError:  # pragma: no cover
        return rows
    game = eo.load(players=2)
    sims = 1 if quick else 10
    t = _t(lambda: pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)) / sims
    rows.append({"name": "python_evo random_sim_test per game", "value": t, "unit": "s", "target": None,
                 "note": "2 players, serialize=True (checks strings, clones, serialisation at every step)"})
    if not quick:
        from open_spiel.python.algorithms import evaluate_bots, mcts

        def mcts_game():
            ev = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
            bots = [mcts.MCTSBot(game, 2.0, 8, ev, solve=False, random_state=np.random.RandomState(p))
                    for p in range(2)]
            evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(1))

        rows.append({"name": "OpenSpiel MCTS game (8 sims, both seats)", "value": _t(mcts_game), "unit": "s",
                     "target": None, "note": "RandomRolloutEvaluator, 1 rollout"})
    try:
        from ..interop.pettingzoo import env as evo_env
    except ImportError:  # pragma: no cover
        return rows
    e = evo_env(players=2)
    rng = np.random.default_rng(0)

    def episode():
        e.reset(seed=0)
        for _agent in e.agent_iter():
            obs, _r, term, trunc, _i = e.last()
            e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))

    rows.append({"name": "PettingZoo random episode", "value": _t(episode, 2 if quick else 10) * 1e3,
                 "unit": "ms", "target": None, "note": "2 players, masked uniform actions, observations every step"})
    return rows
