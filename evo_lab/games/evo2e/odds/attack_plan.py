"""Attack plans in the movement phase: the exact chance of taking a target with the points left, the
expected points spent, the best attacker, and how many enemies the mover can expect to remove.

Model (ruling R3/R4 of ``docs/rulings.md``, engine semantics): one of the mover's dinosaurs walks through
empty spaces (1 point a step; wings and flippers once each if its clan has them and has not used them this
phase), then attacks the target from an adjacent space, repeating after each failure (1 point per attack).
A plan is a policy: after every die roll it re-plans with the points left, maximising the chance of success
(ties: fewer expected points). The target's clan must not be protected.

Goals: ``"remove"`` (default) succeeds when the target dinosaur leaves the board; ``"space"`` when the
attacker stands on the target's space. They differ only for chameleon skin, where a beaten defender may
escape to an empty adjacent space (not the attacker's origin). **Assumption:** the defender always escapes
when it can, to the space that minimises the attacker's remaining chance (minimax), and the attacker may
chase it with the points left.

>>> import evo_lab
>>> s = demo_position()
>>> plan = attack_plan(s, s.dinosaurs(0)[0], s.dinosaurs(1)[0], movement_points=1)
>>> plan.probability
Fraction(1, 3)
>>> attack_plan(s, s.dinosaurs(0)[0], s.dinosaurs(1)[0], movement_points=3).probability
Fraction(19, 27)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from .. import State, rules
from ..actions import ATTACK, ESCAPE, FLIPPERS, MOVE, WINGS, Action
from ..events import Fight
from .combat import NotMovementPhaseError, OddsError

if TYPE_CHECKING:
    from ..game import Game

#: A plan's value with some points left: (success probability, expected points spent, best first option as
#: ``(kind, from, to)``, or None).
_Value = tuple[Fraction, Fraction, "tuple[str, int, int] | None"]
#: A removal's value: (expected removals, their distribution, best first attack as ``(from, to)``, or None).
_Removal = tuple[Fraction, tuple[tuple[int, Fraction], ...], "tuple[int, int] | None"]

GOALS = ("remove", "space")
#: Largest number of movement points a plan accepts (the recursion depth of the dynamic programmes).
MAX_POINTS = 60


def _space(state: State, space: int | str, what: str) -> int:
    g = state.game
    if isinstance(space, str):
        key = space.strip().upper()
        if key in g.label_index:
            return g.label_index[key]
        raise OddsError(f"unknown {what} space {space!r} (spaces are {g.labels[0]}..{g.labels[-1]})")
    if isinstance(space, bool) or not isinstance(space, (int, np.integer)) or not 0 <= int(space) < g.n:
        raise OddsError(
            f"unknown {what} space {space!r} (space ids are 0..{g.n - 1} or labels like {g.labels[0]})"
        )
    return int(space)


def _check_movement(state: State) -> State:
    if not isinstance(state, State):
        raise OddsError(f"expected an evo_lab State, got {type(state).__name__}")
    if state.node != "move":
        raise NotMovementPhaseError(
            f"attack plans need a position in the movement phase with a player to move; this one is in the "
            f"{state.phase_name()} phase at node {state.node_name()!r}"
        )
    return state


def _points(state: State, movement_points: int | None) -> int:
    if movement_points is None:
        return state.mp_left
    if (
        isinstance(movement_points, bool)
        or not isinstance(movement_points, (int, np.integer))
        or movement_points < 0
    ):
        raise OddsError(f"movement_points must be a non-negative integer, got {movement_points!r}")
    if movement_points > MAX_POINTS:
        raise OddsError(f"movement_points above {MAX_POINTS} are not supported (a clan has at most about 10)")
    return int(movement_points)


@dataclass
class AttackPlan:
    """An optimal single-dinosaur plan. ``probability`` of success, ``expected_points`` spent (walking and
    attacks, under the plan), ``path`` spaces walked before the first attack (origin first, attack-from
    last), ``steps`` those moves as action strings, ``attack_probability`` of one attack."""

    attacker: int
    target: int
    movement_points: int
    goal: str
    probability: Fraction
    expected_points: Fraction
    attack_probability: Fraction
    path: list[int] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)
    reason: str = ""
    _solver: _Solver | None = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict[str, object]:
        return {
            "attacker": self.attacker,
            "target": self.target,
            "movement_points": self.movement_points,
            "goal": self.goal,
            "probability": str(self.probability),
            "float": float(self.probability),
            "expected_points": str(self.expected_points),
            "attack_probability": str(self.attack_probability),
            "path": self.path,
            "steps": self.steps,
            "reason": self.reason,
        }


class _Solver:
    """Memoised minimax over (attacker space, defender space, points, wings left, flippers left)."""

    def __init__(self, state: State, attacker: int, target: int, pw: Fraction, goal: str):
        g = state.game
        self.g = g
        self.base = list(state.occupants)
        self.base[attacker] = -1
        self.base[target] = -1
        p, q = state.occupants[attacker], state.occupants[target]
        self.pw = pw
        self.chameleon = goal == "remove" and state.has(q, "chameleon_skin")
        self.flippers_once = g.options.flippers_once_per_phase
        self.memo: dict[tuple[int, int, int, bool, bool], _Value] = {}
        self.wings0 = state.has(p, "wings") and not state.wings_used
        self.flippers0 = state.has(p, "flippers") and not state.flippers_used

    def empty(self, x: int, a: int, d: int) -> bool:
        return self.base[x] < 0 and x != a and x != d

    def escapes(self, a: int, d: int) -> list[int]:
        return [t for t in self.g.adj[d] if self.empty(t, a, d)]

    def value(self, a: int, d: int, m: int, w: bool, f: bool) -> _Value:
        """(success probability, expected points, best option) with ``m`` points left."""
        key = (a, d, m, w, f)
        r = self.memo.get(key)
        if r is not None:
            return r
        best: _Value = (Fraction(0), Fraction(0), None)
        if m > 0:
            g = self.g
            opts: list[_Value] = []
            if d in g.adj[a]:
                pw = self.pw
                lp, le, _ = self.value(a, d, m - 1, w, f)
                esc = self.escapes(a, d) if self.chameleon else []
                if esc:
                    wp, wpts, _e = min(
                        ((*self.value(d, e, m - 1, w, f)[:2], e) for e in esc), key=lambda t: (t[0], -t[1])
                    )
                else:
                    wp, wpts = Fraction(1), Fraction(0)
                opts.append((pw * wp + (1 - pw) * lp, 1 + pw * wpts + (1 - pw) * le, (ATTACK, a, d)))
            for t in g.adj[a]:
                if self.empty(t, a, d):
                    vp, ve, _ = self.value(t, d, m - 1, w, f)
                    opts.append((vp, 1 + ve, (MOVE, a, t)))
            if w:
                seen: set[int] = set()
                for b in g.adj[a]:
                    for c in g.adj[b]:
                        if c != a and c not in seen and self.empty(c, a, d):
                            seen.add(c)
                            vp, ve, _ = self.value(c, d, m - 1, False, f)
                            opts.append((vp, 1 + ve, (WINGS, a, c)))
            if f and g.coastal[a]:
                for c in g.coastal_list:
                    if c != a and self.empty(c, a, d):
                        vp, ve, _ = self.value(c, d, m - 1, w, not self.flippers_once)
                        opts.append((vp, 1 + ve, (FLIPPERS, a, c)))
            for o in opts:
                if o[0] > best[0] or (o[0] == best[0] and o[0] > 0 and o[1] < best[1]):
                    best = o
        self.memo[key] = best
        return best

    def defender_escape(self, a: int, d: int, m: int, w: bool, f: bool) -> int:
        esc = self.escapes(a, d)
        return min(esc, key=lambda e: (self.value(d, e, m, w, f)[0], -self.value(d, e, m, w, f)[1]))


def attack_plan(
    state: State,
    attacker_space: int | str,
    target_space: int | str,
    movement_points: int | None = None,
    *,
    goal: str = "remove",
    frenzied: bool | None = None,
) -> AttackPlan:
    """The best plan for the mover's dinosaur on ``attacker_space`` to take the enemy on ``target_space``
    with ``movement_points`` (default: the points the mover has left). ``frenzied=True`` asks "what if I
    play Frenzied attack first" (+2 attack horns); ``None`` uses the position as it is."""
    s = _check_movement(state)
    a = _space(s, attacker_space, "attacker")
    t = _space(s, target_space, "target")
    m = _points(s, movement_points)
    if goal not in GOALS:
        raise OddsError(f"goal must be one of {GOALS}, got {goal!r}")
    p = s.actor
    if s.occupants[a] != p:
        raise OddsError(f"{s.game.labels[a]} does not hold a dinosaur of the mover P{p + 1}")
    q = s.occupants[t]
    if q < 0 or q == p:
        raise OddsError(f"{s.game.labels[t]} does not hold an enemy dinosaur")
    att = s.attack_strength(p)
    if frenzied is True and not s.frenzied(p):
        att += _frenzy_bonus(s.game)
    elif frenzied is False and s.frenzied(p):
        att -= s.frenzied(p)
    data = s.game.data
    pw = rules.attack_probability(data.die_faces, data.die_symbols, att, s.defence_strength(q))
    if s.is_protected(q):
        return AttackPlan(
            a,
            t,
            m,
            goal,
            Fraction(0),
            Fraction(0),
            pw,
            [],
            [],
            f"P{q + 1}'s clan is protected ({s.count[q]} dinosaurs on the board)",
        )
    solver = _Solver(s, a, t, pw, goal)
    prob, pts, _ = solver.value(a, t, m, solver.wings0, solver.flippers0)  # recursion depth <= m
    path, steps = [a], []
    key = (a, t, m, solver.wings0, solver.flippers0)
    while True:
        opt = solver.memo.get(key, (0, 0, None))[2]
        if opt is None or opt[0] == ATTACK:
            break
        kind, x, y = opt
        steps.append(s.action_to_string(Action(kind, x, y)))
        path.append(y)
        w = key[3] and kind != WINGS
        f = key[4] and not (kind == FLIPPERS and solver.flippers_once)
        key = (y, t, key[2] - 1, w, f)
    reason = (
        "" if prob else ("no points left" if m == 0 else "the target cannot be reached with these points")
    )
    return AttackPlan(
        a, t, m, goal, prob, pts, pw, path if prob else [], steps if prob else [], reason, solver
    )


