"""The course's remote protocol over TCP: the dealer's server (sign-up, then games with :class:`.dealer.
CourseDealer`) and a player's client (sign up, then answer ``start``, ``choose`` and ``feedNext``).

Timeouts, from the instructor's implementation (``mfelleisen/Evolution`` ``Xternal/``), every one an option:

=====================  =====  ================================================================================
``answer_timeout``     1 s    each call of the dealer to a player, from sending the message to having the answer
                              (internal-external.rkt TIMEOUT); a late player is removed
``sign_up_timeout``    5 s    for the sign-up string after the connection (messaging.rkt TIMEOUT); else refused
``wait``               10 s   once 3 players signed up, the next one must come within this (xserver WAIT-FOR)
=====================  =====  ================================================================================

Sign-up (Xternal/xserver): a player connects and sends a JSON string (its name); the dealer answers ``"ok"``.
Anything else, or nothing in time, and the connection is closed. The game starts with 8 players, or once at
least 3 signed up and no further player came within ``wait`` seconds (or, with ``players=N``, as soon as ``N``
signed up; ``window``: seconds after which the sign-up closes anyway). The player who signed up last plays first
(xserver keeps its players in a list, adding each new one at the front); the ids are ``name#1``, ``name#2``, ...
in that order, as the reference prints them. Values on the wire are JSON, each followed by a newline (the
reference writes a space; both read any whitespace).
"""

from __future__ import annotations

import socket
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TextIO

from ....core.errors import EvoLabError, FormatError
from ....tournament.channel import ChannelClosed, ChannelError, ChannelTimeout, JsonChannel
from .dealer import RULES, CourseDealer, CoursePlayer, GameResult, PlayerRemoved, course_deck
from .wire import OK, kind

if TYPE_CHECKING:
    from ..table import JSON

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "RemoteError",
    "ServeOptions",
    "SocketPlayer",
    "format_result",
    "play",
    "serve",
    "sign_up",
]

#: dealer.rkt MIN-PLAYERS, MAX-PLAYERS.
MIN_PLAYERS, MAX_PLAYERS = 3, 8


class RemoteError(EvoLabError):
    """The dealer could not start a game (too few players) or a player could not play (no dealer, a message
    that is not the course's)."""


class SocketPlayer(CoursePlayer):
    """A remote player behind a TCP connection (proxy-player.rkt): each call sends the message and, for
    ``choose`` and ``feed_next``, reads one JSON value within ``timeout`` seconds."""

    def __init__(self, name: str, chan: JsonChannel, timeout: float):
        self.name, self.chan, self.timeout = name, chan, timeout

    def _send(self, msg: list[JSON], during: str) -> float:
        deadline = time.monotonic() + self.timeout
        try:
            self.chan.send(msg, timeout=self.timeout)
        except ChannelError as e:
            raise self._removed(e, during) from None
        return deadline

    def _ask(self, msg: list[JSON], during: str) -> JSON:
        deadline = self._send(msg, during)
        try:
            reply: JSON = self.chan.recv(timeout=max(0.0, deadline - time.monotonic()))
            return reply
        except ChannelError as e:
            raise self._removed(e, during) from None

    def _removed(self, e: ChannelError, during: str) -> PlayerRemoved:
        if isinstance(e, ChannelTimeout):
            return PlayerRemoved("timeout", f"no answer within {self.timeout:g} s to {during}")
        if isinstance(e, ChannelClosed):
            return PlayerRemoved("crashed", f"the connection closed at {during}")
        return PlayerRemoved("protocol", f"not JSON in answer to {during}: {e}")

    def start(self, msg: list[JSON]) -> None:
        self._send(msg, "start")

    def choose(self, msg: list[JSON]) -> JSON:
        return self._ask(msg, "choose")

    def feed_next(self, msg: list[JSON]) -> JSON:
        return self._ask(msg, "feedNext")

    def close(self) -> None:
        self.chan.close()


@dataclass(frozen=True)
class ServeOptions:
    """The dealer's server: ``games`` to play (a new sign-up for each, as xserver's keep-alive mode does),
    ``players`` (start as soon as this many signed up; ``None``: the course's 3-then-wait rule), ``wait``,
    ``window``, ``sign_up_timeout`` and ``answer_timeout`` in seconds (see the module docstring), ``rules``
    (:data:`.dealer.RULES`) and ``seed`` (``None``: the reference's deck order; else game ``i`` shuffles with
    ``seed + i``)."""

    games: int = 1
    players: int | None = None
    wait: float = 10.0
    window: float | None = None
    sign_up_timeout: float = 5.0
    answer_timeout: float = 1.0
    rules: str = "course"
    seed: int | None = None

    def __post_init__(self) -> None:
        if self.players is not None and not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, got {self.players}")
        if self.rules not in RULES:
            raise ValueError(f"rules must be one of {', '.join(RULES)}, got {self.rules!r}")
        for name in ("wait", "sign_up_timeout", "answer_timeout"):
            if not getattr(self, name) > 0:
                raise ValueError(f"{name} must be a positive number of seconds")
        if self.games < 1:
            raise ValueError(f"games must be at least 1, got {self.games}")


def _next_deadline(opts: ServeOptions, started: float, last: float, n: int) -> float | None:
    ends = []
    if opts.window is not None:
        ends.append(started + opts.window)
    if opts.players is None and n >= MIN_PLAYERS:
        ends.append(last + opts.wait)
    return min(ends) if ends else None


