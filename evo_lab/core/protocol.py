"""The state protocol every game in evo-lab follows (in the manner of OpenSpiel's Python games).

>>> import numpy as np, evo_lab
>>> s = evo_lab.Game(players=2).new_initial_state()
>>> s.is_chance_node()
True
>>> apply_random_chance(s, np.random.default_rng(0))
>>> s.is_chance_node()
False
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Hashable, Protocol, Sequence, runtime_checkable

from .draw import draw

CHANCE = -1
TERMINAL = -4


@runtime_checkable
class GameState(Protocol):
    """What the history tree, the samplers, the bots and the adapters need from a state."""

    def current_player(self) -> int: ...
    def legal_actions(self) -> list[Hashable]: ...
    def apply_action(self, action: Any) -> None: ...
    def is_chance_node(self) -> bool: ...
    def chance_outcomes(self) -> list[tuple[Hashable, Fraction]]: ...
    def is_terminal(self) -> bool: ...
    def returns(self) -> list[float]: ...
    def clone(self) -> "GameState": ...
    def action_to_string(self, action: Any) -> str: ...
    def parse_action(self, text: str) -> Hashable: ...


def sample_chance(state: Any, rng: Any) -> Hashable:
    """Draw one outcome of a chance node with ``rng`` (a ``numpy.random.Generator``), exact weights.

    Games may offer a fast path ``chance_weights()`` returning ``(outcomes, integer_weights)``; the draw itself
    is :func:`evo_lab.core.draw.draw`, the one weighted draw of evo-lab.
    """
    fast = getattr(state, "chance_weights", None)
    if fast is not None:
        outcomes, weights = fast()
        return outcomes[draw(weights, rng)]
    outs = state.chance_outcomes()
    r = Fraction(rng.random())
    acc = Fraction(0)
    for o, p in outs:
        acc += p
        if r < acc:
            return o
    return outs[-1][0]


def apply_random_chance(state: Any, rng: Any) -> None:
    """Resolve chance nodes with ``rng`` until a decision node or the end of the game."""
    while not state.is_terminal() and state.is_chance_node():
        state.apply_action(sample_chance(state, rng))


def play_out(state: Any, policy: Callable[[Any], Hashable], rng: Any, *, max_actions: int | None = None,
             stop: Callable[[Any], bool] | None = None) -> int:
    """Play ``state`` forward in place: chance by ``rng``, decisions by ``policy(state)``.

    Stops at the end of the game, when ``stop(state)`` is true, or after ``max_actions`` actions.
    Returns the number of actions applied.
    """
    n = 0
    while not state.is_terminal():
        if stop is not None and stop(state):
            break
        if max_actions is not None and n >= max_actions:
            break
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(policy(state))
        n += 1
    return n


def uniform_random_policy(rng: Any) -> Callable[[Any], Hashable]:
    """A policy that picks uniformly among the legal actions."""

    def policy(state: Any) -> Hashable:
        acts: Sequence[Hashable] = state.legal_actions()
        return acts[int(rng.random() * len(acts))]

    return policy
