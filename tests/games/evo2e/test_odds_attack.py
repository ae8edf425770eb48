"""Attack plans and removal odds: closed forms, engine cross-checks by simulation and by exhaustive engine
search, chameleon skin, protection, best attacker, typed errors."""

from fractions import Fraction

import pytest

import evo_lab
from evo_lab import Game
from evo_lab.games.evo2e.actions import ATTACK, ESCAPE, Action
from evo_lab.games.evo2e.odds import (
    NotMovementPhaseError,
    OddsError,
    attack_plan,
    attack_plans,
    best_attacker,
    removal_distribution,
    simulate_attack_plan,
)
from evo_lab.games.evo2e.odds import demo_position

BASE = demo_position()


def position(placements, mp=3, horns=(0, 0), unique=((), ())):
    """BASE's game with this board (``placements``: space -> player), the mover (P1) to move with ``mp``."""
    g = BASE.game
    return evo_lab.build_position(
        2,
        phase="movement",
        to_act="P1",
        order=["P1", "P2"],
        movement_left=mp,
        dinosaurs={f"P{p + 1}": [g.labels[x] for x, q in placements.items() if q == p] for p in range(2)},
        genes={f"P{p + 1}": {"horn": horns[p]} for p in range(2)},
        unique={f"P{p + 1}": list(unique[p]) for p in range(2)},
    )


G = BASE.game
ME = BASE.actor
YOU = 1 - ME


def far_spaces(*near, k=3):
    banned = set(near)
    for x in near:
        banned |= set(G.board.within(x, 2))
    return [x for x in range(G.n) if x not in banned][:k]


def test_adjacent_target_closed_form():
    a, t = 0, G.adj[0][0]
    extra = far_spaces(a, t, k=2)
    s = position({a: ME, t: YOU, extra[0]: YOU, extra[1]: YOU}, mp=4)
    for m in range(5):
        plan = attack_plan(s, a, t, m)
        q = Fraction(2, 3)
        assert plan.probability == 1 - q**m
        assert plan.expected_points == sum(q**i for i in range(m))
        assert plan.attack_probability == Fraction(1, 3)


def test_walking_path_and_points():
    a = 0
    two = next(x for x in range(G.n) if G.board.distance(a, x) == 3)
    extra = far_spaces(a, two, k=2)
    s = position({a: ME, two: YOU, extra[0]: YOU, extra[1]: YOU}, mp=5, horns=(1, 0))
    plan = attack_plan(s, a, two)
    assert len(plan.path) == 3 and plan.path[0] == a and two in G.adj[plan.path[-1]]
    assert len(plan.steps) == 2 and plan.steps[0].startswith("move ")
    q = Fraction(1, 3)
    assert plan.probability == 1 - q**3
    assert plan.expected_points == 2 + sum(q**i for i in range(3))
    assert attack_plan(s, a, two, 2).probability == 0
    assert attack_plan(s, a, two, 2).reason


def test_cross_checked_with_engine_simulation():
    a = 0
    two = next(x for x in range(G.n) if G.board.distance(a, x) == 2)
    extra = far_spaces(a, two, k=2)
    s = position({a: ME, two: YOU, extra[0]: YOU, extra[1]: YOU}, mp=4)
    plan = attack_plan(s, a, two)
    sim = simulate_attack_plan(s, plan, n=1500, seed=4)
    lo, hi = sim["interval"]
    assert lo <= float(plan.probability) <= hi
    _, mlo, mhi = sim["points"]
    assert mlo - 0.05 <= float(plan.expected_points) <= mhi + 0.05


def test_chameleon_skin_goals_and_engine():
    a, t = 0, G.adj[0][0]
    extra = far_spaces(a, t, k=2)
    s = position({a: ME, t: YOU, extra[0]: YOU, extra[1]: YOU}, mp=4, unique=((), ("chameleon_skin",)))
    space = attack_plan(s, a, t, goal="space")
    remove = attack_plan(s, a, t, goal="remove")
    assert space.probability == 1 - Fraction(2, 3) ** 4
    assert remove.probability < space.probability
    sim = simulate_attack_plan(s, remove, n=1500, seed=9)
    lo, hi = sim["interval"]
    assert lo <= float(remove.probability) <= hi
    sim = simulate_attack_plan(s, space, n=600, seed=3)
    lo, hi = sim["interval"]
    assert lo <= float(space.probability) <= hi
    # surrounded: no escape, so both goals agree
    block = {x: ME for x in G.adj[t] if x != a}
    s2 = position(
        {a: ME, t: YOU, extra[0]: YOU, extra[1]: YOU, **block}, mp=2, unique=((), ("chameleon_skin",))
    )
    assert (
        attack_plan(s2, a, t).probability == attack_plan(s2, a, t, goal="space").probability == Fraction(5, 9)
    )


