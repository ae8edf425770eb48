"""``OriginState``: one node of the game tree. A thin facade: the rules live in the phase modules.

>>> import evo_lab, numpy as np
>>> s = evo_lab.make_game("origin", players=2, seed=3).new_initial_state()
>>> s.node_name(), s.is_chance_node()
('first', True)
>>> s.apply_action("first P2")
>>> s.node_name(), s.legal_actions()[0]
('deal', Deal(kind='deal', player=1, card=0))
>>> s.game.new_initial_state_dealt(np.random.default_rng(0)).node_name()
'develop'
"""

from __future__ import annotations

import copy

from typing import TYPE_CHECKING
from collections.abc import Iterable

from ...core.errors import FormatError, excerpt
from ...core.game import StateBase
from ...core.protocol import CHANCE, TERMINAL
from . import notation, phases
from .actions import ACTION_CLASSES, as_action
from .flow import FLOW, Step
from .game import OriginGame
from .invariants import check_invariants
from .model import NEVER, OVER, PHASES, SETUP
from .phases import scoring
from .serialize import load_body, state_body

if TYPE_CHECKING:
    import numpy as np

    from .actions import Action, TypedAction
    from .events import Event
    from .model import JSON, JSONObject, Animal, Link

__all__ = ["OriginState", "CHANCE_NODES", "DECISION_NODES"]

#: The chance and decision nodes (the flow's table, :mod:`.flow`; the phase modules register them).
CHANCE_NODES = tuple(n for n in FLOW.nodes if n in FLOW.chance_nodes)
DECISION_NODES = tuple(n for n in FLOW.nodes if n in FLOW.decision_nodes)
_ = phases
_apply = FLOW.apply
_WEIGHTS = FLOW.weight_fns
_DECIDE = FLOW.decision_fns


