"""``ismcts``: single-observer information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012).

Each iteration draws a *determinization*, a full game consistent with what the searching player knows
(``state.determinize(player, rng)``: the others' hands, the bag's unique genes and a token only others
peeked at are redrawn), then walks one shared tree whose nodes are the searcher's information sets:

* **selection**: at a decision node, UCB1 with availability counts over the actions legal in *this*
  determinization (``mean + c * sqrt(ln(available) / visits)``, each player maximising its own reward);
* **chance**: outcomes are sampled with their exact weights; outcomes hidden from the searcher (a card an
  opponent draws, an opponent's sixth-sense peek) share one branch;
* **expansion**: one new decision node per iteration;
* **rollout**: a cheap policy (``"lite"``: climate-aware moves and births, cheapest bids; or ``"random"``) up
  to the end of the game or, with ``cutoff_rounds=k``, to the end of the k-th round counted from the
  decision, where the greedy evaluation turns each player's MP-equivalent score into a win chance (softmax);
* **backpropagation** of every player's reward (``1/k`` for a k-way shared win at the end of the game).

The move played is the most visited root action. ``bot.last_search`` keeps the root's per-action visits and
mean values (and the tree) for the lesson.

>>> import evo_lab
>>> from evo_lab.bots import ISMCTSBot
>>> s = evo_lab.Game(players=3, seed=2).new_initial_state_dealt()
>>> bot = ISMCTSBot(iterations=30, seed=1)
>>> a = bot(s)
>>> a in s.legal_actions(), bot.last_search.iterations
(True, 30)
>>> sum(r["visits"] for r in bot.last_search.actions)
30
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..core.protocol import sample_chance
from ..engine.actions import (
    ATTACK,
    BIRTH,
    CARD,
    END,
    ESCAPE,
    FLIPPERS,
    INITIATIVE,
    MOVE,
    PASS,
    PEEK,
    WINGS,
    Action,
)
from .base import Bot, UnknownBotError, register
from .greedy import player_values


class _Node:
    __slots__ = ("avail", "children", "key", "mover", "total", "visits")

    def __init__(self, mover: int = -1, key: Any = None):
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.mover = mover  # player whose decision led here (-1: chance)
        self.key = key


@dataclass
class SearchResult:
    """One ISMCTS decision: root actions with visits and mean rewards, the chosen action and the tree."""

    player: int
    chosen: Any
    chosen_text: str
    iterations: int
    seconds: float
    actions: list[dict] = field(default_factory=list)  # {"action", "text", "visits", "value"}, most visited first
    root: Any = None
    texts: dict = field(default_factory=dict)

    def tree_rows(self, max_depth: int = 2, min_visits: int = 1) -> list[dict]:
        """The search tree as rows ``{"id", "parent", "label", "visits", "value", "depth"}`` (root first),
        for a plotly sunburst/treemap: ``ids``, ``parents``, ``labels`` and ``values=visits``."""
        rows = [{"id": "root", "parent": "", "label": f"P{self.player + 1} decides", "visits": self.iterations,
                 "value": None, "depth": 0}]

        def walk(node: _Node, nid: str, depth: int) -> None:
            if depth >= max_depth:
                return
            for i, (k, c) in enumerate(sorted(node.children.items(), key=lambda kv: -kv[1].visits)):
                if c.visits < min_visits:
                    continue
                cid = f"{nid}/{i}"
                label = self.texts.get(k, str(k)) if depth == 0 else _key_text(k)
                rows.append({"id": cid, "parent": nid, "label": label, "visits": c.visits,
                             "value": c.total / c.visits if c.visits and c.mover >= 0 else None, "depth": depth + 1})
                walk(c, cid, depth + 1)

        if self.root is not None:
            walk(self.root, "root", 0)
        return rows

    def figure(self, max_depth: int = 2, min_visits: int = 2) -> Any:
        """A plotly sunburst of the visit counts (the root's actions inside, replies outside)."""
        import plotly.graph_objects as go

        rows = self.tree_rows(max_depth, min_visits)
        hover = [f"{r['label']}<br>visits {r['visits']}" + ("" if r["value"] is None else f"<br>mean reward {r['value']:.3f}")
                 for r in rows]
        fig = go.Figure(go.Sunburst(ids=[r["id"] for r in rows], parents=[r["parent"] for r in rows],
                                    labels=[r["label"] for r in rows], values=[r["visits"] for r in rows],
                                    branchvalues="total", hovertext=hover, hoverinfo="text"))
        fig.update_layout(title=f"ISMCTS visits: P{self.player + 1} chose {self.chosen_text} "
                                f"({self.iterations} iterations)", margin={"t": 40, "l": 0, "r": 0, "b": 0})
        return fig


def _key_text(k: Any) -> str:
    if isinstance(k, tuple) and len(k) == 2 and isinstance(k[1], str):
        return k[1]
    if isinstance(k, Action):
        return k.kind if k.a < 0 else f"{k.kind} {k.a}" + ("" if k.b < 0 else f",{k.b}")
    return str(k)


def lite_policy(rng: Any) -> Callable[[Any], Any]:
    """A cheap rollout policy: moves that improve the climate state of a dinosaur's space, else end; births
    on the mildest space; the cheapest bid on a random lot; events passed; escapes taken."""

    def policy(s: Any) -> Any:
        acts = s.legal_actions()
        node = s.node
        if len(acts) == 1:
            return acts[0]
        g = s.game
        codes = g.section_codes[s.section]
        terr = g.space_terrain
        if node == "move":
            best, gain = [], 0
            attacks = []
            for a in acts:
                k = a.kind
                if k == MOVE or k == WINGS or k == FLIPPERS:
                    d = codes[terr[a.a]] - codes[terr[a.b]]
                    if d > gain:
                        best, gain = [a], d
                    elif d == gain and d > 0:
                        best.append(a)
                elif k == ATTACK:
                    attacks.append(a)
            if best:
                return best[int(rng.random() * len(best))]
            if attacks and rng.random() < 0.5:
                return attacks[int(rng.random() * len(attacks))]
            return Action(END)
        if node == "bid":
            lo = min(a.b for a in acts)
            cheap = [a for a in acts if a.b == lo]
            return cheap[int(rng.random() * len(cheap))]
        if node == "birth":
            best, bc = [], 9
            for a in acts:
                if a.kind != BIRTH:
                    continue
                c = codes[terr[a.a]]
                if c < bc:
                    best, bc = [a], c
                elif c == bc:
                    best.append(a)
            return best[int(rng.random() * len(best))] if best else acts[0]
        if node == "chameleon":
            esc = [a for a in acts if a.kind == ESCAPE]
            return esc[int(rng.random() * len(esc))] if esc else Action(PASS)
        if node == "adrenaline":
            return Action(INITIATIVE, 0)
        if node in ("prescience", "swarm", "geysers"):
            return Action(PASS)
        return acts[int(rng.random() * len(acts))]

    return policy


def random_policy(rng: Any) -> Callable[[Any], Any]:
    def policy(s: Any) -> Any:
        acts = s.legal_actions()
        return acts[int(rng.random() * len(acts))]

    return policy


ROLLOUTS = {"lite": lite_policy, "random": random_policy}


@register
class ISMCTSBot(Bot):
    """Information-set MCTS. ``iterations`` (default 200) and/or ``time_budget`` (seconds) bound each
    decision (a time budget makes play depend on the machine's speed; tournaments that must replay exactly
    use iterations only). ``c``: UCB exploration constant; ``rollout``: ``"lite"`` or ``"random"``;
    ``cutoff_rounds``: stop rollouts after that many round ends and evaluate (``None``: play to the end);
    ``temperature``: MP scale of the softmax that turns cutoff evaluations into win chances."""

    name = "ismcts"
    omniscient = False

    def __init__(self, seed: int | None = None, iterations: int | None = 200, time_budget: float | None = None,
                 c: float = 0.7, rollout: str = "lite", cutoff_rounds: int | None = 1, temperature: float = 3.0):
        super().__init__(seed)
        if iterations is None and time_budget is None:
            raise UnknownBotError("ismcts needs iterations or time_budget")
        if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1):
            raise UnknownBotError(f"iterations must be a positive integer, got {iterations!r}")
        if time_budget is not None and not time_budget > 0:
            raise UnknownBotError(f"time_budget must be positive seconds, got {time_budget!r}")
        if rollout not in ROLLOUTS:
            raise UnknownBotError(f"rollout must be one of {', '.join(ROLLOUTS)}, got {rollout!r}")
        if cutoff_rounds is not None and (not isinstance(cutoff_rounds, int) or cutoff_rounds < 1):
            raise UnknownBotError(f"cutoff_rounds must be a positive integer or None, got {cutoff_rounds!r}")
        self.iterations = iterations
        self.time_budget = time_budget
        self.c = float(c)
        self.rollout = rollout
        self.cutoff_rounds = cutoff_rounds
        self.temperature = float(temperature)
        self.last_search: SearchResult | None = None

    def __repr__(self) -> str:
        return (f"ISMCTSBot(iterations={self.iterations}, time_budget={self.time_budget}, c={self.c}, "
                f"rollout={self.rollout!r}, cutoff_rounds={self.cutoff_rounds}, seed={self.seed})")

    def act(self, state: Any, player: int) -> Any:
        return self.search(state, player).chosen

    # ----- the search
    def search(self, state: Any, player: int | None = None) -> SearchResult:
        """Run one search from ``state`` for ``player`` (default: the player to act); sets ``last_search``."""
        if player is None:
            player = state.current_player()
        rng = self.rng
        roll = ROLLOUTS[self.rollout](rng)
        root = _Node()
        t0 = time.perf_counter()
        deadline = None if self.time_budget is None else t0 + self.time_budget
        stop_round = None if self.cutoff_rounds is None else state.round + self.cutoff_rounds - 1
        n = 0
        while True:
            if self.iterations is not None and n >= self.iterations:
                break
            if deadline is not None and n > 0 and time.perf_counter() >= deadline:
                break
            self._iterate(state, player, root, rng, roll, stop_round)
            n += 1
        secs = time.perf_counter() - t0
        legal = state.legal_actions()
        rows = []
        for a in legal:
            c = root.children.get(a)
            v = c.visits if c else 0
            rows.append({"action": a, "text": state.action_to_string(a), "visits": v,
                         "value": (c.total / c.visits) if c and c.visits else None})
        rows.sort(key=lambda r: (-r["visits"], -(r["value"] or 0.0)))
        chosen = rows[0]["action"]
        self.last_search = SearchResult(player=player, chosen=chosen, chosen_text=rows[0]["text"], iterations=n,
                                        seconds=secs, actions=rows, root=root,
                                        texts={r["action"]: r["text"] for r in rows})
        return self.last_search

    def _iterate(self, state: Any, player: int, root: _Node, rng: Any, roll: Callable, stop_round: int | None) -> None:
        s = state.determinize(player, rng)
        node = root
        path = [root]
        expanded = False
        c = self.c
        while not s.is_terminal() and not expanded:
            if stop_round is not None and s.round > stop_round:
                break
            if s.is_chance_node():
                o = sample_chance(s, rng)
                key = self._chance_key(s, o, player)
                s.apply_action(o)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node(-1, key)
                node = child
                path.append(node)
                continue
            mover = s.current_player()
            acts = s.legal_actions()
            untried = []
            best, best_u = None, -1.0
            for a in acts:
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
                child = node.children[a] = _Node(mover, a)
                s.apply_action(a)
                node = child
                path.append(node)
                expanded = True
            else:
                s.apply_action(best.key)  # type: ignore[union-attr]
                node = best  # type: ignore[assignment]
                path.append(node)
        # rollout
        while not s.is_terminal():
            if stop_round is not None and s.round > stop_round:
                break
            if s.is_chance_node():
                s.apply_action(sample_chance(s, rng))
            else:
                s.apply_action(roll(s))
        rewards = self._rewards(s, player)
        for nd in path[1:]:
            nd.visits += 1
            if nd.mover >= 0:
                nd.total += rewards[nd.mover]

    @staticmethod
    def _chance_key(s: Any, o: Any, player: int) -> Any:
        if o.kind == CARD and s.actor != player:
            return ("card", f"P{s.actor + 1} draws a card")
        if o.kind == PEEK and not (s.uniq[player] & s.game.bit.get("sixth_sense", 0)):
            return ("peek", "someone peeks")
        return o

    def _rewards(self, s: Any, player: int) -> list[float]:
        n = s.game.players
        if s.is_terminal():
            w = s.winners()
            return [1.0 / len(w) if q in w else 0.0 for q in range(n)]
        vals = player_values(s, player)
        m = max(vals)
        ex = [math.exp((v - m) / self.temperature) for v in vals]
        tot = sum(ex)
        return [e / tot for e in ex]


__all__ = ["ROLLOUTS", "ISMCTSBot", "SearchResult", "lite_policy", "random_policy"]
