"""Solving the Prescience window game (:mod:`evo_lab.theory.signalling`) through OpenSpiel: CFR and CFR+ with the
exploitability of their average policies, and the sequence-form linear programme.

* :func:`to_efg` writes the game tree in Gambit's extensive-form format (``.efg``: chance nodes with exact
  fractions, one named information set per information-state string); :func:`native` loads it with
  ``pyspiel.load_efg_game``, so OpenSpiel's C++ solvers walk a C++ tree (the Python game stays the definition;
  tests check both give the same values).
* :func:`run_cfr` runs ``pyspiel.CFRSolver`` (vanilla CFR: regret matching, uniform averaging) or
  ``pyspiel.CFRPlusSolver`` (regrets floored at 0, linear averaging) and records at checkpoints the exploitability
  of the *average* policy (``pyspiel.exploitability``) and any action probabilities asked for.
* :func:`lp_solution` / :func:`lp_value` solve the zero-sum game by the sequence-form LP (Koller, Megiddo and
  von Stengel 1994) with ``scipy.optimize.linprog`` (HiGHS); :func:`equilibrium_range` gives the smallest and the
  largest probability an action can have in *any* equilibrium (is the slow-playing, silence, frequency unique?).
* :func:`search_positions` scans seeded games for positions whose first-window silence is strictly mixed and the
  same in every equilibrium (how the lesson's position was found).

>>> from evo_lab.theory.signalling import PrescienceGame, find_position, spec_from_state
>>> game = PrescienceGame(spec=spec_from_state(find_position()))
>>> run = run_cfr(game, iterations=64, checkpoints=(1, 64))
>>> run.exploitability[-1] < run.exploitability[0]
True
>>> abs(run.value - lp_value(game)) < 2 * run.exploitability[-1] + 1e-9
True
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Iterable, Iterator

import numpy as np

from .signalling import PrescienceGame, SignallingError

__all__ = [
    "CFRRun",
    "to_efg",
    "native",
    "run_cfr",
    "infosets",
    "lp_value",
    "lp_solution",
    "equilibrium_range",
    "first_decisions",
    "search_positions",
]

Policy = dict[str, dict[int, float]]


def to_efg(game: PrescienceGame) -> str:
    """The game tree in Gambit's ``.efg`` text format (version 2, rational chance probabilities)."""
    import pyspiel

    sp = game.spec
    lines = [f'EFG 2 R "{game.get_type().long_name}" {{ "{sp.name(0)}" "{sp.name(1)}" }}', ""]
    numbers: list[dict[str, int]] = [{}, {}]
    chance, outcome = itertools.count(1), itertools.count(1)

    def walk(st: Any, depth: int) -> None:
        pad = "  " * depth
        if st.is_terminal():
            r = st.returns()
            lines.append(f'{pad}t "" {next(outcome)} "" {{ {r[0]:g} {0.0 - r[0]:g} }}')
            return
        if st.is_chance_node():
            outs = st.chance_fractions()
            acts = " ".join(f'"{st.action_to_string(pyspiel.PlayerId.CHANCE, a)}" {p}' for a, p in outs)
            lines.append(f'{pad}c "" {next(chance)} "" {{ {acts} }} 0')
            for a, _ in outs:
                walk(st.child(a), depth + 1)
            return
        pl = st.current_player()
        info = st.information_state_string(pl)
        num = numbers[pl].setdefault(info, len(numbers[pl]) + 1)
        acts = " ".join(f'"{st.action_to_string(pl, a)}"' for a in st.legal_actions())
        lines.append(f'{pad}p "" {pl + 1} {num} "{info}" {{ {acts} }} 0')
        for a in st.legal_actions():
            walk(st.child(a), depth + 1)

    walk(game.new_initial_state(), 0)
    return "\n".join(lines) + "\n"


def native(game: PrescienceGame) -> Any:
    """The same game as an OpenSpiel C++ game (``pyspiel.load_efg_game(to_efg(game))``)."""
    import pyspiel

    return pyspiel.load_efg_game(to_efg(game))


