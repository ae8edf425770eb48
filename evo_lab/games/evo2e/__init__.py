"""Evo (Second Edition), Philippe Keyaerts: the rules engine of evo-lab (registered as ``"evo2e"``).

=================  ==========================================================================================
module             what it holds
=================  ==========================================================================================
``game``           :class:`Game` (board, data pack, :class:`RuleOptions`, seed), :class:`GameConfigError`
``state``          :class:`State`, a thin facade over the modules below
``flow``           the :class:`~.flow.Step` enum and the game's :class:`~evo_lab.core.flow.Flow` (steps, nodes)
``info``           the game's registration (:class:`~evo_lab.core.registry.GameInfo`)
``phases/``        one module per phase: setup, climate, mutation, initiative, movement, birth, survival, scoring
``genes``          the gene registry: numeric effects (data) and flow-changing hooks
``cards``          the event-card registry and the card windows
``observer``       what each player may see (one visibility rule), the tensor layout, determinization
``events``         one ``NamedTuple`` per kind of log event
``notation``       action strings
``records``        positions and records in the shared envelope (version-1 files still read)
``builder``        :func:`build_position` and :class:`Position` with its text form (the counterpart of a FEN)
``datapack``       the rules data with provenance (``evo_lab/data/evo2e/``)
``rules``          small pure rule functions
``board/``         the island: the graph (:class:`~.board.Board`), the file format, the generator
``story``          the game told in words (``words``: Evo 2e's words)
``fuzz``           the random-play fuzzer
``codec``          dense action codes and the observation tensor (``openspiel``: ``python_evo``)
``svg``            the board as SVG
``bots/``          the greedy, lively and ISMCTS bots
``odds/``          exact odds and Monte Carlo what-ifs
``scenarios``      the teachers' presets; ``kit``: the kit module
=================  ==========================================================================================

>>> import evo_lab
>>> s = evo_lab.build_position(players=2, phase="movement", dinosaurs={"P1": ["C3", "C4"], "P2": ["D4", "D5", "E4"]})
>>> s.node_name(), s.current_player(), s.mp_left
('move', 0, 2)
"""

from . import actions, rules
from .actions import Action
from .builder import build_position
from .game import Game, GameConfigError, RuleOptions
from .position import Position
from .state import State
from .flow import PHASES, Step

__all__ = [
    "Action",
    "Game",
    "GameConfigError",
    "RuleOptions",
    "State",
    "PHASES",
    "Step",
    "actions",
    "rules",
    "build_position",
    "Position",
]
