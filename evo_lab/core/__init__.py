"""Game-agnostic core: the state protocol, typed errors, chance sampling and the history tree.

Nothing here knows Evo: any game whose states offer the OpenSpiel-style methods listed in
:class:`GameState` (current_player, legal_actions, apply_action, chance_outcomes, clone, ...) can use the
history tree, the samplers and the bots' search code.
"""

from .errors import EvoLabError, FormatError, IllegalActionError
from .protocol import CHANCE, TERMINAL, GameState, sample_chance, apply_random_chance, play_out
from .tree import GameTree, Node

__all__ = [
    "EvoLabError", "FormatError", "IllegalActionError", "CHANCE", "TERMINAL", "GameState",
    "sample_chance", "apply_random_chance", "play_out", "GameTree", "Node",
]
