"""The interop adapters' error for a missing optional dependency (each adapter needs its own extra).

>>> isinstance(MissingDependencyError("x"), ImportError)
True
"""

from __future__ import annotations

import sys

__all__ = ["MissingDependencyError", "missing_dependency"]


class MissingDependencyError(ImportError):
    """An optional dependency of an adapter is not installed."""


def missing_dependency(message: str) -> MissingDependencyError:
    """The error to raise for a missing optional dependency. Under pytest (``--doctest-modules`` collects the
    adapters) the module is skipped instead, with ``message``, so that test runs stay clean where the wheel
    cannot be installed."""
    if "_pytest" in sys.modules:
        import pytest

        pytest.skip(message, allow_module_level=True)
    return MissingDependencyError(message)
