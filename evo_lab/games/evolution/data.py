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

from dataclasses import dataclass
from typing import Any, Mapping

from ...core.datapack import (DataError, PackBase, Provenance, check_header, get, provenance, read_pack)
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


class EvolutionPack(PackBase):
    """The parsed pack. ``deck(name)``, ``setup(variant)`` (plain values), ``setup_prov(variant)``,
    ``traits`` (id -> (name, text, source)), ``zones`` / ``events`` / ``protection`` (Climate)."""

    def __init__(self, raw: Mapping[str, Any], sources: Mapping[str, str]):
        self.raw = raw
        self.sources = dict(sources)
        self._decks = {n: _deck(raw["decks"], sources["decks"], n) for n in VARIANT_DECKS}
        self._setup, self._setup_prov = _setup(raw["setup"], sources["setup"])
        self.traits = _traits(raw["traits"], sources["traits"])
        self.zones, self.events, self.protection, self.climate_meta = _climate(raw["climate"], sources["climate"])

    def fingerprint(self) -> str:
        """The pack's content hash (cached: positions store it in every configuration)."""
        fp = getattr(self, "_fp", None)
        if fp is None:
            fp = self._fp = PackBase.fingerprint(self)
        return fp

    def deck(self, name: str) -> Deck:
        return self._decks[name]

    def setup(self, variant: str) -> dict:
        return self._setup[variant]

    def setup_prov(self, variant: str) -> dict:
        return self._setup_prov[variant]

    def provenance_rows(self) -> list[dict]:
        rows = []
        for var, vals in self._setup_prov.items():
            for k, p in vals.items():
                rows.append({"part": f"setup/{var}", "value_name": k, "value": self._setup[var][k],
                             "provenance": p.level, "source": p.source})
        for n, d in self._decks.items():
            levels = sorted({c.prov.level for c in d.cards})
            rows.append({"part": f"decks/{n}", "value_name": "food values", "value": f"{len(d.cards)} kinds, "
                         f"{d.size} cards", "provenance": "/".join(levels), "source": d.cards[0].prov.source})
        for z in self.zones:
            rows.append({"part": "climate", "value_name": f"zone {z.position:+d} {z.name}",
                         "value": f"food {z.food:+d}, -{z.loss} pop at body {list(z.bodies)}",
                         "provenance": z.prov.level, "source": z.prov.source})
        for e in self.events:
            rows.append({"part": "climate", "value_name": f"event {e.name} ({e.deck})",
                         "value": f"x{e.count}: food {e.food:+d}, -{e.loss} pop at body {list(e.bodies)}",
                         "provenance": e.prov.level, "source": e.prov.source})
        return rows


def _deck(d: Any, src: str, name: str) -> Deck:
    check_header(d, src, "evo-lab-part", "decks")
    decks = get(d, "decks", src, dict)
    dd = get(decks, name, src, dict, "decks.")
    where = f"decks.{name}."
    size = get(dd, "size", src, int, where)
    cards = []
    for i, c in enumerate(get(dd, "cards", src, list, where)):
        w = f"{where}cards[{i}]."
        trait = get(c, "trait", src, str, w)
        if trait not in TRAIT_IDS:
            raise DataError(src, w + "trait", f"unknown trait {trait!r}")
        count = get(c, "count", src, int, w)
        if count <= 0:
            raise DataError(src, w + "count", f"must be >= 1, got {count}")
        cards.append(Card(trait, get(c, "food", src, int, w), get(c, "sun", src, int, w),
                          get(c, "snow", src, int, w), count, provenance(c, src, w)))
    if sum(c.count for c in cards) != size:
        raise DataError(src, where + "cards", f"the counts add up to {sum(c.count for c in cards)}, not {size}")
    if len({(c.trait, c.food, c.sun, c.snow) for c in cards}) != len(cards):
        raise DataError(src, where + "cards", "two entries describe the same card; merge them (count)")
    return Deck(name, tuple(cards), size, any(c.prov.assumed for c in cards))


def _setup(d: Any, src: str) -> tuple[dict, dict]:
    check_header(d, src, "evo-lab-part", "setup")
    vals: dict = {}
    provs: dict = {}
    for var, entries in get(d, "variants", src, dict).items():
        vals[var], provs[var] = {}, {}
        for k, e in entries.items():
            w = f"variants.{var}.{k}."
            if not isinstance(e, Mapping) or "value" not in e:
                raise DataError(src, w + "value", "missing")
            vals[var][k] = tuple(e["value"]) if isinstance(e["value"], list) else e["value"]
            provs[var][k] = provenance(e, src, w)
    for var in VARIANT_DECKS:
        if var not in vals:
            raise DataError(src, f"variants.{var}", "missing")
    return vals, provs


def _traits(d: Any, src: str) -> dict:
    check_header(d, src, "evo-lab-part", "traits")
    out = {}
    for i, t in enumerate(get(d, "traits", src, list)):
        w = f"traits[{i}]."
        tid = get(t, "id", src, str, w)
        if tid not in TRAIT_IDS:
            raise DataError(src, w + "id", f"unknown trait {tid!r}")
        out[tid] = (get(t, "name", src, str, w), get(t, "text", src, str, w), provenance(t, src, w))
    return out


def _climate(d: Any, src: str) -> tuple:
    check_header(d, src, "evo-lab-part", "climate")
    zones = []
    for i, z in enumerate(get(d, "zones", src, list)):
        w = f"zones[{i}]."
        zones.append(ClimateZone(get(z, "position", src, int, w), get(z, "name", src, str, w),
                                 get(z, "kind", src, str, w), get(z, "food", src, int, w),
                                 get(z, "loss", src, int, w), tuple(get(z, "bodies", src, list, w)),
                                 provenance(z, src, w)))
    if [z.position for z in zones] != list(range(-4, 5)):
        raise DataError(src, "zones", "must list positions -4 (Ice Age) .. +4 (Scorching) in order")
    events = []
    for i, e in enumerate(get(d, "events", src, list)):
        w = f"events[{i}]."
        deck = get(e, "deck", src, str, w)
        if deck not in ("cold", "hot"):
            raise DataError(src, w + "deck", f"must be 'cold' or 'hot', got {deck!r}")
        reg = get(e, "regions", src, list, w)
        events.append(ClimateEvent(get(e, "name", src, str, w), deck, get(e, "count", src, int, w),
                                   get(e, "food", src, int, w), get(e, "loss", src, int, w),
                                   tuple(get(e, "bodies", src, list, w)), (int(reg[0]), int(reg[1])),
                                   provenance(e, src, w)))
    prot = get(d, "protection", src, dict)
    protection = {k: tuple(get(prot, k, src, list, "protection.")) for k in ("cold", "hot")}
    meta = {"start": get(d, "start", src, int), "end_deck": get(d, "end_deck", src, int),
            "removal": get(d, "removal", src, dict)}
    return tuple(zones), tuple(events), protection, meta


_CACHE: dict = {}


def load_pack(path: Any = None, overrides: Mapping[str, Any] | None = None) -> EvolutionPack:
    """The shipped pack (cached), a pack folder / ``pack.json`` / inline dict, with parts replaced by
    ``overrides``. Bad data raises :class:`~evo_lab.core.datapack.DataError` naming the file and field."""
    if path is None and not overrides and "default" in _CACHE:
        return _CACHE["default"]
    raw, sources = read_pack(path, PARTS, ("data", "evolution"), overrides)
    pack = EvolutionPack(raw, sources)
    if path is None and not overrides:
        _CACHE["default"] = pack
    return pack
