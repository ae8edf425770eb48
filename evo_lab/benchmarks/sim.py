"""Simulation speed for ``evo-lab bench``: tournament games per second (random and greedy lineups), an ISMCTS
decision, and the speed-up of a 2-worker pool (processes; Dask when not ``quick``) over one core, with the
results checked equal. The full 20,000-game Dask comparison is ``scripts/bench_scale.py``."""

from __future__ import annotations

import time

from ..sim import simulate


def _timed(**kw):
    """Run ``simulate``; the time is its own ``timing["seconds"]`` (a Dask cluster's start-up excluded)."""
    r = simulate(progress=False, **kw)
    return r, r.timing["seconds"]


def run(quick: bool = False) -> list[dict]:
    rows = []
    n = 200 if quick else 2000
    serial, t1 = _timed(players=4, games=n, bots=("random",) * 4, seed=1, executor="serial")
    rows.append(
        {
            "name": "random 4p games, one core",
            "value": n / t1,
            "unit": "games/s",
            "target": None,
            "note": f"{n} games, seed 1",
        }
    )
    pool, t2 = _timed(players=4, games=n, bots=("random",) * 4, seed=1, executor="process", workers=2)
    same = "identical results" if pool == serial else "RESULTS DIFFER"
    rows.append(
        {
            "name": "random 4p games, 2-process pool",
            "value": t1 / t2,
            "unit": "x speed-up",
            "target": None if quick else ">= 1.8 (on 2 free cores)",
            "note": same + (", quick: too few games to amortise the pool's start-up" if quick else ""),
        }
    )
    if not quick:
        dask, t3 = _timed(players=4, games=n, bots=("random",) * 4, seed=1, executor="dask", workers=2)
        rows.append(
            {
                "name": "random 4p games, 2-worker local Dask",
                "value": t1 / t3,
                "unit": "x speed-up",
                "target": ">= 1.8 (20,000 games: scripts/bench_scale.py)",
                "note": ("identical results" if dask == serial else "RESULTS DIFFER")
                + ", cluster start-up excluded",
            }
        )
    g = 20 if quick else 100
    _, t4 = _timed(players=4, games=g, bots=("greedy",) * 4, seed=2, executor="serial")
    rows.append(
        {
            "name": "greedy 4p games, one core",
            "value": g / t4,
            "unit": "games/s",
            "target": None,
            "note": f"{g} games",
        }
    )
    import numpy as np

    from ..games.evo2e.bots import ISMCTSBot
    from ..core.protocol import apply_random_chance
    from ..games.evo2e import Game

    s = Game(players=4, seed=3).new_initial_state()
    apply_random_chance(s, np.random.default_rng(3))
    bot = ISMCTSBot(iterations=100, seed=0)
    k = 3 if quick else 10
    t0 = time.perf_counter()
    for _ in range(k):
        bot.search(s)
    rows.append(
        {
            "name": "ismcts decision, 100 iterations",
            "value": (time.perf_counter() - t0) / k * 1000,
            "unit": "ms",
            "target": None,
            "note": "4 players, first bid of the game",
        }
    )
    return rows
