"""The phases of an Evolution round, one module each, in the rulebook's order (seed 003 lines 84-182).

Each module holds the rules of its phase (written on a *table*: the state, or the course harness's configuration)
and registers its nodes and steps with :data:`~evo_lab.games.evolution.flow.FLOW`. Importing this package
registers all of them.

=============  ==============================================================================
module         steps / nodes
=============  ==============================================================================
deal           the deck as exact, lazy chance nodes (``draw``): the deal, cards owed, the deck's end
food_cards     ``FOOD_CARDS``: each player puts a food card face down (``food``)
play_cards     traits, new species, body size, population (``play``)
reveal         ``REVEAL``: traits flip, start-of-feeding traits, plant food
feeding        ``FEEDING``: the next feeder; eating, attacks, fat (``feed``; Intelligence ``discard``)
before_eating  ``BEFORE_EATING``: a non-Carnivore's Intelligence before the feeding (``intelligence``)
scoring        ``END_ROUND``: populations, bags, the end of the game, the next round; scores
climate        Evolution: Climate: the track, the climate at the reveal, event cards (``event``)
=============  ==============================================================================
"""

from . import before_eating, climate, deal, feeding, food_cards, play_cards, reveal, scoring

__all__ = ["before_eating", "climate", "deal", "feeding", "food_cards", "play_cards", "reveal", "scoring"]
