"""The toy race's configuration: players, options (the core options base), seed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from evo_lab.core.errors import FormatError, GameConfigError
from evo_lab.core.game import GameBase
from evo_lab.core.options import RuleOptionsBase, option
from evo_lab.core.registry import check_players

if TYPE_CHECKING:
    from .observer import RaceObserver
    from .state import State  # noqa: F401 - named in the base class: GameBase["State", ...]

__all__ = ["Game", "RaceOptions"]


@dataclass(frozen=True)
class RaceOptions(RuleOptionsBase):
    """The race's rules."""

    #: The square that wins.
    target: int = option(8, choices=(6, 8, 10))
    #: The faces of the die (1 to this).
    faces: int = option(3, choices=(2, 3, 4, 6))


class Game(GameBase["State", RaceOptions]):
    """``Game(players=2, seed=None, options=None)``."""

    name = "toy-race"
    version = 1
    observer: RaceObserver

    def __init__(
        self, players: int = 2, seed: int | None = None, options: Mapping[str, object] | None = None
    ):
        from .observer import RaceObserver
        from .state import State

        self.players = check_players("Toy dice race", players, range(2, 5))
        self.options = RaceOptions.from_dict(options)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise GameConfigError(f"seed must be an integer or None, got {seed!r}")
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.state_class = State
        self.observer = RaceObserver(self)

    def to_dict(self) -> dict[str, object]:
        return {"players": self.players, "options": self.options.to_dict()}

    @classmethod
    def from_dict(cls, d: object) -> Game:
        if not isinstance(d, Mapping):
            raise FormatError("must be an object", "config")
        try:
            return cls(players=d.get("players", 2), options=d.get("options"))
        except GameConfigError as e:
            raise FormatError(str(e), "config") from None
