"""Climate forecast: exact against brute-force enumeration of the physical pile, against simulation and the
engine, sums exactly 1, sixth sense, conditional game length, Markov view, CLI, typed errors."""

import copy
import json
from fractions import Fraction
from itertools import permutations

import numpy as np
import pytest
from helpers import reach

import evo_lab

from evo_lab import Game, load_data
from evo_lab.cli import main
from evo_lab.core.protocol import play_out, uniform_random_policy
from evo_lab.games.evo2e.odds import (
    OddsError,
    climate_forecast,
    game_length_distribution,
    markov_forecast,
    simulate_climate,
    stationary_distribution,
    wheel_transition_matrix,
)
from evo_lab.stats import wilson_interval


def _small_pack(counts=(1, 3, 1, 1)):
    pack = load_data()
    clim = copy.deepcopy(pack.raw["climate"])
    for k, c in zip(clim["tokens"]["kinds"], counts):
        k["count"] = c
    return load_data(overrides={"climate": clim})


def _brute(game):
    """Shuffle the regular tokens physically: the first is discarded unseen, the next (pile - bottom) are
    the top, the last (bottom - 1) go with the meteorite into the bottom pile, shuffled."""
    kinds = [i for i, t in enumerate(game.data.tokens) for _ in range(t.count)]
    shifts = game.token_shifts
    n = game.n_sections
    orders = set(permutations(kinds))
    sections: dict[int, dict[int, Fraction]] = {}
    length: dict[int, Fraction] = {}
    w = Fraction(1, len(orders) * game.bottom)
    for order in orders:
        regular = order[1:]
        for slot in range(game.bottom):
            top = game.pile_length - game.bottom
            pile = list(regular[:top]) + list(regular[top : top + slot]) + [-1] + list(regular[top + slot :])
            sec = game.data.initial_section
            for r, tok in enumerate(pile, start=1):
                if tok == -1:
                    length[r - 1] = length.get(r - 1, Fraction(0)) + w
                    break
                sec = (sec + shifts[tok]) % n
                d = sections.setdefault(r, {})
                d[sec] = d.get(sec, Fraction(0)) + w
    return sections, length


def test_start_of_game_default_pack():
    f = climate_forecast(Game(players=4), 11)
    assert f.rounds == list(range(1, 12))
    assert f.game_length == {9: Fraction(1, 3), 10: Fraction(1, 3), 11: Fraction(1, 3)}
    assert f.reached[:9] == [1] * 9 and f.reached[9:] == [Fraction(2, 3), Fraction(1, 3)]
    assert f.sections[0] == {0: Fraction(1, 6), 1: Fraction(1, 6), 2: Fraction(1, 2), 3: Fraction(1, 6)}
    for d, ts in zip(f.sections, f.terrain_states):
        assert sum(d.values()) == 1
        for states in ts.values():
            assert sum(states.values()) == 1
    assert f.expected_length() == 10


def test_matches_brute_force_enumeration_of_the_pile():
    game = Game(players=2, data=_small_pack())
    sections, length = _brute(game)
    f = climate_forecast(game, 10)
    assert f.game_length == length
    assert f.rounds == sorted(sections)
    for k, r in enumerate(f.rounds):
        reach = sum(sections[r].values())
        assert f.reached[k] == reach
        assert f.sections[k] == {s: p / reach for s, p in sections[r].items()}


def test_transcribed_tokens_change_the_answer():
    a = climate_forecast(Game(players=2), 1).sections[0]
    b = climate_forecast(Game(players=2, data=_small_pack((2, 2, 1, 1))), 1).sections[0]
    assert a != b and b[3] == b[2] == Fraction(1, 3)


def test_matches_seeded_simulation():
    game = Game(players=4)
    f = climate_forecast(game, 11)
    sim = simulate_climate(game, 11, n=20_000, seed=5)
    assert sim.played[0] == 20_000
    for k in range(11):
        lo, hi = wilson_interval(sim.played[k], sim.n, z=4.5)
        assert lo - 1e-9 <= float(f.reached[k]) <= hi + 1e-9
        for s in range(6):
            lo, hi = wilson_interval(sim.section_counts[k].get(s, 0), sim.played[k], z=4.5)
            assert lo <= float(f.sections[k].get(s, 0)) <= hi
    for length, p in f.game_length.items():
        lo, hi = sim.length_interval(length)
        assert lo - 0.01 <= float(p) <= hi + 0.01


