"""Reading JSON that may come from anyone: a size limit and a nesting-depth limit checked *before* the parser
runs (``json.loads`` recurses once per level: 100,000 ``[`` would end in ``RecursionError``), numbers too long
to read, ``NaN`` and ``Infinity`` refused, and every failure a :class:`~evo_lab.core.errors.FormatError`
naming the file.

Every loader of evo-lab reads through :func:`loads` (text), :func:`read_file` (a path) or :func:`check_tree`
(a value already parsed, e.g. a dict handed to ``load_position``).

>>> loads('{"a": [1, 2]}', "x.json")
{'a': [1, 2]}
>>> loads("[" * 100_000, "deep.json")
Traceback (most recent call last):
...
evo_lab.core.errors.FormatError: deep.json: nested deeper than 64 levels (the limit of this file kind)
>>> loads('{"a": NaN}', "n.json")
Traceback (most recent call last):
...
evo_lab.core.errors.FormatError: n.json: not valid JSON: NaN is not a number JSON allows
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any, NoReturn, TypeAlias

import numpy as np

from .errors import FormatError, excerpt

__all__ = [
    "MAX_DEPTH",
    "MAX_BYTES",
    "JSONValue",
    "JSONObject",
    "loads",
    "read_file",
    "check_tree",
    "json_depth",
]

#: A value parsed from JSON text: what ``json.loads`` gives (read it with ``isinstance`` checks: it comes from
#: a file anyone may have written).
JSONValue: TypeAlias = "None | bool | int | float | str | list[JSONValue] | dict[str, JSONValue]"
#: A JSON object parsed from text.
JSONObject: TypeAlias = "dict[str, JSONValue]"

#: Deepest nesting of lists and objects a position, record, board or data pack may have (they need about 8).
MAX_DEPTH = 64
#: Largest JSON text (bytes) a loader reads: far above any position, record, tree or pack evo-lab writes
#: (a 5,000-ply tree is about 0.2 MB).
MAX_BYTES = 32 * 2**20
#: Nesting that :func:`loads` parses with a raised recursion limit (old nested trees: two levels per ply).
_SAFE_PARSE_DEPTH = 400

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


class _Constant(ValueError):
    pass


def _constant(name: str) -> NoReturn:
    raise _Constant(f"{name} is not a number JSON allows")


def json_depth(text: str) -> int:
    """The deepest nesting of ``[``/``{`` in JSON ``text`` (brackets inside strings do not count); cheap: no
    parsing, no recursion."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return text.count("[") + text.count("{")
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if not brackets:
        return 0
    a = np.frombuffer(brackets.encode("ascii"), dtype=np.uint8)
    steps = np.where((a == 91) | (a == 123), 1, -1)
    return int(np.cumsum(steps).max())


def loads(
    text: str | bytes | bytearray,
    source: str | None = None,
    *,
    max_depth: int = MAX_DEPTH,
    max_bytes: int = MAX_BYTES,
) -> JSONValue:
    """Parse JSON ``text``; size, depth and syntax problems are :class:`FormatError` naming ``source``."""
    if len(text) > max_bytes:
        raise FormatError(
            f"{len(text)} bytes is more than the {max_bytes} this loader reads", "<root>", source
        )
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise FormatError("not text: the file is not UTF-8 JSON", "<root>", source) from None
    if not text.strip():
        raise FormatError("empty input: expected a JSON object", "<root>", source)
    depth = json_depth(text)
    if depth > max_depth:
        raise FormatError(
            f"nested deeper than {max_depth} levels (the limit of this file kind)", "<root>", source
        )
    old = sys.getrecursionlimit()
    try:
        if depth > _SAFE_PARSE_DEPTH:  # bounded above by max_depth: the C parser's stack stays small
            sys.setrecursionlimit(old + depth + 100)
        parsed: JSONValue = json.loads(text, parse_constant=_constant)
        return parsed
    except json.JSONDecodeError as e:
        raise FormatError(
            f"not valid JSON ({e.msg} at line {e.lineno}, column {e.colno})", "<root>", source
        ) from None
    except _Constant as e:
        raise FormatError(f"not valid JSON: {e}", "<root>", source) from None
    except (ValueError, RecursionError) as e:  # an integer of more than 4300 digits
        raise FormatError(f"not readable: {excerpt(str(e))}", "<root>", source) from None
    finally:
        if sys.getrecursionlimit() != old:
            sys.setrecursionlimit(old)


def read_file(
    path: str | Path, source: str | None = None, *, max_depth: int = MAX_DEPTH, max_bytes: int = MAX_BYTES
) -> JSONValue:
    """Parse the JSON file at ``path`` (at most ``max_bytes`` are read, whatever the file's size:
    ``/dev/zero`` is refused, not read)."""
    p = Path(path)
    src = source or str(p)
    try:
        with open(p, "rb") as f:
            data = f.read(max_bytes + 1)
    except FileNotFoundError:
        raise FormatError("no such file", "<root>", src) from None
    except IsADirectoryError:
        raise FormatError("a folder, not a file", "<root>", src) from None
    except OSError as e:
        raise FormatError(f"cannot read: {e.strerror or excerpt(str(e))}", "<root>", src) from None
    if len(data) > max_bytes:
        raise FormatError(f"larger than the {max_bytes} bytes this loader reads", "<root>", src)
    return loads(data, src, max_depth=max_depth, max_bytes=max_bytes)


def check_tree(value: object, source: str | None = None, *, max_depth: int = MAX_DEPTH) -> None:
    """Check an already-parsed value (dicts, lists, tuples, scalars) is no deeper than ``max_depth`` (level by
    level: no recursion)."""
    # the containers of each level (Any: the filters below keep dicts, lists and tuples only)
    level: list[Any] = [value] if type(value) in _CONTAINERS or isinstance(value, (dict, list, tuple)) else []
    depth = 0
    while level:
        depth += 1
        if depth > max_depth:
            raise FormatError(
                f"nested deeper than {max_depth} levels (the limit of this file kind)", "<root>", source
            )
        nxt: list[Any] = []
        for v in level:
            nxt.extend(
                [
                    c
                    for c in (v.values() if isinstance(v, dict) else v)
                    if type(c) in _CONTAINERS
                    or (not isinstance(c, (str, int, float)) and isinstance(c, (dict, list, tuple)))
                ]
            )
        level = nxt


_CONTAINERS = frozenset({dict, list, tuple})
