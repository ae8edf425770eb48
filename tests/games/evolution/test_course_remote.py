"""The course's remote protocol over TCP (loopback only): evo-lab's dealer (``evo-lab evolution serve``) with
evo-lab's remote players (``evo-lab evolution play``), the same game as in this process; hand-written course
players that check what they are sent and that break the protocol or cheat (removed, the game goes on); refused
sign-ups; a client facing a dealer that is absent or not the course's. Every server and client here stops by
itself within its time bound (and is killed by the test if not)."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from evo_lab.bots import make_bot
from evo_lab.games.evolution.course.bot_player import BotPlayer
from evo_lab.games.evolution.course.dealer import CourseDealer, GameResult, course_deck
from evo_lab.games.evolution.course.remote import RemoteError, ServeOptions, format_result, play, serve

ROOT = Path(__file__).resolve().parents[3]
CLI = [sys.executable, "-m", "evo_lab.cli", "evolution"]
LIMIT = 240  # seconds: the longest any test here may run a server or a client


@contextlib.contextmanager
def process(args: list[str]) -> Iterator[subprocess.Popen]:
    """A CLI process in its own process group, killed (the whole group) when the block ends."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    p = subprocess.Popen(
        CLI + args,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )
    try:
        yield p
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(p.pid, signal.SIGKILL)
        p.wait(timeout=10)


def listening_port(p: subprocess.Popen) -> int:
    assert p.stderr is not None
    line = p.stderr.readline()
    m = re.search(r"listening on [\d.]+:(\d+)", line)
    assert m, line
    return int(m.group(1))


class Dealer:
    """``serve()`` in a thread on a free port; ``log`` keeps the dealer's log lines. (Give it a sign-up
    ``window``: then it stops by itself even if a player never comes.)"""

    def __init__(self, opts: ServeOptions):
        self.log: list[str] = []
        self.results: list[GameResult] = []
        self.error: Exception | None = None
        self._port = threading.Event()
        self.port = 0
        self.thread = threading.Thread(target=self._run, args=(opts,), daemon=True)
        self.thread.start()
        assert self._port.wait(30)

    def _ready(self, port: int) -> None:
        self.port = port
        self._port.set()

    def _run(self, opts: ServeOptions) -> None:
        try:
            serve("127.0.0.1", 0, opts, log=self.log.append, on_result=self.results.append, ready=self._ready)
        except Exception as e:  # noqa: BLE001 - the test looks at it
            self.error = e

    def wait_for(self, pattern: str, count: int = 1, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while sum(re.search(pattern, x) is not None for x in self.log) < count:
            assert time.monotonic() < deadline, f"the dealer never logged {pattern!r}: {self.log}"
            time.sleep(0.02)

    def join(self, timeout: float = LIMIT) -> None:
        self.thread.join(timeout)
        assert not self.thread.is_alive(), "the dealer did not finish"


def test_cli_dealer_and_cli_players_play_the_game_this_process_plays() -> None:
    bots = {"evo-lab greedy": ("greedy", 1), "evo-lab random": ("random", 2), "evo-lab course": ("course", 3)}
    with process(
        [
            "serve",
            "--port",
            "0",
            "--players",
            "3",
            "--timeout",
            "30",
            "--seed",
            "11",
            "--json",
            "--sign-up-window",
            "120",
        ]
    ) as d:
        port = listening_port(d)
        with contextlib.ExitStack() as stack:
            clients = [
                stack.enter_context(
                    process(
                        [
                            "play",
                            "--port",
                            str(port),
                            "--bot",
                            b,
                            "--seed",
                            str(s),
                            "--name",
                            name,
                            "--idle-timeout",
                            "120",
                        ]
                    )
                )
                for name, (b, s) in bots.items()
            ]
            for c in clients:
                _, err = c.communicate(timeout=LIMIT)
                assert c.returncode == 0, err
                assert "the dealer closed the connection after" in err
        out, err = d.communicate(timeout=60)
        assert d.returncode == 0, err
    result = json.loads(out)
    assert result["removed"] == [] and len(result["scores"]) == 3
    order = sorted(result["scores"], key=lambda s: int(s["id"].split("#")[1]))
    names = [s["id"].split("#")[0] for s in order]
    assert sorted(names) == sorted(bots)
    same = CourseDealer(
        [(n, BotPlayer(make_bot(bots[n][0], seed=bots[n][1], game="evolution"))) for n in names],
        course_deck(11),
    ).run()
    assert [(s.id, s.score) for s in same.scores] == [(s["id"], s["score"]) for s in result["scores"]]
    assert same.turns == result["turns"]


# ----- hand-written course players


class Fake:
    """A course player written by hand over a raw socket: signs up, then answers each message with
    ``answer(kind, message)`` (``None``: answer nothing; ``"close"``: hang up; bytes: send them as they are)."""

    def __init__(self, port: int, name: Any, answer: Callable[[str, Any], Any]):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=LIMIT)
        self.name, self.answer = name, answer
        self.got: list[tuple[str, Any]] = []
        self.closed_by_dealer = False
        self.buf = b""
        self.send(json.dumps(name).encode() + b" ")

    def send(self, data: bytes) -> None:
        self.sock.sendall(data)

    def recv(self) -> Any:
        dec = json.JSONDecoder()
        while True:
            text = self.buf.decode().lstrip()
            if text:
                try:
                    v, end = dec.raw_decode(text)
                    self.buf = text[end:].encode()
                    return v
                except json.JSONDecodeError:
                    pass
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError
            self.buf += chunk

    def run(self) -> None:
        try:
            assert self.recv() == "ok"
            while True:
                msg = self.recv()
                what = "start" if len(msg) == 4 else "choose" if len(msg) == 2 else "feedNext"
                self.got.append((what, msg))
                if what == "start":
                    continue
                a = self.answer(what, msg)
                if a == "close":
                    return
                if isinstance(a, bytes):
                    self.send(a)
                elif a is not None:
                    self.send(json.dumps(a).encode() + b"\n")
        except (EOFError, ConnectionError):
            self.closed_by_dealer = True
        finally:
            self.sock.close()


