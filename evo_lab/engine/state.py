"""``State``: one node of an Evo 2e game tree (OpenSpiel's State contract).

The state advances by itself through everything the rules decide alone and stops at the next
decision (``current_player() >= 0``), chance node (``CHANCE``) or the end (``TERMINAL``).

>>> import numpy as np, evo_lab
>>> g = evo_lab.Game(players=4)
>>> s = g.new_initial_state()
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

import json
from fractions import Fraction
from typing import Any, Iterable

from ..core.errors import FormatError, IllegalActionError
from ..core.protocol import CHANCE, TERMINAL
from . import rules
from .actions import (ATTACK, BID, BIRTH, CARD, CHANCE_KINDS, DIE, END, ESCAPE, EXCLUDE, FLIPPERS, GENE,
                      INITIATIVE, MOVE, ORDER, PASS, PEEK, PLAY, REMOVE, TOKEN, WINGS, Action)
from .game import Game

PHASES = ("setup", "climate", "mutation", "initiative", "movement", "birth", "survival", "end")
SETUP, CLIMATE, MUTATION, INITIATIVE_PHASE, MOVEMENT, BIRTH_PHASE, SURVIVAL, END_PHASE = range(8)
CLIMATE_STATE_NAMES = ("ideal", "hot", "cold", "deadly")
CHANCE_NODES = frozenset({"exclude", "order", "token", "peek", "gene", "card", "die", "kbdie"})
EVENT_LOT = -2   # lot 0 holds the event card
EMPTY_LOT = -1   # a lot the bag could not fill
POSITION_FORMAT = "evo-lab-position"
RECORD_FORMAT = "evo-lab-record"

# normal gene slots in the flat genes list (player * 6 + slot)
LEGS, HORN, EGG, THERMO, FUR, VIAL = range(6)

_LIST_FIELDS = ("occ", "count", "mp", "genes", "uniq", "bag", "deck", "discard", "tokens_left", "lots", "bids",
                "holding", "to_bid", "paid")
_SCALAR_FIELDS = ("phase", "round", "step", "node", "actor", "pend", "hands", "excluded", "section", "revealed",
                  "next_token", "order", "displaced", "banned", "mover", "mp_left", "wings_used", "flippers_used",
                  "frenzy", "egg_round", "birth_idx", "window", "surv_idx", "geysers", "pshift", "last", "log",
                  "prescience_played")


class State:
    """A position of Evo 2e. Build one with ``Game.new_initial_state()``."""

    __slots__ = ("game", "_hist", "_legal", "_origin") + _LIST_FIELDS + _SCALAR_FIELDS

    def __init__(self, game: Game, _empty: bool = False):
        self.game = game
        self._hist: tuple | None = None
        self._legal: list[Action] | None = None
        self._origin: dict | None = None
        if _empty:
            return
        g, n, s = game, game.players, game.data.setup
        self.phase = SETUP
        self.round = 0
        self.occ = [-1] * g.n
        for p in range(n):
            for sp in g.starts[p][: s["starting_dinosaurs"]]:
                self.occ[sp] = p
        self.count = [min(s["starting_dinosaurs"], len(g.starts[p])) for p in range(n)]
        self.mp = [s["starting_mp"]] * n
        self.genes = [0] * (6 * n)
        self.uniq = [0] * n
        self.hands: tuple[tuple[int, ...], ...] = tuple(() for _ in range(n))
        self.bag = list(g.bag0)
        self.excluded: tuple[int, ...] = ()
        self.deck = list(g.deck0)
        self.discard = [0] * len(g.deck0)
        self.section = g.data.initial_section
        self.tokens_left = list(g.tokens0)
        self.revealed: tuple[int, ...] = ()
        self.next_token: int | None = None
        self.order: tuple[int, ...] = ()
        self.lots: list[int] = []
        self.bids: list = []
        self.holding = [-1] * n
        self.to_bid: list[int] = []
        self.paid = [0] * n
        self.displaced = -1
        self.banned = -1
        self.mover = 0
        self.mp_left = 0
        self.wings_used = False
        self.flippers_used = False
        self.frenzy = 0
        self.egg_round = 0
        self.birth_idx = 0
        self.window: tuple[int, ...] = ()
        self.surv_idx = 0
        self.geysers = 0
        self.pshift = 0
        self.prescience_played = False
        self.last: tuple = ()
        self.log: tuple = ()
        self.step = "setup_exclude"
        self.node = ""
        self.actor = -1
        self.pend: tuple = ()
        self._run()

    # ================================================================== OpenSpiel-style contract
    def current_player(self) -> int:
        """The player to decide, ``CHANCE`` (-1) at chance nodes, ``TERMINAL`` (-4) at the end."""
        if self.node == "end":
            return TERMINAL
        if self.node in CHANCE_NODES:
            return CHANCE
        return self.actor

    def is_chance_node(self) -> bool:
        return self.node in CHANCE_NODES

    def is_terminal(self) -> bool:
        return self.node == "end"

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Legal actions at a decision node (chance outcomes at a chance node; [] at the end).

        With ``player`` given, [] unless that player is to act."""
        if player is not None and player != self.current_player():
            return []
        if self._legal is None:
            if self.node in CHANCE_NODES:
                self._legal = self._chance_weights()[0]
            elif self.node == "end":
                self._legal = []
            else:
                self._legal = self._decisions()
        return list(self._legal)

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """Outcomes of the chance node with exact probabilities that sum to exactly 1."""
        if self.node not in CHANCE_NODES:
            raise IllegalActionError(f"not a chance node: {self.node_name()} for P{self.actor + 1}", "not_chance")
        outs, w = self._chance_weights()
        total = sum(w)
        return [(o, Fraction(x, total)) for o, x in zip(outs, w)]

    def apply_action(self, action: Action | str) -> None:
        """Apply a decision or chance outcome (an :class:`Action` or its string). Illegal input raises
        :class:`IllegalActionError` that says why, and the state is left exactly as it was."""
        if isinstance(action, str):
            action = self.parse_action(action)
        if not isinstance(action, Action):
            try:
                if not (isinstance(action, tuple) and action and isinstance(action[0], str)):
                    raise TypeError
                action = Action(*action)
            except TypeError:
                raise IllegalActionError(f"not an action: {action!r}", "not_an_action", action) from None
            if not all(isinstance(x, int) and not isinstance(x, bool) for x in action[1:]):
                raise IllegalActionError(f"not an action: {action!r}", "not_an_action", action)
        if self.node == "end":
            raise IllegalActionError("the game is over", "game_over", action)
        legal = self._legal if self._legal is not None else self.legal_actions()
        if action not in legal:  # type: ignore[operator]
            try:
                msg, reason = self._explain_illegal(action)
            except (TypeError, IndexError):  # arguments of the wrong type or out of range
                msg, reason = f"not a legal action here: {action!r}", "not_legal"
            raise IllegalActionError(msg, reason, action)
        self._apply(action)

    def returns(self) -> list[int]:
        """MP per player (final at the end of the game)."""
        return list(self.mp)

    def rewards(self) -> list[int]:
        return [0] * self.game.players

    def ranking(self) -> list[int]:
        """Place of each player (1 = first) by MP, then dinosaurs on the board; equal places are a draw."""
        return rules.ranking(self.mp, self.count)

    def winners(self) -> list[int]:
        r = self.ranking()
        return [p for p, x in enumerate(r) if x == 1]

    def clone(self) -> "State":
        s = State.__new__(State)
        s.game = self.game
        s._hist = self._hist
        s._legal = self._legal
        s._origin = self._origin
        s.occ = self.occ[:]
        s.count = self.count[:]
        s.mp = self.mp[:]
        s.genes = self.genes[:]
        s.uniq = self.uniq[:]
        s.bag = self.bag[:]
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.tokens_left = self.tokens_left[:]
        s.lots = self.lots[:]
        s.bids = self.bids[:]
        s.holding = self.holding[:]
        s.to_bid = self.to_bid[:]
        s.paid = self.paid[:]
        s.phase = self.phase
        s.round = self.round
        s.step = self.step
        s.node = self.node
        s.actor = self.actor
        s.pend = self.pend
        s.hands = self.hands
        s.excluded = self.excluded
        s.section = self.section
        s.revealed = self.revealed
        s.next_token = self.next_token
        s.order = self.order
        s.displaced = self.displaced
        s.banned = self.banned
        s.mover = self.mover
        s.mp_left = self.mp_left
        s.wings_used = self.wings_used
        s.flippers_used = self.flippers_used
        s.frenzy = self.frenzy
        s.egg_round = self.egg_round
        s.birth_idx = self.birth_idx
        s.window = self.window
        s.surv_idx = self.surv_idx
        s.geysers = self.geysers
        s.pshift = self.pshift
        s.last = self.last
        s.log = self.log
        s.prescience_played = self.prescience_played
        return s

    __copy__ = clone

    def history(self) -> list[Action]:
        """Every action and chance outcome applied since the start (or since the loaded position)."""
        out = []
        h = self._hist
        while h is not None:
            h, a = h
            out.append(a)
        return out[::-1]

    def history_str(self) -> list[str]:
        """The history as action strings (replayable with ``parse_action``)."""
        g = self.game.new_initial_state() if self._origin is None else State.from_dict(self._origin, self.game)
        out = []
        for a in self.history():
            out.append(g.action_to_string(a))
            g._apply(a)
        return out

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
        return [i for i, o in enumerate(self.occ) if o == player]

    def occupant(self, space: int) -> int:
        return self.occ[space]

    def gene_counts(self, player: int) -> dict[str, int]:
        """Normal genes won so far (``{"legs": 1, "horn": 0, ...}``)."""
        return {gid: self.genes[6 * player + i] for i, gid in enumerate(self.game.gene_ids[:6])}

    def unique_genes(self, player: int) -> list[str]:
        g = self.game
        return [gid for gid in g.unique_ids if self.uniq[player] & g.bit[gid]]

    def has(self, player: int, gene: str) -> bool:
        return bool(self.uniq[player] & self.game.bit[gene])

    def hand(self, player: int) -> list[str]:
        return [self.game.card_ids[c] for c in self.hands[player]]

    def movement_points(self, player: int) -> int:
        g = self.game
        return rules.movement_points(g.data.setup["base_movement"], self.genes[6 * player + LEGS],
                                     self.has(player, "strong_thighs"), g.data.setup["strong_thighs_bonus"])

    def eggs(self, player: int) -> int:
        return rules.births_per_round(self.game.data.setup["starting_eggs"], self.genes[6 * player + EGG])

    def vials(self, player: int) -> int:
        return self.genes[6 * player + VIAL]

    def attack_strength(self, player: int) -> int:
        s = self.game.data.setup
        return rules.attack_horns(self.genes[6 * player + HORN], self.has(player, "large_horn"),
                                  bool(self.frenzy & (1 << player)), s["large_horn_bonus"], s["frenzied_attack_bonus"])

    def defence_strength(self, player: int) -> int:
        s = self.game.data.setup
        return rules.defence_horns(self.genes[6 * player + HORN], self.has(player, "bony_plates"), s["bony_plates_bonus"])

    def floor(self, player: int) -> int:
        s = self.game.data.setup
        return rules.protection_floor(self.has(player, "regeneration"), s["protected_clan_size"],
                                      s["protected_clan_size_regeneration"])

    def is_protected(self, player: int) -> bool:
        """A clan that may not be attacked: 2 dinosaurs on the board, 3 with regeneration."""
        return self.count[player] <= self.floor(player)

    def attack_probability(self, attacker_space: int, defender_space: int) -> Fraction:
        """Exact chance that the dinosaur on ``attacker_space`` beats the one on ``defender_space``."""
        a, d = self.occ[attacker_space], self.occ[defender_space]
        if a < 0 or d < 0:
            raise IllegalActionError("both spaces must hold a dinosaur", "empty_space")
        g = self.game
        return rules.attack_probability(g.data.die_faces, g.data.die_symbols, self.attack_strength(a),
                                        self.defence_strength(d))

    def terrain_states(self, section: int | None = None) -> dict[str, str]:
        """Climate state of each terrain now (or for ``section``): ``{"desert": "hot", ...}``."""
        g = self.game
        codes = g.section_codes[self.section if section is None else section % g.n_sections]
        return {t: CLIMATE_STATE_NAMES[c] for t, c in zip(g.data.terrains, codes)}

    def space_state(self, space: int) -> str:
        g = self.game
        return CLIMATE_STATE_NAMES[g.section_codes[self.section][g.space_terrain[space]]]

    def pile_position(self) -> int:
        """How many climate tokens have been revealed (not counting the meteorite)."""
        return len(self.revealed)

    def auction(self) -> dict:
        """The biology lab: lots (gene or event card), markers with bids, who bids now, prices."""
        g = self.game
        lots = []
        for i, lot in enumerate(self.lots):
            name = "event card" if lot == EVENT_LOT else ("(empty)" if lot == EMPTY_LOT else g.gene_ids[lot])
            bid = self.bids[i] if i < len(self.bids) else None
            lots.append({"lot": i, "item": name, "holder": None if bid is None else bid[0],
                         "bid": None if bid is None else bid[1],
                         "price": None if bid is None else rules.bid_price(bid[1], self.vials(bid[0]))})
        return {"lots": lots, "bidder": self.actor if self.node == "bid" else None,
                "displaced": self.displaced if self.displaced >= 0 else None,
                "banned_lot": self.banned if self.banned >= 0 else None, "last": self.last}

    # ================================================================== chance
    def _chance_weights(self) -> tuple[list[Action], list[int]]:
        """Outcomes and integer weights of this chance node; the outcomes also become the cached legal
        actions, so a sampled outcome is not recomputed when ``apply_action`` checks it."""
        outs, weights = self._compute_chance_weights()
        self._legal = outs
        return outs, weights

    def _compute_chance_weights(self) -> tuple[list[Action], list[int]]:
        g = self.game
        node = self.node
        if node == "exclude":
            outs = [Action(EXCLUDE, i) for i in range(g.n_unique) if i not in self.excluded]
            return outs, [1] * len(outs)
        if node == "order":
            outs = [Action(ORDER, p) for p in range(g.players) if p not in self.order]
            return outs, [1] * len(outs)
        if node == "token" or node == "peek":
            kind = TOKEN if node == "token" else PEEK
            pos = len(self.revealed) + 1
            w, met = rules.climate_token_weights(self.tokens_left, pos, g.pile_length, g.bottom)
            outs, ws = [], []
            for i, x in enumerate(w):
                if x:
                    outs.append(Action(kind, i))
                    ws.append(x)
            if met:
                outs.append(Action(kind, g.meteorite))
                ws.append(met)
            return outs, ws
        if node == "gene":
            outs, ws = [], []
            drawn = self.lots
            for i, c in enumerate(self.bag):
                if c and i not in drawn:
                    outs.append(Action(GENE, i))
                    ws.append(c)
            return outs, ws
        if node == "card":
            outs, ws = [], []
            for i, c in enumerate(self.deck):
                if c:
                    outs.append(Action(CARD, i))
                    ws.append(c)
            return outs, ws
        if node == "die" or node == "kbdie":
            return [Action(DIE, i) for i in range(len(g.die_kinds))], list(g.die_weights)
        raise IllegalActionError(f"not a chance node: {node}", "not_chance")

    # ================================================================== decisions
    def _decisions(self) -> list[Action]:
        node = self.node
        p = self.actor
        g = self.game
        if node == "move":
            return self._movement_actions(p)
        if node == "bid":
            return self._bid_actions(p)
        if node == "birth":
            return self._birth_actions(p)
        if node == "survive":
            return [Action(REMOVE, sp) for sp in self._survival_candidates(p)]
        if node == "chameleon":
            return [Action(ESCAPE, sp) for sp in self.pend[3]] + [Action(PASS)]
        if node == "prescience":
            card = self._card_of(p, "prescience")
            return [Action(PLAY, card, sh) for sh in g.prescience_shifts] + [Action(PASS)]
        if node in ("swarm", "geysers", "egg_thief"):
            eff = {"swarm": "swarm_of_rats", "geysers": "geysers", "egg_thief": "egg_thief"}[node]
            return [Action(PLAY, self._card_of(p, eff)), Action(PASS)]
        if node == "adrenaline":
            return [Action(INITIATIVE, i) for i in range(g.players)]
        raise IllegalActionError(f"no decisions at node {node!r}", "wrong_phase")

    def _card_of(self, player: int, effect: str) -> int:
        eff = self.game.card_effects
        for c in self.hands[player]:
            if eff[c] == effect:
                return c
        return -1

    def _movement_actions(self, p: int) -> list[Action]:
        """Movement phase (ruling R7): "The available movement points must be divided amongst all the
        dinosaurs of the species. Each movement point enables ONE dinosaur to move one space." "Dinosaurs are
        not allowed to move through or stop on a space that is already occupied". "The only way to enter a
        space containing an enemy dinosaur is to start a fight" (1 point). "a clan that only has two dinosaurs
        may not be attacked". Wings: "can move 2 spaces by paying 1 movement point. The first space can
        contain a dinosaur ... only be used once per Movement phase". Flippers: "from one coastal space to
        another coastal space by paying 1 movement point". Frenzied attack: "before launching an attack"."""
        g = self.game
        occ = self.occ
        adj = g.adj
        acts: list[Action] = []
        if self.mp_left <= 0:
            return [Action(END)]
        floor_ok = [self.count[q] > self.floor(q) for q in range(g.players)]
        wings = self.has(p, "wings") and not self.wings_used
        flippers = self.has(p, "flippers") and not self.flippers_used
        attack = False
        for s in range(g.n):
            if occ[s] != p:
                continue
            for t in adj[s]:
                o = occ[t]
                if o < 0:
                    acts.append(Action(MOVE, s, t))
                elif o != p and floor_ok[o]:
                    acts.append(Action(ATTACK, s, t))
                    attack = True
            if wings:
                seen = set()
                for b in adj[s]:
                    for c in adj[b]:
                        if c != s and occ[c] < 0 and c not in seen:
                            seen.add(c)
                            acts.append(Action(WINGS, s, c))
            if flippers and g.coastal[s]:
                for c in g.coastal_list:
                    if c != s and occ[c] < 0:
                        acts.append(Action(FLIPPERS, s, c))
        if (attack or not self.game.options.frenzied_needs_attack) and not (self.frenzy & (1 << p)):
            card = self._card_of(p, "frenzied_attack")
            if card >= 0:
                acts.append(Action(PLAY, card))
        acts.append(Action(END))
        return acts

    def _bid_actions(self, p: int) -> list[Action]:
        """Mutation phase (rulings R2, R3): "If the column is empty, the marker can be placed wherever the
        player likes ... If the column is already occupied, the marker must be placed on a higher value".
        "A player who has been outbid ... The new bid must be on a different column". Bids are affordable:
        max(0, bid - vials) <= MP."""
        s = self.game.data.setup
        lo, hi = s["bid_min"], s["bid_max"]
        vials = self.vials(p)
        budget = self.mp[p]
        acts = []
        for lot, bid in enumerate(self.bids):
            if lot == self.banned and p == self.displaced:
                continue
            start = lo if bid is None else bid[1] + 1
            for v in range(start, hi + 1):
                if rules.bid_price(v, vials) <= budget:
                    acts.append(Action(BID, lot, v))
        return acts

    def _birth_targets(self, p: int, removed: int = -1) -> list[int]:
        """Birth phase (rulings R6, R12): "The player places a new dinosaur pawn on a space adjacent to one of
        his dinosaurs." Thick shell: "up to 3 spaces away". Killer babies: "You can add new dinosaurs to
        occupied spaces" (not of a protected clan)."""
        g = self.game
        occ = self.occ
        rng = g.thick_range if self.has(p, "thick_shell") else 1
        killer = self.has(p, "killer_babies")
        floor_ok = [self.count[q] > self.floor(q) for q in range(g.players)] if killer else None
        out = set()
        for s in range(g.n):
            if occ[s] != p or s == removed:
                continue
            for t in g.within(s, rng):
                o = occ[t]
                if t == removed:
                    continue
                if o < 0 or (killer and o != p and floor_ok[o]):  # type: ignore[index]
                    out.add(t)
        return sorted(out)

    def _birth_actions(self, p: int) -> list[Action]:
        """"A player who already has all 8 dinosaurs on the board is allowed to eliminate one of them in
        order to bring a new one on elsewhere." Births are optional (ruling R5, option ``birth_optional``)."""
        acts = []
        if self.count[p] < self.game.max_dinos:
            acts = [Action(BIRTH, t) for t in self._birth_targets(p)]
        else:
            for y in range(self.game.n):
                if self.occ[y] == p:
                    acts.extend(Action(BIRTH, t, y) for t in self._birth_targets(p, y))
        if acts and self.game.options.birth_optional:
            acts.append(Action(PASS))
        return acts

    def survival_groups(self, p: int, section: int | None = None) -> tuple[list[list[int]], list[int], int]:
        """(spaces of ``p``'s dinosaurs on hot/cold/deadly terrain, how many of each may survive, deaths due)
        under the wheel's current ``section`` (or another one, for forecasts). Rulebook, Survival phase."""
        g = self.game
        codes = g.section_codes[self.section if section is None else section]
        groups: list[list[int]] = [[], [], []]
        for s in range(g.n):
            if self.occ[s] == p:
                c = codes[g.space_terrain[s]]
                if c:
                    groups[c - 1].append(s)
        geys = bool(self.geysers & (1 << p))
        allow = [self.genes[6 * p + THERMO], 10 ** 6 if geys else self.genes[6 * p + FUR],
                 1 if self.has(p, "cave_dweller") else 0]
        excess = sum(max(0, len(gr) - a) for gr, a in zip(groups, allow))
        return groups, allow, rules.deaths_allowed(self.count[p], excess, self.floor(p))

    def _survival_candidates(self, p: int) -> list[int]:
        """Dinosaurs the owner may choose to remove next: "Each player removes the dead dinosaurs in the order
        of his choice and stops if he only has two remaining on the board" (ruling R13)."""
        groups, allow, due = self.survival_groups(p)
        if due <= 0:
            return []
        return sorted(s for gr, a in zip(groups, allow) if len(gr) > a for s in gr)

    # ================================================================== applying
    def _apply(self, a: Action) -> None:
        self._hist = (self._hist, a)
        self._legal = None
        self.log = ()
        node = self.node
        k = a.kind
        g = self.game
        if node == "exclude":
            self.excluded = self.excluded + (a.a,)
        elif node == "order":
            self.order = self.order + (a.a,)
        elif node == "token":
            self._reveal(a.a)
        elif node == "peek":
            self.next_token = a.a
            self._event(("peek", a.a))
        elif node == "gene":
            self.lots.append(a.a)
            self._event(("gene", len(self.lots) - 1, a.a))
        elif node == "card":
            p = self.actor
            self.deck[a.a] -= 1
            self.hands = _with(self.hands, p, tuple(sorted(self.hands[p] + (a.a,))))
            self._event(("card", p))
        elif node == "die":
            self._resolve_attack(a.a)
        elif node == "kbdie":
            self._resolve_killer_baby(a.a)
        elif k == BID:
            self._bid(self.actor, a.a, a.b)
        elif k == INITIATIVE:
            self.order = tuple(rules.move_on_track(self.order, self.actor, a.a))
            self._event(("initiative", self.order, self.actor))
            self.step = "movement_start"
        elif k == MOVE or k == WINGS or k == FLIPPERS:
            p = self.occ[a.a]
            self.occ[a.a] = -1
            self.occ[a.b] = p
            self.mp_left -= 1
            if k == WINGS:
                self.wings_used = True
            elif k == FLIPPERS and g.options.flippers_once_per_phase:
                self.flippers_used = True
            self._event((k, a.a, a.b))
        elif k == ATTACK:
            self.mp_left -= 1
            self.pend = (a.a, a.b)
            self.node = "die"
            self.step = "wait"
        elif k == END:
            self.mover += 1
            self.step = "movement_turn"
        elif k == ESCAPE or (k == PASS and node == "chameleon"):
            src, dst, att, _ = self.pend
            if k == ESCAPE:
                self.occ[a.a] = self.actor
                self.occ[dst] = -1
                self._event(("escape", src, dst, a.a))
            else:
                self._kill(dst)
            self.occ[src] = -1
            self.occ[dst] = att
            self.pend = ()
            self.step = "movement_decide"
        elif k == PLAY:
            self._play(self.actor, a)
        elif k == PASS:
            self._pass(node)
        elif k == BIRTH:
            self._birth(self.actor, a.a, a.b)
        elif k == REMOVE:
            self._kill(a.a)
            self._event(("starved", self.actor, a.a))
        self._run()

    def _event(self, ev: tuple) -> None:
        """Record what just happened (``state.last``; all events of the last apply in ``state.log``)."""
        self.last = ev
        self.log = self.log + (ev,)

    def _kill(self, space: int) -> None:
        q = self.occ[space]
        self.occ[space] = -1
        self.count[q] -= 1

    def _reveal(self, tok: int) -> None:
        """Climate phase: "The starting player turns over the top climate token and applies its effect. If the
        meteorite token appears, the game ends immediately". Holders of Prescience may then replace the
        token's effect (ruling R9)."""
        g = self.game
        if tok == g.meteorite:
            self._event(("token", tok))
            self.phase = END_PHASE
            self.step = "end"
            return
        self.tokens_left[tok] -= 1
        self.revealed = self.revealed + (tok,)
        self.pshift = g.token_shifts[tok]
        self.prescience_played = False
        self._event(("token", tok))
        self.window = tuple(q for q in self.order if self._card_of(q, "prescience") >= 0)
        self.step = "climate_window"

    def _bid(self, p: int, lot: int, value: int) -> None:
        prev = self.bids[lot]
        self.bids[lot] = (p, value)
        self.holding[p] = lot
        if p == self.displaced:
            self.displaced = -1
            self.banned = -1
        elif self.to_bid and self.to_bid[0] == p:
            self.to_bid.pop(0)
        if prev is not None:
            q = prev[0]
            self.holding[q] = -1
            self.displaced = q
            self.banned = lot
            self._event(("outbid", q, lot, p, value))
        else:
            self._event(("bid", p, lot, value))

    def _resolve_attack(self, face: int) -> None:
        """Combat: "The attacking dinosaur wins and takes the place of the defeated animal. The losing dinosaur
        is removed from the game" or "The attacking dinosaur loses. The two dinosaurs stay where they are."
        Chameleon skin: "When you lose a fight, your dinosaur can move onto an adjacent space (but not the one
        from which the attacker came) instead of being killed. If no legal space is available, it dies." """
        g = self.game
        src, dst = self.pend
        att, dfd = self.occ[src], self.occ[dst]
        sym = g.die_symbols[face]
        win = rules.attack_succeeds(sym, self.attack_strength(att), self.defence_strength(dfd))
        if not win:
            self._event(("fight", src, dst, "lose", g.die_kinds[face]))
            self.pend = ()
            self.step = "movement_decide"
            return
        if self.has(dfd, "chameleon_skin"):
            escapes = tuple(t for t in g.adj[dst] if self.occ[t] < 0 and t != src)
            if escapes:
                self.pend = (src, dst, att, escapes)
                self._event(("fight", src, dst, "win", g.die_kinds[face]))
                self.node = "chameleon"
                self.actor = dfd
                self.step = "wait"
                return
        self._kill(dst)
        self.occ[src] = -1
        self.occ[dst] = att
        self._event(("fight", src, dst, "win", g.die_kinds[face]))
        self.pend = ()
        self.step = "movement_decide"

    def _birth(self, p: int, space: int, removed: int) -> None:
        if removed >= 0:
            self._kill(removed)
        q = self.occ[space]
        if q >= 0:  # killer babies
            self.pend = (space, p)
            self.node = "kbdie"
            self.step = "wait"
            return
        self.occ[space] = p
        self.count[p] += 1
        self._event(("birth", p, space))
        self._after_birth(p, space)

    def _after_birth(self, p: int, space: int) -> None:
        """Egg thief window: "just after an opponent has placed a new dinosaur ... That dinosaur must belong
        to an opponent who has at least 4 of them" (ruling R11)."""
        n_min = 4
        if self.count[p] >= n_min:
            self.window = tuple(q for q in self.order if q != p and self.count[q] < self.game.max_dinos
                                and self._card_of(q, "egg_thief") >= 0)
        else:
            self.window = ()
        self.pend = (space, p)
        self.step = "thief_window"

    def _resolve_killer_baby(self, face: int) -> None:
        """Killer babies: "The opposing dinosaur is eliminated on a roll of claw, claw-with-equals or
        claw-with-plus. On a roll of cross or claw-with-two-plusses, your dinosaur dies." (die.json)"""
        g = self.game
        space, p = self.pend
        sym = g.die_symbols[face]
        if sym.killer_baby == "enemy_dies":
            self._kill(space)
            self.occ[space] = p
            self.count[p] += 1
            self._event(("killer_baby", p, space, "enemy_dies", g.die_kinds[face]))
            self._after_birth(p, space)
        else:
            self._event(("killer_baby", p, space, "baby_dies", g.die_kinds[face]))
            self.pend = ()
            self.birth_idx += 1
            self.step = "birth_turn"

    def _discard(self, p: int, card: int) -> None:
        h = list(self.hands[p])
        h.remove(card)
        self.hands = _with(self.hands, p, tuple(h))
        self.discard[card] += 1

    def _play(self, p: int, a: Action) -> None:
        """Event cards: "These cards are kept secret until they are used ... discarded after use". Effects:
        Prescience (wheel shift instead of the token), Frenzied attack (+2 attack horns this phase), Swarm of
        rats (no births this phase), Geysers (own dinosaurs survive on cold terrain), Egg thief (the newborn
        becomes one of the thief's)."""
        g = self.game
        card = a.a
        eff = g.card_effects[card]
        self._discard(p, card)
        if eff != "egg_thief":
            self._event(("play", p, g.card_ids[card]) + ((a.b,) if eff == "prescience" else ()))
        if eff == "prescience":
            self.pshift = a.b
            self.prescience_played = True
            if g.options.prescience_once_per_phase:
                self.window = ()
        elif eff == "frenzied_attack":
            self.frenzy |= 1 << p
        elif eff == "swarm_of_rats":
            self.window = ()
            self.step = "survival_start"
        elif eff == "geysers":
            self.geysers |= 1 << p
        elif eff == "egg_thief":
            space, victim = self.pend
            self.occ[space] = p
            self.count[victim] -= 1
            self.count[p] += 1
            self.window = ()
            self._event(("play", p, g.card_ids[card], victim, space))

    def _pass(self, node: str) -> None:
        if node == "birth":
            self.birth_idx += 1
            self.step = "birth_turn"
        # event windows: the window already moved past this player

    # ================================================================== the flow of a round
    def _needs_peek(self) -> bool:
        if self.next_token is not None or self.phase == END_PHASE:
            return False
        if len(self.revealed) + 1 > self.game.pile_length:
            return False
        bit = self.game.bit.get("sixth_sense")
        return bit is not None and any(u & bit for u in self.uniq)

    def _run(self) -> None:
        """Advance through everything the rules decide alone, up to the next decision or chance node."""
        g = self.game
        n = g.players
        while True:
            step = self.step
            if step == "wait":
                return
            if step == "setup_exclude":
                if len(self.excluded) < g.excluded_count:
                    self.node = "exclude"
                    return
                for i in range(g.n_unique):
                    if i not in self.excluded:
                        self.bag[g.n_normal + i] = 1
                self.step = "setup_order"
            elif step == "setup_order":
                if len(self.order) < n - 1:
                    self.node = "order"
                    return
                self.order = self.order + tuple(p for p in range(n) if p not in self.order)
                self.step = "round_start"
            elif step == "round_start":
                self.round += 1
                self._event(("round", self.round))
                self.phase = CLIMATE
                self.step = "climate_token"
            elif step == "climate_token":
                if self.next_token is None:
                    self.node = "token"
                    return
                tok, self.next_token = self.next_token, None
                self._reveal(tok)
            elif step == "end":
                self._event(("end", tuple(self.mp), tuple(self.ranking())))
                self.node = "end"
                self.actor = -1
                self.phase = END_PHASE
                return
            elif step == "climate_window":
                if self.window:
                    p, self.window = self.window[0], self.window[1:]
                    if self._card_of(p, "prescience") < 0:  # a determinized hand may lack the card
                        continue
                    self.node, self.actor = "prescience", p
                    return
                old = self.section
                self.section = (self.section + self.pshift) % g.n_sections
                self._event(("wheel", old, self.section, self.pshift, self.prescience_played))
                self.step = "peek_climate"
            elif step == "peek_climate" or step == "peek_mutation":
                if self._needs_peek():
                    self.node = "peek"
                    self.step = "mutation_start" if step == "peek_climate" else "initiative"
                    return
                self.step = "mutation_start" if step == "peek_climate" else "initiative"
            elif step == "mutation_start":
                self.phase = MUTATION
                self.lots = [EVENT_LOT]
                self.bids = []
                self.step = "draw_genes"
            elif step == "draw_genes":
                if len(self.lots) < n:
                    if any(c and i not in self.lots for i, c in enumerate(self.bag)):
                        self.node = "gene"
                        return
                    self.lots.append(EMPTY_LOT)
                    continue
                self.bids = [None] * n
                self.holding = [-1] * n
                self.to_bid = list(self.order)
                self.displaced = -1
                self.banned = -1
                self.step = "bidding"
            elif step == "bidding":
                if self.displaced >= 0:
                    self.node, self.actor = "bid", self.displaced
                    return
                if self.to_bid:
                    self.node, self.actor = "bid", self.to_bid[0]
                    return
                self.step = "auction_pay"
            elif step == "auction_pay":
                winner0 = -1
                for lot, (p, v) in enumerate(self.bids):
                    price = rules.bid_price(v, self.vials(p))
                    self.paid[p] = price
                    self.mp[p] -= price
                    item = self.lots[lot]
                    if item == EVENT_LOT:
                        winner0 = p
                    elif item >= 0:
                        self.bag[item] -= 1
                        if item < g.n_normal:
                            self.genes[6 * p + item] += 1
                        else:
                            self.uniq[p] |= 1 << (item - g.n_normal)
                self._event(("auction", tuple(self.bids)))
                self.step = "peek_mutation"
                if winner0 >= 0 and any(self.deck):
                    self.node, self.actor = "card", winner0
                    return
            elif step == "initiative":
                self.phase = INITIATIVE_PHASE
                track = [self.bids[lot][0] for lot in range(n)]
                self.order = tuple(rules.initiative_order(track, self.count))
                self._event(("initiative", self.order))
                ar = g.bit.get("adrenaline_rush")
                owner = next((p for p in self.order if ar and self.uniq[p] & ar), -1)
                if owner >= 0:
                    self.node, self.actor = "adrenaline", owner
                    return
                self.step = "movement_start"
            elif step == "movement_start":
                self.phase = MOVEMENT
                self.mover = 0
                self.frenzy = 0
                self.step = "movement_turn"
            elif step == "movement_turn":
                if self.mover >= n:
                    self.step = "birth_start"
                    continue
                p = self.order[self.mover]
                self.mp_left = self.movement_points(p)
                self.wings_used = False
                self.flippers_used = False
                self.actor = p
                self.step = "movement_decide"
            elif step == "movement_decide":
                p = self.order[self.mover]
                self.actor = p
                self.node = "move"
                self._legal = None
                acts = self.legal_actions()
                if len(acts) == 1:  # only "end": no decision to make
                    self._legal = None
                    self.mover += 1
                    self.step = "movement_turn"
                    continue
                return
            elif step == "birth_start":
                self.phase = BIRTH_PHASE
                self.window = tuple(q for q in self.order if self._card_of(q, "swarm_of_rats") >= 0)
                self.step = "swarm_window"
            elif step == "swarm_window":
                if self.window:
                    p, self.window = self.window[0], self.window[1:]
                    if self._card_of(p, "swarm_of_rats") < 0:
                        continue
                    self.node, self.actor = "swarm", p
                    return
                self.egg_round = 1
                self.birth_idx = 0
                self.step = "birth_turn"
            elif step == "birth_turn":
                if self.birth_idx >= n:
                    self.egg_round += 1
                    self.birth_idx = 0
                    if self.egg_round > max(self.eggs(q) for q in range(n)):
                        self.step = "survival_start"
                    continue
                p = self.order[self.birth_idx]
                if self.eggs(p) < self.egg_round:
                    self.birth_idx += 1
                    continue
                self.actor = p
                self.node = "birth"
                self._legal = None
                if not self.legal_actions():
                    self._legal = None
                    self.birth_idx += 1
                    continue
                return
            elif step == "thief_window":
                if self.window:
                    p, self.window = self.window[0], self.window[1:]
                    if self._card_of(p, "egg_thief") >= 0:
                        self.node, self.actor = "egg_thief", p
                        return
                    continue
                self.pend = ()
                self.birth_idx += 1
                self.step = "birth_turn"
            elif step == "survival_start":
                self.phase = SURVIVAL
                self.window = tuple(q for q in self.order if self._card_of(q, "geysers") >= 0)
                self.step = "geysers_window"
            elif step == "geysers_window":
                if self.window:
                    p, self.window = self.window[0], self.window[1:]
                    if self._card_of(p, "geysers") < 0:
                        continue
                    self.node, self.actor = "geysers", p
                    return
                self.surv_idx = 0
                self.step = "survival_player"
            elif step == "survival_player":
                if self.surv_idx >= n:
                    self.step = "scoring"
                    continue
                p = self.order[self.surv_idx]
                groups, allow, due = self.survival_groups(p)
                if due <= 0:
                    self.surv_idx += 1
                    continue
                cands = [s for gr, a in zip(groups, allow) if len(gr) > a for s in gr]
                if len(cands) == due:  # no choice: every candidate dies
                    for s in cands:
                        self._kill(s)
                    self._event(("starved", p, *cands))
                    self.surv_idx += 1
                    continue
                self.node, self.actor = "survive", p
                self._legal = None
                return
            elif step == "scoring":
                per = g.data.setup["mp_per_dinosaur"]
                for p in range(n):
                    self.mp[p] += per * self.count[p]
                self.geysers = 0
                self._event(("scored", tuple(self.count)))
                self.step = "round_start"
            else:  # pragma: no cover - a corrupt step is a programming error
                raise RuntimeError(f"unknown step {step!r}")

    # ================================================================== errors
    def _explain_illegal(self, a: Action) -> tuple[str, str]:
        g = self.game
        node = self.node
        reason = "not_legal"
        try:
            text = self.action_to_string(a)
        except Exception:  # noqa: BLE001
            text = repr(a)
        if node in CHANCE_NODES:
            if a.kind not in CHANCE_KINDS:
                msg, reason = f"{text!r}: this is a chance node ({node}); apply one of its outcomes", "chance_node"
            else:
                msg, reason = f"{text!r} is not an outcome of this chance node ({node})", "not_an_outcome"
        elif a.kind in CHANCE_KINDS:
            msg, reason = f"{text!r} is a chance outcome, but P{self.actor + 1} must decide ({node})", "not_chance"
        else:
            expected = {"move": {MOVE, ATTACK, WINGS, FLIPPERS, END, PLAY}, "bid": {BID}, "birth": {BIRTH, PASS},
                        "survive": {REMOVE}, "chameleon": {ESCAPE, PASS}, "adrenaline": {INITIATIVE},
                        "prescience": {PLAY, PASS}, "swarm": {PLAY, PASS}, "geysers": {PLAY, PASS},
                        "egg_thief": {PLAY, PASS}}.get(node, set())
            who = f"P{self.actor + 1}"
            if a.kind not in expected:
                msg, reason = (f"{text!r} is not possible now: {self.phase_name()} phase, {who} must "
                               f"{_NODE_VERBS.get(node, node)}"), "wrong_phase"
            elif a.kind in (MOVE, ATTACK, WINGS, FLIPPERS):
                msg, reason = self._explain_move(a, text)
            elif a.kind == BID:
                msg, reason = self._explain_bid(a, text)
            elif a.kind == BIRTH:
                msg, reason = self._explain_birth(a, text)
            elif a.kind == PLAY:
                msg, reason = f"{text!r}: {who} cannot play that card now", "card_not_playable"
            elif a.kind == REMOVE:
                msg, reason = f"{text!r}: that dinosaur is not one that must die", "not_doomed"
            else:
                msg = f"{text!r} is not legal here"
        return msg, reason

    def _explain_move(self, a: Action, text: str) -> tuple[str, str]:
        g = self.game
        p = self.actor
        if not (0 <= a.a < g.n and 0 <= a.b < g.n):
            return f"{text!r}: no such space", "unknown_space"
        if self.occ[a.a] != p:
            return f"{text!r}: P{p + 1} has no dinosaur on {g.labels[a.a]}", "not_your_dinosaur"
        if self.mp_left <= 0:
            return f"{text!r}: no movement points left", "no_movement_points"
        if a.kind == MOVE:
            if a.b not in g.adj[a.a]:
                return f"{text!r}: {g.labels[a.b]} is not adjacent to {g.labels[a.a]}", "not_adjacent"
            if self.occ[a.b] >= 0:
                return (f"{text!r}: {g.labels[a.b]} is occupied (dinosaurs may not move through or stop on an "
                        f"occupied space; attack an enemy instead)"), "occupied"
        if a.kind == ATTACK:
            q = self.occ[a.b]
            if a.b not in g.adj[a.a]:
                return f"{text!r}: {g.labels[a.b]} is not adjacent", "not_adjacent"
            if q < 0:
                return f"{text!r}: {g.labels[a.b]} is empty, move there instead", "nothing_to_attack"
            if q == p:
                return f"{text!r}: you cannot attack your own dinosaur", "own_dinosaur"
            if self.is_protected(q):
                return (f"{text!r}: P{q + 1}'s clan is protected (only {self.count[q]} dinosaurs on the board)",
                        "protected")
        if a.kind == WINGS:
            if not self.has(p, "wings"):
                return f"{text!r}: P{p + 1} does not have wings", "missing_gene"
            if self.wings_used:
                return f"{text!r}: wings can only be used once per movement phase", "already_used"
            if self.occ[a.b] >= 0:
                return f"{text!r}: the landing space must be empty", "occupied"
        if a.kind == FLIPPERS:
            if not self.has(p, "flippers"):
                return f"{text!r}: P{p + 1} does not have flippers", "missing_gene"
            if self.flippers_used:
                return f"{text!r}: flippers already used this movement phase", "already_used"
            if not (g.coastal[a.a] and g.coastal[a.b]):
                return f"{text!r}: flippers go from a coastal space to a coastal space", "not_coastal"
            if self.occ[a.b] >= 0:
                return f"{text!r}: {g.labels[a.b]} is occupied", "occupied"
        return f"{text!r} is not legal here", "not_legal"

    def _explain_bid(self, a: Action, text: str) -> tuple[str, str]:
        s = self.game.data.setup
        p = self.actor
        if not 0 <= a.a < len(self.bids):
            return f"{text!r}: there is no lot {a.a} (lots 0..{len(self.bids) - 1})", "unknown_lot"
        if not s["bid_min"] <= a.b <= s["bid_max"]:
            return f"{text!r}: bids go from {s['bid_min']} to {s['bid_max']}", "bid_out_of_range"
        if a.a == self.banned and p == self.displaced:
            return f"{text!r}: you were just displaced from lot {a.a}; bid on another lot", "same_lot"
        cur = self.bids[a.a]
        if cur is not None and a.b <= cur[1]:
            return f"{text!r}: lot {a.a} already holds a bid of {cur[1]}; bid higher", "bid_too_low"
        price = rules.bid_price(a.b, self.vials(p))
        if price > self.mp[p]:
            return f"{text!r}: costs {price} MP but P{p + 1} has {self.mp[p]}", "unaffordable"
        return f"{text!r} is not legal here", "not_legal"

    def _explain_birth(self, a: Action, text: str) -> tuple[str, str]:
        g = self.game
        p = self.actor
        if not 0 <= a.a < g.n:
            return f"{text!r}: no such space", "unknown_space"
        if self.count[p] >= g.max_dinos and a.b < 0:
            return f"{text!r}: all {g.max_dinos} dinosaurs are on the board; name one to remove", "no_reserve"
        q = self.occ[a.a]
        if q == p:
            return f"{text!r}: {g.labels[a.a]} is occupied by your own dinosaur", "occupied"
        if q >= 0 and not self.has(p, "killer_babies"):
            return f"{text!r}: {g.labels[a.a]} is occupied (killer babies needed)", "occupied"
        if q >= 0 and self.is_protected(q):
            return f"{text!r}: P{q + 1}'s clan is protected", "protected"
        return f"{text!r}: {g.labels[a.a]} is not next to one of your dinosaurs", "too_far"

    # ================================================================== strings
    def action_to_string(self, a: Action) -> str:
        """The readable, parseable form of ``a`` (space labels, gene and card ids)."""
        g = self.game
        L = g.labels
        k = a.kind
        if k == EXCLUDE:
            return f"exclude {g.unique_ids[a.a]}"
        if k == ORDER:
            return f"order P{a.a + 1}"
        if k in (TOKEN, PEEK):
            return f"{k} {g.token_ids[a.a]}"
        if k == GENE:
            return f"gene {g.gene_ids[a.a]}"
        if k == CARD:
            return f"card {g.card_ids[a.a]}"
        if k == DIE:
            return f"die {g.die_kinds[a.a]}"
        if k == BID:
            return f"bid {a.b} on lot {a.a}"
        if k == INITIATIVE:
            return f"initiative {a.a + 1}"
        if k == MOVE:
            return f"move {L[a.a]}-{L[a.b]}"
        if k == ATTACK:
            return f"attack {L[a.a]}x{L[a.b]}"
        if k == WINGS:
            return f"wings {L[a.a]}-{L[a.b]}"
        if k == FLIPPERS:
            return f"flippers {L[a.a]}-{L[a.b]}"
        if k == PLAY:
            base = f"play {g.card_ids[a.a]}"
            return f"{base} {a.b:+d}" if g.card_effects[a.a] == "prescience" else base
        if k == BIRTH:
            return f"birth {L[a.a]}" + (f" replacing {L[a.b]}" if a.b >= 0 else "")
        if k == ESCAPE:
            return f"escape {L[a.a]}"
        if k == REMOVE:
            return f"remove {L[a.a]}"
        return k  # end, pass

    def _space(self, tok: str, field: str) -> int:
        g = self.game
        t = tok.strip().upper()
        if t in g.label_index:
            return g.label_index[t]
        if t.isdigit() and int(t) < g.n:
            return int(t)
        raise FormatError(f"unknown space {tok!r} (spaces are {g.labels[0]}..{g.labels[-1]})", field)

    def parse_action(self, text: str) -> Action:
        """Read an action string (as written by :meth:`action_to_string`). Raises :class:`FormatError`.

        The result still has to be legal: ``apply_action`` checks that."""
        if not isinstance(text, str):
            raise FormatError(f"expected a string, got {type(text).__name__}", "action")
        g = self.game
        parts = text.strip().split()
        if not parts:
            raise FormatError("empty action", "action")
        k = parts[0].lower()
        rest = parts[1:]

        def need(nargs: int) -> None:
            if len(rest) != nargs:
                raise FormatError(f"{k!r} takes {nargs} argument(s): {text!r}", "action")

        def index(names: tuple[str, ...], tok: str, what: str) -> int:
            low = [x.lower() for x in names]
            if tok.lower() not in low:
                raise FormatError(f"unknown {what} {tok!r}; known: {', '.join(names)}", "action")
            return low.index(tok.lower())

        if k in ("end", "pass"):
            need(0)
            return Action(k)
        if k == "exclude":
            need(1)
            return Action(EXCLUDE, index(g.unique_ids, rest[0], "unique gene"))
        if k == "order":
            need(1)
            return Action(ORDER, _player(rest[0]))
        if k in ("token", "peek"):
            need(1)
            return Action(k, index(g.token_ids, rest[0], "climate token"))
        if k == "gene":
            need(1)
            return Action(GENE, index(g.gene_ids, rest[0], "gene"))
        if k == "card":
            need(1)
            return Action(CARD, index(g.card_ids, rest[0], "event card"))
        if k == "die":
            need(1)
            return Action(DIE, index(g.die_kinds, rest[0], "die symbol"))
        if k == "bid":
            if len(rest) != 4 or rest[1].lower() != "on" or rest[2].lower() != "lot":
                raise FormatError(f"write bids as 'bid V on lot L': {text!r}", "action")
            return Action(BID, _int(rest[3]), _int(rest[0]))
        if k == "initiative":
            need(1)
            return Action(INITIATIVE, _int(rest[0]) - 1)
        if k in ("move", "wings", "flippers", "attack"):
            need(1)
            sep = "x" if k == "attack" else "-"
            arg = rest[0]
            if k == "attack":
                i = arg.upper().rfind("X")
                src, dst = (arg[:i], arg[i + 1:]) if i > 0 else (arg, "")
            else:
                src, _, dst = arg.partition(sep)
            if not dst:
                raise FormatError(f"write {k} as '{k} A{sep}B': {text!r}", "action")
            return Action(k, self._space(src, "action"), self._space(dst, "action"))
        if k == "play":
            if not rest:
                raise FormatError("play which card?", "action")
            c = index(g.card_ids, rest[0], "event card")
            if g.card_effects[c] == "prescience":
                need(2)
                return Action(PLAY, c, _int(rest[1]))
            need(1)
            return Action(PLAY, c)
        if k == "birth":
            if len(rest) == 1:
                return Action(BIRTH, self._space(rest[0], "action"))
            if len(rest) == 3 and rest[1].lower() == "replacing":
                return Action(BIRTH, self._space(rest[0], "action"), self._space(rest[2], "action"))
            raise FormatError(f"write births as 'birth X' or 'birth X replacing Y': {text!r}", "action")
        if k in ("escape", "remove"):
            need(1)
            return Action(k, self._space(rest[0], "action"))
        raise FormatError(f"unknown action {parts[0]!r}", "action")

    def describe_action(self, a: Action) -> str:
        """The action in words, for action pickers and stories."""
        g = self.game
        L = g.labels
        k = a.kind
        if k == MOVE or k == WINGS or k == FLIPPERS:
            how = {"move": "moves", "wings": "flies (wings)", "flippers": "swims (flippers)"}[k]
            return (f"P{self.occ[a.a] + 1}'s dinosaur on {L[a.a]} {how} to {L[a.b]} "
                    f"({g.board.terrain[a.b]}, {self.space_state(a.b)} now)")
        if k == ATTACK:
            return (f"{L[a.a]} attacks P{self.occ[a.b] + 1} on {L[a.b]}: wins with "
                    f"{self.attack_probability(a.a, a.b)}")
        if k == BID:
            item = self.lots[a.a]
            what = "the event card" if item == EVENT_LOT else ("nothing" if item == EMPTY_LOT else g.gene_names[item])
            return f"bid {a.b} on lot {a.a} ({what}), pays {rules.bid_price(a.b, self.vials(self.actor))} MP"
        if k == BIRTH:
            q = self.occ[a.a]
            extra = f", removing the dinosaur on {L[a.b]} first" if a.b >= 0 else ""
            if q >= 0:
                return f"killer baby onto P{q + 1}'s dinosaur on {L[a.a]}{extra}"
            return f"a new dinosaur on {L[a.a]} ({g.board.terrain[a.a]}, {self.space_state(a.a)} now){extra}"
        if k == PLAY:
            return f"play {g.card_names[a.a]}" + (f", turning the wheel {a.b:+d}" if a.b != -1 or
                                                  g.card_effects[a.a] == "prescience" else "")
        if k == END:
            return f"end movement ({self.mp_left} points unused)"
        if k == INITIATIVE:
            return f"take place {a.a + 1} on the initiative track"
        if k == REMOVE:
            return f"let the dinosaur on {L[a.a]} die ({self.space_state(a.a)} terrain)"
        if k == ESCAPE:
            return f"chameleon skin: escape to {L[a.a]}"
        if k == PASS:
            return "pass"
        return self.action_to_string(a)

    # ================================================================== observation & info
    def observation(self, player: int | None = None) -> dict:
        """What ``player`` may know (``None``: the omniscient teacher's view). JSON-able."""
        g = self.game
        n = g.players
        omni = player is None
        open_mp = g.options.open_mp
        ss = g.bit.get("sixth_sense", 0)
        obs = {
            "viewer": None if omni else player,
            "round": self.round, "phase": self.phase_name(), "node": self.node,
            "current_player": self.current_player(),
            "climate": {"section": self.section, "states": self.terrain_states(),
                        "revealed": [g.token_ids[t] for t in self.revealed],
                        "tokens_unrevealed": {g.token_ids[i]: c for i, c in enumerate(self.tokens_left)},
                        "pile_left": g.pile_length - len(self.revealed) if self.node != "end" else 0},
            "board": list(self.occ),
            "order": list(self.order),
            "players": [],
            "auction": self.auction() if self.phase == MUTATION else None,
            "deck_size": sum(self.deck),
            "bag_size": sum(self.bag),
            "bag_normal": {g.gene_ids[i]: self.bag[i] for i in range(g.n_normal)},
            "movement_points_left": self.mp_left if self.node == "move" else None,
            "last": list(self.last),
        }
        if omni or (player is not None and self.uniq[player] & ss):
            obs["climate"]["next_token"] = None if self.next_token is None else g.token_ids[self.next_token]
        elif self.last and self.last[0] == "peek":  # the peeked token is its owner's secret
            obs["last"] = ["peek", None]
            if obs["auction"] is not None:
                obs["auction"]["last"] = ("peek", None)
        if omni:
            obs["bag_unique"] = [g.unique_ids[i - g.n_normal] for i in range(g.n_normal, len(self.bag)) if self.bag[i]]
            obs["excluded_unique"] = [g.unique_ids[i] for i in self.excluded]
        for p in range(n):
            info = {"player": p, "dinosaurs": self.count[p], "genes": self.gene_counts(p),
                    "unique": self.unique_genes(p), "cards": len(self.hands[p]),
                    "movement_points": self.movement_points(p), "eggs": self.eggs(p)}
            if omni or open_mp or p == player:
                info["mp"] = self.mp[p]
            if omni or p == player:
                info["hand"] = self.hand(p)
            obs["players"].append(info)
        return obs

    def observation_string(self, player: int | None = None) -> str:
        return json.dumps(self.observation(player), sort_keys=True, separators=(",", ":"))

    def information_state_string(self, player: int) -> str:
        """The history as ``player`` saw it: hidden outcomes masked (others' cards, excluded genes, peeks
        by others' sixth sense), plus the current observation."""
        g = self.game
        out = []
        st = self.game.new_initial_state() if self._origin is None else State.from_dict(self._origin, self.game)
        for a in self.history():
            out.append(st.masked_action_string(a, player))
            st._apply(a)
        return "|".join(out) + "#" + self.observation_string(player)

    def masked_action_string(self, a: Action, player: int | None) -> str:
        """``a`` (applied at this state) as ``player`` sees it: hidden chance outcomes masked (which unique
        genes stay out, others' card draws, a sixth-sense peek by someone else). ``None``: the teacher."""
        if player is None:
            return self.action_to_string(a)
        if a.kind == EXCLUDE:
            return "exclude ?"
        if a.kind == CARD and self.actor != player:
            return f"card P{self.actor + 1} ?"
        if a.kind == PEEK and not (self.uniq[player] & self.game.bit.get("sixth_sense", 0)):
            return "peek ?"
        return self.action_to_string(a)

    def determinize(self, player: int, rng: Any) -> "State":
        """A copy where what ``player`` cannot know is redrawn from its exact distribution given what
        ``player`` knows: others' hands (from the unseen cards), which unique genes are in the bag, and a
        next climate token only others have seen. For information-set search (ISMCTS)."""
        s = self.clone()
        g = self.game
        # event cards: the deck and the others' hands form one unseen pool
        pool = list(s.deck)
        for q in range(g.players):
            if q != player:
                for c in s.hands[q]:
                    pool[c] += 1
        hands = list(s.hands)
        # at an event-card window the actor is known to hold that card (the node is public): keep one copy
        window_effect = {"prescience": "prescience", "swarm": "swarm_of_rats", "geysers": "geysers",
                         "egg_thief": "egg_thief"}.get(s.node)
        kept = self._card_of(s.actor, window_effect) if window_effect and s.actor != player else -1
        if kept >= 0:
            pool[kept] -= 1
        for q in range(g.players):
            if q == player:
                continue
            new = [kept] if q == s.actor and kept >= 0 else []
            for _ in range(len(s.hands[q]) - len(new)):
                c = _draw(pool, rng)
                pool[c] -= 1
                new.append(c)
            hands[q] = tuple(sorted(new))
        s.hands = tuple(hands)
        s.deck = pool
        # unique genes: which of the unseen ones sit in the bag
        # (a unique gene drawn into this round's lots is face up: it is seen, not redrawn)
        unseen = [i for i in range(g.n_unique) if (s.bag[g.n_normal + i] or i in s.excluded)
                  and g.n_normal + i not in s.lots]
        k = sum(1 for i in unseen if s.bag[g.n_normal + i])
        if unseen:
            perm = [unseen[j] for j in rng.permutation(len(unseen))]
            inbag = set(perm[:k])
            for i in unseen:
                s.bag[g.n_normal + i] = 1 if i in inbag else 0
            s.excluded = tuple(sorted(i for i in unseen if i not in inbag))
        # an open event window lists the later card holders: ask every later player instead (``_run`` skips
        # those whose redrawn hand lacks the card), so the window neither leaks nor contradicts the hands
        if s.step in ("climate_window", "swarm_window", "geysers_window", "thief_window") and s.actor in s.order:
            closed = (s.step == "climate_window" and s.prescience_played and g.options.prescience_once_per_phase) or (
                s.step == "thief_window" and (not s.pend or s.count[s.pend[1]] < 4))
            if not closed:
                later = s.order[s.order.index(s.actor) + 1:]
                if s.step == "thief_window":
                    later = tuple(q for q in later if q != s.pend[1] and s.count[q] < g.max_dinos)
                s.window = tuple(later)
        if s.next_token is not None and not (s.uniq[player] & g.bit.get("sixth_sense", 0)):
            s.next_token = None
        s._legal = None
        return s

    # ================================================================== text
    def __str__(self) -> str:
        g = self.game
        L = g.labels
        lines = [f"Evo 2e, {g.players} players, board {g.board.name}"
                 + (" (reconstructed, not the printed board)" if g.board.reconstructed else ""),
                 f"Round {self.round}, {self.phase_name()} phase; "
                 + ("game over" if self.node == "end" else
                    ("chance: " + self.node if self.node in CHANCE_NODES else f"P{self.actor + 1} to {self.node}")),
                 "Climate: section {} ({})".format(self.section, ", ".join(f"{t} {s}" for t, s in self.terrain_states().items())),
                 "Initiative: " + " ".join(f"P{p + 1}" for p in self.order)]
        for p in range(g.players):
            genes = ", ".join(f"{k} {v}" for k, v in self.gene_counts(p).items() if v)
            uniq = ", ".join(self.unique_genes(p))
            lines.append(f"P{p + 1}: {self.mp[p]} MP, {self.count[p]} dinosaurs on "
                         + (" ".join(L[s] for s in self.dinosaurs(p)) or "-")
                         + (f"; genes: {genes}" if genes else "") + (f"; unique: {uniq}" if uniq else "")
                         + (f"; cards: {len(self.hands[p])}" if self.hands[p] else ""))
        if self.node == "end":
            lines.append("Ranking: " + ", ".join(f"P{p + 1} #{r}" for p, r in enumerate(self.ranking())))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<State round {self.round} {self.phase_name()} {self.node} P{self.actor + 1 if self.actor >= 0 else '-'}>"

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def to_svg(self, highlight: Iterable[int] | dict | None = None, **kw: Any) -> str:
        """The board with the dinosaurs and the current climate."""
        occupants = {i: o for i, o in enumerate(self.occ) if o >= 0}
        return self.game.board.to_svg(occupants=occupants, highlight=highlight, climate=self.terrain_states(),
                                      title=kw.pop("title", f"Round {self.round}, {self.phase_name()}"), **kw)

    # ================================================================== JSON
    def to_dict(self) -> dict:
        """The position (not its history) as JSON-able data, with the game's configuration."""
        st: dict[str, Any] = {}
        for f in _LIST_FIELDS:
            v = getattr(self, f)
            st[f] = [list(x) if isinstance(x, tuple) else x for x in v]
        for f in _SCALAR_FIELDS:
            v = getattr(self, f)
            st[f] = _plain(v)
        return {"format": POSITION_FORMAT, "version": 1, "game": self.game.to_dict(), "state": st}

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, separators=None if indent else (",", ":"))

    @staticmethod
    def from_dict(data: Any, game: Game | None = None) -> "State":
        if not isinstance(data, dict):
            raise FormatError("a position must be a JSON object", "<root>")
        if data.get("format") != POSITION_FORMAT:
            raise FormatError(f"expected {POSITION_FORMAT!r}, got {data.get('format')!r}", "format")
        if data.get("version") != 1:
            raise FormatError(f"unsupported version {data.get('version')!r}", "version")
        g = game or Game.from_dict(data.get("game"))
        st = data.get("state")
        if not isinstance(st, dict):
            raise FormatError("missing", "state")
        s = State(g, _empty=True)
        n = g.players
        sizes = {"occ": g.n, "count": n, "mp": n, "genes": 6 * n, "uniq": n, "bag": len(g.bag0), "deck": len(g.deck0),
                 "discard": len(g.deck0), "tokens_left": len(g.tokens0), "holding": n, "paid": n}
        for f in _LIST_FIELDS:
            v = st.get(f)
            if not isinstance(v, list):
                raise FormatError("must be a list", f"state.{f}")
            if f in sizes and len(v) != sizes[f]:
                raise FormatError(f"must have {sizes[f]} entries, got {len(v)}", f"state.{f}")
            if f == "bids":
                v = [None if b is None else tuple(_ints(b, f"state.bids")) for b in v]
            else:
                v = _ints(v, f"state.{f}")
            setattr(s, f, list(v))
        for f in _SCALAR_FIELDS:
            if f not in st:
                raise FormatError("missing", f"state.{f}")
            setattr(s, f, _tupled(st[f]))
        for f in ("phase", "round", "actor", "section", "displaced", "banned", "mover", "mp_left", "frenzy",
                  "egg_round", "birth_idx", "surv_idx", "geysers", "pshift"):
            if isinstance(getattr(s, f), bool) or not isinstance(getattr(s, f), int):
                raise FormatError("must be an integer", f"state.{f}")
        if not isinstance(s.step, str) or not isinstance(s.node, str):
            raise FormatError("must be strings", "state.step")
        if s.node not in CHANCE_NODES | {"end", "prescience", "bid", "adrenaline", "move", "chameleon", "swarm",
                                         "birth", "egg_thief", "geysers", "survive"}:
            raise FormatError(f"unknown node {s.node!r}", "state.node")
        if not 0 <= s.phase < len(PHASES):
            raise FormatError(f"must be a phase 0..{len(PHASES) - 1}", "state.phase")
        if not 0 <= s.section < g.n_sections:
            raise FormatError(f"must be a wheel section 0..{g.n_sections - 1}", "state.section")
        if any(not -1 <= o < n for o in s.occ):
            raise FormatError(f"occupants must be -1 or a player 0..{n - 1}", "state.occ")
        if [s.occ.count(p) for p in range(n)] != s.count:
            raise FormatError("does not match the dinosaurs on the board", "state.count")
        if any(x < 0 for x in s.mp):
            raise FormatError("MP cannot be negative", "state.mp")
        if s.node in CHANCE_NODES | {"end"}:
            pass
        elif not 0 <= s.actor < n:
            raise FormatError(f"must be a player 0..{n - 1} at a decision node", "state.actor")
        if not isinstance(s.hands, tuple) or len(s.hands) != n:
            raise FormatError(f"must hold {n} hands", "state.hands")
        _check_loaded(s, g)
        s._origin = None
        s._origin = s.to_dict()
        return s

    @staticmethod
    def from_json(text: str | bytes, game: Game | None = None) -> "State":
        """Read a position written by :meth:`to_json`. Raises :class:`FormatError` naming the bad field."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as e:
            raise FormatError(f"not valid JSON: {e}", "<root>") from None
        return State.from_dict(data, game)

    # ----- records: the configuration plus every action, replayable
    def to_record(self) -> dict:
        """The game record: configuration, start position (if not the initial one) and all actions."""
        rec = {"format": RECORD_FORMAT, "version": 1, "game": self.game.to_dict(), "actions": self.history_str()}
        if self._origin is not None:
            rec["start"] = self._origin
        return rec

    def record_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_record(), indent=indent)

    @staticmethod
    def from_record(data: Any) -> "State":
        """Replay a record (dict or JSON text). Raises :class:`FormatError` naming the bad entry."""
        if isinstance(data, (str, bytes)):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as e:
                raise FormatError(f"not valid JSON: {e}", "<root>") from None
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise FormatError(f"expected {RECORD_FORMAT!r}", "format")
        if data.get("version") != 1:
            raise FormatError(f"unsupported version {data.get('version')!r}", "version")
        game = Game.from_dict(data.get("game"))
        s = State.from_dict(data["start"], game) if "start" in data else game.new_initial_state()
        acts = data.get("actions")
        if not isinstance(acts, list):
            raise FormatError("must be a list of action strings", "actions")
        for i, t in enumerate(acts):
            try:
                s.apply_action(s.parse_action(t))
            except (FormatError, IllegalActionError) as e:
                raise FormatError(f"cannot replay {t!r}: {e}", f"actions[{i}]") from None
        return s


_NODE_VERBS = {"move": "move, attack or end movement", "bid": "bid", "birth": "place a new dinosaur or pass",
               "survive": "remove a dinosaur that dies", "chameleon": "escape or pass",
               "adrenaline": "choose a place on the initiative track", "prescience": "play Prescience or pass",
               "swarm": "play Swarm of rats or pass", "geysers": "play Geysers or pass",
               "egg_thief": "play Egg thief or pass"}


def _with(t: tuple, i: int, v: Any) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


def _draw(counts: list[int], rng: Any) -> int:
    total = sum(counts)
    x = int(rng.random() * total)
    for i, c in enumerate(counts):
        x -= c
        if x < 0:
            return i
    raise ValueError("empty pool")


def _plain(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_plain(x) for x in v]
    return v


def _tupled(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_tupled(x) for x in v)
    return v


def _ints(v: Any, field: str) -> list:
    if not isinstance(v, (list, tuple)):
        raise FormatError(f"must be a list, got {v!r}", field)
    out = []
    for x in v:
        if isinstance(x, bool) or not isinstance(x, int):
            raise FormatError(f"must hold integers, got {x!r}", field)
        out.append(x)
    return out


def _int(tok: str) -> int:
    try:
        return int(tok)
    except ValueError:
        raise FormatError(f"expected a number, got {tok!r}", "action") from None


def _player(tok: str) -> int:
    t = tok.upper()
    if t.startswith("P") and t[1:].isdigit():
        return int(t[1:]) - 1
    raise FormatError(f"expected a player like P1, got {tok!r}", "action")


_STEPS = frozenset({"auction_pay", "bidding", "birth_start", "birth_turn", "climate_token", "climate_window",
                    "draw_genes", "end", "geysers_window", "initiative", "movement_decide", "movement_start",
                    "movement_turn", "mutation_start", "peek_climate", "peek_mutation", "round_start", "scoring",
                    "setup_exclude", "setup_order", "survival_player", "survival_start", "swarm_window",
                    "thief_window", "wait"})


def _check_loaded(s: State, g: Game) -> None:
    """Field checks of a loaded position beyond types, so that a bad file fails here naming the field
    rather than later with an IndexError."""
    n = g.players

    def ints_in(v: Any, lo: int, hi: int, field: str) -> None:
        if not isinstance(v, tuple) or any(isinstance(x, bool) or not isinstance(x, int) or not lo <= x < hi
                                           for x in v):
            raise FormatError(f"must be a list of integers {lo}..{hi - 1}", field)

    if s.step not in _STEPS:
        raise FormatError(f"unknown step {s.step!r}", "state.step")
    ints_in(s.order, 0, n, "state.order")
    if len(set(s.order)) != len(s.order):
        raise FormatError("a player is twice on the track", "state.order")
    for i, h in enumerate(s.hands):
        ints_in(h, 0, len(g.deck0), f"state.hands[{i}]")
    ints_in(s.revealed, 0, g.meteorite, "state.revealed")
    ints_in(s.excluded, 0, g.n_unique, "state.excluded")
    ints_in(s.window, 0, n, "state.window")
    ints_in(tuple(s.lots), -2, len(g.gene_ids), "state.lots")
    for f in ("bag", "deck", "discard", "tokens_left", "paid"):
        if any(x < 0 for x in getattr(s, f)):
            raise FormatError("counts cannot be negative", f"state.{f}")
    if s.next_token is not None and (isinstance(s.next_token, bool) or not isinstance(s.next_token, int)
                                     or not 0 <= s.next_token <= g.meteorite):
        raise FormatError(f"must be null or a token 0..{g.meteorite}", "state.next_token")
    for i, b in enumerate(s.bids):
        if b is not None and (len(b) != 2 or not 0 <= b[0] < n):
            raise FormatError("each bid must be null or [player, value]", f"state.bids[{i}]")
    for f in ("pend", "last", "log"):
        if hasattr(s, f) and not isinstance(getattr(s, f), tuple):
            raise FormatError("must be a list", f"state.{f}")
    if s.round < 0 or not 0 <= s.mover <= n or not 0 <= s.surv_idx <= n or not 0 <= s.birth_idx <= n:
        raise FormatError("round, mover, birth_idx and surv_idx must be in range", "state.round")
