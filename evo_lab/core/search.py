"""Information-set Monte Carlo tree search for any evo-lab game (Cowling, Powley & Whitehouse 2012), with hooks.

Each iteration draws a *determinization* (a full state consistent with what the searcher knows), then walks one
shared tree whose nodes are the searcher's information sets:

* **selection**: at a decision node, UCB1 with availability counts over the actions legal in *this*
  determinization: ``mean + c * sqrt(ln(available) / visits)``, each player maximising its own reward;
* **chance**: outcomes are drawn with their exact weights; outcomes the searcher may not see share one branch
  (the key is the game observer's :meth:`~evo_lab.core.observer.Observer.action_key`);
* **expansion**: one new decision node per iteration;
* **rollout**: a cheap policy up to the end of the game or until ``hooks.stop(state)``;
* **backpropagation** of every player's reward from ``hooks.evaluate`` (default: ``1/k`` for a k-way shared win at
  the end of the game).

The game supplies what differs through :class:`SearchHooks`: how to determinize, how to key a chance outcome, the
rollout policy, when to stop a rollout, and how to value a state that is not over.

>>> import evo_lab
>>> from evo_lab.core.search import ismcts, SearchHooks
>>> s = evo_lab.Game(players=2, seed=2).new_initial_state_dealt()
>>> res = ismcts(s, s.current_player(), SearchHooks(), iterations=20, seed=1)
>>> res.chosen in s.legal_actions(), sum(r["visits"] for r in res.actions)
(True, 20)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypedDict, cast

import numpy as np

from .protocol import State, StateT, sample_chance

if TYPE_CHECKING:
    import plotly.graph_objects as go

__all__ = [
    "SearchHooks",
    "SearchResult",
    "SearchNode",
    "ActionRow",
    "TreeRow",
    "ismcts",
    "win_shares",
    "random_rollout",
]


def win_shares(state: State) -> list[float]:
    """Terminal rewards: ``1/k`` to each of ``k`` winners (``state.winners()``), 0 to the others."""
    n = state.game.players
    w = state.winners()
    return [1.0 / len(w) if q in w else 0.0 for q in range(n)]


def random_rollout(rng: np.random.Generator) -> Callable[[State], Hashable]:
    """The uniform random rollout policy."""

    def policy(s: State) -> Hashable:
        acts = s.legal_actions()
        return acts[int(rng.random() * len(acts))]

    return policy


def _determinize(state: StateT, player: int, rng: np.random.Generator) -> StateT:
    return state.determinize(player, rng)


def _key(state: State, action: Hashable, player: int) -> Hashable:
    return state.game.observer.action_key(state, action, player)


def _evaluate(state: State, player: int) -> list[float]:
    if state.is_terminal():
        return win_shares(state)
    n = state.game.players
    return [1.0 / n] * n


@dataclass
class SearchHooks(Generic[StateT]):
    """What a game plugs into the search. Every field has a game-agnostic default.

    * ``determinize(state, player, rng) -> state``: default ``state.determinize(player, rng)``;
    * ``key(state, outcome, player) -> hashable``: the branch of a chance outcome (default: the observer's key,
      so hidden outcomes share a branch);
    * ``rollout(rng) -> policy``: default uniform random;
    * ``stop(root_state) -> predicate or None``: a rollout ends when ``predicate(state)`` is true (default: play
      to the end);
    * ``evaluate(state, player) -> rewards``: default win shares at the end, equal shares otherwise."""

    determinize: Callable[[StateT, int, np.random.Generator], StateT] = _determinize
    key: Callable[[StateT, Hashable, int], Hashable] = _key
    rollout: Callable[[np.random.Generator], Callable[[StateT], Hashable]] = random_rollout
    stop: Callable[[StateT], Callable[[StateT], bool] | None] = lambda root: None
    evaluate: Callable[[StateT, int], Sequence[float]] = _evaluate


class SearchNode:
    """One node of the information-set tree: visits, availability, summed reward of ``mover``."""

    __slots__ = ("avail", "children", "key", "mover", "total", "visits")

    def __init__(self, mover: int = -1, key: Hashable = None):
        self.children: dict[Hashable, SearchNode] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.mover = mover  # player whose decision led here (-1: chance)
        self.key = key


class ActionRow(TypedDict):
    """One root action of a search: the action, its text, its visits and its mean reward (``None``: unvisited)."""

    action: Hashable
    text: str
    visits: int
    value: float | None


class TreeRow(TypedDict):
    """One row of :meth:`SearchResult.tree_rows`."""

    id: str
    parent: str
    label: str
    visits: int
    value: float | None
    depth: int


@dataclass
class SearchResult:
    """One search: the root's actions with visits and mean rewards (most visited first), the chosen action
    and the tree (``root``)."""

    player: int
    chosen: Any  # one of the state's legal actions (the game's own action type)
    chosen_text: str
    iterations: int
    seconds: float
    actions: list[ActionRow] = field(default_factory=list)
    root: SearchNode | None = None
    texts: dict[Hashable, str] = field(default_factory=dict)

    def visit_shares(self) -> dict[str, float]:
        """The share of the iterations each root action received."""
        return {r["text"]: r["visits"] / self.iterations for r in self.actions} if self.iterations else {}

    def tree_rows(self, max_depth: int = 2, min_visits: int = 1) -> list[TreeRow]:
        """The tree as rows ``{"id", "parent", "label", "visits", "value", "depth"}`` (root first), for a plotly
        sunburst or treemap."""
        rows: list[TreeRow] = [
            {
                "id": "root",
                "parent": "",
                "label": f"P{self.player + 1} decides",
                "visits": self.iterations,
                "value": None,
                "depth": 0,
            }
        ]

        def walk(node: SearchNode, nid: str, depth: int) -> None:
            if depth >= max_depth:
                return
            for i, (k, c) in enumerate(sorted(node.children.items(), key=lambda kv: -kv[1].visits)):
                if c.visits < min_visits:
                    continue
                cid = f"{nid}/{i}"
                label = self.texts.get(k, _key_text(k))
                rows.append(
                    {
                        "id": cid,
                        "parent": nid,
                        "label": label,
                        "visits": c.visits,
                        "value": c.total / c.visits if c.visits and c.mover >= 0 else None,
                        "depth": depth + 1,
                    }
                )
                walk(c, cid, depth + 1)

        if self.root is not None:
            walk(self.root, "root", 0)
        return rows

    def figure(self, max_depth: int = 2, min_visits: int = 2) -> go.Figure:
        """A plotly sunburst of the visit counts (the root's actions inside, replies outside)."""
        import plotly.graph_objects as go

        rows = self.tree_rows(max_depth, min_visits)
        hover = [
            f"{r['label']}<br>visits {r['visits']}"
            + ("" if r["value"] is None else f"<br>mean reward {r['value']:.3f}")
            for r in rows
        ]
        fig = go.Figure(
            go.Sunburst(
                ids=[r["id"] for r in rows],
                parents=[r["parent"] for r in rows],
                labels=[r["label"] for r in rows],
                values=[r["visits"] for r in rows],
                branchvalues="total",
                hovertext=hover,
                hoverinfo="text",
            )
        )
        fig.update_layout(
            title=f"ISMCTS visits: P{self.player + 1} chose {self.chosen_text} "
            f"({self.iterations} iterations)",
            margin={"t": 40, "l": 0, "r": 0, "b": 0},
        )
        return fig


def _key_text(k: Hashable) -> str:
    if isinstance(k, tuple) and len(k) == 2 and k[0] == "hidden":
        return str(k[1])
    kind = getattr(k, "kind", None)
    if kind is not None:  # an action NamedTuple: its kind, then its non-negative integer fields
        args = [x for x in tuple(cast("tuple[object, ...]", k))[1:] if isinstance(x, int) and x >= 0]
        text: str = kind + ("" if not args else " " + ",".join(map(str, args)))
        return text
    return str(k)


def ismcts(
    state: StateT,
    player: int,
    hooks: SearchHooks[StateT] | None = None,
    *,
    iterations: int | None = 200,
    time_budget: float | None = None,
    c: float = 0.7,
    seed: int | None = None,
    rng: np.random.Generator | None = None,
    progress: Callable[[int], None] | None = None,
) -> SearchResult:
    """Search from ``state`` for ``player``; ``iterations`` and/or ``time_budget`` (seconds) bound it.

    ``rng`` (or ``seed``) makes the search reproducible; ``progress(n)`` is called after each iteration."""
    if iterations is None and time_budget is None:
        raise ValueError("ismcts needs iterations or time_budget")
    hooks = hooks or SearchHooks()
    rng = rng if rng is not None else np.random.default_rng(seed)
    roll = hooks.rollout(rng)
    stop = hooks.stop(state)
    root = SearchNode()
    t0 = time.perf_counter()
    deadline = None if time_budget is None else t0 + time_budget
    n = 0
    while True:
        if iterations is not None and n >= iterations:
            break
        if deadline is not None and n > 0 and time.perf_counter() >= deadline:
            break
        _iterate(state, player, root, rng, roll, stop, hooks, c)
        n += 1
        if progress is not None:
            progress(n)
    secs = time.perf_counter() - t0
    rows: list[ActionRow] = []
    for a in state.legal_actions():
        ch = root.children.get(a)
        v = ch.visits if ch else 0
        rows.append(
            {
                "action": a,
                "text": state.action_to_string(a),
                "visits": v,
                "value": (ch.total / ch.visits) if ch and ch.visits else None,
            }
        )
    rows.sort(key=lambda r: (-r["visits"], -(r["value"] or 0.0)))
    return SearchResult(
        player=player,
        chosen=rows[0]["action"],
        chosen_text=rows[0]["text"],
        iterations=n,
        seconds=secs,
        actions=rows,
        root=root,
        texts={r["action"]: r["text"] for r in rows},
    )


def _iterate(
    state: StateT,
    player: int,
    root: SearchNode,
    rng: np.random.Generator,
    roll: Callable[[StateT], Hashable],
    stop: Callable[[StateT], bool] | None,
    hooks: SearchHooks[StateT],
    c: float,
) -> None:
    s = hooks.determinize(state, player, rng)
    node = root
    path = [root]
    expanded = False
    while not s.is_terminal() and not expanded:
        if stop is not None and stop(s):
            break
        if s.is_chance_node():
            o = sample_chance(s, rng)
            key = hooks.key(s, o, player)
            s.apply_action(o)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = SearchNode(-1, key)
            node = child
            path.append(node)
            continue
        mover = s.current_player()
        untried = []
        best, best_u = None, -1.0
        for a in s.legal_actions():
            ch = node.children.get(a)
            if ch is None:
                untried.append(a)
                continue
            ch.avail += 1
            u = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
            if u > best_u:
                best, best_u = ch, u
        if untried:
            a = untried[int(rng.random() * len(untried))]
            child = node.children[a] = SearchNode(mover, a)
            s.apply_action(a)
            node = child
            path.append(node)
            expanded = True
        else:
            s.apply_action(best.key)  # type: ignore[union-attr]
            node = best  # type: ignore[assignment]
            path.append(node)
    while not s.is_terminal():
        if stop is not None and stop(s):
            break
        if s.is_chance_node():
            s.apply_action(sample_chance(s, rng))
        else:
            s.apply_action(roll(s))
    rewards = hooks.evaluate(s, player)
    for nd in path[1:]:
        nd.visits += 1
        if nd.mover >= 0:
            nd.total += rewards[nd.mover]
