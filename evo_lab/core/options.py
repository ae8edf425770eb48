"""The rule-options base every game's options derive from.

A game's rule options are one frozen dataclass, a subclass of :class:`RuleOptionsBase`. Each field has its
default (the game's ruling) and a doc for people (docs tables and the kit's settings show it): the ``#:``
comment above the field (the Sphinx convention) or the ``doc`` of :func:`option`, which also names the values
the option accepts and whether the reading is ``assumed`` (the sources are silent and the default is a guess). The base gives every game the same ``from_dict`` / ``to_dict`` and the same checks: an unknown option, a
value of the wrong type or one outside its choices raises :class:`~evo_lab.core.errors.GameConfigError` naming
the option and what it accepts, whether the options come from a dict or are built directly.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class DiceOptions(RuleOptionsBase):
...     dice: int = option(2, "dice rolled per turn", choices=(1, 2, 3))
...     open_hands: bool = option(False, "hands are played face up", assumed=True)
>>> DiceOptions.from_dict({"dice": 3}).to_dict()
{'dice': 3, 'open_hands': False}
>>> DiceOptions.describe()["open_hands"]
OptionInfo(name='open_hands', default=False, doc='hands are played face up', choices=None, assumed=True)
>>> DiceOptions.from_dict({"dice": 4})
Traceback (most recent call last):
...
evo_lab.core.errors.GameConfigError: rule option 'dice' must be one of 1, 2, 3; got 4
>>> DiceOptions(open_hands="yes")
Traceback (most recent call last):
...
evo_lab.core.errors.GameConfigError: rule option 'open_hands' must be true or false, got 'yes'
>>> DiceOptions.from_dict({"speed": 1})
Traceback (most recent call last):
...
evo_lab.core.errors.GameConfigError: unknown rule option 'speed'; options are dice, open_hands
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields, replace
from typing import Any, NamedTuple, Self, TypeVar

from .errors import GameConfigError, excerpt

__all__ = ["OptionInfo", "RuleOptionsBase", "option", "options_markdown"]


class OptionInfo(NamedTuple):
    """What one option is: its name, default, doc, the values it accepts (``None``: any of its type) and
    whether the default is an assumed reading."""

    name: str
    default: object
    doc: str
    choices: tuple[object, ...] | None
    assumed: bool


_T = TypeVar("_T")


def option(
    default: _T,
    doc: str = "",
    *,
    choices: Sequence[_T] | None = None,
    assumed: bool = False,
    hint: str = "",
) -> _T:
    """One rule option: a dataclass field with ``default``, its ``doc`` (default: the ``#:`` comment above the
    field), the ``choices`` it accepts (``None``: any value of the default's type), ``assumed`` (the sources are
    silent: the default is a guess) and a ``hint`` added to the error message of a bad value."""
    return field(default=default, metadata={"doc": doc, "choices": choices, "assumed": assumed, "hint": hint})


def _type_error(name: str, default: object, value: object) -> str | None:
    """Why ``value`` is not of the default's type (bool is not an int here), or ``None``."""
    if isinstance(default, bool):
        return (
            None
            if isinstance(value, bool)
            else f"rule option {name!r} must be true or false, got {excerpt(value)}"
        )
    if isinstance(default, int):
        if isinstance(value, int) and not isinstance(value, bool):
            return None
        return f"rule option {name!r} must be an integer, got {excerpt(value)}"
    if isinstance(default, str):
        return (
            None if isinstance(value, str) else f"rule option {name!r} must be a string, got {excerpt(value)}"
        )
    return None


_CHECKS: dict[type, list[tuple[str, object, tuple[object, ...] | None, str]]] = {}


def _checks(cls: type) -> list[tuple[str, object, tuple[object, ...] | None, str]]:
    """``(name, default, choices, hint)`` of each field of ``cls``, computed once per class."""
    out = _CHECKS.get(cls)
    if out is None:
        out = _CHECKS[cls] = [
            (f.name, f.default, f.metadata.get("choices"), f.metadata.get("hint", ""))
            for f in fields(cls)
            if f.default is not MISSING
        ]
    return out


