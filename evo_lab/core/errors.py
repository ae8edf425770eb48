"""Typed errors shared by every game in evo-lab, and :func:`excerpt`, the short form of a bad value that every
error message uses (a 50 MB string in a file gives an 80-character message, never the whole value).

>>> excerpt("ab" * 5_000)
"'abababababababababababababababababababababababababababababababababababab'... (10000 characters)"
>>> excerpt(10 ** 18), excerpt(10 ** 5000)
('1000000000000000000', 'an integer of 5001 digits')
>>> excerpt([[[]]] * 3)
'[[[]], [[]], [[]]]'
>>> str(FormatError("expected a non-negative integer, got 'x'", "state.players[0][0][0][0]", "position.json"))
"position.json: state.players[0][0][0][0]: expected a non-negative integer, got 'x'"
"""

from __future__ import annotations

import reprlib

__all__ = [
    "EvoLabError",
    "IllegalActionError",
    "FormatError",
    "excerpt",
    "cut",
    "EXCERPT_LENGTH",
    "MESSAGE_LENGTH",
]

#: Longest excerpt of a bad value in an error message (characters).
EXCERPT_LENGTH = 80
#: Longest message of a loader's or an action's error: longer ones are cut in the middle.
MESSAGE_LENGTH = 1000


class _Repr(reprlib.Repr):
    def repr_int(self, x: int, level: int) -> str:
        return excerpt(x)

    def repr_instance(self, x: object, level: int) -> str:
        if isinstance(x, tuple):  # named tuples (actions, events): their fields, shortened
            return type(x).__name__ + self.repr_tuple(x, level)
        return super().repr_instance(x, level)


_REPR = _Repr()
_REPR.maxlevel, _REPR.maxlist, _REPR.maxtuple, _REPR.maxdict, _REPR.maxset = 4, 8, 8, 6, 6
_REPR.maxstring, _REPR.maxother, _REPR.maxlong = EXCERPT_LENGTH, EXCERPT_LENGTH, 40


def _digits(n: int) -> int:
    """Decimal digits of ``|n|`` without converting the whole number (3.11 refuses > 4300 digits)."""
    n = abs(n)
    if n < 10**18:
        return len(str(n))
    d = int(n.bit_length() * 0.30102999566398120)  # log10(2)
    return d + 1 if n >= 10**d else d


def excerpt(value: object, limit: int = EXCERPT_LENGTH) -> str:
    """``repr(value)`` cut to about ``limit`` characters, saying how long the whole was: safe for any value a
    file can hold (huge strings and numbers, deep lists)."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        digits = _digits(value)
        return (
            repr(value)
            if digits <= 40
            else f"{'a negative' if value < 0 else 'an'} integer of {digits} digits"
        )
    if isinstance(value, (str, bytes, bytearray)):
        if len(value) <= limit:
            return repr(value)
        return f"{value[: limit - 8]!r}... ({len(value)} characters)"
    try:
        text = _REPR.repr(value)
    except Exception:  # noqa: BLE001 - a value whose repr fails must still give a message
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit + 20 else text[:limit] + "..."


def cut(message: str, limit: int = MESSAGE_LENGTH) -> str:
    """``message`` cut in the middle to at most about ``limit`` characters."""
    if len(message) <= limit:
        return message
    half = limit // 2
    return f"{message[:half]} ...[{len(message) - 2 * half} characters cut]... {message[-half:]}"


class EvoLabError(Exception):
    """Base class of evo-lab's own errors."""


class IllegalActionError(EvoLabError, ValueError):
    """An action that the rules do not allow here. The state is left exactly as it was.

    ``reason`` is a short machine-readable code (``"wrong_phase"``,
    ``"no_movement_points"``, ``"occupied"``, ``"protected"``, ``"bid_too_low"``, ``"unaffordable"``,
    ``"not_legal"``, ...), the message says it in words (cut to :data:`MESSAGE_LENGTH` characters).
    """

    def __init__(self, message: str, reason: str = "not_legal", action: object = None):
        super().__init__(cut(str(message)))
        self.reason = reason
        self.action = action


class FormatError(EvoLabError, ValueError):
    """A malformed position, record, tree or action string. ``field`` names the bad field (a path such as
    ``state.players[0][1]``; ``"<root>"``: the file as a whole), ``source`` the file it came from (``None``:
    not from a file), ``message`` what is wrong; ``str()`` is ``"source: field: message"``."""

    def __init__(self, message: str, field: str = "<root>", source: str | None = None):
        self.message, self.field = cut(str(message)), cut(str(field), 200)
        self.source = None if source is None else cut(str(source), 300)
        parts = [p for p in (source, field) if p and p != "<root>"]
        super().__init__(": ".join([*parts, self.message]))

    def at(self, source: str | None) -> FormatError:
        """This error naming ``source`` (the file); unchanged if it names one already or ``source`` is
        None."""
        if not source or self.source:
            return self
        return FormatError(self.message, self.field, source)

    def __reduce__(self) -> tuple[type[FormatError], tuple[str, str, str | None]]:
        return (type(self), (self.message, self.field, self.source))


class GameConfigError(EvoLabError, ValueError):
    """A game that cannot be set up as asked: players outside the game's range, an unknown variant, an unknown
    rule option or a bad value for one (the message names the option and what it accepts). Every game raises
    this one class (:mod:`evo_lab.core.options`, :func:`evo_lab.core.registry.check_players`)."""
