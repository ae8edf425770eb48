"""Bots for *Evolution: The Origin of Species*: a heuristic value, a greedy policy and ISMCTS hooks for the core.

* :func:`value` - a player's expected points: each animal's points times how sure it is to survive (1 when fed or
  hibernating; in development the food the dice should bring, shared among the hungry animals of the table; in
  feeding the share of its need already met), plus a little for cards in hand;
* :func:`greedy_action` - one ply: the action whose result (chance nodes averaged with their exact probabilities)
  gives the best ``value(own) - mean(value(others))``; :func:`greedy_policy` wraps it as a policy;
* :func:`lite_policy` - a cheap rollout policy without lookahead (eat the hungriest, attack when no food, play
  cards rather than pass);
* :func:`search_hooks` - :class:`~evo_lab.core.search.SearchHooks` for :func:`evo_lab.core.search.ismcts`:
  determinize with the observer, roll out with :func:`lite_policy`, stop after ``turns`` turns and evaluate by
  shares of :func:`value`; :func:`ismcts_action` runs it.

>>> import evo_lab, numpy as np
>>> s = evo_lab.make_game("origin", players=2, seed=4).new_initial_state_dealt(np.random.default_rng(4))
>>> greedy_action(s) in s.legal_actions()
True
>>> res = ismcts_action(s, iterations=8, seed=1)
>>> res in s.legal_actions()
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast
from collections.abc import Callable

import numpy as np

from ...core.protocol import sample_chance
from ...core.search import SearchHooks, ismcts
from .phases.foodbank import mean
from .model import fed
from .phases.scoring import animal_points

if TYPE_CHECKING:
    from .actions import Action
    from .state import OriginState

#: A bot's choice at a state: ``policy(state) -> action`` (one of ``state.legal_actions()``).
Policy = Callable[["OriginState"], "Action"]

__all__ = [
    "Policy",
    "value",
    "greedy_action",
    "greedy_policy",
    "lite_policy",
    "search_hooks",
    "ismcts_action",
]

HAND_CARD = 0.6


def value(s: OriginState, p: int) -> float:
    """Player ``p``'s expected points: fed animals count in full; the hungry ones by the share of their missing food
    that ``p``'s fair share of the food (the expected roll, or what is left in the bank, over the players) plus its
    stored fat covers; paired cards by the survival of their animals; cards in hand a little (nothing in the last
    turn). The final points once the game is over."""
    if s.is_terminal():
        return float(s.current_scores()[p])
    g = s.game
    mine = s.animals(p)
    before = s.node_name() in ("develop", "food")
    food = (float(mean(*g.food_dice)) if before else float(s.bank)) / g.players
    missing = sum(a.need - a.red - a.blue for a in mine if not fed(a))
    cover = 1.0 if missing <= 0 else min(1.0, (food + sum(a.fat_full for a in mine if not fed(a))) / missing)
    if not before:
        cover *= 0.8
    alive = {a.id: (1.0 if fed(a) else cover) for a in mine}
    v = sum(animal_points(s, a) * alive[a.id] for a in mine)
    v += sum(min(alive[L.a], alive[L.b]) for L in s.links if L.a in alive)
    return v + (0.0 if s.deck_n == 0 else HAND_CARD * s.hand_sizes[p])


def _relative(s: OriginState, p: int) -> float:
    n = s.game.players
    own = value(s, p)
    return own - sum(value(s, q) for q in range(n) if q != p) / (n - 1)


def _expected(s: OriginState, p: int) -> float:
    if s.is_chance_node() and not s.is_terminal():
        total = 0.0
        for o, pr in s.chance_outcomes():
            t = s.clone()
            t.apply_action(cast("Action", o))  # a chance outcome of this game
            total += float(pr) * _relative(t, p)
        return total
    return _relative(s, p)


def greedy_action(s: OriginState) -> Action | None:
    """The legal action with the best one-ply value for the player to act (ties: the first in legal order; ``None``
    when there is none)."""
    p = s.current_player()
    best: Action | None = None
    best_v = -1e18
    for a in s.legal_actions():
        t = s.clone()
        t.apply_action(a)
        v = _expected(t, p)
        if v > best_v + 1e-12:
            best, best_v = a, v
    return best


def greedy_policy(rng: np.random.Generator | None = None) -> Callable[[OriginState], Action | None]:
    """:func:`greedy_action` as a policy (chance nodes are not its business: ``play_out`` samples them)."""
    return greedy_action


def lite_policy(rng: np.random.Generator) -> Policy:
    """A cheap rollout policy: feed the hungriest animal, otherwise attack, otherwise do something rather than pass;
    in development play a card (an animal while the player has fewer than three), pass one time in six."""

    def policy(s: OriginState) -> Action:
        acts: list[Action] = s.legal_actions()
        node = s.node_name()
        if node == "feed":
            eats = [a for a in acts if a[0] == "eat"]
            if eats:
                return max(eats, key=lambda a: s.animal_by_id[a[1]].need - s.animal_by_id[a[1]].food)
            for kind in ("attack", "fat", "pirate", "hibernate", "end"):
                opts = [a for a in acts if a[0] == kind]
                if opts:
                    return opts[int(rng.random() * len(opts))]
        if node == "develop" and len(acts) > 1 and rng.random() > 1 / 6:
            p = s.current_player()
            kind = "animal" if len(s.rows[p]) < 3 else "trait"
            opts = [a for a in acts if a[0] == kind] or acts[:-1]
            return opts[int(rng.random() * len(opts))]
        return acts[int(rng.random() * len(acts))]

    return policy


def _evaluate(s: OriginState, player: int) -> list[float]:
    n = s.game.players
    if s.is_terminal():
        w = s.winners()
        return [1.0 / len(w) if q in w else 0.0 for q in range(n)]
    v = [max(0.0, value(s, q)) for q in range(n)]
    tot = sum(v)
    return [x / tot for x in v] if tot > 0 else [1.0 / n] * n


def search_hooks(turns: int = 1) -> SearchHooks:
    """ISMCTS hooks: observer determinization, :func:`lite_policy` rollouts stopped ``turns`` turns after the root,
    rewards = shares of :func:`value` (win shares at the end of the game)."""

    def stop(root: OriginState) -> Callable[[OriginState], bool]:
        limit = root.turn + turns
        return lambda s: s.turn >= limit

    return SearchHooks(rollout=lite_policy, stop=stop, evaluate=_evaluate)


def ismcts_action(s: OriginState, iterations: int = 200, seed: int | None = None, turns: int = 1) -> Action:
    """The action ISMCTS (the core loop with :func:`search_hooks`) chooses for the player to act."""
    chosen: Action
    if s.is_chance_node():
        chosen = cast("Action", sample_chance(s, np.random.default_rng(seed)))
    else:
        chosen = ismcts(s, s.current_player(), search_hooks(turns), iterations=iterations, seed=seed).chosen
    return chosen
