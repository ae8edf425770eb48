"""Faults survived: each fault injected (raise, hang, illegal action, junk output, crash, segfault, memory hog,
a bot that cannot load, a grandchild left behind), recorded with the bot, the game, the ply and the position; the
faulted bot loses (or a random bot's result stands), every game is accounted for and replays."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest

import evo_lab
from evo_lab.tournament.runner import run_tournament
from evo_lab.tournament.sandbox import Limits

BOTS = Path(__file__).resolve().parent / "bots"
#: Generous limits, so that a loaded machine cannot make a good decision late.
LIMITS = Limits(time_limit=5.0, start_time_limit=30, memory_mb=512)
#: The faults of the test bots are deterministic: hangs.py sleeps 10 s against this 1 s limit.
HANG_LIMITS = Limits(time_limit=1.0, start_time_limit=30, memory_mb=512)


def tourney(bot: str, games: int = 2, limits: Limits = LIMITS, **kw):
    return run_tournament(
        "origin",
        [bot, "builtin:random"],
        games=games,
        seed=11,
        limits=limits,
        progress=False,
        bootstrap=0,
        **kw,
    )


def state_at(record: str, ply: int):
    """The position after the record's first ``ply`` actions."""
    rec = json.loads(record)
    rec["actions"] = rec["actions"][:ply]
    return evo_lab.load_record(rec)


def check_accounted(r, games: int) -> None:
    assert [g["game"] for g in r.games] == list(range(games)) and len(r.records) == games
    for g, rec in zip(r.games, r.records):
        end = evo_lab.load_record(rec)
        assert end.is_terminal() and len(end.history()) == g["plies"]


FAULTS = [  # bot file, its name, the fault's kind, words of the fault's message, words of its detail
    ("raises.py", "raises", "raised", "KeyError: 'no such key'", "Traceback"),
    ("hangs.py", "hangs", "timeout", "no answer within the time limit of 1 s at ply", ""),
    ("illegal.py", "illegal", "illegal", "answered 'castle kingside', which is not one of", ""),
    ("crashes.py", "crashes", "crashed", "the process exited with status 3", ""),
    ("segfaults.py", "segfaults", "crashed", "killed by signal SIGSEGV", ""),
    ("memory_hog.py", "memory-hog", "memory", "MemoryError", "bytearray"),
]


@pytest.mark.parametrize("file, name, kind, message, detail", FAULTS, ids=[f[0] for f in FAULTS])
def test_each_fault_loses_the_game_and_is_recorded(file, name, kind, message, detail):
    t0 = time.monotonic()
    r = tourney(str(BOTS / file), limits=HANG_LIMITS if kind == "timeout" else LIMITS)
    assert time.monotonic() - t0 < 30
    check_accounted(r, 2)
    assert [(f["game"], f["bot"], f["kind"], f["entrant"], f["decision"]) for f in r.faults] == [
        (0, name, kind, 0, 1),
        (1, name, kind, 0, 1),
    ]  # the second decision of each game, as the bot does
    for f, g, rec in zip(r.faults, r.games, r.records):
        assert message in f["message"] and detail in f["detail"]
        assert g["table"][f["seat"]] == 0 and g["faulted"][f["seat"]]
        assert g["places"][f["seat"]] == 2 and g["won"] == [0.0 if q == f["seat"] else 1.0 for q in range(2)]
        assert (
            f["ply"] > 0 and state_at(rec, f["ply"]).to_dict() == f["position"]
        )  # the record finds the position
        assert evo_lab.load_position(f["position"]).current_player() == f["seat"]
    board = {row["bot"]: row for row in r.leaderboard(bootstrap=0)}
    assert board[name]["faults"] == 2 and board[name]["wins"] == 0 and board["random"]["wins"] == 2


def test_a_bot_that_floods_its_log_is_stopped_by_the_output_limit(tmp_path):
    r = run_tournament(
        "origin",
        [str(BOTS / "flood.py"), "builtin:random"],
        games=1,
        seed=11,
        progress=False,
        bootstrap=0,
        limits=Limits(time_limit=5, memory_mb=512, output_mb=1),
        log_dir=str(tmp_path),
    )
    assert [f["kind"] for f in r.faults] == ["raised"] and "File too large" in r.faults[0]["message"]
    assert "xxxx" in (tmp_path / "flood.log").read_text()  # what fitted under the limit is kept


def test_a_hang_kills_the_whole_process_group(tmp_path, monkeypatch):
    pidfile = tmp_path / "pid"
    monkeypatch.setenv("EVO_LAB_TEST_PIDFILE", str(pidfile))
    r = tourney(str(BOTS / "orphan_maker.py"), games=1, limits=HANG_LIMITS)
    assert [f["kind"] for f in r.faults] == ["timeout"] and "killed by signal SIGKILL" in r.faults[0][
        "message"
    ]
    pid = int(pidfile.read_text())
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/status").read_text().split("State:")[1].split()[0]
        except (FileNotFoundError, IndexError):
            break
        if state == "Z":  # dead, waiting for its new parent to reap it
            break
        time.sleep(0.05)
    else:
        pytest.fail(f"the bot's grandchild {pid} outlived the time limit")


