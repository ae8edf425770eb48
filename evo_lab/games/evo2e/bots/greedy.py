"""``greedy``: a one-step look-ahead bot with a documented, hand-made evaluation.

The evaluation (:func:`evaluate`) scores a position for one player in MP-equivalents, from what that player
may know (public board, genes, MP, revealed climate tokens; its own hand and its own sixth-sense peek; never
the others' hands, the bag's unique genes or a token only others have seen):

* **MP now**: each player's victory points.
* **Climate survival this round**: the dinosaurs that survive the coming survival phase under the current
  wheel section (thermoregulation, fur, cave dweller, geysers and the 2-dinosaur floor counted exactly),
  each worth 1 MP at scoring plus ``DINO_FUTURE`` MP for every further round expected before the meteorite.
* **Climate survival next round**: expected deaths if the dinosaurs stayed where they are, over the next
  token's exact distribution (:func:`next_sections`), weighted by ``NEXT_ROUND_WEIGHT``; and, for a dinosaur
  that would die now, a small pull towards the nearest ideal space (``DISTANCE_WEIGHT`` per step).
* **Relative**: own score minus the average of the mean and the best of the opponents' scores.

Decisions: moves, attacks, births, escapes, removals and egg thief are chosen by the expected evaluation
after the action, applied to one determinization of the position (``state.determinize(player, rng)``, so that
the engine's automatic steps after the action cannot depend on hidden cards) (chance outcomes such as the combat die are averaged with their exact probabilities);
``end`` wins ties so the bot does not wander. Frenzied attack is played when the best attack it enables
gains more than ``CARD_COST``. Bids maximise ``P(keep) * (value - price)`` where a gene's value is
:func:`lot_value` (a per-gene weight times the expected rounds left, with diminishing returns) and ``price``
counts vials. Prescience picks the wheel shift with the best relative survival; swarm of rats is played
when the opponents lay more eggs than we do; geysers when it saves a dinosaur; adrenaline rush takes the
first place.

>>> import evo_lab
>>> from evo_lab.games.evo2e.bots import GreedyBot
>>> s = evo_lab.Game(players=4, seed=5).new_initial_state_dealt()
>>> GreedyBot()(s) in s.legal_actions()
True
"""

from __future__ import annotations

import weakref
from collections import deque
from typing import TYPE_CHECKING

from .. import rules
from ..actions import ATTACK, END, INITIATIVE, PASS, PLAY, Action
from ....core.observer import Secret
from ....bots.base import Bot

if TYPE_CHECKING:
    from ..game import Game
    from ..state import State

_NEXT = Secret("next_token")

#: value of a surviving dinosaur for every further round expected (MP-equivalents per round)
DINO_FUTURE = 0.6
#: weight of next round's expected deaths (dinosaurs can still move before then, so less than 1)
NEXT_ROUND_WEIGHT = 0.35
#: pull of a doomed dinosaur towards the nearest ideal space, per step of distance
DISTANCE_WEIGHT = 0.08
#: an event card must gain at least this much to be played
CARD_COST = 0.4
#: value of a lot per expected remaining round, per gene (diminishing with copies already owned)
GENE_WEIGHTS = {
    "legs": 0.25,
    "horn": 0.3,
    "egg": 0.75,
    "thermo": 0.4,
    "fur": 0.4,
    "vial": 0.35,
    "bony_plates": 0.25,
    "large_horn": 0.3,
    "thick_shell": 0.35,
    "flippers": 0.15,
    "wings": 0.15,
    "regeneration": 0.35,
    "killer_babies": 0.3,
    "sixth_sense": 0.1,
    "cave_dweller": 0.35,
    "adrenaline_rush": 0.1,
    "strong_thighs": 0.35,
    "chameleon_skin": 0.25,
}
#: value of the event card lot (a card in hand)
CARD_VALUE = 1.2

_PENDING = frozenset({"mutation", "initiative", "movement", "birth", "survival"})
_TABLES: weakref.WeakKeyDictionary[Game, dict[str, list[list[int]]]] = weakref.WeakKeyDictionary()


def _tables(game: Game) -> dict[str, list[list[int]]]:
    """Per-game tables: distance from each space to the nearest ideal space of each wheel section."""
    t = _TABLES.get(game)
    if t is None:
        n, adj = game.n, game.adj
        dist_ideal = []
        for codes in game.section_codes:
            src = [s for s in range(n) if codes[game.space_terrain[s]] == 0]
            d = [99] * n
            q = deque(src)
            for s in src:
                d[s] = 0
            while q:
                s = q.popleft()
                for u in adj[s]:
                    if d[u] > d[s] + 1:
                        d[u] = d[s] + 1
                        q.append(u)
            dist_ideal.append(d)
        t = {"dist_ideal": dist_ideal}
        _TABLES[game] = t
    return t


