"""Evo 2e's own bots (the kit's ``greedy``, ``lively`` and Evo's ``ismcts``; the generic ``random`` and the
game-agnostic search bot are :mod:`evo_lab.bots`).

=============  =================================================================================================
module         what it holds
=============  =================================================================================================
``greedy``     :class:`GreedyBot` and its documented evaluation (:func:`evaluate`, :func:`expected_after`, ...)
``lively``     :class:`LivelyBot`: dinosaurs that move, fight, lay eggs and die (the demo's players)
``search``     :class:`ISMCTSBot`: information-set MCTS with Evo's hooks (:func:`search_hooks`, rollouts)
=============  =================================================================================================

>>> import evo_lab
>>> s = evo_lab.Game(players=2, seed=1).new_initial_state_dealt()
>>> GreedyBot(seed=0)(s) in s.legal_actions()
True
"""

from .greedy import GreedyBot, evaluate
from .lively import LivelyBot
from .search import ISMCTSBot, search_hooks

__all__ = ["GreedyBot", "ISMCTSBot", "LivelyBot", "evaluate", "search_hooks"]
