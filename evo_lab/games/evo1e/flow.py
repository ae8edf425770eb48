"""The flow of Evo first edition: Evo 2e's :data:`~evo_lab.games.evo2e.flow.FLOW` as a variant
(:meth:`evo_lab.core.flow.Flow.variant`): the same steps and nodes, with the handlers of the steps the first
edition plays differently replaced by its phase modules (:mod:`.phases`), and two chance nodes of its own.

>>> import evo_lab
>>> from evo_lab.games.evo2e.flow import FLOW as EVO2E, Step
>>> g1 = evo_lab.make_game("evo1e", players=3, seed=1)
>>> g1.flow is FLOW, sorted(k.value for k in FLOW.steps if FLOW.steps[k] is not EVO2E.steps[k])
(True, ['climate_token', 'initiative', 'peek_climate', 'peek_mutation', 'round_start', 'scoring'])
>>> sorted(row.node for row in FLOW.table(variant="evo1e") if FLOW.nodes[row.node].variant == "evo1e")
['climate_die', 'meteor']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.flow import Flow
from ..evo2e import cards, genes, phases  # noqa: F401 - Evo 2e's steps and nodes are all registered first
from ..evo2e.flow import FLOW as EVO2E_FLOW

if TYPE_CHECKING:
    from ..evo2e.actions import Action
    from ..evo2e.state import State

__all__ = ["FLOW"]

#: Evo first edition's flow (its phase modules replace some steps and add their nodes when imported, below).
FLOW: Flow[State, Action] = EVO2E_FLOW.variant("evo1e")

from . import phases as _phases  # noqa: E402 (the phases register on FLOW, so they come after it)

_ = _phases
