"""The analysis board (issue 22, analysis items 1 and 4): exact against sampled values, no leak of what the viewer
cannot see, reproducibility, typed errors, and the analysis bot against each game's greedy bot."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

import evo_lab
from evo_lab.core.analysis import MARK_THRESHOLDS, Analysis, AnalysisError, analyse, mark
from evo_lab.core.analysis_parts import Z95, AlignedRandom, margin, play_one, rollout_policy, t_quantile
from evo_lab.core.protocol import sample_chance
from evo_lab.core.registry import game_info

GAMES = evo_lab.registered_games()


class DiceState:
    """A tiny public game: two players take ``turns`` turns each, alternately; a turn is ``hold`` (+2 points) or
    ``roll`` (a fair d6: 1 scores nothing, any other face scores its pips). Highest total wins."""

    def __init__(self, turns: int = 2):
        self.scores_ = [0, 0]
        self.turns, self.done, self.rolling = turns, 0, False

    def current_player(self) -> int:
        return evo_lab.TERMINAL if self.is_terminal() else evo_lab.CHANCE if self.rolling else self.done % 2

    def is_terminal(self) -> bool:
        return self.done >= 2 * self.turns

    def is_chance_node(self) -> bool:
        return self.rolling

    def legal_actions(self) -> list:
        if self.is_terminal():
            return []
        return [1, 2, 3, 4, 5, 6] if self.rolling else ["hold", "roll"]

    def chance_outcomes(self) -> list:
        return [(f, Fraction(1, 6)) for f in range(1, 7)]

    def apply_action(self, a) -> None:
        if a not in self.legal_actions():
            raise evo_lab.IllegalActionError(f"{a!r} is not legal", "not_legal", a)
        p = self.done % 2
        if self.rolling:
            self.scores_[p] += 0 if a == 1 else a
            self.rolling, self.done = False, self.done + 1
        elif a == "roll":
            self.rolling = True
        else:
            self.scores_[p] += 2
            self.done += 1

    def returns(self) -> list[float]:
        return [float(x) for x in self.scores_]

    def clone(self) -> DiceState:
        c = type(self)(self.turns)
        c.scores_, c.done, c.rolling = list(self.scores_), self.done, self.rolling
        return c

    def action_to_string(self, a) -> str:
        return f"face {a}" if isinstance(a, int) else a

    def parse_action(self, text: str):
        return int(text[5:]) if text.startswith("face") else text


def test_exact_values_of_the_toy_game_by_hand():
    s = DiceState(turns=1)  # P1 then P2, each one turn; P2 plays at random afterwards
    a = analyse(s, rollout="random")
    assert a.method == "exact" and a.nodes > 0 and a.playouts == 0
    # P2 holds (+2) or rolls (mean 20/6) with probability 1/2 each
    p2 = [(2, Fraction(1, 2))] + [(0 if f == 1 else f, Fraction(1, 12)) for f in range(1, 7)]
    hold = sum(p * (2 - x) for x, p in p2)
    roll = sum(p * Fraction(1, 6) * ((0 if f == 1 else f) - x) for x, p in p2 for f in range(1, 7))
    assert a.entry("hold").fraction == hold and a.entry("roll").fraction == roll
    assert math.isclose(a.entry("roll").value, float(roll))
    assert a.best.action == "roll" and a.entry("roll").interval == (float(roll), float(roll))
    # the next chance event after "roll" is the die, each face 1/6
    assert a.entry("roll").next_event == {f"face {f}": pytest.approx(1 / 6) for f in range(1, 7)}
    assert sum(a.entry("hold").margins.values()) == pytest.approx(1)


class TurnDiceState(DiceState):
    """The dice game with a ``turn`` attribute (the aligned random numbers key on it)."""

    @property
    def turn(self) -> int:
        return self.done


@pytest.mark.parametrize("cls", [DiceState, TurnDiceState])
def test_sampled_values_of_the_aligned_playouts_match_the_exact_values(cls):
    s = cls(2)
    exact = analyse(s, rollout="random")
    sampled = analyse(s, rollout="random", exact_limit=0, iterations=4000, seed=3)
    assert exact.method == "exact" and sampled.method == "sampled"
    for e in exact:
        lo, hi = sampled.entry(e.action).interval
        assert lo <= e.value <= hi, (e.label, e.value, (lo, hi))


def test_common_random_numbers_stay_aligned_after_the_actions_part():
    """Playout k of "hold" and of "roll" (one die more) draw the same later dice and decisions: the other player's
    final score is the same in both, playout by playout (one numpy stream per playout would shift by the die)."""
    s = TurnDiceState(3)
    factory = rollout_policy(s, "random")
    for k in range(40):
        hold, roll = (play_one(s, 0, a, factory, 11, k) for a in ("hold", "roll"))
        assert hold.scores[1] == roll.scores[1]
    r, q = AlignedRandom(5, 1), AlignedRandom(5, 1)
    r.at(0, 2, 1, 0)
    q.at(9, 9)
    q.random()
    q.at(0, 2, 1, 0)
    assert [r.random() for _ in range(3)] == [q.random() for _ in range(3)]
    assert abs(np.mean([r.random() for _ in range(4000)]) - 0.5) < 0.02


def test_t_quantile_widens_the_intervals_of_a_few_playouts():
    assert t_quantile(Z95, 4) == pytest.approx(2.776, abs=0.01)
    assert t_quantile(Z95, 19) == pytest.approx(2.093, abs=0.002) and t_quantile(Z95, 0) == math.inf


@pytest.mark.parametrize("turns", [1, 2])
def test_sampled_values_fall_inside_their_intervals_around_the_exact_values(turns):
    s = DiceState(turns)
    exact = analyse(s, rollout="random")
    sampled = analyse(s, rollout="random", exact_limit=0, iterations=4000, seed=7)
    assert exact.method == "exact" and sampled.method == "sampled"
    for e in exact:
        got = sampled.entry(e.action)
        lo, hi = got.interval
        assert lo <= e.value <= hi, (e.label, e.value, got.interval)
        assert abs(got.win_probability - e.win_probability) < 3 * math.sqrt(0.25 / got.visits)  # 3 sd at most


def test_reproducible_with_iterations_and_seed():
    s = evo_lab.make_game("evolution", players=3, seed=2).new_initial_state_dealt()
    a = analyse(s, iterations=80, seed=3)
    b = analyse(s, iterations=80, seed=3)
    assert a == b and [e.visits for e in a] == [e.visits for e in b] and a.playouts == b.playouts <= 80
    assert isinstance(a, Analysis) and a.method == "sampled"
    assert {e.action for e in a} == set(s.legal_actions())
    for e in a:
        assert e.label == s.action_to_string(e.action)
        assert e.interval[0] <= e.value <= e.interval[1] and 0 <= e.win_probability <= 1


def _mid_game(gid: str, seed: int, moves: int = 40):
    players = game_info(gid).min_players
    game = evo_lab.make_game(gid, players=players, seed=seed)
    rng = np.random.default_rng(seed)
    s = game.new_initial_state()
    n = 0
    while True:
        assert not s.is_terminal()
        if not s.is_chance_node() and n >= moves and len(s.legal_actions()) > 1:
            return s
        acts = s.legal_actions()
        s.apply_action(sample_chance(s, rng) if s.is_chance_node() else acts[int(rng.random() * len(acts))])
        n += 1


@pytest.mark.parametrize("gid", GAMES)
def test_no_leak_the_analysis_is_the_same_whatever_the_hidden_cards(gid):
    s = _mid_game(gid, seed=5)
    viewer = s.current_player()
    other = s.determinize(viewer, np.random.default_rng(99))  # the same information set, other hidden cards
    assert other.observation(viewer) == s.observation(viewer)
    assert other.to_dict() != s.to_dict(), "the position hides nothing: pick another"
    a = analyse(s, iterations=60, seed=11)
    b = analyse(other, iterations=60, seed=11)
    assert a == b
    assert [e.next_event for e in a] == [e.next_event for e in b]


@pytest.mark.parametrize("gid", GAMES)
def test_every_game_gives_one_entry_per_legal_action(gid):
    s = _mid_game(gid, seed=2, moves=20)
    a = analyse(s, iterations=40, seed=1)
    assert sorted(map(repr, (e.action for e in a))) == sorted(map(repr, s.legal_actions()))
    assert a.best.value == max(e.value for e in a)
    assert a.score_scale >= 1 and a.tolerance > 0


def test_typed_errors():
    g = evo_lab.make_game("origin", players=2, seed=1)
    s = g.new_initial_state()
    with pytest.raises(AnalysisError, match="chance node"):
        analyse(s)
    d = g.new_initial_state_dealt()
    with pytest.raises(AnalysisError, match="not the player to act"):
        analyse(d, viewer=1 - d.current_player())
    for bad in ({"iterations": 0}, {"seconds": -1}, {"confidence": 1.5}, {"rollout": "smart"}):
        with pytest.raises(AnalysisError):
            analyse(d, **bad)
    assert issubclass(AnalysisError, evo_lab.EvoLabError)


def test_marks_follow_the_thresholds():
    s = DiceState(turns=1)
    a = analyse(s, rollout="random")
    loss = a.loss("hold")
    assert loss > 0 and mark(a, "roll") == ""
    expected = (
        "??"
        if loss > MARK_THRESHOLDS["??"] * a.score_scale
        else "?"
        if loss > MARK_THRESHOLDS["?"] * a.score_scale
        else ""
    )
    assert mark(a, "hold") == expected


def test_margin_is_against_the_best_other_player():
    assert margin([10, 12, 7], 0) == -2 and margin([10, 3, 7], 0) == 3


def test_seconds_budget_stops():
    s = evo_lab.make_game("origin", players=2, seed=4).new_initial_state_dealt()
    a = analyse(s, seconds=0.3, seed=1)
    assert a.seconds < 2.0 and a.playouts >= len(a)


@pytest.mark.slow
def test_the_analysis_bot_beats_greedy_in_a_small_seeded_match():
    """CI's small version of ``evo-lab bench --section analysis`` (its strength rows): Origin, two players, seats
    alternating, games seeded 0-3, 100 playouts per decision (one to three minutes). The interval of so few games is
    wide; the benchmark's 20-game rows give the figure with its interval (docs/benchmarks.md)."""
    from evo_lab.benchmarks.analysis import match
    from evo_lab.stats import wilson_interval

    shares = match("origin", games=4, iterations=100)
    lo, hi = wilson_interval(sum(shares), len(shares))
    assert sum(shares) / len(shares) > 0.5 and lo <= sum(shares) / len(shares) <= hi  # 4 in 4: hi == 1