def _food_only(what: str, msg: Any) -> Any:
    """The smallest legal choice: the first card as the food card, nothing else (the reference accepts it)."""
    return [0, [], [], [], []] if what == "choose" else 0


def test_hand_written_players_are_checked_and_cheaters_removed_while_the_game_goes_on() -> None:
    dealer = Dealer(ServeOptions(players=7, answer_timeout=3.0, sign_up_timeout=1.0, seed=7, window=120))
    threads, fakes = [], {}

    def seat(name: str, answer: Callable[[str, Any], Any]) -> None:
        f = fakes[name] = Fake(dealer.port, name, answer)
        t = threading.Thread(target=f.run, daemon=True)
        t.start()
        threads.append(t)
        dealer.wait_for(f"signed up: '{name}'")

    # two sign-ups that are refused: not a string, and nothing at all
    bad = socket.create_connection(("127.0.0.1", dealer.port))
    bad.sendall(b'{"name": "x"}\n')
    dealer.wait_for("refused a sign-up.*a sign-up is a JSON string")
    mute = socket.create_connection(("127.0.0.1", dealer.port))
    dealer.wait_for("refused a sign-up.*no answer within 1 s")
    assert bad.recv(10) == b"" and mute.recv(10) == b""  # the dealer hung up on both
    bad.close()
    mute.close()
    good = threading.Thread(
        target=play,
        args=("127.0.0.1", dealer.port, BotPlayer(make_bot("greedy", seed=1, game="evolution")), "greedy"),
        daemon=True,
    )
    good.start()
    dealer.wait_for("signed up: 'greedy'")
    seat("checker", _food_only)
    seat("cheater", lambda w, m: [0, [[5, 1]], [], [], []])
    seat("tagged", lambda w, m: [0, [["population", 0, 1]], [], [], []])
    seat("junk", lambda w, m: b"this is not JSON\n")
    seat("sleeper", lambda w, m: None)
    seat("quitter", lambda w, m: "close")
    dealer.join()
    good.join(LIMIT)
    for t in threads:
        t.join(LIMIT)
    assert dealer.error is None and len(dealer.results) == 1
    r = dealer.results[0]
    removed = {x.id.split("#")[0]: (x.kind, x.turn) for x in r.removed}
    assert removed == {
        "cheater": ("illegal", 1),
        "tagged": ("protocol", 1),
        "junk": ("protocol", 1),
        "sleeper": ("timeout", 1),
        "quitter": ("crashed", 1),
    }
    assert sorted(s.id for s in r.scores) == ["checker#6", "greedy#7"] and r.turns >= 2
    assert all(fakes[n].closed_by_dealer for n in ("cheater", "tagged", "junk", "sleeper"))
    # what the hand-written player was sent: a start, then a choose, every turn; the first turn as the course says
    got = fakes["checker"].got
    assert [w for w, _ in got if w != "feedNext"] == ["start", "choose"] * r.turns
    wh, bag, boards, cards = got[0][1]
    assert (wh, bag, len(cards)) == (0, 0, 4) and boards == [
        [["food", 0], ["body", 0], ["population", 1], ["traits", []]]
    ]
    # the player who signed up last plays first: the quitter sees six players after it; by the checker's turn to
    # choose, the five before it were removed and their boards left the table with them
    assert [len(x) for x in fakes["quitter"].got[1][1]] == [0, 6]
    assert [len(x) for x in got[1][1]] == [0, 1]
    assert (
        "removed cheater#5 in turn 1: illegal: cheated in its Action4 [0, [[5, 1]], [], [], []]: a GP "
        "names board 5" in "\n".join(dealer.log)
    )
    text = format_result(r)
    assert (
        text.startswith("results\n") and "player id: greedy#7 score:" in text and "removed: sleeper#2" in text
    )


