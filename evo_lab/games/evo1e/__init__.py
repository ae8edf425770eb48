"""Evo, first edition (Eurogames/Descartes 2001), as a *variant* of the Evo 2e engine (registered as ``"evo1e"``).

Nothing of Evo 2e is copied: the variant is a data pack (``evo_lab/data/evo1e/``, provenance per value) plus a
:class:`Game` subclass overriding a few named hooks of :class:`evo_lab.games.evo2e.Game` (python-chess's
``variant.py`` model). The flow, the phases, the gene and card registries, the observer, the records and the
builder are Evo 2e's. See ``docs/evo1e.md`` for the rules as implemented and the rulings.

=============  ====================================================================================
module         what it holds
=============  ====================================================================================
``game``       :class:`Game` (the hooks), :class:`Evo1eOptions`, :class:`State`
``flow``       Evo 2e's flow as a variant (:meth:`evo_lab.core.flow.Flow.variant`)
``phases/``    the step handlers 1e replaces (``initiative``: round start and initiative; ``climate``: the
               d6; ``meteor``: scoring and the meteor) and its two chance nodes (``climate_die``, ``meteor``)
``info``       the game's registration (a variant of ``evo2e``; it plays with Evo 2e's view and kit)
=============  ====================================================================================

>>> import evo_lab
>>> g = evo_lab.make_game("evo1e", players=4, seed=1)
>>> s = g.new_initial_state()
>>> g.name, g.data.setup["dinosaurs_per_player"], g.data.setup["starting_mp"], s.count
('evo1e', 10, 10, [1, 1, 1, 1])
"""

from ..evo2e.datapack import register_normal_gene

register_normal_gene("tail", "Evo first edition: the longest tail has initiative (evo1e initiative hook)")
register_normal_gene("card", "Evo first edition: its winner draws an event card (the auction's card hook)")

from .game import Evo1eOptions, Game, State  # noqa: E402

__all__ = ["Game", "State", "Evo1eOptions"]
