"""The setup, genes and events parts of an Evo 2e data pack (the climate and die parts: :mod:`.pack_parts`).

Each reader checks one part and raises :class:`~evo_lab.core.datapack.DataError` naming the file and the field;
parts of version 1 (before gene and card effects were data) are read with their numbers from the old ``setup``
keys.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...core.datapack import DataError, Provenance, check_header, get, int_field, provenance
from ...core.errors import excerpt
from .pack_entries import (
    EFFECT_MAX,
    EXTRA_NORMAL_GENES,
    LEGACY_SETUP_KEYS,
    NORMAL_GENE_IDS,
    OPTIONAL_SETUP_KEYS,
    SETUP_KEYS,
    SETUP_MAX,
    SHIFT_MAX,
    EventCard,
    Gene,
    TokenKind,
    UniqueGene,
)

__all__ = ["setup", "genes", "events"]


def part_of(d: object, src: str, part: str) -> Mapping[str, object]:
    """``d`` checked as the pack's part ``part`` (its format, and version 1 or 2)."""
    check_header(d, src, "evo-lab-part", part, versions=(1, 2))
    assert isinstance(d, Mapping)  # check_header raised for anything else
    return d


def setup(d: object, src: str) -> tuple[dict[str, int], dict[str, Provenance], dict[str, int]]:
    """The setup values (version 2), or version 1's with its gene bonuses returned as ``legacy``."""
    d = part_of(d, src, "setup")
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
        prov["birth_range"] = Provenance(
            "printed", "rulebook, Birth phase: a space adjacent to one of his dinosaurs"
        )
        for k in legacy:
            prov.pop(k, None)
    if not (2 <= setup["players_min"] <= setup["players_max"] <= 5):
        raise DataError(
            src, "values.players_max", "players must satisfy 2 <= players_min <= players_max <= 5"
        )
    if setup["bid_max"] < setup["bid_min"]:
        raise DataError(src, "values.bid_max", "must be >= bid_min")
    if not (1 <= setup["starting_dinosaurs"] <= setup["dinosaurs_per_player"]):
        raise DataError(src, "values.starting_dinosaurs", "must be between 1 and dinosaurs_per_player")
    if setup["birth_range"] < 1:
        raise DataError(src, "values.birth_range.value", "must be at least 1")
    return setup, prov, legacy


#: Effects of version-1 gene entries (they were code then): per copy for normal genes, else per gene.
_V1_EFFECTS = {
    "legs": {"movement": 1},
    "horn": {"attack_horns": 1, "defence_horns": 1},
    "egg": {"births": 1},
    "thermo": {"hot_survivors": 1},
    "fur": {"cold_survivors": 1},
    "vial": {"discount": 1},
    "cave_dweller": {"deadly_survivors": 1},
}


def _v1_effects(gid: str, legacy: Mapping[str, int]) -> dict[str, int]:
    out = dict(_V1_EFFECTS.get(gid, {}))
    for key, (entry, eff) in LEGACY_SETUP_KEYS.items():
        if entry == gid:
            out[eff] = legacy.get(key, 3 if key == "protected_clan_size_regeneration" else 2)
    return out


def _effects(
    e: object, src: str, where: str, version: int, gid: str, legacy: Mapping[str, int], unique: bool
) -> dict[str, int]:
    from .genes import EFFECTS

    if version == 1:
        return _v1_effects(gid, legacy)
    eff = get(e, "effects", src, dict, where, default={})
    for k, v in eff.items():
        if k not in EFFECTS:
            raise DataError(
                src, f"{where}effects.{str(k)[:40]}", f"unknown effect; effects are {', '.join(EFFECTS)}"
            )
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= EFFECT_MAX:
            raise DataError(
                src, f"{where}effects.{k}", f"must be an integer >= 0 and <= {EFFECT_MAX}, got {excerpt(v)}"
            )
        if not unique and EFFECTS[k] != "sum":
            raise DataError(
                src,
                f"{where}effects.{k}",
                f"a normal gene's effects add up per copy; {k!r} is the largest of the unique genes' values",
            )
    return dict(eff)


