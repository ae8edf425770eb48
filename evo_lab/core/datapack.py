"""The data-pack base every game's rules data builds on: provenance, typed field access, ``DataError``.

A *pack* is a folder of JSON files: ``pack.json`` (a manifest naming the parts) and one file per part, each
value tagged with its provenance: ``printed`` (in the rulebook), ``high`` (two or more independent public
sources), ``medium``/``medium-high`` (one credible source or a consistent inference) or ``assumed`` (nothing
public states it: a documented default that the owner of the game can replace). Games subclass
:class:`PackBase` and write a ``_build`` that reads their parts with :func:`get` and :func:`provenance`, so a
bad file always fails with a :class:`DataError` naming the file and the field.

>>> get({"count": "3"}, "count", "genes.json", int)
Traceback (most recent call last):
...
evo_lab.core.datapack.DataError: genes.json: field 'count': must be an integer, got '3'
>>> provenance({"provenance": "assumed", "source": "our default"}, "x.json", "")
Provenance(level='assumed', source='our default')
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path, PurePosixPath, PureWindowsPath
from types import EllipsisType
from typing import Any, TypeVar, cast, overload

from .errors import EvoLabError, cut, excerpt
from .jsonio import JSONValue

__all__ = [
    "DataError",
    "Provenance",
    "PROVENANCE_LEVELS",
    "read_json_file",
    "check_header",
    "get",
    "provenance",
    "nonneg",
    "bounded",
    "int_field",
    "part_path",
    "read_pack",
    "PackBase",
]

PROVENANCE_LEVELS = ("printed", "high", "medium", "medium-high", "assumed")

_T = TypeVar("_T")
_D = TypeVar("_D")
_R = TypeVar("_R")


class DataError(EvoLabError, ValueError):
    """Bad game data: names the file (``source``), the field and what is wrong (cut to a short message)."""

    def __init__(self, source: str, field: str, problem: str):
        self.source, self.field, self.problem = cut(str(source), 300), cut(str(field), 200), cut(problem)
        super().__init__(f"{self.source}: field '{self.field}': {self.problem}")

    def __reduce__(self) -> tuple[type[DataError], tuple[str, str, str]]:
        return (type(self), (self.source, self.field, self.problem))


@dataclass(frozen=True)
class Provenance:
    """Where a value comes from and how sure it is (``level`` is one of :data:`PROVENANCE_LEVELS`)."""

    level: str
    source: str

    def to_dict(self) -> dict[str, str]:
        return {"provenance": self.level, "source": self.source}

    @property
    def assumed(self) -> bool:
        return self.level == "assumed"


def read_json_file(path: Path | Traversable, source: str) -> JSONValue:
    """Parse the JSON file at ``path`` (a :class:`~pathlib.Path` or an importlib resource); errors name
    ``source``. Size and nesting are checked before parsing (:mod:`evo_lab.core.jsonio`)."""
    from . import jsonio
    from .errors import FormatError

    try:
        if isinstance(path, Path):
            return jsonio.read_file(path, source)
        return jsonio.loads(path.read_bytes(), source)
    except FormatError as e:
        problem = e.message
        if problem == "no such file":
            raise DataError(source, "<file>", "no such file") from None
        raise DataError(
            source,
            "<file>",
            problem
            if problem.startswith(("not valid JSON", "cannot read"))
            else f"not valid JSON: {problem}",
        ) from None
    except OSError as e:
        raise DataError(source, "<file>", f"cannot read: {e.strerror or e}") from None


def part_path(base: Path, name: object, manifest: str, part: str) -> Path:
    """The file of part ``part``, named ``name`` in the manifest, checked to stay inside the pack folder
    ``base``: a relative file name without ``..``, which (symbolic links resolved) lies inside ``base``."""
    where = f"parts.{part}"
    if not isinstance(name, str) or not name.strip():
        raise DataError(manifest, where, f"must be a file name (text), got {excerpt(name)}")
    pure = PurePosixPath(name.replace("\\", "/"))
    if pure.is_absolute() or PureWindowsPath(name).drive or ".." in pure.parts:
        raise DataError(
            manifest,
            where,
            f"the file {excerpt(name)} is outside the pack folder: a part is a "
            "file name inside the pack's folder (no absolute path, no '..')",
        )
    target = base / name
    try:
        inside = base.resolve() in target.resolve().parents
    except (OSError, RuntimeError):  # a symbolic-link loop
        inside = False
    if not inside:
        raise DataError(
            manifest,
            where,
            f"the file {excerpt(name)} leads outside the pack folder (a symbolic "
            "link resolved): a part must stay inside the pack's folder",
        )
    return target


def check_header(
    d: object, source: str, fmt: str, part: str | None = None, versions: tuple[int, ...] = (1,)
) -> None:
    """Check a part file's header: ``format``, ``version`` and (for parts) ``part``."""
    if not isinstance(d, Mapping):
        raise DataError(source, "<root>", "must be a JSON object")
    if d.get("format") != fmt:
        raise DataError(source, "format", f"expected {fmt!r}, got {excerpt(d.get('format'))}")
    if d.get("version") not in versions:
        raise DataError(
            source,
            "version",
            f"unsupported version {excerpt(d.get('version'))} "
            f"(this evo-lab reads {', '.join(map(str, versions))})",
        )
    if part is not None and d.get("part") != part:
        raise DataError(source, "part", f"expected part {part!r}, got {excerpt(d.get('part'))}")


