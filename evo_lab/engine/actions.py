"""Actions, now :mod:`evo_lab.games.evo2e.actions` (re-exported here)."""

from ..games.evo2e.actions import *  # noqa: F401,F403
from ..games.evo2e.actions import Action  # noqa: F401
