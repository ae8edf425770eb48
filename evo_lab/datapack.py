"""The rules/data pack: every game value of Evo 2e as versioned data with its provenance.

The default pack lives in ``evo_lab/data/evo2e/`` (one JSON file per part) and is loaded with
:func:`load_data`. Each value carries a provenance level, ``printed`` (in the rulebook), ``high``,
``medium`` or ``assumed`` (a documented default that a user can replace), and a source.

>>> pack = load_data()
>>> pack.setup["dinosaurs_per_player"]
8
>>> [g.id for g in pack.normal_genes]
['legs', 'horn', 'egg', 'thermo', 'fur', 'vial']
>>> sum(t.count for t in pack.tokens)
12
>>> pack.die_faces
('cross', 'claw', 'equals', 'plus', 'plus', 'two_plus')

Replace one part from a file (for example a transcribed wheel) with
``load_data(overrides={"climate": "my_climate.json"})`` or ``pack.with_part("climate", path)``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Mapping

from .core.datapack import PROVENANCE_LEVELS, DataError, Provenance

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
    "UNIQUE_GENE_IDS",
    "EVENT_EFFECTS",
    "CLIMATE_STATES",
]

#: Normal genes the engine implements, in dinosaur-board order.
NORMAL_GENE_IDS = ("legs", "horn", "egg", "thermo", "fur", "vial")
#: Unique genes the engine implements (rulebook, "Unique genes").
UNIQUE_GENE_IDS = (
    "bony_plates", "large_horn", "thick_shell", "flippers", "wings", "regeneration",
    "killer_babies", "sixth_sense", "cave_dweller", "adrenaline_rush", "strong_thighs", "chameleon_skin",
)
#: Event-card effects the engine implements (the five cards the rulebook shows).
EVENT_EFFECTS = ("geysers", "prescience", "swarm_of_rats", "egg_thief", "frenzied_attack")
CLIMATE_STATES = ("ideal", "hot", "cold", "deadly")
DIE_RULES = ("never", "always", "at_least")
SETUP_KEYS = (
    "players_min", "players_max", "dinosaurs_per_player", "starting_mp", "base_movement", "starting_eggs",
    "starting_dinosaurs", "bid_min", "bid_max", "unique_genes_in_bag", "climate_discard",
    "climate_bottom_pile", "protected_clan_size", "protected_clan_size_regeneration", "strong_thighs_bonus",
    "thick_shell_range", "large_horn_bonus", "bony_plates_bonus", "frenzied_attack_bonus", "mp_per_dinosaur",
)


@dataclass(frozen=True)
class Gene:
    id: str
    name: str
    count: int
    effect: str
    provenance: Provenance


@dataclass(frozen=True)
class UniqueGene:
    id: str
    name: str
    text: str
    provenance: Provenance


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


@dataclass(frozen=True)
class WheelSection:
    index: int
    name: str
    states: Mapping[str, str]  # terrain -> ideal/hot/cold/deadly


@dataclass(frozen=True)
class DataPack:
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
    def section_states(self, section: int) -> tuple[str, ...]:
        """Climate state of each terrain (in ``terrains`` order) for a wheel section.

        >>> load_data().section_states(3)
        ('deadly', 'deadly', 'hot', 'ideal')
        """
        s = self.wheel[section % len(self.wheel)]
        return tuple(s.states[t] for t in self.terrains)

    def with_part(self, part: str, source: str | Path | Mapping[str, Any]) -> "DataPack":
        """A new pack with one part replaced (from a file path or a dict)."""
        raw = dict(self.raw)
        raw[part] = _read_part(part, source)
        sources = dict(self.sources)
        sources[part] = str(source) if not isinstance(source, Mapping) else "<dict>"
        return _build(self.raw["pack"], raw, sources)

    def provenance_rows(self) -> list[dict]:
        """One row per game value: ``{"part", "value_name", "value", "provenance", "source"}``."""
        rows: list[dict] = []
        for k in SETUP_KEYS:
            p = self.setup_provenance[k]
            rows.append(dict(part="setup", value_name=k, value=self.setup[k], provenance=p.level, source=p.source))
        for g in self.normal_genes:
            rows.append(dict(part="genes", value_name=f"{g.id} count", value=g.count,
                             provenance=g.provenance.level, source=g.provenance.source))
        for u in self.unique_genes:
            rows.append(dict(part="genes", value_name=f"unique {u.id}", value=u.name,
                             provenance=u.provenance.level, source=u.provenance.source))
        for s in self.wheel:
            rows.append(dict(part="climate", value_name=f"wheel section {s.index}",
                             value=", ".join(f"{t}: {s.states[t]}" for t in self.terrains),
                             provenance=self.wheel_provenance.level, source=self.wheel_provenance.source))
        rows.append(dict(part="climate", value_name="initial section", value=self.initial_section,
                         provenance=self.wheel_provenance.level, source=self.wheel_provenance.source))
        for t in self.tokens:
            rows.append(dict(part="climate", value_name=f"token {t.id} (shift {t.shift:+d})", value=t.count,
                             provenance=self.tokens_provenance.level, source=self.tokens_provenance.source))
        rows.append(dict(part="climate", value_name="meteorite", value=1, provenance=self.meteorite_provenance.level,
                         source=self.meteorite_provenance.source))
        for kind in dict.fromkeys(self.die_faces):
            rows.append(dict(part="die", value_name=f"faces {kind}", value=self.die_faces.count(kind),
                             provenance=self.die_provenance.level, source=self.die_provenance.source))
        for c in self.events:
            rows.append(dict(part="events", value_name=f"card {c.id} text", value=c.name,
                             provenance=c.provenance.level, source=c.provenance.source))
            rows.append(dict(part="events", value_name=f"card {c.id} copies", value=c.count,
                             provenance=self.events_provenance.level, source=self.events_provenance.source))
        return rows

    def assumed(self) -> list[str]:
        """Names of the values that rest on an assumed default (what the UI badges).

        >>> "die" in {n.split()[0] for n in load_data().assumed()}
        True
        """
        return [f"{r['part']} {r['value_name']}" for r in self.provenance_rows() if r["provenance"] == "assumed"]

    def provenance_markdown(self) -> str:
        """The provenance table as Markdown (``docs/data.md`` embeds it; a test keeps them in sync)."""
        lines = ["| part | value | setting | confidence | source |", "|---|---|---|---|---|"]
        for r in self.provenance_rows():
            conf = f"**{r['provenance']}**" if r["provenance"] == "assumed" else r["provenance"]
            src = str(r["source"]).replace("|", "/")
            lines.append(f"| {r['part']} | {r['value_name']} | {r['value']} | {conf} | {src} |")
        return "\n".join(lines)

    def fingerprint(self) -> str:
        """A short hash of the pack's content, stored in positions and records."""
        import hashlib

        blob = json.dumps({k: v for k, v in self.raw.items() if k != "pack"}, sort_keys=True).encode()
        return hashlib.sha256(blob).hexdigest()[:16]

    def to_dict(self) -> dict:
        """The whole pack as one JSON-able dict (parts inline); ``load_data(pack_dict)`` reads it back."""
        return {"pack": dict(self.raw["pack"]), **{k: v for k, v in self.raw.items() if k != "pack"}}


