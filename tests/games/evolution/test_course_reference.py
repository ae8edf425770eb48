"""Interoperability with the NEU course's own reference implementation (``mfelleisen/Evolution``, Racket), in
both directions, over loopback TCP: the reference's player clients against evo-lab's dealer, evo-lab's players
against the reference's dealer (``Xternal/xserver``, which opens a window: it runs under ``xvfb-run``); and the
reference's dealer driven directly on evo-lab's inputs (whole games on chosen decks, step 4 on xstep4 inputs).

The reference is not part of evo-lab: set ``EVO_COURSE_REFERENCE`` to a clone (``scripts/course_reference/
fetch.sh`` makes one and compiles it). Without it, or without Racket, these tests skip and say why. Every
Racket and evo-lab process here runs in its own process group with a time limit and is killed at the end."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from evo_lab.bots import make_bot
from evo_lab.games.evolution.course.bot_player import BotPlayer
from evo_lab.games.evolution.course.dealer import RULES, CourseDealer, HarnessPlayer, course_deck
from evo_lab.games.evolution.course.harness import apply_action4, dump_configuration, parse_configuration, run
from evo_lab.games.evolution.model import Species

ROOT = Path(__file__).resolve().parents[3]
SCRIPTS = ROOT / "scripts" / "course_reference"
REF = os.environ.get("EVO_COURSE_REFERENCE", "")
LIMIT = 300  # seconds for any one process


def _why_not() -> str | None:
    if not REF:
        return (
            "EVO_COURSE_REFERENCE is not set: fetch the course's reference with scripts/course_reference/fetch.sh "
            "(docs/remote.md)"
        )
    if not (Path(REF) / "Xternal" / "xserver").is_file():
        return f"EVO_COURSE_REFERENCE={REF} is not a clone of mfelleisen/Evolution (no Xternal/xserver)"
    if shutil.which("racket") is None or shutil.which("raco") is None:
        return "Racket is not installed (apt-get install racket)"
    return None


pytestmark = pytest.mark.skipif(_why_not() is not None, reason=_why_not() or "")
needs_xvfb = pytest.mark.skipif(
    shutil.which("xvfb-run") is None,
    reason="the reference's server opens a window: xvfb-run is not installed (apt-get install xvfb)",
)
COMPILE = [
    "xmain",
    "dealer.rkt",
    "player-external.rkt",
    "Xternal/xserver",
    "Xternal/xclients",
    "Xternal/client.rkt",
    "Xternal/cards.rkt",
    "Xternal/board.rkt",
    "Xternal/dealer.rkt",
]


@pytest.fixture(scope="module")
def env() -> dict[str, str]:
    """The environment the reference runs in (the stand-in for unstable/contract on PLTCOLLECTS), after
    compiling it (a no-op when fetch.sh did)."""
    e = dict(
        os.environ,
        PLTCOLLECTS=f"{SCRIPTS}{os.pathsep}",
        PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    )
    r = subprocess.run(
        ["raco", "make", *COMPILE], cwd=REF, env=e, capture_output=True, text=True, timeout=900, check=False
    )
    if r.returncode:
        pytest.skip(f"the reference does not compile with this Racket: {r.stderr[-600:]}")
    return e


@contextlib.contextmanager
def process(args: list[str], env: dict[str, str], cwd: str | Path = ROOT, **kw) -> Iterator[subprocess.Popen]:
    p = subprocess.Popen(
        args,
        cwd=cwd,
        env=env,
        text=True,
        start_new_session=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        **kw,
    )
    try:
        yield p
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(p.pid, signal.SIGKILL)
        p.wait(timeout=10)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def results(text: str) -> list[tuple[str, int]]:
    """The ``N player id: ID score: S`` lines that the reference's xserver and xmain (and evo-lab's dealer)
    print, as ``(id, score)`` sorted by id."""
    return sorted(
        (m.group(1), int(m.group(2)))
        for m in re.finditer(r"^\d+ player id: (.*) score: (\d+)$", text, re.MULTILINE)
    )


def by_seat(rs: list[tuple[str, int]]) -> list[tuple[int, int]]:
    """``(k, score)`` for ids ``NAME#k``: the seat (the position in the dealer's order), whatever the name."""
    return sorted((int(i.rsplit("#", 1)[1]), s) for i, s in rs)


