"""Scoring and the end of the game (rulebook, "Survival phase" and "Aim of the game"; rulings R13, R14).

"Finally, each player receives one MP for each of his dinosaurs on the game board. Then the next round begins."
"If the meteorite token appears, the game stops immediately and the winner is determined." "The player with the
most [MP] at the end of the game is the winner. In the event of a tie, the player with the most dinosaurs wins.
If the game is still tied, it's a draw."

Steps: ``SCORING`` (then the next round), ``END`` (terminal node ``end``; :func:`~evo_lab.games.evo2e.rules.ranking`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import events as E
from .. import ops, rules
from ..flow import END_PHASE, Step, register_step

if TYPE_CHECKING:
    from ..state import State

__all__: list[str] = []


@register_step(Step.SCORING)
def _scoring(s: State) -> bool:
    per = s.game.data.setup["mp_per_dinosaur"]
    for p in range(s.game.players):
        s.mp[p] += per * s.count[p]
    s.geysers = 0
    ops.event(s, E.Scored("scored", tuple(s.count)))
    s.step = Step.ROUND_START
    return False


@register_step(Step.END)
def _end(s: State) -> bool:
    ops.event(s, E.End("end", tuple(s.mp), tuple(rules.ranking(s.mp, s.count))))
    s.node = "end"
    s.actor = -1
    s.phase = END_PHASE
    return True