def test_two_games_each_with_its_own_sign_up() -> None:
    dealer = Dealer(ServeOptions(games=2, players=3, answer_timeout=30, seed=1, window=120))
    for g in range(2):
        ts = [
            threading.Thread(
                target=play,
                args=(
                    "127.0.0.1",
                    dealer.port,
                    BotPlayer(make_bot("course", game="evolution")),
                    f"course {g}.{k}",
                ),
                daemon=True,
            )
            for k in range(3)
        ]
        for t in ts:
            t.start()
        for t in ts:
            t.join(LIMIT)
            assert not t.is_alive()
    dealer.join()
    assert [len(r.scores) for r in dealer.results] == [3, 3]
    assert {s.id.split(" ")[1][0] for s in dealer.results[1].scores} == {"1"}  # the second game's players


def test_a_sign_up_that_ends_with_too_few_players_is_an_error() -> None:
    with process(["serve", "--port", "0", "--sign-up-window", "1"]) as d:
        listening_port(d)
        _, err = d.communicate(timeout=60)
    assert d.returncode == 1 and "the sign-up closed with 0 player(s)" in err
    with pytest.raises(ValueError, match="players must be 3 to 8"):
        ServeOptions(players=2)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_player_without_a_dealer_or_a_bot_says_so() -> None:
    with process(["play", "--port", str(_free_port()), "--connect-timeout", "1"]) as c:
        _, err = c.communicate(timeout=60)
    assert c.returncode == 1 and "cannot connect to 127.0.0.1" in err
    with process(["play", "--port", str(_free_port()), "--bot", "nonexistent"]) as c:
        _, err = c.communicate(timeout=60)
    assert c.returncode == 2 and "unknown bot 'nonexistent'" in err and "course, greedy" in err


@contextlib.contextmanager
def fake_dealer(script: list[bytes]) -> Iterator[int]:
    """A dealer written by hand: accepts one player, reads its sign-up, sends ``script``, waits for it to go."""
    srv = socket.create_server(("127.0.0.1", 0))
    srv.settimeout(LIMIT)

    def run() -> None:
        conn, _ = srv.accept()
        with conn:
            conn.settimeout(LIMIT)
            conn.recv(1000)
            for part in script:
                conn.sendall(part)
            with contextlib.suppress(OSError):
                while conn.recv(1000):
                    pass

    t = threading.Thread(target=run, daemon=True)
    t.start()
    try:
        yield srv.getsockname()[1]
    finally:
        t.join(LIMIT)
        srv.close()


def test_a_player_facing_a_dealer_that_is_not_the_courses_stops() -> None:
    with (
        fake_dealer([b'"ok" ', b'{"type": "hello"}\n']) as port,
        process(["play", "--port", str(port), "--bot", "random"]) as c,
    ):
        _, err = c.communicate(timeout=LIMIT)
    assert c.returncode == 2 and "not a start, choose or feedNext message" in err
    with (
        fake_dealer([b'"no"\n']) as port,
        pytest.raises(RemoteError, match='answered the sign-up with no, not "ok"'),
    ):
        play("127.0.0.1", port, BotPlayer(make_bot("random", game="evolution")), "x", 5, 30)
    with (
        fake_dealer([b'"ok" [0, 0, [], [[1, "wings"]]] ']) as port,
        process(["play", "--port", str(port), "--bot", "course"]) as c,
    ):
        _, err = c.communicate(timeout=LIMIT)
    assert c.returncode == 2 and "start[3][0][1]" in err and "unknown trait 'wings'" in err


def test_a_player_whose_dealer_falls_silent_gives_up() -> None:
    with fake_dealer([b'"ok" ']) as port, pytest.raises(RemoteError, match="the dealer said nothing for 1 s"):
        play("127.0.0.1", port, BotPlayer(make_bot("random", game="evolution")), "x", 5, 1.0)
