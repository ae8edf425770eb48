"""Play a seeded 4-player game with bots, tell its first moves, and print the result (no Jupyter needed).

    .venv/bin/python examples/play_game.py [--seed 1] [--players 4]
"""

import argparse

import numpy as np

import evo_lab
from evo_lab.views.widgets.session import make_policy


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    game = evo_lab.Game(players=args.players, seed=args.seed)
    state = game.new_initial_state()
    rng = np.random.default_rng(args.seed)
    policy = make_policy("greedy" if "greedy" in _bots() else "random", seed=args.seed)  # evo_lab.bots when present
    told = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = evo_lab.sample_chance(state, rng)
            words = state.action_to_string(action)
        else:
            action = policy(state)
            words = f"P{state.current_player() + 1}: {state.describe_action(action)}"
        if told < 25 and state.phase_name() != "setup":
            print(f"round {state.round} {state.phase_name():10} {words}")
            told += 1
        state.apply_action(action)
    print("...")
    print(state)
    print("winners:", ", ".join(f"P{p + 1}" for p in state.winners()), f"after {len(state.history())} actions")


def _bots() -> list[str]:
    from evo_lab.views.widgets.session import bot_names

    return bot_names()


if __name__ == "__main__":
    main()
