"""The analysis board's figures: ``evo-lab bench --section analysis``.

* **speed**: for each registered game, a seeded set of mid-game positions (random play for ``moves`` actions from
  a seeded deal, then the next decision with a choice); :func:`evo_lab.analyse` with ``seconds=5``; the time until
  the stopping rule is met (the best action separated at 95% from every other, or equivalent within the tolerance:
  ``Analysis.decided``), 5 s when it is not. The target: median <= 5 s.
* **strength**: the ``analysis`` bot (``iterations`` playouts per decision) against the game's ``greedy`` bot,
  two players, seats alternating, seeded; the analysis bot's win share with a Wilson 95% interval.

Wall-clock seconds (the racing rule stops on time, so the machine's load matters).
"""

from __future__ import annotations

import statistics
from typing import Any

import numpy as np

from ..core.protocol import sample_chance

#: The games of the strength rows (a game without a ``greedy`` bot is skipped).
MATCH_GAMES = ("evo2e", "evolution", "origin")


def mid_game(gid: str, seed: int, moves: int = 60, players: int | None = None) -> Any:
    """A seeded mid-game decision of ``gid``: random play for ``moves`` actions, then the next decision node with
    more than one legal action (``None`` if the game ends first)."""
    import evo_lab
    from evo_lab.core.registry import game_info

    n_players = players or max(game_info(gid).min_players, 2)
    s = evo_lab.make_game(gid, players=n_players, seed=seed).new_initial_state()
    rng = np.random.default_rng(seed)
    n = 0
    while not s.is_terminal():
        if not s.is_chance_node() and n >= moves and len(s.legal_actions()) > 1:
            return s
        acts = s.legal_actions()
        s.apply_action(sample_chance(s, rng) if s.is_chance_node() else acts[int(rng.random() * len(acts))])
        n += 1
    return None


def time_to_decide(
    gid: str, positions: int, seconds: float = 5.0, first_seed: int = 0
) -> tuple[list[float], int, list[int], float]:
    """Seconds until :func:`evo_lab.analyse` is decided on each of ``positions`` seeded mid-game positions
    (``seconds`` when it is not), how many were decided, the playouts each used, and the process's CPU seconds
    per playout (the load-independent cost; wall-clock seconds grow with the machine's load)."""
    import time

    import evo_lab

    times: list[float] = []
    playouts: list[int] = []
    decided, seed, cpu = 0, first_seed, 0.0
    while len(times) < positions:
        s = mid_game(gid, seed)
        seed += 1
        if s is None:
            continue
        c0 = time.process_time()
        a = evo_lab.analyse(s, seconds=seconds, seed=seed)
        cpu += time.process_time() - c0
        times.append(a.seconds if a.decided else seconds)
        playouts.append(a.playouts)
        decided += a.decided
    return times, decided, playouts, cpu / max(1, sum(playouts))


def match(gid: str, games: int, iterations: int, seed: int = 0) -> list[float]:
    """The ``analysis`` bot's win share in each of ``games`` two-player games against ``greedy`` (seats
    alternate; game ``g`` is seeded ``seed + g``)."""
    import evo_lab
    from evo_lab.bots import as_policy, make_bot

    shares = []
    for g in range(seed, seed + games):
        seat = g % 2
        bots = [make_bot("greedy", game=gid, seed=g), make_bot("greedy", game=gid, seed=g)]
        bots[seat] = make_bot("analysis", game=gid, seed=g, iterations=iterations)
        s = evo_lab.make_game(gid, players=2, seed=g).new_initial_state()
        evo_lab.play_out(s, as_policy(bots), np.random.default_rng(g))
        w = s.winners()
        shares.append(1 / len(w) if seat in w else 0.0)
    return shares


def run(quick: bool = False) -> list[dict]:
    import evo_lab
    from evo_lab.stats import wilson_interval

    rows: list[dict] = []
    positions = 2 if quick else 5
    for gid in evo_lab.registered_games():
        times, decided, playouts, cpu = time_to_decide(gid, positions)
        rows.append(
            {
                "name": f"{gid}: median seconds to decide",
                "value": statistics.median(times),
                "unit": "s",
                "target": "<= 5",
                "note": f"{decided}/{positions} positions decided within 5 s; playouts "
                f"{playouts}; {1000 * cpu:.1f} ms CPU a playout; times {[round(t, 2) for t in times]}",
            }
        )
    games, iterations = (2, 100) if quick else (20, 100)
    for gid in MATCH_GAMES[-1:] if quick else MATCH_GAMES:
        shares = match(gid, games, iterations)
        lo, hi = wilson_interval(sum(shares), len(shares))
        rows.append(
            {
                "name": f"{gid}: analysis ({iterations} playouts) vs greedy",
                "value": sum(shares) / games,
                "unit": "win share",
                "target": "> 0.5",
                "note": f"{games} games, 95% interval [{lo:.2f}, {hi:.2f}]",
            }
        )
    return rows