def _pairs(game: PrescienceGame, efg: Any) -> dict[str, Any]:
    """For each information state of the Python game, one state of the native game in it (same tree, same
    action order), found by walking both trees together."""
    out: dict[str, Any] = {}

    def walk(a: Any, b: Any) -> None:
        if a.is_terminal():
            return
        if not a.is_chance_node():
            out.setdefault(a.information_state_string(a.current_player()), b)
        acts = [x for x, _ in a.chance_outcomes()] if a.is_chance_node() else a.legal_actions()
        for k, x in enumerate(acts):
            walk(a.child(x), b.child(b.legal_actions()[k]))

    walk(game.new_initial_state(), efg.new_initial_state())
    return out


@dataclass
class CFRRun:
    """What :func:`run_cfr` recorded: the checkpoints ``iterations``, the ``exploitability`` of the average
    policy at each, ``tracked[(info, action)]`` the average probability of that action at each checkpoint, the
    final average ``policy`` as ``{info: {action: probability}}`` and its ``value`` for the first player."""

    solver: str
    iterations: list[int]
    exploitability: list[float]
    tracked: dict[tuple[str, int], list[float]]
    policy: Policy
    value: float
    game: Any = field(repr=False, default=None)

    def first_below(self, eps: float) -> int | None:
        """The first recorded iteration count whose exploitability is below ``eps`` (``None`` if none)."""
        return next((t for t, e in zip(self.iterations, self.exploitability) if e < eps), None)


def _checkpoints(iterations: int, checkpoints: Iterable[int] | None) -> list[int]:
    marks = checkpoints if checkpoints is not None else [2**k for k in range(iterations.bit_length())]
    return sorted({int(c) for c in marks if 1 <= int(c) <= iterations} | {iterations})


def run_cfr(
    game: PrescienceGame,
    iterations: int = 1000,
    checkpoints: Iterable[int] | None = None,
    solver: str = "cfr",
    track: Iterable[tuple[str, int]] = (),
) -> CFRRun:
    """Run ``iterations`` iterations of OpenSpiel's ``solver`` (``"cfr"`` or ``"cfr+"``) on :func:`native`
    ``(game)``; at each checkpoint (default: the powers of two, and ``iterations``) record the exploitability of
    the average policy and the average probability of each ``(info, action)`` in ``track``. Deterministic."""
    import pyspiel

    if iterations < 1:
        raise SignallingError(f"iterations must be at least 1, got {iterations}")
    makers = {"cfr": pyspiel.CFRSolver, "cfr+": pyspiel.CFRPlusSolver}
    if solver not in makers:
        raise SignallingError(f"solver must be 'cfr' or 'cfr+', got {solver!r}")
    efg = native(game)
    pairs = _pairs(game, efg)
    track = list(track)
    for info, _ in track:
        if info not in pairs:
            raise SignallingError(f"no information state {info!r}")
    s = makers[solver](efg)
    marks = set(_checkpoints(iterations, checkpoints))
    out_t: list[int] = []
    out_e: list[float] = []
    out_p: dict[tuple[str, int], list[float]] = {k: [] for k in track}
    for t in range(1, iterations + 1):
        s.evaluate_and_update_policy()
        if t in marks:
            avg = s.average_policy()
            out_t.append(t)
            out_e.append(float(pyspiel.exploitability(efg, avg)))
            for info, a in track:
                out_p[(info, a)].append(float(avg.action_probabilities(pairs[info]).get(a, 0.0)))
    avg = s.average_policy()
    policy = {
        info: {a: float(p) for a, p in sorted(avg.action_probabilities(st).items())}
        for info, st in pairs.items()
    }
    return CFRRun(solver, out_t, out_e, out_p, policy, _value(game, policy), game)


def _value(game: PrescienceGame, policy: Policy) -> float:
    def walk(state: Any) -> float:
        if state.is_terminal():
            return state.returns()[0]
        if state.is_chance_node():
            return sum(p * walk(state.child(a)) for a, p in state.chance_outcomes())
        probs = policy[state.information_state_string(state.current_player())]
        return sum(p * walk(state.child(a)) for a, p in probs.items() if p > 0)

    return float(walk(game.new_initial_state()))


