"""``State``: one node of an Evo 2e game tree, a thin facade over the rules modules.

The state holds the position as a handful of flat fields (``__slots__``, so ``clone`` is a few list copies);
what the rules do lives elsewhere: the flow and its steps in :mod:`.flow` and :mod:`.phases`, the genes in
:mod:`.genes`, the cards in :mod:`.cards`, what a player sees in :mod:`.observer`, action strings in
:mod:`.notation`, positions and records in :mod:`.records`, building positions in :mod:`.builder`.

The state advances by itself through everything the rules decide alone and stops at the next
decision (``current_player() >= 0``), chance node (``CHANCE``) or the end (``TERMINAL``).

>>> import numpy as np, evo_lab
>>> s = evo_lab.Game(players=4).new_initial_state()
>>> s.node_name()
'exclude'
>>> sum(p for _, p in s.chance_outcomes())
Fraction(1, 1)
>>> rng = np.random.default_rng(3)
>>> while s.is_chance_node():
...     s.apply_action(evo_lab.sample_chance(s, rng))
>>> s.phase_name(), s.round
('mutation', 1)
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any
from collections.abc import Iterable

from ...core.errors import IllegalActionError, excerpt
from ...core.game import StateBase
from ...core.protocol import CHANCE, TERMINAL
from . import flow, genes, notation, phases, records, rules
from .actions import Action
from .events import Event
from .jsontypes import JSONDict
from .flow import CHANCE_NODES, PHASES, Step
from .game import Game
from .observer import View, auction_view

if TYPE_CHECKING:
    from .position import Position

__all__ = ["State"]

_WEIGHTS = flow.FLOW.weight_fns
_DECIDE = flow.FLOW.decision_fns
_apply = flow.apply


class State(StateBase):
    """A position of Evo 2e. Build one with ``Game.new_initial_state()`` or :func:`evo_lab.build_position`."""

    __slots__ = (
        ("game", "_hist", "_legal", "_origin", "_ev", "_ev_mark")
        + tuple(records.attribute(f) for f in records.LIST_FIELDS)
        + tuple(records.attribute(f) for f in records.SCALAR_FIELDS)
    )
    game_class = Game

    # ----- the fields (docs/engine.md; ``records`` stores each under its name). Per space or per player lists:
    game: Game
    occupants: list[int]  #: the player on each space (-1: empty); position files: ``occ``
    count: list[int]  #: dinosaurs of each player on the board
    mp: list[int]  #: mutation points of each player
    genes: list[int]  #: normal genes won, ``n_normal`` per player
    unique_bits: list[int]  #: unique genes of each player, one bit per unique gene; position files: ``uniq``
    bag: list[int]  #: gene tokens in the bag, per gene
    deck: list[int]  #: event cards in the deck, per card
    discard: list[int]  #: event cards discarded, per card
    tokens_left: list[int]  #: climate tokens not yet revealed, per token kind
    lots: list[int]  #: the auction's lots: a gene index, -2 the event card, -1 nothing
    bids: list[tuple[int, int] | None]  #: per lot, (player, bid) of its marker or None
    holding: list[int]  #: the lot each player's marker stands on (-1: none)
    to_bid: list[int]  #: the players still to place a marker, in bidding order
    paid: list[int]  #: what each player paid in this auction
    # ----- where the game is
    phase: int  #: index into ``flow.PHASES``
    round: int
    step: Step  #: the step that runs next (the flow's table)
    node: str  #: the node the game waits at ("end" at the end)
    actor: int  #: the player to decide at a decision node
    #: the pending facts of the node: (src, dst) of a fight, (src, dst, attacker, escape spaces) of a chameleon
    #: escape, (space, player) of a newborn; () when nothing is pending
    pending: tuple[Any, ...]
    hands: tuple[tuple[int, ...], ...]  #: event cards in each player's hand (card indices)
    excluded: tuple[int, ...]  #: unique genes left out of the bag at setup
    section: int  #: the climate wheel's section
    revealed: tuple[int, ...]  #: climate tokens revealed so far (token kind indices)
    next_token: int | None  #: the next climate token when sixth sense fixed it, else None
    order: tuple[int, ...]  #: the initiative track, first player first
    displaced: int  #: the player whose marker was displaced in the auction (-1: none)
    banned: int  #: the lot the displaced player may not bid on again (-1: none)
    mover: int  #: index into ``order`` of the player moving (movement phase)
    mp_left: int  #: the mover's movement points left
    wings_used: bool
    flippers_used: bool
    frenzy: tuple[int, ...]  #: attack horns each player gained from Frenzied attack this movement phase
    egg_round: int  #: the birth phase's round of eggs
    birth_index: int  #: index into ``order`` of the player laying eggs
    window: tuple[int, ...]  #: the players a card window still asks, in order
    survival_index: int  #: index into ``order`` of the player whose dinosaurs face the climate
    geysers: int  #: the players whose Geysers are in force this survival phase, a bit per player
    prescience_shift: int  #: the wheel shift chosen with Prescience (0: none)
    last: Event | tuple[()]  #: the newest event (``()`` before the first)
    log: tuple[Event, ...]  #: the events of the last action, oldest first
    prescience_played: bool

    def __init__(self, game: Game, _empty: bool = False):
        self.game = game
        self._hist = None
        self._legal: list[Action] | None = None
        self._origin = None
        self._ev = self._ev_mark = None
        if not _empty:
            phases.setup.init_state(self)
            flow.run(self)

    # ================================================================== the OpenSpiel-style contract
    def current_player(self) -> int:
        """The player to decide, ``CHANCE`` (-1) at chance nodes, ``TERMINAL`` (-4) at the end."""
        node = self.node
        if node in CHANCE_NODES:
            return CHANCE
        return TERMINAL if node == "end" else self.actor

    def is_chance_node(self) -> bool:
        return self.node in CHANCE_NODES

    def is_terminal(self) -> bool:
        return self.node == "end"

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Legal actions at a decision node (chance outcomes at a chance node; [] at the end). With ``player``
        given, [] unless that player is to act."""
        if player is not None and player != self.current_player():
            return []
        legal = self._legal
        if legal is None:
            node = self.node
            if node in _WEIGHTS:
                legal = self._legal = _WEIGHTS[node](self)[0]
            else:
                legal = self._legal = _DECIDE[node](self)
        return list(legal)

    def _legal_actions(self) -> list[Action]:
        return flow.decisions(self)

    def _chance_weights(self) -> tuple[list[Action], list[int]]:
        outs, w = flow.chance_weights(self)
        self._legal = outs
        return outs, w

    def chance_weights(self) -> tuple[list[Action], list[int]]:
        """Outcomes and integer weights of this chance node (do not modify the lists)."""
        f = _WEIGHTS.get(self.node)
        if f is None:
            raise IllegalActionError(f"not a chance node: {self.node} for P{self.actor + 1}", "not_chance")
        outs, w = f(self)
        self._legal = outs
        return outs, w

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """Outcomes of the chance node with exact probabilities that sum to exactly 1."""
        outs, w = self.chance_weights()
        total = sum(w)
        return [(o, Fraction(x, total)) for o, x in zip(outs, w)]

    def coerce_action(self, action: object) -> Action:
        """An :class:`Action` from an action, its string or a plain tuple; anything else is an
        :class:`IllegalActionError` (``not_an_action``)."""
        if isinstance(action, Action):
            return action
        if isinstance(action, str):
            return self.parse_action(action)
        try:
            if not (isinstance(action, tuple) and action and isinstance(action[0], str)):
                raise TypeError
            action = Action(*action)
        except TypeError:
            raise IllegalActionError(f"not an action: {excerpt(action)}", "not_an_action", action) from None
        return action

    def apply_action(self, action: Action | str) -> None:
        """Apply a decision or chance outcome (an :class:`Action` or its string). Illegal input raises
        :class:`IllegalActionError` saying why, and the state is left exactly as it was."""
        if action.__class__ is not Action:
            action = self.coerce_action(action)
        if self.node == "end":
            raise IllegalActionError("the game is over", "game_over", action)
        legal = self._legal if self._legal is not None else self.legal_actions()
        if action not in legal:
            if not all(isinstance(x, int) and not isinstance(x, bool) for x in action[1:]):
                raise IllegalActionError(f"not an action: {excerpt(action)}", "not_an_action", action)
            try:
                msg, reason = self.explain_illegal(action)
            except (TypeError, IndexError, AttributeError):  # arguments of the wrong type or out of range
                msg, reason = f"not a legal action here: {excerpt(action)}", "not_legal"
            raise IllegalActionError(msg, reason, action)
        self._hist = (self._hist, action)
        self._legal = None
        self._ev_mark = self._ev
        _apply(self, action)

    def _apply(self, action: Action) -> None:
        _apply(self, action)

    def explain_illegal(self, action: Action) -> tuple[str, str]:
        return flow.explain(self, action)

    def returns(self) -> list[int]:
        """MP per player (final at the end of the game)."""
        return list(self.mp)

    def rewards(self) -> list[int]:
        return [0] * self.game.players

    def ranking(self) -> list[int]:
        """Place of each player (1 = first) by MP, then dinosaurs on the board; equal places are a draw."""
        return rules.ranking(self.mp, self.count)

    def winners(self) -> list[int]:
        return [p for p, x in enumerate(self.ranking()) if x == 1]

    def clone(self) -> State:
        s = State.__new__(State)
        s.game, s._hist, s._legal, s._origin = self.game, self._hist, self._legal, self._origin
        s._ev, s._ev_mark, s.occupants, s.count = self._ev, self._ev_mark, self.occupants[:], self.count[:]
        s.mp, s.genes, s.unique_bits, s.bag = self.mp[:], self.genes[:], self.unique_bits[:], self.bag[:]
        s.deck, s.discard, s.tokens_left = self.deck[:], self.discard[:], self.tokens_left[:]
        s.lots, s.bids, s.holding, s.to_bid = self.lots[:], self.bids[:], self.holding[:], self.to_bid[:]
        s.paid, s.phase, s.round, s.step, s.node = self.paid[:], self.phase, self.round, self.step, self.node
        s.actor, s.pending, s.hands, s.excluded = self.actor, self.pending, self.hands, self.excluded
        s.section, s.revealed, s.next_token = self.section, self.revealed, self.next_token
        s.order, s.displaced, s.banned, s.mover = self.order, self.displaced, self.banned, self.mover
        s.mp_left, s.wings_used, s.flippers_used = self.mp_left, self.wings_used, self.flippers_used
        s.frenzy, s.egg_round, s.birth_index = self.frenzy, self.egg_round, self.birth_index
        s.window, s.survival_index, s.geysers = self.window, self.survival_index, self.geysers
        s.prescience_shift, s.last, s.log = self.prescience_shift, self.last, self.log
        s.prescience_played = self.prescience_played
        return s

    __copy__ = clone

    # ================================================================== readable views
    def node_name(self) -> str:
        """What the state waits for: a chance node name, a decision name, or 'end'."""
        return self.node

    def phase_name(self) -> str:
        return PHASES[self.phase]

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def starting_player(self) -> int:
        return self.order[0] if self.order else -1

    def dinosaurs(self, player: int) -> list[int]:
        """Space ids of ``player``'s dinosaurs on the board."""
        return [i for i, o in enumerate(self.occupants) if o == player]

    def occupant(self, space: int) -> int:
        return self.occupants[space]

    def gene_counts(self, player: int) -> dict[str, int]:
        """Normal genes won so far (``{"legs": 1, "horn": 0, ...}``)."""
        g = self.game
        base = g.n_normal * player
        return {gid: self.genes[base + i] for i, gid in enumerate(g.gene_ids[: g.n_normal])}

    def unique_genes(self, player: int) -> list[str]:
        g = self.game
        return [gid for gid in g.unique_ids if self.unique_bits[player] & g.bit[gid]]

    def has(self, player: int, gene: str) -> bool:
        return genes.has(self, player, gene)

    def hand(self, player: int) -> list[str]:
        return [self.game.card_ids[c] for c in self.hands[player]]

    def movement_points(self, player: int) -> int:
        return genes.movement_points(self, player)

    def eggs(self, player: int) -> int:
        return genes.eggs(self, player)

    def vials(self, player: int) -> int:
        """The MP discount on bids (alchemical vials)."""
        return genes.discount(self, player)

    def attack_strength(self, player: int) -> int:
        return genes.attack_strength(self, player)

    def defence_strength(self, player: int) -> int:
        return genes.defence_strength(self, player)

    def floor(self, player: int) -> int:
        return genes.floor(self, player)

    def is_protected(self, player: int) -> bool:
        """A clan that may not be attacked: 2 dinosaurs on the board, 3 with regeneration."""
        return self.count[player] <= genes.floor(self, player)

    def frenzied(self, player: int) -> int:
        """Extra attack horns from the cards ``player`` played this movement phase (Frenzied attack)."""
        return self.frenzy[player]

    def attack_probability(self, attacker_space: int, defender_space: int) -> Fraction:
        """Exact chance that the dinosaur on ``attacker_space`` beats the one on ``defender_space``."""
        return phases.movement.attack_probability(self, attacker_space, defender_space)

    def terrain_states(self, section: int | None = None) -> dict[str, str]:
        """Climate state of each terrain now (or for ``section``): ``{"desert": "hot", ...}``."""
        g = self.game
        codes = g.section_codes[self.section if section is None else section % g.n_sections]
        return {t: rules.CLIMATE_STATE_NAMES[c] for t, c in zip(g.data.terrains, codes)}

    def space_state(self, space: int) -> str:
        g = self.game
        return rules.CLIMATE_STATE_NAMES[g.section_codes[self.section][g.space_terrain[space]]]

    def pile_position(self) -> int:
        """How many climate tokens have been revealed (not counting the meteorite)."""
        return len(self.revealed)

    def auction(self) -> View:
        """The biology lab: lots (gene or event card), markers with bids, who bids now, prices."""
        return auction_view(self)

    def survival_groups(self, p: int, section: int | None = None) -> tuple[list[list[int]], list[int], int]:
        """(spaces of ``p``'s dinosaurs on hot/cold/deadly terrain, how many of each may survive, deaths due)."""
        return phases.survival.survival_groups(self, p, section)

    def survival_allowance(self, p: int, cards: bool = True) -> list[int]:
        """How many of ``p``'s dinosaurs may survive on hot, cold and deadly terrain (``cards``: with the event
        cards played this phase, e.g. Geysers)."""
        return genes.survival_allowance(self, p, cards)

    def check_invariants(self) -> None:
        """Assert every invariant of the position (:func:`evo_lab.games.evo2e.fuzz.check_state`)."""
        from .invariants import check_state

        check_state(self)

    def check_loaded_invariants(self) -> None:
        """The invariants a loaded position must hold: all of them, except that a what-if position of the
        theory may hold fewer gene tokens than the pack."""
        from .invariants import check_state

        check_state(self, what_if=True)

    # ================================================================== strings
    def action_to_string(self, a: Action) -> str:
        """The readable, parseable form of ``a`` (space labels, gene and card ids)."""
        return notation.to_string(self.game, a)

    def parse_action(self, text: str) -> Action:
        """Read an action string (as written by :meth:`action_to_string`). Raises :class:`FormatError`."""
        return notation.parse(self.game, text)

    def describe_action(self, a: Action) -> str:
        """The action in words, for action pickers and stories."""
        return notation.describe(self, a)

    def position(self) -> Position:
        """This position as a :class:`~evo_lab.games.evo2e.position.Position` (what the builder takes)."""
        from .position import Position

        return Position.from_state(self)

    def position_text(self) -> str:
        """The compact text form of this position (``evo_lab.Position.parse`` reads it back)."""
        return self.position().text()

    def __str__(self) -> str:
        return notation.state_text(self)

    def __repr__(self) -> str:
        who = self.actor + 1 if self.actor >= 0 else "-"
        return f"<State round {self.round} {self.phase_name()} {self.node} P{who}>"

    def to_svg(self, highlight: Iterable[int] | dict[int, str] | None = None, **kw: Any) -> str:
        """The board with the dinosaurs and the current climate."""
        occupants = {i: o for i, o in enumerate(self.occupants) if o >= 0}
        return self.game.board.to_svg(
            occupants=occupants,
            highlight=highlight,
            climate=self.terrain_states(),
            title=kw.pop("title", f"Round {self.round}, {self.phase_name()}"),
            **kw,
        )

    # ================================================================== positions and records
    def state_dict(self) -> JSONDict:
        return records.state_dict(self)

    @classmethod
    def load_state(cls, game: Game, body: object, version: int | None = None) -> State:
        s = records.load_state(cls, game, body, version)
        for e in s.log:  # the events of the action that led here (the position stores them)
            s.emit(e)
        return s

    @classmethod
    def from_dict(cls, data: object, game: Game | None = None) -> State:
        """Read a position (version 2, or a version-1 file of evo-lab 0.1); a bad one raises
        :class:`~evo_lab.core.errors.FormatError` naming the field."""
        s: State = super().from_dict(data, game)
        return s

    @classmethod
    def from_json(cls, text: str | bytes, game: Game | None = None) -> State:
        """Read a position written by :meth:`to_json`. Raises :class:`FormatError` naming the bad field."""
        s: State = super().from_json(text, game)
        return s
