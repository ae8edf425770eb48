"""The rules/data pack: every game value of Evo 2e as versioned data with its provenance.

The default pack lives in ``evo_lab/data/evo2e/`` (one JSON file per part) and is loaded with
:func:`load_data`. Each value carries a provenance level, ``printed`` (in the rulebook), ``high``,
``medium`` or ``assumed`` (a documented default that a user can replace), and a source.

Numeric gene and card effects are fields of their entries (``"effects": {"attack_horns": 2}``); which ids a
pack may name comes from the registries (:mod:`.genes`, :mod:`.cards`), so a new gene or card is one registry
entry plus data.

>>> pack = load_data()
>>> pack.setup["dinosaurs_per_player"]
8
>>> [g.id for g in pack.normal_genes]
['legs', 'horn', 'egg', 'thermo', 'fur', 'vial']
>>> pack.gene("large_horn").effects
{'attack_horns': 2}
>>> sum(t.count for t in pack.tokens)
12
>>> pack.die_faces
('cross', 'claw', 'equals', 'plus', 'plus', 'two_plus')

Replace one part from a file (for example a transcribed wheel) with
``load_data(overrides={"climate": "my_climate.json"})`` or ``pack.with_part("climate", path)``.
Parts of version 1 (before effects were data) are still read: their numbers come from the old ``setup`` keys.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from collections.abc import Mapping

from ...core.datapack import PROVENANCE_LEVELS, DataError, PackBase, Provenance, read_json_file, read_pack
from ...core.errors import excerpt
from . import pack_parts, pack_readers
from .pack_entries import (
    CLIMATE_STATES,
    DIE_RULES,
    EFFECT_MAX,
    EXTRA_NORMAL_GENES,
    LEGACY_SETUP_KEYS,
    NORMAL_GENE_IDS,
    OPTIONAL_SETUP_KEYS,
    SETUP_KEYS,
    SETUP_MAX,
    SHIFT_MAX,
    DieSymbol,
    EventCard,
    Gene,
    TokenKind,
    UniqueGene,
    WheelSection,
    register_normal_gene,
)

__all__ = [
    "DataError",
    "DataPack",
    "Gene",
    "UniqueGene",
    "TokenKind",
    "DieSymbol",
    "EventCard",
    "WheelSection",
    "load_data",
    "PROVENANCE_LEVELS",
    "NORMAL_GENE_IDS",
    "UNIQUE_GENE_IDS",  # noqa: F822 (module __getattr__)
    "EVENT_EFFECTS",  # noqa: F822 (module __getattr__)
    "CLIMATE_STATES",
    "SETUP_KEYS",
    "LEGACY_SETUP_KEYS",
    "OPTIONAL_SETUP_KEYS",
    "EXTRA_NORMAL_GENES",
    "register_normal_gene",
    "DIE_RULES",
    "SETUP_MAX",
    "EFFECT_MAX",
    "SHIFT_MAX",
]


def __getattr__(
    name: str,
) -> tuple[str, ...]:  # derived from the registries, so that they are never a second list
    if name == "UNIQUE_GENE_IDS":
        from .genes import GENES

        return tuple(g for g in GENES if g not in NORMAL_GENE_IDS)
    if name == "EVENT_EFFECTS":
        from .cards import CARDS

        return tuple(CARDS)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(frozen=True)
class DataPack(PackBase):
    """All game data of one rules pack. Build it with :func:`load_data`."""

    name: str
    title: str
    pack_version: str
    setup: Mapping[str, int]
    setup_provenance: Mapping[str, Provenance]
    normal_genes: tuple[Gene, ...]
    unique_genes: tuple[UniqueGene, ...]
    terrains: tuple[str, ...]
    wheel: tuple[WheelSection, ...]
    initial_section: int
    wheel_provenance: Provenance
    tokens: tuple[TokenKind, ...]
    tokens_provenance: Provenance
    meteorite_provenance: Provenance
    die_symbols: Mapping[str, DieSymbol]
    die_faces: tuple[str, ...]
    die_provenance: Provenance
    events: tuple[EventCard, ...]
    events_provenance: Provenance
    sources: Mapping[str, str] = field(default_factory=dict)  # part -> file it came from
    raw: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)

    # ----- derived helpers -------------------------------------------------------------
    def gene(self, gid: str) -> Gene | UniqueGene:
        """The entry of gene ``gid`` (normal or unique); ``KeyError`` if the pack has none."""
        entries: tuple[Gene | UniqueGene, ...] = (*self.normal_genes, *self.unique_genes)
        for g in entries:
            if g.id == gid:
                return g
        raise KeyError(gid)

    def card(self, cid: str) -> EventCard:
        """The entry of event card ``cid``; ``KeyError`` if the pack has none."""
        for c in self.events:
            if c.id == cid:
                return c
        raise KeyError(cid)

    def section_states(self, section: int) -> tuple[str, ...]:
        """Climate state of each terrain (in ``terrains`` order) for a wheel section.

        >>> load_data().section_states(3)
        ('deadly', 'deadly', 'hot', 'ideal')
        """
        s = self.wheel[section % len(self.wheel)]
        return tuple(s.states[t] for t in self.terrains)

    def with_part(self, part: str, source: str | Path | Mapping[str, Any]) -> DataPack:
        """A new pack with one part replaced (from a file path or a dict)."""
        raw = dict(self.raw)
        raw[part] = _read_part(part, source)
        sources = dict(self.sources)
        sources[part] = str(source) if not isinstance(source, Mapping) else "<dict>"
        return _build(raw, sources)

    def provenance_rows(self) -> list[dict[str, object]]:
        """One row per game value: ``{"part", "value_name", "value", "provenance", "source"}``."""
        return pack_parts.provenance_rows(self)

    def assumed(self) -> list[str]:
        """Names of the values that rest on an assumed default (what the UI badges).

        >>> "die" in {n.split()[0] for n in load_data().assumed()}
        True
        """
        return super().assumed()


# ----- loading ---------------------------------------------------------------------------------
PARTS = ("setup", "genes", "climate", "die", "events")
_DEFAULT_CACHE: dict[str, DataPack] = {}


def _read_part(part: str, source: str | Path | Mapping[str, Any]) -> dict[str, object]:
    if part not in PARTS:
        raise DataError(str(source), "part", f"unknown part {excerpt(part)}; parts are {', '.join(PARTS)}")
    if isinstance(source, Mapping):
        return dict(source)
    data = read_json_file(Path(source), str(source))
    if not isinstance(data, dict):
        raise DataError(str(source), part, f"must be a JSON object, got {type(data).__name__}")
    fields: dict[str, object] = dict(data)
    return fields


def load_data(
    path: str | Path | Mapping[str, Any] | None = None,
    overrides: Mapping[str, str | Path | Mapping[str, Any]] | None = None,
    default_dir: tuple[str, ...] = ("data", "evo2e"),
) -> DataPack:
    """Load a rules/data pack.

    ``path`` is ``None`` (the shipped Evo 2e pack), a directory holding ``pack.json`` and its part
    files, a ``pack.json`` file, or a dict as produced by :meth:`DataPack.to_dict`. ``overrides``
    replaces single parts (``"setup"``, ``"genes"``, ``"climate"``, ``"die"``, ``"events"``) with a
    file path or a dict. Bad data raises :class:`DataError` naming the file and the field.

    >>> load_data().initial_section
    1
    """
    key = "default" if default_dir == ("data", "evo2e") else "/".join(default_dir)
    if path is None and not overrides and key in _DEFAULT_CACHE:
        return _DEFAULT_CACHE[key]
    raw, sources = read_pack(path, PARTS, default_dir, overrides)
    pack = _build(raw, sources)
    if path is None and not overrides:
        _DEFAULT_CACHE[key] = pack
    return pack


def _build(raw: Mapping[str, Any], sources: Mapping[str, str]) -> DataPack:
    manifest = raw["pack"]
    setup, setup_prov, legacy = pack_readers.setup(raw["setup"], sources["setup"])
    normal, unique = pack_readers.genes(raw["genes"], sources["genes"], legacy)
    if setup["unique_genes_in_bag"] > len(unique):
        raise DataError(
            sources["setup"], "values.unique_genes_in_bag", f"larger than the {len(unique)} unique genes"
        )
    climate = pack_parts.climate(raw["climate"], sources["climate"], setup)
    die = pack_parts.die(raw["die"], sources["die"])
    cards, eprov = pack_readers.events(raw["events"], sources["events"], legacy, climate["tokens"])
    setup = dict(setup)
    for key, (entry, eff) in LEGACY_SETUP_KEYS.items():  # compatibility aliases, derived from the entries
        for e in tuple(normal) + tuple(unique) + tuple(cards):
            if e.id == entry and eff in e.effects:
                setup.setdefault(key, e.effects[eff])
    return DataPack(
        name=str(manifest.get("name", "custom")),
        title=str(manifest.get("title", "")),
        pack_version=str(manifest.get("pack_version", "")),
        setup=setup,
        setup_provenance=setup_prov,
        normal_genes=tuple(normal),
        unique_genes=tuple(unique),
        **climate,
        **die,
        events=tuple(cards),
        events_provenance=eprov,
        sources=dict(sources),
        raw=dict(raw),
    )
