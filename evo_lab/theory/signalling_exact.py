"""Exact (rational) analysis of the Prescience window game: values, best responses, exploitability, Bayes' rule.

CFR gives floating-point strategies that approach an equilibrium; the linear programme of
:mod:`evo_lab.theory.signalling_solve` gives one in floating point. Here an equilibrium is made *exact*: the LP's
behaviour probabilities are rounded to the nearest fractions with small denominators (``limit_denominator``), and
the rounded profile is then *checked* in rational arithmetic: its exploitability (each player's best-response gain,
computed over information sets, averaged) must be exactly 0. Chance uses the spec's exact probabilities
(:meth:`~evo_lab.theory.signalling.PrescienceState.chance_fractions`).

>>> from evo_lab.theory.signalling import PrescienceGame, find_position, spec_from_state
>>> eq = exact_equilibrium(PrescienceGame(spec=spec_from_state(find_position())))
>>> eq.exploitability
Fraction(0, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .signalling_spec import SignallingError

__all__ = [
    "Tree",
    "build_tree",
    "exact_value",
    "best_response",
    "exact_exploitability",
    "exact_posterior",
    "action_values",
    "vary",
    "ExactEquilibrium",
    "exact_equilibrium",
]

Policy = dict[str, dict[int, Fraction]]


@dataclass
class Tree:
    """One node of the game tree: ``kind`` is ``"T"`` (terminal, ``payoff`` of the first player), ``"C"``
    (chance: ``children`` as ``(action, probability, node)``) or ``"D"`` (decision of ``player`` at ``info``:
    ``children`` as ``(action, 1, node)``). ``cards`` are the copies each player holds there."""

    kind: str
    player: int = -1
    info: str = ""
    payoff: Fraction = Fraction(0)
    cards: tuple[int, ...] = ()
    children: tuple[tuple[int, Fraction, Tree], ...] = ()


def build_tree(game: Any) -> Tree:
    """The whole game as a :class:`Tree` (exact chance probabilities and integer payoffs)."""

    def build(state: Any) -> Tree:
        if state.is_terminal():
            return Tree("T", payoff=Fraction(state.returns()[0]).limit_denominator(1), cards=state.cards)
        if state.is_chance_node():
            return Tree(
                "C",
                cards=state.cards,
                children=tuple((a, p, build(state.child(a))) for a, p in state.chance_fractions()),
            )
        pl = state.current_player()
        return Tree(
            "D",
            player=pl,
            info=state.information_state_string(pl),
            cards=state.cards,
            children=tuple((a, Fraction(1), build(state.child(a))) for a in state.legal_actions()),
        )

    return build(game.new_initial_state())


def _u(node: Tree, player: int) -> Fraction:
    return node.payoff if player == 0 else -node.payoff


def exact_value(tree: Tree, policy: Policy, player: int = 0) -> Fraction:
    """``player``'s expected payoff when both follow ``policy``."""
    if tree.kind == "T":
        return _u(tree, player)
    if tree.kind == "C":
        return sum((p * exact_value(c, policy, player) for _, p, c in tree.children), Fraction(0))
    probs = policy[tree.info]
    return sum(
        (
            probs.get(a, Fraction(0)) * exact_value(c, policy, player)
            for a, _, c in tree.children
            if probs.get(a, 0)
        ),
        Fraction(0),
    )


def _collect(
    tree: Tree,
    policy: Policy,
    player: int,
    reach: Fraction,
    depth: int,
    out: dict[str, list[tuple[Tree, Fraction, int]]],
) -> None:
    """The best responder's decision nodes with the chance-times-opponent reach and the own depth."""
    if tree.kind == "T" or reach == 0:
        return
    if tree.kind == "C":
        for _, p, c in tree.children:
            _collect(c, policy, player, reach * p, depth, out)
    elif tree.player == player:
        out.setdefault(tree.info, []).append((tree, reach, depth))
        for _, _, c in tree.children:
            _collect(c, policy, player, reach, depth + 1, out)
    else:
        probs = policy[tree.info]
        for a, _, c in tree.children:
            _collect(c, policy, player, reach * probs.get(a, Fraction(0)), depth, out)