def infosets(game: Any, player: int | None = None) -> list[str]:
    """The information states (of ``player``, or of both), in order of first appearance (depth first)."""
    seen: dict[str, None] = {}

    def walk(state: Any) -> None:
        if state.is_terminal():
            return
        if state.is_chance_node():
            acts = [a for a, _ in state.chance_outcomes()]
        else:
            pl = state.current_player()
            if player is None or pl == player:
                seen.setdefault(state.information_state_string(pl), None)
            acts = state.legal_actions()
        for a in acts:
            walk(state.child(a))

    walk(game.new_initial_state())
    return list(seen)


def first_decisions(game: Any, player: int) -> list[str]:
    """The information states where ``player`` decides for the first time (no own earlier decision)."""
    _, _, parent = _sequence_form(game)
    return [i for i in infosets(game, player) if parent[player][i] is None]


# ---------------------------------------------------------------------------------------------- sequence form
def _sequence_form(game: Any) -> tuple[np.ndarray, list, list]:
    """Payoff matrix over (sequence of player 0, sequence of player 1) and each player's sequence list
    (``None`` = empty sequence, else ``(info, action)``) with its parent map."""
    seqs: list[dict] = [{None: 0}, {None: 0}]
    parent: list[dict] = [{}, {}]
    entries: dict[tuple[int, int], float] = {}

    def walk(state: Any, chance: float, last: list) -> None:
        if state.is_terminal():
            key = (seqs[0][last[0]], seqs[1][last[1]])
            entries[key] = entries.get(key, 0.0) + chance * state.returns()[0]
            return
        if state.is_chance_node():
            for a, p in state.chance_outcomes():
                walk(state.child(a), chance * p, last)
            return
        pl = state.current_player()
        info = state.information_state_string(pl)
        parent[pl].setdefault(info, last[pl])
        for a in state.legal_actions():
            seq = (info, a)
            seqs[pl].setdefault(seq, len(seqs[pl]))
            nxt = list(last)
            nxt[pl] = seq
            walk(state.child(a), chance, nxt)

    walk(game.new_initial_state(), 1.0, [None, None])
    A = np.zeros((len(seqs[0]), len(seqs[1])))
    for (i, j), v in entries.items():
        A[i, j] += v
    return A, seqs, parent


def _constraints(seqs: dict, parent: dict) -> tuple[np.ndarray, np.ndarray]:
    """``E x = e``: the empty sequence has weight 1; at each information set the weights of its sequences sum to
    the weight of the sequence leading to it."""
    infos = list(parent)
    E = np.zeros((1 + len(infos), len(seqs)))
    E[0, seqs[None]] = 1.0
    for r, info in enumerate(infos, start=1):
        E[r, seqs[parent[info]]] = -1.0
        for s, k in seqs.items():
            if s is not None and s[0] == info:
                E[r, k] = 1.0
    e = np.zeros(1 + len(infos))
    e[0] = 1.0
    return E, e


def _lp(game: Any, player: int) -> tuple[Any, ...]:
    """The sequence-form LP of ``player`` (the maximiser of its own payoff): ``(c, A_ub, b_ub, A_eq, b_eq, bounds,
    seqs, n_x)``; variables are ``player``'s realization plan ``x`` then the opponent's dual values ``q``."""
    A, seqs, parent = _sequence_form(game)
    if player == 1:
        A = -A.T
    me, opp = player, 1 - player
    E, e = _constraints(seqs[me], parent[me])
    F, _ = _constraints(seqs[opp], parent[opp])
    n1, m2 = A.shape[0], F.shape[0]
    c = np.zeros(n1 + m2)
    c[n1] = -1.0  # maximise q_0 (f = e_0)
    A_ub = np.hstack([-A.T, F.T])
    A_eq = np.hstack([E, np.zeros((E.shape[0], m2))])
    bounds = [(0, None)] * n1 + [(None, None)] * m2
    return c, A_ub, np.zeros(A.shape[1]), A_eq, e, bounds, seqs[me], n1


