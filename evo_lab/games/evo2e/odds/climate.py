"""Exact climate forecasts: the wheel section after each future round, the game length, terrain states,
and the Markov-chain view of the wheel for teaching.

The climate pile is the engine's lazy pile (``evo_lab.games.evo2e.rules.climate_token_weights``): each unrevealed
regular token is equally likely to come next, and the meteorite sits in one of the bottom slots with equal
chance. From the start of a game with the shipped pack the game lasts 9, 10 or 11 rounds, each with 1/3.

>>> f = climate_forecast(Game(players=4), rounds=2)
>>> f.rounds
[1, 2]
>>> {k: str(v) for k, v in f.sections[0].items()}
{0: '1/6', 1: '1/6', 2: '1/2', 3: '1/6'}
>>> {k: str(v) for k, v in f.game_length.items()}
{9: '1/3', 10: '1/3', 11: '1/3'}
>>> sum(f.sections[1].values())
Fraction(1, 1)

Prescience is ignored: the forecast follows the tokens as drawn (a played Prescience card replaces one
token's shift by its player's choice, which no probability can predict).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from fractions import Fraction
from collections.abc import Sequence

import numpy as np

from ..datapack import CLIMATE_STATES, DataPack, load_data
from .. import Game, State, Step, rules
from .combat import OddsError


@dataclass(frozen=True)
class ClimateView:
    """What a viewer knows about the climate: unrevealed token counts, pile position of the next draw
    (1-based), the section now, the round of the next draw, the known next token (sixth sense) or None."""

    game: Game
    tokens_left: tuple[int, ...]
    position: int
    section: int
    next_round: int
    known_next: int | None
    ended: bool
    rounds_played: int


def climate_view(state_or_game: State | Game, viewer: int | None = None) -> ClimateView:
    """Read the climate facts a forecast needs from a position (or a game's start).

    ``viewer=None`` is the omniscient teacher, who sees a token that sixth sense has revealed; a player
    sees it only if they hold sixth sense."""
    if isinstance(state_or_game, Game):
        g = state_or_game
        return ClimateView(g, tuple(g.tokens0), 1, g.data.initial_section, 1, None, False, 0)
    if not isinstance(state_or_game, State):
        raise OddsError(f"expected an evo_lab State or Game, got {type(state_or_game).__name__}")
    s = state_or_game
    g = s.game
    if viewer is not None and (
        isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < g.players
    ):
        raise OddsError(f"viewer must be a player 0..{g.players - 1} or None, got {viewer!r}")
    section = s.section
    if s.step == Step.CLIMATE_CARDS:  # the card window is open: the shift is applied after it
        section = (section + s.prescience_shift) % g.n_sections
    before_reveal = s.phase == 0 or s.node == "token" or s.step in (Step.ROUND_START, Step.CLIMATE_TOKEN)
    if s.is_terminal():
        return ClimateView(
            g, tuple(s.tokens_left), len(s.revealed) + 1, section, s.round, None, True, max(0, s.round - 1)
        )
    next_round = max(1, s.round) if before_reveal else s.round + 1
    known = None
    if s.next_token is not None and (viewer is None or s.has(viewer, "sixth_sense")):
        known = s.next_token
    return ClimateView(
        g, tuple(s.tokens_left), len(s.revealed) + 1, section, next_round, known, False, next_round - 1
    )


@dataclass(frozen=True)
class ClimateForecast:
    """Exact climate forecast. ``rounds[k]`` is the game round of the k-th future token draw;
    ``sections[k]`` the section distribution in that round given that the round is played (sums to 1),
    ``reached[k]`` the probability that it is played (the meteorite has not ended the game),
    ``terrain_states[k][terrain][state]`` the chance that ``terrain`` is ideal/hot/cold/deadly then,
    ``game_length`` the distribution of the number of rounds the game lasts."""

    rounds: list[int]
    sections: list[dict[int, Fraction]]
    reached: list[Fraction]
    terrain_states: list[dict[str, dict[str, Fraction]]]
    game_length: dict[int, Fraction]
    current_section: int
    viewer: int | None = None
    n_sections: int = 6
    notes: list[str] = field(default_factory=list)

    def section_matrix(self) -> np.ndarray:
        """Float array ``[round index, section]`` for plotting."""
        m = np.zeros((len(self.rounds), self.n_sections))
        for k, d in enumerate(self.sections):
            for sec, p in d.items():
                m[k, sec] = float(p)
        return m

    def expected_length(self) -> Fraction:
        return sum((k * p for k, p in self.game_length.items()), Fraction(0))

    def to_dict(self) -> dict[str, object]:
        """JSON-able, exact fraction strings (the shape ``evo-lab odds climate --json`` prints)."""
        return {
            "current_section": self.current_section,
            "viewer": self.viewer,
            "rounds": [
                {
                    "round": r,
                    "reached": str(self.reached[k]),
                    "sections": {str(sec): str(p) for sec, p in sorted(self.sections[k].items())},
                    "terrain_states": {
                        t: {c: str(p) for c, p in d.items()} for t, d in self.terrain_states[k].items()
                    },
                }
                for k, r in enumerate(self.rounds)
            ],
            "game_length": {str(k): str(v) for k, v in sorted(self.game_length.items())},
            "notes": list(self.notes),
        }


def _check_rounds(rounds: object) -> int:
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 0:
        raise OddsError(f"rounds must be a non-negative integer, got {rounds!r}")
    return rounds


def climate_forecast(state_or_game: State | Game, rounds: int, viewer: int | None = None) -> ClimateForecast:
    """Exact distribution of the wheel section in each of the next ``rounds`` rounds (fewer if the pile
    cannot last that long), the game length and terrain states. See the module docstring."""
    rounds = _check_rounds(rounds)
    v = climate_view(state_or_game, viewer)
    g = v.game
    notes = ["Prescience is ignored: tokens are followed as drawn."]
    if v.ended:
        return ClimateForecast(
            [],
            [],
            [],
            [],
            {v.rounds_played: Fraction(1)},
            v.section,
            viewer,
            g.n_sections,
            notes + ["the game is over"],
        )
    if v.known_next is not None:
        notes.append(f"the next token is known ({g.token_ids[v.known_next]}, sixth sense)")
    secs, reached, length, tcore = _forecast_core(
        v.tokens_left,
        v.position,
        v.section,
        v.known_next,
        rounds,
        g.token_shifts,
        g.n_sections,
        g.pile_length,
        g.bottom,
        g.section_codes,
        g.data.terrains,
    )
    tstates = [{t: dict(states) for t, states in per} for per in tcore]
    return ClimateForecast(
        [v.next_round + k for k in range(len(secs))],
        [dict(d) for d in secs],
        list(reached),
        tstates,
        {v.rounds_played + k: p for k, p in length},
        v.section,
        viewer,
        g.n_sections,
        notes,
    )


_ZERO = Fraction(0)
#: What :func:`_forecast_core` gives: per round the sections with their chances, the chance the round is
#: reached, the game-length distribution, and per round each terrain's climate states with their chances.
_Core = tuple[
    tuple[tuple[tuple[int, Fraction], ...], ...],
    tuple[Fraction, ...],
    tuple[tuple[int, Fraction], ...],
    tuple[tuple[tuple[str, tuple[tuple[str, Fraction], ...]], ...], ...],
]


@functools.lru_cache(maxsize=4096)
def _forecast_core(
    tokens: tuple[int, ...],
    position: int,
    section: int,
    known: int | None,
    rounds: int,
    shifts: tuple[int, ...],
    n_sections: int,
    pile_length: int,
    bottom: int,
    codes: tuple[tuple[int, ...], ...],
    terrains: tuple[str, ...],
) -> _Core:
    """Integer dynamic programme over the unrevealed counts (the section is a function of them: the start
    section plus the shifts of the tokens drawn, kept in ``sec_of``). All paths share one denominator per draw because the total
    weight at a pile position does not depend on which tokens came before."""
    kinds = len(tokens)
    meteor = kinds
    dist: dict[tuple[int, ...], int] = {tokens: 1}
    sec_of: dict[tuple[int, ...], int] = {tokens: section}
    den = 1
    secs: list[tuple[tuple[int, Fraction], ...]] = []
    reached: list[Fraction] = []
    tstates: list[tuple[tuple[str, tuple[tuple[str, Fraction], ...]], ...]] = []
    pos = position
    nstates = len(CLIMATE_STATES)
    for k in range(rounds):
        if pos > pile_length or not dist:
            break
        new: dict[tuple[int, ...], int] = {}
        if k == 0 and known is not None:
            total = 1
            if known != meteor:
                for cnt, w in dist.items():
                    c2 = cnt[:known] + (cnt[known] - 1,) + cnt[known + 1 :]
                    new[c2] = new.get(c2, 0) + w
                    sec_of[c2] = (sec_of[cnt] + shifts[known]) % n_sections
        else:
            total = 0
            for cnt, w in dist.items():
                ws, met = rules.climate_token_weights(cnt, pos, pile_length, bottom)
                if not total:
                    total = sum(ws) + met
                sec = sec_of[cnt]
                for i in range(kinds):
                    x = ws[i]
                    if x:
                        c2 = cnt[:i] + (cnt[i] - 1,) + cnt[i + 1 :]
                        if c2 in new:
                            new[c2] += w * x
                        else:
                            new[c2] = w * x
                            sec_of[c2] = (sec + shifts[i]) % n_sections
        den *= total or 1
        dist = new
        alive = sum(new.values())
        if alive == 0:
            break
        by_sec = [0] * n_sections
        for cnt, w in new.items():
            by_sec[sec_of[cnt]] += w
        secs.append(tuple((sec, Fraction(w, alive)) for sec, w in enumerate(by_sec) if w))
        reached.append(Fraction(alive, den))
        per = []
        for ti, t in enumerate(terrains):
            acc = [0] * nstates
            for sec, w in enumerate(by_sec):
                if w:
                    acc[codes[sec][ti]] += w
            per.append(
                (t, tuple((CLIMATE_STATES[c], Fraction(x, alive) if x else _ZERO) for c, x in enumerate(acc)))
            )
        tstates.append(tuple(per))
        pos += 1
    length = _game_length(tokens, position, known, pile_length, bottom, meteor)
    return tuple(secs), tuple(reached), length, tuple(tstates)


def _game_length(
    tokens: tuple[int, ...], position: int, known: int | None, pile_length: int, bottom: int, meteor: int
) -> tuple[tuple[int, Fraction], ...]:
    """(rounds completed after the current ones, probability): the meteorite at pile position ``p`` ends
    the game in round ``p``, so ``p - position`` more rounds are completed."""
    out = []
    still = Fraction(1)
    cnt = list(tokens)
    for pos in range(position, pile_length + 1):
        if pos == position and known is not None:
            q = Fraction(1 if known == meteor else 0)
        else:
            ws, met = rules.climate_token_weights(cnt, pos, pile_length, bottom)
            q = Fraction(met, sum(ws) + met)
        if q:
            out.append((pos - position, still * q))
        still *= 1 - q
        if not still:
            break
        cnt = _any_draw(cnt)
    if still:  # pile exhausted without a meteorite: cannot happen with a consistent pile
        out.append((pile_length + 1 - position, still))
    return tuple(out)


def _any_draw(cnt: list[int]) -> list[int]:
    # the meteorite weights depend only on the total left, so remove one token from any kind
    c = list(cnt)
    for i, x in enumerate(c):
        if x:
            c[i] -= 1
            break
    return c


def game_length_distribution(state_or_game: State | Game, viewer: int | None = None) -> dict[int, Fraction]:
    """Exact distribution of the total number of rounds the game lasts (9, 10, 11 with 1/3 each at the
    start with the shipped pack).

    >>> {k: str(v) for k, v in game_length_distribution(Game(players=2)).items()}
    {9: '1/3', 10: '1/3', 11: '1/3'}
    """
    return climate_forecast(state_or_game, 0, viewer).game_length


# ----------------------------------------------------------------------------- simulation
@dataclass(frozen=True)
class ClimateSimulation:
    """Seeded simulation of the climate pile: ``section_counts[k][section]`` counts the samples whose
    k-th future round is played in that section, ``played[k]`` how many samples reach it,
    ``game_length`` counts, ``n`` samples, ``seed``."""

    rounds: list[int]
    section_counts: list[dict[int, int]]
    played: list[int]
    game_length: dict[int, int]
    n: int
    seed: int | None

    def frequency(self, k: int, section: int) -> float:
        return self.section_counts[k].get(section, 0) / self.played[k] if self.played[k] else 0.0

    def interval(self, k: int, section: int) -> tuple[float, float]:
        """Wilson 95% interval of the conditional frequency of ``section`` in the k-th future round."""
        from ....stats import wilson_interval

        return wilson_interval(self.section_counts[k].get(section, 0), self.played[k])

    def length_interval(self, length: int) -> tuple[float, float]:
        from ....stats import wilson_interval

        return wilson_interval(self.game_length.get(length, 0), self.n)


def simulate_climate(
    state_or_game: State | Game, rounds: int, n: int = 10_000, seed: int | None = 0, viewer: int | None = None
) -> ClimateSimulation:
    """Draw the pile ``n`` times with the engine's weights (a check on :func:`climate_forecast`)."""
    rounds = _check_rounds(rounds)
    if isinstance(n, bool) or not isinstance(n, int) or n <= 0:
        raise OddsError(f"n must be a positive integer, got {n!r}")
    v = climate_view(state_or_game, viewer)
    g = v.game
    rng = np.random.default_rng(seed)
    meteor = g.meteorite
    shifts, ns, L, bottom = g.token_shifts, g.n_sections, g.pile_length, g.bottom
    horizon = max(rounds, L - v.position + 1)
    counts: list[dict[int, int]] = [{} for _ in range(rounds)]
    played = [0] * rounds
    length: dict[int, int] = {}
    uniform = rng.random((n, horizon + 1))
    for i in range(n):
        cnt = list(v.tokens_left)
        sec = v.section
        pos = v.position
        k = 0
        u = uniform[i]
        while pos <= L:
            if k == 0 and v.known_next is not None:
                tok = v.known_next
            else:
                ws, met = rules.climate_token_weights(cnt, pos, L, bottom)
                x = int(u[k] * (sum(ws) + met))
                tok = meteor
                for j, w in enumerate(ws):
                    x -= w
                    if x < 0:
                        tok = j
                        break
            if tok == meteor:
                break
            cnt[tok] -= 1
            sec = (sec + shifts[tok]) % ns
            if k < rounds:
                played[k] += 1
                counts[k][sec] = counts[k].get(sec, 0) + 1
            k += 1
            pos += 1
        total = v.rounds_played + k
        length[total] = length.get(total, 0) + 1
    kept = [j for j in range(rounds) if played[j]]
    return ClimateSimulation(
        [v.next_round + j for j in kept],
        [counts[j] for j in kept],
        [played[j] for j in kept],
        dict(sorted(length.items())),
        n,
        seed,
    )


# ----------------------------------------------------------------------------- Markov-chain view
def wheel_transition_matrix(
    data: DataPack | Game | None = None, tokens: Sequence[int] | None = None
) -> list[list[Fraction]]:
    """Transition matrix of the wheel for one token drawn from ``tokens`` (counts per kind; default the
    full mix of the pack), *with replacement*: the Markov-chain idealisation of the climate.

    >>> P = wheel_transition_matrix()
    >>> [str(x) for x in P[0]]
    ['1/6', '1/2', '1/6', '0', '0', '1/6']
    >>> all(sum(row) == 1 for row in P)
    True
    """
    d = data.data if isinstance(data, Game) else (load_data() if data is None else data)
    if not isinstance(d, DataPack):
        raise OddsError(f"data must be a DataPack or Game, got {type(data).__name__}")
    counts = [t.count for t in d.tokens] if tokens is None else list(tokens)
    if len(counts) != len(d.tokens) or any(
        isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in counts
    ):
        raise OddsError(
            f"tokens must be {len(d.tokens)} non-negative counts (kinds {[t.id for t in d.tokens]})"
        )
    total = sum(counts)
    if total == 0:
        raise OddsError("tokens must contain at least one token")
    n = len(d.wheel)
    P = [[Fraction(0)] * n for _ in range(n)]
    for i in range(n):
        for t, c in zip(d.tokens, counts):
            P[i][(i + t.shift) % n] += Fraction(c, total)
    return P


def transition_matrix_numpy(P: list[list[Fraction]]) -> np.ndarray:
    """The same matrix as floats."""
    return np.array([[float(x) for x in row] for row in P])


def stationary_distribution(P: list[list[Fraction]]) -> list[Fraction]:
    """Exact stationary distribution ``pi`` with ``pi P = pi`` and ``sum(pi) = 1`` (Gaussian elimination
    over fractions; the chain must have a unique one).

    >>> [str(x) for x in stationary_distribution(wheel_transition_matrix())]
    ['1/6', '1/6', '1/6', '1/6', '1/6', '1/6']
    """
    n = len(P)
    # equations: sum_i pi_i (P[i][j] - [i==j]) = 0 for j < n-1, and sum pi = 1
    A = [[P[i][j] - (1 if i == j else 0) for i in range(n)] + [Fraction(0)] for j in range(n - 1)]
    A.append([Fraction(1)] * n + [Fraction(1)])
    for col in range(n):
        piv = next((r for r in range(col, n) if A[r][col] != 0), None)
        if piv is None:
            raise OddsError("the chain has no unique stationary distribution")
        A[col], A[piv] = A[piv], A[col]
        pv = A[col][col]
        A[col] = [x / pv for x in A[col]]
        for r in range(n):
            if r != col and A[r][col] != 0:
                f = A[r][col]
                A[r] = [x - f * y for x, y in zip(A[r], A[col])]
    return [A[i][n] for i in range(n)]


def markov_forecast(
    section: int, rounds: int, data: DataPack | Game | None = None
) -> list[dict[int, Fraction]]:
    """Section distribution after 1..rounds draws *with replacement* (matrix powers of the Markov chain),
    to compare with the exact, without-replacement :func:`climate_forecast`."""
    rounds = _check_rounds(rounds)
    P = wheel_transition_matrix(data)
    n = len(P)
    if isinstance(section, bool) or not isinstance(section, int) or not 0 <= section < n:
        raise OddsError(f"section must be 0..{n - 1}, got {section!r}")
    v = [Fraction(0)] * n
    v[section] = Fraction(1)
    out = []
    for _ in range(rounds):
        v = [sum((v[i] * P[i][j] for i in range(n)), Fraction(0)) for j in range(n)]
        out.append({j: p for j, p in enumerate(v) if p})
    return out
