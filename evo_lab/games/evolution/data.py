"""The Evolution data pack: decks (per variant), trait texts, per-variant setup constants and the Climate track.

Every value carries its provenance (:mod:`evo_lab.core.datapack`). The per-card food values of North Star's
decks are not public (reference ``evolution-northstar.md`` §7, §10), so every official and Climate food value,
Sun/Snowflake icon, climate zone effect and event is ``assumed``: an owner of the game replaces
``evo_lab/data/evolution/decks.json`` / ``climate.json`` (or passes ``data=`` / ``overrides=``). The course-2016
deck is exact (the course's ``cards.rkt``).

>>> pack = load_pack()
>>> pack.deck("official").size, pack.deck("course2016").size, pack.deck("climate").size
(129, 122, 177)
>>> pack.deck("official").assumed, pack.deck("course2016").assumed
(True, False)
>>> pack.setup("climate")["hand_base"]
4
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypedDict

from ...core.datapack import (
    DataError,
    PackBase,
    Provenance,
    check_header,
    get,
    int_field,
    provenance,
    read_pack,
)
from ...core.errors import excerpt
from .traits import TRAIT_IDS

__all__ = ["Card", "Deck", "ClimateZone", "ClimateEvent", "EvolutionPack", "load_pack", "PARTS"]

PARTS = ("setup", "traits", "decks", "climate")
VARIANT_DECKS = ("official", "course2016", "climate")


@dataclass(frozen=True)
class Card:
    """One distinct card (a *kind*): its trait, plant-food value, Climate icons and how many the deck holds."""

    trait: str
    food: int
    sun: int
    snow: int
    count: int
    prov: Provenance

    @property
    def label(self) -> str:
        """``"carnivore+3"`` (the notation of a card in action strings)."""
        return f"{self.trait}{self.food:+d}"


@dataclass(frozen=True)
class Deck:
    """A deck: its distinct cards (kinds, index = kind id) and the total size."""

    name: str
    cards: tuple[Card, ...]
    size: int
    assumed: bool

    def kind_of(self, trait: str, food: int) -> int:
        """The kind id of the card (``trait``, ``food``); ``-1`` if the deck has none."""
        for i, c in enumerate(self.cards):
            if c.trait == trait and c.food == food:
                return i
        return -1


@dataclass(frozen=True)
class ClimateZone:
    position: int
    name: str
    kind: str
    food: int
    loss: int
    bodies: tuple[int, ...]
    prov: Provenance


@dataclass(frozen=True)
class ClimateEvent:
    name: str
    deck: str
    count: int
    food: int
    loss: int
    bodies: tuple[int, ...]
    regions: tuple[int, int]
    prov: Provenance


#: One variant's setup values (``players``: ``(low, high)``; every other value an int, :data:`SETUP_BOUNDS`).
Setup = dict[str, Any]


class ClimateMeta(TypedDict):
    """Climate's track start, end-game deck size and removal table (``climate.json``)."""

    start: int
    end_deck: int
    removal: dict[str, int | str]


class EvolutionPack(PackBase):
    """The parsed pack. ``deck(name)``, ``setup(variant)`` (plain values), ``setup_prov(variant)``,
    ``traits`` (id -> (name, text, source)), ``zones`` / ``events`` / ``protection`` (Climate)."""

    def __init__(self, raw: Mapping[str, object], sources: Mapping[str, str]):
        self.raw = raw
        self.sources = dict(sources)
        self._decks = {n: _deck(raw["decks"], sources["decks"], n) for n in VARIANT_DECKS}
        self._setup, self._setup_prov = _setup(raw["setup"], sources["setup"])
        self.traits = _traits(raw["traits"], sources["traits"])
        self.zones, self.events, self.protection, self.climate_meta = _climate(
            raw["climate"], sources["climate"]
        )

    def fingerprint(self) -> str:
        """The pack's content hash (cached: positions store it in every configuration)."""
        fp = getattr(self, "_fp", None)
        if fp is None:
            fp = self._fp = PackBase.fingerprint(self)
        return fp

    def deck(self, name: str) -> Deck:
        return self._decks[name]

    def setup(self, variant: str) -> Setup:
        return self._setup[variant]

    def setup_prov(self, variant: str) -> dict[str, Provenance]:
        return self._setup_prov[variant]

    def provenance_rows(self) -> list[dict[str, object]]:
        rows: list[dict[str, object]] = []
        for var, vals in self._setup_prov.items():
            for k, p in vals.items():
                rows.append(
                    {
                        "part": f"setup/{var}",
                        "value_name": k,
                        "value": self._setup[var][k],
                        "provenance": p.level,
                        "source": p.source,
                    }
                )
        for n, d in self._decks.items():
            levels = sorted({c.prov.level for c in d.cards})
            rows.append(
                {
                    "part": f"decks/{n}",
                    "value_name": "food values",
                    "value": f"{len(d.cards)} kinds, {d.size} cards",
                    "provenance": "/".join(levels),
                    "source": d.cards[0].prov.source,
                }
            )
        for z in self.zones:
            rows.append(
                {
                    "part": "climate",
                    "value_name": f"zone {z.position:+d} {z.name}",
                    "value": f"food {z.food:+d}, -{z.loss} pop at body {list(z.bodies)}",
                    "provenance": z.prov.level,
                    "source": z.prov.source,
                }
            )
        for e in self.events:
            rows.append(
                {
                    "part": "climate",
                    "value_name": f"event {e.name} ({e.deck})",
                    "value": f"x{e.count}: food {e.food:+d}, -{e.loss} pop at body {list(e.bodies)}",
                    "provenance": e.prov.level,
                    "source": e.prov.source,
                }
            )
        return rows