def best_response(tree: Tree, policy: Policy, player: int) -> tuple[Fraction, dict[str, int]]:
    """``player``'s best-response value against the other player's part of ``policy`` and the best response
    (one action per information state; ties go to the first action in legal order). Information states are
    decided from the deepest up, each by the Bayes-weighted sum over its histories."""
    nodes: dict[str, list[tuple[Tree, Fraction, int]]] = {}
    _collect(tree, policy, player, Fraction(1), 0, nodes)
    choice: dict[str, int] = {}

    def val(t: Tree) -> Fraction:
        if t.kind == "T":
            return _u(t, player)
        if t.kind == "C":
            return sum((p * val(c) for _, p, c in t.children), Fraction(0))
        if t.player == player:
            a = choice.get(t.info)
            if a is None:  # reached with probability 0: any action; take the best for this history
                return max(val(c) for _, _, c in t.children)
            return next(val(c) for b, _, c in t.children if b == a)
        probs = policy[t.info]
        return sum(
            (probs.get(a, Fraction(0)) * val(c) for a, _, c in t.children if probs.get(a, 0)), Fraction(0)
        )

    for info in sorted(nodes, key=lambda i: -max(d for _, _, d in nodes[i])):
        members = nodes[info]
        acts = [a for a, _, _ in members[0][0].children]
        scores = [
            sum((r * val(next(c for b, _, c in t.children if b == a)) for t, r, _ in members), Fraction(0))
            for a in acts
        ]
        choice[info] = acts[scores.index(max(scores))]
    return val(tree), choice


def exact_exploitability(tree: Tree, policy: Policy) -> Fraction:
    """``(BR_0 + BR_1) / 2`` for the zero-sum game: 0 exactly at an equilibrium (OpenSpiel's definition)."""
    return (best_response(tree, policy, 0)[0] + best_response(tree, policy, 1)[0]) / 2


def _owner(tree: Tree, info: str) -> int:
    """The player who acts at ``info`` (-1 if no node has it)."""
    if tree.kind == "D" and tree.info == info:
        return tree.player
    for _, _, c in tree.children:
        p = _owner(c, info)
        if p >= 0:
            return p
    return -1


def exact_posterior(tree: Tree, policy: Policy, info: str) -> dict[int, Fraction]:
    """Bayes' rule at ``info``: the distribution of the copies the opponent still holds (see
    :func:`evo_lab.theory.signalling_solve.posterior`), in exact arithmetic. Each history is weighted by chance
    times the opponent's action probabilities; the owner's own actions are the same in all of them."""
    me = _owner(tree, info)
    if me < 0:
        raise SignallingError(f"no information state {info!r}")
    weights: dict[int, Fraction] = {}

    def walk(t: Tree, reach: Fraction) -> None:
        if t.kind == "T" or reach == 0:
            return
        if t.kind == "D" and t.info == info:
            opp = t.cards[1 - me]
            weights[opp] = weights.get(opp, Fraction(0)) + reach
            return
        for a, p, c in t.children:
            if t.kind == "C":
                walk(c, reach * p)
            elif t.player == me:
                walk(c, reach)
            else:
                walk(c, reach * policy[t.info].get(a, Fraction(0)))

    walk(tree, Fraction(1))
    total = sum(weights.values(), Fraction(0))
    if total == 0:
        raise SignallingError(f"information state {info!r} is never reached under this policy")
    return {k: v / total for k, v in sorted(weights.items())}


