"""Evolution speed: random-policy decisions per second (legal_actions + apply_action, chance sampling
included in the time) for the three variants, clone time and position size, beside python-chess's random
playouts measured in the same run (``evo-lab bench --game evolution``)."""

from __future__ import annotations

import time
import timeit

import numpy as np

from ..core.protocol import play_out
from .engine import chess_moves_per_second


def random_games(variant: str, players: int, games: int, seed: int = 0) -> tuple[int, int, float]:
    """Play ``games`` uniform-random games; returns (games, decisions, seconds)."""
    from ..games.evolution import Game

    game = Game(players=players, variant=variant)
    rng = np.random.default_rng(seed)
    decisions = [0]

    def policy(s: object) -> object:
        decisions[0] += 1
        acts = s.legal_actions()  # type: ignore[attr-defined]
        return acts[int(rng.random() * len(acts))]

    t0 = time.perf_counter()
    for _ in range(games):
        play_out(game.new_initial_state(), policy, rng)
    return games, decisions[0], time.perf_counter() - t0


def mid_game_state(players: int = 4, seed: int = 5):
    """A 4-player official state in the feeding phase of round 3 (for clone and size figures)."""
    from ..core.protocol import uniform_random_policy
    from ..games.evolution import Game

    rng = np.random.default_rng(seed)
    while True:
        s = Game(players=players).new_initial_state()
        play_out(
            s,
            uniform_random_policy(rng),
            rng,
            stop=lambda st: st.round >= 3 and st.phase == "feed" and not st.is_chance_node(),
        )
        if not s.is_terminal():
            return s


def run(quick: bool = False) -> list[dict]:
    rows: list[dict] = []
    n_games = 10 if quick else 100
    total_dec, total_t = 0, 0.0
    plan = [("official", p) for p in (2, 3, 4, 5, 6)] + [("climate", 4), ("course2016", 5)]
    for variant, players in plan:
        g, d, t = random_games(variant, players, n_games, seed=players)
        if variant == "official":
            total_dec += d
            total_t += t
        rows.append(
            {
                "name": f"random games/s, {variant} {players}p",
                "value": g / t,
                "unit": "games/s",
                "target": None,
                "note": f"{g} games, {d / g:.0f} decisions/game, {d / t:,.0f} decisions/s",
            }
        )
    dps = total_dec / total_t
    rows.append(
        {
            "name": "random-policy decisions/s (official, 2-6 players)",
            "value": dps,
            "unit": "decisions/s",
            "target": ">= 2x python-chess moves/s",
            "note": "legal_actions + apply_action + chance sampling",
        }
    )
    s = mid_game_state()
    reps = 2000 if quick else 20000
    t = min(timeit.repeat(s.clone, number=reps, repeat=3)) / reps
    rows.append(
        {"name": "clone (4 players, round 3)", "value": t * 1e6, "unit": "us", "target": None, "note": ""}
    )
    rows.append(
        {
            "name": "position JSON size (4 players)",
            "value": len(s.to_json().encode()),
            "unit": "bytes",
            "target": None,
            "note": "",
        }
    )
    cps = chess_moves_per_second(0.5 if quick else 3.0)
    if cps is None:
        rows.append(
            {
                "name": "python-chess random moves/s",
                "value": float("nan"),
                "unit": "moves/s",
                "target": None,
                "note": "python-chess not installed (pip install 'evo-lab[bench]')",
            }
        )
    else:
        rows.append(
            {
                "name": "python-chess random moves/s (reference)",
                "value": cps,
                "unit": "moves/s",
                "target": None,
                "note": "list(board.legal_moves) + push",
            }
        )
        rows.append(
            {
                "name": "evolution decisions/s / chess moves/s",
                "value": dps / cps,
                "unit": "x",
                "target": ">= 2",
                "note": "",
            }
        )
    return rows
