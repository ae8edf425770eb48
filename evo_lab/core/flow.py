"""The flow template every game runs on: a table of *steps*, a registry of *nodes*, and one short driver.

A game is a sequence of steps (a ``Step`` enum per game: "the climate token", "the next mover", "the end of the
round"). A step's handler does what the rules do alone and either moves on (it sets ``state.step`` to the next
step and returns ``False``) or stops at a *node* (it sets ``state.node`` and returns ``True``). A node is a place
where the game waits: a chance node (outcomes with integer weights) or a decision (a player's legal actions).
Each node names its action kinds, says what the player must do (``verb``), who acts and why an action is not
legal; its ``apply`` applies one action and sets the step to run next. The driver, :meth:`Flow.run`, calls step
handlers until one stops at a node; :meth:`Flow.apply` applies an action at the current node and runs on. Each
game's ``flow.py`` makes one :class:`Flow`, and the modules of its ``phases/`` package register their steps and
nodes on it. A variant is the same flow with some step handlers replaced and some nodes of its own
(:meth:`Flow.variant`). A game whose chance can interrupt any step (Evolution: the cards owed after an
extinction are drawn before play goes on) gives its flow a ``pause``.

>>> from enum import Enum
>>> class Step(str, Enum):
...     ROLL = "roll"
...     WAIT = "wait"
>>> flow = Flow("toy", phases=("play",), wait=Step.WAIT)
>>> class S:
...     node, step, actor, total = "", Step.ROLL, 0, 0
>>> @flow.step(Step.ROLL)
... def _roll(s):
...     s.node = "die"
...     return True
>>> def _die_apply(s, a):
...     s.total += a
...     s.step = Step.ROLL if s.total < 3 else Step.WAIT
>>> _ = flow.add(Node("die", 0, _die_apply, weights=lambda s: ([1, 2], [1, 1]), verb="roll the die"))
>>> s = S(); flow.run(s); s.node, flow.current_player(s), flow.chance_weights(s)
('die', -1, ([1, 2], [1, 1]))
>>> flow.apply(s, 2); flow.apply(s, 1); s.total, s.step is Step.WAIT
(3, True)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from .protocol import CHANCE, TERMINAL

__all__ = ["Flow", "FlowState", "Node", "NodeRow", "StepHandler"]


class FlowState(Protocol):
    """What the driver reads of a state: the node it waits at, the step that runs next, the player to act."""

    @property
    def node(self) -> str: ...

    @property
    def step(self) -> Hashable: ...

    @property
    def actor(self) -> int: ...


S = TypeVar("S", bound=FlowState)
A = TypeVar("A")
#: ``handler(state) -> bool``: run one step; ``True`` when the game stops at a node.
StepHandler = Callable[[Any], bool]


@dataclass(frozen=True)
class Node(Generic[S, A]):
    """A place where the game waits. ``decisions(state)`` (a decision node) or ``weights(state)`` (a chance
    node: outcomes and integer weights); ``apply(state, action)`` applies one of them and sets the next step;
    ``kinds``: the action kinds it takes; ``verb``: what the player must do; ``who``: who acts, in words;
    ``explain(state, action, text)``: why an action of one of those kinds is not legal (``(message, reason)`` or
    ``None``); ``doc``: the rule it stands for; ``variant``: the game id of the variant that adds it (``None``:
    the game's own)."""

    name: str
    phase: int
    apply: Callable[[S, A], None]
    decisions: Callable[[S], list[A]] | None = None
    weights: Callable[[S], tuple[list[A], list[int]]] | None = None
    kinds: frozenset[str] = frozenset()
    verb: str = ""
    who: str = "-"
    explain: Callable[[S, A, str], tuple[str, str] | None] | None = None
    doc: str = ""
    variant: str | None = None

    @property
    def chance(self) -> bool:
        return self.weights is not None


class NodeRow(NamedTuple):
    """One row of :meth:`Flow.table`: a node as the docs list it."""

    phase: str
    node: str
    kind: str
    who: str
    what: str


def _stop(s: object) -> bool:
    return True


class Flow(Generic[S, A]):
    """The steps and nodes of one game (see the module docstring). ``phases``: the phase names in order (a
    node's ``phase`` indexes them); ``terminal``: the node of the end of the game; ``wait``: the step that
    stands while a node resolves (its handler stops at once)."""

    def __init__(
        self,
        game: str,
        phases: Iterable[str],
        *,
        terminal: str = "end",
        wait: Hashable | None = None,
        terminal_phase: int | None = None,
        pause: Callable[[S], bool] | None = None,
    ):
        self.game = game
        self.pause = pause
        self.phases = tuple(phases)
        self.terminal = terminal
        self.wait = wait
        self.nodes: dict[str, Node[S, A]] = {}
        self.steps: dict[Hashable, StepHandler] = {}
        self.chance_nodes: set[str] = set()
        self.decision_nodes: set[str] = set()
        #: ``node -> apply``, ``node -> decisions``, ``node -> weights``: the tables the driver reads (a state
        #: may read them too, on its hot paths)
        self.apply_fns: dict[str, Callable[[S, A], None]] = {}
        self.decision_fns: dict[str, Callable[[S], list[A]]] = {}
        self.weight_fns: dict[str, Callable[[S], tuple[list[A], list[int]]]] = {}
        if wait is not None:
            self.steps[wait] = _stop
        end = len(self.phases) - 1 if terminal_phase is None else terminal_phase
        self.add(
            Node(
                terminal,
                end,
                _game_over,
                decisions=_no_decisions,
                verb="nothing: the game is over",
                doc="the end of the game",
            )
        )

    # ----- building the tables (the phase modules call these at import)
    def add(self, node: Node[S, A]) -> Node[S, A]:
        """Add (or replace) a node."""
        self.nodes[node.name] = node
        self.apply_fns[node.name] = node.apply
        self.chance_nodes.discard(node.name)
        self.decision_nodes.discard(node.name)
        if node.weights is not None:
            self.chance_nodes.add(node.name)
            self.weight_fns[node.name] = node.weights
        elif node.decisions is not None:
            if node.name != self.terminal:
                self.decision_nodes.add(node.name)
            self.decision_fns[node.name] = node.decisions
        return node

    def step(self, step: Hashable) -> Callable[[StepHandler], StepHandler]:
        """Decorator: ``handler(state) -> bool`` runs ``step``; it returns ``True`` when the game stops at a node."""

        def deco(fn: StepHandler) -> StepHandler:
            self.steps[step] = fn
            return fn

        return deco

    def variant(self, game: str, steps: Mapping[Hashable, StepHandler] | None = None) -> Flow[S, A]:
        """A variant's flow (python-chess's ``variant.py`` model: hooks, not a fork): this flow's steps with
        ``steps`` replacing some handlers (a handler added to this flow later is not seen by the variant). The
        node tables are shared: a node the variant adds is marked with ``Node.variant`` (the parent game never
        reaches it, and its tensor leaves it out: :meth:`table`)."""
        v: Flow[S, A] = Flow.__new__(Flow)
        v.game, v.phases, v.terminal, v.wait, v.pause = (
            game,
            self.phases,
            self.terminal,
            self.wait,
            self.pause,
        )
        v.nodes, v.steps = self.nodes, {**self.steps, **(steps or {})}
        v.chance_nodes, v.decision_nodes = self.chance_nodes, self.decision_nodes
        v.apply_fns, v.decision_fns, v.weight_fns = self.apply_fns, self.decision_fns, self.weight_fns
        return v

    # ----- the driver
    def run(self, s: S) -> None:
        """Advance through everything the rules decide alone, up to the next node. With a ``pause`` (a game
        whose chance can interrupt any step: cards owed are drawn first), ``pause(state)`` is asked before each
        step and stops the run at the node it names. The ``wait`` step stops at once."""
        pause, steps, wait = self.pause, self.steps, self.wait
        if pause is None:
            while True:
                step = s.step
                if step is wait or steps[step](s):
                    return
        while not pause(s):
            step = s.step
            if step is wait or steps[step](s):
                return

    def apply(self, s: S, a: A) -> None:
        """Apply ``a`` (already checked legal) at the current node, then run on."""
        self.apply_fns[s.node](s, a)
        pause = self.pause  # the loop of run(), inline: this is every action's path
        if pause is None:
            steps, wait = self.steps, self.wait
            while True:
                step = s.step
                if step is wait or steps[step](s):
                    return
        if pause(s):
            return
        steps, wait = self.steps, self.wait
        while True:
            step = s.step
            if step is wait or steps[step](s) or pause(s):
                return

    # ----- reading a state
    def decisions(self, s: S) -> list[A]:
        """The legal decisions at the current decision node."""
        return self.decision_fns[s.node](s)

    def chance_weights(self, s: S) -> tuple[list[A], list[int]]:
        """Outcomes and integer weights at the current chance node."""
        return self.weight_fns[s.node](s)

    def is_chance(self, s: S) -> bool:
        return s.node in self.chance_nodes

    def current_player(self, s: S) -> int:
        """``CHANCE`` at a chance node, ``TERMINAL`` at the end, else ``state.actor``."""
        node = s.node
        if node in self.chance_nodes:
            return CHANCE
        if node == self.terminal:
            return TERMINAL
        return s.actor

    def verb(self, s: S) -> str:
        """What the player to act must do here, in words."""
        node = self.nodes.get(s.node)
        return node.verb if node is not None else str(s.node)

    def table(self, variant: str | None = None) -> list[NodeRow]:
        """The nodes in phase order as rows for the docs (``variant``: include that variant's own nodes)."""
        rows = []
        for node in sorted(self.nodes.values(), key=lambda n: n.phase):
            if node.variant is not None and node.variant != variant:
                continue
            kind = "chance" if node.chance else ("end" if node.name == self.terminal else "decision")
            rows.append(NodeRow(self.phases[node.phase], node.name, kind, node.who, node.verb or node.doc))
        return rows


def _game_over(s: object, a: object) -> None:  # pragma: no cover - apply_action refuses first
    raise RuntimeError("the game is over")


def _no_decisions(s: object) -> list[Any]:
    return []