#: Setup values a variant gives, with their bounds (``players`` is a [low, high] pair).
SETUP_BOUNDS = {
    "hand_base": (0, 20),
    "hand_per_species": (0, 10),
    "max_traits": (1, 10),
    "max_traits_2p": (1, 10),
    "max_track": (1, 20),
    "new_species_body": (0, 20),
    "new_species_pop": (1, 20),
    "hard_shell": (0, 20),
    "horns": (0, 20),
    "remove_2p": (0, 1000),
    "intelligence_food": (0, 20),
    "extinction_cards": (0, 10),
}
#: Largest deck a pack may describe, largest food value on a card, most Sun or Snowflake icons.
MAX_DECK, MAX_FOOD, MAX_ICONS = 1000, 20, 10


def _deck(d: object, src: str, name: str) -> Deck:
    check_header(d, src, "evo-lab-part", "decks")
    decks = get(d, "decks", src, dict)
    dd = get(decks, name, src, dict, "decks.")
    where = f"decks.{name}."
    size = int_field(dd, "size", src, where, 1, MAX_DECK)
    cards = []
    for i, c in enumerate(get(dd, "cards", src, list, where)):
        w = f"{where}cards[{i}]."
        trait = get(c, "trait", src, str, w)
        if trait not in TRAIT_IDS:
            raise DataError(src, w + "trait", f"unknown trait {excerpt(trait)}")
        count = int_field(c, "count", src, w, 1, MAX_DECK)
        cards.append(
            Card(
                trait,
                int_field(c, "food", src, w, -MAX_FOOD, MAX_FOOD),
                int_field(c, "sun", src, w, 0, MAX_ICONS),
                int_field(c, "snow", src, w, 0, MAX_ICONS),
                count,
                provenance(c, src, w),
            )
        )
    if sum(c.count for c in cards) != size:
        raise DataError(
            src, where + "cards", f"the counts add up to {sum(c.count for c in cards)}, not {size}"
        )
    if len({(c.trait, c.food, c.sun, c.snow) for c in cards}) != len(cards):
        raise DataError(src, where + "cards", "two entries describe the same card; merge them (count)")
    return Deck(name, tuple(cards), size, any(c.prov.assumed for c in cards))


def _setup(d: object, src: str) -> tuple[dict[str, Setup], dict[str, dict[str, Provenance]]]:
    check_header(d, src, "evo-lab-part", "setup")
    vals: dict[str, Setup] = {}
    provs: dict[str, dict[str, Provenance]] = {}
    variants = get(d, "variants", src, dict)
    for var in variants:
        if var not in VARIANT_DECKS:
            raise DataError(
                src, f"variants.{str(var)[:40]}", f"unknown variant; variants are {VARIANT_DECKS}"
            )
        vals[var], provs[var] = {}, {}
        for k, e in get(variants, var, src, dict, "variants.").items():
            w = f"variants.{var}.{k}."
            if k != "players" and k not in SETUP_BOUNDS:
                raise DataError(
                    src, w[:-1], f"unknown setup value; values are players, {', '.join(SETUP_BOUNDS)}"
                )
            if k == "players":
                pair = get(e, "value", src, list, w)
                if (
                    len(pair) != 2
                    or not all(isinstance(x, int) and not isinstance(x, bool) for x in pair)
                    or not 2 <= pair[0] <= pair[1] <= 8
                ):
                    raise DataError(
                        src,
                        w + "value",
                        f"must be [low, high] with 2 <= low <= high <= 8, got {excerpt(pair)}",
                    )
                vals[var][k] = tuple(pair)
            else:
                vals[var][k] = int_field(e, "value", src, w, *SETUP_BOUNDS[k])
            provs[var][k] = provenance(e, src, w)
    for var in VARIANT_DECKS:
        if var not in vals:
            raise DataError(src, f"variants.{var}", "missing")
        for k in ("players", *SETUP_BOUNDS):
            if k not in vals[var] and k != "extinction_cards":
                raise DataError(src, f"variants.{var}.{k}", "missing")
    return vals, provs


