"""The phases Evo first edition changes, one module each: the step handlers it replaces in Evo 2e's flow and its
two chance nodes (registered on :data:`evo_lab.games.evo1e.flow.FLOW`).

A first-edition round (GiochinScatola 1e turn summary): "1. Initiative ... Longest Tail first. If tie, least
Dinos first. 2. Climate ... the first player rolls the die and moves the Climate marker. 3. Movement & Combat
4. Births 5. Survival & Mutation ... a mutation point for each surviving Dino. 6. Meteor & Evolution: Move meteor
one space closer to impact. If space has number, first player rolls die. If greater than number, no impact. Draw
new genes from bag and bid in player order." Movement, births, survival and the auction are Evo 2e's phases; the
handlers here change only where the round goes between them.

=============  ==============================================================================
module         steps replaced / nodes
=============  ==============================================================================
initiative     ``ROUND_START`` (the starting hands, then the round), ``INITIATIVE`` (by tail)
climate        ``CLIMATE_TOKEN`` (the d6: node ``climate_die``), ``PEEK_CLIMATE`` (no peek)
meteor         ``SCORING`` (scoring, then the meteor: node ``meteor``), ``PEEK_MUTATION`` (no peek)
=============  ==============================================================================

>>> import evo_lab
>>> s = evo_lab.make_game("evo1e", players=3, seed=0).new_initial_state()
>>> s.node_name(), s.is_chance_node()
('order', True)
"""

from . import climate, initiative, meteor

__all__ = ["climate", "initiative", "meteor"]
