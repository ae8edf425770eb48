"""The facts :func:`~evo_lab.games.evo2e.builder.build_position` takes, typed, with the player and space
resolution every fact needs (``"P2"`` or ``1``; ``"C4"``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ...core.errors import FormatError, excerpt
from .game import Game

__all__ = ["Args", "Player", "PerPlayer"]

_V = TypeVar("_V")
#: A player: ``"P1"``, ``"P2"``, ... or a 0-based seat number.
Player = str | int
#: A value per player: ``{"P1": value}`` (players not named keep their default) or one value per player in order.
PerPlayer = Mapping[Player, _V] | Sequence[_V]


@dataclass
class Args:
    """The keyword arguments of :func:`~evo_lab.games.evo2e.builder.build_position` (their meaning: its
    docstring), with the game and player resolution. What a caller passes is checked where it is used: the types
    below are what the builder accepts."""

    game: Game
    round: int = 1
    phase: str = "movement"
    node: str | None = None
    to_act: Player | None = None
    dinosaurs: PerPlayer[Sequence[str]] | None = None
    genes: PerPlayer[Mapping[str, int]] | None = None
    unique: PerPlayer[Sequence[str] | str] | None = None
    mp: PerPlayer[int] | None = None
    hands: PerPlayer[Sequence[str] | str] | None = None
    discard: Mapping[str, int] | None = None
    section: int | None = None
    revealed: Sequence[str] | None = None
    next_token: str | None = None
    order: Sequence[Player] | None = None
    excluded: Sequence[str] | None = None
    movement_left: int | None = None
    wings_used: bool = False
    flippers_used: bool = False
    frenzy: PerPlayer[int] | None = None
    lots: Sequence[str] | None = None
    bids: Mapping[int, Sequence[Player]] | None = None
    displaced: str | None = None
    egg_round: int | None = None
    newborn: str | None = None
    attack: Sequence[str] | None = None
    geysers: Sequence[Player] | None = None
    shift: int | None = None
    prescience_played: bool = False
    bag: Mapping[str, int] | None = None

    def player(self, v: object, field: str) -> int:
        n = self.game.players
        if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < n:
            return v
        t = str(v).upper()
        if t.startswith("P") and t[1:].isdigit() and 1 <= int(t[1:]) <= n:
            return int(t[1:]) - 1
        raise FormatError(f"unknown player {excerpt(v)} (players are P1..P{n}, or 0..{n - 1})", field)

    def per_player(self, d: PerPlayer[_V] | None, field: str) -> dict[int, _V]:
        if d is None:
            return {}
        if isinstance(d, (list, tuple)):
            if len(d) != self.game.players:
                raise FormatError(f"must give one value per player ({self.game.players})", field)
            return dict(enumerate(d))
        if not isinstance(d, dict):
            raise FormatError(f"must map players to values, got {type(d).__name__}", field)
        return {self.player(k, field): v for k, v in d.items()}

    def space(self, label: object, field: str) -> int:
        g = self.game
        t = str(label).strip().upper()
        if t in g.label_index:
            return g.label_index[t]
        raise FormatError(f"unknown space {excerpt(label)} (spaces are {g.labels[0]}..{g.labels[-1]})", field)
