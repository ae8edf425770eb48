"""Exact combat odds: one attack for every horn difference, and the die-face breakdown of one fight.

    .venv/bin/python examples/combat_odds.py
"""

import evo_lab
from evo_lab.views.games.evo2e.odds_bridge import combat  # evo_lab.games.evo2e.odds.combat_odds when installed

game = evo_lab.Game(players=2)

print("attack horns vs defence horns -> chance that the attack succeeds")
for att in range(4):
    row = [combat(game, att, dfn)["probability"] for dfn in range(4)]
    print(f"  attack {att}: " + "  ".join(f"{p!s:>4}" for p in row))

r = combat(game, 1, 1, large_horn=True)
print(f"\n1 horn + large horn against 1 horn: {r['probability']} ({float(r['probability']):.1%})")
for face in r["faces"].values():
    print(f"  {face['name']:26} x{face['count']}  {'wins' if face['wins'] else 'fails':5}  {face['contribution']}")
print("\nThe die's face split is an assumed default:", [v for v in game.data.assumed() if v.startswith("die")][:3])
