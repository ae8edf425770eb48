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

from ...core.datapack import (PROVENANCE_LEVELS, DataError, PackBase, Provenance, check_header, get, int_field,
                              provenance, read_json_file, read_pack)
from ...core.errors import excerpt
from . import pack_parts

__all__ = [
    "DataError", "DataPack", "Gene", "UniqueGene", "TokenKind", "DieSymbol", "EventCard", "WheelSection",
    "load_data", "PROVENANCE_LEVELS", "NORMAL_GENE_IDS", "UNIQUE_GENE_IDS", "EVENT_EFFECTS", "CLIMATE_STATES",  # noqa: F822 (module __getattr__)
    "SETUP_KEYS", "LEGACY_SETUP_KEYS", "OPTIONAL_SETUP_KEYS", "EXTRA_NORMAL_GENES", "register_normal_gene",
]

#: Bounds of the numbers a pack gives: setup values, gene and card effects, wheel shifts (each sizes a loop, a
#: track or a bag; far above any printed value).
SETUP_MAX, EFFECT_MAX, SHIFT_MAX = 1000, 20, 64

#: Normal genes, in dinosaur-board order (the six tracks of the printed dinosaur board).
NORMAL_GENE_IDS = ("legs", "horn", "egg", "thermo", "fur", "vial")
CLIMATE_STATES = ("ideal", "hot", "cold", "deadly")
DIE_RULES = ("never", "always", "at_least")
SETUP_KEYS = (
    "players_min", "players_max", "dinosaurs_per_player", "starting_mp", "base_movement", "starting_eggs",
    "starting_dinosaurs", "birth_range", "bid_min", "bid_max", "unique_genes_in_bag", "climate_discard",
    "climate_bottom_pile", "protected_clan_size", "mp_per_dinosaur",
)
#: Setup keys a pack may leave out (their defaults keep Evo 2e's rules): what every species starts with beyond
#: the normal genes (Evo first edition's printed portrait card), and the event cards dealt at setup.
OPTIONAL_SETUP_KEYS = {"base_hot_survivors": 0, "base_cold_survivors": 0, "starting_cards": 0, "cards_from_round": 1}
#: Normal genes a variant adds after the six of the dinosaur board (``id -> what it does``); a variant's
#: package registers them (:func:`register_normal_gene`) before loading its pack.
EXTRA_NORMAL_GENES: dict[str, str] = {}


def register_normal_gene(gid: str, doc: str) -> None:
    """Allow packs to list normal gene ``gid`` after the six of Evo 2e (its effect is a variant's hook)."""
    EXTRA_NORMAL_GENES[gid] = doc
#: Setup keys of version-1 packs that are now effects of gene and card entries: ``key -> (entry, effect)``.
#: ``DataPack.setup`` still offers them, derived from the entries, for code written against version 1.
LEGACY_SETUP_KEYS = {
    "strong_thighs_bonus": ("strong_thighs", "movement"),
    "thick_shell_range": ("thick_shell", "birth_range"),
    "large_horn_bonus": ("large_horn", "attack_horns"),
    "bony_plates_bonus": ("bony_plates", "defence_horns"),
    "protected_clan_size_regeneration": ("regeneration", "protected_size"),
    "frenzied_attack_bonus": ("frenzied_attack", "attack_horns"),
}


def __getattr__(name: str) -> Any:  # derived from the registries, so that they are never a second list
    if name == "UNIQUE_GENE_IDS":
        from .genes import GENES

        return tuple(g for g in GENES if g not in NORMAL_GENE_IDS)
    if name == "EVENT_EFFECTS":
        from .cards import CARDS

        return tuple(CARDS)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(frozen=True)
class Gene:
    id: str
    name: str
    count: int
    effect: str
    provenance: Provenance
    effects: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class UniqueGene:
    id: str
    name: str
    text: str
    provenance: Provenance
    effects: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class TokenKind:
    id: str
    name: str
    shift: int
    count: int


@dataclass(frozen=True)
class DieSymbol:
    kind: str
    name: str
    rule: str  # never | always | at_least
    difference: int | None
    killer_baby: str  # enemy_dies | baby_dies
    provenance: Provenance

    def succeeds(self, attack_horns: int, defence_horns: int) -> bool:
        """Whether this face wins an attack (rulebook, "Combat result")."""
        if self.rule == "never":
            return False
        if self.rule == "always":
            return True
        return attack_horns - defence_horns >= self.difference  # type: ignore[operator]


@dataclass(frozen=True)
class EventCard:
    id: str
    name: str
    count: int
    timing: str
    text: str
    effect: str
    provenance: Provenance
    effects: Mapping[str, int] = field(default_factory=dict)
    shifts: tuple[int, ...] = ()  # Prescience: the wheel moves the card text allows


@dataclass(frozen=True)
class WheelSection:
    index: int
    name: str
    states: Mapping[str, str]  # terrain -> ideal/hot/cold/deadly


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
        for g in self.normal_genes + self.unique_genes:  # type: ignore[operator]
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

    def provenance_rows(self) -> list[dict]:
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


