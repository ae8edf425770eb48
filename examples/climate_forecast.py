"""Exact climate forecast: where the wheel will be in the coming rounds and how long the game lasts.

    .venv/bin/python examples/climate_forecast.py [--seed 3]
"""

import argparse

import numpy as np

import evo_lab
from evo_lab.views.games.evo2e.odds_bridge import climate, next_token_outcomes  # evo_lab.games.evo2e.odds when installed

ap = argparse.ArgumentParser()
ap.add_argument("--seed", type=int, default=3)
args = ap.parse_args()

game = evo_lab.Game(players=3, seed=args.seed)
state = game.new_initial_state_dealt(np.random.default_rng(args.seed))
print(f"now: round {state.round}, section {state.section}: {state.terrain_states()}")
print("next token:", ", ".join(f"{tid} {p}" + (f" -> section {s}" if s is not None else "")
                               for tid, p, s in next_token_outcomes(state)))
fc = climate(state)
for r, dist, alive in zip(fc["rounds"], fc["sections"], fc["alive"]):
    top = max(dist, key=dist.get)
    print(f"round {r:2}: played with {alive!s:>5}; most likely section {top} ({dist[top]})")
print("rounds the game lasts:", {k: str(v) for k, v in fc["game_length"].items()})