def test_analysis_md_examples_run():
    import doctest
    from pathlib import Path

    docs = Path(__file__).resolve().parents[2] / "docs" / "analysis.md"
    res = doctest.testfile(
        str(docs), module_relative=False, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    )
    assert res.attempted > 10 and res.failed == 0, res


class ForcedDice(DiceState):
    """The dice game where P2 must always roll: no real choice after the first decision."""

    def legal_actions(self) -> list:
        acts = super().legal_actions()
        return ["roll"] if acts == ["hold", "roll"] and self.done % 2 == 1 else acts


def test_exact_with_the_game_rollout_uses_the_shared_chance_enumeration():
    s = ForcedDice(turns=1)
    a = analyse(s)  # rollout "game": later decisions are forced, so the tree is exact
    assert a.method == "exact" and a.nodes == 6 + 36
    p2 = [(0 if f == 1 else f, Fraction(1, 6)) for f in range(1, 7)]
    assert a.entry("hold").fraction == sum(p * (2 - x) for x, p in p2)
    assert a.entry("hold").next_event == {f"face {f}": pytest.approx(1 / 6) for f in range(1, 7)}
    assert analyse(DiceState(turns=1)).method == "sampled"  # a real later choice without a known law
    assert analyse(s, exact_limit=10).method == "sampled"  # too big for the limit
