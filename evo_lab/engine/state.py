"""``State``, now :mod:`evo_lab.games.evo2e.state` (re-exported here with the constants old code imported)."""

from ..games.evo2e.flow import (BIRTH_PHASE, CHANCE_NODES, CLIMATE, END_PHASE, INITIATIVE_PHASE, MOVEMENT, MUTATION,
                                PHASES, SETUP, SURVIVAL)
from ..games.evo2e.phases.mutation import EMPTY_LOT, EVENT_LOT
from ..games.evo2e.rules import CLIMATE_STATE_NAMES
from ..games.evo2e.state import State

#: Slots of the normal genes in ``state.genes`` (``player * 6 + slot``).
LEGS, HORN, EGG, THERMO, FUR, VIAL = range(6)

__all__ = ["State", "PHASES", "CHANCE_NODES", "EMPTY_LOT", "EVENT_LOT", "CLIMATE_STATE_NAMES", "SETUP", "CLIMATE",
           "MUTATION", "INITIATIVE_PHASE", "MOVEMENT", "BIRTH_PHASE", "SURVIVAL", "END_PHASE", "LEGS", "HORN", "EGG",
           "THERMO", "FUR", "VIAL"]
