"""The toy race's one phase module (importing it registers its steps and nodes on the flow)."""

from . import race

__all__ = ["race"]
