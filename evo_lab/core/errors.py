"""Typed errors shared by every game in evo-lab."""

from __future__ import annotations


class EvoLabError(Exception):
    """Base class of evo-lab's own errors."""


class IllegalActionError(EvoLabError, ValueError):
    """An action that the rules do not allow here. The state is left exactly as it was.

    ``reason`` is a short machine-readable code (``"wrong_phase"``,
    ``"no_movement_points"``, ``"occupied"``, ``"protected"``, ``"bid_too_low"``, ``"unaffordable"``,
    ``"not_legal"``, ...), the message says it in words.
    """

    def __init__(self, message: str, reason: str = "not_legal", action: object = None):
        super().__init__(message)
        self.reason = reason
        self.action = action


class FormatError(EvoLabError, ValueError):
    """A malformed position, record or action string. ``field`` names the bad field."""

    def __init__(self, message: str, field: str = "<root>"):
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field


class GameConfigError(EvoLabError, ValueError):
    """A game that cannot be set up as asked: players outside the game's range, an unknown variant, an unknown
    rule option or a bad value for one (the message names the option and what it accepts). Every game raises
    this one class (:mod:`evo_lab.core.options`, :func:`evo_lab.core.registry.check_players`)."""
