"""Monte Carlo: split-independent seeding, agreement with the exact game length, policies, typed errors;
figures return plotly figures with exact and simulated traces."""

from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

import numpy as np
import plotly.graph_objects as go
import pytest
from helpers import reach

from evo_lab import Game
from evo_lab.games.evo2e.odds import (
    OddsError,
    climate_forecast,
    combat_odds,
    figures,
    monte_carlo,
    replay,
    simulate_climate,
)
from evo_lab.stats import wilson_interval

START = Game(players=2, seed=3).new_initial_state_dealt()


def test_seeding_independent_of_split_and_replayable():
    a = monte_carlo(START, n=24, seed=7, until="round", executor="serial", progress=False)
    with ThreadPoolExecutor(2) as ex:
        b = monte_carlo(START, n=24, seed=7, until="round", executor=ex, workers=2, progress=False)
    assert a.seeds == b.seeds
    assert (a.final_mp == b.final_mp).all()
    assert all(x is None for x in a.lengths)
    s = replay(START, a, 5)
    assert list(s.mp) == list(a.final_mp[5]) and s.round == START.round + 1
    c = monte_carlo(START, n=24, seed=8, until="round", progress=False)
    assert c.seeds != a.seeds


def test_game_length_matches_exact_and_wins_sum_to_one():
    r = monte_carlo(START, n=160, seed=1, progress=False)
    exact = climate_forecast(START, 0).game_length
    assert sum(r.game_length.values()) == 160
    for k, p in exact.items():
        lo, hi = wilson_interval(r.game_length.get(k, 0), 160, z=4.0)
        assert lo <= float(p) <= hi
    assert sum(r.win_probability) == pytest.approx(1.0)
    for p in range(2):
        lo, hi = r.win_interval[p]
        assert lo <= r.win_probability[p] <= hi
        assert sum(r.mp_distribution(p).values()) == 160
    df = r.to_pandas()
    assert len(df) == 320 and set(df.columns) >= {"seed", "mp", "win_share"}


def first_action(state):
    return state.legal_actions()[0]


class Bot:
    name = "first"

    def __init__(self):
        self.seeds = []

    def reset(self, seed):
        self.seeds.append(seed)

    def __call__(self, state, player):
        assert player == state.current_player()
        return state.legal_actions()[-1]


def test_policies_per_player_and_viewer():
    bot = Bot()
    r = monte_carlo(START, policies=[first_action, bot], n=4, seed=2, until="round", progress=False)
    assert bot.seeds == [s + 1 for s in r.seeds]  # each seat's bot gets its own seed (seat 1: + 1)
    r2 = monte_carlo(START, policies=first_action, n=4, seed=2, until="round", progress=False, viewer=0)
    assert r2.notes and r2.n == 4


@pytest.mark.parametrize(
    "kw",
    [{"n": 0}, {"n": 2.5}, {"until": "turn"}, {"policies": [first_action]}, {"policies": 5}, {"viewer": 4}],
)
def test_bad_arguments(kw):
    args = {"n": 2, "seed": 0, "progress": False, **kw}
    with pytest.raises(OddsError):
        monte_carlo(START, **args)


def test_figures_show_exact_and_simulated():
    game = Game(players=4)
    f = climate_forecast(game, 4)
    sim = simulate_climate(game, 4, n=2000, seed=1)
    fig = figures.climate_heatmap(f, sim)
    assert isinstance(fig, go.Figure) and len(fig.data) == 2
    assert np.allclose(fig.data[0].z, f.section_matrix())
    fig = figures.game_length_bar(f, sim)
    assert fig.data[0].name == "exact" and fig.data[1].name.startswith("simulated")
    assert list(fig.data[0].y) == pytest.approx([1 / 3] * 3)
    fig = figures.terrain_state_chart(f, "desert")
    assert len(fig.data) == 4 and sum(fig.data[i].y[0] for i in range(4)) == pytest.approx(1)
    with pytest.raises(OddsError):
        figures.terrain_state_chart(f, "swamp")
    fig = figures.combat_heatmap(3)
    assert fig.data[0].z[1][0] == pytest.approx(2 / 3)
    fig = figures.face_breakdown_bar(combat_odds(1, 0), {"_n": 6, "claw": 1, "equals": 1, "plus": 2})
    assert len(fig.data) == 2 and fig.data[0].text[3] == str(Fraction(1, 3))
    r = monte_carlo(START, n=6, seed=0, until="round", progress=False)
    assert len(figures.mc_histogram(r).data) == 2
    assert len(figures.win_probability_bar(r).data[0].y) == 2


def test_bot_names_when_bots_exist():
    bots = pytest.importorskip("evo_lab.bots")
    assert "greedy" in bots.BOTS
    r = monte_carlo(START, policies=["greedy", "random"], n=4, seed=0, until="round", progress=False)
    again = monte_carlo(START, policies=["greedy", "random"], n=4, seed=0, until="round", progress=False)
    assert (r.final_mp == again.final_mp).all()
    with pytest.raises(ValueError):
        monte_carlo(START, policies=["no-such-bot", "random"], n=2, seed=0, progress=False)


def test_monte_carlo_without_a_seed_still_replays():
    from evo_lab.games.evo2e.odds import monte_carlo
    from evo_lab.games.evo2e.odds.montecarlo import replay

    s = reach(2, {"move"})
    res = monte_carlo(s, n=3, seed=None, until="round", progress=False)
    assert res.seed is not None
    again = replay(s, res, 1)
    assert list(again.mp) == list(res.final_mp[1])
