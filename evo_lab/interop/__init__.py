"""Evo in other frameworks: OpenSpiel (``evo_lab.interop.openspiel``, registers ``python_evo``) and PettingZoo
(``evo_lab.interop.pettingzoo``, an AEC environment). Both use the fixed integer encodings of
:mod:`evo_lab.interop.encoding`; import the submodule you need (each needs its own extra)."""

from .encoding import ActionCodec, EncodingError, MissingDependencyError, ObservationEncoder

__all__ = ["ActionCodec", "EncodingError", "MissingDependencyError", "ObservationEncoder"]