@overload
def get(d: object, key: str, source: str, typ: type[_T], where: str = "") -> _T: ...
@overload
def get(d: object, key: str, source: str, typ: type[_T], where: str = "", *, default: _D) -> _T | _D: ...
@overload
def get(d: object, key: str, source: str, typ: type[_T], where: str, default: _D) -> _T | _D: ...
@overload
def get(
    d: object, key: str, source: str, typ: tuple[type, ...], where: str = "", default: object = ...
) -> object: ...


def get(
    d: object, key: str, source: str, typ: type | tuple[type, ...], where: str = "", default: object = ...
) -> object:
    """``d[key]`` checked to be of type ``typ`` (``int`` excludes ``bool``). ``where`` prefixes the field
    name in errors (``"cards[3]."``); with ``default`` given, a missing key returns it."""
    name = f"{where}{key}"
    if not isinstance(d, Mapping):
        raise DataError(source, where.rstrip(".") or "<root>", f"must be an object, got {type(d).__name__}")
    if key not in d:
        if default is not ...:
            return default
        raise DataError(source, name, "missing")
    v = d[key]
    if typ is int and (isinstance(v, bool) or not isinstance(v, int)):
        raise DataError(source, name, f"must be an integer, got {excerpt(v)}")
    if not isinstance(v, typ):
        tn = typ.__name__ if isinstance(typ, type) else "/".join(t.__name__ for t in typ)
        raise DataError(source, name, f"must be {tn}, got {type(v).__name__}")
    return v


def provenance(
    d: object, source: str, where: str, key: str = "provenance", src_key: str = "source"
) -> Provenance:
    """The provenance of an entry: ``{"provenance": level, "source": text}``."""
    level = d.get(key) if isinstance(d, Mapping) else None
    if not isinstance(level, str) or level not in PROVENANCE_LEVELS:
        raise DataError(
            source, f"{where}{key}", f"must be one of {', '.join(PROVENANCE_LEVELS)}, got {excerpt(level)}"
        )
    s = cast("Mapping[str, object]", d).get(src_key)  # a mapping: the level was read from it
    if not isinstance(s, str) or not s.strip() or len(s) > 2000:
        raise DataError(
            source, f"{where}{src_key}", "every value needs a non-empty source (at most 2000 characters)"
        )
    return Provenance(level, s)


def nonneg(v: int, source: str, name: str) -> int:
    """``v`` if it is >= 0, else a :class:`DataError`."""
    if v < 0:
        raise DataError(source, name, f"must be >= 0, got {v}")
    return v


def bounded(v: int, lo: int, hi: int, source: str, name: str) -> int:
    """``v`` if ``lo <= v <= hi``, else a :class:`DataError` naming the bound (every number a pack gives is
    bounded before it sizes anything: a deck, a die, a loop)."""
    if not lo <= v <= hi:
        raise DataError(source, name, f"must be >= {lo} and <= {hi}, got {excerpt(v)}")
    return v


def int_field(
    d: object, key: str, source: str, where: str, lo: int, hi: int, default: int | EllipsisType = ...
) -> int:
    """``d[key]``: an integer ``lo..hi`` (see :func:`get` and :func:`bounded`)."""
    v = cast(int, get(d, key, source, int, where, default))  # no default (...): get raises when it is missing
    return bounded(v, lo, hi, source, f"{where}{key}")


