"""The phases of Origin of Species, one module each, in the rulebook's order (seed 001, "Game turn structure").

Each module holds the rules of its phase, registers its nodes (what a player decides or what chance draws there)
and the step that starts it with :data:`~evo_lab.games.origin.flow.FLOW`. Importing this package registers all of
them.

=============  ==============================================================================
module         steps / nodes
=============  ==============================================================================
setup          the first player by lot (``first``); the opening deal is the extinction phase's
development    ``DEVELOPMENT``: cards as animals or traits (``develop``)
foodbank       the dice fill the bank (``food``)
feeding        ``FEEDING``: eating turns (``feed``), defences (``defend``), paired triggers (``share``),
               the Running die (``run``); the carnivore kernel is :mod:`..attack`, food :mod:`..sharing`
extinction     ``EXTINCTION``: deaths, tokens off, the deal one card at a time (``deal``), the last turn
scoring        ``SCORING``: points, tie-breaks, the roll-off (``rolloff``), the end
=============  ==============================================================================
"""

from . import development, extinction, feeding, foodbank, scoring, setup

__all__ = ["development", "extinction", "feeding", "foodbank", "scoring", "setup"]
