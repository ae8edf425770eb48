"""Game-agnostic core: the state protocol, typed errors, the weighted draw, observers, the JSON envelope, the
data-pack base, the history tree, the ISMCTS search loop, the flow template (steps and nodes), the rule-options
base, the game registry and the conformance suite.

Nothing here knows any particular game: every game in :mod:`evo_lab.games` builds on it.
"""

from .draw import draw, draw_from, exact
from .errors import EvoLabError, FormatError, GameConfigError, IllegalActionError
from .observer import Observer, Secret
from .protocol import CHANCE, TERMINAL, GameState, apply_random_chance, play_out, sample_chance
from .records import load_position, load_record
from .registry import GameInfo, UnknownGameError, Variant, game_info, make_game, register, registered_games
from .tree import GameTree, Node, load_tree

__all__ = [
    "EvoLabError",
    "FormatError",
    "IllegalActionError",
    "CHANCE",
    "TERMINAL",
    "GameState",
    "sample_chance",
    "apply_random_chance",
    "play_out",
    "GameTree",
    "Node",
    "draw",
    "draw_from",
    "exact",
    "Observer",
    "Secret",
    "load_position",
    "load_record",
    "load_tree",
    "UnknownGameError",
    "make_game",
    "register",
    "registered_games",
    "game_info",
    "GameInfo",
    "Variant",
    "GameConfigError",
]