def xmain(n: int, env: dict[str, str]) -> list[tuple[int, int]]:
    """The reference's own sequential game of ``n`` of its players (xmain)."""
    with process(["racket", "-tm", "xmain", str(n)], env, cwd=REF) as p:
        out, err = p.communicate(timeout=LIMIT)
    assert p.returncode == 0, err
    return by_seat(results(out))


def reference_driver(requests: list, env: dict[str, str]) -> list:
    with process(["racket", str(SCRIPTS / "games.rkt"), REF], env, stdin=subprocess.PIPE) as p:
        out, err = p.communicate(json.dumps(requests), timeout=LIMIT)
    assert p.returncode == 0, err[-2000:]
    return json.loads(out)


# ----- the reference's dealer on evo-lab's inputs


def test_whole_games_are_the_reference_dealers_games(env: dict[str, str]) -> None:
    """The reference's dealer and its players, and evo-lab's dealer with the course's player (xsilly, xfeed), on
    the same decks (the reference's order and shuffled): the same scores for the same seats, with either rules."""
    games = [(n, seed) for n in range(3, 9) for seed in (None, 0, 1, 2, 3, 4)]
    ref = reference_driver(
        [{"players": n, "deck": [list(c) for c in course_deck(seed)]} for n, seed in games], env
    )
    for (n, seed), theirs in zip(games, ref):
        for rules in ("course", "reference"):
            ours = CourseDealer(
                [(str(k), HarnessPlayer()) for k in range(n)], course_deck(seed), RULES[rules]
            ).run()
            assert sorted((s.id, s.score) for s in ours.scores) == sorted(map(tuple, theirs)), (
                n,
                seed,
                rules,
            )


def _peer_xstep4() -> list[Path]:
    for cand in (
        ROOT.parent / "shared" / "peer-tests",
        ROOT.parent.parent / "shared" / "peer-tests",
        Path("/work/shared/peer-tests"),
    ):
        if (cand / "xstep4").is_dir():
            return sorted((cand / "xstep4").glob("*-in.json"))
    return []


def _queue_scenario() -> list:
    """P1's carnivore can attack P2's herd only after P3's carnivore has (see test_course_dealer)."""
    d = CourseDealer([(str(k), HarnessPlayer()) for k in range(3)], [], RULES["reference"])
    t = d.t
    t.players[0].species = [Species(3, 2, traits=["carnivore", "hard-shell"])]
    t.players[1].species = [Species(0, 2, traits=["herding"])]
    t.players[2].species = [Species(3, 3, traits=["carnivore", "hard-shell"])]
    for p, trait in enumerate(("ambush", "burrowing", "climbing")):
        t.players[p].hand = [(0, trait)]
    t.deck = course_deck()[60:70]
    t.watering_hole = 10
    return [dump_configuration(t), [[0, [], [], [], []]] * 3]


def test_step4_is_the_reference_dealers_step4(env: dict[str, str]) -> None:
    """The reference dealer's step4 (card actions, then the feeding) on: every turn of evo-lab dealer games
    (recorded xstep4 inputs), the course's TestFest xstep4 inputs, and a feeding where the two feeding queues
    differ. Its answer is evo-lab's xstep4 harness answer and evo-lab's dealer's turn; on the last, the
    reference's rotating queue is evo-lab's ``reference`` rules and not the course's tested rule."""
    recorded = []
    for seed in (0, 1, 2):
        r = CourseDealer([(str(k), HarnessPlayer()) for k in range(4)], course_deck(seed), record=True).run()
        recorded += [(x["input"], x["output"]) for x in r.record if x["harness"] == "xstep4"]
    peer = [json.loads(f.read_text()) for f in _peer_xstep4()]
    scenario = _queue_scenario()
    inputs = [i for i, _ in recorded] + peer + [scenario]
    ref = reference_driver([{"step4": i} for i in inputs], env)
    for (i, out), theirs in zip(recorded, ref):
        assert theirs == out == run("xstep4", i)
    for i, theirs in zip(peer, ref[len(recorded) :]):
        assert theirs == run("xstep4", i)
    d = CourseDealer([(str(k), HarnessPlayer()) for k in range(3)], [], RULES["reference"])
    t = parse_configuration(scenario[0])
    d.t.players, d.t.ids, d.t.watering_hole, d.t.deck = t.players, t.ids, t.watering_hole, t.deck
    for p, a in enumerate(scenario[1]):
        apply_action4(d.t, p, a)
    d.feeding()
    assert ref[-1] == dump_configuration(d.t) != run("xstep4", scenario)


