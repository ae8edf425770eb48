"""The parts :func:`evo_lab.core.analysis.analyse` is built from: final scores and margins, rollout policies,
running statistics with confidence intervals, one playout, and the exact enumeration of a small remaining tree.

Everything goes through the public state protocol (:class:`~evo_lab.core.protocol.GameState`) plus three optional
methods a game may offer: ``scores()`` (the points each player has; Evolution, Origin), ``winners()`` and
``determinize(viewer, rng)``. A game without ``scores()`` is scored by ``returns()`` (Evo 2e: MP).

>>> import evo_lab
>>> s = evo_lab.make_game("origin", players=2, seed=1).new_initial_state_dealt()
>>> final_scores(s) == s.scores(), margin([7, 3, 9], 0)
(True, -2.0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol, cast

import numpy as np

from .chance_words import ChanceWords, SeenEvent, event_text, seen_event
from .errors import EvoLabError
from .protocol import GameState, State, sample_chance

__all__ = [
    "Z95",
    "AlignedRandom",
    "AnalysisError",
    "ExactValue",
    "Playout",
    "Policy",
    "PolicyFactory",
    "RandomSource",
    "Running",
    "clock",
    "determinized",
    "event_text",
    "exact_values",
    "final_scores",
    "margin",
    "nothing_hidden",
    "play_one",
    "playout_rng",
    "rollout_policy",
    "t_quantile",
    "win_share",
]

#: The two-sided 95% quantile of the normal law (the intervals' default confidence).
Z95 = 1.959963984540054


class AnalysisError(EvoLabError, ValueError):
    """An analysis that cannot be run: not a decision node of the viewer, a bad budget or option."""


class RandomSource(Protocol):
    """What a rollout policy and a chance draw use: ``random()`` in [0, 1) (a numpy ``Generator`` or an
    :class:`AlignedRandom`)."""

    def random(self) -> float: ...


#: A rollout policy: the action to play at a decision node.
Policy = Callable[[GameState], Hashable]
#: A rollout policy factory: ``factory(rng) -> policy`` (the games' ``search_hooks().rollout``).
PolicyFactory = Callable[[RandomSource], Policy]


def final_scores(state: GameState) -> list[float]:
    """Every player's score: ``state.scores()`` when the game has it (Evolution, Origin: points), else
    ``state.returns()`` (Evo 2e: MP). Read at the end of a playout, these are the final scores."""
    sc = getattr(state, "scores", None)
    values = sc() if callable(sc) else state.returns()
    return [float(x) for x in values]


def margin(scores: list[float], viewer: int) -> float:
    """The viewer's score minus the best score among the other players (positive: the viewer is ahead)."""
    others = [x for q, x in enumerate(scores) if q != viewer]
    return float(scores[viewer] - max(others)) if others else float(scores[viewer])


def win_share(state: GameState, viewer: int) -> float:
    """``1/k`` if the viewer is one of ``k`` winners of the finished game (``state.winners()``; a game without it:
    the ``k`` players with the top score), else 0."""
    wf = getattr(state, "winners", None)
    if callable(wf):
        w = list(wf())
    else:
        sc = final_scores(state)
        w = [q for q, x in enumerate(sc) if x == max(sc)]
    return 1.0 / len(w) if viewer in w else 0.0


def _uniform(rng: RandomSource) -> Policy:
    def policy(s: GameState) -> Hashable:
        acts = s.legal_actions()
        return acts[int(rng.random() * len(acts))]

    return policy


def rollout_policy(state: GameState, rollout: str | PolicyFactory) -> PolicyFactory:
    """The rollout policy factory ``factory(rng) -> policy(state)``: ``"random"`` (uniform over the legal
    actions), ``"game"`` (the rollout of the game's search hooks, ``kit.search_hooks().rollout``: Evo's and
    Origin's cheap policies; uniform for a game without one) or a factory given by the caller."""
    if callable(rollout):
        return rollout
    if rollout == "random":
        return _uniform
    if rollout == "game":
        from .registry import UnknownGameError, kit_module

        try:
            make = getattr(kit_module(cast(State, state)), "search_hooks", None)
        except UnknownGameError:
            make = None
        if make is None:
            return _uniform
        factory: PolicyFactory = make().rollout
        return factory
    raise AnalysisError(f"rollout must be 'game', 'random' or a policy factory, got {rollout!r}")


