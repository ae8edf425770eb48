"""The game-agnostic explorer over every registered game (a game registered later joins by itself): build, step,
bots, undo/redo, the history, "view as" (a player's view is the same for every position they cannot tell
apart: the real one and the observer's determinizations), and save/load round trips that switch games."""

from __future__ import annotations

import json

import numpy as np
import pytest

import evo_lab
from evo_lab.core.registry import game_info
from evo_lab.views.games import view_for
from evo_lab.views.widgets import Explorer, Session
from evo_lab.views.widgets.stepper import HUMAN

GAMES = evo_lab.registered_games()


def _explorer(gid: str, seed: int = 1) -> Explorer:
    info = game_info(gid)
    lo, _hi = info.min_players, info.max_players
    return Explorer(evo_lab.make_game(gid, players=max(lo, 3), seed=seed), seed=seed)


def _to_decision(session: Session, bot: str = "random", limit: int = 400) -> None:
    for _ in range(limit):
        if not session.state.is_chance_node() or session.state.is_terminal():
            return
        session.step(bot)


@pytest.mark.parametrize("gid", GAMES)
def test_builds_deals_and_names_the_game(gid):
    ex = _explorer(gid)
    st = ex.state
    assert not st.is_chance_node() and ex.tree.ply > 0  # a fresh game is dealt
    titles = [ex.tabs.get_title(i) for i in range(len(ex.tabs.children))]
    assert titles[0] == "Actions" and titles[-3:] == ["Players", "Story", "Game"]
    assert type(ex.session.view) is type(view_for(st.game))
    assert "evo-lab explorer" in ex.header.value and f"{st.game.players} players" in ex.header.value
    assert ex.files.game.value == gid  # the game files tab knows which game it is
    # the picker lists exactly the legal actions, in words
    acts = {st.action_to_string(a) for a in st.legal_actions()}
    assert {v for _l, v in ex.picker.choices()} == acts
    assert all(label and label != "?" for label, _v in ex.picker.choices())
    # an explorer from the registry id alone
    lo = game_info(gid).min_players
    ex2 = Explorer(gid, players=lo, seed=2)
    assert ex2.state.game.players == lo and ex2.session.game_id == gid


@pytest.mark.parametrize("gid", GAMES)
def test_step_play_undo_redo_and_history(gid):
    ex = _explorer(gid)
    s, stp = ex.session, ex.stepper
    ply = s.tree.ply
    label, text = ex.picker.choices()[-1]
    ex.picker.select.value = text
    assert ex.picker.play_selected() == ""
    assert s.tree.current.text == text and s.tree.ply == ply + 1
    words = s.view.history_line(s.tree.current, None)
    assert words.startswith(f"{ply + 1}. ") and words in ex.stepper.moves.value.replace("&#x27;", "'")
    after = s.state.to_json()
    stp.undo()
    assert s.tree.ply == ply and stp.history.value == ply
    stp.redo()
    assert s.state.to_json() == after
    # every bot the game offers makes a legal decision
    for bot in s.bot_names():
        _to_decision(s)
        if s.state.is_terminal():
            break
        before = s.state.clone()
        stp.bot.value = bot
        stp.step()
        assert s.tree.current.action in before.legal_actions(), bot
    # a person deciding: Step refuses a decision, Phase plays on with a random bot
    stp.bot.value = HUMAN
    _to_decision(s)
    n = s.tree.ply
    stp.b_step.click()
    assert "must decide" in stp.message.value and s.tree.ply == n
    phase, rnd = s.view.phase_key(s.state), s.view.round_key(s.state)
    stp.play_to("phase")
    assert (s.view.phase_key(s.state), s.view.round_key(s.state)) != (phase, rnd) or s.state.is_terminal()
    # a variation from a past point, chosen from the list
    s.goto_ply(n)
    alt = [a for a in s.state.legal_actions() if a != s.tree.line()[n + 1].action]
    if alt and not s.state.is_chance_node():
        s.play(alt[0])
        assert len(stp.variations.options) >= 2
    # the story tells the current round in words
    assert "so far" in ex.story.text.value or s.state.is_terminal()


