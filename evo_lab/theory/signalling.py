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

from fractions import Fraction
from typing import Any

import numpy as np

try:
    import pyspiel
except ImportError as e:  # pragma: no cover - depends on the installation
    from ..interop.errors import missing_dependency

    raise missing_dependency(
        f"the signalling game needs the open_spiel wheel ({e}); pip install 'evo-lab[openspiel]'"
    ) from e

from .signalling_spec import (
    LESSON_ROUND,
    LESSON_SEED,
    PrescienceSpec,
    SignallingError,
    find_position,
    positions,
    prescience_types,
    spec_from_state,
)

__all__ = [
    "SHORT_NAME",
    "SignallingError",
    "PrescienceSpec",
    "PrescienceGame",
    "PrescienceState",
    "spec_from_state",
    "find_position",
    "positions",
    "prescience_types",
    "load",
    "LESSON_SEED",
    "LESSON_ROUND",
]

SHORT_NAME = "python_evo_prescience"
PASS_LABEL = "pass"


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
        info = pyspiel.GameInfo(
            num_distinct_actions=len(spec.shifts) + 1,
            max_chance_outcomes=max(len(spec.types), len(spec.next_tokens)),
            num_players=2,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=6,
        )
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
        events = " ".join(
            f"{k}:{v}" if w < 0 else f"{self.spec.name(w)}:{k}{'' if v is None else f'{v:+d}'}"
            for k, w, v in self.log
        )
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
