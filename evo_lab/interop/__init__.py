"""Every kit game in other frameworks: OpenSpiel (``evo_lab.interop.openspiel`` registers ``python_evo``,
``python_evolution``, ``python_origin``, ...) and PettingZoo (``evo_lab.interop.pettingzoo``, AEC environments),
both from each game's :class:`~evo_lab.interop.spec.AdapterSpec` and the fixed integer encodings of the game's codec
(``evo_lab/games/<game>/codec.py``); import the submodule you need (each needs its own extra)."""

from .errors import MissingDependencyError

__all__ = ["MissingDependencyError"]