class OriginState(StateBase):
    """The state. Public reading: ``phase_name()``, ``node_name()``, ``turn``, ``first``, ``bank``, ``animals(p)``,
    ``hand(p)``, ``scores()``, ``events()`` (:meth:`~evo_lab.core.game.StateBase.events`); everything else through
    the game's observer."""

    game_class = OriginGame

    __slots__ = (
        "game",
        "_hist",
        "_origin",
        "_legal",
        "_ev",
        "_ev_mark",
        "names",
        "phase",
        "step",
        "node",
        "mover",
        "turn",
        "first",
        "actor",
        "passed",
        "acted",
        "ate",
        "round_id",
        "bank",
        "deck",
        "deck_n",
        "box",
        "hands",
        "hand_sizes",
        "animal_by_id",
        "rows",
        "links",
        "discard_open",
        "discard_hidden",
        "next_id",
        "attack",
        "pending_shares",
        "pending_effects",
        "owed",
        "deal_to",
        "final_scores",
        "tied",
        "winner",
        "_chance_cache",
    )

    def __init__(self, game: OriginGame) -> None:
        n = game.players
        self.game: OriginGame = game
        self._hist = self._origin = self._legal = self._ev = self._ev_mark = None
        #: the builder's names of animals (``$A`` -> id)
        self.names: dict[str, int] = {}
        #: the phase (an index of ``model.PHASES``), the node the game waits at, the flow's next step and the
        #: player to act there (``CHANCE`` at a chance node)
        self.phase: int = SETUP
        self.node: str = "first"
        self.mover: int = CHANCE
        self.step: Step = Step.WAIT
        #: the turn (1 from the first development phase), the turn's first player, whose development or feeding
        #: turn it is
        self.turn, self.first, self.actor = 0, 0, 0
        self.passed: list[bool] = [False] * n
        #: in the feeding turn of ``actor``: something was done; the turn's eating action was taken
        self.acted = self.ate = False
        #: the feeding round (grows over the game: the usage stamps of ruling O7)
        self.round_id = 0
        #: red tokens in the food bank
        self.bank = 0
        #: copies of each card in the deck, how many in all, copies out of the game
        self.deck: list[int] = list(game.deck0)
        self.deck_n = sum(self.deck)
        self.box: list[int] = [0] * len(self.deck)
        #: per player: copies of each card in hand, and how many in all
        self.hands: list[list[int]] = [[0] * len(self.deck) for _ in range(n)]
        self.hand_sizes: list[int] = [0] * n
        self.animal_by_id: dict[int, Animal] = {}
        #: per player: the ids of their animals, left to right
        self.rows: list[list[int]] = [[] for _ in range(n)]
        self.links: list[Link] = []
        #: per player's discard pile: the trait cards (face up) and the animal cards (face down)
        self.discard_open: list[list[int]] = [[] for _ in range(n)]
        self.discard_hidden: list[list[int]] = [[] for _ in range(n)]
        self.next_id = 1
        #: the open attack ``[attacker, target, running]`` (:mod:`.attack`) or ``None``
        self.attack: list[int] | None = None
        #: the pending paired triggers ``(trait, from animal, to animal)`` (:mod:`.sharing`)
        self.pending_shares: list[tuple[int, int, int]] = []
        #: the queued effects, as ``(effect, player)`` (a scavenger's meal: :mod:`.traits`)
        self.pending_effects: list[Action] = []
        #: while cards are dealt: how many each player is still owed, and who gets the next one
        self.owed: list[int] | None = None
        self.deal_to = -1
        self.final_scores: list[int] | None = None
        #: the players tied on points and discards at the end (the roll-off's), and the winner (-1: shared or none)
        self.tied: list[int] = []
        self.winner = -1
        self._chance_cache: tuple[list[Action], list[int]] | None = None

    if TYPE_CHECKING:  # the base's methods with this game's types (declarations only: no code at run time)

        def legal_actions(self, player: int | None = None) -> list[Action]:
            return super().legal_actions(player)

        def chance_weights(self) -> tuple[list[Action], list[int]]:
            return super().chance_weights()

        def history(self) -> list[Action]:
            return super().history()

        def events(self, last: bool = False) -> list[Event]:
            return super().events(last)

        def observation(self, player: int | None = None) -> JSONObject:
            return super().observation(player)

        def determinize(self, player: int, rng: np.random.Generator) -> OriginState:
            state: OriginState = super().determinize(player, rng)
            return state

        @classmethod
        def from_dict(cls, data: JSON, game: OriginGame | None = None) -> OriginState:
            state: OriginState = super().from_dict(data, game)
            return state

        @classmethod
        def from_json(cls, text: str | bytes, game: OriginGame | None = None) -> OriginState:
            state: OriginState = super().from_json(text, game)
            return state

        @classmethod
        def from_record(cls, data: JSON) -> OriginState:
            state: OriginState = super().from_record(data)
            return state

    # ------------------------------------------------------------ small helpers the rules use
    def stamp(self, scope: str) -> int:
        """The current turn or feeding round, for the usage limits (ruling O7)."""
        return self.turn if scope == "turn" else self.round_id

    # ------------------------------------------------------------ the protocol
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.mover

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def is_chance_node(self) -> bool:
        return self.mover == CHANCE and self.phase != OVER

    def _legal_actions(self) -> list[Action]:
        f = _DECIDE.get(self.node)
        return f(self) if f is not None else []

    def _chance_weights(self) -> tuple[list[Action], list[int]]:
        cached = self._chance_cache
        if cached is None:
            cached = self._chance_cache = _WEIGHTS[self.node](self)
        return cached

    def _apply(self, a: Action) -> None:
        """Apply ``a`` at the current node and run on (:mod:`.flow`)."""
        self._chance_cache = None
        _apply(self, a)

    def apply_action(self, action: Action | str | list[JSON] | tuple[object, ...]) -> None:
        """As :meth:`StateBase.apply_action` (strings too, typed errors, the state untouched on error), with a fast
        path for a typed action that is legal here (no copy of the legal list). A plain tuple or list takes the
        base's path and is recorded as the typed action it equals (:mod:`.actions`)."""
        if type(action) in ACTION_CLASSES and self.phase != OVER:
            legal = self._legal
            if legal is None:
                self.legal_actions()
                legal = self._legal
            if action in legal:
                self._push(action)
                return
        StateBase.apply_action(self, action)

    def explain_illegal(self, a: object) -> tuple[str, str]:
        if self.is_chance_node():
            return f"this is a chance node ({self.node}): apply one of its outcomes, not {a!r}", "chance_node"
        node = FLOW.nodes[self.node]
        why = node.explain(self, a, "") if node.explain is not None else None  # type: ignore[arg-type]
        return why if why is not None else (f"{a!r} is not legal here: {node.verb}", "not_legal")

    def coerce_action(self, a: object) -> object:
        """The typed action (:mod:`.actions`) of an action, a plain tuple or list of an action's shape, or its
        string; anything else as it is (``apply_action`` finds it illegal and says why)."""
        if isinstance(a, str):
            return notation.parse(self.game, a)
        typed = as_action(a)
        return a if typed is None else typed

    def action_to_string(self, a: Action) -> str:
        return notation.to_string(self.game, a)

    def parse_action(self, text: str) -> TypedAction:
        """The typed action (:mod:`.actions`) written ``text``; raises :class:`FormatError`."""
        return notation.parse(self.game, text)

    def describe_action(self, a: Action | str) -> str:
        """``a`` in words (for pickers, stories, the Explorer); :class:`FormatError` if it is no action."""
        typed = as_action(self.coerce_action(a))
        if typed is None:
            raise FormatError(f"not an action of this game: {excerpt(a)}", "action")
        return notation.describe(self, typed)

    def returns(self) -> list[float]:
        return scoring.returns(self)

    def winners(self) -> list[int]:
        return scoring.winners(self)

    def ranking(self) -> list[int]:
        return scoring.ranking(self)

    def current_scores(self) -> list[int]:
        """Points if the game ended now (final scores once it is over)."""
        return list(self.final_scores) if self.final_scores is not None else scoring.scores(self)

    scores = current_scores

    def clone(self) -> OriginState:
        s = OriginState.__new__(OriginState)
        s.game = self.game
        s._hist, s._origin, s._legal, s._ev, s.names = (
            self._hist,
            self._origin,
            self._legal,
            self._ev,
            self.names,
        )
        s._ev_mark = self._ev_mark
        s.phase, s.node, s.mover, s.turn, s.first, s.actor = (
            self.phase,
            self.node,
            self.mover,
            self.turn,
            self.first,
            self.actor,
        )
        s.step = self.step
        s.passed, s.acted, s.ate, s.round_id, s.bank = (
            self.passed[:],
            self.acted,
            self.ate,
            self.round_id,
            self.bank,
        )
        s.deck, s.deck_n, s.box = self.deck[:], self.deck_n, self.box[:]
        s.hands, s.hand_sizes = [h[:] for h in self.hands], self.hand_sizes[:]
        s.animal_by_id = {k: a.copy() for k, a in self.animal_by_id.items()}
        s.rows = [r[:] for r in self.rows]
        s.links = [L.copy() for L in self.links]
        s.discard_open, s.discard_hidden = (
            [d[:] for d in self.discard_open],
            [d[:] for d in self.discard_hidden],
        )
        s.next_id = self.next_id
        s.attack = None if self.attack is None else self.attack[:]
        s.pending_shares, s.pending_effects = self.pending_shares[:], self.pending_effects[:]
        s.owed = None if self.owed is None else self.owed[:]
        s.deal_to, s.final_scores, s.tied, s.winner = (
            self.deal_to,
            self.final_scores,
            self.tied[:],
            self.winner,
        )
        s._chance_cache = self._chance_cache
        return s

    # ------------------------------------------------------------ reading the state
    def phase_name(self) -> str:
        return PHASES[self.phase]

    def node_name(self) -> str:
        return self.node

    def is_last_turn(self) -> bool:
        """Seed: 'After the deck is empty the last turn begins.' (no Hibernation in it, no draw after it)."""
        return self.deck_n == 0 and self.phase not in (SETUP,)

    def animals(self, p: int) -> list[Animal]:
        """Player ``p``'s animals, left to right (live objects: read, do not change)."""
        return [self.animal_by_id[x] for x in self.rows[p]]

    def hand(self, p: int) -> dict[str, int]:
        return {self.game.card_ids[c]: k for c, k in enumerate(self.hands[p]) if k}

    def event_log(self) -> list[str]:
        """Every event since the start (or the loaded position) in words."""
        return [e.text(self.game) for e in self.events()]

    def check_invariants(self) -> None:
        check_invariants(self)

    def stamps_used(self, aid: int) -> dict[str, bool]:
        """Which limited traits animal ``aid`` already used in their current turn/round (for views)."""
        a, o = self.animal_by_id[aid], self.game.options
        return {
            "attack": a.attacked_at == self.turn,
            "piracy": a.pirated_at == self.turn,
            "mimicry": a.mimicked_at == self.turn,
            "grazing": a.grazed_at == self.stamp(o.grazing_limit),
            "hibernated_last_turn": a.hibernated_at == self.turn - 1 and a.hibernated_at != NEVER,
        }

    # ------------------------------------------------------------ JSON and drawing
    def state_dict(self) -> JSONObject:
        return state_body(self)

    @classmethod
    def load_state(cls, game: OriginGame, body: JSON) -> OriginState:
        return load_body(cls, game, copy.deepcopy(body))  # the state owns its lists: the body stays as it was

    def to_svg(
        self, viewer: int | None = None, highlight: Iterable[int] = (), title: str | None = None
    ) -> str:
        """The table as an SVG string (animals with traits and food, the bank, hands as ``viewer`` sees them)."""
        from .svg import draw

        return draw(self, viewer=viewer, highlight=highlight, title=title)

    def __str__(self) -> str:
        from .svg import text_table

        return text_table(self)

    def __repr__(self) -> str:
        return f"<OriginState {self.game.players}p turn {self.turn} {self.phase_name()}:{self.node}>"
