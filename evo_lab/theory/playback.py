"""Seeded uniformly random play, one step at a time: the positions the lessons' surveys read.

>>> kinds = [s.node_name() for s, a in random_steps(4, players=2) if a is not None][:3]
>>> kinds
['exclude', 'exclude', 'exclude']
>>> for s, a in random_steps(4, players=2):
...     pass
>>> s.is_terminal(), a is None
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from ..core.protocol import sample_chance, uniform_random_policy
from ..games.evo2e import Game, State

__all__ = ["random_steps"]


def random_steps(seed: int, players: int = 3) -> Iterator[tuple[State, Any]]:
    """Play the game ``Game(players, seed)`` with chance and a uniformly random policy, both driven by
    ``numpy.random.default_rng(seed)``, yielding ``(state, action)`` before each action is applied (``state`` is
    the one position object, advanced in place by ``apply_action``; clone it to keep it). The last item is
    ``(final state, None)``."""
    rng = np.random.default_rng(seed)
    s = Game(players=players, seed=seed).new_initial_state()
    policy = uniform_random_policy(rng)
    while not s.is_terminal():
        a = sample_chance(s, rng) if s.is_chance_node() else policy(s)
        yield s, a
        s.apply_action(a)
    yield s, None
