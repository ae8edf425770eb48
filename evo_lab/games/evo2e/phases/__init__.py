"""The phases of an Evo 2e round, one module each, in the rulebook's order ("Flow of the game").

Each module names its steps (:class:`~evo_lab.games.evo2e.flow.Step`), registers its nodes (what a player
decides or what chance draws there), says how their actions apply and why an action is illegal. Importing this
package registers all of them with :mod:`~evo_lab.games.evo2e.flow`.

=============  ==============================================================================
module         steps / nodes
=============  ==============================================================================
setup          unique genes left out (``exclude``), the starting order (``order``)
climate        the token (``token``), the card window (``climate_cards``), the wheel, ``peek``
mutation       the lots (``gene``), the auction (``bid``), payments, the event card (``card``)
initiative     the track sorted by dinosaurs (Adrenaline rush: ``adrenaline``, in :mod:`..genes`)
movement       movers in track order (``move``), fights (``die``; Chameleon skin: ``chameleon``)
birth          the card window (``birth_cards``), births by egg rounds (``birth``), killer babies
               (``kbdie``), the window after each birth (``newborn_cards``)
survival       the card window (``survival_cards``), deaths to the climate (``survive``)
scoring        1 MP per dinosaur, the end of the game and the ranking
=============  ==============================================================================
"""

from . import birth, climate, initiative, movement, mutation, scoring, setup, survival

__all__ = ["setup", "climate", "mutation", "initiative", "movement", "birth", "survival", "scoring"]
