"""Bots for Evolution: a greedy policy, the course's fixed strategies as a policy, and ISMCTS hooks for
:func:`evo_lab.core.search.ismcts`.

* :func:`evaluate_player` -- a static value of one player's position (score so far plus what the table
  promises: fed population, body size, defences, cards in hand).
* :func:`greedy_policy` -- one-step lookahead on :func:`evaluate_player` (ties by a seeded draw); in the play
  phase it passes unless a card improves the position by more than the card itself is worth; an Intelligence
  action is looked at with its discard made (the attack or meal it buys, not just the card it costs).
* :func:`course_policy` -- the course-2016 fixed feeding strategy and the silly card choice as engine actions.
* :func:`search_hooks` -- determinize by the observer, greedy-lite rollouts, a cutoff a few rounds ahead and a
  win-probability estimate from the score lead at the cutoff.

>>> import evo_lab, numpy as np
>>> from evo_lab.core.protocol import play_out
>>> s = evo_lab.make_game("evolution", players=3, seed=5).new_initial_state()
>>> n = play_out(s, greedy_policy(np.random.default_rng(0)), np.random.default_rng(1))
>>> s.is_terminal(), len(s.winners()) >= 1
(True, True)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

import numpy as np

from ...core.draw import draw
from ...core.search import SearchHooks, ismcts
from .course.strategy import feeding_choice, silly_choice
from .traits import BITS

if TYPE_CHECKING:
    from .state import State
    from .table import Action

__all__ = [
    "course_policy",
    "evaluate_player",
    "greedy_policy",
    "ismcts_policy",
    "search_hooks",
    "value_estimate",
]

_DEF = BITS.burrowing | BITS.climbing | BITS.hard_shell | BITS.herding | BITS.horns | BITS.warning_call
_FEED = BITS.foraging | BITS.long_neck | BITS.cooperation | BITS.fertile | BITS.fat_tissue | BITS.scavenger


def evaluate_player(s: State, p: int) -> float:
    """Score so far (bag + population + traits), plus food on the boards, a little for body size, defences,
    feeding traits and cards, minus hunger once the feeding has begun."""
    pl = s.players[p]
    v = float(pl.bag)
    feeding = s.phase == "feed"
    for x in pl.species:
        v += x.pop + len(x.traits) + x.food + 0.5 * x.fat + 0.15 * x.body
        v += 0.25 * (x.mask & _DEF).bit_count() + 0.2 * (x.mask & _FEED).bit_count()
        if feeding:
            v -= 0.6 * (x.pop - x.food)
    return v + 0.35 * len(pl.hand)


def _lead(s: State, p: int) -> float:
    vals = [evaluate_player(s, q) for q in range(len(s.players))]
    return vals[p] - max(v for q, v in enumerate(vals) if q != p)


def greedy_policy(rng: np.random.Generator, card_value: float = 0.4) -> Callable[[State], Hashable]:
    """A one-step-lookahead policy (clone, apply, :func:`evaluate_player` relative to the best opponent)."""

    def policy(s: State) -> Hashable:
        acts: list[Action] = s.legal_actions()
        if len(acts) == 1:
            return acts[0]
        p = s.current_player()
        if s.phase == "food":  # the public good: give the lowest-value card that feeds the table
            cards = s.game.deck.cards
            return max(acts, key=lambda a: (cards[a[1]].food, -a[1]))
        base = _lead(s, p)
        best, best_v = [], -math.inf
        for a in acts:
            if a[0] == "pass" and s.phase == "play":
                v = base + card_value
            else:
                c = s.clone()
                c.apply_action(a)
                if c.intel is not None:  # Intelligence: see the effect, paying with the first card offered
                    c.apply_action(c.legal_actions()[0])
                v = _lead(c, p)
            if v > best_v + 1e-9:
                best, best_v = [a], v
            elif abs(v - best_v) <= 1e-9:
                best.append(a)
        return best[draw([1] * len(best), rng)]

    return policy


def course_policy(rng: np.random.Generator | None = None) -> Callable[[State], Hashable]:
    """The course-2016 player: the silly card choice (food card, a new board with one trait, +1 population,
    +1 body, a trait replacement on the new board) and the fixed feeding strategy, as engine actions. The policy
    remembers each player's card plan of the current play phase (one replacement, as player-external.rkt choose
    makes)."""
    plans: dict[int, list[int]] = {}

    def policy(s: State) -> Hashable:
        acts: list[Action] = s.legal_actions()
        p = s.current_player()
        if s.phase == "feed":
            a = feeding_choice(s, p)
            if a is not None and a[0] == "store":
                a = ("store", a[1], a[2])
            return a if a in acts else acts[0]
        cards = [(s.game.deck.cards[k].food, s.game.deck.cards[k].trait) for k in s.players[p].hand]
        if s.phase == "food":
            if len(cards) < 3:
                return acts[0]
            fc = silly_choice(cards, len(s.players[p].species))[0]
            return ("food", s.players[p].hand[fc])
        return _silly_play(s, p, acts, plans)

    return policy


def _silly_play(s: State, p: int, acts: list[Action], plans: dict[int, list[int]]) -> Hashable:
    """The next silly play. At the start of the play phase (no species created this turn) the plan is the hand
    in card order (trait name, then food value): a new board at the right paid with the lowest card, then its
    trait, +1 population, +1 body and a replacement of that trait, each with the next card; later calls make
    the plan's first step not yet made (its card still in hand) that is legal, and pass when none is left."""
    pl = s.players[p]
    fresh = [i for i, x in enumerate(pl.species) if x.fresh]
    if not fresh:
        cards = sorted(pl.hand, key=lambda k: (s.game.deck.cards[k].trait, s.game.deck.cards[k].food))
        plans[p] = cards[:5]
        a: Action = ("new", "R", cards[0]) if len(cards) >= 2 else ("pass",)
        return a if a in acts else ("pass",)
    plan, i = plans.get(p, []), fresh[-1]
    steps = [
        ("trait", i, c)
        if k == 1
        else ("pop", i, c)
        if k == 2
        else ("body", i, c)
        if k == 3
        else ("replace", i, 0, c)
        for k, c in enumerate(plan)
        if k
    ]
    left = Counter(pl.hand)
    undone: list[Action] = []
    for a in reversed(steps):  # the hand's copies of a card belong to the plan's last steps that use it
        if left[a[-1]] > 0:
            left[a[-1]] -= 1
            undone.append(a)
    return next((a for a in reversed(undone) if a in acts), ("pass",))