def t_quantile(z: float, df: int) -> float:
    """The Student-t quantile matching the normal quantile ``z`` with ``df`` degrees of freedom (Cornish-Fisher
    expansion to the third order: within 0.3% of the exact value from 5 degrees of freedom up). A mean of a few
    heavy-tailed playouts needs it: its sample deviation is often too small.

    >>> round(t_quantile(Z95, 9), 2), round(t_quantile(Z95, 29), 2), t_quantile(Z95, 10**9) - Z95 < 1e-6
    (2.26, 2.05, True)
    """
    if df < 1:
        return math.inf
    z3, z5, z7 = z**3, z**5, z**7
    return (
        z
        + (z3 + z) / (4 * df)
        + (5 * z5 + 16 * z3 + 3 * z) / (96 * df**2)
        + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df**3)
    )


@dataclass
class Running:
    """Running sums of one action's playouts: margins, their squares, win shares."""

    n: int = 0
    total: float = 0.0
    squares: float = 0.0
    wins: float = 0.0

    def add(self, value: float, win: float) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value
        self.wins += win

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def variance(self) -> float:
        """The unbiased sample variance (0 with fewer than two playouts)."""
        if self.n < 2:
            return 0.0
        return max(0.0, (self.squares - self.total * self.total / self.n) / (self.n - 1))

    def half_width(self, z: float = Z95) -> float:
        """Half the width of the confidence interval of the mean: Student's t with ``n - 1`` degrees of freedom
        at the level of the normal quantile ``z`` (infinite with fewer than two playouts)."""
        return math.inf if self.n < 2 else t_quantile(z, self.n - 1) * math.sqrt(self.variance / self.n)


@dataclass
class Playout:
    """One playout: the final scores, the viewer's margin and win share, and the first chance event after the
    root action as the viewer would see it, in words (``None``: none before the end)."""

    scores: list[float]
    margin: float
    win: float
    next_event: SeenEvent | None


def determinized(state: GameState, viewer: int, rng: np.random.Generator) -> GameState:
    """A state drawn from the viewer's information set (``state.determinize``), or a clone for a game without
    hidden information."""
    det = getattr(state, "determinize", None)
    out: GameState = det(viewer, rng) if callable(det) else state.clone()
    return out


_M64 = (1 << 64) - 1


def _mix(z: int) -> int:
    """SplitMix64's finaliser: a well-spread 64-bit function of ``z`` (the aligned random numbers' hash)."""
    z = (z + 0x9E3779B97F4A7C15) & _M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return z ^ (z >> 31)


def _fold(base: int, *key: int) -> int:
    for x in key:
        base = _mix(base ^ (x & _M64))
    return base


class AlignedRandom:
    """Random numbers in [0, 1) keyed by *where* they are drawn rather than by how many came before: after
    :meth:`at` ``(round, turn, player, j)`` the ``i``-th call of :meth:`random` returns a fixed function of
    (seed, key, ``i``). Two playouts of different root actions with the same seed therefore draw the same numbers
    for the ``j``-th decision of a player in the same round and turn, however many numbers the other moves used:
    the common random numbers stay aligned after the actions part (a numpy stream would shift by every extra
    draw). Methods other than ``random`` (a caller's own rollout factory) go to a seeded numpy generator.

    >>> r, q = AlignedRandom(7, 0, 1), AlignedRandom(7, 0, 1)
    >>> r.at(2, 1, 0, 3); _ = r.random(); x = r.random()
    >>> q.at(2, 1, 0, 3); _ = q.random(); x == q.random(), 0 <= x < 1
    (True, True)
    """

    __slots__ = ("_seed", "_base", "_i", "_spare")

    def __init__(self, *seed: int):
        self._seed = _fold(0, *seed)
        self._base, self._i = self._seed, 0
        self._spare: np.random.Generator | None = None

    def at(self, *key: int) -> None:
        """Key the next numbers by ``key`` (integers)."""
        self._base, self._i = _fold(self._seed, *key), 0

    def turn_key(self, r: int, t: int) -> int:
        """The partial key of a round and turn (computed once a turn: :meth:`at_slot` finishes it)."""
        return _fold(self._seed, r, t)

    def at_slot(self, turn_key: int, who: int, j: int) -> None:
        """``at(r, t, who, j)`` in one step from ``turn_key(r, t)`` (the playout's hot path)."""
        self._base, self._i = _mix(turn_key ^ (((who + 2) << 40) | j)), 0

    def random(self) -> float:
        self._i += 1
        return (_mix((self._base + self._i) & _M64) >> 11) * (1.0 / (1 << 53))

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        if self._spare is None:
            self._spare = np.random.default_rng(self._seed)
        return getattr(self._spare, name)


