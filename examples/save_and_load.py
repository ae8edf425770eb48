"""Save and load games without Jupyter: a record, a position and a game tree with a variation.

    .venv/bin/python examples/save_and_load.py [--out /tmp/evo-game.json]
"""

import argparse
import json
from pathlib import Path

import evo_lab
from evo_lab.views.widgets.session import Session

ap = argparse.ArgumentParser()
ap.add_argument("--out", type=Path, default=Path("evo-game.json"))
args = ap.parse_args()

s = Session(players=3, seed=11)          # the object behind the notebook explorer
s.play_to("setup")                       # deal: unique genes and turn order
s.play_to("phase")                       # the bots bid in the biology lab
first = s.state.legal_actions()[0]
s.play(first)
s.undo()                                 # back one step ...
s.play(s.state.legal_actions()[-1])      # ... and a different choice: the first line stays as a variation
print("current line ends with:", s.tree.current.text, "| variations:",
      [n.text for bp in s.tree.branch_points() for n in bp.children])

args.out.write_text(s.save("tree"))      # every line; "record" = this line's actions; "position" = the state now
print(f"saved {args.out} ({args.out.stat().st_size} bytes)")

again = Session()
print("loaded an", again.load(args.out.read_text()), "at ply", again.tree.ply)
assert again.state.to_json() == s.state.to_json()

record = json.loads(s.save("record"))
replayed = evo_lab.State.from_record(record)
print("record replays to the same position:", replayed.to_json() == s.state.to_json())
