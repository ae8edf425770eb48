"""Hidden cards and signalling: a climate phase with a possibly held Prescience card, as an OpenSpiel game.

The rulebook: "Prescience (Foresight) — To be played during the Climate phase, when the weather token is
revealed. The climate token does not take effect. Instead, move the climate wheel (one or two sections clockwise,
or one section the other way) or leave it in place. Cannot be played on the meteorite token." and "These cards are
kept secret until they are used." Ruling R9 (``docs/rulings.md``): holders are offered the card in initiative
order; only the first Prescience played in a climate phase takes effect (``RuleOptions.prescience_once_per_phase``).

**The window game** (:class:`PrescienceSpec`, built by :func:`spec_from_state` from a real two-player engine
position in the climate phase, right after a token was revealed and before anyone acted). It is a *model* of that
moment, not a subgame of Evo: the player who does not know the other's hand stands at an information set of many
nodes (one per possible hand), and a subgame of an imperfect-information game must start at a node that is an
information set by itself. So the game starts with its own chance move, which deals the hands from the public
information:

1. *Chance* deals the Prescience cards: how many copies each player holds (0, 1 or 2; a third copy could not be
   used in two windows), with the exact joint probability of dealing the public hand sizes from the unseen
   cards (the deck plus both hands; played cards are on the open discard pile).
2. *Window of this round.* In initiative order, each player who still holds a copy and finds the window open
   chooses ``play prescience +k`` (one of the engine's shifts) or ``pass``. A play is seen by everybody and
   closes the window; a **pass is silent**: at the table a holder who passes looks exactly like a player without
   the card. This is the information structure of the table, and since ruling R18 that of the engine too: its
   window node ``climate_cards`` asks every player holding any card, and one without a playable card answers
   ``pass``, so being asked shows nothing about a hand.
3. *Chance* reveals next round's token with the engine's exact pile weights (the meteorite ends the game: no
   second window).
4. *Window of the next round*, the same players in the same order with the copies they kept.

**Payoffs** come from the engine's survival rule (``State.survival_groups``, ruling R13): in each of the (one or
two) rounds, a player whose wheel section is ``s`` loses ``losses[p][s]`` dinosaurs, each worth 1 MP at scoring.
With two players only the MP difference decides the game, so the first player's payoff is
``sum over rounds of (losses[second][s] - losses[first][s])`` and the game is zero-sum. Assumed, and stated in
the lesson: the board stays as it is between the climate phase and the two survival phases (nobody moves, is
born or dies first), and the initiative order is the same next round.

>>> import pyspiel
>>> spec = spec_from_state(find_position())
>>> game = PrescienceGame(spec=spec)
>>> game.num_players(), game.get_type().short_name
(2, 'python_evo_prescience')
>>> sum(p for _, _, p in spec.types)
Fraction(1, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any
from collections.abc import Iterator

import numpy as np

try:
    import pyspiel
except ImportError as e:  # pragma: no cover - depends on the installation
    from ..interop.errors import missing_dependency

    raise missing_dependency(f"the signalling game needs the open_spiel wheel ({e}); "
                             "pip install 'evo-lab[openspiel]'") from e

from ..games.evo2e import rules
from ..games.evo2e.actions import TOKEN
from ..games.evo2e.state import State
from .auction import TheoryError

__all__ = ["SHORT_NAME", "SignallingError", "PrescienceSpec", "PrescienceGame", "PrescienceState",
           "spec_from_state", "find_position", "positions", "prescience_types", "load", "LESSON_SEED", "LESSON_ROUND"]

SHORT_NAME = "python_evo_prescience"
MAX_COPIES = 2   # two windows: a third copy can never be used
PASS_LABEL = "pass"


class SignallingError(TheoryError):
    """A position the Prescience window game does not model (wrong node, players, sixth sense, ...)."""


@dataclass(frozen=True)
class PrescienceSpec:
    """Everything the window game needs, read from an engine position (see the module docstring).

    ``seats``: the engine seats in window (initiative) order; ``section``: the wheel before the revealed token;
    ``losses[i][s]``: dinosaurs seat ``seats[i]`` loses at section ``s``; ``types``: ``(copies of the first,
    copies of the second, probability)``; ``next_tokens``: ``(token id, shift or None for the meteorite,
    probability)``; ``pool``: ``(unseen cards, Prescience copies among them)``; ``hand_sizes`` public."""

    round: int
    seats: tuple[int, int]
    section: int
    token: str
    token_shift: int
    shifts: tuple[int, ...]
    n_sections: int
    losses: tuple[tuple[int, ...], tuple[int, ...]]
    types: tuple[tuple[int, int, Fraction], ...]
    next_tokens: tuple[tuple[str, int | None, Fraction], ...]
    pool: tuple[int, int]
    hand_sizes: tuple[int, int]
    once_per_phase: bool = True

    def __deepcopy__(self, memo: dict) -> PrescienceSpec:
        return self  # immutable: states share it (OpenSpiel clones a Python state with copy.deepcopy)

    def name(self, i: int) -> str:
        """``"P2"``: the engine seat of window position ``i`` (0 = first)."""
        return f"P{self.seats[i] + 1}"

    def payoff(self, sections: list[int] | tuple[int, ...]) -> float:
        """The first player's payoff when the wheel ends at ``sections`` (one per round played)."""
        return float(sum(self.losses[1][s] - self.losses[0][s] for s in sections))

    def holds_probability(self, i: int) -> Fraction:
        """The prior chance that window position ``i`` holds at least one Prescience copy."""
        return sum((p for a, b, p in self.types if (a, b)[i] > 0), Fraction(0))