def clock(s: GameState) -> tuple[int, int]:
    """Where a state is in the game, for the aligned random numbers: its ``round`` and ``turn`` attributes where
    the game has them as integers (Evo 2e: round; Evolution: round and turn; Origin: turn), else 0."""
    r, t = getattr(s, "round", 0), getattr(s, "turn", 0)
    return (r if isinstance(r, int) else 0, t if isinstance(t, int) else 0)


def play_one(
    start: GameState,
    viewer: int,
    action: Hashable,
    policy_factory: PolicyFactory,
    entropy: int,
    k: int,
    *,
    trusted_policy: bool = False,
    words: ChanceWords | None = None,
) -> Playout:
    """Playout ``k``: apply ``action`` to ``start`` (a state redrawn from the viewer's information set, see
    :func:`determinized`; never the real state), play to the end and score it. Chance nodes are drawn by their
    exact weights and decisions by the rollout policy, both from :class:`AlignedRandom` numbers keyed by
    (round, turn, player or chance, how many such draws came before in that turn): playout ``k`` of every root
    action uses the same keyed numbers (common random numbers that stay aligned). Chance outcomes, and with
    ``trusted_policy`` (the game's own or the uniform rollout) the policy's actions, are applied without the
    legality check (``apply_unchecked``, where the game has it): they are legal by construction. ``words``: how
    the first chance event is said (:mod:`evo_lab.core.chance_words`; default the game's view plugin)."""
    s = start.clone()
    if action not in s.legal_actions():
        raise AnalysisError(
            f"{start.action_to_string(action)!r} is not legal in a redrawn position: the game's "
            "legal actions depend on what the viewer cannot see"
        )
    s.apply_action(action)
    moves, draws = AlignedRandom(entropy, k, 1), AlignedRandom(entropy, k, 2)
    policy = policy_factory(moves)
    unchecked = getattr(s, "apply_unchecked", s.apply_action)
    play = unchecked if trusted_policy else s.apply_action
    per_turn: dict[tuple[int, int], dict[int, int]] = {}  # draws so far by (round, turn), then by player
    counts: dict[int, int] = {}
    first: SeenEvent | None = None
    turn, move_key, draw_key = (-1, -1), 0, 0
    while not s.is_terminal():
        now = clock(s)
        if (
            now != turn
        ):  # a turn met again (Evolution's turn is the player to act) goes on counting: no key repeats
            turn, counts = now, per_turn.setdefault(now, {})
            move_key, draw_key = moves.turn_key(*now), draws.turn_key(*now)
        who = -1 if s.is_chance_node() else s.current_player()
        j = counts.get(who, 0)
        counts[who] = j + 1
        if who < 0:
            draws.at_slot(draw_key, who, j)
            o = sample_chance(s, draws)
            if first is None:
                first = seen_event(s, o, viewer, words)
            unchecked(o)
        else:
            moves.at_slot(move_key, who, j)
            play(policy(s))
    sc = final_scores(s)
    return Playout(sc, margin(sc, viewer), win_share(s, viewer), first)


@dataclass
class ExactValue:
    """The exact expectation of one root action: margin, win share, the distribution of the margin and of the
    next chance event (probabilities as ``Fraction``)."""

    value: Fraction = Fraction(0)
    win: Fraction = Fraction(0)
    top: Fraction = Fraction(0)  # the expected best final score (any player)
    margins: dict[float, Fraction] = field(default_factory=dict)
    scores: dict[float, Fraction] = field(default_factory=dict)
    next_event: dict[SeenEvent, Fraction] = field(default_factory=dict)


class _TooBig(Exception):
    pass


def _forced(s: GameState) -> Hashable:
    """The rollout of the exact method without a known law: only forced decisions (one legal action)."""
    acts = s.legal_actions()
    if len(acts) != 1:
        raise _TooBig
    return acts[0]


