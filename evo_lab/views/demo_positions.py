"""Positions for tours and lessons, found by playing real seeded games (public API only: ``Game``,
``legal_actions``, ``apply_action``, ``sample_chance``, the ``lively`` bot and :mod:`evo_lab.games.evo2e.odds`).

:func:`attack_position` gives a movement-phase position where the player to move has a legal attack, with its
exact odds: the one-roll chance and the best plan with the movement points left.

>>> pos = attack_position(seed=1)
>>> pos.state.node_name(), pos.action.startswith("attack ")
('move', True)
>>> pos.probability == pos.state.attack_probability(pos.attacker, pos.defender) > 0
True
>>> pos.plan_probability >= pos.probability
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

__all__ = ["AttackPosition", "attack_position"]


@dataclass(frozen=True)
class AttackPosition:
    """A position with a legal attack: ``state`` (the player to move attacks), ``action`` (its string, e.g.
    ``"attack D4xE5"``), the ``attacker`` and ``defender`` spaces (ids), ``probability`` that one attack
    succeeds and ``plan_probability`` that the defender is taken this turn with the points left
    (``evo_lab.games.evo2e.odds.attack_plan``), ``seed`` and the ``actions`` played from the start to get there."""

    state: Any
    action: str
    attacker: int
    defender: int
    probability: Fraction
    plan_probability: Fraction
    seed: int
    actions: int

    def describe(self) -> str:
        """One sentence for a tour: who attacks whom, with what chance."""
        s = self.state
        L = s.game.labels
        return (
            f"Round {s.round}: P{s.current_player() + 1} on {L[self.attacker]} can attack "
            f"P{s.occupant(self.defender) + 1} on {L[self.defender]}: one roll wins with {self.probability} "
            f"({float(self.probability):.1%}); with the movement points left the attack plan takes it with "
            f"{self.plan_probability} ({float(self.plan_probability):.1%})"
        )


def attack_position(
    seed: int = 0, players: int = 4, min_probability: Fraction | float = 0, max_actions: int = 20000
) -> AttackPosition:
    """The first movement-phase decision with a legal attack (chance above ``min_probability``) in the seeded
    game ``Game(players, seed)`` played by ``lively`` bots; the next seed's game if that one has none.

    Raises ``ValueError`` if no game among 50 seeds from ``seed`` has one (it does not happen with the shipped
    data)."""
    import evo_lab
    from evo_lab.games.evo2e import odds
    from evo_lab.bots import make_bot

    for s in range(seed, seed + 50):
        game = evo_lab.Game(players=players, seed=s)
        state = game.new_initial_state()
        rng = np.random.default_rng(s)
        bots = [make_bot("lively", seed=s * 31 + p) for p in range(players)]
        n = 0
        while not state.is_terminal() and n < max_actions:
            if state.node_name() == "move":
                found = _best_attack(state, Fraction(min_probability))
                if found is not None:
                    a, p = found
                    plan = odds.attack_plan(state, a.a, a.b).probability
                    return AttackPosition(state, state.action_to_string(a), a.a, a.b, p, plan, s, n)
            a = (
                evo_lab.sample_chance(state, rng)
                if state.is_chance_node()
                else bots[state.current_player()](state, state.current_player())
            )
            state.apply_action(a)
            n += 1
    raise ValueError(f"no legal attack in the games of seeds {seed}..{seed + 49}")


def _best_attack(state: Any, at_least: Fraction) -> tuple[Any, Fraction] | None:
    best = None
    for a in state.legal_actions():
        if a.kind == "attack":
            p = state.attack_probability(a.a, a.b)
            if p > at_least and (best is None or p > best[1]):
                best = (a, p)
    return best