def _view_text(ex: Explorer) -> str:
    """Everything the board and the players tab show (the board's synced text, whatever the widget)."""
    b = ex.board
    parts = [ex.players.table.value]
    for name in ("value", "svg", "snapshot", "hand"):
        if b.has_trait(name):
            v = getattr(b, name)
            parts.append(v if isinstance(v, str) else json.dumps(v, sort_keys=True, default=str))
    return "\n".join(parts)


@pytest.mark.parametrize("gid", GAMES)
def test_view_as_a_player_hides_what_they_cannot_see(gid):
    """A player's view of the real position equals their view of every position the observer's determinize draws
    for them (what they cannot tell apart), while the teacher's view tells some of those apart."""
    ex = _explorer(gid, seed=3)
    s = ex.session
    rng = np.random.default_rng(0)
    for _ in range(300):
        st = s.state
        if st.is_terminal():
            break
        if not st.is_chance_node():
            viewer = (st.current_player() + 1) % st.game.players
            twins = [st.determinize(viewer, rng) for _ in range(4)]
            views = [Explorer(t.clone(), viewer=None, deal=False) for t in [st] + twins]
            teacher = {_view_text(v) for v in views}
            if len(teacher) > 1:  # something hidden from the viewer differs between the twins
                for v in views:
                    v.set_viewer(viewer)
                mine = {_view_text(v) for v in views}
                assert len(mine) == 1, f"{gid}: player {viewer + 1}'s view shows what they cannot see"
                assert "hidden" in views[0].players.table.value
                return
        s.step("random")
    pytest.fail(f"{gid}: no position with hidden information in 300 steps")


@pytest.mark.parametrize("gid", GAMES)
def test_save_and_load_round_trip_in_any_explorer(gid):
    ex = _explorer(gid)
    s = ex.session
    for _ in range(25):
        s.step("random")
    s.undo()
    s.play(s.state.legal_actions()[-1])  # a second line: a variation
    here, ply = s.state.to_json(), s.tree.ply
    other = "evo2e" if gid != "evo2e" else GAMES[-1]
    for kind in ("tree", "record", "position"):
        ex.files.kind.value = kind
        text = ex.files.save()
        assert json.loads(text)["format"] == f"evo-lab-{kind}"
        into = _explorer(other)  # another game's explorer takes it
        into.files.text.value = text
        assert into.files.load() == "", into.files.message.value
        assert into.state.to_json() == here and into.session.game_id == gid
        assert type(into.session.view) is type(ex.session.view)
        assert into.files.game.value == gid
        assert [into.tabs.get_title(i) for i in range(len(into.tabs.children))] == [
            ex.tabs.get_title(i) for i in range(len(ex.tabs.children))
        ]
        assert into.tree.ply == (0 if kind == "position" else ply)
        if kind == "tree":
            assert len(into.stepper.variations.options) == 2
        into.session.step("random")  # and plays on
    # the core loaders read the same files
    assert evo_lab.load_position(s.save("position")).to_json() == here
    assert evo_lab.load_record(s.save("record")).to_json() == here


@pytest.mark.parametrize("gid", GAMES)
def test_new_game_from_the_game_tab(gid):
    ex = Explorer(seed=4)  # an Evo 2e explorer
    info = game_info(gid)
    lo, hi = info.min_players, info.max_players
    ex.files.game.value = gid
    assert (ex.files.players.min, ex.files.players.max) == (lo, hi)
    ex.files.players.value = hi
    ex.files.seed.value = 11
    assert ex.files.new_game() == ""
    assert ex.session.game_id == gid and ex.state.game.players == hi and not ex.state.is_chance_node()
    assert [v for _l, v in ex.view.options] == [-1] + list(range(hi))
    ex.set_viewer(hi - 1)
    assert ex.session.viewer == hi - 1 and f"player {hi}" in ex.header.value
