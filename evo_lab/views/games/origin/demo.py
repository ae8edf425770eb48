"""A real Origin position for tours, screenshots and the browser tests: a seeded game played by the lively bots
(through the public API) until a feeding turn where the player to act has a carnivore with at least two prey of
other players.

>>> tree = attack_tree(seed=1, players=3)
>>> s = tree.state
>>> s.node_name(), len(rival_attacks(s)) >= 2, tree.ply > 30
('feed', True, True)
>>> s.turn >= 2
True
"""

from __future__ import annotations

import numpy as np

from evo_lab.core.protocol import sample_chance
from evo_lab.core.registry import make_game
from evo_lab.core.tree import GameTree
from evo_lab.games.origin.lively import lively_policy
from evo_lab.games.origin.odds import attack_odds
from evo_lab.games.origin.words import owner_of

__all__ = ["attack_tree", "rival_attacks"]


def rival_attacks(state) -> list:
    """The legal attacks of the player to act on other players' animals."""
    me = state.current_player()
    return [a for a in state.legal_actions() if a[0] == "attack" and owner_of(state, a[2]) != me]


def attack_tree(
    seed: int = 1,
    players: int = 3,
    attacks: int = 2,
    min_turn: int = 2,
    defended: bool = True,
    max_actions: int = 5000,
) -> GameTree:
    """The game tree (every move kept) of seeded lively play up to the first feeding decision from turn
    ``min_turn`` on where the player to act has at least ``attacks`` attacks on rivals' animals (one of them on a
    defended animal, one the attack may fail to eat, when ``defended``); ``ValueError`` when the game ends
    first."""
    tree = GameTree(make_game("origin", players=players, seed=seed).new_initial_state())
    rng = np.random.default_rng(seed)
    bots = [lively_policy(np.random.default_rng(seed * 100 + q)) for q in range(players)]
    for _ in range(max_actions):
        s = tree.state
        if s.is_terminal():
            break
        rivals = rival_attacks(s) if s.node_name() == "feed" and s.turn >= min_turn else []
        if len(rivals) >= attacks and (
            not defended or any(attack_odds(s, a[1], a[2]).eaten < 1 for a in rivals)
        ):
            return tree
        tree.play(sample_chance(s, rng) if s.is_chance_node() else bots[s.current_player()](s))
    raise ValueError(f"seed {seed}: no feeding turn with {attacks} attacks on rivals")
