"""Survival risk: exact against an exhaustive walk through the engine's survival phase (owner's removals
uniformly random), climate uncertainty before the reveal, typed errors."""

from fractions import Fraction

import pytest

import evo_lab

from evo_lab.games.evo2e.odds import OddsError, climate_forecast, survival_risk
from evo_lab.games.evo2e.odds import demo_position

BASE = demo_position()
G = BASE.game
ME = BASE.actor
YOU = 1 - ME


def by_state(s):
    out = {"ideal": [], "hot": [], "cold": [], "deadly": []}
    for x in range(G.n):
        out[s.space_state(x)].append(x)
    return out


def build(mine, yours, thermo=(0, 0), fur=(0, 0), cave=(False, False)):
    """BASE's game with this board and these genes, the mover (P1) to move."""
    return evo_lab.build_position(
        2,
        phase="movement",
        to_act="P1",
        order=["P1", "P2"],
        movement_left=BASE.mp_left,
        section=BASE.section,
        dinosaurs={"P1": [G.labels[x] for x in mine], "P2": [G.labels[x] for x in yours]},
        genes={f"P{p + 1}": {"thermo": thermo[p], "fur": fur[p]} for p in range(2)},
        unique={f"P{p + 1}": ["cave_dweller"] for p in range(2) if cave[p]},
    )


def engine_walk(s):
    """Exact per-space death probability and per-player deaths, walking the engine to the next scoring."""
    r0 = s.round
    start = list(s.occupants)
    dino = {x: Fraction(0) for x in range(G.n) if start[x] >= 0}
    deaths: list[dict] = [{}, {}]

    def walk(st, pr):
        if st.round > r0 or st.is_terminal():
            for x in dino:
                if st.occupants[x] < 0:
                    dino[x] += pr
            for p in range(2):
                k = start.count(p) - st.occupants.count(p)
                deaths[p][k] = deaths[p].get(k, Fraction(0)) + pr
            return
        if st.is_chance_node():
            for o, q in st.chance_outcomes():
                c = st.clone()
                c.apply_action(o)
                walk(c, pr * q)
            return
        acts = st.legal_actions()
        if st.node == "survive":
            for a in acts:
                c = st.clone()
                c.apply_action(a)
                walk(c, pr / len(acts))
            return
        pick = next(a for a in acts if a.kind in ("end", "pass"))
        c = st.clone()
        c.apply_action(pick)
        walk(c, pr)

    walk(s, Fraction(1))
    return dino, deaths


def test_matches_engine_walk():
    st = by_state(BASE)
    assert BASE.node == "move"
    hot = st["hot"] or st["cold"]
    mine = st["deadly"][:2] + hot[:2] + st["cold"][:2] + st["ideal"][:1]
    yours = st["deadly"][2:4] + st["ideal"][1:3]
    for kw in ({}, {"thermo": (1, 0)}, {"fur": (1, 0), "cave": (True, False)}):
        s = build(mine, yours, **kw)
        r = survival_risk(s)
        dino, deaths = engine_walk(s)
        assert r.dinosaur == dino
        for p in range(2):
            assert r.deaths[p] == {k: v for k, v in sorted(deaths[p].items())}
            assert sum(r.deaths[p].values()) == 1
            assert r.at_risk[p] == sum(v for k, v in deaths[p].items() if k)
            assert r.expected_score[p] == s.count[p] - r.expected_deaths[p]
        assert r.happens == 1 and r.sections == {s.section: 1}


def test_floor_caps_deaths():
    st = by_state(BASE)
    s = build(st["deadly"][:3], st["deadly"][3:7])
    r = survival_risk(s)
    assert r.deaths[ME] == {1: 1} and r.deaths[YOU] == {2: 1}
    assert all(r.dinosaur[x] == Fraction(1, 3) for x in st["deadly"][:3])


def test_before_the_reveal_uses_the_next_token():
    s = BASE.clone()
    while s.node != "token":
        acts = s.legal_actions()
        if s.is_chance_node():
            s.apply_action(acts[0])
        else:
            s.apply_action(next((a for a in acts if a.kind in ("end", "pass")), acts[0]))
    r = survival_risk(s)
    f = climate_forecast(s, 1)
    assert r.sections == f.sections[0] and r.happens == f.reached[0]
    assert r.round == s.round
    assert sum(sum(d.values()) for d in r.deaths.values()) == 2


def test_bad_arguments():
    with pytest.raises(OddsError):
        survival_risk(BASE, player=5)
    with pytest.raises(OddsError):
        survival_risk("position")
