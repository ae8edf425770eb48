"""``OriginGame``: the static configuration of one game (players, base sets, data pack, rule options, seed).

>>> g = OriginGame(players=3, seed=7)
>>> g.players, g.sets, g.deck_size, g.food_dice
(3, 1, 84, (2, 0))
>>> OriginGame(players=6).sets, OriginGame(players=6).food_dice
(2, (3, 4))
>>> OriginGame(players=9)
Traceback (most recent call last):
...
evo_lab.core.errors.GameConfigError: Evolution: The Origin of Species is for 2 to 8 players, got 9
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from collections.abc import Mapping

import numpy as np

from ...core.errors import GameConfigError, excerpt
from ...core.game import GameBase
from ...core.registry import check_players
from .actions import Attack, Deal, Eat, FoodRoll, Roll
from .data import OriginPack, load_pack
from .phases.foodbank import distribution, dice_for
from .rules import RuleOptions
from .traits import compile_registry

if TYPE_CHECKING:
    from .actions import Action, NewAnimal, TypedAction
    from .model import JSON, JSONObject
    from .observer import OriginObserver
    from .phases.development import Face
    from .state import OriginState
    from .traits import ActionHook, BlockHook, DefendHook, EatenHook, FeedHook, KillHook

__all__ = ["OriginGame"]


class OriginGame(GameBase):
    """Registered as ``"origin"``: ``evo_lab.make_game("origin", players=3, seed=1)``.

    ``players`` 2-8; ``sets`` the number of base sets in the deck (default: 1 up to 4 players, 2 from 5, as the
    seed says); ``data`` an :class:`~evo_lab.games.origin.data.OriginPack`, a pack path or ``None``; ``options`` a
    :class:`~evo_lab.games.origin.rules.RuleOptions` or a dict of its fields; ``seed`` seeds ``game.rng``."""

    name = "origin"
    version = 1
    observer: OriginObserver
    # ----- the data as tables (``_tables``): cards and traits are indices into the pack's lists
    setup: dict[str, int]
    base_need: int
    card_ids: tuple[str, ...]
    card_index: dict[str, int]
    trait_ids: tuple[str, ...]
    trait_names: tuple[str, ...]
    abbr: tuple[str, ...]
    abbr_index: dict[str, int]
    #: per card: the traits of its faces
    faces: tuple[tuple[int, ...], ...]
    card_names: tuple[str, ...]
    #: per trait: extra food need, extra points, where it is played (``data.TARGETS``), whether it stacks
    food_of: tuple[int, ...]
    score_of: tuple[int, ...]
    target_of: tuple[str, ...]
    stackable: tuple[bool, ...]
    #: copies of each card in the full deck
    deck0: tuple[int, ...]
    deck_size: int
    #: the trait indices the rules name (Carnivorous, Fat Tissue, Symbiosis, Scavenger)
    CARN: int
    FAT: int
    SYMB: int
    SCAV: int
    food_dice: tuple[int, int]
    food_outcomes: list[Action]
    food_weights: list[int]
    roll_outcomes: list[Action]
    roll_weights: list[int]
    #: per player, per card: the chance outcome "``player`` is dealt ``card``"
    deal_outcomes: list[list[Action]]
    #: per card: ``(trait, target, block mask, plays)`` of each face (:func:`.phases.development.plays_table`; the
    #: typed plays are built once a game, when first legal)
    plays: list[list[Face]]
    #: per card: the action "play it as a new animal"
    animal_action: list[NewAnimal]
    #: the typed meals by animal id and attacks by attacker and target id, built once a game when first legal
    #: (:mod:`.actions`: a look-up is cheaper than building the tuple)
    eat_actions: dict[int, Eat]
    attack_actions: dict[int, dict[int, Attack]]
    #: the typed actions of the free feeding traits (Fat Tissue, Piracy, Grazing, Hibernation) by their plain tuple
    trait_actions: dict[tuple[str, int] | tuple[str, int, int], TypedAction]
    # ----- the trait registry as tables (:func:`.traits.compile_registry`)
    #: per trait: its bit in an animal's mask
    bit: list[int]
    #: per trait: the traits a carnivore needs to attack its holder, the traits its holder's prey must have, the
    #: traits it may not share an animal with (masks)
    attacker_needs_of: list[int]
    prey_needs_of: list[int]
    excludes_of: list[int]
    cond_blocks: list[tuple[int, BlockHook]]
    link_blocks: list[BlockHook]
    defences: list[tuple[int, DefendHook]]
    on_eaten: list[tuple[int, EatenHook]]
    on_any_kill: list[KillHook]
    feed_hooks: list[tuple[int, FeedHook, bool]]
    feed_mask: int
    actions: dict[str, ActionHook]
    effects: dict[str, ActionHook]
    trigger_of: dict[int, str]
    gives_of: dict[int, str | None]
    directed: list[bool]

    def __init__(
        self,
        players: int = 3,
        seed: int | None = None,
        sets: int | None = None,
        data: OriginPack | str | None = None,
        options: RuleOptions | Mapping[str, JSON] | None = None,
    ) -> None:
        self.pack = data if isinstance(data, OriginPack) else load_pack(data)
        st = self.pack.setup
        self.players = check_players(self.title, players, range(st["players_min"], st["players_max"] + 1))
        if sets is None:
            sets = 1 if self.players < 5 else st["sets_from_5_players"]
        if isinstance(sets, bool) or not isinstance(sets, int) or not 1 <= sets <= 4:
            raise GameConfigError(f"sets must be 1 to 4 base sets, got {excerpt(sets)}")
        self.sets = sets
        self.options = RuleOptions.from_dict(options)
        if seed is not None and (
            isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0
        ):
            raise GameConfigError(f"seed must be a non-negative integer or None, got {excerpt(seed)}")
        self.seed = None if seed is None else int(seed)
        self.rng = np.random.default_rng(self.seed)
        self._tables()
        if self.deck_size < self.players * st["hand_size"]:
            raise GameConfigError(
                f"{self.deck_size} cards cannot deal {st['hand_size']} to {self.players} players"
            )
        from .observer import OriginObserver

        self.observer = OriginObserver(self)

    @property
    def state_class(self) -> type[OriginState]:  # type: ignore[override]  # the base's is a plain attribute
        from .state import OriginState

        return OriginState

    def _tables(self) -> None:
        """Lookup tables of the hot paths, from the data and the registry."""
        pk = self.pack
        self.setup = dict(pk.setup)
        self.base_need = self.setup["base_need"]
        self.card_ids = tuple(c.id for c in pk.cards)
        self.card_index = {c: i for i, c in enumerate(self.card_ids)}
        self.trait_ids = tuple(t.id for t in pk.traits)
        self.trait_names = tuple(t.name for t in pk.traits)
        self.abbr = tuple(t.abbr for t in pk.traits)
        self.abbr_index = {a: i for i, a in enumerate(self.abbr)}
        self.faces = tuple(tuple(pk.trait_index[f] for f in c.faces) for c in pk.cards)
        self.card_names = tuple(" / ".join(pk.trait(f).name for f in c.faces) for c in pk.cards)
        self.food_of = tuple(t.food for t in pk.traits)
        self.score_of = tuple(t.score_bonus for t in pk.traits)
        self.target_of = tuple(t.target for t in pk.traits)
        self.stackable = tuple(t.stackable for t in pk.traits)
        self.deck0 = tuple(c.count * self.sets for c in pk.cards)
        self.deck_size = sum(self.deck0)
        ix = pk.trait_index
        for const, tid in (
            ("CARN", "carnivorous"),
            ("FAT", "fat_tissue"),
            ("SYMB", "symbiosis"),
            ("SCAV", "scavenger"),
        ):
            if tid not in ix:
                raise GameConfigError(f"the data pack lacks the trait {tid!r}")
            setattr(self, const, ix[tid])
        compile_registry(self)
        self.food_dice = dice_for(self)
        totals, weights = distribution(*self.food_dice, pk.faces_sides)
        self.food_outcomes = [FoodRoll("food", t) for t in totals]
        self.food_weights = weights
        faces = pk.faces_sides
        self.roll_outcomes = [Roll("roll", f) for f in range(1, faces + 1)]
        self.roll_weights = [1] * faces
        self.deal_outcomes = [
            [Deal("deal", p, c) for c in range(len(self.card_ids))] for p in range(self.players)
        ]
        from .phases.development import plays_table

        self.plays, self.animal_action = plays_table(self)
        self.eat_actions, self.attack_actions, self.trait_actions = {}, {}, {}

    def to_dict(self) -> JSONObject:
        d: JSONObject = {"players": self.players, "sets": self.sets, "options": self.options.to_dict()}
        if self.pack is not load_pack():
            d["data"] = self.pack.to_dict()
        if self.seed is not None:
            d["seed"] = self.seed
        return d

    @classmethod
    def from_dict(cls, d: JSON) -> OriginGame:
        from ...core.checks import seed_of
        from ...core.datapack import DataError
        from ...core.errors import FormatError

        if not isinstance(d, Mapping):
            raise FormatError("the game configuration must be an object", "config")
        unknown = set(d) - {"players", "sets", "options", "data", "seed"}
        if unknown:
            raise FormatError(f"unknown configuration keys {sorted(unknown)}", "config")
        seed_of(d.get("seed"), "config.seed")
        if "data" in d and not isinstance(d["data"], Mapping):
            raise FormatError(f"must be a data pack object, got {excerpt(d['data'])}", "config.data")
        if d.get("options") is not None and not isinstance(d["options"], Mapping):
            raise FormatError(
                f"must be an object of rule options, got {excerpt(d['options'])}", "config.options"
            )
        try:
            return cls(
                players=d.get("players", 3),
                seed=d.get("seed"),
                sets=d.get("sets"),
                data=load_pack(d["data"]) if "data" in d else None,
                options=d.get("options"),
            )
        except GameConfigError as e:
            raise FormatError(str(e), "config") from None
        except DataError as e:
            raise FormatError(str(e), "config.data") from None

    def __repr__(self) -> str:
        return f"OriginGame(players={self.players}, sets={self.sets})"
