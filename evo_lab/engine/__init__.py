"""The Evo 2e rules engine: ``Game`` (static configuration) and ``State`` (one node of the game tree)."""

from . import actions, rules
from .actions import Action
from .game import Game, GameConfigError, RuleOptions
from .state import PHASES, State

__all__ = ["Action", "Game", "GameConfigError", "RuleOptions", "State", "PHASES", "actions", "rules"]
