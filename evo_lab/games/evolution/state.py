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

from typing import Any

from ...core.errors import FormatError, IllegalActionError
from ...core.game import StateBase
from ...core.protocol import CHANCE, TERMINAL
from . import climate as clim
from .deal import apply_draw, deal_round, draw_weights, queue_draws, setup_deck
from .feeding import apply_feeding, next_asked, next_feeder, options
from .model import Player, Species
from .notation import describe, parse, to_string
from .play_cards import apply_play, plays
from .reveal import add_food, reveal_traits, start_effects
from .scoring import end_round, new_boards, score, tiebreak, winners
from .traits import TRAIT_IDS

__all__ = ["State", "PHASES"]

PHASES = ("deal", "food", "play", "feed", "over")


class State(StateBase):
    """One position. Public fields: ``players`` (:class:`~.model.Player`), ``wh`` (watering hole), ``first``,
    ``phase``, ``turn``, ``round``, ``final`` (1: this is the last round; 2: one more round after this),
    ``left`` (cards left in the draw pile), ``discards`` (counts per card kind), ``pending`` (draws owed),
    ``asking`` (before eating: the species of the player to act whose Intelligence it may use; -2 while the
    window waits for draws owed; else -1).
    ``ev`` holds the events of the last action (:mod:`~.events`)."""

    __slots__ = ("game", "_hist", "_origin", "_legal", "players", "wh", "first", "phase", "turn", "round",
                 "final", "pool", "left", "gone", "end_deck", "discards", "pending", "out", "seek", "intel", "asking", "ev",
                 "climate_pos", "event_pool", "events_in_play", "event_used", "pending_events", "o", "_cw")

    def __init__(self, game: Any, deal: bool = True):
        self.game = game
        self.o = game.o
        self._hist = self._origin = self._legal = self._cw = None
        self.ev: list = []
        if not deal:
            return
        o = game.o
        self.players = [Player([Species(o.new_body, o.new_pop)]) for _ in range(game.players)]
        self.wh, self.first, self.round, self.final = 0, 0, 1, 0
        self.phase, self.turn, self.out, self.seek, self.intel, self.asking = "deal", -1, 0, False, None, -1
        self.pending: list = []
        setup_deck(self)
        self.climate_pos, self.event_pool, self.events_in_play, self.event_used = 0, [], {}, ""
        self.pending_events: list = []
        if o.climate:
            clim.setup_climate(self)
        deal_round(self)

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

    def node_name(self) -> str:
        return "chance" if self.is_chance_node() else self.phase

    def _chance_weights(self) -> tuple[list, list[int]]:
        if self._cw is None:
            self._cw = clim.event_weights(self) if self.pending_events else draw_weights(self)
        return self._cw

    def apply_action(self, action: Any) -> None:
        """As :meth:`StateBase.apply_action`, with a constant-time legality check for a card draw."""
        if type(action) is tuple and len(action) == 2 and action[0] == "card" and self.pending \
                and not self.pending_events and self.phase != "over":
            k = action[1]
            if type(k) is int and 0 <= k < len(self.pool) and self.pool[k] > 0:
                self._push(action)
                return
        StateBase.apply_action(self, action)

    def _legal_actions(self) -> list:
        ph = self.phase
        if ph == "feed":
            if self.intel is not None:
                return [("discard", k) for k in sorted(set(self.players[self.turn].hand))]
            if self.asking >= 0:  # before eating: use this species' Intelligence, or not (seed 004 lines 50-57)
                return [("eat", self.asking, "intel"), ("pass",)]
            return options(self, self.turn)
        if ph == "play":
            return plays(self, self.turn, self.game.card_trait)
        if ph == "food":
            return [("food", k) for k in sorted(set(self.players[self.turn].hand))]
        return []

    def _apply(self, a: Any) -> None:
        self.ev = []
        self._cw = None
        k = a[0]
        if k == "card":
            apply_draw(self, a[1])
        elif k == "event":
            clim.apply_event(self, a[1], a[2])
        elif self.phase == "food":
            pl = self.players[self.turn]
            pl.hand.remove(a[1])
            pl.food_card = a[1]
            self._next_food((self.turn - self.first) % len(self.players) + 1)
        elif self.phase == "play":
            if k == "pass":
                self._next_play(self.turn)
            else:
                apply_play(self, self.turn, a, self.game.card_trait, TRAIT_IDS)
        elif k == "discard":
            act, self.intel = self.intel, None
            apply_feeding(self, self.turn, act, a[1])
            self._after_feeding()
        elif (k == "eat" and len(a) == 3) or (k == "attack" and len(a) == 5):
            self.intel = a
        elif k == "pass" and self.asking >= 0:
            self._after_feeding()
        else:
            if k == "pass":
                self.out |= 1 << self.turn
            else:
                apply_feeding(self, self.turn, a)
            self.seek = True
        self._resume()

    # ----- flow
    def _after_feeding(self) -> None:
        """After a feeding (or an Intelligence used or declined before eating): the next species to ask about
        its Intelligence before eating, else the next feeder."""
        if self.asking >= 0:
            self._ask(self.turn, self.asking)
        else:
            self.seek = True

    def _ask(self, p: int, i: int) -> None:
        """Before eating (seed 004 lines 46-57): ask the owner of the next non-Carnivore with Intelligence after
        species ``i`` of player ``p``; nobody left, feeding begins from the first player."""
        q, j = next_asked(self, p, i)
        if q >= 0:
            self.turn, self.asking, self.seek = q, j, False
        else:
            self.asking, self.turn, self.seek = -1, (self.first - 1) % len(self.players), True

    def _resume(self) -> None:
        """Run the automatic steps until a chance node, a decision or the end."""
        while not (self.pending or self.pending_events):
            ph = self.phase
            if ph == "deal":
                self.phase = "food"
                self._next_food(0)
            elif ph == "feed" and self.asking == -2:
                self._ask(-1, -1)
                if self.asking >= 0:
                    return
            elif ph == "feed" and self.seek:
                q, self.out = next_feeder(self, self.turn, self.out)
                self.seek = False
                if q < 0:
                    self._end_round()
                else:
                    self.turn = q
                    return
            else:
                return

    def _next_food(self, pos: int) -> None:
        """The next player (from order position ``pos``, the first player being 0) to choose a food card."""
        n = len(self.players)
        for k in range(pos, n):
            q = (self.first + k) % n
            if self.players[q].hand:
                self.turn = q
                return
        self.phase, self.turn = "play", self.first

    def _next_play(self, after: int) -> None:
        """Seed 003 line 112: "It's the next player's turn after you play your cards ... Once everyone has
        played their cards, we flip all the played Trait Cards face-up" (then the reveal)."""
        n = len(self.players)
        nxt = (after + 1) % n
        if nxt == self.first:
            self._reveal()
        else:
            self.turn = nxt

    def _reveal(self) -> None:
        """Traits flip; start-of-feeding traits; Climate; plant food (reveal.py, climate.py)."""
        o = self.o
        self.phase = "feed"
        reveal_traits(self)
        n = len(self.players)
        order = [(self.first + k) % n for k in range(n)]
        cards = [self.players[p].food_card for p in order if self.players[p].food_card >= 0]
        values = [self.game.deck.cards[c].food for c in cards]
        for p in order:
            self.players[p].food_card = -1
        if o.start_order == "course":
            add_food(self, values)
            start_effects(self, "course")
        else:
            start_effects(self, "before")
            if o.climate:
                moved = clim.climate_change(self, cards)
                values.append(clim.climate_hit(self, moved))
            add_food(self, values)
            start_effects(self, "reveal")
        for c in cards:
            self.discard(c)
        self.out, self.turn, self.seek = 0, (self.first - 1) % n, True
        if o.intelligence and o.herbivore_intelligence == "before_eating":
            self.asking, self.seek = -2, False  # the before-eating window opens once the draws owed are made

    def _end_round(self) -> None:
        """End of the round (scoring.py: seed 003 lines 155-162), then the end of the game (deal.py: the deck's
        end rules; course: the deck cannot cover the next round), a board for every player without species and
        the first-player marker to the left (seed 003 line 162)."""
        o = self.o
        end_round(self)
        if o.climate:
            clim.end_of_round(self)
        n = len(self.players)
        if self.final == 1:
            self._game_over()
            return
        if self.final == 2:
            self.final = 1
        if o.end_rule == "short":
            owed = sum(c for _, c in self.pending)
            need = sum(o.hand_base + o.hand_per_species * len(p.species) for p in self.players)
            if self.left - owed < need:
                self._game_over()
                return
        new_boards(self)
        self.first = (self.first + 1) % n
        self.round += 1
        self.phase, self.turn = "deal", -1
        deal_round(self)

    def _game_over(self) -> None:
        self.phase, self.turn = "over", -1
        self.pending.clear()
        self.pending_events.clear()

    # ----- results
    def scores(self) -> list[int]:
        rule = "course" if self.o.scoring == "course" else "official"
        return [score(p, rule) for p in self.players]

    def tiebreaks(self) -> list[tuple[int, int, int]]:
        return [tiebreak(p, "course" if self.o.scoring == "course" else "official") for p in self.players]

    def winners(self) -> list[int]:
        return winners(self.players, "course" if self.o.scoring == "course" else "official")

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
        out = []
        for q, pl in enumerate(self.players):
            row = pl.species
            for j, d in enumerate(row):
                if q == p and j == i:
                    continue
                if q == p and not self.o.attack_own:
                    out.append((q, j, "own-species"))
                    continue
                left = row[j - 1] if j else None
                right = row[j + 1] if j + 1 < len(row) else None
                out.append((q, j, blocker(att, d, left, right, self.o)))
        return out

    # ----- notation
    def action_to_string(self, a: Any) -> str:
        return to_string(self.game, a)

    def parse_action(self, text: str) -> Any:
        return parse(self.game, text)

    def describe_action(self, a: Any) -> str:
        """``a`` in words (e.g. "P1's species 1 attacks P2's species 1")."""
        a = self.coerce_action(a)
        return describe(self.game, self, a)

    def coerce_action(self, action: Any) -> Any:
        if isinstance(action, str):
            return self.parse_action(action)
        if isinstance(action, list):
            return tuple(action)
        return action

    def explain_illegal(self, a: Any) -> tuple[str, str]:
        from .explain import explain

        return explain(self, a)

    # ----- copies and positions
    def clone(self) -> "State":
        c = State.__new__(State)
        c.game, c.o = self.game, self.o
        c._hist, c._origin, c._legal, c._cw = self._hist, self._origin, self._legal, self._cw
        c.players = [p.copy() for p in self.players]
        c.wh, c.first, c.phase, c.turn, c.round, c.final = self.wh, self.first, self.phase, self.turn, \
            self.round, self.final
        c.pool, c.left, c.end_deck, c.discards = self.pool[:], self.left, self.end_deck, self.discards[:]
        c.gone = self.gone
        c.pending = [x[:] for x in self.pending]
        c.out, c.seek, c.intel, c.asking, c.ev = self.out, self.seek, self.intel, self.asking, []
        c.climate_pos, c.event_pool, c.events_in_play = self.climate_pos, self.event_pool[:], \
            dict(self.events_in_play)
        c.event_used, c.pending_events = self.event_used, self.pending_events[:]
        return c

    def state_dict(self) -> dict:
        d = {"players": [p.to_list() for p in self.players], "wh": self.wh, "first": self.first,
             "phase": self.phase, "turn": self.turn, "round": self.round, "final": self.final,
             "pool": self.pool[:], "left": self.left, "gone": self.gone, "end_deck": self.end_deck,
             "discards": self.discards[:],
             "pending": [x[:] for x in self.pending], "out": self.out, "seek": self.seek,
             "intel": list(self.intel) if self.intel is not None else None}
        if self.asking != -1:
            d["asking"] = self.asking
        if self.o.climate:
            d["climate"] = {"pos": self.climate_pos, "pool": self.event_pool[:],
                            "in_play": dict(self.events_in_play),
                            "used": self.event_used, "pending": self.pending_events[:]}
        return d

    @classmethod
    def load_state(cls, game: Any, body: Any, version: int | None = None) -> "State":
        """A position body (``version`` 1 has the same layout: no before-eating window)."""
        from .positions import load_body

        return load_body(cls(game, deal=False), body)

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
        return f"<Evolution {self.o.variant} round {self.round} {self.node_name()} P{self.turn + 1} wh={self.wh}>"


_ = (FormatError, IllegalActionError)