# ----- the reference's players against evo-lab's dealer


@contextlib.contextmanager
def evo_lab_dealer(env: dict[str, str], *args: str) -> Iterator[tuple[subprocess.Popen, int]]:
    port = free_port()
    with process(
        [sys.executable, "-m", "evo_lab.cli", "evolution", "serve", "--port", str(port), *args], env
    ) as d:
        assert d.stderr is not None and "listening on" in d.stderr.readline()
        yield d, port


@pytest.mark.parametrize("n", [3, 5])
def test_the_reference_clients_play_evo_lab_dealer_as_the_reference_plays_itself(
    n: int, env: dict[str, str]
) -> None:
    """The reference's own launcher (``xclients N``) against ``evo-lab evolution serve``: the game is the
    reference's own sequential game (``xmain N``), seat for seat."""
    with evo_lab_dealer(env, "--players", str(n), "--rules", "reference") as (d, port):
        with process(
            ["racket", "-tm", "Xternal/xclients", str(n), "", "127.0.0.1", str(port)], env, cwd=REF
        ) as c:
            c.communicate(timeout=LIMIT)
        out, err = d.communicate(timeout=LIMIT)
    assert d.returncode == 0, err
    got = results(out)
    assert [i.rsplit("#", 1)[0] for i, _ in got] == ["good guy"] * n and "removed" not in out
    assert by_seat(got) == xmain(n, env)