def attack_plans(
    state: State,
    target_space: int | str,
    movement_points: int | None = None,
    *,
    goal: str = "remove",
    frenzied: bool | None = None,
) -> list[AttackPlan]:
    """One plan per dinosaur of the mover, best first (probability, then fewer expected points)."""
    s = _check_movement(state)
    t = _space(s, target_space, "target")
    plans = [
        attack_plan(s, a, t, movement_points, goal=goal, frenzied=frenzied) for a in s.dinosaurs(s.actor)
    ]
    plans.sort(key=lambda pl: (-pl.probability, pl.expected_points, pl.attacker))
    return plans


def best_attacker(
    state: State,
    target_space: int | str,
    movement_points: int | None = None,
    *,
    goal: str = "remove",
    frenzied: bool | None = None,
) -> AttackPlan:
    """The mover's dinosaur with the best plan against ``target_space`` (see :func:`attack_plans`)."""
    plans = attack_plans(state, target_space, movement_points, goal=goal, frenzied=frenzied)
    if not plans:
        raise OddsError("the mover has no dinosaurs on the board")
    return plans[0]


def _frenzy_bonus(game: Game) -> int:
    """The attack horns a Frenzied attack card adds (its ``effects`` in the pack; 0 if the deck has none)."""
    return max(
        (c.effects.get("attack_horns", 0) for c in game.data.events if c.effect == "frenzied_attack"),
        default=0,
    )


