"""What the OpenSpiel and PettingZoo adapters need from a game: :class:`AdapterSpec` (no framework imported).

Each game's kit module returns one from ``adapter_spec()``; :mod:`evo_lab.interop.openspiel` registers a pyspiel
game per spec and :mod:`evo_lab.interop.pettingzoo` builds an AEC environment from it. The codec is the game's
(dense integer codes of decisions and chance outcomes: ``encode``, ``decode``, ``encode_chance``,
``decode_chance``, ``num_distinct_actions``, ``max_chance_outcomes``, as attributes or methods); the observation
tensor is the game observer's (``state.observation_tensor(p)``, never more than ``state.observation(p)``).

>>> spec = adapter_spec("origin")
>>> spec.short_name, spec.env_name, spec.players
('python_origin', 'origin_v0', (2, 8))
>>> p = spec.params({"players": 3})
>>> p["players"], spec.build(p).players
(3, 3)
>>> spec.params({"players": 9})
Traceback (most recent call last):
...
ValueError: python_origin is for 2..8 players, got 9
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable

__all__ = ["AdapterSpec", "adapter_spec", "adapter_specs", "size_of"]


def size_of(x: Any) -> int:
    """A codec size given as an attribute or a method."""
    return int(x() if callable(x) else x)


def _no_check(params: dict) -> None:
    return None


@dataclass(frozen=True)
class AdapterSpec:
    """One game for the adapters.

    * ``game``: the registry id; ``short_name``/``long_name``: pyspiel's; ``env_name``: PettingZoo's
      ``metadata["name"]``; ``players``: the player range;
    * ``parameters``: the pyspiel parameters with their defaults (``players``, ``seed``, the game's own);
      ``check(params)`` raises ``ValueError`` for bad values; ``build(params)`` makes the engine game;
    * ``codec(game)``: the dense codec; ``returns(state, params)``: the final returns;
      ``utility(game, params)``: ``(min, max, sum)`` with ``sum=None`` for a general-sum game;
      ``max_game_length(game, codec)``: a bound on actions per game (decisions and chance outcomes);
    * ``tensor_high(game)``: an upper bound of every tensor entry (``None``: unbounded)."""

    game: str
    short_name: str
    long_name: str
    env_name: str
    players: tuple[int, int]
    parameters: dict
    build: Callable[[dict], Any]
    codec: Callable[[Any], Any]
    returns: Callable[[Any, dict], list[float]]
    utility: Callable[[Any, dict], tuple[float, float, float | None]]
    max_game_length: Callable[[Any, Any], int]
    check: Callable[[dict], None] = field(default=_no_check)
    tensor_high: Callable[[Any], float | None] = field(default=lambda game: None)

    def params(self, given: dict | None = None) -> dict:
        """The defaults updated with ``given``, checked (unknown names and bad player counts included)."""
        p = dict(self.parameters)
        for k, v in (given or {}).items():
            if k not in p:
                raise ValueError(f"{self.short_name} has no parameter {k!r}; its parameters: {', '.join(p)}")
            p[k] = v
        players = int(p["players"])
        lo, hi = self.players
        if not lo <= players <= hi:
            raise ValueError(f"{self.short_name} is for {lo}..{hi} players, got {players}")
        p["players"] = players
        if "seed" in p:
            p["seed"] = int(p["seed"])
        self.check(p)
        return p


def adapter_spec(game: str) -> AdapterSpec:
    """The spec of registered game ``game`` (its kit module's ``adapter_spec()``)."""
    from ..core.registry import kit_module

    return kit_module(game).adapter_spec()


def adapter_specs() -> dict[str, AdapterSpec]:
    """``{game id: spec}`` for every registered game whose kit has adapters (variants share their game's)."""
    from ..core.registry import game_info, kit_module, registered_games

    out: dict[str, AdapterSpec] = {}
    seen: set[str] = set()
    for g in registered_games():
        kit = game_info(g).kit
        if not kit or kit in seen or not hasattr(kit_module(g), "adapter_spec"):
            continue
        seen.add(kit)
        spec = kit_module(g).adapter_spec()
        out[spec.game] = spec
    return out
