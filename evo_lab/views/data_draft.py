"""The printed data being entered: :class:`DataDraft`, the model behind :class:`~evo_lab.views.widgets.DataEditor`.

A draft holds the raw parts of an Evo 2e data pack (``docs/data.md``) and four groups of values an owner of the
game transcribes: the climate **wheel** (each section's terrain -> ideal/hot/cold/deadly, the initial section),
the climate **tokens** (count per kind), the **die** faces (symbol per face) and the event **deck** (copies per
card). Every edit is one method; it is validated by the pack loader (:func:`evo_lab.load_data`), so a bad edit
raises the loader's :class:`~evo_lab.core.datapack.DataError` (naming the file and the field) and changes
nothing: the draft keeps its last valid pack.

Provenance. The pack stores one provenance per group (``wheel``, ``tokens``, the die, the deck's copies), while
the owner enters single values. So the draft records each entered value with its source in the group's
``"transcribed"`` map (``{"section 2": "my copy of the game", ...}``; the loader ignores the key and keeps it in
``pack.raw``), and the group's own level becomes ``printed`` (with the entered sources) only once every value of
the group is entered: a group is never claimed printed for values nobody checked. :func:`value_provenance`
reads both back (per value); :meth:`DataDraft.confirm` enters the values of a group that already match the
printed copy.

>>> d = DataDraft()
>>> d.set_token("cw1", 5).count, d.set_token("stay", 3).count
(5, 3)
>>> d.set_state(0, "plains", "hot")
>>> [(r["value"], r["shipped"], r["now"]) for r in d.diff()]
[('wheel section 0', 'plains: cold', 'plains: hot'), ('token cw1', 6, 5), ('token stay', 2, 3)]
>>> rows = {r["value_name"]: r["provenance"] for r in value_provenance(d.pack)}
>>> rows["token cw1"], rows["token cw2"], rows["wheel section 0"], rows["wheel section 1"]
('printed', 'assumed', 'printed', 'assumed')
>>> d.set_state(1, "hills", "warm")
Traceback (most recent call last):
...
evo_lab.core.datapack.DataError: <dict>: field 'wheel.sections[1].states.hills': must be one of ideal, hot, cold, deadly, got 'warm'
>>> d.pack.wheel[1].states["hills"]
'cold'
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any
from collections.abc import Callable

from evo_lab.core.datapack import DataError
from evo_lab.games.evo2e.datapack import CLIMATE_STATES, PARTS, DataPack, load_data

__all__ = ["DEFAULT_SOURCE", "GROUPS", "DataDraft", "field_words", "value_provenance"]

#: The source the editor gives what the user enters, until they type their own.
DEFAULT_SOURCE = "my copy of the game"
#: The groups of transcribed values: ``group -> (part, path of its dict in the part, level key, source key)``.
GROUPS = {
    "wheel": ("climate", ("wheel",), "provenance", "source"),
    "tokens": ("climate", ("tokens",), "provenance", "source"),
    "die": ("die", (), "provenance", "source"),
    "deck": ("events", (), "deck_provenance", "deck_source"),
}
TRANSCRIBED = "transcribed"


#: The loader's fields the editor names by its controls' own words (the rest: :func:`field_words`).
_FIELDS = {
    "tokens.kinds": "the climate tokens",
    "tokens": "the climate tokens",
    "wheel": "the climate wheel",
    "wheel.initial_section": "initial section",
    "initial_section": "initial section",
    "faces": "the die faces",
    "cards": "the event cards",
    "section": "wheel section",
    "terrain": "terrain",
    "face": "die face",
    "card": "event card",
    "token": "climate token",
    "source": "source",
    "folder": "Save as",
    "group": "group",
}


def field_words(pack: DataPack, field: str | None) -> str:
    """A field of the pack loader's :class:`~evo_lab.core.datapack.DataError` as the editor's controls name it:
    ``"tokens.kinds[0].count"`` -> ``"clockwise 2 (climate tokens)"``, ``"cards[2].count"`` -> ``"Swarm of
    rats (event cards)"``, ``"faces[0]"`` -> ``"face 1"``, ``"wheel.sections[1].states.hills"`` -> ``"wheel
    section 1, hills"``.

    >>> p = load_data()
    >>> field_words(p, "tokens.kinds[0].count"), field_words(p, "faces[5]"), field_words(p, "folder")
    ('clockwise 2 (climate tokens)', 'face 6', 'Save as')
    """
    f = field or ""
    m = re.fullmatch(r"tokens\.kinds\[(\d+)\](?:\.\w+)?", f)
    if m and int(m.group(1)) < len(pack.tokens):
        return f"{pack.tokens[int(m.group(1))].name} (climate tokens)"
    m = re.fullmatch(r"(?:events\.)?cards\[(\d+)\](?:\.\w+)?", f)
    if m and int(m.group(1)) < len(pack.events):
        return f"{pack.events[int(m.group(1))].name} (event cards)"
    m = re.fullmatch(r"(?:die\.)?faces\[(\d+)\]", f)
    if m:
        return f"face {int(m.group(1)) + 1}"
    m = re.fullmatch(r"wheel\.sections\[(\d+)\](?:\.states\.(\w+))?", f)
    if m:
        return f"wheel section {m.group(1)}" + (f", {m.group(2)}" if m.group(2) else "")
    return _FIELDS.get(f, f or "the pack")


def _group_dict(raw: dict, group: str) -> dict:
    part, path, _, _ = GROUPS[group]
    d = raw[part]
    for k in path:
        d = d[k]
    return d


def _units(pack: DataPack) -> dict[str, list[tuple[str, Any]]]:
    """Every transcribable value of ``pack``, by group: ``[(name, value), ...]`` (names as in the diff)."""
    die = [(f"face {i}", f) for i, f in enumerate(pack.die_faces)]
    return {
        "wheel": [(f"wheel section {s.index}", dict(s.states)) for s in pack.wheel]
        + [("initial section", pack.initial_section)],
        "tokens": [(f"token {t.id}", t.count) for t in pack.tokens],
        "die": die,
        "deck": [(f"card {c.id} copies", c.count) for c in pack.events],
    }


def value_provenance(pack: DataPack) -> list[dict]:
    """One row per transcribable value: ``{"group", "value_name", "value", "provenance", "source"}``: the
    group's provenance, or ``printed`` with its source for a value recorded in the group's ``"transcribed"`` map.

    >>> [r["provenance"] for r in value_provenance(load_data()) if r["group"] == "deck"][:2]
    ['assumed', 'assumed']
    """
    rows = []
    provs = {
        "wheel": pack.wheel_provenance,
        "tokens": pack.tokens_provenance,
        "die": pack.die_provenance,
        "deck": pack.events_provenance,
    }
    for group, units in _units(pack).items():
        entered = _group_dict(dict(pack.raw), group).get(TRANSCRIBED, {})
        for name, value in units:
            if name in entered:
                level, source = "printed", entered[name]
            else:
                level, source = provs[group].level, provs[group].source
            rows.append(dict(group=group, value_name=name, value=value, provenance=level, source=source))
    return rows


class DataDraft:
    """The pack being edited. ``DataDraft(data=None, source=DEFAULT_SOURCE)``: ``data`` is None (the shipped
    pack), a :class:`~evo_lab.games.evo2e.datapack.DataPack` or a pack folder/``pack.json`` path. ``draft.pack`` is the last
    valid pack; ``draft.shipped`` the shipped one the diff compares with."""

    def __init__(self, data: DataPack | str | Path | None = None, source: str = DEFAULT_SOURCE):
        self.shipped = load_data()
        start = data if isinstance(data, DataPack) else load_data(data)
        self.source = source
        self._raw: dict[str, Any] = copy.deepcopy(start.to_dict())  # the pack's JSON, edited in place
        #: Each group's provenance before anything was entered (restored while the group is partly entered).
        self._orig = {}
        self.entered: dict[str, dict[str, str]] = {}
        for g, (_, _, lk, sk) in GROUPS.items():
            d = _group_dict(self._raw, g)
            self.entered[g] = dict(d.pop(TRANSCRIBED, {}) or {})
            self._orig[g] = (
                d.get(f"{TRANSCRIBED}_was", {}).get(lk, d[lk]),
                d.get(f"{TRANSCRIBED}_was", {}).get(sk, d[sk]),
            )
            d.pop(f"{TRANSCRIBED}_was", None)
        self.pack = self._build(self._raw, self.entered)

    # ----- building and validating ------------------------------------------------------------
    def _build(self, raw: dict, entered: dict[str, dict[str, str]]) -> DataPack:
        """Validate ``raw`` with the pack loader, then load it with the provenance of ``entered`` applied."""
        names = {g: [n for n, _ in u] for g, u in _units(load_data(raw)).items()}
        out = copy.deepcopy(raw)
        for g, (_, _, lk, sk) in GROUPS.items():
            d = _group_dict(out, g)
            level, source = self._orig[g]
            if entered[g]:
                d[TRANSCRIBED] = dict(entered[g])
                d[f"{TRANSCRIBED}_was"] = {lk: level, sk: source}
                if all(n in entered[g] for n in names[g]):
                    level, source = "printed", "; ".join(dict.fromkeys(entered[g][n] for n in names[g]))
            d[lk], d[sk] = level, source
        return load_data(out)

    def _edit(self, group: str, names: list[str], change: Callable[[dict], Any]) -> DataPack:
        """Apply ``change`` to a copy of the raw parts, enter ``names`` of ``group``, validate; all or nothing."""
        raw = copy.deepcopy(self._raw)
        change(raw)
        entered = copy.deepcopy(self.entered)
        for n in names:
            entered[group][n] = self.source
        pack = self._build(raw, entered)
        self._raw, self.entered, self.pack = raw, entered, pack
        return pack

    # ----- the edits --------------------------------------------------------------------------
    def set_state(self, section: int, terrain: str, state: str) -> None:
        """Set the climate state of ``terrain`` in wheel section ``section`` (one of ideal, hot, cold, deadly)."""
        secs = self._raw["climate"]["wheel"]["sections"]
        if not (isinstance(section, int) and 0 <= section < len(secs)):
            raise DataError("data editor", "section", f"no wheel section {section!r} (0..{len(secs) - 1})")
        if terrain not in self.pack.terrains:
            raise DataError(
                "data editor",
                "terrain",
                f"unknown terrain {terrain!r}; terrains are {', '.join(self.pack.terrains)}",
            )
        self._edit(
            "wheel",
            [f"wheel section {section}"],
            lambda raw: raw["climate"]["wheel"]["sections"][section]["states"].__setitem__(terrain, state),
        )

    def set_initial(self, section: int) -> None:
        """Set the section the wheel starts on."""
        self._edit(
            "wheel",
            ["initial section"],
            lambda raw: raw["climate"]["wheel"].__setitem__("initial_section", section),
        )

    def set_token(self, kind: str, count: int) -> Any:
        """Set how many climate tokens of kind ``kind`` (its id) the game holds; returns the token kind."""
        kinds = self._raw["climate"]["tokens"]["kinds"]
        i = self._index(kinds, "id", kind, "token")
        self._edit(
            "tokens",
            [f"token {kind}"],
            lambda raw: raw["climate"]["tokens"]["kinds"][i].__setitem__("count", count),
        )
        return self.pack.tokens[i]

    def set_face(self, face: int, symbol: str) -> None:
        """Set the symbol of die face ``face`` (0-based) to one of the die's symbols."""
        faces = self._raw["die"]["faces"]
        if not (isinstance(face, int) and 0 <= face < len(faces)):
            raise DataError("data editor", "face", f"no die face {face!r} (0..{len(faces) - 1})")
        self._edit("die", [f"face {face}"], lambda raw: raw["die"]["faces"].__setitem__(face, symbol))

    def set_copies(self, card: str, count: int) -> Any:
        """Set how many copies of event card ``card`` (its id) the deck holds; returns the card."""
        i = self._index(self._raw["events"]["cards"], "id", card, "card")
        self._edit(
            "deck", [f"card {card} copies"], lambda raw: raw["events"]["cards"][i].__setitem__("count", count)
        )
        return self.pack.events[i]

    def set_source(self, source: str) -> None:
        """The source recorded for what is entered from now on (re-applied to what was entered before)."""
        if not isinstance(source, str) or not source.strip():
            raise DataError("data editor", "source", "every printed value needs a non-empty source")
        self.source = source.strip()
        entered = {g: {n: self.source for n in e} for g, e in self.entered.items()}
        self.pack, self.entered = self._build(self._raw, entered), entered

    def confirm(self, group: str) -> int:
        """Enter every value of ``group`` as it stands (the owner checked it against the printed copy): the
        group becomes ``printed``. Returns how many values were newly entered."""
        if group not in GROUPS:
            raise DataError(
                "data editor", "group", f"unknown group {group!r}; groups are {', '.join(GROUPS)}"
            )
        names = [n for n, _ in _units(self.pack)[group] if n not in self.entered[group]]
        self._edit(group, names, lambda raw: None)
        return len(names)

    @staticmethod
    def _index(items: list, key: str, value: Any, what: str) -> int:
        for i, it in enumerate(items):
            if it.get(key) == value:
                return i
        raise DataError(
            "data editor", what, f"no {what} {value!r}; known: {', '.join(str(x[key]) for x in items)}"
        )

    # ----- reading it back --------------------------------------------------------------------
    def diff(self) -> list[dict]:
        """The values that differ from the shipped pack: ``[{"group", "value", "shipped", "now"}, ...]`` (for a
        wheel section, only the terrains that changed)."""
        old, new = _units(self.shipped), _units(self.pack)
        out = []
        for g in GROUPS:
            before = dict(old[g])
            for name, value in new[g]:
                was = before.get(name)
                if value == was:
                    continue
                if isinstance(value, dict) and isinstance(was, dict):
                    keys = [t for t in value if value[t] != was.get(t)]
                    was = ", ".join(f"{t}: {was.get(t)}" for t in keys)
                    value = ", ".join(f"{t}: {value[t]}" for t in keys)
                out.append(dict(group=g, value=name, shipped=was, now=value))
        return out

    def save(self, folder: str | Path) -> DataPack:
        """Write the pack as a folder (``pack.json`` and one file per part) that ``load_data(folder)`` and
        ``Game(data=folder)`` read back as this draft's pack. Returns the pack read back."""
        from ..core.atomic import atomic_write_folder

        folder = Path(folder)
        data: dict[str, Any] = self.pack.to_dict()
        manifest = dict(data["pack"])
        manifest["parts"] = {p: f"{p}.json" for p in PARTS}
        files = {"pack.json": json.dumps(manifest, indent=2, ensure_ascii=False) + "\n"}
        for p in PARTS:
            files[f"{p}.json"] = json.dumps(data[p], indent=2, ensure_ascii=False) + "\n"
        # beside, then swapped in: never half a pack (other files are kept)
        atomic_write_folder(folder, files)
        return load_data(folder)


#: The climate states a wheel cell can take (the dropdowns' options).
STATES = CLIMATE_STATES
