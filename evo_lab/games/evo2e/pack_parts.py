"""The climate and die parts of the Evo 2e data pack, and the pack's provenance table.

Split out of :mod:`.datapack` to keep each module short; every function reads one part and raises
:class:`~evo_lab.core.datapack.DataError` naming the file and the field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict
from collections.abc import Mapping

from ...core.datapack import DataError, Provenance, check_header, get, int_field, provenance
from ...core.errors import excerpt
from .pack_entries import CLIMATE_STATES, DIE_RULES, DieSymbol, TokenKind, WheelSection

if TYPE_CHECKING:
    from .datapack import DataPack

__all__ = ["climate", "die", "provenance_rows", "ClimatePart", "DiePart"]


class ClimatePart(TypedDict):
    """The fields of a :class:`~evo_lab.games.evo2e.datapack.DataPack` the ``climate`` part gives."""

    terrains: tuple[str, ...]
    wheel: tuple[WheelSection, ...]
    initial_section: int
    wheel_provenance: Provenance
    tokens: tuple[TokenKind, ...]
    tokens_provenance: Provenance
    meteorite_provenance: Provenance


class DiePart(TypedDict):
    """The fields of a :class:`~evo_lab.games.evo2e.datapack.DataPack` the ``die`` part gives."""

    die_symbols: dict[str, DieSymbol]
    die_faces: tuple[str, ...]
    die_provenance: Provenance


def climate(d: object, src: str, setup: Mapping[str, int]) -> ClimatePart:
    """The ``climate`` part: terrains, the wheel (explicit terrain -> state tables), the tokens, the meteorite."""
    check_header(d, src, "evo-lab-part", "climate")
    tentry = get(d, "terrains", src, dict)
    terrains = tuple(get(tentry, "value", src, list, "terrains."))
    if (
        not terrains
        or len(terrains) > 16
        or not all(isinstance(t, str) for t in terrains)
        or len(set(terrains)) != len(terrains)
    ):
        raise DataError(src, "terrains.value", "must be a list of distinct terrain names")
    wheel_d = get(d, "wheel", src, dict)
    wprov = provenance(wheel_d, src, "wheel.")
    sections = []
    secs = get(wheel_d, "sections", src, list, "wheel.")
    if not secs:
        raise DataError(src, "wheel.sections", "the wheel needs at least one section")
    for i, s in enumerate(secs):
        w = f"wheel.sections[{i}]."
        if get(s, "index", src, int, w) != i:
            raise DataError(src, w + "index", f"sections must be listed in clockwise order with index {i}")
        states = get(s, "states", src, dict, w)
        for t in terrains:
            if t not in states:
                raise DataError(src, f"{w}states.{t}", "missing terrain state")
            if not isinstance(states[t], str) or states[t] not in CLIMATE_STATES:
                raise DataError(
                    src,
                    f"{w}states.{t}",
                    f"must be one of {', '.join(CLIMATE_STATES)}, got {excerpt(states[t])}",
                )
        extra = set(states) - set(terrains)
        if extra:
            raise DataError(src, f"{w}states", f"unknown terrain(s) {sorted(extra)}")
        sections.append(WheelSection(i, str(s.get("name", f"section {i}")), dict(states)))
    init = get(wheel_d, "initial_section", src, int, "wheel.")
    if len(sections) > 64:
        raise DataError(src, "wheel.sections", "at most 64 sections")
    if not 0 <= init < len(sections):
        raise DataError(
            src, "wheel.initial_section", f"must be a section index 0..{len(sections) - 1}, got {init}"
        )
    tok_d = get(d, "tokens", src, dict)
    tprov = provenance(tok_d, src, "tokens.")
    tokens = []
    for i, t in enumerate(get(tok_d, "kinds", src, list, "tokens.")):
        w = f"tokens.kinds[{i}]."
        tokens.append(
            TokenKind(
                get(t, "id", src, str, w),
                get(t, "name", src, str, w),
                int_field(t, "shift", src, w, -64, 64),
                int_field(t, "count", src, w, 0, 100),
            )
        )
    if len({t.id for t in tokens}) != len(tokens):
        raise DataError(src, "tokens.kinds", "duplicate token ids")
    ntok = sum(t.count for t in tokens)
    need = setup["climate_discard"] + setup["climate_bottom_pile"] - 1
    if ntok <= need:
        raise DataError(src, "tokens.kinds", f"{ntok} tokens cannot fill a pile (need more than {need})")
    mprov = provenance(get(d, "meteorite", src, dict), src, "meteorite.")
    return ClimatePart(
        terrains=terrains,
        wheel=tuple(sections),
        initial_section=init,
        wheel_provenance=wprov,
        tokens=tuple(tokens),
        tokens_provenance=tprov,
        meteorite_provenance=mprov,
    )


def die(d: object, src: str) -> DiePart:
    """The ``die`` part: the symbols (combat rule, killer-baby result) and the faces."""
    check_header(d, src, "evo-lab-part", "die")
    assert isinstance(d, Mapping)  # check_header raised for anything else
    syms: dict[str, DieSymbol] = {}
    for i, s in enumerate(get(d, "symbols", src, list)):
        w = f"symbols[{i}]."
        kind = get(s, "kind", src, str, w)
        if kind in syms:
            raise DataError(src, w + "kind", f"duplicate die symbol {excerpt(kind)}")
        rule = get(s, "rule", src, str, w)
        if rule not in DIE_RULES:
            raise DataError(src, w + "rule", f"must be one of {', '.join(DIE_RULES)}, got {excerpt(rule)}")
        diff = int_field(s, "difference", src, w, -20, 20) if rule == "at_least" else None
        kb = get(s, "killer_baby", src, str, w)
        if kb not in ("enemy_dies", "baby_dies"):
            raise DataError(src, w + "killer_baby", f"must be 'enemy_dies' or 'baby_dies', got {excerpt(kb)}")
        syms[kind] = DieSymbol(kind, get(s, "name", src, str, w), rule, diff, kb, provenance(s, src, w))
    faces = tuple(get(d, "faces", src, list))
    if not 1 <= len(faces) <= 100:
        raise DataError(src, "faces", "the die needs at least one face (at most 100)")
    for i, f in enumerate(faces):
        if not isinstance(f, str) or f not in syms:
            raise DataError(src, f"faces[{i}]", f"unknown symbol {excerpt(f)}; symbols are {', '.join(syms)}")
    return DiePart(die_symbols=syms, die_faces=faces, die_provenance=provenance(d, src, ""))


def _effects_text(effects: Mapping[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in effects.items())


def provenance_rows(pack: DataPack) -> list[dict[str, object]]:
    """One row per game value: ``{"part", "value_name", "value", "provenance", "source"}``."""
    from .pack_entries import OPTIONAL_SETUP_KEYS, SETUP_KEYS

    rows: list[dict[str, object]] = []

    def row(part: str, name: str, value: object, prov: Provenance) -> None:
        rows.append(dict(part=part, value_name=name, value=value, provenance=prov.level, source=prov.source))

    for k in SETUP_KEYS + tuple(OPTIONAL_SETUP_KEYS):
        if k in pack.setup_provenance:
            row("setup", k, pack.setup[k], pack.setup_provenance[k])
    for g in pack.normal_genes:
        row("genes", f"{g.id} count", g.count, g.provenance)
        if g.effects:
            row("genes", f"{g.id} effects (per copy)", _effects_text(g.effects), g.provenance)
    for u in pack.unique_genes:
        row(
            "genes",
            f"unique {u.id}",
            u.name + (f" ({_effects_text(u.effects)})" if u.effects else ""),
            u.provenance,
        )
    for s in pack.wheel:
        row(
            "climate",
            f"wheel section {s.index}",
            ", ".join(f"{t}: {s.states[t]}" for t in pack.terrains),
            pack.wheel_provenance,
        )
    row("climate", "initial section", pack.initial_section, pack.wheel_provenance)
    for t in pack.tokens:
        row("climate", f"token {t.id} (shift {t.shift:+d})", t.count, pack.tokens_provenance)
    row("climate", "meteorite", 1, pack.meteorite_provenance)
    for kind in dict.fromkeys(pack.die_faces):
        row("die", f"faces {kind}", pack.die_faces.count(kind), pack.die_provenance)
    for c in pack.events:
        extra = [_effects_text(c.effects)] if c.effects else []
        if c.shifts:
            extra.append("shifts " + " ".join(f"{x:+d}" for x in c.shifts))
        row("events", f"card {c.id} text", c.name + (f" ({'; '.join(extra)})" if extra else ""), c.provenance)
        row("events", f"card {c.id} copies", c.count, pack.events_provenance)
    return rows
