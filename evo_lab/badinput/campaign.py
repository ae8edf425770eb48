"""The bad-input campaign: good files of every game and loader (:mod:`.samples`) mutated one leaf or
key at a time, fed to the loader, and sorted by what came back.

A mutation picks one place of the file (any value, object or list) and does one of :data:`MUTATIONS`: a value
of another type, an out-of-range number, a huge value (``10**18``, a 5,000-digit number, a megabyte string, a
100,000-entry list), 100,000 levels of nesting, a key deleted, a key added, a value copied from elsewhere in
the file, an entry duplicated. The position text of Evo 2e is mutated token by token instead.

Each outcome is ``"valid"`` (the loader built something usable: :func:`~.samples.playable`),
``"typed"`` (an :class:`~evo_lab.core.errors.EvoLabError` with a short message) or ``"other"`` (anything else,
including a state that loads but breaks, or an error message longer than :data:`MAX_MESSAGE`). ``"other"`` is
a bug. The same chooser protocol drives a seeded numpy generator (:func:`campaign`, the script
``scripts/bad_input_table.py``) and hypothesis (``tests/badinput/test_loader_fuzz.py``).

>>> rows = campaign(per_loader=2, games=("origin",), kinds=("position",))
>>> rows[0]["loader"], rows[0]["game"], rows[0]["tried"], rows[0]["other"]
('position', 'origin', 2, 0)
"""

from __future__ import annotations

import json
from typing import Any, Protocol

import numpy as np

from .samples import GAMES, KINDS, LOADERS, applicable, playable, samples

__all__ = [
    "MUTATIONS",
    "Chooser",
    "RngChooser",
    "mutate",
    "mutate_text",
    "outcome",
    "campaign",
    "markdown_table",
    "MAX_MESSAGE",
]

MUTATIONS = ("type", "range", "huge", "deep", "delete", "add", "copy", "duplicate")
#: An error message longer than this counts as "other": messages quote a short excerpt, never a whole value.
MAX_MESSAGE = 2000
_SPLICE = "\u0000splice\u0000"
_TYPES: tuple = ("x", "", None, True, False, 1.5, -0.0, [], {}, [[]], {"a": 1}, [1, "x"], 0)
_HUGE: tuple = (10**18, -(10**18), 2**63, _SPLICE + "digits", "x" * 1_000_000, _SPLICE + "list")
_RAW = {
    "digits": "9" * 5000,
    "list": "[" + ",".join(["0"] * 100_000) + "]",
    "deep": "[" * 100_000 + "]" * 100_000,
}


class Chooser(Protocol):
    """Where mutations get their choices: ``index(n)`` in ``0..n-1`` and ``integer(lo, hi)``."""

    def index(self, n: int) -> int: ...

    def integer(self, lo: int, hi: int) -> int: ...


class RngChooser:
    """A :class:`Chooser` over a seeded numpy generator."""

    def __init__(self, seed: int):
        self.rng = np.random.default_rng(seed)

    def index(self, n: int) -> int:
        return int(self.rng.integers(n))

    def integer(self, lo: int, hi: int) -> int:
        return int(self.rng.integers(lo, hi + 1))


def _places(doc: Any) -> list[tuple[Any, Any]]:
    """Every ``(container, key)`` of ``doc`` (iterative: no recursion)."""
    out: list[tuple[Any, Any]] = []
    stack = [doc]
    while stack:
        v = stack.pop()
        items = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else ()
        for k, x in items:
            out.append((v, k))
            if isinstance(x, (dict, list)):
                stack.append(x)
    return out


def _near(v: Any, ch: Chooser) -> Any:
    if isinstance(v, bool) or not isinstance(v, int):
        return ch.integer(-3, 60)
    return (v + 1, v - 1, -1, -7, v * 2 + 3, 99, 2**31, ch.integer(-5, 5 * (abs(v) + 3)))[ch.index(8)]


def mutate(doc: Any, ch: Chooser) -> tuple[str, str]:
    """One mutation of JSON value ``doc`` (not changed): ``(mutation, JSON text)``."""
    doc = json.loads(json.dumps(doc))
    places = _places(doc)
    how = MUTATIONS[ch.index(len(MUTATIONS))]
    if not places:
        return how, json.dumps(_TYPES[ch.index(len(_TYPES))])
    box, key = places[ch.index(len(places))]
    if how == "type":
        box[key] = _TYPES[ch.index(len(_TYPES))]
    elif how == "range":
        box[key] = _near(box[key], ch)
    elif how == "huge":
        box[key] = _HUGE[ch.index(len(_HUGE))]
    elif how == "deep":
        box[key] = _SPLICE + "deep"
    elif how == "delete":
        del box[key]
    elif how == "add":
        extra = _TYPES[ch.index(len(_TYPES))]
        if isinstance(box, dict):
            box[f"extra{ch.index(3)}"] = extra
        else:
            box.insert(ch.index(len(box) + 1), extra)
    elif how == "copy":
        src, sk = places[ch.index(len(places))]
        box[key] = json.loads(json.dumps(src[sk])) if isinstance(src[sk], (dict, list)) else src[sk]
    elif isinstance(box, list):
        box.insert(key, json.loads(json.dumps(box[key])))
    else:
        box[key] = [box[key], box[key]]
    text = json.dumps(doc)
    for name, raw in _RAW.items():
        text = text.replace(json.dumps(_SPLICE + name), raw)
    return how, text


