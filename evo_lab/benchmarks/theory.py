"""Benchmark section ``theory``: auction solvers, simulated gene values and the OpenSpiel / PettingZoo adapters.

>>> rows = run(quick=True)
>>> {"solve_sequential 2p bids 0..6", "gene value paired sample"} <= {r["name"] for r in rows}
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ..theory import gene_values, normal_form, solve_sequential, teaching_position
from . import best_per_call


Row = dict[str, Any]


def _time(fn: Callable[[], object], reps: int = 1, rounds: int = 2) -> float:
    """Best of ``rounds`` timed rounds (after a warm-up call when ``rounds > 1``) of ``reps`` calls, per call."""
    return best_per_call(fn, reps, rounds=rounds, warmup=rounds > 1)


def run(quick: bool = False) -> list[Row]:
    """The theory rows: the auction solvers, a gene value sample, then OpenSpiel's and PettingZoo's adapters
    (each only when its package is installed; without OpenSpiel the adapters are not timed)."""
    rounds = 1 if quick else 2
    rows = _solver_rows(quick, rounds)
    spiel = _openspiel_rows(quick, rounds)
    if spiel is None:  # pragma: no cover - the openspiel extra
        return rows
    return rows + spiel + _pettingzoo_rows(quick, rounds)


def _solver_rows(quick: bool, rounds: int) -> list[Row]:
    """Backward induction, the normal form and its equilibria, nashpy, and one paired gene-value sample."""
    s2, s3, s4 = teaching_position(2, seed=1), teaching_position(3, seed=2), teaching_position(4, seed=3)
    v2, v3 = [[1, 3], [0, 4]], [[0, 3, 1], [1, 2, 2], [0, 2, 1]]
    v4 = [[0, 3, 1, 2]] * 4
    rows = [
        {
            "name": "solve_sequential 2p bids 0..6",
            "value": _time(lambda: solve_sequential(s2, v2), 5, rounds) * 1e3,
            "unit": "ms",
            "target": None,
            "note": "backward induction through the engine, 27 positions",
        },
        {
            "name": "solve_sequential 3p bids 0..6",
            "value": _time(lambda: solve_sequential(s3, v3), 1, rounds),
            "unit": "s",
            "target": None,
            "note": f"{solve_sequential(s3, v3).nodes} positions",
        },
    ]
    if not quick:
        t = _time(lambda: solve_sequential(s4, v4, bids=range(4)), 1, rounds)
        rows.append(
            {
                "name": "solve_sequential 4p bids 0..3",
                "value": t,
                "unit": "s",
                "target": None,
                "note": f"{solve_sequential(s4, v4, bids=range(4)).nodes} positions",
            }
        )
    t = _time(lambda: normal_form(s3, v3, bids=range(4)).pure_equilibria(), 1, rounds)
    rows.append(
        {
            "name": "normal_form 3p bids 0..3 + pure equilibria",
            "value": t,
            "unit": "s",
            "target": None,
            "note": "1,728 profiles, exact enumeration",
        }
    )
    nf2 = normal_form(s2, v2)
    t = _time(lambda: nf2.nash_equilibria("support"), 1, rounds)
    rows.append(
        {
            "name": "nashpy support enumeration 2p bids 0..6",
            "value": t,
            "unit": "s",
            "target": None,
            "note": "14 x 14, after iterated strict dominance",
        }
    )
    n = 4 if quick else 20
    t = _time(lambda: gene_values(s2, genes=["vial"], n=n, seed=0, progress=False), 1, rounds) / n
    rows.append(
        {
            "name": "gene value paired sample",
            "value": t * 1e3,
            "unit": "ms",
            "target": None,
            "note": "2 players, one gene: 1 baseline + 2 'with' playouts to the end, random policy",
        }
    )
    return rows


def _openspiel_rows(quick: bool, rounds: int) -> list[Row] | None:
    """OpenSpiel's random_sim_test on ``python_evo`` and (not ``quick``) an MCTS game; ``None`` without
    OpenSpiel."""
    try:
        import pyspiel

        from ..games.evo2e import openspiel as eo
    except ImportError:  # pragma: no cover
        return None
    game = eo.load(players=2)
    sims = 1 if quick else 10
    t = (
        _time(lambda: pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False), 1, rounds)
        / sims
    )
    rows = [
        {
            "name": "python_evo random_sim_test per game",
            "value": t,
            "unit": "s",
            "target": None,
            "note": "2 players, serialize=True (checks strings, clones, serialisation at every step)",
        }
    ]
    if not quick:
        from open_spiel.python.algorithms import evaluate_bots, mcts

        def mcts_game() -> None:
            ev = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
            bots = [
                mcts.MCTSBot(game, 2.0, 8, ev, solve=False, random_state=np.random.RandomState(p))
                for p in range(2)
            ]
            evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(1))

        rows.append(
            {
                "name": "OpenSpiel MCTS game (8 sims, both seats)",
                "value": _time(mcts_game, 1, rounds),
                "unit": "s",
                "target": None,
                "note": "RandomRolloutEvaluator, 1 rollout",
            }
        )
    return rows


def _pettingzoo_rows(quick: bool, rounds: int) -> list[Row]:
    """A PettingZoo episode of masked uniform actions (no rows without PettingZoo)."""
    try:
        from ..interop.pettingzoo import env as evo_env
    except ImportError:  # pragma: no cover
        return []
    e = evo_env(players=2)
    rng = np.random.default_rng(0)

    def episode() -> None:
        e.reset(seed=0)
        for _agent in e.agent_iter():
            obs, _r, term, trunc, _i = e.last()
            e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))

    return [
        {
            "name": "PettingZoo random episode",
            "value": _time(episode, 2 if quick else 10, rounds) * 1e3,
            "unit": "ms",
            "target": None,
            "note": "2 players, masked uniform actions, observations every step",
        }
    ]
