"""The Evo 2e data pack, now :mod:`evo_lab.games.evo2e.datapack` (re-exported here).

>>> load_data().setup["dinosaurs_per_player"]
8
"""

from typing import Any

from .games.evo2e import datapack as _pack
from .games.evo2e.datapack import (  # noqa: F401 - re-exported
    CLIMATE_STATES, LEGACY_SETUP_KEYS, NORMAL_GENE_IDS, PROVENANCE_LEVELS, SETUP_KEYS,
                                   DataError, DataPack, DieSymbol, EventCard, Gene, TokenKind, UniqueGene,
                                   WheelSection, load_data)

__all__ = list(_pack.__all__)


def __getattr__(name: str) -> Any:  # UNIQUE_GENE_IDS, EVENT_EFFECTS: derived from the registries on each use
    return getattr(_pack, name)
