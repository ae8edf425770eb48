"""North Star's *Evolution* (2014), *Evolution: Climate* and the NEU course-2016 variant on :mod:`evo_lab.core`.

>>> import evo_lab
>>> g = evo_lab.make_game("evolution", players=4, seed=1)
>>> g.options.variant, evo_lab.make_game("evolution", variant="climate").options.climate
('official', True)
>>> evo_lab.make_game("evolution-course2016", players=5).options.variant
'course2016'
"""

from .game import Game
from .rules import GameConfigError, RuleOptions
from .state import State

__all__ = ["Game", "State", "RuleOptions", "GameConfigError"]
