"""A seeded game told line by line, for any game: the loop of the demos (``evo-lab demo --game ...``).

The game supplies two small functions: ``heading(state)`` (a heading such as ``"Round 2"``; a new one is printed
when it changes, ``None`` for none) and ``lines(before, action, after)`` (what an action did, in words). Chance is
drawn with :func:`~evo_lab.core.protocol.sample_chance` from ``rng``; decisions come from one bot per seat
(``bot(state, player)``), by default :func:`seeded_bots` (one bot of a name per seat, each seeded from the story's
seed). Each game's story module (``evo_lab/games/<game>/story.py``) supplies its words and calls :func:`tell`.

>>> import numpy as np, evo_lab
>>> from evo_lab.bots import make_bot
>>> s = evo_lab.make_game("origin", players=2, seed=1).new_initial_state()
>>> bots = [make_bot("random", seed=q) for q in range(2)]
>>> final, out = tell(s, bots, np.random.default_rng(1), heading=lambda s: f"turn {s.turn}",
...                   lines=lambda b, a, s: [] if b.is_chance_node() else [b.action_to_string(a)])
>>> final.is_terminal(), out[0]
(True, 'turn 0')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from .protocol import State, StateT, sample_chance

if TYPE_CHECKING:
    from .draw import Random

#: A bot at a seat: ``bot(state, player)`` gives the action ``player`` takes (handed to ``apply_action``).
Bot = Callable[[StateT, int], object]

__all__ = ["seeded_bots", "tell"]


def seeded_bots(name: str, players: int, seed: int | None, game: str | None = None) -> list[Bot[State]]:
    """One ``name`` bot per seat (:func:`evo_lab.bots.make_bot` for ``game``), seat ``q`` seeded from the ``q``-th
    child of ``numpy.random.SeedSequence(seed)``.

    >>> [b.seed for b in seeded_bots("random", 2, 1, game="origin")] == [b.seed for b in seeded_bots("random", 2, 1)]
    True
    """
    from ..bots.registry import make_bot

    kids = np.random.SeedSequence(seed).spawn(players)
    return [make_bot(name, game=game, seed=int(k.generate_state(1)[0])) for k in kids]


def tell(
    state: StateT,
    bots: Sequence[Bot[StateT]],
    rng: Random,
    *,
    heading: Callable[[StateT], str | None],
    lines: Callable[[StateT, Any, StateT], list[str]],  # Any: the game's own action
    ending: Callable[[StateT], list[str]] | None = None,
    echo: Callable[[str], None] | None = None,
    max_actions: int = 1_000_000,
) -> tuple[StateT, list[str]]:
    """Play ``state`` to the end and tell it, then the ``ending(final state)`` lines; returns ``(final state,
    lines)`` (each line also ``echo``-ed). ``state`` is played in place (pass a clone to keep it)."""
    out: list[str] = []

    def say(text: str) -> None:
        out.append(text)
        if echo is not None:
            echo(text)

    last = None
    for _ in range(max_actions):
        if state.is_terminal():
            for text in ending(state) if ending is not None else []:
                say(text)
            return state, out
        h = heading(state)
        if h is not None and h != last:
            say(h)
            last = h
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            p = state.current_player()
            action = bots[p](state, p)
        before = state.clone()
        state.apply_action(action)
        for text in lines(before, action, state):
            say(text)
    raise RuntimeError(f"the game did not end within {max_actions} actions")