def test_matches_engine_chance_nodes():
    """Play real (random) games to round 3 and compare the wheel with the forecast."""
    game = Game(players=2)
    f = climate_forecast(game, 2)
    rng = np.random.default_rng(2)
    counts = {}
    n = 250
    for _ in range(n):
        s = game.new_initial_state()
        play_out(
            s,
            uniform_random_policy(rng),
            rng,
            stop=lambda st: st.round == 2 and st.phase_name() == "mutation",
        )
        counts[s.section] = counts.get(s.section, 0) + 1
    for sec, p in f.sections[1].items():
        lo, hi = wilson_interval(counts.get(sec, 0), n, z=4.0)
        assert lo <= float(p) <= hi


def _dealt(seed=0):
    game = Game(players=3, seed=seed)
    s = game.new_initial_state_dealt()
    assert s.phase_name() == "mutation"
    return s


def test_from_a_position_after_the_reveal():
    s = _dealt()
    f = climate_forecast(s, 1)
    assert f.rounds == [s.round + 1]
    assert f.current_section == s.section
    tl = s.tokens_left
    total = sum(tl)
    expect = {}
    for i, t in enumerate(s.game.data.tokens):
        if tl[i]:
            sec = (s.section + t.shift) % 6
            expect[sec] = expect.get(sec, Fraction(0)) + Fraction(tl[i], total)
    assert f.sections[0] == expect
    assert sum(f.game_length.values()) == 1


def test_conditional_game_length_late():
    pos = _dealt().position()
    pos.revealed, pos.round = ["cw1"] * 6 + ["cw2", "cw2", "stay", "stay"], 10
    s = pos.build()
    g = s.game
    assert s.tokens_left == [0, 0, 0, 2]
    f = climate_forecast(s, 3)
    assert f.game_length == {10: Fraction(1, 2), 11: Fraction(1, 2)}
    assert f.rounds == [11] and f.reached == [Fraction(1, 2)]
    assert f.sections[0] == {(s.section - 1) % g.n_sections: Fraction(1)}


def test_sixth_sense_only_for_its_holder_and_the_teacher():
    s0 = _dealt()
    g = s0.game
    tok = next(i for i, c in enumerate(s0.tokens_left) if c)
    s = evo_lab.build_position(
        3,
        phase="mutation",
        section=s0.section,
        revealed=[g.token_ids[t] for t in s0.revealed],
        unique={"P1": ["sixth_sense"]},
        next_token=g.token_ids[tok],
    )
    known = climate_forecast(s, 2, viewer=0)
    teacher = climate_forecast(s, 2)
    other = climate_forecast(s, 2, viewer=1)
    assert known.sections[0] == teacher.sections[0] == {(s.section + g.token_shifts[tok]) % 6: Fraction(1)}
    pos = s.position()
    pos.next_token = None
    s2 = pos.build()
    assert other.sections == climate_forecast(s2, 2).sections
    assert other.sections[0] != known.sections[0]


def test_markov_view():
    P = wheel_transition_matrix()
    assert all(sum(r) == 1 for r in P)
    pi = stationary_distribution(P)
    assert pi == [Fraction(1, 6)] * 6
    assert [sum(pi[i] * P[i][j] for i in range(6)) for j in range(6)] == pi
    mf = markov_forecast(1, 2)
    exact = climate_forecast(Game(players=2), 2)
    assert mf[0] == exact.sections[0]  # the first draw is the same with or without replacement
    assert mf[1] != exact.sections[1]  # later draws are not
    assert sum(mf[1].values()) == 1
    skewed = wheel_transition_matrix(tokens=[0, 1, 0, 0])
    assert skewed[0][1] == 1