def prescience_types(pool: int, copies: int, hands: tuple[int, int],
                     cap: int = MAX_COPIES) -> tuple[tuple[int, int, Fraction], ...]:
    """Joint distribution of the Prescience copies in two hands of public sizes ``hands`` dealt without
    replacement from ``pool`` unseen cards holding ``copies`` Prescience (multivariate hypergeometric); counts
    above ``cap`` are merged into ``cap``.

    >>> [(a, b, str(p)) for a, b, p in prescience_types(13, 3, (1, 1))]
    [(0, 0, '15/26'), (0, 1, '5/26'), (1, 0, '5/26'), (1, 1, '1/26')]
    """
    ha, hb = hands
    if ha < 0 or hb < 0 or ha + hb > pool or not 0 <= copies <= pool:
        raise SignallingError(f"cannot deal hands of {hands} from {pool} cards with {copies} Prescience")
    total = comb(pool, ha) * comb(pool - ha, hb)
    out: dict[tuple[int, int], Fraction] = {}
    for a in range(min(copies, ha) + 1):
        for b in range(min(copies - a, hb) + 1):
            ways = (_comb(copies, a) * _comb(pool - copies, ha - a)
                    * _comb(copies - a, b) * _comb(pool - copies - (ha - a), hb - b))
            if ways:
                key = (min(a, cap), min(b, cap))
                out[key] = out.get(key, Fraction(0)) + Fraction(ways, total)
    return tuple((a, b, p) for (a, b), p in sorted(out.items()))


def _comb(n: int, k: int) -> int:
    return comb(n, k) if 0 <= k <= n else 0