def _read_part(part: str, source: str | Path | Mapping[str, Any]) -> dict:
    if part not in PARTS:
        raise DataError(str(source), "part", f"unknown part {excerpt(part)}; parts are {', '.join(PARTS)}")
    if isinstance(source, Mapping):
        return dict(source)
    return read_json_file(Path(source), str(source))


def load_data(path: str | Path | Mapping[str, Any] | None = None,
              overrides: Mapping[str, str | Path | Mapping[str, Any]] | None = None,
              default_dir: tuple[str, ...] = ("data", "evo2e")) -> DataPack:
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
    setup, setup_prov, legacy = _setup(raw["setup"], sources["setup"])
    normal, unique = _genes(raw["genes"], sources["genes"], legacy)
    if setup["unique_genes_in_bag"] > len(unique):
        raise DataError(sources["setup"], "values.unique_genes_in_bag", f"larger than the {len(unique)} unique genes")
    climate = pack_parts.climate(raw["climate"], sources["climate"], setup)
    die = pack_parts.die(raw["die"], sources["die"])
    cards, eprov = _events(raw["events"], sources["events"], legacy, climate["tokens"])
    setup = dict(setup)
    for key, (entry, eff) in LEGACY_SETUP_KEYS.items():  # compatibility aliases, derived from the entries
        for e in tuple(normal) + tuple(unique) + tuple(cards):
            if e.id == entry and eff in e.effects:
                setup.setdefault(key, e.effects[eff])
    return DataPack(
        name=str(manifest.get("name", "custom")), title=str(manifest.get("title", "")),
        pack_version=str(manifest.get("pack_version", "")), setup=setup, setup_provenance=setup_prov,
        normal_genes=tuple(normal), unique_genes=tuple(unique), **climate, **die, events=tuple(cards),
        events_provenance=eprov, sources=dict(sources), raw=dict(raw))


def _setup(d: Any, src: str) -> tuple[dict, dict, dict]:
    """The setup values (version 2), or version 1's with its gene bonuses returned as ``legacy``."""
    check_header(d, src, "evo-lab-part", "setup", versions=(1, 2))
    values = get(d, "values", src, dict)
    keys = [k for k in SETUP_KEYS if not (d["version"] == 1 and k == "birth_range")]
    if d["version"] == 1:
        keys += list(LEGACY_SETUP_KEYS)
    setup: dict[str, int] = {}
    prov: dict[str, Provenance] = {}
    for k in keys:
        entry = get(values, k, src, dict, "values.")
        setup[k] = int_field(entry, "value", src, f"values.{k}.", 0, SETUP_MAX)
        prov[k] = provenance(entry, src, f"values.{k}.")
    for k, default in OPTIONAL_SETUP_KEYS.items():
        if k in values:
            entry = get(values, k, src, dict, "values.")
            setup[k] = int_field(entry, "value", src, f"values.{k}.", 0, SETUP_MAX)
            prov[k] = provenance(entry, src, f"values.{k}.")
        else:
            setup[k] = default
    legacy = {k: setup.pop(k) for k in list(setup) if k in LEGACY_SETUP_KEYS}
    if d["version"] == 1:  # version 1 placed newborns next to a dinosaur, as the rulebook says
        setup["birth_range"] = 1
        prov["birth_range"] = Provenance("printed", "rulebook, Birth phase: a space adjacent to one of his dinosaurs")
        for k in legacy:
            prov.pop(k, None)
    if not (2 <= setup["players_min"] <= setup["players_max"] <= 5):
        raise DataError(src, "values.players_max", "players must satisfy 2 <= players_min <= players_max <= 5")
    if setup["bid_max"] < setup["bid_min"]:
        raise DataError(src, "values.bid_max", "must be >= bid_min")
    if not (1 <= setup["starting_dinosaurs"] <= setup["dinosaurs_per_player"]):
        raise DataError(src, "values.starting_dinosaurs", "must be between 1 and dinosaurs_per_player")
    if setup["birth_range"] < 1:
        raise DataError(src, "values.birth_range.value", "must be at least 1")
    return setup, prov, legacy


#: Effects of version-1 gene entries (they were code then): per copy for normal genes, else per gene.
_V1_EFFECTS = {"legs": {"movement": 1}, "horn": {"attack_horns": 1, "defence_horns": 1}, "egg": {"births": 1},
               "thermo": {"hot_survivors": 1}, "fur": {"cold_survivors": 1}, "vial": {"discount": 1},
               "cave_dweller": {"deadly_survivors": 1}}


def _v1_effects(gid: str, legacy: Mapping[str, int]) -> dict:
    out = dict(_V1_EFFECTS.get(gid, {}))
    for key, (entry, eff) in LEGACY_SETUP_KEYS.items():
        if entry == gid:
            out[eff] = legacy.get(key, 3 if key == "protected_clan_size_regeneration" else 2)
    return out