def sign_up(
    listener: socket.socket, opts: ServeOptions, log: Callable[[str], None]
) -> list[tuple[str, JsonChannel]]:
    """Accept connections until the game can start (see the module docstring); returns ``(name, channel)`` in
    sign-up order."""
    want = opts.players or MAX_PLAYERS
    signed: list[tuple[str, JsonChannel]] = []
    started = last = time.monotonic()
    while len(signed) < want:
        deadline = _next_deadline(opts, started, last, len(signed))
        left = None if deadline is None else deadline - time.monotonic()
        if left is not None and left <= 0:
            break
        listener.settimeout(left)
        try:
            conn, addr = listener.accept()
        except TimeoutError:
            break
        except OSError as e:  # a connection that went away before it was accepted
            log(f"a connection failed: {e}")
            continue
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        chan = JsonChannel.over_socket(conn)
        try:
            name = chan.recv(timeout=opts.sign_up_timeout)
            if not isinstance(name, str):
                raise FormatError(f"a sign-up is a JSON string, got {str(name)[:60]}", "sign-up")
            chan.send(OK, timeout=opts.sign_up_timeout)
        except (ChannelError, FormatError) as e:
            log(f"refused a sign-up from {addr[0]}:{addr[1]}: {e}")
            chan.close()
            continue
        signed.append((name, chan))
        last = time.monotonic()
        log(f"signed up: {name!r} ({len(signed)})")
    return signed


def format_result(r: GameResult) -> str:
    """The results as xserver prints them (``rank player id: NAME#k score: S``), then the removed players."""
    lines = ["results", "-" * 24] + [f"{s.rank} player id: {s.id} score: {s.score}" for s in r.scores]
    lines += [f"removed: {x.id} in turn {x.turn} ({x.kind}: {x.message})" for x in r.removed]
    return "\n".join(lines)


def serve(
    host: str,
    port: int,
    opts: ServeOptions,
    out: TextIO = sys.stdout,
    log: Callable[[str], None] | None = None,
    on_result: Callable[[GameResult], None] | None = None,
    ready: Callable[[int], None] | None = None,
) -> list[GameResult]:
    """Listen on ``host:port`` and play ``opts.games`` games, each with the players who sign up for it; print
    each game's results on ``out`` (or hand them to ``on_result``). ``ready(port)`` is called once listening
    (``port=0`` picks a free port). Raises :class:`RemoteError` when a sign-up ends with fewer than 3 players."""
    log = log or (lambda m: print(f"evo-lab evolution serve: {m}", file=sys.stderr, flush=True))
    results = []
    with socket.create_server((host, port), backlog=32) as listener:
        if ready is not None:
            ready(listener.getsockname()[1])
        for g in range(opts.games):
            signed = sign_up(listener, opts, log)
            if len(signed) < MIN_PLAYERS:
                for _, chan in signed:
                    chan.close()
                raise RemoteError(
                    f"the sign-up closed with {len(signed)} player(s); a game needs "
                    f"{MIN_PLAYERS} to {MAX_PLAYERS}"
                )
            order = list(reversed(signed))  # xserver: each new player goes to the front of the list
            log(f"playing game {g + 1} with {len(order)} players")
            players = [(name, SocketPlayer(name, chan, opts.answer_timeout)) for name, chan in order]
            deck = course_deck(None if opts.seed is None else opts.seed + g)
            r = CourseDealer(players, deck, RULES[opts.rules]).run()
            for x in r.removed:
                log(f"removed {x.id} in turn {x.turn}: {x.kind}: {x.message}")
            results.append(r)
            if on_result is not None:
                on_result(r)
            else:
                print(format_result(r), file=out, flush=True)
    return results


def _connect(host: str, port: int, timeout: float) -> socket.socket:
    """Connect, retrying every 0.5 s for ``timeout`` seconds (the reference client tries 3 times, 2 s apart)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            sock = socket.create_connection((host, port), timeout=max(0.1, deadline - time.monotonic()))
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            return sock
        except OSError as e:
            if time.monotonic() + 0.5 > deadline:
                raise RemoteError(f"cannot connect to {host}:{port}: {e.strerror or e}") from None
            time.sleep(0.5)


@dataclass
class PlayReport:
    """What a client saw: ``turns`` (``start`` messages), ``chooses`` and ``feeds`` answered."""

    turns: int = 0
    chooses: int = 0
    feeds: int = 0


def play(
    host: str,
    port: int,
    player: CoursePlayer,
    name: str,
    connect_timeout: float = 10.0,
    idle_timeout: float | None = 300.0,
) -> PlayReport:
    """Sign up as ``name`` at the dealer on ``host:port`` and answer its messages with ``player`` until the
    dealer closes the connection (the game is over, or this player was removed). Raises :class:`RemoteError`
    for a dealer that is not there, says nothing for ``idle_timeout`` seconds or sends something that is not a
    course message (:class:`~evo_lab.core.errors.FormatError` names the field)."""
    chan = JsonChannel.over_socket(_connect(host, port, connect_timeout))
    report = PlayReport()
    try:
        chan.send(name, timeout=connect_timeout)
        ok = chan.recv(timeout=idle_timeout)
        if ok != OK:
            raise RemoteError(f'the dealer answered the sign-up with {str(ok)[:60]}, not "ok"')
        while True:
            try:
                msg = chan.recv(timeout=idle_timeout)
            except ChannelClosed:
                return report
            what = kind(msg)
            if what == "start":
                report.turns += 1
                player.start(msg)
                continue
            if what == "choose":
                report.chooses += 1
                answer = player.choose(msg)
            else:
                report.feeds += 1
                answer = player.feed_next(msg)
            try:
                chan.send(answer, timeout=idle_timeout)
            except ChannelClosed:
                return report
    except ChannelTimeout as e:
        raise RemoteError(f"the dealer said nothing for {idle_timeout:g} s ({e})") from None
    except ChannelError as e:
        raise RemoteError(f"the dealer sent something that is not JSON: {e}") from None
    finally:
        chan.close()
