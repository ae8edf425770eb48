#!/usr/bin/env python3
"""Compute lesson 06's two long results and ship them in ``evo_lab/data/lessons/lesson06.json``:

* the match of evo-lab's ISMCTS (fair: it searches over what its player knows) against OpenSpiel's ``MCTSBot``
  (omniscient: it searches from a clone of the true state), seats alternating, seeded
  (:func:`evo_lab.lessons.spiel_match.match`);
* the learning curve of the REINFORCE learner against a random opponent, evaluated on fixed seeded games
  (:func:`evo_lab.lessons.rl.train`).

    python scripts/lesson06_data.py                 # the lesson's settings (a few minutes)
    python scripts/lesson06_data.py --games 4 --episodes 100 --out /tmp/l06.json   # a quick look

Everything is seeded: the same settings write the same file. The notebook loads the file and prints this command.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "evo_lab" / "data" / "lessons" / "lesson06.json"
#: The lesson's settings.
MATCH = {"games": 30, "mcts_simulations": 16, "ismcts_iterations": 40}
LEARNING = {"episodes": 3000, "lr": 0.1, "seed": 1, "eval_every": 250, "eval_games": 100, "eval_seed": 50_000}


def build(match_settings: dict, learning_settings: dict, progress: bool = True) -> dict:
    from evo_lab.lessons.rl import FEATURES, train
    from evo_lab.lessons.spiel_match import match

    t0 = time.perf_counter()
    rows = match(
        match_settings["games"],
        match_settings["mcts_simulations"],
        match_settings["ismcts_iterations"],
        progress=progress,
    )
    t1 = time.perf_counter()
    curve = train(**learning_settings)
    t2 = time.perf_counter()
    if progress:
        print(f"match {t1 - t0:.0f} s, learning {t2 - t1:.0f} s", file=sys.stderr)
    return {
        "generator": "scripts/lesson06_data.py",
        "command": "python scripts/lesson06_data.py",
        "match": {**match_settings, "rows": rows},
        "learning": {**learning_settings, "features": list(FEATURES), "curve": curve.to_dict()},
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=MATCH["games"])
    ap.add_argument("--episodes", type=int, default=LEARNING["episodes"])
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    data = build({**MATCH, "games": args.games}, {**LEARNING, "episodes": args.episodes})
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print("wrote", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
