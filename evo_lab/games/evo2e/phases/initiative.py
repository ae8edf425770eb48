"""Initiative phase (rulebook, "Initiative phase").

"All the clan markers are placed on the initiative track at the top of the column they occupied at the end of
the previous phase. Then they are sorted in increasing order by the number of dinosaurs on the board (retaining
the order in the case of a tie)." (ruling R4; :func:`~evo_lab.games.evo2e.rules.initiative_order`)

Step: ``INITIATIVE``. The only decision is a gene's: Adrenaline rush (node ``adrenaline``, in :mod:`..genes`)
lets its owner choose a place after the sort.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import events as E
from .. import ops, rules
from ..flow import INITIATIVE_PHASE, Step, register_step

if TYPE_CHECKING:
    from ..state import State

__all__: list[str] = []


@register_step(Step.INITIATIVE)
def _initiative(s: State) -> bool:
    s.phase = INITIATIVE_PHASE
    track = [s.bids[lot][0] for lot in range(s.game.players)]  # type: ignore[index]  # every lot is held now
    s.order = tuple(rules.initiative_order(track, s.count))
    ops.event(s, E.Initiative("initiative", s.order))
    s.step = Step.MOVEMENT_START
    for bit, hook in s.game.hook_table["initiative"]:
        if any(u & bit for u in s.unique_bits) and hook(s):
            return True
    return False