def spec_from_state(state: State) -> PrescienceSpec:
    """The window game at ``state``: a two-player engine position whose last action revealed a climate token (so
    the Prescience window is open and nobody has acted in it), with no sixth sense in play (its holder would
    already know the next token).

    >>> import evo_lab
    >>> try:
    ...     spec_from_state(evo_lab.Game(players=2).new_initial_state())
    ... except SignallingError as e:
    ...     print(str(e).split('; ')[-1])
    this position is at node 'exclude' (setup phase)
    """
    if not isinstance(state, State):
        raise SignallingError(f"expected an evo_lab State, got {type(state).__name__}")
    g = state.game
    hist = state.history()
    if g.players != 2:
        raise SignallingError(f"the window game is for two players (zero-sum in MP difference), got {g.players}")
    if not hist or hist[-1].kind != TOKEN or state.node_name() != "climate_cards":
        raise SignallingError("the window game starts right after a climate token is revealed (the Prescience "
                              f"window); this position is at node {state.node_name()!r} ({state.phase_name()} phase)")
    if any(state.has(p, "sixth_sense") for p in range(2)):
        raise SignallingError("a sixth-sense holder already knows next round's token; the window game assumes "
                              "nobody does")
    seats = (state.order[0], state.order[1])
    pres = [c for c, eff in enumerate(g.card_effects) if eff == "prescience"]
    if not pres:
        raise SignallingError("this data pack has no Prescience card")
    pool = sum(state.deck) + sum(len(h) for h in state.hands)
    copies = sum(state.deck[c] for c in pres) + sum(1 for h in state.hands for c in h if c in pres)
    hands = (len(state.hands[seats[0]]), len(state.hands[seats[1]]))
    losses = tuple(tuple(state.survival_groups(p, s)[2] for s in range(g.n_sections)) for p in seats)
    w, met = rules.climate_token_weights(state.tokens_left, len(state.revealed) + 1, g.pile_length, g.bottom)
    tot = sum(w) + met
    nxt = [(g.token_ids[i], g.token_shifts[i], Fraction(x, tot)) for i, x in enumerate(w) if x]
    if met:
        nxt.append(("meteorite", None, Fraction(met, tot)))
    tok = hist[-1].a
    return PrescienceSpec(round=state.round, seats=seats, section=state.section, token=g.token_ids[tok],
                          token_shift=g.token_shifts[tok], shifts=tuple(g.card_params[pres[0]]),
                          n_sections=g.n_sections, losses=losses,  # type: ignore[arg-type]
                          types=prescience_types(pool, copies, hands), next_tokens=tuple(nxt),
                          pool=(pool, copies), hand_sizes=hands, once_per_phase=g.options.prescience_once_per_phase)


#: The lesson's position: seed 205, the climate phase of round 7 (found by
#: :func:`evo_lab.theory.signalling_solve.search_positions`: a window game with a strictly mixed silence that is the same
#: in every equilibrium; before ruling R18 the first of seeds 0..399, since R18 the second after seed 115, round 4,
#: whose game has one mixed information state only; re-run over seeds 0..399 on the R18 engine: 115, 205, 307).
LESSON_SEED, LESSON_ROUND = 205, 7


def find_position(seed: int = LESSON_SEED, round: int | None = LESSON_ROUND, *,  # noqa: A002 - the game's word
                  min_cards: int = 1) -> State:
    """The two-player game of ``seed`` between greedy bots (``evo_lab.bots``, seeded ``seed`` and ``seed + 1``;
    chance drawn by ``numpy.random.default_rng(seed)``; public API only: ``play_out`` and ``apply_action``),
    stopped right after the first climate-token reveal (in ``round``, if given) where the window game applies: both
    players hold at least ``min_cards`` event cards, a Prescience copy is unseen, nobody has sixth sense.

    >>> s = find_position()
    >>> s.round, s.phase_name(), s.node_name()
    (7, 'climate', 'climate_cards')
    """
    for state in positions(seed, min_cards=min_cards):
        if round is None or state.round == round:
            return state
    raise SignallingError(f"seed {seed}: no climate-token reveal where the window game applies"
                          + (f" in round {round}" if round is not None else ""))


def positions(seed: int, *, min_cards: int = 1) -> Iterator[State]:
    """Every position of :func:`find_position`'s game of ``seed`` where the window game applies (copies, in order)."""
    from ..bots import as_policy, make_bot
    from ..core.protocol import play_out
    from ..games.evo2e import Game

    def ready(s: State) -> bool:
        h = s.history()
        return bool(h) and h[-1].kind == TOKEN and s.node_name() == "climate_cards"

    rng = np.random.default_rng(seed)
    policy = as_policy([make_bot("greedy", seed=seed), make_bot("greedy", seed=seed + 1)])
    s = Game(players=2, seed=seed).new_initial_state()
    while not s.is_terminal():
        play_out(s, policy, rng, stop=ready)
        if s.is_terminal():
            return
        try:
            spec = spec_from_state(s)
        except SignallingError:
            spec = None
        if spec is not None and min(spec.hand_sizes) >= min_cards and spec.pool[1] > 0:
            yield s.clone()
        s.apply_action(policy(s))  # the engine stops at a window only when someone may play: a decision


