"""``Game``, now :mod:`evo_lab.games.evo2e.game` (re-exported here)."""

from ..games.evo2e.game import Game, GameConfigError, RuleOptions

__all__ = ["Game", "GameConfigError", "RuleOptions"]
