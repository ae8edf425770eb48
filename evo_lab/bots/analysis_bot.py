"""``analysis`` for every game: play the best action of :func:`evo_lab.analyse` (the viewer's information only).

The bot runs the analysis board at each decision with a small budget and plays the entry with the highest value
(the expected final-score margin); ``last_analysis`` keeps the :class:`~evo_lab.core.analysis.Analysis`.

>>> import evo_lab
>>> s = evo_lab.make_game("origin", players=2, seed=1).new_initial_state_dealt()
>>> bot = evo_lab.make_bot("analysis", game="origin", seed=1, iterations=40)
>>> bot(s) in s.legal_actions(), bot.last_analysis.playouts <= 40
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.analysis import Analysis, analyse
from .base import Bot, UnknownBotError

__all__ = ["AnalysisBot"]


class AnalysisBot(Bot):
    """Plays the best action of :func:`~evo_lab.core.analysis.analyse`: ``iterations`` playouts per decision
    (default 100) and/or ``seconds``; ``rollout``: ``"game"`` (the game's cheap search policy) or ``"random"``.
    Each analysis is seeded from the bot's generator, so a seeded bot replays exactly with ``iterations``."""

    name = "analysis"
    omniscient = False

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = 100,
        seconds: float | None = None,
        rollout: str | Callable = "game",
    ):
        super().__init__(seed)
        if iterations is None and seconds is None:
            raise UnknownBotError("analysis needs iterations or seconds")
        if iterations is not None and (
            isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1
        ):
            raise UnknownBotError(f"iterations must be a positive integer, got {iterations!r}")
        if seconds is not None and not seconds > 0:
            raise UnknownBotError(f"seconds must be positive, got {seconds!r}")
        if not callable(rollout) and rollout not in ("game", "random"):
            raise UnknownBotError(f"rollout must be 'game' or 'random', got {rollout!r}")
        self.iterations, self.seconds, self.rollout = iterations, seconds, rollout
        self.last_analysis: Analysis | None = None

    @classmethod
    def create(cls, seed: int | None = None, game: str | None = None, **options: Any) -> Bot:
        return cls(seed=seed, **options)

    def act(self, state: Any, player: int) -> Any:
        self.last_analysis = analyse(
            state,
            player,
            iterations=self.iterations,
            seconds=self.seconds,
            seed=int(self.rng.integers(1 << 31)),
            rollout=self.rollout,
        )
        return self.last_analysis.best.action

    def __repr__(self) -> str:
        return f"AnalysisBot(iterations={self.iterations}, seconds={self.seconds}, seed={self.seed})"