def genes(d: object, src: str, legacy: Mapping[str, int]) -> tuple[list[Gene], list[UniqueGene]]:
    from .genes import GENES

    d = part_of(d, src, "genes")
    v = 1 if d["version"] == 1 else 2
    normal = []
    for i, g in enumerate(get(d, "normal", src, list)):
        w = f"normal[{i}]."
        gid = get(g, "id", src, str, w)
        normal.append(
            Gene(
                gid,
                get(g, "name", src, str, w),
                int_field(g, "count", src, w, 0, 100),
                get(g, "effect", src, str, w),
                provenance(g, src, w),
                _effects(g, src, w, v, gid, legacy, False),
            )
        )
    ids = tuple(g.id for g in normal)
    extra = ids[len(NORMAL_GENE_IDS) :]
    if (
        ids[: len(NORMAL_GENE_IDS)] != NORMAL_GENE_IDS
        or any(x not in EXTRA_NORMAL_GENES for x in extra)
        or len(set(extra)) != len(extra)
    ):
        raise DataError(
            src,
            "normal",
            f"normal gene ids must be {list(NORMAL_GENE_IDS)} in that order (then "
            f"registered extras: {sorted(EXTRA_NORMAL_GENES)}), got {list(ids)}",
        )
    unique = []
    known = [g for g in GENES if g not in NORMAL_GENE_IDS]
    for i, g in enumerate(get(d, "unique", src, list)):
        w = f"unique[{i}]."
        gid = get(g, "id", src, str, w)
        if gid not in known:
            raise DataError(
                src, w + "id", f"no implementation for unique gene {excerpt(gid)}; known: {', '.join(known)}"
            )
        unique.append(
            UniqueGene(
                gid,
                get(g, "name", src, str, w),
                get(g, "text", src, str, w),
                provenance(g, src, w),
                _effects(g, src, w, v, gid, legacy, True),
            )
        )
    unique_ids = [u.id for u in unique]
    if len(set(unique_ids)) != len(unique_ids):
        raise DataError(src, "unique", "duplicate unique gene ids")
    return normal, unique


def events(
    d: object, src: str, legacy: Mapping[str, int], tokens: tuple[TokenKind, ...]
) -> tuple[list[EventCard], Provenance]:
    from .cards import CARDS, WINDOWS

    d = part_of(d, src, "events")
    eprov = provenance(d, src, "", "deck_provenance", "deck_source")
    cards = []
    for i, c in enumerate(get(d, "cards", src, list)):
        w = f"cards[{i}]."
        cid = get(c, "id", src, str, w)
        effect = c.get("effect", cid) if isinstance(c, Mapping) else cid
        if effect not in CARDS:
            raise DataError(
                src,
                w + "effect",
                f"no implementation for event effect {excerpt(effect)}; known: {', '.join(CARDS)}",
            )
        timing = get(c, "timing", src, str, w)
        if timing not in WINDOWS:
            raise DataError(
                src, w + "timing", f"unknown timing {excerpt(timing)}; windows are {', '.join(WINDOWS)}"
            )
        if d["version"] == 1:
            eff = (
                {"attack_horns": legacy.get("frenzied_attack_bonus", 2)}
                if effect == "frenzied_attack"
                else {}
            )
            shifts = tuple(sorted({t.shift for t in tokens}, reverse=True)) if effect == "prescience" else ()
        else:
            eff = _card_effects(c, src, w)
            shifts = tuple(_ints(get(c, "shifts", src, list, w, default=[]), src, w + "shifts"))
        cards.append(
            EventCard(
                cid,
                get(c, "name", src, str, w),
                int_field(c, "count", src, w, 0, 100),
                timing,
                get(c, "text", src, str, w),
                effect,
                provenance(c, src, w),
                eff,
                shifts,
            )
        )
        CARDS[effect].check(cards[-1], src, w)
    if len({c.id for c in cards}) != len(cards):
        raise DataError(src, "cards", "duplicate card ids")
    return cards, eprov


def _card_effects(c: object, src: str, w: str) -> dict[str, int]:
    eff = get(c, "effects", src, dict, w, default={})
    for k, v in eff.items():
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= EFFECT_MAX:
            raise DataError(
                src,
                f"{w}effects.{str(k)[:40]}",
                f"must be an integer >= 0 and <= {EFFECT_MAX}, got {excerpt(v)}",
            )
    return dict(eff)


def _ints(v: list[object], src: str, name: str) -> list[int]:
    if any(
        isinstance(x, bool) or not isinstance(x, int) or not -SHIFT_MAX <= x <= SHIFT_MAX for x in v
    ) or len(set(v)) != len(v):
        raise DataError(
            src, name, f"must be a list of distinct integers -{SHIFT_MAX}..{SHIFT_MAX}, got {excerpt(v)}"
        )
    return [x for x in v if isinstance(x, int)]  # all of them: checked above
