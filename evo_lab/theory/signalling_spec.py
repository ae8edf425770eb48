"""The Prescience window game's data, read from an Evo 2e position (the part of :mod:`evo_lab.theory.signalling` that
needs no OpenSpiel): :class:`PrescienceSpec`, the exact deal of the Prescience copies (:func:`prescience_types`),
:func:`spec_from_state`, and the lesson's positions (:func:`find_position`, :func:`positions`). The module
docstring of :mod:`evo_lab.theory.signalling` describes the game and its rulebook sources.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np

from ..games.evo2e import rules
from ..games.evo2e.actions import TOKEN
from ..games.evo2e.state import State
from .auction import TheoryError

__all__ = [
    "MAX_COPIES",
    "SignallingError",
    "PrescienceSpec",
    "prescience_types",
    "spec_from_state",
    "find_position",
    "positions",
    "LESSON_SEED",
    "LESSON_ROUND",
]

MAX_COPIES = 2  # two windows: a third copy can never be used


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


def prescience_types(
    pool: int, copies: int, hands: tuple[int, int], cap: int = MAX_COPIES
) -> tuple[tuple[int, int, Fraction], ...]:
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
            ways = (
                _comb(copies, a)
                * _comb(pool - copies, ha - a)
                * _comb(copies - a, b)
                * _comb(pool - copies - (ha - a), hb - b)
            )
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
        raise SignallingError(
            f"the window game is for two players (zero-sum in MP difference), got {g.players}"
        )
    if not hist or hist[-1].kind != TOKEN or state.node_name() != "climate_cards":
        raise SignallingError(
            "the window game starts right after a climate token is revealed (the Prescience "
            f"window); this position is at node {state.node_name()!r} ({state.phase_name()} phase)"
        )
    if any(state.has(p, "sixth_sense") for p in range(2)):
        raise SignallingError(
            "a sixth-sense holder already knows next round's token; the window game assumes nobody does"
        )
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
    nxt: list[tuple[str, int | None, Fraction]] = [
        (g.token_ids[i], g.token_shifts[i], Fraction(x, tot)) for i, x in enumerate(w) if x
    ]
    if met:
        nxt.append(("meteorite", None, Fraction(met, tot)))
    tok = hist[-1].a
    return PrescienceSpec(
        round=state.round,
        seats=seats,
        section=state.section,
        token=g.token_ids[tok],
        token_shift=g.token_shifts[tok],
        shifts=tuple(g.card_params[pres[0]]),
        n_sections=g.n_sections,
        losses=losses,  # type: ignore[arg-type]
        types=prescience_types(pool, copies, hands),
        next_tokens=tuple(nxt),
        pool=(pool, copies),
        hand_sizes=hands,
        once_per_phase=g.options.prescience_once_per_phase,
    )


#: The lesson's position: seed 205, the climate phase of round 7 (found by
#: :func:`evo_lab.theory.signalling_solve.search_positions`: a window game with a strictly mixed silence that is the same
#: in every equilibrium; before ruling R18 the first of seeds 0..399, since R18 the second after seed 115, round 4,
#: whose game has one mixed information state only; re-run over seeds 0..399 on the R18 engine: 115, 205, 307).
LESSON_SEED, LESSON_ROUND = 205, 7


def find_position(
    seed: int = LESSON_SEED,
    round: int | None = LESSON_ROUND,
    *,  # noqa: A002 - the game's word
    min_cards: int = 1,
) -> State:
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
    raise SignallingError(
        f"seed {seed}: no climate-token reveal where the window game applies"
        + (f" in round {round}" if round is not None else "")
    )


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