@dataclass(frozen=True)
class RuleOptionsBase:
    """The base of every game's rule options (see the module docstring). Subclasses add fields with
    :func:`option` and may override :meth:`check` for rules that tie several options together."""

    def __post_init__(self) -> None:
        for name, default, choices, hint in _checks(type(self)):
            value = getattr(self, name)
            if type(value) is type(default) and (choices is None or value in choices):
                continue  # the common case, fast: options are made with every game
            why = _type_error(name, default, value)
            if why is None and choices is not None and value not in choices:
                allowed = (
                    f"{choices.start}..{choices.stop - 1}"
                    if isinstance(choices, range)
                    else "one of " + ", ".join(map(str, choices))
                )
                why = f"rule option {name!r} must be {allowed}; got {excerpt(value)}"
            if why is not None:
                raise GameConfigError(f"{why} ({hint})" if hint else why)
        self.check()

    def check(self) -> None:
        """Checks across options (raise :class:`GameConfigError`); the base has none."""

    @classmethod
    def from_dict(cls, data: Mapping[str, object] | RuleOptionsBase | None, base: Self | None = None) -> Self:
        """Options from a dict of option values over ``base`` (default: the game's defaults); an options
        object of this class is returned as it is; ``None`` gives ``base``."""
        start = base if base is not None else cls()
        if data is None:
            return start
        if isinstance(data, cls):
            return data
        if not isinstance(data, Mapping):
            raise GameConfigError(f"options must be a {cls.__name__} or a dict, got {type(data).__name__}")
        names = [f.name for f in fields(cls)]
        for k in data:
            if k not in names:
                raise GameConfigError(f"unknown rule option {excerpt(k)}; options are {', '.join(names)}")
        return replace(start, **dict(data))

    def to_dict(self) -> dict[str, Any]:
        """Every option's value, JSON-able (``from_dict`` reads it back)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def describe(cls) -> dict[str, OptionInfo]:
        """Each option's :class:`OptionInfo`, in declaration order."""
        comments = _comment_docs(cls)
        out = {}
        for f in fields(cls):
            default = f.default if f.default is not MISSING else None
            doc = f.metadata.get("doc") or comments.get(f.name, "")
            out[f.name] = OptionInfo(
                f.name, default, doc, f.metadata.get("choices"), bool(f.metadata.get("assumed", False))
            )
        return out

    def changed(self) -> dict[str, Any]:
        """The options that differ from this class's defaults."""
        default = type(self)()
        return {k: v for k, v in self.to_dict().items() if getattr(default, k) != v}


def _comment_docs(cls: type) -> dict[str, str]:
    """The ``#:`` comments above the fields of ``cls`` and its bases (the subclass's win): ``{field: text}``."""
    out: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        try:
            lines, _ = inspect.getsourcelines(klass)
        except (OSError, TypeError):  # a class without a source file (a doctest, the interpreter)
            continue
        tree = ast.parse(textwrap.dedent("".join(lines)))
        body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
        for node in body:
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                doc: list[str] = []
                i = node.lineno - 2
                while i >= 0 and lines[i].strip().startswith("#:"):
                    doc.insert(0, lines[i].strip()[2:].strip())
                    i -= 1
                if doc:
                    out[node.target.id] = " ".join(doc)
    return out


def options_markdown(cls: type[RuleOptionsBase]) -> str:
    """The options of ``cls`` as a Markdown table (option, default, accepts, doc) for the docs.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class O(RuleOptionsBase):
    ...     fast: bool = option(True, "move twice", assumed=True)
    >>> print(options_markdown(O))
    | option | default | accepts | what it does |
    |---|---|---|---|
    | `fast` | `True` | true, false | move twice (assumed) |
    """
    lines = ["| option | default | accepts | what it does |", "|---|---|---|---|"]
    for info in cls.describe().values():
        if info.choices is not None:
            accepts = ", ".join(map(str, info.choices))
        elif isinstance(info.default, bool):
            accepts = "true, false"
        else:
            accepts = type(info.default).__name__
        doc = info.doc + (" (assumed)" if info.assumed else "")
        lines.append(f"| `{info.name}` | `{info.default}` | {accepts} | {doc} |")
    return "\n".join(lines)