def test_a_bot_that_cannot_load_loses_every_game_at_ply_0():
    r = tourney(str(BOTS / "load_error.py"))
    check_accounted(r, 2)
    assert [(f["kind"], f["ply"], f["decision"]) for f in r.faults] == [("load", 0, 0), ("load", 0, 0)]
    assert "this bot needs a package that is not installed" in r.faults[0]["message"]
    assert "ImportError" in r.faults[0]["detail"]


def test_a_command_that_cannot_run_loses_its_games_as_a_load_fault():
    r = tourney("cmd:no-such-program-evo-lab --fast")
    check_accounted(r, 2)
    assert [(f["bot"], f["kind"]) for f in r.faults] == [("no-such-program-evo-lab", "load")] * 2
    assert "the process exited with status 127" in r.faults[0]["message"]
    assert "cannot run no-such-program-evo-lab" in r.faults[0]["detail"]


def test_junk_printed_by_a_python_bot_is_harmless_and_logged(tmp_path):
    r = tourney(str(BOTS / "junk.py"), log_dir=str(tmp_path))
    assert r.faults == []
    check_accounted(r, 2)
    log = (tmp_path / "junk.log").read_text()
    assert "{not json at all" in log and "raw junk on fd 1" in log  # print() and os.write(1, ...) alike


def test_junk_printed_by_a_command_breaks_the_protocol():
    r = tourney(f"cmd:{sys.executable} {BOTS / 'junk_stdio.py'}")
    check_accounted(r, 2)
    assert [(f["bot"], f["kind"]) for f in r.faults] == [("junk-stdio", "protocol")] * 2
    assert "not JSON: 'I think I will play the first one" in r.faults[0]["message"]


def test_on_fault_random_lets_the_stand_in_result_stand():
    loses = tourney(str(BOTS / "raises.py"), games=4)
    stands = tourney(str(BOTS / "raises.py"), games=4, on_fault="random")
    assert loses.records == stands.records  # the same games: the stand-in plays on either way
    assert [f["kind"] for f in stands.faults] == ["raised"] * 4
    for g in stands.games:
        assert g["places"] == g["game_places"]
    assert any(g["won"][g["table"].index(0)] > 0 for g in stands.games)  # the stand-in won something for it
    assert all(g["won"][g["table"].index(0)] == 0 for g in loses.games)


def test_a_state_bot_in_a_sandbox_sees_a_determinization(tmp_path, monkeypatch):
    peek = tmp_path / "peek.jsonl"
    monkeypatch.setenv("EVO_LAB_TEST_PEEKFILE", str(peek))
    r = run_tournament(
        "origin",
        [str(BOTS / "peeker.py"), "builtin:random"],
        games=1,
        seed=5,
        players=2,
        limits=LIMITS,
        progress=False,
        bootstrap=0,
    )
    shown = [json.loads(line) for line in peek.read_text().splitlines()]
    real = []
    s = evo_lab.load_record(r.records[0])
    st = s.start()
    seat = r.games[0]["table"].index(0)
    for a in s.history():
        if not st.is_chance_node() and st.current_player() == seat and len(st.legal_actions()) > 1:
            real.append(st.clone())
        st.apply_action(a)
    assert len(shown) == len(real) >= 5
    differs = 0
    for pos, st in zip(shown, real):
        mine = evo_lab.load_position(pos)
        assert mine.observation(seat) == st.observation(seat)  # what the seat may see is exact
        differs += mine.to_dict() != st.to_dict()  # what it may not see was redrawn
    assert differs > 0 and r.faults == []


def test_a_remote_player_that_is_not_there_loses_its_games():
    r = tourney("tcp:127.0.0.1:9")  # the discard port: nothing listens on loopback
    check_accounted(r, 2)
    assert [f["kind"] for f in r.faults] == ["crashed", "crashed"]
    assert "cannot connect to 127.0.0.1:9" in r.faults[0]["message"]


def test_loses_at_a_multi_player_table():
    """Three seats: the faulted bot is placed third whatever its stand-in did; the other two keep the game's
    order between them and the better of them wins."""
    r = run_tournament(
        "origin",
        [str(BOTS / "raises.py"), "builtin:random", "builtin:greedy"],
        games=3,
        seed=4,
        players=3,
        limits=LIMITS,
        progress=False,
        bootstrap=0,
    )
    check_accounted(r, 3)
    assert len(r.faults) == 3
    for g in r.games:
        q = g["table"].index(0)
        others = [p for p in range(3) if p != q]
        assert g["places"][q] == 3 and g["won"][q] == 0
        a, b = (g["game_places"][p] for p in others)
        assert [g["places"][p] for p in others] == ([1, 2] if a < b else [2, 1] if b < a else [1, 1])
        assert sum(g["won"]) == 1