def _score_leaf(ev: ExactValue, s: GameState, viewer: int, p: Fraction) -> None:
    sc = final_scores(s)
    m = margin(sc, viewer)
    ev.value += p * Fraction(m)
    ev.win += p * Fraction(win_share(s, viewer))
    ev.top += p * Fraction(max(sc))
    ev.margins[m] = ev.margins.get(m, Fraction(0)) + p
    ev.scores[sc[viewer]] = ev.scores.get(sc[viewer], Fraction(0)) + p


def _next_event(s: GameState, viewer: int, words: ChanceWords | None) -> dict[SeenEvent, Fraction]:
    """The exact law of the first chance event after forced decisions, in words (``{}`` if a choice or the end
    comes first)."""
    t = s.clone()
    while not t.is_terminal() and not t.is_chance_node() and len(t.legal_actions()) == 1:
        t.apply_action(t.legal_actions()[0])
    out: dict[SeenEvent, Fraction] = {}
    if not t.is_terminal() and t.is_chance_node():
        for o, q in t.chance_outcomes():
            key = seen_event(t, o, viewer, words)
            out[key] = out.get(key, Fraction(0)) + q
    return out


def exact_values(
    state: GameState,
    viewer: int,
    actions: list[Hashable],
    *,
    node_limit: int,
    uniform_decisions: bool,
    words: ChanceWords | None = None,
) -> tuple[dict[Hashable, ExactValue], int] | None:
    """Enumerate the whole remaining tree after each of ``actions``: chance nodes by their exact probabilities,
    decision nodes with one legal action followed, and (``uniform_decisions``: the random rollout policy)
    decision nodes with several actions weighted uniformly. Without ``uniform_decisions`` the walk is the shared
    exact enumeration over chance nodes (:func:`evo_lab.core.chance.leaves`). Returns ``({action: ExactValue},
    leaves)`` (the number of ends of the game enumerated), or ``None`` when the trees have more than
    ``node_limit`` nodes in all or a later decision is a real choice without a known law (``uniform_decisions``
    false). ``state`` must hold nothing hidden from the viewer (the caller checks)."""
    from .chance import ChanceBudgetError, leaves

    out: dict[Hashable, ExactValue] = {}
    count = [0, 0]  # nodes, leaves
    try:
        for a in actions:
            ev = ExactValue()
            s = state.clone()
            s.apply_action(a)
            ev.next_event = _next_event(s, viewer, words)
            if uniform_decisions:
                _enumerate(s, viewer, Fraction(1), ev, count, node_limit)
            else:
                ends = leaves(cast(State, s), policy=_forced, max_nodes=max(1, node_limit - count[0]))
                count[0] += len(ends)
                count[1] += len(ends)
                for leaf in ends:
                    _score_leaf(ev, leaf.state, viewer, leaf.probability)
            out[a] = ev
    except (_TooBig, ChanceBudgetError):
        return None
    return out, count[1]


def _enumerate(s: GameState, viewer: int, p: Fraction, ev: ExactValue, count: list[int], limit: int) -> None:
    count[0] += 1
    if count[0] > limit:
        raise _TooBig
    if s.is_terminal():
        count[1] += 1
        _score_leaf(ev, s, viewer, p)
        return
    if s.is_chance_node():
        branches = s.chance_outcomes()
    else:
        acts = s.legal_actions()
        branches = [(a, Fraction(1, len(acts))) for a in acts]
    for o, q in branches:
        child = s.clone()
        child.apply_action(o)
        _enumerate(child, viewer, p * q, ev, count, limit)


def nothing_hidden(state: GameState, viewer: int) -> bool:
    """Whether the viewer sees the whole state (its observation equals the omniscient teacher's); a game without
    observations is taken to hide nothing."""
    obs = getattr(state, "observation", None)
    if not callable(obs):
        return True
    return bool(obs(viewer) == obs(None))


def playout_rng(entropy: int, k: int) -> np.random.Generator:
    """The generator of the ``k``-th redrawn state: playout ``k`` of every root action starts from the same
    redrawn state (common random numbers, so differences between actions are measured with less noise), and a
    result does not depend on the order the racing rule asked for playouts."""
    return np.random.default_rng([entropy, k])