# ----------------------------------------------------------------------------- engine cross-check
def follow_plan(state: State, plan: AttackPlan, rng: np.random.Generator) -> tuple[bool, int]:
    """Play ``plan`` on a copy of ``state`` with the engine (die rolls by ``rng``; a chameleon defender
    escapes as the plan assumes). Returns (success, points spent). For checking plans by simulation."""
    from ....core.protocol import sample_chance

    if plan.movement_points != state.mp_left:
        raise OddsError("follow_plan needs a plan made with the position's own movement points")
    solver = plan._solver
    s = state.clone()
    p = s.actor
    a, d = plan.attacker, plan.target
    m = plan.movement_points
    w, f = (solver.wings0, solver.flippers0) if solver else (False, False)
    spent = 0
    if solver is None:
        return False, 0
    while m > 0:
        opt = solver.value(a, d, m, w, f)[2]
        if opt is None:
            break
        kind, x, y = opt
        s.apply_action(Action(kind, x, y))
        spent += 1
        m -= 1
        if kind == ATTACK:
            while s.is_chance_node():
                outcome = sample_chance(s, rng)
                assert isinstance(outcome, Action)  # Evo's chance outcomes are actions
                s.apply_action(outcome)
            last = s.last
            if s.node == "chameleon":
                e = solver.defender_escape(a, d, m, w, f)
                s.apply_action(Action(ESCAPE, e))
                if plan.goal == "space":  # the attacker moved onto the target's space
                    return True, spent
                a, d = d, e
                continue
            if isinstance(last, Fight) and last.result == "win":
                return True, spent
            continue
        a = y
        if kind == WINGS:
            w = False
        if kind == FLIPPERS and solver.flippers_once:
            f = False
        if s.node != "move" or s.actor != p:
            break
    if plan.goal == "space" and s.occupants[plan.target] == p:
        return True, spent
    return False, spent