def lp_solution(game: Any, player: int = 0) -> tuple[float, dict, dict]:
    """``(value, plan, parent)``: the game's value for ``player`` and one equilibrium strategy of ``player`` as a
    realization plan ``{(info, action): weight}`` (``None``: the empty sequence), with ``parent[info]`` the
    sequence leading to each information state, from the sequence-form linear programme
    ``max_{x, q} q_0`` subject to ``F^T q <= A^T x``, ``E x = e``, ``x >= 0`` (``x``: the player's realization
    plan; ``q``: one dual value per constraint of the opponent's plan), solved with HiGHS."""
    from scipy.optimize import linprog

    c, A_ub, b_ub, A_eq, b_eq, bounds, seqs, n_x = _lp(game, player)
    res = linprog(c, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=b_eq, bounds=bounds, method="highs")
    if not res.success:  # pragma: no cover - a finite zero-sum game always has a value
        raise SignallingError(f"the sequence-form LP failed: {res.message}")
    _, _, parent = _sequence_form(game)
    return float(-res.fun), {s: float(res.x[k]) for s, k in seqs.items()}, parent[player]


def lp_value(game: Any, player: int = 0) -> float:
    """The value of the zero-sum game for ``player`` (:func:`lp_solution`).

    >>> import pyspiel
    >>> round(lp_value(pyspiel.load_game("kuhn_poker")), 6)   # Kuhn poker: -1/18
    -0.055556
    """
    return lp_solution(game, player)[0]


def equilibrium_range(
    game: Any, player: int, info: str, action: int, *, tol: float = 1e-9
) -> tuple[float, float]:
    """The smallest and largest probability of ``action`` at ``info`` (a *first* decision of ``player``, so that
    the probability is a realization weight) over **all** equilibrium strategies of ``player``: two LPs over the
    optimal face ``{x : value(x) >= v* - tol}``. Equal ends mean every equilibrium uses the same frequency."""
    from scipy.optimize import linprog

    c, A_ub, b_ub, A_eq, b_eq, bounds, seqs, n_x = _lp(game, player)
    v = lp_value(game, player)
    _, _, parent = _sequence_form(game)
    if parent[player].get(info, "missing") is not None:
        raise SignallingError(f"{info!r} is not a first decision of player {player}")
    k = seqs[(info, action)]
    A_ub2 = np.vstack([A_ub, -np.eye(1, len(c), n_x)])  # q_0 >= v - tol
    b_ub2 = np.append(b_ub, -(v - tol))
    out = []
    for sign in (1.0, -1.0):
        obj = np.zeros(len(c))
        obj[k] = sign
        res = linprog(obj, A_ub=A_ub2, b_ub=b_ub2, A_eq=A_eq, b_eq=b_eq, bounds=bounds, method="highs")
        if not res.success:  # pragma: no cover
            raise SignallingError(f"the LP over the optimal face failed: {res.message}")
        out.append(float(res.x[k]))
    return out[0], out[1]


def search_positions(seeds: Iterable[int], *, tol: float = 1e-6) -> Iterator[tuple[int, int, dict]]:
    """``(seed, round, ranges)`` for every position of :func:`~evo_lab.theory.signalling.positions` in the games
    of ``seeds`` where some first-window silence of the first player is strictly mixed (between 2% and 98%) and the
    same in every equilibrium; ``ranges[info] = (lowest, highest)`` pass probability over all equilibria. The
    lesson's position (seed 205, round 7) is the second one in seeds 0..399 on the engine with ruling R18, after
    seed 115, round 4 (a few seconds per game)."""
    from .signalling import positions, spec_from_state

    for seed in seeds:
        for state in positions(seed):
            game = PrescienceGame(spec=spec_from_state(state))
            pas = len(game.spec.shifts)
            ranges = {i: equilibrium_range(game, 0, i, pas) for i in first_decisions(game, 0)}
            if any(0.02 < lo and hi < 0.98 and hi - lo < tol for lo, hi in ranges.values()):
                yield seed, state.round, ranges
