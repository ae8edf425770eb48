"""Pure rule functions, now :mod:`evo_lab.games.evo2e.rules` (re-exported here)."""

from ..games.evo2e.rules import *  # noqa: F401,F403
