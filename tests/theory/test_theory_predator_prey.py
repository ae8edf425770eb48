"""Predators and prey: the replicator dynamics of a cyclic 2 x 2 game, the engine's duel and the trait census."""

from __future__ import annotations

import math
from fractions import Fraction as F

import pytest

from evo_lab.theory.predator_prey import (
    DEFENCES,
    Duel,
    duel_game,
    duel_position,
    duel_results,
    feasibility,
    play_round,
)
from evo_lab.theory.replicator import CyclicGame, LotkaVolterra
from evo_lab.theory.trait_census import census, census_game, count_table, deck_shares

DUEL = CyclicGame(A=((5, 1), (4, 4)), B=((2, 6), (5, 5)))


# ----- replicator dynamics --------------------------------------------------------------------------------------


def test_rest_point_is_the_mixed_equilibrium_by_indifference():
    x, y = DUEL.rest_point()
    c, h, u, d = DUEL.payoffs(float(x), float(y))
    assert math.isclose(c, h) and math.isclose(u, d)  # each side indifferent at the other's mix
    assert DUEL.velocity(float(x), float(y)) == (0.0, 0.0)
    assert DUEL.pure_equilibria() == []


def test_best_replies_cycle_and_a_non_cyclic_game_has_a_pure_equilibrium():
    assert [
        DUEL.best_response("predator", "U"),
        DUEL.best_response("prey", "C"),
        DUEL.best_response("predator", "D"),
        DUEL.best_response("prey", "H"),
    ] == [["C"], ["D"], ["H"], ["U"]]
    dominant = CyclicGame(A=((5, 5), (4, 4)), B=((2, 6), (5, 5)))  # hunting always pays
    assert not dominant.is_cyclic() and dominant.pure_equilibria() == [("C", "D")]
    with pytest.raises(ValueError):
        dominant.rest_point()
    with pytest.raises(ValueError):
        CyclicGame(A=((1, 2),), B=((1, 2), (3, 4)))


def test_conserved_quantity_is_constant_along_the_flow_and_largest_at_the_rest_point():
    xs, ys = DUEL.orbit(0.5, 0.3, t_end=25, dt=0.01)
    h0 = DUEL.conserved(0.5, 0.3)
    assert max(abs(DUEL.conserved(x, y) - h0) for x, y in zip(xs, ys)) < 1e-7
    x, y = (float(v) for v in DUEL.rest_point())
    assert all(
        DUEL.conserved(x, y) > DUEL.conserved(x + dx, y + dy)
        for dx, dy in ((0.05, 0), (0, 0.05), (-0.05, 0.02), (0.03, -0.04))
    )
    # dH/dt = grad H . velocity = 0 at arbitrary points (analytic check, not numerical integration)
    for px, py in ((0.1, 0.7), (0.6, 0.2), (0.33, 0.9)):
        al, be, ga, de = (float(v) for v in DUEL.advantages())
        hx, hy = de / px - ga / (1 - px), al / py - be / (1 - py)
        vx, vy = DUEL.velocity(px, py)
        assert abs(hx * vx + hy * vy) < 1e-12


def test_small_cycles_have_the_linearised_period_and_large_ones_are_slower():
    assert DUEL.omega_squared() == F(9, 16)
    assert math.isclose(DUEL.small_period(), 8 * math.pi / 3)
    x, y = (float(v) for v in DUEL.rest_point())
    assert abs(DUEL.period(x + 0.005, y) - DUEL.small_period()) < 0.01
    assert DUEL.period(0.3, 0.3) < DUEL.period(0.45, 0.45) < DUEL.period(0.6, 0.6)


def test_discrete_map_spirals_outwards():
    xs, ys = DUEL.discrete_orbit(0.45, 0.45, 40)
    hs = [DUEL.conserved(x, y) for x, y in zip(xs, ys)]
    assert hs[-1] < hs[0] - 0.1
    with pytest.raises(ValueError):
        CyclicGame(A=((5, 0), (4, 4)), B=((2, 6), (5, 5))).discrete_orbit(0.5, 0.5, 3)


def test_lotka_volterra_form_has_the_same_rest_point_and_signs():
    lv = DUEL.lotka_volterra()
    assert lv == LotkaVolterra(a=F(1), b=F(4), c=F(3), d=F(4))
    n_star, p_star = lv.rest_point()
    x, y = DUEL.rest_point()
    assert (n_star, p_star) == (1 - y, x)
    # per-capita rates agree up to the factor (1 - share): x'/(x(1-x)) = -c + d u, u'/(u(1-u)) = a - b x
    for px, py in ((0.1, 0.2), (0.7, 0.6)):
        vx, vy = DUEL.velocity(px, py)
        u = 1 - py
        assert math.isclose(vx / (px * (1 - px)), float(-lv.c + lv.d * u))
        assert math.isclose(-vy / (u * (1 - u)), float(lv.a - lv.b * px))
        dn, dp = lv.velocity(u, px)
        assert math.isclose(dp / px, vx / (px * (1 - px))) and math.isclose(dn / u, -vy / (u * (1 - u)))


# ----- the duel on the engine -------------------------------------------------------------------------------------


