"""Engine speed: random-policy decisions and games per second, clone time, position size, with
python-chess's random playouts as the reference (when ``chess`` is installed: the ``bench`` extra)."""

from __future__ import annotations

import time
import timeit
from collections.abc import Callable
from typing import Any

import numpy as np

from ..core.protocol import sample_chance
from ..games.evo2e import Game, State


def random_games(
    players: int, games: int, seed: int = 0, options: dict | None = None
) -> tuple[int, int, float]:
    """Play ``games`` uniform-random games; returns (games, decisions, seconds)."""
    game = Game(players=players, options=options)
    rng = np.random.default_rng(seed)
    decisions = 0
    t0 = time.perf_counter()
    for _ in range(games):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(sample_chance(s, rng))
            else:
                acts = s.legal_actions()
                s.apply_action(acts[int(rng.random() * len(acts))])
                decisions += 1
    return games, decisions, time.perf_counter() - t0


def mid_game_state(players: int = 4, seed: int = 5) -> State:
    """A 4-player state in the movement phase of round 3 (for clone and size figures)."""
    game = Game(players=players)
    rng = np.random.default_rng(seed)
    while True:
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.round >= 3 and s.node_name() == "move":
                return s
            if s.is_chance_node():
                s.apply_action(sample_chance(s, rng))
            else:
                acts = s.legal_actions()
                s.apply_action(acts[int(rng.random() * len(acts))])


def chess_moves(
    seconds: float, seed: int = 0, clock: Callable[[], float] = time.perf_counter
) -> tuple[int, float] | None:
    """python-chess random playouts for ``seconds``: legal-move generation + push; (moves, seconds). ``clock``:
    the timer (``time.process_time`` for CPU time on a shared machine)."""
    try:
        import chess
    except ImportError:
        return None
    rng = np.random.default_rng(seed)
    moves = 0
    t0 = clock()
    while clock() - t0 < seconds:
        b = chess.Board()
        while not b.is_game_over(claim_draw=False) and b.fullmove_number < 200:
            legal = list(b.legal_moves)
            b.push(legal[int(rng.random() * len(legal))])
            moves += 1
    return moves, clock() - t0


def chess_moves_per_second(
    seconds: float = 2.0, seed: int = 0, clock: Callable[[], float] = time.perf_counter
) -> float | None:
    """python-chess random moves per second (``None`` without python-chess)."""
    r = chess_moves(seconds, seed, clock)
    return None if r is None else r[0] / r[1]


def _interleaved(quick: bool) -> dict[str, Any]:
    """Evo's random games (2-5 players, today's rules and evo-lab 0.1's) and python-chess's playouts in turns, so
    that both see the same machine: on a shared machine the load changes from second to second."""
    from ..games.evo2e.game import LEGACY_OPTIONS

    slots = 2 if quick else 8
    n_games = 20 if quick else 200
    tot: dict[str, Any] = {
        "games": dict.fromkeys((2, 3, 4, 5), 0),
        "dec": dict.fromkeys((2, 3, 4, 5), 0),
        "t": dict.fromkeys((2, 3, 4, 5), 0.0),
        "old_d": 0,
        "old_t": 0.0,
        "chess": [0, 0.0],
    }
    for k in range(slots):
        for players in (2, 3, 4, 5):
            g, d, t = random_games(players, n_games // slots, seed=100 * players + k)
            tot["games"][players] += g
            tot["dec"][players] += d
            tot["t"][players] += t
            _, d, t = random_games(
                players, max(1, n_games // (4 * slots)), seed=100 * players + k, options=LEGACY_OPTIONS
            )
            tot["old_d"] += d
            tot["old_t"] += t
        c = chess_moves((0.5 if quick else 3.0) / slots, seed=k)
        if c is not None:
            tot["chess"][0] += c[0]
            tot["chess"][1] += c[1]
    return tot


def run(quick: bool = False) -> list[dict[str, Any]]:
    """The engine's rows: random games and decisions per second, clone time, position size, python-chess."""
    tot = _interleaved(quick)
    rows = _speed_rows(tot)
    rows += _state_rows(quick)
    dps = sum(tot["dec"].values()) / sum(tot["t"].values())
    rows += _chess_rows(tot["chess"], dps)
    return rows


def _speed_rows(tot: dict[str, Any]) -> list[dict[str, Any]]:
    """Random games per second per player count, decisions per second, and the same under evo-lab 0.1's rules."""
    rows: list[dict[str, Any]] = []
    for players in (2, 3, 4, 5):
        g, d, t = tot["games"][players], tot["dec"][players], tot["t"][players]
        rows.append(
            {
                "name": f"random games/s, {players} players",
                "value": g / t,
                "unit": "games/s",
                "target": ">= 50 (4 players)" if players == 4 else None,
                "note": f"{g} games, {d / g:.0f} decisions per game",
            }
        )
    dps = sum(tot["dec"].values()) / sum(tot["t"].values())
    rows.append(
        {
            "name": "random-policy decisions/s (2-5 players)",
            "value": dps,
            "unit": "decisions/s",
            "target": ">= 3x python-chess moves/s",
            "note": "legal_actions + apply_action + chance sampling",
        }
    )
    rows.append(
        {
            "name": "  the same under evo-lab 0.1's rules",
            "value": tot["old_d"] / tot["old_t"],
            "unit": "decisions/s",
            "target": None,
            "note": "LEGACY_OPTIONS: card windows ask holders only (fewer, dearer decisions)",
        }
    )
    return rows


def _state_rows(quick: bool) -> list[dict[str, Any]]:
    """Clone time and position size of a 4-player state in round 3."""
    s = mid_game_state()
    reps = 2000 if quick else 20000
    t = min(timeit.repeat(s.clone, number=reps, repeat=3)) / reps
    size = len(s.to_json().encode())
    return [
        {"name": "clone (4 players, round 3)", "value": t * 1e6, "unit": "us", "target": "< 20", "note": ""},
        {
            "name": "position JSON size (4 players)",
            "value": size,
            "unit": "bytes",
            "target": "< 4096",
            "note": "",
        },
    ]


def _chess_rows(chess: list[float], dps: float) -> list[dict[str, Any]]:
    """python-chess's random moves per second (the reference) and Evo's decisions per chess move."""
    moves, secs = chess
    if not moves:
        return [
            {
                "name": "python-chess random moves/s",
                "value": float("nan"),
                "unit": "moves/s",
                "target": None,
                "note": "python-chess not installed (pip install 'evo-lab[bench]')",
            }
        ]
    cps = moves / secs
    return [
        {
            "name": "python-chess random moves/s (reference)",
            "value": cps,
            "unit": "moves/s",
            "target": None,
            "note": "list(board.legal_moves) + push, in turns with evo's games",
        },
        {
            "name": "evo decisions/s / chess moves/s",
            "value": dps / cps,
            "unit": "x",
            "target": ">= 3",
            "note": "",
        },
    ]