# ---------------------------------------------------------------------------------------------- the pyspiel game
GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Evo 2e: the Prescience windows of a climate phase (evo-lab)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=False,
    provides_observation_tensor=False,
    parameter_specification={"seed": LESSON_SEED, "round": LESSON_ROUND},
)


class PrescienceGame(pyspiel.Game):
    """The window game of ``spec`` (default: at :func:`find_position` of ``params["seed"]``, ``params["round"]``)."""

    def __init__(self, params: dict | None = None, *, spec: PrescienceSpec | None = None):
        seed = int((params or {}).get("seed", LESSON_SEED))
        rnd = int((params or {}).get("round", LESSON_ROUND))
        if spec is None:
            spec = spec_from_state(find_position(seed, rnd))
        bound = 2.0 * max(max(row) for row in spec.losses) if any(map(any, spec.losses)) else 1.0
        info = pyspiel.GameInfo(num_distinct_actions=len(spec.shifts) + 1,
                                max_chance_outcomes=max(len(spec.types), len(spec.next_tokens)),
                                num_players=2, min_utility=-bound, max_utility=bound, utility_sum=0.0,
                                max_game_length=6)
        super().__init__(GAME_TYPE, info, {"seed": seed, "round": rnd})
        self.spec = spec

    def new_initial_state(self) -> PrescienceState:
        return PrescienceState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        if params:
            raise ValueError(f"{SHORT_NAME} observers take no parameters, got {params}")
        if iig_obs_type is not None and not iig_obs_type.perfect_recall:
            raise ValueError(f"{SHORT_NAME} provides information-state strings only (perfect recall)")
        return _Observer()


class _Node:
    """The mutable part of a state, copied by hand: OpenSpiel clones a Python state by deep-copying its
    ``__dict__``, and a generic deep copy of these fields was most of CFR's running time."""

    __slots__ = ("dealt", "cards", "window", "turn", "base", "shift", "played", "sections", "log", "phase")

    def __init__(self, spec: PrescienceSpec):
        self.dealt: tuple[int, int] | None = None
        self.cards: list[int] = [0, 0]
        self.window = 0
        self.turn = 0
        self.base = spec.section
        self.shift = spec.token_shift
        self.played = False
        self.sections: list[int] = []
        self.log: list[tuple[str, int, Any]] = [("token", -1, spec.token)]
        self.phase = "deal"

    def __deepcopy__(self, memo: dict) -> _Node:
        new = _Node.__new__(_Node)
        for f in ("dealt", "window", "turn", "base", "shift", "played", "phase"):
            setattr(new, f, getattr(self, f))
        new.cards, new.sections, new.log = list(self.cards), list(self.sections), list(self.log)
        return new


