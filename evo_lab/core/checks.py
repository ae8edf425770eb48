"""Field checks for the loaders: each takes a value read from a file and the field's path
(``state.players[0][1]``) and returns the value checked, or raises
:class:`~evo_lab.core.errors.FormatError` naming the field, with the bad value cut to a short excerpt.

Every number a file gives is bounded here before anything is sized by it.

>>> int_in(3, 0, 5, "state.round")
3
>>> int_in("x", 0, 5, "state.players[0][0][0][0]")
Traceback (most recent call last):
...
evo_lab.core.errors.FormatError: state.players[0][0][0][0]: expected an integer 0..5, got 'x'
>>> ints_in([1, 2, 10 ** 18], 0, 9, "state.bag")
Traceback (most recent call last):
...
evo_lab.core.errors.FormatError: state.bag[2]: expected an integer 0..9, got 1000000000000000000
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeGuard, TypeVar, cast

from .errors import FormatError, excerpt

__all__ = [
    "is_int",
    "int_in",
    "ints_in",
    "opt_int_in",
    "seed_of",
    "bool_of",
    "str_of",
    "one_of",
    "list_of",
    "dict_of",
    "MAX_COUNT",
    "MAX_SEED",
]

#: Upper bound of a score, a bag of food, a number of points or tokens in any position (far above any game).
MAX_COUNT = 10**6
#: Seeds are non-negative integers below this (numpy's generators take any; files keep them readable).
MAX_SEED = 2**128

_T = TypeVar("_T")


def is_int(v: object) -> TypeGuard[int]:
    """A JSON integer (``True``/``False`` are not)."""
    return isinstance(v, int) and not isinstance(v, bool)


def int_in(v: object, lo: int, hi: int, field: str) -> int:
    """``v`` if it is an integer with ``lo <= v <= hi``."""
    if not is_int(v) or not lo <= v <= hi:
        raise FormatError(f"expected an integer {lo}..{hi}, got {excerpt(v)}", field)
    return v


def opt_int_in(v: object, lo: int, hi: int, field: str) -> int | None:
    """``None`` or an integer ``lo..hi``."""
    if v is None:
        return None
    if not is_int(v) or not lo <= v <= hi:
        raise FormatError(f"expected null or an integer {lo}..{hi}, got {excerpt(v)}", field)
    return v


def ints_in(
    v: object, lo: int, hi: int, field: str, length: int | None = None, max_length: int = MAX_COUNT
) -> list[int]:
    """A list of integers ``lo..hi`` (of ``length`` entries if given); the bad entry is named."""
    lst = list_of(v, field, length, max_length)
    for i, x in enumerate(lst):
        if not is_int(x) or not lo <= x <= hi:
            raise FormatError(f"expected an integer {lo}..{hi}, got {excerpt(x)}", f"{field}[{i}]")
    return list(cast("list[int]", lst))  # every entry checked above


def seed_of(v: object, field: str) -> int | None:
    """``None`` or a seed: a non-negative integer below 2**128."""
    if v is None:
        return None
    if not is_int(v) or not 0 <= v < MAX_SEED:
        raise FormatError(
            f"expected null or a non-negative integer below 2**128 (a seed), got {excerpt(v)}", field
        )
    return v


def bool_of(v: object, field: str) -> bool:
    if not isinstance(v, bool):
        raise FormatError(f"expected true or false, got {excerpt(v)}", field)
    return v


def str_of(v: object, field: str, max_length: int = 10_000) -> str:
    if not isinstance(v, str):
        raise FormatError(f"expected a string, got {excerpt(v)}", field)
    if len(v) > max_length:
        raise FormatError(f"longer than {max_length} characters: {excerpt(v)}", field)
    return v


def one_of(v: object, choices: Iterable[_T], field: str) -> _T:
    """``v`` if it is one of ``choices`` (strings or integers; compared without hashing ``v``)."""
    opts = list(choices)
    if not isinstance(v, (str, int)) or isinstance(v, bool) or v not in opts:
        shown = ", ".join(map(repr, opts[:12])) + (", ..." if len(opts) > 12 else "")
        raise FormatError(f"expected one of {shown}, got {excerpt(v)}", field)
    return v  # equal to one of the choices


def list_of(v: object, field: str, length: int | None = None, max_length: int = MAX_COUNT) -> list[object]:
    if not isinstance(v, list):
        raise FormatError(f"expected a list, got {excerpt(v)}", field)
    if length is not None and len(v) != length:
        raise FormatError(f"expected {length} entries, got {len(v)}", field)
    if len(v) > max_length:
        raise FormatError(f"expected at most {max_length} entries, got {len(v)}", field)
    return v


def dict_of(v: object, field: str, max_length: int = MAX_COUNT) -> dict[str, object]:
    if not isinstance(v, dict):
        raise FormatError(f"expected an object, got {excerpt(v)}", field)
    if len(v) > max_length:
        raise FormatError(f"expected at most {max_length} entries, got {len(v)}", field)
    return v
