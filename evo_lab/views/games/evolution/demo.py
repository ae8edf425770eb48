"""A real Evolution position for tours, screenshots and the browser tests: a seeded game played by random bots
(through the public API) until a feeding turn where the player to act has at least two attacks.

>>> tree = attack_tree(seed=4, players=3)
>>> s = tree.state
>>> s.phase, sum(a[0] == "attack" for a in s.legal_actions()) >= 2, tree.ply > 100
('feed', True, True)
"""

from __future__ import annotations

import numpy as np

from evo_lab.core.protocol import sample_chance
from evo_lab.core.registry import make_game
from evo_lab.core.tree import GameTree
from evo_lab.views.games.base import random_policy

__all__ = ["attack_tree"]


def attack_tree(
    seed: int = 4, players: int = 3, attacks: int = 2, min_round: int = 2, max_actions: int = 5000
) -> GameTree:
    """The game tree (every move kept) of seeded random play up to the first feeding turn from round
    ``min_round`` on where the player to act has at least ``attacks`` attack actions; raises ``ValueError``
    when the game ends first (try another seed)."""
    tree = GameTree(make_game("evolution", players=players, seed=seed).new_initial_state())
    rng = np.random.default_rng(seed)
    policy = random_policy(seed + 1)
    for _ in range(max_actions):
        s = tree.state
        if s.is_terminal():
            break
        if (
            s.phase == "feed"
            and s.round >= min_round
            and not s.is_chance_node()
            and sum(a[0] == "attack" for a in s.legal_actions()) >= attacks
        ):
            return tree
        tree.play(sample_chance(s, rng) if s.is_chance_node() else policy(s))
    raise ValueError(f"seed {seed}: no feeding turn with {attacks} attacks from round {min_round} on")