def next_sections(state: State, player: int | None) -> tuple[dict[int, float], float]:
    """Distribution of the wheel section after the *next* climate token, as ``player`` knows it:
    ``({section: probability}, probability that the next token is the meteorite)``. Uses the unrevealed
    token counts (public) and the player's own sixth-sense peek only."""
    g = state.game
    if state.next_token is not None and player is not None and g.observer.sees(state, player, _NEXT):
        if state.next_token == g.meteorite:
            return {}, 1.0
        return {(state.section + g.token_shifts[state.next_token]) % g.n_sections: 1.0}, 0.0
    w, met = rules.climate_token_weights(state.tokens_left, len(state.revealed) + 1, g.pile_length, g.bottom)
    total = sum(w) + met
    if total == 0:
        return {}, 1.0
    out: dict[int, float] = {}
    for i, x in enumerate(w):
        if x:
            sec = (state.section + g.token_shifts[i]) % g.n_sections
            out[sec] = out.get(sec, 0.0) + x / total
    return out, met / total


def expected_rounds_left(state: State) -> float:
    """Expected number of full rounds after the current one (the meteorite is equally likely in each
    remaining slot of the bottom pile)."""
    g = state.game
    pos = len(state.revealed)
    top = g.pile_length - g.bottom
    cands = range(max(top + 1, pos + 1), g.pile_length + 1)
    if not cands:
        return 0.0
    return max(0.0, sum(m - 1 - pos for m in cands) / len(cands))


def survivors(state: State, player: int, section: int, geysers: bool | None = None) -> tuple[int, int]:
    """(dinosaurs of ``player`` that survive a survival phase under ``section``, deaths), exact. ``geysers``:
    ``None`` counts the cards already played this phase; True/False assumes Geysers is / is not in force."""
    groups, _, _ = state.survival_groups(player, section)
    allow = state.survival_allowance(player, cards=geysers is None)
    if geysers:
        allow[1] = 10**6
    excess = sum(max(0, len(gr) - a) for gr, a in zip(groups, allow))
    deaths = rules.deaths_allowed(state.count[player], excess, state.floor(player))
    return state.count[player] - deaths, deaths


def _survival_pending(state: State) -> bool:
    """Whether this round's survival phase is still to come (or under way)."""
    return state.phase_name() in _PENDING


def player_values(state: State, viewer: int | None) -> list[float]:
    """Each player's score in MP-equivalents (see the module docstring), from ``viewer``'s knowledge."""
    g = state.game
    n = g.players
    if state.is_terminal():
        return [state.mp[q] + 0.01 * state.count[q] for q in range(n)]
    R = expected_rounds_left(state)
    dino = 1.0 + DINO_FUTURE * R
    nxt, p_end = next_sections(state, viewer)
    pending = _survival_pending(state) or state.phase_name() == "climate"
    dist = _tables(g)["dist_ideal"][state.section]
    out = []
    for q in range(n):
        v = float(state.mp[q])
        if pending:
            alive, deaths = survivors(state, q, state.section)
            v += alive * dino
            if deaths:
                v -= DISTANCE_WEIGHT * sum(dist[s] for s, o in enumerate(state.occupants) if o == q)
            if nxt and R > 0:
                v -= (
                    NEXT_ROUND_WEIGHT
                    * dino
                    * sum(p * survivors(state, q, sec, False)[1] for sec, p in nxt.items())
                )
        else:
            # between rounds: the coming survival phase uses the next token's section
            if nxt:
                v += (
                    dino * sum(p * survivors(state, q, sec, False)[0] for sec, p in nxt.items())
                    + p_end * 0.01 * state.count[q]
                )
            else:
                v += 0.01 * state.count[q]
        out.append(v)
    return out


def relative(values: list[float], player: int) -> float:
    """Own value minus the average of the opponents' mean and best values."""
    others = [v for q, v in enumerate(values) if q != player]
    if not others:
        return values[player]
    return values[player] - 0.5 * (sum(others) / len(others) + max(others))


def evaluate(state: State, player: int) -> float:
    """The greedy evaluation of ``state`` for ``player`` (higher is better), from ``player``'s knowledge."""
    return relative(player_values(state, player), player)


def expected_after(state: State, action: Action, player: int, depth: int = 1) -> float:
    """Expected :func:`evaluate` after ``action``: chance nodes that follow at once (combat die, killer
    babies die) are averaged with their exact probabilities, ``depth`` levels deep."""
    s = state.clone()
    s.apply_action(action)
    return _expect(s, player, depth)


def _expect(s: State, player: int, depth: int) -> float:
    if depth > 0 and s.is_chance_node() and s.node_name() in ("die", "kbdie"):
        outs, ws = s.chance_weights()
        total = sum(ws)
        acc = 0.0
        for o, w in zip(outs, ws):
            t = s.clone()
            t.apply_unchecked(o)
            acc += w / total * _expect(t, player, depth - 1)
        return acc
    return evaluate(s, player)


def lot_value(state: State, player: int, lot: int) -> float:
    """What the item of ``lot`` is worth to ``player`` now, in MP-equivalents (0 for an empty lot)."""
    g = state.game
    item = state.lots[lot]
    R = expected_rounds_left(state) + 1
    if item == -2:
        return CARD_VALUE if any(state.deck) and R > 1 else 0.3
    if item < 0:
        return 0.0
    gid = g.gene_ids[item]
    w = GENE_WEIGHTS.get(gid, 0.2)
    if item < g.n_normal:
        have = state.gene_counts(player)[gid]
        if gid == "vial":
            return w * max(0.0, R - 1.5) / (1 + 0.5 * have)
        if gid == "egg" and state.count[player] >= g.max_dinos - 1:
            w *= 0.4
        return w * R / (1 + 0.6 * have)
    return w * R


