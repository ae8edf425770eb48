"""The remote-player protocol: the shipped JSON Schemas, every message the dealer sends and the example clients
answer (checked with jsonschema and with evo-lab's own validator), the example clients in Python and JavaScript
over stdin/stdout and TCP in real tournaments, version mismatches and a TCP player that hangs. Loopback only;
every server here is stopped by the test within its time bound."""

from __future__ import annotations

import contextlib
import json
import os
import select
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

import evo_lab
from evo_lab.tournament import protocol
from evo_lab.tournament.runner import run_tournament
from evo_lab.tournament.sandbox import Limits

ROOT = Path(__file__).resolve().parents[2]
PY_CLIENT = ROOT / "examples" / "remote_bot.py"
JS_CLIENT = ROOT / "examples" / "remote_bot.js"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="Node.js is not installed (apt-get install nodejs)")
CLIENTS = [
    pytest.param([sys.executable, str(PY_CLIENT)], id="python"),
    pytest.param([str(NODE), str(JS_CLIENT)], id="javascript", marks=needs_node),
]
LIMITS = Limits(time_limit=10.0, start_time_limit=60)  # generous: no timeout on a loaded machine


def dealer_messages() -> list[dict]:
    """One of each message the dealer sends, from a real game."""
    g = evo_lab.make_game("origin", players=2, seed=4)
    s = g.new_initial_state_dealt(np.random.default_rng(0))
    texts = [s.action_to_string(a) for a in s.legal_actions()]
    act = protocol.act_message(s, s.current_player(), texts, 2.0, len(s.history()))
    with_position = protocol.act_message(
        s, s.current_player(), texts, None, 3, s.determinize(0, np.random.default_rng(1)).to_dict()
    )
    return [
        protocol.dealer_hello(),
        protocol.start_message(g, 0, 123, 0, 2.0),
        act,
        with_position,
        protocol.end_message(0, [1, 2], [10.0, 4.0], 1.0, False),
        protocol.BYE,
    ]


def test_the_schemas_are_valid_json_schemas_and_shipped():
    jsonschema = pytest.importorskip("jsonschema")
    folder = Path(protocol.__file__).parent / "schemas"
    assert sorted(p.stem for p in folder.glob("*.json")) == sorted(protocol.SCHEMAS)
    for name in protocol.SCHEMAS:
        jsonschema.Draft202012Validator.check_schema(protocol.schema(name))
    data = (ROOT / "pyproject.toml").read_text()  # package data (tests/packaging checks every file)
    assert "tournament/schemas/*.json" in data or '"**/*.json"' in data


def test_dealer_messages_match_their_schemas():
    jsonschema = pytest.importorskip("jsonschema")
    names = ["dealer-hello", "start", "act", "act", "end", "bye"]
    for msg, name in zip(dealer_messages(), names):
        jsonschema.validate(json.loads(json.dumps(msg)), protocol.schema(name))
        protocol.validate(msg, name)


@pytest.mark.parametrize(
    "msg, words",
    [
        (
            {"type": "hello", "protocol": "evo-lab-remote", "version": 2},
            "this dealer speaks version 1, the player 2",
        ),
        ({"type": "hello", "protocol": "other", "version": 1}, "protocol: must be 'evo-lab-remote'"),
        ({"type": "action"}, "action: missing"),
        ({"type": "action", "action": 1.5}, "must be string or integer"),
        ({"type": "action", "action": -1}, "at least 0"),
        ({"type": "shout"}, "expected a message of type"),
        ([1, 2], "must be a JSON object"),
        ({"type": "hello", "protocol": "evo-lab-remote", "version": 1, "name": ""}, "length must be 1..64"),
    ],
)
def test_bad_player_messages(msg, words):
    jsonschema = pytest.importorskip("jsonschema")
    with pytest.raises(protocol.ProtocolError, match=words):
        protocol.player_message(msg)
    if isinstance(msg, dict) and msg.get("type") in ("hello", "action") and msg.get("version") != 2:
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(msg, protocol.schema("player-hello" if msg["type"] == "hello" else "action"))


