"""The Evo 2e data pack, now :mod:`evo_lab.games.evo2e.datapack` (re-exported here).

>>> load_data().setup["dinosaurs_per_player"]
8
"""

from .games.evo2e.datapack import *  # noqa: F401,F403
from .games.evo2e.datapack import __all__, __getattr__  # noqa: F401