def test_protection_and_best_attacker():
    a, t = 0, G.adj[0][0]
    extra = far_spaces(a, t, k=2)
    s = position({a: ME, t: YOU, extra[0]: YOU}, mp=3)  # P2 has 2 dinosaurs: protected
    p = attack_plan(s, a, t)
    assert p.probability == 0 and "protected" in p.reason
    far = next(x for x in range(G.n) if G.board.distance(t, x) == 3 and x not in extra)
    s = position({a: ME, far: ME, t: YOU, extra[0]: YOU, extra[1]: YOU}, mp=3)
    best = best_attacker(s, t)
    assert best.attacker == a
    plans = attack_plans(s, t)
    assert [pl.attacker for pl in plans] == [a, far] and plans[1].probability < best.probability
    assert attack_plan(s, a, t, frenzied=True).attack_probability == Fraction(5, 6)


def _engine_best(s, p):
    """Exhaustive search on the engine: the most enemy dinosaurs removed in expectation, attacks only."""
    if s.node != "move" or s.actor != p:
        return Fraction(0)
    best = Fraction(0)
    for act in s.legal_actions():
        if act.kind != ATTACK:
            continue
        c = s.clone()
        before = sum(c.count) - c.count[p]
        c.apply_action(act)
        exp = Fraction(0)
        for o, pr in c.chance_outcomes():
            d = c.clone()
            d.apply_action(o)
            if d.node == "chameleon":
                vals = []
                for e in d.legal_actions():
                    if e.kind == ESCAPE:
                        x = d.clone()
                        x.apply_action(e)
                        vals.append(before - (sum(x.count) - x.count[p]) + _engine_best(x, p))
                exp += pr * min(vals)
            else:
                exp += pr * (before - (sum(d.count) - d.count[p]) + _engine_best(d, p))
        best = max(best, exp)
    return best


def test_removal_distribution_vs_engine_search():
    a = 0
    n1, n2 = G.adj[a][0], G.adj[a][1]
    extra = far_spaces(a, n1, n2, k=2)
    s = position({a: ME, n1: YOU, n2: YOU, extra[0]: YOU, extra[1]: YOU}, mp=3, horns=(1, 0))
    r = removal_distribution(s)
    assert sum(r.distribution.values()) == 1
    assert r.expected == sum(k * v for k, v in r.distribution.items())
    assert max(r.distribution) == 2  # the third loss would leave P2 with 2: protected after two
    assert r.expected == _engine_best(s, ME)
    assert r.first.startswith("attack")
    s2 = position(
        {a: ME, n1: YOU, n2: YOU, extra[0]: YOU, extra[1]: YOU}, mp=2, unique=((), ("chameleon_skin",))
    )
    assert removal_distribution(s2).expected == _engine_best(s2, ME)


def test_bad_arguments_raise_typed_errors():
    a, t = 0, G.adj[0][0]
    extra = far_spaces(a, t, k=2)
    s = position({a: ME, t: YOU, extra[0]: YOU, extra[1]: YOU})
    for bad in (999, -1, "ZZ99", 2.5):
        with pytest.raises(OddsError, match="unknown"):
            attack_plan(s, a, bad)
    with pytest.raises(OddsError, match="mover"):
        attack_plan(s, t, a)
    with pytest.raises(OddsError, match="enemy"):
        attack_plan(s, a, next(x for x in G.adj[a] if s.occupants[x] < 0))
    with pytest.raises(OddsError):
        attack_plan(s, a, t, -1)
    with pytest.raises(OddsError):
        attack_plan(s, a, t, 10_000)
    with pytest.raises(OddsError):
        attack_plan(s, a, t, goal="win")
    start = Game(players=2, seed=0).new_initial_state_dealt()
    with pytest.raises(NotMovementPhaseError) as e:
        attack_plan(start, 0, 1)
    assert isinstance(e.value, ValueError) and "movement" in str(e.value)
    with pytest.raises(NotMovementPhaseError):
        removal_distribution(start)
    label = G.labels[t]
    assert attack_plan(s, G.labels[a], label).target == t
    assert Action(ATTACK, a, t) in s.legal_actions()
