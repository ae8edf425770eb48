"""Engine speed: random-policy decisions and games per second, clone time, position size, with
python-chess's random playouts as the reference (when ``chess`` is installed: the ``bench`` extra)."""

from __future__ import annotations

import time
import timeit

import numpy as np

from ..core.protocol import sample_chance
from ..games.evo2e import Game


def random_games(players: int, games: int, seed: int = 0, options: dict | None = None) -> tuple[int, int, float]:
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


def mid_game_state(players: int = 4, seed: int = 5):
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


def chess_moves_per_second(seconds: float = 2.0, seed: int = 0) -> float | None:
    """python-chess random playouts: legal-move generation + push, moves per second."""
    try:
        import chess
    except ImportError:
        return None
    rng = np.random.default_rng(seed)
    moves = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        b = chess.Board()
        while not b.is_game_over(claim_draw=False) and b.fullmove_number < 200:
            legal = list(b.legal_moves)
            b.push(legal[int(rng.random() * len(legal))])
            moves += 1
    return moves / (time.perf_counter() - t0)


def run(quick: bool = False) -> list[dict]:
    rows: list[dict] = []
    n_games = 20 if quick else 200
    total_dec, total_t = 0, 0.0
    for players in (2, 3, 4, 5):
        g, d, t = random_games(players, n_games, seed=players)
        total_dec += d
        total_t += t
        rows.append({"name": f"random games/s, {players} players", "value": g / t, "unit": "games/s",
                     "target": ">= 50 (4 players)" if players == 4 else None,
                     "note": f"{g} games, {d / g:.0f} decisions per game"})
    dps = total_dec / total_t
    rows.append({"name": "random-policy decisions/s (2-5 players)", "value": dps, "unit": "decisions/s",
                 "target": ">= 3x python-chess moves/s", "note": "legal_actions + apply_action + chance sampling"})
    from ..games.evo2e.game import LEGACY_OPTIONS

    old_d, old_t = 0, 0.0
    for players in (2, 3, 4, 5):  # like for like with evo-lab 0.1: no card-window passes of non-holders
        _, d, t = random_games(players, max(5, n_games // 4), seed=players, options=LEGACY_OPTIONS)
        old_d, old_t = old_d + d, old_t + t
    rows.append({"name": "  the same under evo-lab 0.1's rules", "value": old_d / old_t, "unit": "decisions/s",
                 "target": None, "note": "LEGACY_OPTIONS: card windows ask holders only (fewer, dearer decisions)"})
    s = mid_game_state()
    reps = 2000 if quick else 20000
    t = min(timeit.repeat(s.clone, number=reps, repeat=3)) / reps
    rows.append({"name": "clone (4 players, round 3)", "value": t * 1e6, "unit": "us", "target": "< 20", "note": ""})
    size = len(s.to_json().encode())
    rows.append({"name": "position JSON size (4 players)", "value": size, "unit": "bytes", "target": "< 4096", "note": ""})
    cps = chess_moves_per_second(0.5 if quick else 3.0)
    if cps is None:
        rows.append({"name": "python-chess random moves/s", "value": float("nan"), "unit": "moves/s", "target": None,
                     "note": "python-chess not installed (pip install 'evo-lab[bench]')"})
    else:
        rows.append({"name": "python-chess random moves/s (reference)", "value": cps, "unit": "moves/s", "target": None,
                     "note": "list(board.legal_moves) + push"})
        rows.append({"name": "evo decisions/s / chess moves/s", "value": dps / cps, "unit": "x", "target": ">= 3",
                     "note": ""})
    return rows
