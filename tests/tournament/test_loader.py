"""Bots from files, modules and the registry: specs, names read without running the bot, the bot contract for
every registered game, and what a bot sees (its own observation, never the state)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import evo_lab
from evo_lab.bots import Bot, BotError, as_policy
from evo_lab.bots.loader import (
    BotLoadError,
    ObservationBot,
    declared_name,
    load_bot,
    load_bot_object,
    parse_spec,
    resolve_action,
)
from evo_lab.core.protocol import play_out
from evo_lab.core.registry import game_info
from evo_lab.sim import play_game

BOTS = Path(__file__).resolve().parent / "bots"


def test_specs_of_every_kind():
    f = parse_spec(str(BOTS / "clean.py"))
    assert (f.kind, f.target, f.attr, f.default_name()) == ("file", str(BOTS / "clean.py"), None, "clean")
    c = parse_spec(f"{BOTS / 'clean.py'}:Clean")
    assert (c.kind, c.attr) == ("file", "Clean")
    m = parse_spec("evo_lab.bots.random_bot:RandomBot")
    assert (m.kind, m.target, m.attr, m.default_name()) == (
        "module",
        "evo_lab.bots.random_bot",
        "RandomBot",
        "RandomBot",
    )
    b = parse_spec("builtin:ismcts:iterations=20,rollout=random,c=0.5")
    assert b.options == (("iterations", 20), ("rollout", "random"), ("c", 0.5))
    assert parse_spec("greedy") == parse_spec("greedy") and parse_spec("greedy").kind == "builtin"
    t = parse_spec("tcp:127.0.0.1:9000")
    assert (t.kind, t.target, t.port, t.default_name()) == ("tcp", "127.0.0.1", 9000, "127.0.0.1:9000")
    cmd = parse_spec('cmd:node "examples/remote bot.js" --fast')
    assert cmd.argv == ("node", "examples/remote bot.js", "--fast") and cmd.default_name() == "remote bot"


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "non-empty"),
        ("students/nobody.py", "no such bot file"),
        ("tcp:localhost", "tcp:HOST:PORT"),
        ("tcp:h:99999", "tcp:HOST:PORT"),
        ("cmd:", "needs a command"),
        ("builtin:", "needs a bot name"),
        ("builtin:ismcts:iterations", "key=value"),
        ("pkg.mod:1x", "module:ClassName"),
        ("what is this", "not a bot spec"),
    ],
)
def test_bad_specs_say_what_is_wrong(text, words):
    with pytest.raises(BotLoadError, match=words):
        parse_spec(text)


def test_names_are_read_without_running_the_bot(tmp_path):
    assert declared_name(str(BOTS / "clean.py")) == "clean"
    assert declared_name(str(BOTS / "memory_hog.py")) == "memory-hog"  # act inherited: the one class
    assert (
        declared_name(str(BOTS / "function_bot.py")) == "always-last"
    )  # module-level name of a function bot
    assert declared_name(str(BOTS / "load_error.py")) == "load_error"  # raises on import: never run here
    bomb = tmp_path / "bomb.py"
    bomb.write_text(
        "import os\nos._exit(9)\nclass Bomb:\n    name = 'boom'\n    def act(self, o, l):\n        return 0\n"
    )
    assert declared_name(str(bomb)) == "boom"  # the parent never runs a student's code
    assert declared_name("builtin:ismcts:iterations=5") == "ismcts(iterations=5)"


def test_picking_the_bot_of_a_file(tmp_path):
    two = tmp_path / "two.py"
    two.write_text(
        "class A:\n    def act(self, o, l):\n        return 0\n\nclass B:\n    def act(self, o, l):\n"
        "        return 1\n"
    )
    with pytest.raises(BotLoadError, match=r"several bot classes \(A, B\); name one: two.py:A"):
        load_bot_object(str(two), "origin")
    assert load_bot_object(f"{two}:B", "origin").impl.act(None, ["x", "y"]) == 1
    (tmp_path / "none.py").write_text("X = 1\n")
    with pytest.raises(BotLoadError, match="defines no bot"):
        load_bot_object(str(tmp_path / "none.py"), "origin")
    (tmp_path / "syntax.py").write_text("def act(:\n")
    with pytest.raises(BotLoadError, match="syntax error at line 1"):
        load_bot_object(str(tmp_path / "syntax.py"), "origin")
    with pytest.raises(BotLoadError, match="raised ImportError while loading: this bot needs a package"):
        load_bot_object(str(BOTS / "load_error.py"), "origin")
    with pytest.raises(BotLoadError, match="has no 'Nope'"):
        load_bot_object(f"{BOTS / 'clean.py'}:Nope", "origin")
    with pytest.raises(BotLoadError, match="unknown bot 'course' for origin"):
        load_bot("builtin:course", "origin")


def test_kinds_of_python_bots():
    obs = load_bot_object(str(BOTS / "clean.py"), "origin", seed=3)
    assert isinstance(obs, ObservationBot) and obs.name == "clean"
    fn = load_bot_object(str(BOTS / "function_bot.py"), "origin")
    assert isinstance(fn, ObservationBot) and fn.name == "always-last"
    state_bot = load_bot_object(str(BOTS / "state_bot.py"), "origin")
    assert (
        isinstance(state_bot, Bot)
        and not isinstance(state_bot, ObservationBot)
        and state_bot.name == "first-legal"
    )
    mod = load_bot_object("evo_lab.bots.random_bot:RandomBot", "origin", seed=1)
    assert type(mod).__name__ == "RandomBot"


def _playable(gid: str) -> int:
    return max(2, game_info(gid).min_players)


@pytest.mark.parametrize("gid", evo_lab.registered_games())
def test_a_file_bot_plays_every_registered_game(gid):
    """The contract holds for every game: the bot gets its seat's observation (JSON-able) and the legal strings,
    and its answers (an index or a string) are played."""
    seen = []

    class Recorder:
        def act(self, observation, legal_actions):
            seen.append((observation, list(legal_actions)))
            json.dumps(observation)  # the observation is JSON, as a remote player gets it
            return legal_actions[-1] if len(seen) % 2 else len(legal_actions) - 1

    bot = ObservationBot(Recorder(), "recorder", seed=1)
    players = _playable(gid)
    g = evo_lab.make_game(gid, players=players, seed=5)
    s = g.new_initial_state()
    checked = 0

    def policy(state):
        nonlocal checked
        p = state.current_player()
        if p == 0 and len(state.legal_actions()) > 1:
            before = len(seen)
            a = bot(state, p)
            obs, legal = seen[before]
            assert obs == state.observation(0) and legal == [
                state.action_to_string(x) for x in state.legal_actions()
            ]
            assert a == state.legal_actions()[-1]
            checked += 1
            return a
        return state.legal_actions()[int(rng.random() * len(state.legal_actions()))]

    rng = np.random.default_rng(0)
    play_out(s, policy, rng, max_actions=400)
    assert checked >= 3


def test_the_bot_sees_its_observation_not_hidden_information():
    """Two states that differ only in what seat 0 may not see give a file bot the same input, so the same
    answer; a state bot in a sandbox gets a determinization (tested in test_faults)."""
    s = evo_lab.make_game("origin", players=3, seed=2).new_initial_state_dealt(np.random.default_rng(1))
    while s.current_player() != 0 or len(s.legal_actions()) < 2:
        s.apply_action(s.legal_actions()[0] if not s.is_chance_node() else s.chance_outcomes()[0][0])
    other = s.determinize(0, np.random.default_rng(9))
    assert other.to_dict() != s.to_dict() and other.observation(0) == s.observation(0)
    inputs = []

    class Spy:
        def act(self, observation, legal_actions):
            inputs.append(json.dumps([observation, legal_actions], sort_keys=True))
            return 0

    bot = ObservationBot(Spy(), "spy")
    assert bot(s, 0) == bot(other, 0)
    assert inputs[0] == inputs[1]


def test_answers_are_checked():
    s = evo_lab.make_game("origin", players=2, seed=3).new_initial_state_dealt()
    legal = s.legal_actions()
    texts = [s.action_to_string(a) for a in legal]
    assert resolve_action(s, texts[1]) == legal[1] and resolve_action(s, 1) == legal[1]
    assert resolve_action(s, np.int64(0)) == legal[0]
    for junk in (True, len(legal), -1, "castle kingside", None, [0], 1.5):
        assert resolve_action(s, junk) is None
    bot = ObservationBot(type("Bad", (), {"act": lambda self, o, l: "pass the salt"})(), "bad")
    with pytest.raises(BotError, match="'pass the salt', which is not one of"):
        bot(s, s.current_player())


def test_in_process_bots_work_with_the_kits_policies():
    bots = [load_bot(str(BOTS / "clean.py"), "origin", seed=1), load_bot("builtin:greedy", "origin", seed=2)]
    s = evo_lab.make_game("origin", players=2, seed=4).new_initial_state()
    play_out(s, as_policy(bots), np.random.default_rng(4))
    assert s.is_terminal()
    again = evo_lab.make_game("origin", players=2, seed=4).new_initial_state()
    for b, seed in zip(bots, (1, 2)):
        b.reset(seed)
    play_out(again, as_policy(bots), np.random.default_rng(4))
    assert again.history() == s.history()  # seeded through reset(seed)


def test_a_sandboxed_bot_is_a_bot_too():
    with load_bot(str(BOTS / "clean.py"), "origin", seed=1, sandbox=True) as remote:
        local = load_bot(str(BOTS / "clean.py"), "origin", seed=1)
        a = play_game([remote, "random"], seed=8, game="origin")
        b = play_game([local, "random"], seed=8, game="origin")
        assert a.history() == b.history() and remote.name == "clean"
        child = remote.player.child
    assert child is not None and child.exit_reason() is not None  # the with block ended its process
