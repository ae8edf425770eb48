"""Evo 2e's observer, now :mod:`evo_lab.games.evo2e.observer` (re-exported here)."""

from ..games.evo2e.observer import EvoObserver, TensorLayout

__all__ = ["EvoObserver", "TensorLayout"]
