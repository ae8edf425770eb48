"""The rules data of *Evolution: The Origin of Species*: the deck, the traits, the food dice, the setup numbers.

The shipped pack lives in ``evo_lab/data/origin/`` (``pack.json`` names the parts ``deck.json``, ``traits.json``,
``food.json`` and ``setup.json``); every value carries its provenance (``printed`` in the seed rulebook, ``high`` /
``medium`` / ``medium-high`` from the reference notes, ``assumed`` where the sources disagree and a ruling picks).
A bad file raises :class:`~evo_lab.core.datapack.DataError` naming the file and the field.

>>> pack = load_pack()
>>> pack.deck_size, len(pack.cards), len(pack.traits)
(84, 20, 19)
>>> pack.card("pois/carn").faces
('poisonous', 'carnivorous')
>>> pack.trait("parasite").food, pack.trait("parasite").target
(2, 'opponent')
>>> pack.food_rule(3)
(2, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from collections.abc import Mapping

from ...core.datapack import (
    DataError,
    PackBase,
    Provenance,
    cached_loader,
    check_header,
    get,
    int_field,
    provenance,
)
from ...core.datapack import read_pack
from ...core.errors import excerpt

if TYPE_CHECKING:
    from .model import JSON, JSONObject

__all__ = ["CardType", "TraitData", "FoodRule", "OriginPack", "load_pack", "PARTS", "TARGETS"]

PARTS = ("deck", "traits", "food", "setup")
FORMAT = "evo-lab-origin"
#: Where a trait card may be played: on an own animal, on another player's animal, on two own animals.
TARGETS = ("own", "opponent", "pair")
SETUP_KEYS = (
    "hand_size",
    "deal_base",
    "deal_per_animal",
    "restart_cards",
    "base_need",
    "kill_food",
    "tail_loss_food",
    "scavenger_food",
    "running_escape_from",
    "points_per_animal",
    "points_per_trait",
    "players_min",
    "players_max",
    "sets_from_5_players",
)


@dataclass(frozen=True)
class CardType:
    """One card type of the deck: its id (``"pois/carn"``), its faces (trait ids, one or two), how many."""

    id: str
    faces: tuple[str, ...]
    count: int
    provenance: Provenance


@dataclass(frozen=True)
class TraitData:
    """The data of one trait: names, extra food need, extra score, where it is played, whether it stacks."""

    id: str
    abbr: str
    name: str
    ru: str
    food: int
    score_bonus: int
    target: str
    stackable: bool
    effect: str
    provenance: Provenance
    score_provenance: Provenance


@dataclass(frozen=True)
class FoodRule:
    """The food bank for one player count: ``dice`` d6 plus ``plus`` red tokens."""

    players: int
    dice: int
    plus: int
    provenance: Provenance


class OriginPack(PackBase):
    """The loaded, validated pack. Use :func:`load_pack`."""

    def __init__(self, raw: JSONObject, sources: dict[str, str]) -> None:
        self.raw = raw
        self.sources = sources
        self.traits: tuple[TraitData, ...] = _read_traits(raw["traits"], sources["traits"])
        self.trait_index = {t.id: i for i, t in enumerate(self.traits)}
        self.cards: tuple[CardType, ...] = _read_deck(raw["deck"], sources["deck"], self.trait_index)
        self.card_index = {c.id: i for i, c in enumerate(self.cards)}
        self.faces_sides, self.food_rules = _read_food(raw["food"], sources["food"])
        self.setup, self.setup_provenance = _read_setup(raw["setup"], sources["setup"])
        self.deck_size = sum(c.count for c in self.cards)

    def card(self, cid: str) -> CardType:
        return self.cards[self.card_index[cid]]

    def trait(self, tid: str) -> TraitData:
        return self.traits[self.trait_index[tid]]

    def food_rule(self, players: int) -> tuple[int, int]:
        """``(dice, plus)`` of the food bank for ``players`` players (before rule options)."""
        for r in self.food_rules:
            if r.players == players:
                return r.dice, r.plus
        raise DataError(self.sources["food"], "table", f"no food rule for {players} players")

    def provenance_rows(self) -> list[JSONObject]:
        rows: list[JSONObject] = []
        for c in self.cards:
            rows.append(
                {
                    "part": "deck",
                    "value_name": c.id,
                    "value": f"{c.count} x {' / '.join(c.faces)}",
                    "provenance": c.provenance.level,
                    "source": c.provenance.source,
                }
            )
        for t in self.traits:
            rows.append(
                {
                    "part": "traits",
                    "value_name": t.id,
                    "value": f"food +{t.food}, target {t.target}" + (", stacks" if t.stackable else ""),
                    "provenance": t.provenance.level,
                    "source": t.provenance.source,
                }
            )
            rows.append(
                {
                    "part": "traits",
                    "value_name": f"{t.id} score",
                    "value": f"1 + {t.score_bonus}",
                    "provenance": t.score_provenance.level,
                    "source": t.score_provenance.source,
                }
            )
        for r in self.food_rules:
            rows.append(
                {
                    "part": "food",
                    "value_name": f"{r.players} players",
                    "value": f"{r.dice}d6" + (f"+{r.plus}" if r.plus else ""),
                    "provenance": r.provenance.level,
                    "source": r.provenance.source,
                }
            )
        for k in SETUP_KEYS:
            p = self.setup_provenance[k]
            rows.append(
                {
                    "part": "setup",
                    "value_name": k,
                    "value": self.setup[k],
                    "provenance": p.level,
                    "source": p.source,
                }
            )
        return rows


def _read_traits(d: JSON, src: str) -> tuple[TraitData, ...]:
    check_header(d, src, FORMAT, "traits")
    items = get(d, "traits", src, list)
    out, seen = [], set()
    for i, e in enumerate(items):
        w = f"traits[{i}]."
        tid = get(e, "id", src, str, w)
        if tid in seen:
            raise DataError(src, f"{w}id", f"duplicate trait id {excerpt(tid)}")
        seen.add(tid)
        target = get(e, "target", src, str, w)
        if target not in TARGETS:
            raise DataError(src, f"{w}target", f"must be one of {', '.join(TARGETS)}, got {excerpt(target)}")
        food = int_field(e, "food", src, w, 0, 20)
        score = int_field(e, "score_bonus", src, w, 0, 20)
        out.append(
            TraitData(
                tid,
                get(e, "abbr", src, str, w),
                get(e, "name", src, str, w),
                get(e, "ru", src, str, w),
                food,
                score,
                target,
                get(e, "stackable", src, bool, w),
                get(e, "effect", src, str, w),
                provenance(e, src, w),
                provenance(e, src, w, "score_provenance", "score_source"),
            )
        )
    abbrs = [t.abbr for t in out]
    if len(set(abbrs)) != len(abbrs):
        raise DataError(src, "traits", "trait abbreviations must be distinct")
    return tuple(out)


def _read_deck(d: JSON, src: str, trait_index: Mapping[str, int]) -> tuple[CardType, ...]:
    check_header(d, src, FORMAT, "deck")
    items = get(d, "cards", src, list)
    out, seen = [], set()
    for i, e in enumerate(items):
        w = f"cards[{i}]."
        cid = get(e, "id", src, str, w)
        if cid in seen or not cid or " " in cid or len(cid) > 40:
            raise DataError(src, f"{w}id", f"card ids must be distinct words, got {excerpt(cid)}")
        seen.add(cid)
        faces = get(e, "faces", src, list, w)
        if (
            not 1 <= len(faces) <= 2
            or not all(isinstance(f, str) for f in faces)
            or len(set(faces)) != len(faces)
        ):
            raise DataError(src, f"{w}faces", "a card has one or two different faces")
        for f in faces:
            if not isinstance(f, str) or f not in trait_index:
                raise DataError(src, f"{w}faces", f"unknown trait {excerpt(f)}")
        count = int_field(e, "count", src, w, 1, 100)
        out.append(CardType(cid, tuple(faces), count, provenance(e, src, w)))
    if not out:
        raise DataError(src, "cards", "the deck is empty")
    return tuple(out)


def _read_food(d: JSON, src: str) -> tuple[int, tuple[FoodRule, ...]]:
    check_header(d, src, FORMAT, "food")
    faces = int_field(d, "faces", src, "", 2, 100)
    out = []
    for i, e in enumerate(get(d, "table", src, list)):
        w = f"table[{i}]."
        p = int_field(e, "players", src, w, 2, 8)
        dice = int_field(e, "dice", src, w, 1, 10)
        out.append(FoodRule(p, dice, int_field(e, "plus", src, w, 0, 100), provenance(e, src, w)))
    if len({r.players for r in out}) != len(out):
        raise DataError(src, "table", "one rule per player count")
    return faces, tuple(out)


def _read_setup(d: JSON, src: str) -> tuple[dict[str, int], dict[str, Provenance]]:
    check_header(d, src, FORMAT, "setup")
    vals = get(d, "values", src, dict)
    out: dict[str, int] = {}
    prov: dict[str, Provenance] = {}
    for k in SETUP_KEYS:
        e = get(vals, k, src, dict, "values.")
        out[k] = int_field(e, "value", src, f"values.{k}.", 0, 8 if k.startswith("players") else 100)
        prov[k] = provenance(e, src, f"values.{k}.")
    if out["players_min"] < 2 or out["players_max"] < out["players_min"]:
        raise DataError(src, "values.players_max", "need 2 <= players_min <= players_max")
    if out["base_need"] < 1:
        raise DataError(src, "values.base_need.value", "an animal needs at least 1 food")
    return out, prov


#: Where a pack comes from: ``None`` (the shipped one), a folder or a ``pack.json`` path, or a dict of parts.
PackSource = str | Path | Mapping[str, "JSON"] | None


def _build(path: PackSource = None, overrides: Mapping[str, JSON] | None = None) -> OriginPack:
    """Load and validate a pack (``None``: the shipped one in ``evo_lab/data/origin``; a folder, a ``pack.json`` or
    a dict of parts); ``overrides`` replaces single parts (``{"food": "my_food.json"}``)."""
    raw, sources = read_pack(path, PARTS, ("data", "origin"), overrides)
    return OriginPack(raw, sources)


_load_pack = cached_loader(_build)


def load_pack(path: PackSource = None, overrides: Mapping[str, JSON] | None = None) -> OriginPack:
    """Load and validate a pack (``None``: the shipped one in ``evo_lab/data/origin``, read once; a folder, a
    ``pack.json`` or a dict of parts); ``overrides`` replaces single parts (``{"food": "my_food.json"}``)."""
    pack: OriginPack = _load_pack(path, overrides)
    return pack