class PrescienceState(pyspiel.State):
    """A node of the window game. ``dealt``: the copies dealt to each window position (``None`` before the deal);
    ``cards``: the copies each still holds; ``window``: 0 this round, 1 next round; ``sections``: the wheel's
    section in each finished round; ``log``: ``(kind, who, value)`` events."""

    def __init__(self, game: PrescienceGame):
        super().__init__(game)
        self.spec = game.spec
        self._n = _Node(game.spec)

    dealt = property(lambda self: self._n.dealt)
    cards = property(lambda self: tuple(self._n.cards))
    window = property(lambda self: self._n.window)
    sections = property(lambda self: tuple(self._n.sections))
    log = property(lambda self: tuple(self._n.log))

    # --------------------------------------------------------------------------------- flow
    def current_player(self) -> int:
        n = self._n
        if n.phase == "end":
            return pyspiel.PlayerId.TERMINAL
        if n.phase in ("deal", "token"):
            return pyspiel.PlayerId.CHANCE
        return n.turn

    def _legal_actions(self, player: int) -> list[int]:
        if self._n.phase != "window" or player != self._n.turn:
            return []
        return list(range(len(self.spec.shifts) + 1))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(a, float(p)) for a, p in self.chance_fractions()]

    def chance_fractions(self) -> list[tuple[int, Fraction]]:
        """The chance outcomes with their exact probabilities (OpenSpiel's ``chance_outcomes`` gives floats)."""
        if self._n.phase == "deal":
            return [(i, p) for i, (_, _, p) in enumerate(self.spec.types)]
        if self._n.phase == "token":
            return [(i, p) for i, (_, _, p) in enumerate(self.spec.next_tokens)]
        return []

    def _apply_action(self, action: int) -> None:
        sp, n = self.spec, self._n
        if n.phase == "deal":
            a, b, _ = sp.types[action]
            n.dealt = (a, b)
            n.cards = [a, b]
            n.phase = "window"
        elif n.phase == "token":
            tid, shift, _ = sp.next_tokens[action]
            n.log.append(("token", -1, tid))
            if shift is None:
                n.phase = "end"
                return
            n.window, n.turn, n.played = 1, 0, False
            n.base, n.shift = n.sections[0], shift
            n.phase = "window"
        else:
            if action < len(sp.shifts):
                n.shift = sp.shifts[action]
                n.played = True
                n.cards[n.turn] -= 1
                n.log.append(("play", n.turn, n.shift))
            else:
                n.log.append(("pass", n.turn, None))
            n.turn += 1
        self._advance()

    def _advance(self) -> None:
        """Skip players who cannot act (no copy left, or the window closed by a play); close the window."""
        n = self._n
        if n.phase != "window":
            return
        while n.turn < 2:
            if n.cards[n.turn] > 0 and not (n.played and self.spec.once_per_phase):
                return
            n.turn += 1
        n.sections.append((n.base + n.shift) % self.spec.n_sections)
        n.phase = "token" if n.window == 0 else "end"

    # --------------------------------------------------------------------------------- results and strings
    def is_terminal(self) -> bool:
        return self._n.phase == "end"

    def returns(self) -> list[float]:
        if self._n.phase != "end":
            return [0.0, 0.0]
        u = self.spec.payoff(self._n.sections)
        return [u, -u]

    def _action_to_string(self, player: int, action: int) -> str:
        sp = self.spec
        if player == pyspiel.PlayerId.CHANCE:
            if self._n.phase == "deal":
                a, b, _ = sp.types[action]
                return f"deal {sp.name(0)}:{a} {sp.name(1)}:{b}"
            return f"token {sp.next_tokens[action][0]}"
        return f"play prescience {sp.shifts[action]:+d}" if action < len(sp.shifts) else PASS_LABEL

    def information_state_for(self, player: int) -> str:
        """What ``player`` (window position) knows: own copies dealt, tokens, everybody's plays, own passes.
        Another player's pass is not shown: it looks like having no card."""
        sp = self.spec
        own = "?" if self._n.dealt is None else str(self._n.dealt[player])
        parts = [f"{sp.name(player)} holds {own}"]
        rnd = sp.round
        for kind, who, value in self._n.log:
            if kind == "token":
                parts.append(f"round {rnd}: token {value}")
                rnd += 1
            elif kind == "play":
                parts.append(f"{sp.name(who)} plays {value:+d}")
            elif who == player:
                parts.append(f"{sp.name(who)} passes")
        return " | ".join(parts)

    def __str__(self) -> str:
        d, name = self.dealt, self.spec.name
        cards = "?" if d is None else f"{name(0)}:{d[0]} {name(1)}:{d[1]}"
        events = " ".join(f"{k}:{v}" if w < 0 else f"{self.spec.name(w)}:{k}{'' if v is None else f'{v:+d}'}"
                          for k, w, v in self.log)
        return f"[{cards}] {events} sections={self.sections}"


class _Observer:
    """PyObserver giving perfect-recall information-state strings (no tensors)."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: PrescienceState, player: int) -> None:
        pass

    def string_from(self, state: PrescienceState, player: int) -> str:
        return state.information_state_for(player)


pyspiel.register_game(GAME_TYPE, PrescienceGame)


def load(seed: int = LESSON_SEED, round: int = LESSON_ROUND) -> PrescienceGame:  # noqa: A002
    """``pyspiel.load_game("python_evo_prescience", {"seed": seed, "round": round})``: the window game at
    :func:`find_position` ``(seed, round)``."""
    return pyspiel.load_game(SHORT_NAME, {"seed": seed, "round": round})