def staggered(env: dict[str, str], port: int, specs: list[str]) -> subprocess.Popen:
    """scripts/course_reference/clients.rkt: the reference's clients (good or misbehaving) half a second apart."""
    return subprocess.Popen(
        ["racket", str(SCRIPTS / "clients.rkt"), REF, "127.0.0.1", str(port), "0.5", "120", *specs],
        cwd=ROOT,
        env=env,
        text=True,
        start_new_session=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


@contextlib.contextmanager
def clients(env: dict[str, str], port: int, specs: list[str]) -> Iterator[subprocess.Popen]:
    c = staggered(env, port, specs)
    try:
        yield c
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(c.pid, signal.SIGKILL)
        c.wait(timeout=10)


#: The reference's misbehaving clients and how evo-lab's dealer names what they do (the client's sign-up name ->
#: fault kind): an impossible growth (cheating), an empty answer (malformed), an endless loop in choose or in
#: feed-next (no answer in time; the reference's "bad feed" client ends up silent too: its answer cannot be
#: serialized, and its thread dies).
CHOOSE_CHEATS = (
    ["good", "good", "good", "over:0", "no-fc:1", "cinf:1"],
    {"bad pop growth": "illegal", "no fc": "protocol", "bad choice inf": "timeout"},
)
FEED_CHEATS = (
    ["good", "good", "good", "finf:0", "feed:0"],
    {"bad feed inf": "timeout", "bad feed": "timeout"},
)


def _removed(out: str) -> dict[str, str]:
    return {
        m.group(1): m.group(2) for m in re.finditer(r"^removed: (.*) in turn \d+ \((\w+):", out, re.MULTILINE)
    }


@contextlib.contextmanager
def reference_dealer(env: dict[str, str], log: Path) -> Iterator[tuple[subprocess.Popen, int]]:
    """The reference's server (under xvfb-run: it opens a window); its output, with its log at level info
    (who failed, and much else), goes to the file ``log``, read when it is done."""
    port = free_port()
    with open(log, "w") as out:
        d = subprocess.Popen(
            ["xvfb-run", "-a", "racket", "-W", "info", "-tm", "Xternal/xserver", str(port)],
            cwd=REF,
            env=env,
            text=True,
            start_new_session=True,
            stdout=out,
            stderr=out,
        )
    try:
        deadline = time.monotonic() + 60
        while True:  # the server is up when it accepts a connection (a probe it drops: not a sign-up)
            assert time.monotonic() < deadline and d.poll() is None, "the reference's server did not start"
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
                break
            time.sleep(0.5)
        yield d, port
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(d.pid, signal.SIGKILL)
        d.wait(timeout=10)


@pytest.mark.parametrize("specs,kinds", [CHOOSE_CHEATS, FEED_CHEATS], ids=["choose", "feed"])
def test_misbehaving_reference_clients_are_removed_as_the_reference_dealer_removes_them(
    specs: list[str], kinds: dict[str, str], env: dict[str, str], tmp_path: Path
) -> None:
    """The reference's misbehaving clients, in a known order, against evo-lab's dealer: each is removed, the
    game goes on; and against the reference's own dealer (when xvfb-run is there): the same players removed,
    the same scores."""
    with (
        evo_lab_dealer(env, "--players", str(len(specs)), "--rules", "reference") as (d, port),
        clients(env, port, specs) as c,
    ):
        out, err = d.communicate(timeout=LIMIT)
        c.communicate(timeout=LIMIT)
    assert d.returncode == 0, err
    removed = _removed(out)
    assert {i.rsplit(" ", 1)[0]: k for i, k in removed.items()} == kinds
    assert [i.rsplit("#", 1)[0] for i, _ in results(out)] == ["good guy"] * 3  # the game went on
    if shutil.which("xvfb-run") is None:
        return
    log = tmp_path / "xserver.log"
    with reference_dealer(env, log) as (r, rport), clients(env, rport, specs) as c:
        r.wait(timeout=LIMIT)
        c.communicate(timeout=LIMIT)
    text = log.read_text()
    assert results(text) == results(out)
    assert set(re.findall(r"dealer says: player (.*) failed on", text)) == set(removed)


def test_bad_sign_ups_are_refused_and_the_game_is_the_references(env: dict[str, str]) -> None:
    """The reference's clients that send an unfinished value, a bare word and a deep array as their sign-up are
    refused (its endless-loop client is left out: it would keep a processor busy until the test ends)."""
    with (
        evo_lab_dealer(env, "--players", "3", "--rules", "reference") as (d, port),
        clients(env, port, ["ill", "huge", "deep", "good", "good", "good"]) as c,
    ):
        out, err = d.communicate(timeout=LIMIT)
        c.communicate(timeout=LIMIT)
    assert d.returncode == 0, err
    assert len(re.findall("refused a sign-up", err)) == 3 and "no answer within 5 s" in err
    assert by_seat(results(out)) == xmain(3, env)


# ----- evo-lab's players against the reference's dealer


@needs_xvfb
@pytest.mark.parametrize(
    "bots", [[("silly", None)] * 3, [("course", 1), ("greedy", 2), ("random", 3)]], ids=["silly", "bots"]
)
def test_evo_lab_players_play_the_reference_dealer(bots: list, env: dict[str, str], tmp_path: Path) -> None:
    """``evo-lab evolution play`` against the reference's ``xserver``: nobody is removed, and the game is the
    one evo-lab's dealer plays in this process with the reference's rules and the same seats (with the course's
    own player on every seat: the reference's own game, xmain)."""
    names = [f"evo-lab {b} {k}" for k, (b, _) in enumerate(bots)]
    log = tmp_path / "xserver.log"
    with reference_dealer(env, log) as (r, port), contextlib.ExitStack() as stack:
        players = []
        for name, (b, seed) in zip(names, bots):
            args = [
                "play",
                "--port",
                str(port),
                "--bot",
                b,
                "--name",
                name,
                "--decline",
                "never",
                "--after-includes-self",
                "--idle-timeout",
                "120",
            ] + (["--seed", str(seed)] if seed else [])
            players.append(
                stack.enter_context(process([sys.executable, "-m", "evo_lab.cli", "evolution", *args], env))
            )
            time.sleep(1.0)
        r.wait(timeout=LIMIT)
        for p in players:
            _, err = p.communicate(timeout=60)
            assert p.returncode == 0, err
    text = log.read_text()
    assert "failed on" not in text, text[-2000:]
    got = results(text)
    assert sorted(i.rsplit("#", 1)[0] for i, _ in got) == sorted(names)
    if bots[0][0] == "silly":
        assert by_seat(got) == xmain(3, env)
    order = [i.rsplit("#", 1)[0] for i, _ in sorted(got, key=lambda x: int(x[0].rsplit("#", 1)[1]))]
    spec = dict(zip(names, bots))

    def seat(name: str) -> object:
        b, seed = spec[name]
        if b == "silly":
            return HarnessPlayer()
        return BotPlayer(make_bot(b, seed=seed, game="evolution"), decline=False, after_includes_self=True)

    same = CourseDealer([(n, seat(n)) for n in order], course_deck(), RULES["reference"]).run()
    assert sorted((s.id, s.score) for s in same.scores) == got
