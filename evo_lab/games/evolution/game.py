"""``Game``: the static configuration of an Evolution game (players, variant, rule options, data pack, seed).

>>> g = Game(players=4, seed=1)
>>> g.players, g.options.variant, g.deck.size, g.deck.assumed
(4, 'official', 129, True)
>>> Game(players=3, variant="course2016").options.max_track
7
>>> Game(players=1)
Traceback (most recent call last):
...
evo_lab.core.errors.GameConfigError: Evolution (North Star Games) is for 2 to 6 players, got 1
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ...core.errors import excerpt
from ...core.game import GameBase
from ...core.registry import check_players, game_info
from .actions import Card, ClimateEvent
from .data import EvolutionPack, load_pack
from .notation import card_label
from .rules import LEGACY_OPTIONS, VARIANTS, GameConfigError, RuleOptions, variant_options
from .table import JSON
from .traits import TRAIT_BIT

if TYPE_CHECKING:
    from .observer import EvolutionObserver
    from .state import State

__all__ = ["Game"]


class Game(GameBase):
    """``Game(players=4, seed=None, variant="official"|"climate"|"course2016", options=None, data=None)``.
    ``options``: a dict of :class:`~.rules.RuleOptions` fields overriding the variant's; ``data``: a pack path
    or :class:`~.data.EvolutionPack` (default: the shipped pack, whose official/Climate food values are
    assumed)."""

    name = "evolution"
    title = "Evolution (North Star Games)"
    #: 2: the rulings the seeds settle (issue 22); files of version 1 were played under :data:`LEGACY_OPTIONS`
    version = 2
    read_versions = (1,)
    state_class: type[State]
    observer: EvolutionObserver
    options: RuleOptions

    def __init__(
        self,
        players: int = 4,
        seed: int | None = None,
        variant: str = "official",
        options: Mapping[str, JSON] | RuleOptions | None = None,
        data: EvolutionPack | str | Path | None = None,
    ):
        from .observer import EvolutionObserver
        from .state import State

        self.pack = data if isinstance(data, EvolutionPack) else load_pack(data)
        base = variant_options(variant)
        setup = self.pack.setup(variant)
        base = replace(
            base,
            max_traits=setup["max_traits"],
            max_track=setup["max_track"],
            hard_shell=setup["hard_shell"],
            horns=setup["horns"],
            hand_base=setup["hand_base"],
            hand_per_species=setup["hand_per_species"],
            new_body=setup["new_species_body"],
            new_pop=setup["new_species_pop"],
            intelligence_food=setup["intelligence_food"],
        )
        self.options = RuleOptions.from_dict(options, base=base)
        lo, hi = setup["players"]
        title = self.title if variant == "official" else game_info(f"evolution-{variant}").title
        self.players = check_players(title, players, range(lo, hi + 1))
        if seed is not None and (
            isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0
        ):
            raise GameConfigError(f"seed must be a non-negative integer or None, got {excerpt(seed)}")
        self.seed = None if seed is None else int(seed)
        self.rng = np.random.default_rng(self.seed)
        self.variant = variant
        self._options_in: dict[str, JSON] | None = (
            dict(options)
            if isinstance(options, Mapping)
            else (options.to_dict() if isinstance(options, RuleOptions) else None)
        )
        self.deck = self.pack.deck(self.options.deck)
        self.card_trait = [TRAIT_BIT[c.trait] for c in self.deck.cards]
        self.labels = [card_label(c) for c in self.deck.cards]
        self.label_kind = {lab: k for k, lab in enumerate(self.labels)}
        self.card_outcomes = [Card("card", k) for k in range(len(self.deck.cards))]
        self.event_outcomes = [ClimateEvent("event", e.deck, i) for i, e in enumerate(self.pack.events)]
        self.state_class = State
        self.observer = EvolutionObserver(self)

    def new_initial_state(self) -> State:
        """Setup done (one species each, the deck shuffled lazily): the first chance node deals round 1."""
        return self.state_class(self)

    def to_dict(self) -> dict[str, JSON]:
        d: dict[str, JSON] = {
            "players": self.players,
            "variant": self.variant,
            "data": self.pack.fingerprint(),
        }
        if self._options_in:
            d["options"] = self._options_in
        return d

    @classmethod
    def from_dict(cls, d: object, version: int | None = None) -> Game:
        """The game of a configuration (``game.to_dict()``). ``version=1``: a file written before issue 22's
        rulings, read under the rules it was played with (:data:`~.rules.LEGACY_OPTIONS` unless it names them)."""
        from ...core.checks import seed_of
        from ...core.errors import FormatError, excerpt

        if not isinstance(d, Mapping):
            raise FormatError("the configuration must be an object", "config")
        variant = d.get("variant", "official")
        if not isinstance(variant, str) or variant not in VARIANTS:
            raise FormatError(
                f"expected one of {', '.join(VARIANTS)}, got {excerpt(variant)}", "config.variant"
            )
        if d.get("options") is not None and not isinstance(d["options"], Mapping):
            raise FormatError(
                f"must be an object of rule options, got {excerpt(d['options'])}", "config.options"
            )
        seed_of(d.get("seed"), "config.seed")
        options = d.get("options")
        if version == 1:
            options = {**LEGACY_OPTIONS, **(options or {})}
        try:
            g = cls(players=d.get("players", 4), variant=variant, options=options, seed=d.get("seed"))
        except GameConfigError as e:
            raise FormatError(str(e), "config.options" if "option" in str(e) else "config") from None
        fp = d.get("data")
        if fp is not None and fp != g.pack.fingerprint():
            raise FormatError(
                f"made with another data pack ({excerpt(fp)}); load it with Game(data=...)", "config.data"
            )
        return g

    def __repr__(self) -> str:
        return f"<Evolution game: {self.variant}, {self.players} players>"


def _state_game_class() -> None:
    from .state import State

    State.game_class = Game  # type: ignore[attr-defined]


_state_game_class()
