"""The entries of an Evo 2e data pack (genes, climate tokens, die symbols, event cards, wheel sections) and the
names and bounds its parts use. :mod:`.datapack` builds a :class:`~evo_lab.games.evo2e.datapack.DataPack` of them
(and re-exports every name here)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ...core.datapack import Provenance

__all__ = [
    "Gene",
    "UniqueGene",
    "TokenKind",
    "DieSymbol",
    "EventCard",
    "WheelSection",
    "SETUP_MAX",
    "EFFECT_MAX",
    "SHIFT_MAX",
    "NORMAL_GENE_IDS",
    "CLIMATE_STATES",
    "DIE_RULES",
    "SETUP_KEYS",
    "OPTIONAL_SETUP_KEYS",
    "EXTRA_NORMAL_GENES",
    "register_normal_gene",
    "LEGACY_SETUP_KEYS",
]

#: Bounds of the numbers a pack gives: setup values, gene and card effects, wheel shifts (each sizes a loop, a
#: track or a bag; far above any printed value).
SETUP_MAX, EFFECT_MAX, SHIFT_MAX = 1000, 20, 64

#: Normal genes, in dinosaur-board order (the six tracks of the printed dinosaur board).
NORMAL_GENE_IDS = ("legs", "horn", "egg", "thermo", "fur", "vial")
CLIMATE_STATES = ("ideal", "hot", "cold", "deadly")
DIE_RULES = ("never", "always", "at_least")
SETUP_KEYS = (
    "players_min",
    "players_max",
    "dinosaurs_per_player",
    "starting_mp",
    "base_movement",
    "starting_eggs",
    "starting_dinosaurs",
    "birth_range",
    "bid_min",
    "bid_max",
    "unique_genes_in_bag",
    "climate_discard",
    "climate_bottom_pile",
    "protected_clan_size",
    "mp_per_dinosaur",
)
#: Setup keys a pack may leave out (their defaults keep Evo 2e's rules): what every species starts with beyond
#: the normal genes (Evo first edition's printed portrait card), and the event cards dealt at setup.
OPTIONAL_SETUP_KEYS = {
    "base_hot_survivors": 0,
    "base_cold_survivors": 0,
    "starting_cards": 0,
    "cards_from_round": 1,
}
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
        return attack_horns - defence_horns >= self.difference  # type: ignore[operator]  # at_least has one


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