# ----- ISMCTS


def value_estimate(s: State, p: int, scale: float = 4.0) -> list[float]:
    """Win-probability estimates at a cutoff: a softmax of every player's :func:`evaluate_player`."""
    vals = [evaluate_player(s, q) for q in range(len(s.players))]
    m = max(vals)
    ex = [math.exp((v - m) / scale) for v in vals]
    tot = sum(ex)
    return [e / tot for e in ex]


def search_hooks(rounds: int = 1, rollout: str = "random") -> SearchHooks:
    """Hooks for :func:`~evo_lab.core.search.ismcts`: the observer's determinize, rollouts (``"random"`` or
    ``"greedy"``) cut off ``rounds`` rounds after the root, :func:`value_estimate` there (win shares at the
    end)."""
    from ...core.search import random_rollout, win_shares

    def stop(root: State) -> Callable[[State], bool]:
        limit = root.round + rounds
        return lambda st: st.round > limit

    def evaluate(st: State, player: int) -> list[float]:
        return win_shares(st) if st.is_terminal() else value_estimate(st, player)

    roll = random_rollout if rollout == "random" else (lambda rng: greedy_policy(rng))
    return SearchHooks(rollout=roll, stop=stop, evaluate=evaluate)


def ismcts_policy(
    iterations: int = 100, seed: int = 0, rounds: int = 1, rollout: str = "random"
) -> Callable[[State], Hashable]:
    """A policy choosing by ISMCTS with :func:`search_hooks` (``rounds``, ``rollout``)."""
    hooks = search_hooks(rounds, rollout)
    rng = np.random.default_rng(seed)

    def policy(s: State) -> Hashable:
        acts: list[Action] = s.legal_actions()
        if len(acts) == 1:
            return acts[0]
        chosen: Hashable = ismcts(
            s, s.current_player(), hooks, iterations=iterations, seed=int(rng.integers(1 << 30))
        ).chosen
        return chosen

    return policy
