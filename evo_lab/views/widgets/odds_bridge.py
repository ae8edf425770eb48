"""Moved to :mod:`evo_lab.views.games.evo2e.odds_bridge` (Evo 2e's view plugin); this name stays for old
imports."""

from __future__ import annotations

from typing import Any

from evo_lab.views.games.evo2e import odds_bridge as _real
from evo_lab.views.games.evo2e.odds_bridge import *  # noqa: F401,F403

__all__ = list(getattr(_real, "__all__", []))


def __getattr__(name: str) -> Any:
    return getattr(_real, name)