def _converse(argv: list[str], messages: list[dict], timeout: float = 20.0) -> list[dict]:
    """Send ``messages`` to a client on its stdin; its answers (it must exit after bye)."""
    r = subprocess.run(
        argv,
        input="".join(json.dumps(m) + "\n" for m in messages),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    return [json.loads(line) for line in r.stdout.splitlines()]


@pytest.mark.parametrize("argv", CLIENTS)
def test_the_example_clients_answer_every_message_by_the_schemas(argv):
    jsonschema = pytest.importorskip("jsonschema")
    msgs = dealer_messages()
    answers = _converse(argv, msgs[:3] + msgs[4:])  # hello, start, act, end, bye
    assert [a["type"] for a in answers] == ["hello", "ready", "action"]
    for a, name in zip(answers, ["player-hello", "ready", "action"]):
        jsonschema.validate(a, protocol.schema(name))
        protocol.player_message(a, (name,))
    assert 0 <= answers[2]["action"] < len(msgs[2]["legal"])
    assert _converse(argv, msgs[:3] + msgs[4:]) == answers  # seeded by the start message


@pytest.mark.parametrize("argv", CLIENTS)
def test_the_example_clients_play_a_tournament_on_stdio(argv):
    spec = "cmd:" + " ".join(argv)
    a = run_tournament(
        "origin", [spec, "builtin:random"], games=4, seed=5, limits=LIMITS, progress=False, bootstrap=0
    )
    assert a.faults == [] and a.labels[0] in ("example-py", "example-js") and len(a.records) == 4
    b = run_tournament(
        "origin", [spec, "builtin:random"], games=4, seed=5, limits=LIMITS, progress=False, bootstrap=0
    )
    assert a.records == b.records  # the clients are seeded by the start message


def test_load_bot_gives_a_remote_player_as_a_bot():
    from evo_lab.bots.loader import load_bot
    from evo_lab.sim import play_game

    with load_bot(f"cmd:{sys.executable} {PY_CLIENT}", "origin", seed=3) as bot:
        s = play_game([bot, "random"], seed=6, game="origin")
        assert s.is_terminal() and bot.name == "example-py"
        again = play_game([bot, "random"], seed=6, game="origin")  # reset(seed) by play_game: the same game
        assert again.history() == s.history()


@contextlib.contextmanager
def listening(argv: list[str], timeout: float = 15.0):
    """Start a client in --listen mode on a free loopback port; yields the port; always stopped."""
    proc = subprocess.Popen(
        [*argv, "--listen", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        ready, _, _ = select.select([proc.stdout], [], [], timeout)
        assert ready, "the client did not start listening in time"
        line = proc.stdout.readline()
        assert line.startswith("listening on 127.0.0.1:"), line
        yield int(line.rsplit(":", 1)[1])
    finally:
        proc.kill()
        proc.wait(timeout=10)


@pytest.mark.parametrize("argv", CLIENTS)
def test_the_example_clients_play_over_tcp(argv):
    t0 = time.monotonic()
    with listening(argv) as port:
        r = run_tournament(
            "origin",
            [f"tcp:127.0.0.1:{port}", "builtin:greedy", "builtin:random"],
            games=6,
            seed=2,
            limits=LIMITS,
            progress=False,
            bootstrap=0,
            scheduler="processes",
            workers=2,
        )
    assert r.faults == [] and len(r.records) == 6 and r.labels[0] in ("example-py", "example-js")
    assert time.monotonic() - t0 < 60


class HangingOnce:
    """A loopback protocol server in a thread: the first act it is sent hangs (longer than the time limit), the
    others get the first legal action. Stops when told (and after ``life`` seconds in any case)."""

    def __init__(self, life: float = 30.0):
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.stop = threading.Event()
        self.connections = 0
        self.hung = threading.Event()
        self.deadline = time.monotonic() + life
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self) -> None:
        while not self.stop.is_set() and time.monotonic() < self.deadline:
            try:
                conn, _ = self.sock.accept()
            except TimeoutError:
                continue
            self.connections += 1
            threading.Thread(target=self.talk, args=(conn,), daemon=True).start()
        self.sock.close()

    def talk(self, conn: socket.socket) -> None:
        conn.settimeout(5)
        with conn, contextlib.suppress(OSError), conn.makefile("rw") as f:
            for line in f:
                msg = json.loads(line)
                reply = {
                    "hello": {
                        "type": "hello",
                        "protocol": "evo-lab-remote",
                        "version": 1,
                        "name": "hangs-once",
                    },
                    "start": {"type": "ready"},
                    "act": {"type": "action", "action": 0},
                }.get(msg["type"])
                if msg["type"] == "act" and not self.hung.is_set():
                    self.hung.set()
                    time.sleep(4)
                if reply:
                    f.write(json.dumps(reply) + "\n")
                    f.flush()

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=5)


def test_a_tcp_player_that_hangs_loses_that_game_and_is_reconnected():
    server = HangingOnce()
    try:
        r = run_tournament(
            "origin",
            [f"tcp:127.0.0.1:{server.port}", "builtin:random"],
            games=2,
            seed=1,
            limits=Limits(time_limit=1.5, start_time_limit=10),
            progress=False,
            bootstrap=0,
        )
    finally:
        server.close()
    assert not server.thread.is_alive()
    assert [(f["game"], f["bot"], f["kind"]) for f in r.faults] == [(0, "hangs-once", "timeout")]
    assert server.connections == 3  # the name probe, the game that hung, a new connection for the next game
    assert len(r.records) == 2 and r.games[1]["faulted"] == [False, False]


def test_a_player_of_another_version_breaks_the_protocol(tmp_path):
    other = tmp_path / "v2.py"
    other.write_text(
        "import json, sys\nfor line in sys.stdin:\n"
        "    print(json.dumps({'type': 'hello', 'protocol': 'evo-lab-remote', 'version': 2}), flush=True)\n"
    )
    r = run_tournament(
        "origin",
        [f"cmd:{sys.executable} {other}", "builtin:random"],
        games=2,
        seed=1,
        limits=LIMITS,
        progress=False,
        bootstrap=0,
    )
    assert [f["kind"] for f in r.faults] == ["protocol", "protocol"]
    assert "this dealer speaks version 1, the player 2" in r.faults[0]["message"]
    assert os.path.exists(other)