def simulate_attack_plan(state: State, plan: AttackPlan, n: int = 2000, seed: int = 0) -> dict[str, object]:
    """Run :func:`follow_plan` ``n`` times: success count, Wilson interval, mean points spent."""
    from ....stats import mean_interval, wilson_interval

    rng = np.random.default_rng(seed)
    wins, pts = 0, []
    for _ in range(n):
        ok, sp = follow_plan(state, plan, rng)
        wins += ok
        pts.append(float(sp))
    return {
        "n": n,
        "seed": seed,
        "successes": wins,
        "frequency": wins / n,
        "interval": wilson_interval(wins, n),
        "points": mean_interval(pts),
    }


# ----------------------------------------------------------------------------- removals this phase
@dataclass(frozen=True)
class RemovalOdds:
    """Distribution of the number of enemy dinosaurs the mover removes with its points left, under the
    sequencing of attacks that maximises the expected number removed. ``first`` is the best first attack
    (an action string) or None."""

    distribution: dict[int, Fraction]
    expected: Fraction
    first: str | None
    movement_points: int
    states: int

    def to_dict(self) -> dict[str, object]:
        return {
            "distribution": {str(k): str(v) for k, v in self.distribution.items()},
            "expected": str(self.expected),
            "first": self.first,
            "movement_points": self.movement_points,
        }


