"""What each of my actions is worth, as I can see the game: an analysis board for every registered game.

:func:`analyse` values every legal action of ``viewer`` at a decision node where ``viewer`` acts. The **value**
of an action is the expected *final-score margin* to the viewer: the viewer's final score minus the best final
score among the other players (Evo 2e: MP, ``state.returns()``; Evolution and Origin: points, ``state.scores()``),
when the viewer plays that action now and every later decision follows the rollout policy. The
**win probability** is the expected win share (``1/k`` for a ``k``-way shared win).

Only what the viewer may see is used (information-set analysis): every playout starts from a state drawn from the
viewer's information set by the game's observer (``state.determinize(viewer, rng)``), so two states that differ
only in what the viewer cannot see give the same analysis with the same seed.

Two methods:

* **exact**: when nothing is hidden from the viewer and the remaining tree after every action has at most
  ``exact_limit`` nodes (chance nodes with their exact probabilities; later decisions forced, or uniform with
  ``rollout="random"``), the values are exact expectations (``Fraction`` arithmetic) and the intervals are points;
* **sampled**: playouts (determinize, apply the action, play to the end, score) with a racing stopping rule that
  spends the budget on the actions not yet separated from the best (see :func:`analyse`); the intervals are
  Student's t 95% intervals of the mean margin. Playout ``k`` of every action shares its redrawn state and its
  random numbers, keyed by where they are drawn (:class:`~evo_lab.core.analysis_parts.AlignedRandom`).

>>> import evo_lab
>>> s = evo_lab.make_game("origin", players=2, seed=3).new_initial_state_dealt()
>>> a = evo_lab.analyse(s, iterations=60, seed=1)
>>> a.method, len(a) == len(s.legal_actions()), a.best.visits >= a[-1].visits
('sampled', True, True)
>>> a == evo_lab.analyse(s, iterations=60, seed=1)
True
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TypeVar

import numpy as np

from .chance_words import ChanceWords, EventGroup, SeenEvent, event_texts, group_events, words_for
from .analysis_parts import (
    Z95,
    AnalysisError,
    ExactValue,
    PolicyFactory,
    Running,
    determinized,
    exact_values,
    nothing_hidden,
    play_one,
    playout_rng,
    rollout_policy,
)
from .protocol import GameState

K = TypeVar("K")

__all__ = [
    "DEFAULT_ITERATIONS",
    "MARK_THRESHOLDS",
    "MIN_PAIRS",
    "TOLERANCE",
    "ActionValue",
    "Analysis",
    "AnalysisError",
    "analyse",
    "mark",
]

#: The budget of :func:`analyse` when neither ``iterations`` nor ``seconds`` is given (playouts).
DEFAULT_ITERATIONS = 400
#: Two actions whose values differ by less than this share of the score scale are called equivalent: 5%, the
#: threshold of a ``"?"`` mark (an action equivalent to the best is never marked).
TOLERANCE = 0.05
#: The fewest paired playouts before the stopping rule calls an action separated from the best or equivalent to
#: it: the interval of a mean of a handful of heavy-tailed playouts is not to be trusted (a final margin is
#: mostly a few points, sometimes thirty).
MIN_PAIRS = 20
#: The marks of a played action: ``"?"`` when it loses more than 5% of the score scale against the best,
#: ``"??"`` above 15% (the score scale: the expected best final score of the position, see
#: :attr:`Analysis.score_scale`).
MARK_THRESHOLDS = {"?": 0.05, "??": 0.15}


@dataclass
class ActionValue:
    """One legal action of the viewer and what it is worth to them."""

    action: Hashable
    label: str
    value: float  # expected final-score margin to the viewer
    win_probability: float  # expected win share
    interval: tuple[float, float]  # 95% interval of the value (a point when exact)
    visits: int  # playouts (exact: 0)
    exact: bool = False
    margins: dict[float, float] = field(default_factory=dict)  # final margin -> probability
    scores: dict[float, float] = field(default_factory=dict)  # viewer's final score -> probability
    next_event: dict[str, float] = field(default_factory=dict)  # next chance event (words) -> probability
    fraction: Fraction | None = None  # the exact value as a fraction (exact method only)
    next_event_groups: list[EventGroup] = field(default_factory=list)  # the same, by chance node


class Analysis(list[ActionValue]):
    """The entries of :func:`analyse` (a list of :class:`ActionValue`, best value first) and how they were
    found: ``method`` (``"exact"`` or ``"sampled"``), ``playouts``, ``nodes`` (ends of the game enumerated, exact),
    ``seconds``, ``separated`` (the best is ahead of every other action at the confidence level), ``equivalent``
    (actions within ``tolerance`` of the best), ``undecided`` (actions neither separated from the best nor
    equivalent to it when the budget ran out), ``behind`` (actions clearly below the best: exact, or the interval
    of the paired difference above 0), ``score_scale`` and ``tolerance`` (in score points)."""

    def __init__(
        self,
        entries: list[ActionValue],
        *,
        viewer: int,
        method: str,
        playouts: int,
        nodes: int,
        seconds: float,
        separated: bool,
        equivalent: list[Hashable],
        score_scale: float,
        tolerance: float,
        confidence: float,
        undecided: list[Hashable] | None = None,
        behind: list[Hashable] | None = None,
    ):
        super().__init__(entries)
        self.viewer, self.method, self.playouts, self.nodes = viewer, method, playouts, nodes
        self.seconds, self.separated, self.equivalent = seconds, separated, equivalent
        self.score_scale, self.tolerance, self.confidence = score_scale, tolerance, confidence
        self.undecided = list(undecided or [])
        self.behind = list(behind or [])

    @property
    def best(self) -> ActionValue:
        """The entry with the highest value."""
        return self[0]

    @property
    def decided(self) -> bool:
        """Whether the stopping rule was met: every other action is separated from the best or equivalent to it."""
        return not self.undecided

    def entry(self, action: Hashable) -> ActionValue:
        """The entry of ``action`` (raises :class:`AnalysisError` if it is not one of the analysed actions)."""
        for e in self:
            if e.action == action:
                return e
        raise AnalysisError(f"{action!r} is not one of the analysed actions")

    def loss(self, action: Hashable) -> float:
        """How much ``action`` gives away against the best action (score points, never negative)."""
        return max(0.0, self.best.value - self.entry(action).value)

    def summary(self) -> str:
        """One line per action: label, value with interval, win chance, playouts; the best marked."""
        head = (
            f"P{self.viewer + 1}: {self.method}, {self.playouts} playouts, {self.nodes} ends enumerated, "
            f"{self.seconds:.2f} s"
        )
        lines = [head]
        for e in self:
            star = "*" if e is self.best else " "
            lines.append(
                f"{star} {e.label:<40} {e.value:+7.2f} [{e.interval[0]:+.2f}, {e.interval[1]:+.2f}] "
                f"win {e.win_probability:5.1%}  n={e.visits}"
            )
        return "\n".join(lines)


def mark(analysis: Analysis, action: Hashable) -> str:
    """The chess-style mark of playing ``action``: ``"??"`` when it is clearly below the best action (in
    ``analysis.behind``: exact, or separated at the confidence level) and loses more than
    ``MARK_THRESHOLDS["??"]`` of the score scale, ``"?"`` more than ``MARK_THRESHOLDS["?"]``, ``""`` otherwise."""
    loss = analysis.loss(action)
    if action not in analysis.behind:
        return ""
    for sym in ("??", "?"):
        if loss > MARK_THRESHOLDS[sym] * analysis.score_scale:
            return sym
    return ""


def analyse(
    state: GameState,
    viewer: int | None = None,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int | None = None,
    rollout: str | PolicyFactory = "game",
    exact_limit: int = 20000,
    tolerance: float | None = None,
    confidence: float = 0.95,
    min_playouts: int = 8,
    words: ChanceWords | None = None,
) -> Analysis:
    """Value every legal action of ``viewer`` (default: the player to act) at ``state``.

    ``iterations`` bounds the playouts (reproducible with ``seed``), ``seconds`` the time (default:
    ``DEFAULT_ITERATIONS`` playouts); ``rollout``: ``"game"`` (the game's cheap search policy), ``"random"`` or
    a factory ``rng -> policy``; ``exact_limit``: the largest tree enumerated exactly; ``tolerance``: the
    equivalence margin in score points (default ``TOLERANCE`` of the score scale); ``confidence`` of the intervals.

    The stopping rule (racing): every action first gets ``min_playouts`` playouts; then, round after round, the
    best action and every *contender* get one more. A contender is an action whose difference from the best is
    neither *separated* (the interval of ``best - action`` lies above 0) nor *equivalent* (that interval lies
    inside ``[-tolerance, tolerance]``), or has fewer than ``MIN_PAIRS`` paired playouts. The analysis stops when
    no contender is left or the budget is spent.

    ``words``: how the next chance event is said (:mod:`evo_lab.core.chance_words`; default the game's view
    plugin from the registry).
    """
    if viewer is None:
        viewer = state.current_player()
    _check(state, viewer, iterations, seconds, confidence)
    acts = list(state.legal_actions())
    factory = rollout_policy(state, rollout)
    words = words if words is not None else words_for(state)
    t0 = time.perf_counter()
    if nothing_hidden(state, viewer):
        ex = exact_values(
            state, viewer, acts, node_limit=exact_limit, uniform_decisions=rollout == "random", words=words
        )
        if ex is not None:
            return _exact_result(
                state, viewer, acts, ex[0], ex[1], time.perf_counter() - t0, tolerance, confidence
            )
    if iterations is None and seconds is None:
        iterations = DEFAULT_ITERATIONS
    entropy = int(np.random.SeedSequence().generate_state(2, np.uint64)[0]) if seed is None else int(seed)
    race = _Race(state, viewer, acts, factory, entropy, _z(confidence), tolerance)
    race.words = words
    race.trusted = not callable(
        rollout
    )  # the game's own or the uniform policy: legal actions by construction
    deadline = None if seconds is None else t0 + seconds
    race.run(iterations, deadline, min_playouts)
    return race.result(time.perf_counter() - t0, confidence)


def _z(confidence: float) -> float:
    from statistics import NormalDist

    return Z95 if confidence == 0.95 else NormalDist().inv_cdf(0.5 + confidence / 2)


def _check(
    state: GameState, viewer: int, iterations: int | None, seconds: float | None, confidence: float
) -> None:
    if state.is_terminal() or state.is_chance_node():
        raise AnalysisError(
            "analysis needs a decision node: this state is "
            + ("the end of the game" if state.is_terminal() else "a chance node")
        )
    if state.current_player() != viewer:
        raise AnalysisError(f"P{viewer + 1} is not the player to act (P{state.current_player() + 1} is)")
    if iterations is not None and (
        isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1
    ):
        raise AnalysisError(f"iterations must be a positive integer, got {iterations!r}")
    if seconds is not None and not (isinstance(seconds, (int, float)) and seconds > 0):
        raise AnalysisError(f"seconds must be a positive number, got {seconds!r}")
    if not 0 < confidence < 1:
        raise AnalysisError(f"confidence must lie between 0 and 1, got {confidence!r}")


def _scale(best_scores: float) -> float:
    """The score scale of a position: the expected best final score (at least 1 point)."""
    return max(1.0, abs(best_scores))


def _exact_result(
    state: GameState,
    viewer: int,
    acts: list[Hashable],
    ex: dict[Hashable, ExactValue],
    nodes: int,
    secs: float,
    tolerance: float | None,
    confidence: float,
) -> Analysis:
    entries = []
    for a in acts:
        v = ex[a]
        val = float(v.value)
        entries.append(
            ActionValue(
                a,
                state.action_to_string(a),
                val,
                float(v.win),
                (val, val),
                0,
                True,
                _floats(v.margins),
                _floats(v.scores),
                event_texts(_floats(v.next_event)),
                v.value,
                group_events(_floats(v.next_event).items()),
            )
        )
    entries.sort(key=lambda e: -e.value)
    scale = _scale(max(float(ex[a].top) for a in acts))
    tol = TOLERANCE * scale if tolerance is None else float(tolerance)
    best = entries[0]
    equivalent = [e.action for e in entries[1:] if best.value - e.value <= tol]
    return Analysis(
        entries,
        viewer=viewer,
        method="exact",
        playouts=0,
        nodes=nodes,
        seconds=secs,
        separated=len(equivalent) == 0,
        equivalent=equivalent,
        score_scale=scale,
        tolerance=tol,
        confidence=confidence,
        behind=[e.action for e in entries[1:] if e.value < best.value],
    )


def _floats(d: dict[K, Fraction]) -> dict[K, float]:
    return {k: float(p) for k, p in sorted(d.items(), key=lambda kv: -kv[1])}


class _Race:
    """The sampled analysis: per-action running statistics and the racing stopping rule. The paired differences
    are kept as running sums, so a verdict costs O(1) whatever the number of playouts."""

    def __init__(
        self,
        state: GameState,
        viewer: int,
        acts: list[Hashable],
        factory: PolicyFactory,
        entropy: int,
        z: float,
        tolerance: float | None,
    ):
        self.state, self.viewer, self.acts, self.factory = state, viewer, acts, factory
        self.entropy, self.z, self.tolerance = entropy, z, tolerance
        self.starts: dict[int, GameState] = {}
        self.stats = [Running() for _ in acts]
        self.values: list[list[float]] = [[] for _ in acts]
        self.prefix: list[list[tuple[float, float]]] = [[(0.0, 0.0)] for _ in acts]  # sums of x and x*x
        self.cross: dict[tuple[int, int], tuple[int, float]] = {}  # pairs seen, sum of x*y
        self.margins: list[dict[float, int]] = [{} for _ in acts]
        self.scores: list[dict[float, int]] = [{} for _ in acts]
        self.events: list[dict[SeenEvent, int]] = [{} for _ in acts]
        self.words: ChanceWords | None = None
        self.top_total = 0.0
        self.playouts = 0
        self.trusted = False

    def start(self, k: int) -> GameState:
        """The ``k``-th redrawn state (shared by playout ``k`` of every action; a few kept)."""
        st = self.starts.get(k)
        if st is None:
            if len(self.starts) >= 64:
                del self.starts[next(iter(self.starts))]
            st = self.starts[k] = determinized(self.state, self.viewer, playout_rng(self.entropy, k))
        return st

    def play(self, i: int) -> None:
        st = self.stats[i]
        p = play_one(
            self.start(st.n),
            self.viewer,
            self.acts[i],
            self.factory,
            self.entropy,
            st.n,
            trusted_policy=self.trusted,
            words=self.words,
        )
        st.add(p.margin, p.win)
        self.values[i].append(p.margin)
        x, q = self.prefix[i][-1]
        self.prefix[i].append((x + p.margin, q + p.margin * p.margin))
        self.margins[i][p.margin] = self.margins[i].get(p.margin, 0) + 1
        mine = p.scores[self.viewer]
        self.scores[i][mine] = self.scores[i].get(mine, 0) + 1
        if p.next_event is not None:
            self.events[i][p.next_event] = self.events[i].get(p.next_event, 0) + 1
        self.top_total += max(p.scores)
        self.playouts += 1

    def tol(self) -> float:
        if self.tolerance is not None:
            return float(self.tolerance)
        return TOLERANCE * _scale(self.top_total / self.playouts if self.playouts else 0.0)

    def best_index(self) -> int:
        return max(range(len(self.acts)), key=lambda i: (self.stats[i].mean, -i))

    def paired(self, b: int, i: int) -> Running:
        """The running sums of the paired differences ``best - action`` over their common playouts."""
        n = min(len(self.values[b]), len(self.values[i]))
        seen, xy = self.cross.get((b, i), (0, 0.0))
        vb, vi = self.values[b], self.values[i]
        for k in range(seen, n):
            xy += vb[k] * vi[k]
        self.cross[b, i] = (n, xy)
        (sb, qb), (si, qi) = self.prefix[b][n], self.prefix[i][n]
        return Running(n, sb - si, qb + qi - 2 * xy, 0.0)

    def verdict(self, b: int, i: int) -> str:
        """``"separated"``, ``"equivalent"`` or ``"open"`` for action ``i`` against the best ``b``: the normal
        interval of the mean paired difference ``best - action`` over their common playouts (playout ``k`` of
        every action starts from the same redrawn state with the same keyed random numbers: common random
        numbers)."""
        d = self.paired(b, i)
        if d.n < MIN_PAIRS:
            return "open"
        half = d.half_width(self.z)
        if d.mean - half > 0:
            return "separated"
        tol = self.tol()
        if d.mean + half <= tol and d.mean - half >= -tol:
            return "equivalent"
        return "open"

    def run(self, iterations: int | None, deadline: float | None, min_playouts: int) -> None:
        def spent() -> bool:
            over = iterations is not None and self.playouts >= iterations
            return over or (deadline is not None and self.playouts > 0 and time.perf_counter() >= deadline)

        first = (
            min_playouts if iterations is None else max(2, min(min_playouts, iterations // len(self.acts)))
        )
        for _ in range(first):
            for i in range(len(self.acts)):
                if spent():
                    return
                self.play(i)
        while not spent():
            b = self.best_index()
            contenders = [i for i in range(len(self.acts)) if i != b and self.verdict(b, i) == "open"]
            if not contenders:
                return
            for i in [b, *contenders]:
                if spent():
                    return
                self.play(i)

    def entry(self, i: int) -> ActionValue:
        a, st = self.acts[i], self.stats[i]
        h = st.half_width(self.z)
        return ActionValue(
            a,
            self.state.action_to_string(a),
            st.mean,
            st.wins / max(st.n, 1),
            (st.mean - h, st.mean + h),
            st.n,
            False,
            _shares(self.margins[i]),
            _shares(self.scores[i]),
            event_texts(_shares(self.events[i])),
            next_event_groups=group_events(_shares(self.events[i]).items()),
        )

    def result(self, secs: float, confidence: float) -> Analysis:
        b = self.best_index()
        verdicts = {i: self.verdict(b, i) for i in range(len(self.acts)) if i != b}
        entries = [self.entry(i) for i in range(len(self.acts))]
        order = sorted(range(len(entries)), key=lambda i: (i != b, -entries[i].value))
        scale = _scale(self.top_total / self.playouts if self.playouts else 0.0)
        return Analysis(
            [entries[i] for i in order],
            viewer=self.viewer,
            method="sampled",
            playouts=self.playouts,
            nodes=0,
            seconds=secs,
            separated=all(v == "separated" for v in verdicts.values()),
            equivalent=[self.acts[i] for i, v in verdicts.items() if v == "equivalent"],
            score_scale=scale,
            tolerance=self.tol(),
            confidence=confidence,
            undecided=[self.acts[i] for i, v in verdicts.items() if v == "open"],
            behind=[self.acts[i] for i, v in verdicts.items() if v == "separated"],
        )


def _shares(counts: dict[K, int]) -> dict[K, float]:
    total = sum(counts.values())
    return {k: c / total for k, c in sorted(counts.items(), key=lambda kv: -kv[1])} if total else {}
