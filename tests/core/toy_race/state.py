"""A toy race position: a few fields, the core's StateBase, and the flow."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evo_lab.core.errors import FormatError
from evo_lab.core.game import StateBase

from . import notation, phases
from .events import Event
from .flow import FLOW, PHASES, Step
from .notation import Action

if TYPE_CHECKING:
    from .game import Game

__all__ = ["State"]

_ = phases


class State(StateBase["Game", Action, Event]):
    """One position of the toy race (see the package docstring)."""

    __slots__ = (
        "_ev",
        "_ev_mark",
        "_hist",
        "_legal",
        "_origin",
        "actor",
        "cards",
        "game",
        "node",
        "phase",
        "pos",
        "roll",
        "step",
        "used",
        "winner",
    )

    def __init__(self, game: Game, _empty: bool = False):
        n = game.players
        self.game = game
        self._hist = self._origin = self._legal = self._ev = self._ev_mark = None
        self.phase, self.step, self.node, self.actor = 0, Step.DEAL, "deal", 0
        self.cards: list[int] = []
        self.used, self.pos, self.roll, self.winner = [False] * n, [0] * n, 0, -1
        if not _empty:
            FLOW.run(self)

    # ----- the flow
    def current_player(self) -> int:
        return FLOW.current_player(self)

    def is_chance_node(self) -> bool:
        return self.node in FLOW.chance_nodes

    def is_terminal(self) -> bool:
        return self.node == "end"

    def _legal_actions(self) -> list[Action]:
        return FLOW.decisions(self)

    def _chance_weights(self) -> tuple[list[Action], list[int]]:
        return FLOW.chance_weights(self)

    def _apply(self, a: Action) -> None:
        FLOW.apply(self, a)

    def explain_illegal(self, a: object) -> tuple[str, str]:
        node = FLOW.nodes[self.node]
        if node.chance:
            return f"this is a chance node ({self.node}): apply one of its outcomes", "chance_node"
        why = (
            node.explain(self, a, "")  # type: ignore[arg-type]  # a tuple of the node's kinds: checked by explain
            if node.explain is not None and isinstance(a, tuple) and a
            else None
        )
        return why or (f"{a!r} is not possible now: {node.verb}", "not_legal")

    def node_name(self) -> str:
        return self.node

    def phase_name(self) -> str:
        return PHASES[self.phase]

    def returns(self) -> list[float]:
        return [float(p == self.winner) for p in range(self.game.players)]

    def winners(self) -> list[int]:
        return [self.winner] if self.winner >= 0 else []

    def clone(self) -> State:
        s = State.__new__(State)
        s.game, s._hist, s._origin, s._legal = self.game, self._hist, self._origin, self._legal
        s._ev, s._ev_mark = self._ev, self._ev_mark
        s.phase, s.step, s.node, s.actor = self.phase, self.step, self.node, self.actor
        s.cards, s.used, s.pos = self.cards[:], self.used[:], self.pos[:]
        s.roll, s.winner = self.roll, self.winner
        return s

    # ----- words
    def action_to_string(self, a: Action) -> str:
        return notation.to_string(a)

    def parse_action(self, text: str) -> Action:
        return notation.parse(text)

    def describe_action(self, a: object) -> str:
        return self.action_to_string(self.coerce_action(a))  # type: ignore[arg-type]  # junk: to_string raises

    def coerce_action(self, a: object) -> object:
        return self.parse_action(a) if isinstance(a, str) else a

    def check_invariants(self) -> None:
        assert len(self.cards) <= self.game.players and all(0 <= c <= 2 for c in self.cards)
        assert (self.node == "end") == (self.winner >= 0)

    def to_svg(self, viewer: int | None = None) -> str:
        cells = "".join(
            f"<text x='10' y='{20 + 20 * p}'>P{p + 1}: {x}</text>" for p, x in enumerate(self.pos)
        )
        return f"<svg xmlns='http://www.w3.org/2000/svg' width='200' height='100'>{cells}</svg>"

    # ----- positions
    def state_dict(self) -> dict[str, object]:
        return {
            "phase": self.phase,
            "step": self.step.value,
            "node": self.node,
            "actor": self.actor,
            "cards": self.cards[:],
            "used": self.used[:],
            "pos": self.pos[:],
            "roll": self.roll,
            "winner": self.winner,
        }

    @classmethod
    def load_state(cls, game: Game, body: object) -> State:
        if not isinstance(body, dict):
            raise FormatError("must be an object", "state")
        s = cls(game, _empty=True)
        try:
            s.phase, s.step, s.node, s.actor = body["phase"], Step(body["step"]), body["node"], body["actor"]
            s.cards, s.used, s.pos = list(body["cards"]), list(body["used"]), list(body["pos"])
            s.roll, s.winner = body["roll"], body["winner"]
        except (KeyError, ValueError, TypeError) as e:
            raise FormatError(f"unreadable: {e}", "state") from None
        if s.node not in FLOW.nodes:
            raise FormatError(f"unknown node {s.node!r}", "state.node")
        return s


def _game_class() -> None:
    from .game import Game

    State.game_class = Game  # type: ignore[attr-defined]


_game_class()