def _traits(d: object, src: str) -> dict[str, tuple[str, str, Provenance]]:
    check_header(d, src, "evo-lab-part", "traits")
    out: dict[str, tuple[str, str, Provenance]] = {}
    for i, t in enumerate(get(d, "traits", src, list)):
        w = f"traits[{i}]."
        tid = get(t, "id", src, str, w)
        if tid not in TRAIT_IDS:
            raise DataError(src, w + "id", f"unknown trait {excerpt(tid)}")
        out[tid] = (get(t, "name", src, str, w), get(t, "text", src, str, w), provenance(t, src, w))
    return out


def _bodies(e: object, src: str, w: str) -> tuple[int, ...]:
    v = get(e, "bodies", src, list, w)
    if len(v) > 21 or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 20 for x in v):
        raise DataError(src, w + "bodies", f"must be a list of body sizes 0..20, got {excerpt(v)}")
    return tuple(v)


def _climate(
    d: object, src: str
) -> tuple[tuple[ClimateZone, ...], tuple[ClimateEvent, ...], dict[str, tuple[str, ...]], ClimateMeta]:
    check_header(d, src, "evo-lab-part", "climate")
    zones = []
    for i, z in enumerate(get(d, "zones", src, list)):
        w = f"zones[{i}]."
        kind = get(z, "kind", src, str, w)
        if kind not in ("cold", "hot", "temperate"):
            raise DataError(src, w + "kind", f"must be cold, hot or temperate, got {excerpt(kind)}")
        zones.append(
            ClimateZone(
                int_field(z, "position", src, w, -4, 4),
                get(z, "name", src, str, w),
                kind,
                int_field(z, "food", src, w, -MAX_DECK, MAX_DECK),
                int_field(z, "loss", src, w, 0, 20),
                _bodies(z, src, w),
                provenance(z, src, w),
            )
        )
    if [z.position for z in zones] != list(range(-4, 5)):
        raise DataError(src, "zones", "must list positions -4 (Ice Age) .. +4 (Scorching) in order")
    events = [_event(e, src, f"events[{i}].") for i, e in enumerate(get(d, "events", src, list))]
    prot = get(d, "protection", src, dict)
    protection: dict[str, tuple[str, ...]] = {}
    for k in ("cold", "hot"):
        ts = get(prot, k, src, list, "protection.")
        for j, t in enumerate(ts):
            if not isinstance(t, str) or t not in TRAIT_IDS:
                raise DataError(src, f"protection.{k}[{j}]", f"unknown trait {excerpt(t)}")
        protection[k] = tuple(ts)
    removal = get(d, "removal", src, dict)
    for k in ("2", "3", "4", "5", "6", "7", "8"):
        v = removal.get(k, 0)
        if v != "half" and (isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_DECK):
            raise DataError(
                src, f"removal.{k}", f"must be a number of cards 0..{MAX_DECK} or 'half', got {excerpt(v)}"
            )
    meta: ClimateMeta = {
        "start": int_field(d, "start", src, "", -4, 4),
        "end_deck": int_field(d, "end_deck", src, "", 0, MAX_DECK),
        "removal": removal,
    }
    return tuple(zones), tuple(events), protection, meta


def _event(e: object, src: str, w: str) -> ClimateEvent:
    if not isinstance(e, Mapping):  # as datapack.get says it
        raise DataError(src, w.rstrip("."), f"must be an object, got {type(e).__name__}")
    deck = get(e, "deck", src, str, w)
    if deck not in ("cold", "hot"):
        raise DataError(src, w + "deck", f"must be 'cold' or 'hot', got {excerpt(deck)}")
    reg = get(e, "regions", src, list, w)
    if (
        len(reg) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in reg)
        or not -4 <= reg[0] <= reg[1] <= 4
    ):
        raise DataError(src, w + "regions", f"must be [low, high] track positions -4..4, got {excerpt(reg)}")
    return ClimateEvent(
        get(e, "name", src, str, w),
        deck,
        int_field(e, "count", src, w, 0, 100),
        int_field(e, "food", src, w, -MAX_DECK, MAX_DECK),
        int_field(e, "loss", src, w, 0, 20),
        _bodies(e, src, w),
        (reg[0], reg[1]),
        provenance(e, src, w),
    )


_CACHE: dict[str, EvolutionPack] = {}


def load_pack(
    path: str | Path | Mapping[str, object] | None = None, overrides: Mapping[str, object] | None = None
) -> EvolutionPack:
    """The shipped pack (cached), a pack folder / ``pack.json`` / inline dict, with parts replaced by
    ``overrides``. Bad data raises :class:`~evo_lab.core.datapack.DataError` naming the file and field."""
    if path is None and not overrides and "default" in _CACHE:
        return _CACHE["default"]
    raw, sources = read_pack(path, PARTS, ("data", "evolution"), overrides)
    pack = EvolutionPack(raw, sources)
    if path is None and not overrides:
        _CACHE["default"] = pack
    return pack
