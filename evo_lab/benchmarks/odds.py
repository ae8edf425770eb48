"""Benchmark section ``odds``: warm exact combat and climate queries, and the exact climate forecast
against a 100,000-sample simulation of the same pile.

>>> rows = run(quick=True)
>>> {r["name"] for r in rows} >= {"combat_odds warm", "climate_forecast warm"}
True
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..games.evo2e import Game
from ..games.evo2e.odds import (
    attack_plan,
    climate,
    combat_odds,
    demo_position,
    simulate_climate,
    survival_risk,
)
from . import best_per_call


def _per_call(fn: Callable[[], object], reps: int) -> float:
    return best_per_call(fn, reps)


def run(quick: bool = False) -> list[dict[str, Any]]:
    """The odds rows: warm and cold exact queries, then the exact forecast against a simulation of the pile."""
    game = Game(players=4)
    reps = 200 if quick else 2000
    rows, t_warm, t_cold = _exact_rows(game, reps, quick)
    rows += _position_rows(reps)
    rows += _simulation_rows(game, quick, t_warm, t_cold)
    return rows


def _exact_rows(game: Game, reps: int, quick: bool) -> tuple[list[dict[str, Any]], float, float]:
    """Combat odds and the climate forecast, warm and cold; also the forecast's warm and cold seconds."""
    t_combat = _per_call(lambda: combat_odds(2, 1, large_horn=True), reps)
    t_warm = _per_call(lambda: climate.climate_forecast(game, 11), reps // 4)

    def cold() -> None:
        climate._forecast_core.cache_clear()
        climate.climate_forecast(game, 11)

    t_cold = _per_call(cold, 20 if quick else 100)
    rows = [
        {
            "name": "combat_odds warm",
            "value": t_combat * 1e6,
            "unit": "us",
            "target": "< 1000 us",
            "note": "one attack with modifiers and the per-face breakdown",
        },
        {
            "name": "climate_forecast warm",
            "value": t_warm * 1e6,
            "unit": "us",
            "target": "< 1000 us",
            "note": "11 rounds from the start: sections, terrain states, game length (memoised core)",
        },
        {
            "name": "climate_forecast cold",
            "value": t_cold * 1e6,
            "unit": "us",
            "target": None,
            "note": "same, cache cleared before every call (the full integer dynamic programme)",
        },
    ]
    return rows, t_warm, t_cold


def _position_rows(reps: int) -> list[dict[str, Any]]:
    """The attack plan and survival risk in the 2-player demo position."""
    pos = demo_position()
    mover = pos.current_player()
    me, target = pos.dinosaurs(mover)[0], pos.dinosaurs(1 - mover)[0]
    t_plan = _per_call(lambda: attack_plan(pos, me, target, movement_points=6), reps // 10)
    t_surv = _per_call(lambda: survival_risk(pos), reps // 10)
    return [
        {
            "name": "attack_plan",
            "value": t_plan * 1e6,
            "unit": "us",
            "target": None,
            "note": "adjacent target, 6 points, 2-player demo position (not memoised across calls)",
        },
        {
            "name": "survival_risk",
            "value": t_surv * 1e6,
            "unit": "us",
            "target": None,
            "note": "every player of the 2-player demo position, climate known",
        },
    ]


def _simulation_rows(game: Game, quick: bool, t_warm: float, t_cold: float) -> list[dict[str, Any]]:
    """A 100,000-sample simulation of the climate pile (extrapolated from 10,000 when ``quick``) and how many
    times slower it is than the exact forecast."""
    n = 10_000 if quick else 100_000
    t = time.perf_counter()
    simulate_climate(game, 11, n=n, seed=0)
    t_sim = time.perf_counter() - t
    if quick:
        t_sim *= 100_000 / n
    return [
        {
            "name": "climate simulation 100k",
            "value": t_sim,
            "unit": "s",
            "target": None,
            "note": ("extrapolated from 10,000 samples" if quick else "100,000 samples")
            + " of the lazy pile with the engine's weights",
        },
        {
            "name": "climate exact/simulation speed ratio (cold)",
            "value": t_sim / t_cold,
            "unit": "x",
            "target": ">= 1000x",
            "note": "100k-sample simulation time / cold exact forecast time",
        },
        {
            "name": "climate exact/simulation speed ratio (warm)",
            "value": t_sim / t_warm,
            "unit": "x",
            "target": ">= 1000x",
            "note": "100k-sample simulation time / warm exact forecast time",
        },
    ]


if __name__ == "__main__":  # pragma: no cover
    for r in run():
        print(f"{r['name']:<45} {r['value']:>12.2f} {r['unit']:<3} target {r['target']}  ({r['note']})")