def read_pack(
    path: str | Path | Mapping[str, object] | None,
    parts: tuple[str, ...],
    default_dir: tuple[str, ...],
    overrides: Mapping[str, object] | None = None,
) -> tuple[dict[str, Any], dict[str, str]]:
    """Read a pack's raw parts: ``(raw, sources)`` where ``raw["pack"]`` is the manifest and ``raw[part]`` the
    parsed JSON of each part, ``sources[part]`` the file it came from.

    ``path`` is ``None`` (the package's folder ``evo_lab/<default_dir...>``), a folder holding ``pack.json``, a
    ``pack.json`` file, or a dict holding ``"pack"`` and every part inline. ``overrides`` replaces single
    parts with a file path or a dict."""
    raw: dict[str, Any] = {}  # the parts as parsed: each game's _build reads them with get()
    sources: dict[str, str] = {}
    if path is None or not isinstance(path, Mapping):
        if path is None:
            base: Path | Traversable = resources.files("evo_lab")
            for d in default_dir:
                base = base / d
            label = "evo_lab/" + "/".join(default_dir)
        else:
            p = Path(path)
            if not p.exists():
                raise DataError(str(p), "<file>", "no such file or folder")
            base = p if p.is_dir() else p.parent
            label = str(base)
        manifest = read_json_file(base / "pack.json", f"{label}/pack.json")
        check_header(manifest, f"{label}/pack.json", "evo-lab-pack")
        files = cast("dict[str, JSONValue]", manifest).get("parts")  # check_header: an object
        if not isinstance(files, dict):
            raise DataError(f"{label}/pack.json", "parts", "must map part names to file names")
        for part in parts:
            if part not in files:
                raise DataError(f"{label}/pack.json", f"parts.{part}", "missing")
            name = files[part]
            if isinstance(base, Path):
                target: Path | Traversable = part_path(base, name, f"{label}/pack.json", part)
            else:  # the shipped pack (package resources): plain names only
                if not isinstance(name, str) or "/" in name or "\\" in name or name.startswith("."):
                    raise DataError(
                        f"{label}/pack.json", f"parts.{part}", f"must be a file name, got {excerpt(name)}"
                    )
                target = base / name
            src = f"{label}/{name}"
            raw[part] = read_json_file(target, src)
            sources[part] = src
        raw["pack"] = manifest
    else:
        header = path.get("pack")
        if not isinstance(header, Mapping):
            raise DataError("<dict>", "pack", "missing pack header")
        raw["pack"] = dict(header)
        for part in parts:
            if part not in path:
                raise DataError("<dict>", part, "missing part")
            if not isinstance(path[part], Mapping):
                raise DataError("<dict>", part, f"a part must be an object, got {excerpt(path[part])}")
            raw[part] = path[part]
            sources[part] = "<dict>"
    for part, given in (overrides or {}).items():
        if not isinstance(part, str) or part not in parts:
            raise DataError(
                excerpt(given) if not isinstance(given, Mapping) else "<dict>",
                "part",
                f"unknown part {excerpt(part)}; parts are {', '.join(parts)}",
            )
        if isinstance(given, Mapping):
            raw[part], sources[part] = dict(given), "<dict>"
        else:
            path_given = cast("str | Path", given)  # a file path (a part given inline is a mapping)
            raw[part], sources[part] = read_json_file(Path(path_given), str(given)), str(given)
    return raw, sources


class PackBase:
    """Mixin of the games' data packs: a ``raw`` dict of parts and ``provenance_rows()``; gives the
    fingerprint, the JSON form, the list of assumed values and the provenance table in Markdown."""

    raw: Mapping[str, Any]  # the parts as parsed (JSON objects)

    def provenance_rows(self) -> list[dict[str, object]]:  # pragma: no cover - abstract
        """One row per game value: ``{"part", "value_name", "value", "provenance", "source"}``."""
        raise NotImplementedError

    def fingerprint(self) -> str:
        """A short hash of the pack's content, stored in positions and records."""
        blob = json.dumps({k: v for k, v in self.raw.items() if k != "pack"}, sort_keys=True).encode()
        return hashlib.sha256(blob).hexdigest()[:16]

    def to_dict(self) -> dict[str, object]:
        """The whole pack as one JSON-able dict (parts inline); the game's loader reads it back. A copy: editing it
        leaves this pack (and the cached default pack) as it was."""
        return copy.deepcopy({"pack": self.raw["pack"], **{k: v for k, v in self.raw.items() if k != "pack"}})

    def assumed(self) -> list[str]:
        """Names of the values that rest on an assumed default (what the kit badges)."""
        return [
            f"{r['part']} {r['value_name']}" for r in self.provenance_rows() if r["provenance"] == "assumed"
        ]

    def provenance_markdown(self) -> str:
        """The provenance table as Markdown (the docs embed it; a test keeps them in sync)."""
        lines = ["| part | value | setting | confidence | source |", "|---|---|---|---|---|"]
        for r in self.provenance_rows():
            conf = f"**{r['provenance']}**" if r["provenance"] == "assumed" else r["provenance"]
            src = str(r["source"]).replace("|", "/")
            lines.append(f"| {r['part']} | {r['value_name']} | {r['value']} | {conf} | {src} |")
        return "\n".join(lines)


def cached_loader(build: Callable[..., _R]) -> Callable[..., _R]:
    """Decorator: cache the result of a loader called with no arguments (the shipped pack)."""
    cache: dict[str, _R] = {}

    def load(path: object = None, overrides: object = None) -> _R:
        if path is None and not overrides:
            if "default" not in cache:
                cache["default"] = build(None, None)
            return cache["default"]
        return build(path, overrides)

    load.__doc__ = build.__doc__
    load.__name__ = build.__name__
    return load
