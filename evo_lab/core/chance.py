"""Exact enumeration over chance nodes, for any game of the core protocol: every way a position can go on, each
with its exact probability.

Only the public state protocol is used (``is_chance_node``, ``chance_outcomes`` with exact ``Fraction`` s,
``clone``, ``apply_action``, ``legal_actions``, ``current_player``, ``is_terminal``), so the same functions serve
every game: Origin's odds (the food dice, the Running die, the feeding race), and the analysis board's exact
expectimax when the remaining tree is small.

The walk starts at ``state`` (never changed: the walk works on clones) and goes on until ``until(state)`` is true
or the game is over. At a chance node it follows every outcome with its probability; at a decision node it
applies ``policy(state)`` (a function returning one legal action), or stops there when there is no policy. Each
state visited counts as one node; more than ``max_nodes`` raises :class:`ChanceBudgetError` (nothing is returned
half done).

================================  ===========================================================================
:func:`leaves`                    every end of the walk with its probability (the probabilities sum to 1)
:func:`outcome_distribution`      ``key(leaf)`` -> probability, identical keys merged
:func:`expected_value`            the expectation of ``value(leaf)`` (exact for ``int`` / ``Fraction`` values)
:func:`expectimax`                each player in ``players`` chooses what maximises their own component of
                                  ``value(leaf)`` (max^n); chance is averaged; the others follow ``policy``
:func:`action_values`             :func:`expectimax` after each legal action of a decision node
:func:`outcome_tree`              the walk as a tree to draw: chance branches, the choices of the decision
                                  nodes ``branch(state)`` marks, and the leaves
:func:`sample_distribution`       the same distribution as :func:`outcome_distribution`, by seeded sampling
================================  ===========================================================================

An example on *The Origin of Species*: the 2-player food bank is 1d6+2; a carnivore attacks an animal with Running
(a die: 4, 5 or 6 escapes).

>>> from fractions import Fraction
>>> from evo_lab.games.origin import build_position
>>> s = build_position(players=2, phase="food", animals=["$A", "$B"])
>>> bank = outcome_distribution(s, key=lambda t: t.bank)
>>> bank[3], sum(bank.values()), expected_value(s, lambda t: t.bank)
(Fraction(1, 6), Fraction(1, 1), Fraction(11, 2))
>>> s = build_position(players=2, bank=2, animals=["$C carn", "$R run"])
>>> s.apply_action(("attack", s.names["C"], s.names["R"]))
>>> s.node_name()                                   # the Running die is rolled
'run'
>>> alive = outcome_distribution(s, key=lambda t: s.names["R"] in {a.id for a in t.animals(1)},
...                              until=lambda t: t.node_name() != "run")
>>> alive
{False: Fraction(1, 2), True: Fraction(1, 2)}
>>> outcome_distribution(s, key=len, until=lambda t: False, max_nodes=3)
Traceback (most recent call last):
...
evo_lab.core.chance.ChanceBudgetError: the enumeration needs more than 3 nodes: raise max_nodes, stop it earlier \
(until) or sample it (sample_distribution)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Generic, NamedTuple

from .errors import EvoLabError
from .protocol import StateT, sample_chance

if TYPE_CHECKING:
    from .draw import Random

__all__ = [
    "DEFAULT_MAX_NODES",
    "ChanceBudgetError",
    "Leaf",
    "TreeNode",
    "Valued",
    "action_values",
    "expected_value",
    "expectimax",
    "leaves",
    "outcome_distribution",
    "outcome_tree",
    "sample_distribution",
]

#: The default node budget of an enumeration.
DEFAULT_MAX_NODES = 200_000

#: A decision rule: the action to take at a decision node.
Policy = Callable[[StateT], Hashable]
#: Where a walk stops (true: this state is a leaf).
Until = Callable[[StateT], bool]
Number = int | float | Fraction


class ChanceBudgetError(EvoLabError, RuntimeError):
    """An enumeration needs more than ``limit`` nodes (states visited). ``reason`` is ``"chance_budget"``."""

    reason = "chance_budget"

    def __init__(self, limit: int):
        self.limit = limit
        super().__init__(
            f"the enumeration needs more than {limit} nodes: raise max_nodes, stop it earlier (until) "
            "or sample it (sample_distribution)"
        )


class Leaf(NamedTuple, Generic[StateT]):
    """One end of a walk: the ``state`` there and the exact ``probability`` of reaching it."""

    state: StateT
    probability: Fraction


class _Budget:
    def __init__(self, limit: int):
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise ValueError(f"max_nodes must be a positive integer, got {limit!r}")
        self.limit, self.used = limit, 0

    def take(self) -> None:
        self.used += 1
        if self.used > self.limit:
            raise ChanceBudgetError(self.limit)


def _ends(state: StateT, until: Until[StateT] | None) -> bool:
    return state.is_terminal() or (until is not None and bool(until(state)))


def _children(state: StateT) -> list[tuple[Hashable, Fraction, StateT]]:
    """``(outcome, probability, state after it)`` for each outcome of a chance node."""
    out: list[tuple[Hashable, Fraction, StateT]] = []
    for a, p in state.chance_outcomes():
        t = state.clone()
        t.apply_action(a)
        out.append((a, p, t))
    return out


def _walk(
    state: StateT, until: Until[StateT] | None, policy: Policy[StateT] | None, budget: _Budget
) -> list[Leaf[StateT]]:
    """The leaves, depth first (the first outcome of a chance node first); ``state`` is not changed."""
    out: list[Leaf[StateT]] = []
    stack: list[tuple[StateT, Fraction]] = [(state.clone(), Fraction(1))]
    while stack:
        s, p = stack.pop()
        while True:
            budget.take()
            if _ends(s, until):
                out.append(Leaf(s, p))
                break
            if s.is_chance_node():
                kids = _children(s)
                stack.extend((t, p * q) for _a, q, t in reversed(kids[1:]))
                s, p = kids[0][2], p * kids[0][1]
                continue
            if policy is None:
                out.append(Leaf(s, p))
                break
            s.apply_action(policy(s))
    return out


def leaves(
    state: StateT,
    *,
    until: Until[StateT] | None = None,
    policy: Policy[StateT] | None = None,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> list[Leaf[StateT]]:
    """Every end of the walk from ``state`` (see the module docstring) with its exact probability; the
    probabilities sum to 1. Raises :class:`ChanceBudgetError` past ``max_nodes`` states."""
    return _walk(state, until, policy, _Budget(max_nodes))


def outcome_distribution(
    state: StateT,
    key: Callable[[StateT], Hashable],
    *,
    until: Until[StateT] | None = None,
    policy: Policy[StateT] | None = None,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> dict[Hashable, Fraction]:
    """``key(leaf state) -> probability`` over the leaves of the walk, identical keys merged (in the order they
    are first reached)."""
    out: dict[Hashable, Fraction] = {}
    for leaf in leaves(state, until=until, policy=policy, max_nodes=max_nodes):
        k = key(leaf.state)
        out[k] = out.get(k, Fraction(0)) + leaf.probability
    return out


def expected_value(
    state: StateT,
    value: Callable[[StateT], Number],
    *,
    until: Until[StateT] | None = None,
    policy: Policy[StateT] | None = None,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> Number:
    """The expectation of ``value(leaf state)`` over the leaves of the walk (a ``Fraction`` when the values are
    integers or fractions, a ``float`` as soon as one is a float)."""
    total: Number = Fraction(0)
    for leaf in leaves(state, until=until, policy=policy, max_nodes=max_nodes):
        total += leaf.probability * value(leaf.state)
    return total


@dataclass(frozen=True)
class Valued:
    """What :func:`expectimax` found: ``values`` (the expected value vector, one entry per component of the
    ``value`` function), ``action`` (the best action at the root, ``None`` when the root is not a choice of one
    of the ``players``) and ``nodes`` (the states visited)."""

    values: tuple[Number, ...]
    action: Hashable | None
    nodes: int


def _vec(v: Number | Sequence[Number]) -> tuple[Number, ...]:
    if isinstance(v, (int, float, Fraction)):
        return (v,)
    return tuple(v)


#: What :func:`expectimax` values a leaf with: a number, or one number per player.
Value = Callable[[StateT], Number | Sequence[Number]]


def _emax(
    s: StateT,
    value: Value[StateT],
    players: frozenset[int] | None,
    until: Until[StateT] | None,
    policy: Policy[StateT] | None,
    budget: _Budget,
) -> tuple[tuple[Number, ...], Hashable | None]:
    while True:
        budget.take()
        if _ends(s, until):
            return _vec(value(s)), None
        if s.is_chance_node():
            acc: list[Number] | None = None
            for _a, p, t in _children(s):
                v, _ = _emax(t, value, players, until, policy, budget)
                acc = [p * x for x in v] if acc is None else [x + p * y for x, y in zip(acc, v)]
            return tuple(acc or ()), None
        who = s.current_player()
        if players is None or who in players:
            return _best(s, who, value, players, until, policy, budget)
        if policy is None:
            return _vec(value(s)), None
        s = s.clone()
        s.apply_action(policy(s))


def _best(
    s: StateT,
    who: int,
    value: Value[StateT],
    players: frozenset[int] | None,
    until: Until[StateT] | None,
    policy: Policy[StateT] | None,
    budget: _Budget,
) -> tuple[tuple[Number, ...], Hashable | None]:
    best: tuple[Number, ...] | None = None
    best_a: Hashable | None = None
    for a in s.legal_actions():
        t = s.clone()
        t.apply_action(a)
        v, _ = _emax(t, value, players, until, policy, budget)
        i = who if len(v) > 1 else 0
        if best is None or v[i] > best[i]:
            best, best_a = v, a
    return best or (), best_a


def expectimax(
    state: StateT,
    value: Value[StateT],
    *,
    players: Iterable[int] | None = None,
    until: Until[StateT] | None = None,
    policy: Policy[StateT] | None = None,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> Valued:
    """Expectimax (max^n for several players) from ``state`` to the leaves of the walk: ``value(leaf)`` is a
    number or one number per player (``returns()``, points); at a decision node of a player in ``players``
    (default: every player) that player takes the legal action with the largest own component (the first in
    legal order on a tie); chance nodes are averaged with their exact probabilities; decision nodes of the other
    players follow ``policy`` (or are leaves without one). With a single number, every chooser maximises it.

    >>> from evo_lab.games.origin import build_position
    >>> s = build_position(players=2, bank=3, animals=["$C carn", "$T tail run"])
    >>> s.apply_action(("attack", s.names["C"], s.names["T"]))
    >>> s.node_name(), s.current_player()              # P2 picks its defence: Running's die or Tail Loss
    ('defend', 1)
    >>> r = expectimax(s, lambda t: t.current_scores(), players=[1], until=lambda t: t.node_name() == "feed")
    >>> r.values[1], s.action_to_string(r.action)      # run first: 4 points if the die saves it, else 3
    (Fraction(7, 2), 'run A2')
    >>> r.nodes > 3
    True
    """
    chosen = None if players is None else frozenset(players)
    budget = _Budget(max_nodes)
    v, a = _emax(state.clone(), value, chosen, until, policy, budget)
    return Valued(v, a, budget.used)


def action_values(
    state: StateT,
    value: Value[StateT],
    *,
    players: Iterable[int] | None = (),
    until: Until[StateT] | None = None,
    policy: Policy[StateT] | None = None,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> dict[Hashable, tuple[Number, ...]]:
    """For each legal action of the decision node ``state``: the :func:`expectimax` value after it (with the
    default ``players=()``, the plain expectation under ``policy``). One budget covers every action."""
    if state.is_chance_node() or state.is_terminal():
        raise ValueError("action_values needs a decision node")
    chosen = None if players is None else frozenset(players)
    budget = _Budget(max_nodes)
    out: dict[Hashable, tuple[Number, ...]] = {}
    for a in state.legal_actions():
        t = state.clone()
        t.apply_action(a)
        out[a] = _emax(t, value, chosen, until, policy, budget)[0]
    return out


@dataclass
class TreeNode(Generic[StateT]):
    """One node of :func:`outcome_tree`. ``actions``: what led here from the parent (a chance outcome or a
    choice, then the actions ``policy`` applied on the way), ``probability``: the chance of that edge (1 for a
    choice), ``reach``: the product from the root (choices count 1), ``kind``: ``"chance"``, ``"choice"``
    (a decision node ``branch`` marked: one child per legal action) or ``"leaf"``, ``state``: the state at the
    node, ``player``: who chooses at a choice node."""

    actions: tuple[Hashable, ...]
    probability: Fraction
    reach: Fraction
    kind: str
    state: StateT
    player: int = -1
    children: list[TreeNode[StateT]] = field(default_factory=list)

    def leaves(self) -> list[TreeNode[StateT]]:
        """The leaves under this node, left to right."""
        if not self.children:
            return [self]
        return [x for c in self.children for x in c.leaves()]

    def size(self) -> int:
        return 1 + sum(c.size() for c in self.children)


def outcome_tree(
    state: StateT,
    *,
    until: Until[StateT] | None = None,
    policy: Policy[StateT] | None = None,
    branch: Until[StateT] | None = None,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> TreeNode[StateT]:
    """The walk from ``state`` as a tree: a ``"chance"`` node per chance node (a child per outcome), a
    ``"choice"`` node per decision node where ``branch(state)`` is true (a child per legal action), the other
    decision nodes followed with ``policy`` (their actions go into the child's ``actions``) or leaves."""
    budget = _Budget(max_nodes)
    return _tree(state.clone(), (), Fraction(1), Fraction(1), until, policy, branch, budget)


def _tree(
    s: StateT,
    actions: tuple[Hashable, ...],
    prob: Fraction,
    reach: Fraction,
    until: Until[StateT] | None,
    policy: Policy[StateT] | None,
    branch: Until[StateT] | None,
    budget: _Budget,
) -> TreeNode[StateT]:
    while True:
        budget.take()
        if _ends(s, until):
            return TreeNode(actions, prob, reach, "leaf", s)
        if s.is_chance_node():
            node = TreeNode(actions, prob, reach, "chance", s)
            node.children = [
                _tree(t, (a,), p, reach * p, until, policy, branch, budget) for a, p, t in _children(s)
            ]
            return node
        if branch is not None and branch(s):
            node = TreeNode(actions, prob, reach, "choice", s, s.current_player())
            for a in s.legal_actions():
                t = s.clone()
                t.apply_action(a)
                node.children.append(_tree(t, (a,), Fraction(1), reach, until, policy, branch, budget))
            return node
        if policy is None:
            return TreeNode(actions, prob, reach, "leaf", s)
        a = policy(s)
        s = s.clone()
        s.apply_action(a)
        actions = actions + (a,)


def sample_distribution(
    state: StateT,
    key: Callable[[StateT], Hashable],
    *,
    rng: Random,
    samples: int = 1000,
    until: Until[StateT] | None = None,
    policy: Policy[StateT] | None = None,
    max_actions: int = 100_000,
) -> dict[Hashable, Fraction]:
    """The walk played ``samples`` times with chance drawn from ``rng`` (a ``numpy.random.Generator``): the
    share of the plays ending at each ``key`` (a Monte Carlo estimate of :func:`outcome_distribution`, for trees
    beyond the budget and to check the exact figures). A decision node without ``policy`` ends a play."""
    if samples < 1:
        raise ValueError(f"samples must be at least 1, got {samples}")
    counts: dict[Hashable, int] = {}
    for _ in range(samples):
        s = state.clone()
        for _step in range(max_actions):
            if _ends(s, until) or (not s.is_chance_node() and policy is None):
                break
            s.apply_action(sample_chance(s, rng) if s.is_chance_node() else policy(s))  # type: ignore[misc]
        else:
            raise RuntimeError(f"a sampled play did not end within {max_actions} actions")
        k = key(s)
        counts[k] = counts.get(k, 0) + 1
    return {k: Fraction(c, samples) for k, c in counts.items()}