def _effects(e: Any, src: str, where: str, version: int, gid: str, legacy: Mapping[str, int],
             unique: bool) -> dict:
    from .genes import EFFECTS

    if version == 1:
        return _v1_effects(gid, legacy)
    eff = get(e, "effects", src, dict, where, default={})
    for k, v in eff.items():
        if k not in EFFECTS:
            raise DataError(src, f"{where}effects.{str(k)[:40]}", f"unknown effect; effects are {', '.join(EFFECTS)}")
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= EFFECT_MAX:
            raise DataError(src, f"{where}effects.{k}", f"must be an integer >= 0 and <= {EFFECT_MAX}, got {excerpt(v)}")
        if not unique and EFFECTS[k] != "sum":
            raise DataError(src, f"{where}effects.{k}", "a normal gene's effects add up per copy; "
                                                        f"{k!r} is the largest of the unique genes' values")
    return dict(eff)


def _genes(d: Any, src: str, legacy: Mapping[str, int]) -> tuple[list[Gene], list[UniqueGene]]:
    from .genes import GENES

    check_header(d, src, "evo-lab-part", "genes", versions=(1, 2))
    v = d["version"]
    normal = []
    for i, g in enumerate(get(d, "normal", src, list)):
        w = f"normal[{i}]."
        gid = get(g, "id", src, str, w)
        normal.append(Gene(gid, get(g, "name", src, str, w), int_field(g, "count", src, w, 0, 100),
                           get(g, "effect", src, str, w), provenance(g, src, w),
                           _effects(g, src, w, v, gid, legacy, False)))
    ids = tuple(g.id for g in normal)
    extra = ids[len(NORMAL_GENE_IDS):]
    if ids[:len(NORMAL_GENE_IDS)] != NORMAL_GENE_IDS or any(x not in EXTRA_NORMAL_GENES for x in extra) \
            or len(set(extra)) != len(extra):
        raise DataError(src, "normal", f"normal gene ids must be {list(NORMAL_GENE_IDS)} in that order (then "
                                       f"registered extras: {sorted(EXTRA_NORMAL_GENES)}), got {list(ids)}")
    unique = []
    known = [g for g in GENES if g not in NORMAL_GENE_IDS]
    for i, g in enumerate(get(d, "unique", src, list)):
        w = f"unique[{i}]."
        gid = get(g, "id", src, str, w)
        if gid not in known:
            raise DataError(src, w + "id", f"no implementation for unique gene {excerpt(gid)}; known: {', '.join(known)}")
        unique.append(UniqueGene(gid, get(g, "name", src, str, w), get(g, "text", src, str, w), provenance(g, src, w),
                                 _effects(g, src, w, v, gid, legacy, True)))
    ids = [u.id for u in unique]
    if len(set(ids)) != len(ids):
        raise DataError(src, "unique", "duplicate unique gene ids")
    return normal, unique


def _events(d: Any, src: str, legacy: Mapping[str, int], tokens: tuple) -> tuple[list[EventCard], Provenance]:
    from .cards import CARDS, WINDOWS

    check_header(d, src, "evo-lab-part", "events", versions=(1, 2))
    eprov = provenance(d, src, "", "deck_provenance", "deck_source")
    cards = []
    for i, c in enumerate(get(d, "cards", src, list)):
        w = f"cards[{i}]."
        cid = get(c, "id", src, str, w)
        effect = c.get("effect", cid) if isinstance(c, Mapping) else cid
        if effect not in CARDS:
            raise DataError(src, w + "effect",
                            f"no implementation for event effect {excerpt(effect)}; known: {', '.join(CARDS)}")
        timing = get(c, "timing", src, str, w)
        if timing not in WINDOWS:
            raise DataError(src, w + "timing", f"unknown timing {excerpt(timing)}; windows are {', '.join(WINDOWS)}")
        if d["version"] == 1:
            eff = {"attack_horns": legacy.get("frenzied_attack_bonus", 2)} if effect == "frenzied_attack" else {}
            shifts = tuple(sorted({t.shift for t in tokens}, reverse=True)) if effect == "prescience" else ()
        else:
            eff = _card_effects(c, src, w)
            shifts = tuple(_ints(get(c, "shifts", src, list, w, default=[]), src, w + "shifts"))
        cards.append(EventCard(cid, get(c, "name", src, str, w), int_field(c, "count", src, w, 0, 100),
                               timing, get(c, "text", src, str, w), effect, provenance(c, src, w), eff, shifts))
        CARDS[effect].check(cards[-1], src, w)
    if len({c.id for c in cards}) != len(cards):
        raise DataError(src, "cards", "duplicate card ids")
    return cards, eprov


def _card_effects(c: Mapping, src: str, w: str) -> dict:
    eff = get(c, "effects", src, dict, w, default={})
    for k, v in eff.items():
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= EFFECT_MAX:
            raise DataError(src, f"{w}effects.{str(k)[:40]}", f"must be an integer >= 0 and <= {EFFECT_MAX}, got {excerpt(v)}")
    return dict(eff)


def _ints(v: list, src: str, name: str) -> list[int]:
    if any(isinstance(x, bool) or not isinstance(x, int) or not -SHIFT_MAX <= x <= SHIFT_MAX for x in v) \
            or len(set(v)) != len(v):
        raise DataError(src, name, f"must be a list of distinct integers -{SHIFT_MAX}..{SHIFT_MAX}, got {excerpt(v)}")
    return list(v)