def mutate_text(text: str, ch: Chooser) -> tuple[str, str]:
    """One token-level mutation of a position text: a value replaced (another type, out of range, huge), a
    token deleted, duplicated or added, or a line cut."""
    lines = text.split("\n")
    toks = [(i, j) for i, ln in enumerate(lines) for j, _ in enumerate(ln.split(" "))]
    i, j = toks[ch.index(len(toks))]
    words = lines[i].split(" ")
    how = MUTATIONS[ch.index(len(MUTATIONS))]
    key, eq, val = words[j].partition("=")
    if how in ("type", "range", "huge", "deep"):
        new = {
            "type": ("x", "", "-", "yes", "1.5", "P9", ":", ",,"),
            "range": ("-1", "-7", "99", str(2**31)),
            "huge": ("9" * 5000, "x" * 100_000, ",".join(["a"] * 10_000)),
            "deep": ("[" * 1000,),
        }[how]
        val = new[ch.index(len(new))]
        words[j] = f"{key}={val}" if eq else val
    elif how == "delete":
        del words[j]
    elif how == "add":
        words.insert(j, ("P7", "bogus=1", "round=3", "mp=5", "=", "P1")[ch.index(6)])
    elif how == "copy":
        i2, j2 = toks[ch.index(len(toks))]
        words[j] = lines[i2].split(" ")[j2]
    else:
        words.insert(j, words[j])
    lines[i] = " ".join(words)
    return how, "\n".join(lines)


def outcome(kind: str, game: str, text: str) -> tuple[str, str]:
    """Feed ``text`` to loader ``kind`` of ``game``: ``("valid" | "typed" | "other", detail)``."""
    from ..core.errors import EvoLabError

    try:
        built = LOADERS[kind](game, text)
    except EvoLabError as e:
        msg = str(e)
        if len(msg) > MAX_MESSAGE:
            return "other", f"{type(e).__name__} with a message of {len(msg)} characters"
        return "typed", f"{type(e).__name__}: {msg[:200]}"
    except Exception as e:  # noqa: BLE001 - the campaign's point: anything else is a finding
        return "other", f"loading: {type(e).__name__}: {str(e)[:200]}"
    try:
        playable(kind, built)
    except Exception as e:  # noqa: BLE001
        return "other", f"accepted, then: {type(e).__name__}: {str(e)[:200]}"
    return "valid", ""


def one(kind: str, game: str, ch: Chooser) -> tuple[str, str, str]:
    """One mutated file of loader ``kind`` and ``game``: ``(mutation, outcome, detail)``."""
    docs = samples(game, kind)
    doc = docs[ch.index(len(docs))]
    if kind == "text":
        how, text = mutate_text(doc, ch)
    elif kind == "harness":
        how, body = mutate(doc[1], ch)
        text = f"{doc[0]}\n{body}"
    else:
        how, text = mutate(doc, ch)
    res, detail = outcome(kind, game, text)
    return how, res, detail


def campaign(
    per_loader: int = 100,
    seed: int = 0,
    games: tuple = GAMES,
    kinds: tuple = KINDS,
    failures: list | None = None,
) -> list[dict]:
    """``per_loader`` mutated files for each applicable (loader, game): one row each with the counts of
    ``tried``, ``valid``, ``typed`` and ``other``; the ``other`` findings are appended to ``failures``."""
    rows = []
    for kind in kinds:
        for game in games:
            if not applicable(game, kind):
                continue
            ch = RngChooser(seed * 1_000_003 + KINDS.index(kind) * 101 + GAMES.index(game))
            counts = {"valid": 0, "typed": 0, "other": 0}
            for _ in range(per_loader):
                how, res, detail = one(kind, game, ch)
                counts[res] += 1
                if res == "other" and failures is not None:
                    failures.append({"loader": kind, "game": game, "mutation": how, "detail": detail})
            rows.append({"loader": kind, "game": game, "tried": per_loader, **counts})
    return rows


def markdown_table(rows: list[dict]) -> str:
    """The campaign's rows as a Markdown table."""
    out = [
        "| loader | game | tried | valid and playable | typed error | other exception |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for r in rows:
        out.append(
            f"| {r['loader']} | {r['game']} | {r['tried']} | {r['valid']} | {r['typed']} | {r['other']} |"
        )
    tot = {k: sum(r[k] for r in rows) for k in ("tried", "valid", "typed", "other")}
    out.append(f"| **all** | | {tot['tried']} | {tot['valid']} | {tot['typed']} | {tot['other']} |")
    return "\n".join(out)
