"""The Evo 2e engine, now in :mod:`evo_lab.games.evo2e` (this package re-exports it, so old imports work)."""

from ..games.evo2e import PHASES, Action, Game, GameConfigError, RuleOptions, State, actions, rules

__all__ = ["Action", "Game", "GameConfigError", "RuleOptions", "State", "PHASES", "actions", "rules"]
