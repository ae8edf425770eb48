"""The Explorer's Analysis tab (issue 22, analysis item 2) for every game."""

from __future__ import annotations

import pytest

import evo_lab
from evo_lab.core.registry import game_info
from evo_lab.views.widgets import Explorer

GAMES = evo_lab.registered_games()


def _decision(ex: Explorer) -> None:
    s = ex.session
    for _ in range(50):
        st = s.state
        if not st.is_chance_node() and len(st.legal_actions()) > 1:
            return
        s.step("random")
    raise AssertionError("no decision with a choice")


@pytest.mark.parametrize("gid", GAMES)
def test_the_tab_analyses_the_player_to_act_when_shown(gid):
    ex = Explorer(gid, players=game_info(gid).min_players, seed=2)
    tab = ex.analysis
    tab.iterations = 30
    titles = [ex.tabs.get_title(i) for i in range(len(ex.tabs.children))]
    assert "Analysis" in titles and titles[-3:] == ["Players", "Story", "Game"]
    _decision(ex)
    assert tab.analysis is None  # not shown: nothing spent
    ex.tabs.selected_index = titles.index("Analysis")
    a = tab.analysis
    assert a is not None and len(a) == len(ex.state.legal_actions())
    from html import escape

    words = ex.session.view.choice_label(ex.state, a.best.action)  # the action list's words, not the notation
    assert tab.words(a.best) == words and words != a.best.label
    assert tab.chart.value.count('class="best"') == 1 and escape(words.split(" ")[0]) in tab.chart.value
    assert f"<b>P{ex.state.current_player() + 1} to act.</b>" in tab.status.value
    fig = tab.figure()
    assert list(fig.data[0].y) == [tab.words(e) for e in a] and fig.data[0].error_x.array is not None
    # a move re-analyses the new position while shown; leaving the tab stops it
    ex.session.step("random")
    _decision(ex)
    assert tab.analysis is not None and len(tab.analysis) == len(ex.state.legal_actions())
    ex.tabs.selected_index = 0
    ex.session.step("random")
    assert tab.analysis is None


def test_deeper_annotate_and_other_viewers():
    ex = Explorer("origin", players=2, seed=4)
    tab = ex.analysis
    tab.iterations, tab.deep_seconds, tab.annotate_iterations = 20, 0.4, 10
    _decision(ex)
    tab.show(True)
    small = tab.analysis.playouts
    tab.deeper.click()
    assert tab.analysis.seconds >= 0.3 or tab.analysis.decided
    assert tab.analysis.playouts >= small or tab.analysis.decided
    from html import escape

    assert (
        f"After {escape(tab.said(tab.analysis.best))}" in tab.after.value and "final score" in tab.after.value
    )
    for _ in range(6):
        ex.session.step("random")
    _decision(ex)
    tab.annotate_button.click()
    assert tab.history.value.count("<li") >= 1 and "?" in tab.history.value
    p = ex.state.current_player()
    ex.set_viewer(1 - p)  # another player's view: no analysis of a decision they do not make
    assert tab.analysis is None and f"P{p + 1} decides" in tab.status.value


def test_bars_with_an_unbounded_interval():
    from evo_lab.views.widgets.analysis_tab import bars_svg

    svg = bars_svg(["a", "b"], [1.0, -0.5], [(0.5, 1.5), (float("-inf"), float("inf"))], 0, "t")
    assert svg.count('class="best"') == 1 and svg.count('stroke="#222"') == 1  # one whisker: a's


def test_few_playouts_are_said():
    """A small budget says how many games were played out after the best action and what that means."""
    ex = Explorer("origin", players=2, seed=4)
    tab = ex.analysis
    tab.iterations = 20
    _decision(ex)
    tab.show(True)
    n = tab.analysis.best.visits
    assert n < 100 and f"Few games played out: {n} after the best action" in tab.status.value
    assert f"counts {1 / n:.0%} in the tables below" in tab.status.value


def test_score_rows_and_units():
    from evo_lab.views.widgets.analysis_tab import score_rows

    assert score_rows({1.0: 0.25, 2.0: 0.75}, "point") == [("1 point", 0.25), ("2 points", 0.75)]
    assert score_rows({30.0: 1.0}, "MP") == [("30 MP", 1.0)]
    rows = score_rows({float(k): 1 / 20 for k in range(20)}, "point")
    assert len(rows) <= 7 and sum(p for _k, p in rows) == pytest.approx(1) and rows[0][0] == "0 to 2 points"
    ex = Explorer("evo2e", players=3, seed=2)
    _decision(ex)
    ex.analysis.iterations = 30
    ex.analysis.show(True)
    assert " MP" in ex.analysis.after.value and "points" not in ex.analysis.after.value  # Evo scores MP


@pytest.mark.parametrize("gid", GAMES)
def test_the_annotated_story_says_who_acts_once(gid):
    """``evo-lab analyse``'s story (``core.annotate.words``): each decision in the game's words with its subject
    said once ("P1 puts ...", never "P1 P1 puts ...")."""
    import numpy as np

    from evo_lab.core.annotate import words
    from evo_lab.core.protocol import sample_chance

    s = evo_lab.make_game(gid, players=game_info(gid).min_players, seed=3).new_initial_state()
    rng = np.random.default_rng(3)
    said = 0
    for _ in range(120):
        if s.is_terminal():
            break
        if s.is_chance_node():
            s.apply_action(sample_chance(s, rng))
            continue
        a = s.legal_actions()[int(rng.integers(len(s.legal_actions())))]
        text = words(s, a)
        who = f"P{s.current_player() + 1}"
        assert text.startswith(who) and not text.startswith(f"{who} {who}"), text
        assert "_" not in text and text != s.action_to_string(a), text
        said += 1
        s.apply_action(a)
    assert said > 5