def removal_distribution(
    state: State, movement_points: int | None = None, *, max_states: int = 50_000
) -> RemovalOdds:
    """Exact distribution of enemy dinosaurs removed this movement phase by the mover (dynamic programme
    over board occupancy and points left).

    **Scope:** attacks only, from the spaces the mover's dinosaurs stand on and the spaces they capture;
    no walking, wings or flippers in between (those would make the state space explode). Protection is
    re-checked after every removal (a clan reduced to 2, or 3 with regeneration, can no longer be
    attacked). A beaten chameleon-skin defender escapes when it can, to the space worst for the mover.
    Raises :class:`OddsError` if more than ``max_states`` positions would be needed.
    """
    s = _check_movement(state)
    m0 = _points(s, movement_points)
    g = s.game
    p = s.actor
    data = g.data
    att = s.attack_strength(p)
    n = g.players
    pw = [
        rules.attack_probability(data.die_faces, data.die_symbols, att, s.defence_strength(q))
        for q in range(n)
    ]
    floor = [s.floor(q) for q in range(n)]
    cham = [s.has(q, "chameleon_skin") for q in range(n)]
    memo: dict[tuple[tuple[int, ...], int], _Removal] = {}
    adj = g.adj

    def solve(occ: tuple[int, ...], count: tuple[int, ...], m: int) -> _Removal:
        key = (occ, m)
        r = memo.get(key)
        if r is not None:
            return r
        if len(memo) >= max_states:
            raise OddsError(f"more than {max_states} positions: ask with fewer movement points")
        best: _Removal = (Fraction(0), ((0, Fraction(1)),), None)
        if m > 0:
            for src in range(len(occ)):
                if occ[src] != p:
                    continue
                for dst in adj[src]:
                    q = occ[dst]
                    if q < 0 or q == p or count[q] <= floor[q]:
                        continue
                    lose = solve(occ, count, m - 1)
                    o = list(occ)
                    o[src] = -1
                    esc = [e for e in adj[dst] if occ[e] < 0 and e != src] if cham[q] else []
                    if esc:
                        outs = []
                        for e in esc:
                            o2 = list(o)
                            o2[e] = q
                            o2[dst] = p
                            outs.append(solve(tuple(o2), count, m - 1))
                        win = min(outs, key=lambda r: r[0])
                        shift = 0
                    else:
                        o[dst] = p
                        c2 = list(count)
                        c2[q] -= 1
                        win = solve(tuple(o), tuple(c2), m - 1)
                        shift = 1
                    pq = pw[q]
                    exp = pq * (win[0] + shift) + (1 - pq) * lose[0]
                    if exp > best[0]:
                        dist: dict[int, Fraction] = {}
                        for k, v in win[1]:
                            dist[k + shift] = dist.get(k + shift, Fraction(0)) + pq * v
                        for k, v in lose[1]:
                            dist[k] = dist.get(k, Fraction(0)) + (1 - pq) * v
                        best = (exp, tuple(sorted(dist.items())), (src, dst))
        memo[key] = best
        return best

    exp, dist, first = solve(tuple(s.occupants), tuple(s.count), m0)  # recursion depth <= m0
    first_s = s.action_to_string(Action(ATTACK, *first)) if first else None
    return RemovalOdds(dict(dist), exp, first_s, m0, len(memo))


# ----------------------------------------------------------------------------- helpers
def demo_position(seed: int = 0, mover_horns: int = 0) -> State:
    """A small movement-phase position for examples and tests: P1 to move with 3 points, one P1 dinosaur
    next to a P2 dinosaur (P2 has 3 dinosaurs, so it is not protected), everything else empty
    (:func:`evo_lab.build_position`)."""
    import evo_lab

    game = evo_lab.Game(players=2)
    L = game.labels
    a, b = 0, game.adj[0][0]
    far = [x for x in range(game.n) if x not in (a, b) and x not in game.adj[a] and x not in game.adj[b]]
    return evo_lab.build_position(
        2,
        seed=seed,
        phase="movement",
        to_act="P1",
        order=["P1", "P2"],
        dinosaurs={"P1": [L[a]], "P2": [L[b], L[far[-1]], L[far[-2]]]},
        genes={"P1": {"horn": mover_horns}},
        movement_left=3,
    )
