"""*Evolution: The Origin of Species* (Эволюция. Происхождение видов, Knorre and Machin, 2010), on the shared core.

``evo_lab.make_game("origin", players=3, seed=1)`` gives an :class:`OriginGame`; its states follow the core protocol
(OpenSpiel-style: ``legal_actions``, ``apply_action`` with strings or tuples, exact ``chance_outcomes``, ``clone``,
JSON positions and records). The rules are split the way the rulebook is:

================  ==========================================================================================
``data``          the deck (20 card types, 84 cards), the traits, the food dice, the setup numbers (provenance)
``rules``         :class:`RuleOptions` and the documented rulings of the open points
``traits``        the trait registry: one entry per trait with its hooks
``flow``          the :class:`~.flow.Step` enum and the game's :class:`~evo_lab.core.flow.Flow` (steps, nodes)
``phases/``       one module per phase: ``setup`` (the first player), ``development`` (phase 1: cards as animals
                  or traits), ``foodbank`` (phase 2: the dice, one exact chance node), ``feeding`` (phase 3: the
                  turn flow; ``attack`` the carnivore kernel, ``sharing`` the paired triggers), ``extinction``
                  (phase 4: deaths, the deal as lazy chance nodes, the last turn), ``scoring`` (points,
                  tie-breaks)
``info``          the game's registration (:class:`~evo_lab.core.registry.GameInfo`)
``observer``      what each player sees; ``notation`` action strings; ``events`` the log; ``positions`` the
                  builder; ``svg`` the drawing; ``bots`` greedy and ISMCTS hooks; ``codec`` dense integers
``odds``          exact odds (food bank, feeding race, attack trees); ``words`` what a person reads;
                  ``scenarios`` teaching presets; ``lively`` the demo's bots
================  ==========================================================================================

>>> import evo_lab
>>> s = evo_lab.make_game("origin", players=2, seed=1).new_initial_state_dealt()
>>> s.phase_name(), len(s.hand(s.current_player())) > 0
('development', True)
"""

from .game import OriginGame
from .positions import act, build_position
from .rules import RULINGS, RuleOptions
from .state import OriginState

Game = OriginGame
State = OriginState

__all__ = ["OriginGame", "OriginState", "Game", "State", "RuleOptions", "RULINGS", "build_position", "act"]