# ----- loading ---------------------------------------------------------------------------------
_PARTS = ("setup", "genes", "climate", "die", "events")
_DEFAULT_CACHE: dict[str, DataPack] = {}


def _read_json(path: Path | Any, source: str) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise DataError(source, "<file>", f"cannot read: {e}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise DataError(source, "<file>", f"not valid JSON: {e}") from None


def _read_part(part: str, source: str | Path | Mapping[str, Any]) -> dict:
    if part not in _PARTS:
        raise DataError(str(source), "part", f"unknown part {part!r}; parts are {', '.join(_PARTS)}")
    if isinstance(source, Mapping):
        return dict(source)
    return _read_json(Path(source), str(source))


def load_data(path: str | Path | Mapping[str, Any] | None = None,
              overrides: Mapping[str, str | Path | Mapping[str, Any]] | None = None) -> DataPack:
    """Load a rules/data pack.

    ``path`` is ``None`` (the shipped Evo 2e pack), a directory holding ``pack.json`` and its part
    files, a ``pack.json`` file, or a dict as produced by :meth:`DataPack.to_dict`. ``overrides``
    replaces single parts (``"setup"``, ``"genes"``, ``"climate"``, ``"die"``, ``"events"``) with a
    file path or a dict. Bad data raises :class:`DataError` naming the file and the field.

    >>> load_data().initial_section
    1
    """
    if path is None and not overrides and "default" in _DEFAULT_CACHE:
        return _DEFAULT_CACHE["default"]
    sources: dict[str, str] = {}
    raw: dict[str, Any] = {}
    if path is None or not isinstance(path, Mapping):
        if path is None:
            base: Any = resources.files("evo_lab") / "data" / "evo2e"
            label = "evo_lab/data/evo2e"
        else:
            p = Path(path)
            base = p if p.is_dir() else p.parent
            label = str(base)
        manifest = _read_json(base / "pack.json", f"{label}/pack.json")
        _check_header(manifest, f"{label}/pack.json", "evo-lab-pack")
        parts = manifest.get("parts")
        if not isinstance(parts, dict):
            raise DataError(f"{label}/pack.json", "parts", "must map part names to file names")
        for part in _PARTS:
            if part not in parts:
                raise DataError(f"{label}/pack.json", f"parts.{part}", "missing")
            src = f"{label}/{parts[part]}"
            raw[part] = _read_json(base / parts[part], src)
            sources[part] = src
        raw["pack"] = manifest
    else:
        manifest = path.get("pack")
        if not isinstance(manifest, Mapping):
            raise DataError("<dict>", "pack", "missing pack header")
        raw["pack"] = dict(manifest)
        for part in _PARTS:
            if part not in path:
                raise DataError("<dict>", part, "missing part")
            raw[part] = path[part]
            sources[part] = "<dict>"
    for part, src in (overrides or {}).items():
        raw[part] = _read_part(part, src)
        sources[part] = str(src) if not isinstance(src, Mapping) else "<dict>"
    pack = _build(raw["pack"], raw, sources)
    if path is None and not overrides:
        _DEFAULT_CACHE["default"] = pack
    return pack


def _check_header(d: Any, source: str, fmt: str, part: str | None = None) -> None:
    if not isinstance(d, Mapping):
        raise DataError(source, "<root>", "must be a JSON object")
    if d.get("format") != fmt:
        raise DataError(source, "format", f"expected {fmt!r}, got {d.get('format')!r}")
    if d.get("version") != 1:
        raise DataError(source, "version", f"unsupported version {d.get('version')!r} (this evo-lab reads 1)")
    if part is not None and d.get("part") != part:
        raise DataError(source, "part", f"expected part {part!r}, got {d.get('part')!r}")


def _get(d: Mapping, key: str, source: str, typ: type | tuple, where: str = "") -> Any:
    name = f"{where}{key}"
    if not isinstance(d, Mapping):
        raise DataError(source, where.rstrip(".") or "<root>", f"must be an object, got {type(d).__name__}")
    if key not in d:
        raise DataError(source, name, "missing")
    v = d[key]
    if typ is int and (isinstance(v, bool) or not isinstance(v, int)):
        raise DataError(source, name, f"must be an integer, got {v!r}")
    if not isinstance(v, typ):
        tn = typ.__name__ if isinstance(typ, type) else "/".join(t.__name__ for t in typ)
        raise DataError(source, name, f"must be {tn}, got {type(v).__name__}")
    return v


def _prov(d: Mapping, source: str, where: str, key: str = "provenance", src_key: str = "source") -> Provenance:
    level = d.get(key)
    if level not in PROVENANCE_LEVELS:
        raise DataError(source, f"{where}{key}", f"must be one of {', '.join(PROVENANCE_LEVELS)}, got {level!r}")
    s = d.get(src_key)
    if not isinstance(s, str) or not s.strip():
        raise DataError(source, f"{where}{src_key}", "every value needs a non-empty source")
    return Provenance(level, s)


def _nonneg(v: int, source: str, name: str) -> int:
    if v < 0:
        raise DataError(source, name, f"must be >= 0, got {v}")
    return v


def _build(manifest: Mapping, raw: Mapping[str, Any], sources: Mapping[str, str]) -> DataPack:
    # --- setup
    src = sources["setup"]
    d = raw["setup"]
    _check_header(d, src, "evo-lab-part", "setup")
    values = _get(d, "values", src, dict)
    setup: dict[str, int] = {}
    setup_prov: dict[str, Provenance] = {}
    for k in SETUP_KEYS:
        entry = _get(values, k, src, dict, "values.")
        setup[k] = _nonneg(_get(entry, "value", src, int, f"values.{k}."), src, f"values.{k}.value")
        setup_prov[k] = _prov(entry, src, f"values.{k}.")
    if not (2 <= setup["players_min"] <= setup["players_max"] <= 5):
        raise DataError(src, "values.players_max", "players must satisfy 2 <= players_min <= players_max <= 5")
    if setup["bid_max"] < setup["bid_min"]:
        raise DataError(src, "values.bid_max", "must be >= bid_min")
    if not (1 <= setup["starting_dinosaurs"] <= setup["dinosaurs_per_player"]):
        raise DataError(src, "values.starting_dinosaurs", "must be between 1 and dinosaurs_per_player")

    # --- genes
    src = sources["genes"]
    d = raw["genes"]
    _check_header(d, src, "evo-lab-part", "genes")
    normal = []
    for i, g in enumerate(_get(d, "normal", src, list)):
        w = f"normal[{i}]."
        gid = _get(g, "id", src, str, w)
        normal.append(Gene(gid, _get(g, "name", src, str, w), _nonneg(_get(g, "count", src, int, w), src, w + "count"),
                           _get(g, "effect", src, str, w), _prov(g, src, w)))
    if tuple(g.id for g in normal) != NORMAL_GENE_IDS:
        raise DataError(src, "normal", f"normal gene ids must be {list(NORMAL_GENE_IDS)} in that order, "
                                       f"got {[g.id for g in normal]}")
    unique = []
    for i, g in enumerate(_get(d, "unique", src, list)):
        w = f"unique[{i}]."
        gid = _get(g, "id", src, str, w)
        if gid not in UNIQUE_GENE_IDS:
            raise DataError(src, w + "id", f"no implementation for unique gene {gid!r}; known: {', '.join(UNIQUE_GENE_IDS)}")
        unique.append(UniqueGene(gid, _get(g, "name", src, str, w), _get(g, "text", src, str, w), _prov(g, src, w)))
    ids = [u.id for u in unique]
    if len(set(ids)) != len(ids):
        raise DataError(src, "unique", "duplicate unique gene ids")
    if setup["unique_genes_in_bag"] > len(unique):
        raise DataError(sources["setup"], "values.unique_genes_in_bag", f"larger than the {len(unique)} unique genes")

    # --- climate
    src = sources["climate"]
    d = raw["climate"]
    _check_header(d, src, "evo-lab-part", "climate")
    tentry = _get(d, "terrains", src, dict)
    terrains = tuple(_get(tentry, "value", src, list, "terrains."))
    if not terrains or len(set(terrains)) != len(terrains) or not all(isinstance(t, str) for t in terrains):
        raise DataError(src, "terrains.value", "must be a list of distinct terrain names")
    wheel_d = _get(d, "wheel", src, dict)
    wprov = _prov(wheel_d, src, "wheel.")
    sections = []
    secs = _get(wheel_d, "sections", src, list, "wheel.")
    if not secs:
        raise DataError(src, "wheel.sections", "the wheel needs at least one section")
    for i, s in enumerate(secs):
        w = f"wheel.sections[{i}]."
        if _get(s, "index", src, int, w) != i:
            raise DataError(src, w + "index", f"sections must be listed in clockwise order with index {i}")
        states = _get(s, "states", src, dict, w)
        for t in terrains:
            if t not in states:
                raise DataError(src, f"{w}states.{t}", "missing terrain state")
            if states[t] not in CLIMATE_STATES:
                raise DataError(src, f"{w}states.{t}", f"must be one of {', '.join(CLIMATE_STATES)}, got {states[t]!r}")
        extra = set(states) - set(terrains)
        if extra:
            raise DataError(src, f"{w}states", f"unknown terrain(s) {sorted(extra)}")
        sections.append(WheelSection(i, str(s.get("name", f"section {i}")), dict(states)))
    init = _get(wheel_d, "initial_section", src, int, "wheel.")
    if not 0 <= init < len(sections):
        raise DataError(src, "wheel.initial_section", f"must be a section index 0..{len(sections) - 1}, got {init}")
    tok_d = _get(d, "tokens", src, dict)
    tprov = _prov(tok_d, src, "tokens.")
    tokens = []
    for i, t in enumerate(_get(tok_d, "kinds", src, list, "tokens.")):
        w = f"tokens.kinds[{i}]."
        tokens.append(TokenKind(_get(t, "id", src, str, w), _get(t, "name", src, str, w), _get(t, "shift", src, int, w),
                                _nonneg(_get(t, "count", src, int, w), src, w + "count")))
    if len({t.id for t in tokens}) != len(tokens):
        raise DataError(src, "tokens.kinds", "duplicate token ids")
    ntok = sum(t.count for t in tokens)
    need = setup["climate_discard"] + setup["climate_bottom_pile"] - 1
    if ntok <= need:
        raise DataError(src, "tokens.kinds", f"{ntok} tokens cannot fill a pile (need more than {need})")
    met = _get(d, "meteorite", src, dict)
    mprov = _prov(met, src, "meteorite.")

    # --- die
    src = sources["die"]
    d = raw["die"]
    _check_header(d, src, "evo-lab-part", "die")
    syms: dict[str, DieSymbol] = {}
    for i, s in enumerate(_get(d, "symbols", src, list)):
        w = f"symbols[{i}]."
        kind = _get(s, "kind", src, str, w)
        if kind in syms:
            raise DataError(src, w + "kind", f"duplicate die symbol {kind!r}")
        rule = _get(s, "rule", src, str, w)
        if rule not in DIE_RULES:
            raise DataError(src, w + "rule", f"must be one of {', '.join(DIE_RULES)}, got {rule!r}")
        diff = _get(s, "difference", src, int, w) if rule == "at_least" else None
        kb = _get(s, "killer_baby", src, str, w)
        if kb not in ("enemy_dies", "baby_dies"):
            raise DataError(src, w + "killer_baby", f"must be 'enemy_dies' or 'baby_dies', got {kb!r}")
        syms[kind] = DieSymbol(kind, _get(s, "name", src, str, w), rule, diff, kb, _prov(s, src, w))
    faces = tuple(_get(d, "faces", src, list))
    if len(faces) == 0:
        raise DataError(src, "faces", "the die needs at least one face")
    for i, f in enumerate(faces):
        if f not in syms:
            raise DataError(src, f"faces[{i}]", f"unknown symbol {f!r}; symbols are {', '.join(syms)}")
    dprov = _prov(d, src, "")

    # --- events
    src = sources["events"]
    d = raw["events"]
    _check_header(d, src, "evo-lab-part", "events")
    eprov = _prov(d, src, "", "deck_provenance", "deck_source")
    cards = []
    for i, c in enumerate(_get(d, "cards", src, list)):
        w = f"cards[{i}]."
        cid = _get(c, "id", src, str, w)
        effect = c.get("effect", cid)
        if effect not in EVENT_EFFECTS:
            raise DataError(src, w + "effect", f"no implementation for event effect {effect!r}; known: {', '.join(EVENT_EFFECTS)}")
        cards.append(EventCard(cid, _get(c, "name", src, str, w), _nonneg(_get(c, "count", src, int, w), src, w + "count"),
                               _get(c, "timing", src, str, w), _get(c, "text", src, str, w), effect, _prov(c, src, w)))
    if len({c.id for c in cards}) != len(cards):
        raise DataError(src, "cards", "duplicate card ids")

    return DataPack(
        name=str(manifest.get("name", "custom")), title=str(manifest.get("title", "")),
        pack_version=str(manifest.get("pack_version", "")),
        setup=setup, setup_provenance=setup_prov, normal_genes=tuple(normal), unique_genes=tuple(unique),
        terrains=terrains, wheel=tuple(sections), initial_section=init, wheel_provenance=wprov,
        tokens=tuple(tokens), tokens_provenance=tprov, meteorite_provenance=mprov,
        die_symbols=syms, die_faces=faces, die_provenance=dprov, events=tuple(cards), events_provenance=eprov,
        sources=dict(sources), raw=dict(raw),
    )