@pytest.mark.parametrize(
    "tokens, unique",
    [
        ([0, 0, 2, 0], False),  # only "stay": P is the identity, every distribution is stationary
        ([2, 0, 0, 0], False),  # only clockwise 2: even and odd sections never meet
        ([2, 0, 2, 0], False),  # clockwise 2 and stay: still two classes
        ([0, 3, 0, 0], True),  # only clockwise 1: unique (uniform) but periodic, never reached as a limit
        ([0, 4, 4, 4], True),  # lesson 03's symmetric mix
        (None, True),  # the shipped mix
    ],
)
def test_uniform_is_stationary_for_every_mix_but_unique_only_when_irreducible(tokens, unique):
    """docs/odds.md, Markov-chain view: doubly stochastic, so uniform is always stationary; unique iff the shifts
    generate the wheel (lesson 03, exercise 1)."""
    P = wheel_transition_matrix(tokens=tokens)
    uniform = [Fraction(1, 6)] * 6
    assert [sum(uniform[i] * P[i][j] for i in range(6)) for j in range(6)] == uniform
    if unique:
        assert stationary_distribution(P) == uniform
    else:
        with pytest.raises(OddsError, match="no unique stationary"):
            stationary_distribution(P)
        point = [Fraction(1)] + [Fraction(0)] * 5  # a second stationary distribution
        if tokens[0] and not tokens[1] and not tokens[3]:
            point = [Fraction(1, 3) if i % 2 == 0 else Fraction(0) for i in range(6)]
        assert [sum(point[i] * P[i][j] for i in range(6)) for j in range(6)] == point


def test_game_length_helper():
    assert game_length_distribution(Game(players=5)) == {
        9: Fraction(1, 3),
        10: Fraction(1, 3),
        11: Fraction(1, 3),
    }


@pytest.mark.parametrize(
    "kw", [{"rounds": -1}, {"rounds": 1.5}, {"rounds": 2, "viewer": 7}, {"rounds": 2, "viewer": True}]
)
def test_bad_arguments(kw):
    with pytest.raises(OddsError):
        climate_forecast(_dealt(), **kw)
    with pytest.raises(OddsError):
        climate_forecast("not a state", 2)
    with pytest.raises(OddsError):
        wheel_transition_matrix(tokens=[1, 2])


def test_cli_climate_json(capsys, tmp_path):
    assert main(["odds", "climate", "--rounds", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game_length"] == {"9": "1/3", "10": "1/3", "11": "1/3"}
    assert out["rounds"][0]["round"] == 1
    assert out["rounds"][0]["sections"] == {"0": "1/6", "1": "1/6", "2": "1/2", "3": "1/6"}
    s = _dealt()
    p = tmp_path / "pos.json"
    p.write_text(s.to_json())
    assert main(["odds", "climate", "--rounds", "1", "--position", str(p), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rounds"][0]["round"] == 2
    assert sum(Fraction(v) for v in out["rounds"][0]["sections"].values()) == 1
    assert main(["odds", "climate", "--rounds", "2"]) == 0
    assert "game length" in capsys.readouterr().out
    assert main(["odds", "climate", "--rounds", "-2"]) == 2


def test_cli_climate_from_a_record_and_a_viewer(capsys, tmp_path):
    s = evo_lab.build_position(3, phase="mutation", revealed=["cw1"], unique={"P2": ["sixth_sense"]})
    s.apply_action(s.legal_actions()[0])  # the record starts at the built position
    p = tmp_path / "game.json"
    p.write_text(json.dumps(s.to_record()))
    assert main(["odds", "climate", "--rounds", "1", "--position", str(p), "--viewer", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["viewer"] == 1
    assert out["rounds"][0]["sections"] == {
        str(k): str(v) for k, v in climate_forecast(s, 1).sections[0].items()
    }
    assert main(["odds", "climate", "--rounds", "1", "--viewer", "0"]) == 2
    assert main(["odds", "climate", "--rounds", "1", "--position", str(tmp_path / "missing.json")]) == 2


def test_game_length_chart_accepts_a_run_that_stopped_at_the_end_of_a_round():
    from evo_lab.games.evo2e.odds import climate_forecast, monte_carlo
    from evo_lab.games.evo2e.odds.figures import game_length_bar

    s = reach(2, {"move"})
    res = monte_carlo(s, n=4, seed=1, until="round", progress=False)
    fig = game_length_bar(climate_forecast(s, 3), res)
    assert len(fig.data) == 1