def action_values(tree: Tree, policy: Policy, info: str, *, by_opponent: bool = False) -> dict:
    """The expected payoff of each action at ``info`` for the player who acts there, when both follow ``policy``
    afterwards and the histories of ``info`` are weighted by Bayes' rule (chance times the opponent's reach). At an
    equilibrium every action the player mixes has the same, highest value (the *indifference principle*).
    ``by_opponent=True``: ``{copies the opponent still holds: {action: value}}``, the values given each type, so
    that the value at a posterior ``mu`` is ``sum_k mu_k * values[k][action]``."""
    me = _owner(tree, info)
    if me < 0:
        raise SignallingError(f"no information state {info!r}")
    nodes: dict[str, list[tuple[Tree, Fraction, int]]] = {}
    _collect(tree, policy, me, Fraction(1), 0, nodes)
    members = nodes.get(info)
    if not members:
        raise SignallingError(f"information state {info!r} is never reached under this policy")
    groups: dict[Any, list[tuple[Tree, Fraction, int]]] = {}
    for m in members:
        groups.setdefault(m[0].cards[1 - me] if by_opponent else None, []).append(m)
    out = {}
    for key, ms in sorted(groups.items(), key=lambda kv: (kv[0] is None, kv[0] or 0)):
        total = sum((r for _, r, _ in ms), Fraction(0))
        out[key] = {
            a: sum(
                (r * exact_value(c, policy, me) for t, r, _ in ms for b, _, c in t.children if b == a),
                Fraction(0),
            )
            / total
            for a, _, _ in ms[0][0].children
        }
    return out if by_opponent else out[None]


def vary(policy: Policy, info: str, action: int, p: Any) -> Policy:
    """A copy of ``policy`` in which ``action`` has probability ``p`` at ``info`` and the other actions share
    ``1 - p`` in their old proportions (equally if they had none)."""
    old = policy[info]
    rest = sum((q for a, q in old.items() if a != action), Fraction(0))
    others = [a for a in old if a != action]
    new = {
        a: (p if a == action else ((1 - p) * old[a] / rest if rest else (1 - p) / len(others))) for a in old
    }
    out = dict(policy)
    out[info] = new
    return out


@dataclass
class ExactEquilibrium:
    """An equilibrium in fractions: ``policy[info][action]``, the first player's ``value``, and the
    ``exploitability`` of the rounded profile, computed exactly (0 means it is exactly an equilibrium)."""

    policy: Policy
    value: Fraction
    exploitability: Fraction
    tree: Tree

    def probability(self, info: str, action: int) -> Fraction:
        return self.policy[info].get(action, Fraction(0))


def _behaviour(plan: dict, parent: dict, actions: dict[str, list[int]], denominator: int) -> Policy:
    out: Policy = {}
    for info, acts in actions.items():
        w = plan.get(parent[info], 0.0)
        if w > 1e-12:
            raw = [
                Fraction(max(plan.get((info, a), 0.0), 0.0) / w).limit_denominator(denominator) for a in acts
            ]
        else:
            raw = [Fraction(1)] * len(acts)
        tot = sum(raw, Fraction(0))
        out[info] = {a: r / tot for a, r in zip(acts, raw)}
    return out


def _actions(tree: Tree, out: dict[str, list[int]] | None = None) -> dict[str, list[int]]:
    out = {} if out is None else out
    if tree.kind == "D":
        out.setdefault(tree.info, [a for a, _, _ in tree.children])
    for _, _, c in tree.children:
        _actions(c, out)
    return out


def exact_equilibrium(game: Any, denominator: int = 1000) -> ExactEquilibrium:
    """An equilibrium from the two sequence-form LPs, rounded to fractions with denominators up to
    ``denominator`` and verified exactly (see the module docstring). If the rounding breaks the equilibrium,
    ``exploitability`` says by how much (it is never hidden)."""
    from .signalling_solve import lp_solution

    tree = build_tree(game)
    acts = _actions(tree)
    policy: Policy = {}
    for player in (0, 1):
        _, plan, parent = lp_solution(game, player)
        mine = {i: a for i, a in acts.items() if i in parent}
        policy.update(_behaviour(plan, parent, mine, denominator))
    return ExactEquilibrium(policy, exact_value(tree, policy), exact_exploitability(tree, policy), tree)