def keep_chance(state: State, value: int) -> float:
    """Rough chance that a bid of ``value`` is not outbid by the players still to bid."""
    s = state.game.data.setup
    if value >= s["bid_max"]:
        return 1.0
    later = max(0, len(state.to_bid) - (1 if state.to_bid and state.to_bid[0] == state.actor else 0))
    per = 0.25 * (1 - value / s["bid_max"])
    return (1 - per) ** later


class GreedyBot(Bot):
    """One-step look-ahead on :func:`evaluate`, with rules of thumb for bids and event cards.

    Uses only what its player may know, so ``omniscient`` is False."""

    name = "greedy"
    omniscient = False
    game_id = "evo2e"

    def act(self, state: State, player: int) -> Action:
        node = state.node_name()
        acts = state.legal_actions()
        if node == "bid":
            return self._bid(state, player, acts)
        if node == "adrenaline":
            return Action(INITIATIVE, 0)
        if all(a.kind in (PLAY, PASS) for a in acts) and state.phase_name() != "movement":
            return self._window(state, player, acts)
        # look ahead on a determinization: the engine's automatic steps after an action (event windows,
        # unattended survival) would otherwise depend on the others' hidden hands
        return self._lookahead(state.determinize(player, self.rng), player, acts)

    def _window(self, state: State, player: int, acts: list[Action]) -> Action:
        """A card window: each card by its effect (Prescience, Swarm of rats, Geysers; others by look-ahead)."""
        plays = [a for a in acts if a.kind == PLAY]
        if not plays:
            return Action(PASS)
        effects = {state.game.card_effects[a.a] for a in plays}
        if "prescience" in effects:
            return self._prescience(state, player, acts)
        if "swarm_of_rats" in effects:
            return self._swarm(state, player, acts)
        if "geysers" in effects:
            _, d0 = survivors(state, player, state.section, False)
            _, d1 = survivors(state, player, state.section, True)
            return plays[0] if d0 > d1 else Action(PASS)
        return self._lookahead(state.determinize(player, self.rng), player, acts)

    # ----- one-step look-ahead
    def _lookahead(self, state: State, player: int, acts: list[Action]) -> Action:
        best, best_v = None, None
        default = Action(END) if Action(END) in acts else (Action(PASS) if Action(PASS) in acts else None)
        base = None
        if default is not None:
            base = best_v = expected_after(state, default, player)
            best = default
        for a in acts:
            if a == default:
                continue
            if (
                a.kind == PLAY and state.node_name() == "move"
            ):  # frenzied attack: value of the best attack it enables
                t = state.clone()
                t.apply_unchecked(a)
                vals = [expected_after(t, b, player) for b in t.legal_actions() if b.kind == ATTACK]
                v = (max(vals) if vals else -1e9) - CARD_COST
            else:
                v = expected_after(state, a, player)
            if best_v is None or v > best_v + 1e-9:
                best, best_v = a, v
        if (
            default is not None
            and base is not None
            and best is not default
            and best_v is not None
            and best_v <= base + 1e-9
        ):
            return default
        assert best is not None  # acts is never empty
        return best

    # ----- auction
    def _bid(self, state: State, player: int, acts: list[Action]) -> Action:
        vials = state.vials(player)
        values: dict[int, float] = {}
        best, best_u = None, None
        for a in acts:
            if a.a not in values:
                values[a.a] = lot_value(state, player, a.a)
            price = rules.bid_price(a.b, vials)
            u = keep_chance(state, a.b) * (values[a.a] - price) - 0.01 * price
            if best_u is None or u > best_u + 1e-12:
                best, best_u = a, u
        assert best is not None  # acts is never empty
        return best

    # ----- events
    def _prescience(self, state: State, player: int, acts: list[Action]) -> Action:
        g = state.game

        def rel(shift: int) -> float:
            sec = (state.section + shift) % g.n_sections
            return relative([float(survivors(state, q, sec, False)[0]) for q in range(g.players)], player)

        base = rel(state.prescience_shift)
        best, best_v = Action(PASS), base
        for a in acts:
            if a.kind == PLAY:
                v = rel(a.b)
                if v > best_v + 1e-9:
                    best, best_v = a, v
        return best if best_v >= base + 1.0 else Action(PASS)

    def _swarm(self, state: State, player: int, acts: list[Action]) -> Action:
        g = state.game
        free = [g.max_dinos - state.count[q] for q in range(g.players)]
        births = [min(state.eggs(q), free[q]) for q in range(g.players)]
        others = [b for q, b in enumerate(births) if q != player]
        if others and sum(others) / len(others) >= births[player] + 1:
            return next(a for a in acts if a.kind == PLAY)
        return Action(PASS)
