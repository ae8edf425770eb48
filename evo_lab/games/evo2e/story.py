"""A game told in words: turns the engine's events (``state.events()``, :mod:`evo_lab.games.evo2e.events`) into a
per-round story.

>>> import evo_lab
>>> final, lines = play_story(evo_lab.Game(players=2, seed=3), seed=3)
>>> lines[0].startswith("Round 1")
True
>>> final.is_terminal()
True
"""

from __future__ import annotations

from typing import Any, cast
from collections.abc import Callable, Iterable

import numpy as np

from ...core.story import seeded_bots, tell
from . import rules
from .game import Game
from .actions import Action
from .state import State


def narrate(before: State, action: Action, after: State) -> list[str]:
    """Sentences for one applied action: what the player did and everything the rules then did alone (each
    event tells itself: :meth:`story` of the classes in :mod:`evo_lab.games.evo2e.events`)."""
    out = [line for ev in after.events(last=True) for line in ev.story(before, after)]
    g = after.game
    if action.kind == "birth" and before.count[before.actor] >= g.max_dinos and action.b >= 0:
        out.insert(
            0, f"    P{before.actor + 1} removes the dinosaur on {g.labels[action.b]} to lay a new one."
        )
    return out


def default_bots(players: int, seed: int | None, name: str = "lively") -> list[Callable[[State, int], Any]]:
    """The demo's players: one ``lively`` bot per seat (dinosaurs that move, fight, lay eggs and die), seeded
    from ``seed``; ``name`` picks another of Evo 2e's bots."""
    return cast("list[Callable[[State, int], Any]]", seeded_bots(name, players, seed))


def play_story(
    game: Game,
    seed: int | None = None,
    bots: Iterable[Callable[[State, int], Any]] | None = None,
    echo: Callable[[str], None] | None = None,
) -> tuple[State, list[str]]:
    """Play ``game`` to the end (chance from ``seed``; decisions by ``bots``) and tell it round by round (the
    loop is :func:`evo_lab.core.story.tell`; the words are the events' own, :func:`narrate`)."""
    players = list(bots) if bots is not None else default_bots(game.players, seed)
    if len(players) != game.players:
        raise ValueError(f"need {game.players} bots, got {len(players)}")
    return tell(
        game.new_initial_state(),
        players,
        np.random.default_rng(seed),
        heading=lambda s: None,
        lines=narrate,
        echo=echo,
    )


__all__ = ["narrate", "play_story", "default_bots", "rules"]
