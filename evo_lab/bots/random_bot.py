"""``random``: picks uniformly among the legal actions (the baseline every other bot must beat).

>>> import evo_lab
>>> from evo_lab.bots import RandomBot
>>> s = evo_lab.Game(players=3, seed=2).new_initial_state_dealt()
>>> RandomBot(seed=0)(s) in s.legal_actions()
True
"""

from __future__ import annotations

from typing import Any

from .base import Bot


class RandomBot(Bot):
    """Uniformly random legal actions; seeded, so a game with random bots replays exactly."""

    name = "random"
    omniscient = False

    def act(self, state: Any, player: int) -> Any:
        acts = state.legal_actions()
        return acts[int(self.rng.random() * len(acts))]
