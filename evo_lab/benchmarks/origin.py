"""Speed of *Evolution: The Origin of Species* beside python-chess, in one run: ``evo-lab bench --game origin``.

Random-policy play (``legal_actions()``, a uniform pick, ``apply_action()``; chance nodes sampled with their exact
weights by the core's ``sample_chance``) over whole games of 2, 3 and 4 players; python-chess random playouts
(``list(board.legal_moves)`` and ``push``) are timed in the same process before and after, and their mean is the
reference. Times are CPU time of this process (``time.process_time``), so other jobs on a shared machine do not
skew the ratio; the target is random-policy decisions/s >= 2x python-chess moves/s.
"""

from __future__ import annotations

import time
import timeit
from typing import Any

import numpy as np

from ..core.protocol import sample_chance
from ..games.origin import OriginState
from .engine import chess_moves_per_second

CLOCK = time.process_time


def random_games(players: int, games: int, seed: int = 0) -> tuple[int, int, int, float]:
    """``games`` uniform-random games; returns (games, decisions, chance outcomes, CPU seconds)."""
    import evo_lab

    game = evo_lab.make_game("origin", players=players, seed=seed)
    rng = np.random.default_rng(seed)
    decisions = chance = 0
    t0 = CLOCK()
    for _ in range(games):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(sample_chance(s, rng))
                chance += 1
            else:
                acts = s.legal_actions()
                s.apply_action(acts[int(rng.random() * len(acts))])
                decisions += 1
    return games, decisions, chance, CLOCK() - t0


def mid_game_state(players: int = 4, seed: int = 3) -> OriginState:
    """A 4-player state in the feeding phase of turn 3 (for the clone and size figures)."""
    import evo_lab

    game = evo_lab.make_game("origin", players=players, seed=seed)
    rng = np.random.default_rng(seed)
    while True:
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.turn >= 3 and s.node_name() == "feed":
                return s
            acts = s.legal_actions()
            s.apply_action(
                sample_chance(s, rng) if s.is_chance_node() else acts[int(rng.random() * len(acts))]
            )


def run(quick: bool = False) -> list[dict[str, Any]]:
    """The rows of ``evo-lab bench --game origin``: random games and decisions per second, clone time and
    position size, python-chess's moves per second before and after, and the ratio."""
    secs = 0.5 if quick else 3.0
    before = chess_moves_per_second(secs / 2, clock=CLOCK)
    rows, dps = _speed_rows(20 if quick else 300)
    rows += _state_rows(quick)
    after = chess_moves_per_second(secs / 2, clock=CLOCK)
    return rows + _chess_rows(before, after, dps)


def _speed_rows(n_games: int) -> tuple[list[dict[str, Any]], float]:
    """Random games per second at 2, 3 and 4 players, and the decisions per second over all of them."""
    rows: list[dict[str, Any]] = []
    total_dec, total_t = 0, 0.0
    for players in (2, 3, 4):
        g, d, c, t = random_games(players, n_games, seed=players)
        total_dec += d
        total_t += t
        rows.append(
            {
                "name": f"random games/s, {players} players",
                "value": g / t,
                "unit": "games/s",
                "target": None,
                "note": f"{g} games, {d / g:.0f} decisions and {c / g:.0f} chance outcomes per game",
            }
        )
    dps = total_dec / total_t
    rows.append(
        {
            "name": "random-policy decisions/s (2-4 players)",
            "value": dps,
            "unit": "decisions/s",
            "target": ">= 2x python-chess moves/s",
            "note": "legal_actions + apply_action + chance sampling",
        }
    )
    return rows, dps


def _state_rows(quick: bool) -> list[dict[str, Any]]:
    """Clone time and position size of a 4-player state feeding in turn 3."""
    s = mid_game_state()
    reps = 500 if quick else 5000
    t = min(timeit.repeat(s.clone, number=reps, repeat=3)) / reps
    return [
        {
            "name": "clone (4 players, turn 3 feeding)",
            "value": t * 1e6,
            "unit": "us",
            "target": None,
            "note": f"{len(s.animal_by_id)} animals on the table",
        },
        {
            "name": "position JSON size (same state)",
            "value": len(s.to_json().encode()),
            "unit": "bytes",
            "target": None,
            "note": "",
        },
    ]


def _chess_rows(before: float | None, after: float | None, dps: float) -> list[dict[str, Any]]:
    """python-chess's random moves per second (the mean of before and after) and Origin's decisions per move."""
    if before is None or after is None:
        return [
            {
                "name": "python-chess random moves/s",
                "value": float("nan"),
                "unit": "moves/s",
                "target": None,
                "note": "python-chess not installed (pip install 'evo-lab[bench]')",
            }
        ]
    cps = (before + after) / 2
    return [
        {
            "name": "python-chess random moves/s (reference)",
            "value": cps,
            "unit": "moves/s",
            "target": None,
            "note": f"list(board.legal_moves) + push; before {before:,.0f}, after {after:,.0f}",
        },
        {
            "name": "origin decisions/s / chess moves/s",
            "value": dps / cps,
            "unit": "x",
            "target": ">= 2",
            "note": "CPU time of this process",
        },
    ]
