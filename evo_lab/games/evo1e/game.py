"""The Evo first-edition game: Evo 2e's :class:`~evo_lab.games.evo2e.game.Game` with a few hooks overridden.

>>> g = Game(players=3, seed=2)
>>> g.options.losing_attacker, g.card_gene is not None, g.meteor_track[8]
('dies', True, 1)
>>> Game(players=2)
Traceback (most recent call last):
...
evo_lab.core.errors.GameConfigError: Evo (first edition) is for 3 to 5 players, got 2
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Self, cast
from collections.abc import Mapping

from ...core.datapack import DataError
from ...core.options import option
from ..evo2e import ops
from ..evo2e.game import Game as Evo2eGame
from ..evo2e.game import RuleOptions
from ..evo2e.datapack import DataPack
from ..evo2e.state import State as Evo2eState
from .flow import FLOW

__all__ = ["Game", "State", "Evo1eOptions"]


@dataclass(frozen=True)
class Evo1eOptions(RuleOptions):
    """Evo 2e's switches plus the first edition's rulings (docs/evo1e.md).

    >>> Evo1eOptions.from_dict({"losing_attacker": "stays"}).losing_attacker
    'stays'
    """

    #: Edition switch: "1e" (Evo second edition is the game ``evo2e``).
    edition: str = option("1e", choices=("1e",), hint="Evo second edition is the game 'evo2e'")
    #: What happens to an attacker that loses: "dies" (removed; ruling E3) or "stays" (both stay, as in 2e).
    losing_attacker: str = option("dies", choices=("dies", "stays"))
    #: Births of a player with no dinosaur on the board (ruling E7): "anywhere" (GiochinScatola 1e turn summary:
    #: "If player has no adult Dinos, place new Dinos anywhere on board but all must be adjacent to each other")
    #: or "none" (Evo 2e's rule: next to one of the player's dinosaurs, so no birth at all; the engine before
    #: issue 22).
    orphan_births: str = option("anywhere", choices=("anywhere", "none"))


class Game(Evo2eGame):
    """Evo (first edition): ``Game(players=4, seed=None, board=None, data=None, options=None)`` as Evo 2e's.

    The hooks it overrides: :attr:`flow` (:mod:`.flow`: round start with the dealt cards, initiative by tail, the
    d6 climate, scoring then the meteor, no Sixth-sense peeks), :meth:`attack_lost`, :meth:`orphan_birth_spaces`;
    data: the pack's setup
    (``cards_from_round``, ``starting_cards``, base survivors), the ``tail`` and ``card`` genes, the d6 combat
    table as die faces, the meteor track."""

    name = "evo1e"
    title = "Evo (first edition)"
    #: 2: ruling E7 (births without adults, issue 22); files of version 1 were played without it
    version = 2
    read_versions = (1,)
    options_class = Evo1eOptions
    options: Evo1eOptions
    pack_dir = ("data", "evo1e")

    flow = FLOW

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        if "tail" not in self.gene_ids[: self.n_normal]:
            raise DataError(
                self.data.sources.get("genes", "genes"),
                "normal",
                "Evo first edition needs the normal gene 'tail' (initiative goes by the longest tail)",
            )
        self.tail_slot = self.gene_index["tail"]
        self.meteor_track = _meteor_track(self.data)

    @property
    def state_class(self) -> type:  # type: ignore[override]
        return State

    def attack_lost(self, s: Evo2eState, src: int, dst: int) -> None:
        """Ruling E3: "the attacker can lose" (evo2e-data.md, first edition); the losing attacker is removed
        (option ``losing_attacker="dies"``), or both stay as in 2e (``"stays"``)."""
        if self.options.losing_attacker == "dies":
            ops.kill(s, src)

    def orphan_birth_spaces(self, s: Evo2eState, player: int) -> tuple[int, ...]:
        """Ruling E7 (option ``orphan_births``): "If player has no adult Dinos, place new Dinos anywhere on board
        but all must be adjacent to each other" (GiochinScatola 1e turn summary): the first newborn on any empty
        space; the later ones of the phase are born next to a dinosaur of the player, which are all newborns, so
        the newborns stay one connected group (our reading of "adjacent to each other"). ``"none"``: 2e's rule,
        no birth without a dinosaur to be born next to."""
        if self.options.orphan_births == "none":
            return ()
        return tuple(sp for sp in range(self.n) if s.occupants[sp] < 0)

    @classmethod
    def from_dict(cls, d: object, version: int | None = None) -> Evo2eGame:
        """The game of a configuration. ``version=1``: a file written before ruling E7, read under the rule it
        was played with (``orphan_births="none"`` unless it names it); the layout is today's."""
        if version == 1 and isinstance(d, Mapping):
            opts = d.get("options")
            d = {**d, "options": {"orphan_births": "none", **(opts if isinstance(opts, Mapping) else {})}}
        return super().from_dict(d)

    def __repr__(self) -> str:
        return f"evo1e.Game(players={self.players}, board={self.board.name!r}, seed={self.seed})"


def _meteor_track(data: DataPack) -> tuple[int | None, ...]:
    """The number on the meteor track's space after each round (None: no roll), from the climate part."""
    src = data.sources.get("climate", "climate")
    mt = data.raw.get("climate", {}).get("meteor_track")
    if not isinstance(mt, Mapping) or not isinstance(mt.get("after_round"), list) or not mt["after_round"]:
        raise DataError(src, "meteor_track.after_round", "Evo first edition needs a meteor track (a list)")
    out = []
    for i, x in enumerate(mt["after_round"]):
        if x is not None and (isinstance(x, bool) or not isinstance(x, int) or not 0 <= x <= 6):
            raise DataError(
                src, f"meteor_track.after_round[{i}]", f"must be null or a die number 0..6, got {x!r}"
            )
        out.append(x)
    return tuple(out)


class State(Evo2eState):
    """A position of Evo first edition: Evo 2e's state (same fields, same facade)."""

    __slots__ = ()
    game_class = Game

    @classmethod
    def load_state(cls, game: Evo2eGame, body: object, version: int | None = None) -> Self:
        """A position body; version 1 of Evo first edition has today's layout (not Evo 2e's version 1)."""
        return cast(Self, super().load_state(game, body, None))
