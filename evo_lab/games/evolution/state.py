"""``State``: one node of an Evolution game (OpenSpiel's contract through :class:`~evo_lab.core.game.StateBase`).

A round (seed 003 lines 84-162; seed 004 lines 7-14): **deal** (chance: one card per node) -> **food** (each
player puts one card face down) -> **play** (from the first player, any number of cards each, then ``pass``) ->
reveal (automatic: traits flip, start-of-feeding traits, Climate, plant food) -> **feed** (in turn, one feeding
each) -> end of round (automatic). Extinction draws and Climate events are chance nodes too.

>>> import evo_lab, numpy as np
>>> s = evo_lab.make_game("evolution", players=3, seed=4).new_initial_state_dealt()
>>> s.phase, s.current_player(), len(s.players[0].hand)
('food', 0, 4)
>>> s.apply_action(s.legal_actions()[0]); s.current_player()
1
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.errors import IllegalActionError, excerpt
from ...core.game import StateBase
from ...core.protocol import CHANCE, TERMINAL
from . import phases
from .actions import Action as TypedAction
from .actions import as_action
from .events import Event
from .flow import FLOW, PHASES, Step, settle
from .model import Player, Species
from .notation import describe, parse, to_string
from .phases import climate as clim
from .phases.deal import deal_round, queue_draws, setup_deck
from .phases.scoring import score, tiebreak, winners
from .table import JSON, Action

if TYPE_CHECKING:
    from .game import Game
    from .rules import RuleOptions

__all__ = ["PHASES", "State"]

_ = phases
_apply = FLOW.apply
_WEIGHTS = FLOW.weight_fns
_DECIDE = FLOW.decision_fns


class State(StateBase):
    """One position. Public fields: ``players`` (:class:`~.model.Player`), ``watering_hole`` (plant food on it), ``first``,
    ``phase``, ``turn``, ``round``, ``final`` (1: this is the last round; 2: one more round after this),
    ``left`` (cards left in the draw pile), ``discards`` (counts per card kind), ``pending`` (draws owed),
    ``asking`` (before eating, ruling R20: the species of the player to act whose Intelligence it may use; -2
    while the window waits for draws owed; else -1).
    ``events()`` lists what the rules did (:mod:`~.events`); ``step`` and ``node``: where the flow is
    (:mod:`.flow`)."""

    __slots__ = (
        "_chance_cache",
        "_ev",
        "_ev_mark",
        "_hist",
        "_legal",
        "_origin",
        "asking",
        "climate_pos",
        "discards",
        "done_feeding",
        "end_deck",
        "new_events",
        "event_pool",
        "event_used",
        "events_in_play",
        "final",
        "find_feeder",
        "first",
        "game",
        "gone",
        "intel",
        "left",
        "node",
        "options",
        "pending",
        "pending_events",
        "phase",
        "players",
        "pool",
        "round",
        "step",
        "turn",
        "watering_hole",
    )

    game: Game
    options: RuleOptions
    players: list[Player[int]]
    #: plant food on the watering hole
    watering_hole: int
    first: int
    round: int
    final: int
    phase: str
    turn: int
    #: bit mask of the players done feeding this round (position key ``out``)
    done_feeding: int
    #: whether the feeding looks for the next feeder before it asks anyone (the step ``FEEDING`` is due;
    #: position key ``seek``)
    find_feeder: bool
    #: the Intelligence feeding waiting for its card (node ``discard``), or ``None``
    intel: Action | None
    asking: int
    #: draws owed, oldest first: ``[player, cards]``
    pending: list[list[int]]
    #: unseen cards per kind (the draw pile, cards removed unseen, Climate's end-game deck)
    pool: list[int]
    left: int
    #: cards of Climate's end-game deck not yet in the draw pile
    end_deck: int
    #: cards out of the game (removed unseen at setup, then reshuffled away)
    gone: int
    discards: list[int]
    climate_pos: int
    #: event cards left per event (index into the pack's events)
    event_pool: list[int]
    #: ``deck -> event index`` under each region ("cold", "hot"; -1: none)
    events_in_play: dict[str, int]
    #: the event deck whose card struck this round ("" when none)
    event_used: str
    #: event decks that owe a card (chance nodes ``event``)
    pending_events: list[str]
    #: the events of the action being applied (:meth:`events` keeps them)
    new_events: list[Event]
    step: Step
    node: str
    _chance_cache: tuple[list[Action], list[int]] | None

    def __init__(self, game: Game, deal: bool = True):
        self.game = game
        self.options = game.options
        self._hist = self._origin = self._legal = self._chance_cache = self._ev = self._ev_mark = None
        self.new_events = []
        self.step, self.node = Step.WAIT, "draw"
        if not deal:
            return
        o = game.options
        self.players = [Player([Species(o.new_body, o.new_pop)]) for _ in range(game.players)]
        self.watering_hole, self.first, self.round, self.final = 0, 0, 1, 0
        self.phase, self.turn, self.done_feeding, self.find_feeder, self.intel, self.asking = (
            "deal",
            -1,
            0,
            False,
            None,
            -1,
        )
        self.pending = []
        setup_deck(self)
        self.climate_pos, self.event_pool, self.events_in_play, self.event_used = 0, [], {}, ""
        self.pending_events = []
        if o.climate:
            clim.setup_climate(self)
        deal_round(self)
        self.step = Step.FOOD_CARDS
        FLOW.run(self)
        self._log_events()

    # ----- the table protocol the rules modules use
    def give_cards(self, p: int, n: int) -> None:
        queue_draws(self, p, n)

    def discard(self, kind: int) -> None:
        if kind >= 0:
            self.discards[kind] += 1

    # ----- OpenSpiel contract
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.pending or self.pending_events:
            return CHANCE
        return self.turn

    def is_chance_node(self) -> bool:
        return self.phase != "over" and bool(self.pending or self.pending_events)

    def is_terminal(self) -> bool:
        return self.phase == "over"

    @property
    def actor(self) -> int:
        """The player to act at a decision (the flow's :class:`~evo_lab.core.flow.FlowState`)."""
        return self.turn

    def node_name(self) -> str:
        """Where the game waits (:mod:`.flow`): ``draw``, ``event``, ``food``, ``play``, ``feed``, ``discard``,
        ``end``."""
        return self.node

    def phase_name(self) -> str:
        return self.phase

    def _chance_weights(self) -> tuple[list[Action], list[int]]:
        c = self._chance_cache
        if c is None:
            c = self._chance_cache = _WEIGHTS[self.node](self)
        return c

    def chance_weights(self) -> tuple[list[Action], list[int]]:
        """As :meth:`StateBase.chance_weights` (samplers call it at every card drawn), its checks inline."""
        if self.phase != "over" and (self.pending or self.pending_events):
            return self._chance_weights()
        return StateBase.chance_weights(self)  # not a chance node: the base class raises

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """As :meth:`StateBase.legal_actions` (a copy of the list cached on the state), its checks inline."""
        if player is not None:
            return StateBase.legal_actions(self, player)
        legal: list[Action] | None = self._legal
        if legal is None:
            if self.phase == "over":
                legal = []
            elif self.pending or self.pending_events:
                legal = list(self._chance_weights()[0])
            else:
                decide = _DECIDE.get(self.node)
                legal = decide(self) if decide is not None else []
            self._legal = legal
        return list(legal)

    def apply_action(self, action: object) -> None:
        """As :meth:`StateBase.apply_action`, with two constant-time paths that check the same thing: a card
        draw (the card is in the pool), and an action found in the legal actions already listed for this state
        (``_legal``, what a player or a bot just read with :meth:`legal_actions`). Anything else, illegal input
        included, goes through the base class (its checks and its typed errors)."""
        if isinstance(action, tuple):
            if (
                len(action) == 2
                and action[0] == "card"
                and self.pending
                and not self.pending_events
                and self.phase != "over"
            ):
                k = action[1]
                if type(k) is int and 0 <= k < len(self.pool) and self.pool[k] > 0:
                    self._push(self.game.card_outcomes[k])  # typed, for the record
                    return
            legal = self._legal
            if legal is not None:
                try:
                    found = action in legal
                except TypeError:  # unhashable junk: the base class says why it is illegal
                    found = False
                if found:  # the listed (typed) action goes on the record, not an equal plain tuple
                    self._push(legal[legal.index(action)] if type(action) is tuple else action)
                    return
        StateBase.apply_action(self, action)

    def _legal_actions(self) -> list[Action]:
        f = _DECIDE.get(self.node)
        return f(self) if f is not None else []

    def _apply(self, a: Action) -> None:
        """Apply ``a`` at the current node and run on (:mod:`.flow`)."""
        self.new_events = []
        self._chance_cache = None
        _apply(self, a)
        if self.new_events:
            self._log_events()

    def _log_events(self) -> None:
        """The rules write their events on ``new_events`` (the table protocol, shared with the course harness); the
        state's log (:meth:`events`) keeps them."""
        for e in self.new_events:
            self._ev = (self._ev, e)

    # ----- results
    def scores(self) -> list[int]:
        rule = "course" if self.options.scoring == "course" else "official"
        return [score(p, rule) for p in self.players]

    def tiebreaks(self) -> list[tuple[int, int, int]]:
        return [
            tiebreak(p, "course" if self.options.scoring == "course" else "official") for p in self.players
        ]

    def winners(self) -> list[int]:
        return winners(self.players, "course" if self.options.scoring == "course" else "official")

    def returns(self) -> list[float]:
        """1/k to each of k winners at the end (ties broken by seed 003 line 182), 0 otherwise."""
        n = len(self.players)
        if not self.is_terminal():
            return [0.0] * n
        w = self.winners()
        return [1.0 / len(w) if p in w else 0.0 for p in range(n)]

    def attack_report(self, i: int, p: int | None = None) -> list[tuple[int, int, str | None]]:
        """For species ``i`` of player ``p`` (default: the player to act): every other species on the table as
        ``(player, species, blocker)``, where ``blocker`` names what stops the attack (a trait, ``"body-size"``,
        ``"not-carnivore"``, ``"own-species"``) or is ``None`` when the attack is possible (the kit's
        feasibility view). These are the plain rules: what the attacker's Intelligence could disable (a blocking
        trait, the prey's Horns, Scavenger: seed 004 line 71) is in the legal actions (``attack ... negate t``)."""
        from .attack import blocker

        p = self.turn if p is None else p
        att = self.players[p].species[i]
        out: list[tuple[int, int, str | None]] = []
        for q, pl in enumerate(self.players):
            row = pl.species
            for j, d in enumerate(row):
                if q == p and j == i:
                    continue
                if q == p and not self.options.attack_own:
                    out.append((q, j, "own-species"))
                    continue
                left = row[j - 1] if j else None
                right = row[j + 1] if j + 1 < len(row) else None
                out.append((q, j, blocker(att, d, left, right, self.options)))
        return out

    # ----- notation
    def action_to_string(self, a: Action) -> str:
        return to_string(self.game, a)

    def parse_action(self, text: str) -> TypedAction:
        """The typed action (:mod:`.actions`) written ``text``; raises :class:`FormatError`."""
        return parse(self.game, text)

    def describe_action(self, a: Action | str | list[object]) -> str:
        """``a`` in words (e.g. "P1's species 1 attacks P2's species 1")."""
        a = self.coerce_action(a)
        return describe(self.game, self, a)

    def coerce_action(self, action: object) -> TypedAction:
        """The typed action (:mod:`.actions`) of an action (typed or a plain tuple: they are equal), its string or
        a list; anything without an action's shape raises :class:`IllegalActionError` saying why."""
        if isinstance(action, str):
            return self.parse_action(action)
        a = as_action(action)
        if a is None:
            try:
                msg, reason = self.explain_illegal(action)
            except Exception:  # noqa: BLE001 - junk arguments must still give a typed error
                msg, reason = f"not an action of this game: {excerpt(action)}", "not_an_action"
            raise IllegalActionError(msg, reason, action)
        return a

    def explain_illegal(self, a: object) -> tuple[str, str]:
        from .explain import explain

        return explain(self, a)

    # ----- copies and positions
    def clone(self) -> State:
        c = State.__new__(State)
        c.game, c.options = self.game, self.options
        c._hist, c._origin, c._legal, c._chance_cache = (
            self._hist,
            self._origin,
            self._legal,
            self._chance_cache,
        )
        c._ev, c._ev_mark = self._ev, self._ev_mark
        c.players = [p.copy() for p in self.players]
        c.watering_hole, c.first, c.phase, c.turn, c.round, c.final = (
            self.watering_hole,
            self.first,
            self.phase,
            self.turn,
            self.round,
            self.final,
        )
        c.pool, c.left, c.end_deck, c.discards = self.pool[:], self.left, self.end_deck, self.discards[:]
        c.gone = self.gone
        c.pending = [x[:] for x in self.pending]
        c.done_feeding, c.find_feeder, c.intel, c.asking, c.new_events = (
            self.done_feeding,
            self.find_feeder,
            self.intel,
            self.asking,
            [],
        )
        c.climate_pos, c.event_pool, c.events_in_play = (
            self.climate_pos,
            self.event_pool[:],
            dict(self.events_in_play),
        )
        c.event_used, c.pending_events = self.event_used, self.pending_events[:]
        c.step, c.node = self.step, self.node
        return c

    def state_dict(self) -> dict[str, JSON]:
        d: dict[str, JSON] = {
            "players": [p.to_list() for p in self.players],
            "wh": self.watering_hole,
            "first": self.first,
            "phase": self.phase,
            "turn": self.turn,
            "round": self.round,
            "final": self.final,
            "pool": self.pool[:],
            "left": self.left,
            "gone": self.gone,
            "end_deck": self.end_deck,
            "discards": self.discards[:],
            "pending": [x[:] for x in self.pending],
            "out": self.done_feeding,
            "seek": self.find_feeder,
            "intel": list(self.intel) if self.intel is not None else None,
        }
        if self.asking != -1:
            d["asking"] = self.asking
        if self.options.climate:
            d["climate"] = {
                "pos": self.climate_pos,
                "pool": self.event_pool[:],
                "in_play": dict(self.events_in_play),
                "used": self.event_used,
                "pending": self.pending_events[:],
            }
        return d

    @classmethod
    def load_state(cls, game: Game, body: object, version: int | None = None) -> State:
        """A position body (``version`` 1 has the same layout: no before-eating window)."""
        from .positions import load_body

        s = load_body(cls(game, deal=False), body)
        settle(s)
        return s

    def check_invariants(self) -> None:
        from .invariants import check

        check(self)

    def to_svg(self, viewer: int | None = None) -> str:
        from .svg import draw_state

        return draw_state(self, viewer)

    def __str__(self) -> str:
        """The position in words (:func:`~.words.state_text`)."""
        from .words import state_text

        return state_text(self)

    def __repr__(self) -> str:
        return f"<Evolution {self.options.variant} round {self.round} {self.node_name()} P{self.turn + 1} watering_hole={self.watering_hole}>"