def test_duel_payoffs_follow_the_rules():
    res = duel_results()
    assert all(r.forced for r in res.values())
    # C vs U: two attacks on a body-1 prey (meat = prey's body size, seed 003), prey ends at population 1
    assert res[("C", "U")].scores == (2 + 2 + 1, 1 + 1)
    assert sum(" attacks P2's species 1" in line for line in res[("C", "U")].story) == 2
    assert sum("eats 1 food from the food bank (its kill)" in line for line in res[("C", "U")].story) == 2
    # C vs D: Climbing stops the only attack; a Carnivore never eats plant food -> extinct, fresh board (1 point)
    assert res[("C", "D")].scores == (1, 2 + 2 + 1)
    assert "P1's species 1 (carnivore, body 3) goes extinct; P1 draws 1 card" in res[("C", "D")].story
    assert res[("H", "U")].scores == (4, 6) and res[("H", "D")].scores == (4, 5)
    assert duel_game() == DUEL


def test_feasibility_matches_the_attack_rules():
    rows = {r.trait: r for r in feasibility()}
    assert tuple(rows) == DEFENCES
    assert {t: r.blocker for t, r in rows.items()} == {
        "burrowing": None,
        "climbing": "climbing",
        "hard-shell": "body-size",
        "herding": "herding",
        "horns": None,
        "symbiosis": None,
        "warning-call": None,
    }
    big = {r.trait: r.blocker for r in feasibility(Duel(predator_body=6))}  # 6 > 1 + 4: Hard Shell fails
    assert big["hard-shell"] is None and big["climbing"] == "climbing"
    crowd = {r.trait: r.blocker for r in feasibility(Duel(predator_pop=3))}  # 3 > 2: Herding fails
    assert crowd["herding"] is None
    # Symbiosis needs a larger right neighbour; Warning Call on a neighbour protects every species beside it
    assert {r.trait: r.blocker for r in feasibility(Duel(prey_right=((3, 1, ()),)))}[
        "symbiosis"
    ] == "symbiosis"
    wc = feasibility(Duel(prey_right=((3, 1, ("warning-call",)),)))
    assert all(r.blocker == "warning-call" and not r.cyclic for r in wc)
    # Horns: the attack happens, the attacker loses 1 population
    assert rows["horns"].scores == (3, 3)


def test_duel_positions_are_consistent_and_rejected_when_wrong():
    s = duel_position(Duel(), "C", "U")
    s.check_invariants()
    assert s.legal_actions() == [("attack", 0, 1, 0)]
    with pytest.raises(ValueError):
        duel_position(Duel(), "X", "U")
    with pytest.raises(ValueError):
        Duel(defence="ambush")
    before = s.to_json()
    play_round(s)
    assert s.to_json() == before  # played on a copy


# ----- the census of bot games ------------------------------------------------------------------------------------


def test_census_counts_are_consistent_and_seeded():
    a, b = census_game(3, "random", 3), census_game(3, "random", 3)
    assert a.counts == b.counts and a.fates == b.fates
    for c in a.counts:
        assert c.carnivores + c.herbivores == c.species
        assert 0 <= c.defended <= c.herbivores and 0 <= c.attackable <= c.herbivores
    feed = a.at("feed")
    assert set(feed) | set(a.famine) == set(a.at("start"))
    assert not set(feed) & set(a.famine)
    for r, c in feed.items():
        fs = [f for f in a.fates if f.round == r]
        assert len(fs) == c.species and sum(f.kind == "carnivore" for f in fs) == c.carnivores
        assert sum(f.attackable for f in fs) == c.attackable
        assert all(f.survived or not f.kept for f in fs)
        assert sum(c.blockers.values()) == c.carnivores * (c.species - 1)


def test_fates_agree_with_the_engine_on_a_built_position():
    """A Carnivore with prey and a Carnivore without: the tracker's fates match a hand count of the rules."""
    import evo_lab
    from evo_lab.games.evolution.positions import from_boards
    from evo_lab.theory.trait_census import _Tracker

    g = evo_lab.make_game("evolution", players=2, seed=0)
    s = from_boards(
        g, [[(3, 2, 0, 0, ["carnivore"]), (1, 1, 0, 0, ["carnivore"])], [(1, 3, 0, 0, [])]], watering_hole=0
    )
    tc, targets = count_table(s, "feed")
    assert (tc.carnivores, tc.herbivores, tc.attackable) == (2, 1, 1)
    assert targets[(0, 1)] == []  # body 1 attacks nothing
    tr = _Tracker(0, s, targets)
    r = s.round
    while s.round == r and not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
        tr.events(s.events(last=True))
    fates = {(f.kind, f.targets): f for f in tr.finish(s)}
    assert fates[("carnivore", 0)].survived is False  # cannot eat plant food: starves
    assert fates[("carnivore", 2)].kept and fates[("herbivore", 0)].attacked >= 1


def test_census_aggregates_and_deck_shares():
    c = census(range(4), "random", 3)
    rows = c.share(lambda t: t.carnivores, lambda t: t.species)
    assert rows and all(
        lo <= m <= hi and 0 <= m <= 1 for _, n, m, lo, hi in rows
    )  # normal interval: may pass 0
    hits, n, lo, hi = c.rate("survived", kind="herbivore")
    assert n == sum(1 for f in c.fates() if f.kind == "herbivore") and lo <= hits / n <= hi
    assert all(-1 <= m <= 1 for *_, m, lo, hi in c.selection("carnivore"))
    assert deck_shares() == {"cards": 129, "carnivore": 17, "defence": 49}  # 17 Carnivore + 7 of each trait
    with pytest.raises(ValueError):
        census_game(0, "nobody")
