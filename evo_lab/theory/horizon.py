"""The meteorite clock: Evo's random horizon as discounting, and the value of a durable gene by the round it is bought.

Setting up the climate pile (rulebook): "Remove the meteorite token ... Discard one climate token at random ...
Make a face down pile of 3 climate tokens by shuffling the meteorite token and 2 other random tokens. Shuffle the
remaining climate tokens and put them face down on top of this pile of 3." The meteorite is therefore the 10th,
11th or 12th token with chance 1/3 each, and "If the meteorite token appears, the game stops immediately": the game
lasts 9, 10 or 11 rounds. Everything here is read from the engine's lazy pile through
:func:`evo_lab.games.evo2e.odds.climate_forecast`, so it holds for any data pack and from any position.

**Discounting.** A payoff ``c_k`` earned in round ``k`` is worth ``D_k c_k`` today, where ``D_k`` is the chance
that round ``k`` is played: the survival function of the horizon plays the part of the discount factor
``δ^(k−1)`` of a geometric horizon (round 1 is played for sure; each later round is discounted once more). The hazard ``h_k = 1 − D_{k+1} / D_k`` is the chance that round ``k`` is the last
one played, given that it is played.

>>> import evo_lab
>>> h = horizon(evo_lab.Game(players=3))
>>> [str(h.played[k]) for k in (9, 10, 11)]
['1', '2/3', '1/3']
>>> str(h.expected_rounds(1)), str(h.expected_rounds(10)), [str(h.hazard(k)) for k in (8, 9, 10, 11)]
('10', '3/2', ['0', '1/3', '1/2', '1'])
>>> str(egg_value(h, 11, Fraction(1, 2)))
'1/2'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from ..games.evo2e import Game, State
from ..parallel import child_seeds, seed_int
from ..stats import Z95, cluster_ratio_interval, wilson_interval
from .auction import TheoryError
from .playback import random_steps

__all__ = [
    "HorizonError",
    "Horizon",
    "horizon",
    "fixed_horizon",
    "marginal_survival",
    "flow_value",
    "egg_value",
    "geometric_weights",
    "RoundRates",
    "round_rates",
    "auction_positions",
    "first_seed_lasting",
    "DurableValue",
    "durable_values",
    "Calibration",
    "calibrate",
    "fit_survival",
]


class HorizonError(TheoryError):
    """A horizon question the position cannot answer (a round out of range, a bad rate)."""


@dataclass(frozen=True)
class Horizon:
    """``played[k]``: the exact chance that round ``k`` is played, seen from a position (1 for rounds already
    begun); ``length[n]``: the chance that the game lasts ``n`` rounds; ``now``: the round of the position."""

    played: dict[int, Fraction]
    length: dict[int, Fraction]
    now: int

    def rounds(self) -> list[int]:
        return sorted(self.played)

    def given(self, r: int) -> dict[int, Fraction]:
        """``P(round k played | round r played)`` for ``k >= r``: the discount factors of a purchase in round ``r``."""
        base = self._at(r)
        return {k: p / base for k, p in self.played.items() if k >= r}

    def expected_rounds(self, r: int) -> Fraction:
        """Expected number of rounds played from round ``r`` on (``r`` included), given that ``r`` is played."""
        return sum(self.given(r).values(), Fraction(0))

    def hazard(self, k: int) -> Fraction:
        """Chance that round ``k`` is the last one played, given that it is played."""
        return 1 - self.played.get(k + 1, Fraction(0)) / self._at(k)

    def expected_length(self) -> Fraction:
        return sum((n * p for n, p in self.length.items()), Fraction(0))

    def _at(self, r: int) -> Fraction:
        p = self.played.get(r, Fraction(0))
        if p == 0:
            raise HorizonError(f"round {r} cannot be played from this position (rounds {self.rounds()})")
        return p


def horizon(state_or_game: State | Game, viewer: int | str | None = "public") -> Horizon:
    """The exact horizon seen from a position (or a game's start), from :func:`evo_lab.games.evo2e.odds.climate_forecast`.
    ``viewer``: ``"public"`` (a player who has not peeked: Sixth Sense is unique, so one exists), a player, or
    ``None`` (the teacher, who also sees a peeked token)."""
    from ..games.evo2e.odds import climate_forecast

    if isinstance(state_or_game, State) and state_or_game.is_terminal():
        raise HorizonError("the game is over: no round is left to play")
    who: int | None
    if viewer == "public":
        who = None
        if isinstance(state_or_game, State):
            who = next(p for p in range(state_or_game.players) if not state_or_game.has(p, "sixth_sense"))
    elif isinstance(viewer, str):
        raise HorizonError(f"viewer is 'public', a player or None, got {viewer!r}")
    else:
        who = viewer
    f = climate_forecast(state_or_game, rounds=64, viewer=who)
    now = state_or_game.round if isinstance(state_or_game, State) else 0
    first = f.rounds[0] if f.rounds else now + 1
    played = {k: Fraction(1) for k in range(1, first)}  # rounds already begun
    played.update({r: p for r, p in zip(f.rounds, f.reached)})
    return Horizon(played, dict(f.game_length), now)


def fixed_horizon(rounds: int) -> Horizon:
    """A game of exactly ``rounds`` rounds (for comparison with the meteorite clock)."""
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise HorizonError(f"rounds must be a positive integer, got {rounds!r}")
    return Horizon({k: Fraction(1) for k in range(1, rounds + 1)}, {rounds: Fraction(1)}, 0)


def flow_value(h: Horizon, r: int, per_round: Fraction | float) -> Fraction | float:
    """A gene bought in round ``r`` that is worth ``per_round`` MP in every round played from ``r`` on:
    ``per_round × E[rounds played from r]``."""
    return per_round * h.expected_rounds(r)


def egg_value(h: Horizon, r: int, q: Fraction | float, use: Fraction | float = 1) -> Fraction | float:
    """The survival-weighted value of one extra egg bought in round ``r``: in every round ``j >= r`` that is
    played the egg lays one more dinosaur with chance ``use``; a dinosaur survives each survival phase with chance
    ``q`` and scores 1 MP at each scoring it lives to see ("each player receives one MP for each of his dinosaurs
    on the game board"). So ``V = use × Σ_k P(k | r) Σ_{j=r..k} q^(k-j+1)``. The 8-dinosaur cap, the floor of two
    and a newborn's place are left out (the simulation keeps them)."""
    if not 0 <= q <= 1 or not 0 <= use <= 1:
        raise HorizonError(f"q and use are probabilities, got q={q!r}, use={use!r}")
    total: Any = 0
    for k, p in h.given(r).items():
        total += p * sum(q ** (k - j + 1) for j in range(r, k + 1))
    return use * total


def geometric_weights(mean: Fraction, rounds: int) -> list[Fraction]:
    """Weights ``δ^(k-1)`` of rounds 1..``rounds`` for the memoryless horizon with the same expected length:
    ``P(round k played) = δ^(k-1)`` with ``Σ δ^(k-1) = 1 / (1 - δ) = mean``, so ``δ = 1 - 1/mean``.

    >>> [str(w) for w in geometric_weights(Fraction(10), 3)]
    ['1', '9/10', '81/100']
    """
    if mean < 1:
        raise HorizonError(f"a mean number of rounds must be at least 1, got {mean}")
    d = 1 - 1 / Fraction(mean)
    return [d ** (k - 1) for k in range(1, rounds + 1)]


# ---------------------------------------------------------------------------------------------- simulation
@dataclass(frozen=True)
class RoundRates:
    """Measured over seeded games: ``survived``/``at_risk`` dinosaurs through survival phases (``q``) and
    ``births``/``birth_decisions`` (the share of birth decisions that lay a dinosaur, ``use``). ``per_game`` keeps
    each game's ``(survived, at_risk, births, birth_decisions)``. Dinosaurs of one game are not independent (one
    climate token kills many at once), so the intervals to use are the cluster ones, with the game as the unit
    (:meth:`q_cluster_interval`, :meth:`use_cluster_interval`); the Wilson intervals treat every dinosaur and
    every decision as independent and are too narrow."""

    survived: int
    at_risk: int
    births: int
    birth_decisions: int
    games: int
    policy: str
    per_game: tuple[tuple[int, int, int, int], ...] = ()

    @property
    def q(self) -> float:
        return self.survived / self.at_risk

    @property
    def use(self) -> float:
        return self.births / self.birth_decisions

    def q_interval(self) -> tuple[float, float]:
        return wilson_interval(self.survived, self.at_risk)

    def use_interval(self) -> tuple[float, float]:
        return wilson_interval(self.births, self.birth_decisions)

    def q_cluster_interval(self) -> tuple[float, float]:
        """95% interval of ``q`` with the game as the unit (:func:`evo_lab.stats.cluster_ratio_interval`)."""
        _r, lo, hi = cluster_ratio_interval([g[0] for g in self.per_game], [g[1] for g in self.per_game])
        return lo, hi

    def use_cluster_interval(self) -> tuple[float, float]:
        """95% interval of ``use`` with the game as the unit."""
        _r, lo, hi = cluster_ratio_interval([g[2] for g in self.per_game], [g[3] for g in self.per_game])
        return lo, hi


def round_rates(seeds: Sequence[int], players: int = 3) -> RoundRates:
    """Survival and birth rates of uniformly random play over the games ``seeds``: each survival phase counts the
    dinosaurs on the board when it starts and when it has been resolved (the engine's ``survival`` phase)."""
    per_game = []
    for sd in seeds:
        survived = at_risk = births = decisions = 0
        before = None
        for s, a in random_steps(int(sd), players):
            if s.phase_name() == "survival" and before is None:
                before = sum(len(s.dinosaurs(p)) for p in range(players))
            elif s.phase_name() != "survival" and before is not None:
                at_risk += before
                survived += sum(len(s.dinosaurs(p)) for p in range(players))
                before = None
            if a is not None and not s.is_chance_node() and s.node_name() == "birth":
                decisions += 1
                births += a.kind == "birth"
        per_game.append((survived, at_risk, births, decisions))
    tot = [sum(g[k] for g in per_game) for k in range(4)]
    if tot[1] == 0 or tot[3] == 0:
        raise HorizonError("no survival phase or birth decision in these games")
    return RoundRates(tot[0], tot[1], tot[2], tot[3], len(per_game), "random", tuple(per_game))


def first_seed_lasting(rounds: int, start: int = 0, players: int = 3, limit: int = 200) -> int:
    """The first seed from ``start`` whose uniformly random game lasts ``rounds`` rounds and in which nobody ever
    holds Sixth Sense (so no position of it has a peeked token: its future is as random as the public sees it)."""
    for sd in range(start, start + limit):
        s = _play(sd, players)
        if _rounds_played(s) == rounds and not any(s.has(p, "sixth_sense") for p in range(players)):
            return sd
    raise HorizonError(f"no such game of {rounds} rounds among seeds {start}..{start + limit - 1}")


def _rounds_played(s: State) -> int:
    return s.round - 1 if s.is_terminal() else s.round


def _play(seed: int, players: int) -> State:
    for s, _a in random_steps(seed, players):
        pass
    return s


def auction_positions(seed: int, players: int = 3) -> dict[int, State]:
    """The start of each round's auction (first ``bid`` decision, no marker placed) of the uniformly random
    game ``seed``: ``{round: position}``, reached through ``apply_action`` (:func:`~.playback.random_steps`)."""
    out: dict[int, State] = {}
    for s, _a in random_steps(seed, players):
        if (
            not s.is_terminal()
            and s.node_name() == "bid"
            and s.round not in out
            and all(x["holder"] is None for x in s.auction()["lots"])
        ):
            out[s.round] = s.clone()
    return out


def _cheapest_bid_policy(rng: np.random.Generator) -> Any:
    """Uniformly random decisions, except bids: the cheapest legal bid (first in the engine's order on ties), so
    that MP won are not spent again at random and the paired difference measures scoring."""

    def policy(s: State) -> Any:
        acts = s.legal_actions()
        if s.node_name() == "bid":
            vials = s.vials(s.current_player())
            return min(acts, key=lambda a: max(0, a.b - vials))
        return acts[int(rng.random() * len(acts))]

    return policy


@dataclass(frozen=True)
class DurableValue:
    """Simulated value (final MP, paired) of ``gene`` bought by ``player`` in round ``round``'s auction (it joins
    the player's genes when the auction is paid): ``mean`` with its 95% interval (``evo_lab.stats.mean_interval``) over
    ``n`` paired samples."""

    round: int
    gene: str
    mean: float
    low: float
    high: float
    n: int
    seed: int


def durable_values(
    positions: dict[int, State], gene: str = "egg", *, player: int = 0, n: int = 60, seed: int = 0
) -> list[DurableValue]:
    """Paired seeded value of buying ``gene`` in the auction of each position (the start of a round's bidding).

    Both branches take the gene out of the bag and its lot out of the auction (as :func:`evo_lab.theory.gene_values`
    does) and play the bidding with the same streams; when the auction has been paid, one branch gives the gene to
    ``player``, as the engine gives a won lot ("The other players take the gene from the column that they won"), so
    a vial counts from the next round (ruling R3). Both then play on with copies of the same chance stream and
    policy stream: uniformly random decisions with the cheapest bids (:func:`_cheapest_bid_policy`). Built with
    the position builder (:func:`evo_lab.theory.values.paired_branches`, :func:`~evo_lab.theory.values.granted`).
    Sixth Sense bought this way does not see the next token in the round it is bought."""
    from ..stats import mean_interval

    out = []
    for r, state in sorted(positions.items()):
        diffs: list[float] = []
        memo: dict[tuple[int, int, int | None], State] = {}
        for ss in child_seeds([seed, r], n):
            finals = _bought_pair(state, gene, player, seed_int(ss), memo)
            diffs.append(float(finals[1] - finals[0]))
        m, lo, hi = mean_interval(diffs)
        out.append(DurableValue(r, gene, m, lo, hi, n, seed))
    return out


def _bought_pair(state: State, gene: str, player: int, sd: int, memo: dict) -> tuple[int, int]:
    """One paired sample of :func:`durable_values`: ``player``'s final MP without and with ``gene``."""
    import copy

    from ..core.protocol import play_out
    from .values import granted, paired_branches

    base = paired_branches(state, gene, player, seed=sd, memo=memo)[0]
    moves, chance = np.random.default_rng([sd, 2]), np.random.default_rng([sd, 1])
    play_out(base, _cheapest_bid_policy(moves), chance, stop=lambda s: s.node_name() != "bid")
    with_ = granted(base, gene, player)  # the auction is paid: the game cannot have ended here
    finals = []
    for s in (base, with_):
        play_out(s, _cheapest_bid_policy(copy.deepcopy(moves)), copy.deepcopy(chance))
        finals.append(s.returns()[player])
    return finals[0], finals[1]


def marginal_survival(last: DurableValue, use: float) -> tuple[float, float, float]:
    """The survival chance ``q`` of the *extra* dinosaur implied by an egg's simulated value in the last possible
    round, where :func:`egg_value` reduces to ``use × q``: ``(q, low, high)`` from the value's 95% interval."""
    if not 0 < use <= 1:
        raise HorizonError(f"use must be in (0, 1], got {use!r}")
    clip = lambda x: min(1.0, max(0.0, x / use))  # noqa: E731
    return clip(last.mean), clip(last.low), clip(last.high)


@dataclass(frozen=True)
class Calibration:
    """How a model's egg values compare with the simulated ones, round by round (the calibration round left out).

    ``rounds``: the rounds compared; ``model``: the model's values; ``inside``: whether each lies in the simulated
    95% interval; ``expected_inside``: how many a correct model would hit on average (95% of the rounds);
    ``p_at_most``: the chance that a correct model hits at most ``len(hits)`` (binomial, independent rounds);
    ``chi2``: ``sum(((sim - model) / se)^2)`` with ``se`` the half-width / 1.96, and ``p_chi2`` its upper tail
    with ``len(rounds) - fitted`` degrees of freedom."""

    q: float
    rounds: tuple[int, ...]
    model: tuple[float, ...]
    inside: tuple[bool, ...]
    expected_inside: float
    p_at_most: float
    chi2: float
    p_chi2: float

    @property
    def hits(self) -> int:
        return sum(self.inside)


def calibrate(
    values: Sequence[DurableValue],
    positions: dict[int, State],
    q: float,
    use: float,
    *,
    leave_out: Sequence[int] = (),
    fitted: int = 0,
) -> Calibration:
    """Compare :func:`egg_value` with survival ``q`` and use ``use`` against the simulated ``values`` (one per round,
    from :func:`durable_values` on ``positions``), leaving out the rounds ``leave_out`` (a round used to choose
    ``q`` cannot test it). ``fitted``: parameters chosen on the compared rounds themselves (degrees of freedom)."""
    vals = [v for v in values if v.round not in set(leave_out)]
    return _calibrate(vals, {v.round: horizon(positions[v.round]) for v in vals}, q, use, fitted)


def _calibrate(
    vals: Sequence[DurableValue], clocks: dict[int, Horizon], q: float, use: float, fitted: int
) -> Calibration:
    from scipy.stats import binom, chi2

    model = [float(egg_value(clocks[v.round], v.round, q, use)) for v in vals]
    inside = [v.low <= m <= v.high for v, m in zip(vals, model)]
    se = [max((v.high - v.low) / (2 * Z95), 1e-12) for v in vals]
    c2 = float(sum(((v.mean - m) / s) ** 2 for v, m, s in zip(vals, model, se)))
    n = len(vals)
    return Calibration(
        float(q),
        tuple(v.round for v in vals),
        tuple(model),
        tuple(inside),
        0.95 * n,
        float(binom.cdf(sum(inside), n, 0.95)),
        c2,
        float(chi2.sf(c2, n - fitted)),
    )


def fit_survival(
    values: Sequence[DurableValue],
    positions: dict[int, State],
    use: float,
    *,
    rounds: Sequence[int] | None = None,
    grid: int = 401,
) -> tuple[float, float, float]:
    """``(q, low, high)``: the survival chance of the extra dinosaur that makes :func:`egg_value` closest to the
    simulated values of ``rounds`` (all by default) in the chi-square sense, and the range of ``q`` whose chi-square
    is within 3.84 of the smallest (an approximate 95% interval: one fitted parameter)."""
    vals = [v for v in values if rounds is None or v.round in set(rounds)]
    clocks = {v.round: horizon(positions[v.round]) for v in vals}
    qs = np.linspace(0.0, 1.0, grid)
    c2 = np.array([_calibrate(vals, clocks, float(q), use, 1).chi2 for q in qs])
    best = int(np.argmin(c2))
    ok = qs[c2 <= c2[best] + 3.84]
    return float(qs[best]), float(ok.min()), float(ok.max())
