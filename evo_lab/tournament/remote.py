"""Players: a bot at a tournament's table, in this process, in a sandbox, behind a command or across TCP.

A :class:`Player` is told ``start(info)`` at the start of each game, asked ``choose(state, seat, ply)`` at each of
its decisions that has a choice, told ``end(result)``, and finally ``close()``\\ d. Whatever goes wrong is a
:class:`PlayerFault` of one kind (:data:`FAULT_KINDS`):

===========  ==========================================================================================
``raised``   the bot raised an exception (the traceback is in the fault's detail)
``timeout``  no answer within the time limit (the process group is killed)
``illegal``  an answer that is not one of the legal actions
``protocol`` an answer that is not a protocol message: junk printed where the protocol runs, malformed JSON,
             a wrong message type, a message over the size limit
``crashed``  the process died or the connection closed (the exit status or signal is in the detail)
``memory``   the bot ran out of its memory limit (``MemoryError``)
``load``     the bot could not be loaded (no such class, an exception on import, ...) or its program died
             before its ``hello``
===========  ==========================================================================================

:class:`LocalPlayer` runs a builtin (or trusted) bot in this process; :class:`ProtocolPlayer` speaks the remote
protocol (:mod:`~evo_lab.tournament.protocol`) to :class:`SandboxPlayer` (a Python bot file in its own process,
:mod:`~evo_lab.tournament.host`), :class:`CommandPlayer` (``cmd:``) and :class:`TcpPlayer` (``tcp:``). After a
``timeout``, ``crashed``, ``protocol``, ``memory`` or ``load`` fault the connection is closed (the process
killed); the next ``start`` opens a new one. After ``raised`` or ``illegal`` it is kept (the bot's process
caught its own exception). A bot that could not load (or whose program died before its ``hello``) is not started
again: each later game repeats its fault.
:class:`RemoteBot` makes a player an evo-lab :class:`~evo_lab.bots.Bot` (for :func:`evo_lab.bots.loader.load_bot`).
"""

from __future__ import annotations

import contextlib
import socket
import sys
import time
import traceback
from typing import Any, Self

import numpy as np

from ..bots.base import Bot, BotError, checked_action
from ..bots.loader import BotSpec, ObservationBot, declared_name, load_bot_object, parse_spec, resolve_action
from ..core.errors import EvoLabError
from .channel import ChannelClosed, ChannelError, ChannelTimeout, JsonChannel
from .protocol import BYE, ProtocolError, act_message, dealer_hello, player_message, start_message
from .sandbox import Child, Limits

__all__ = [
    "FAULT_KINDS",
    "CommandPlayer",
    "LocalPlayer",
    "Player",
    "PlayerFault",
    "ProtocolPlayer",
    "RemoteBot",
    "SandboxPlayer",
    "TcpPlayer",
    "make_player",
]

FAULT_KINDS = ("raised", "timeout", "illegal", "protocol", "crashed", "memory", "load")
#: Faults after which a player's connection is closed (and its process killed).
SEVERE = frozenset({"timeout", "crashed", "protocol", "memory", "load"})


class PlayerFault(EvoLabError):
    """A player that failed: ``kind`` (one of :data:`FAULT_KINDS`), a message in words, ``detail`` (a
    traceback, the exit status and the end of the bot's log)."""

    def __init__(self, kind: str, message: str, detail: str = ""):
        super().__init__(message)
        self.kind, self.message, self.detail = kind, message, detail

    def __reduce__(self):  # picklable across process pools
        return (type(self), (self.kind, self.message, self.detail))


class Player:
    """A bot at the table (see the module docstring). ``name``: the leaderboard's name."""

    name = "player"

    def start(self, info: dict) -> None:  # pragma: no cover - interface
        """A game starts; ``info``: ``game`` (the engine game), ``seat``, ``seed``, ``game_number``."""

    def choose(self, state: Any, seat: int, ply: int) -> Any:  # pragma: no cover - interface
        """One of ``state.legal_actions()``; raises :class:`PlayerFault`."""
        raise NotImplementedError

    def end(self, result: dict) -> None:
        """The game is over (``result``: the protocol's ``end`` message). Never raises."""

    def after_fault(self, fault: PlayerFault) -> None:
        """Called after a fault of this player (closes what a severe fault leaves unusable)."""

    def close(self) -> None:
        """The tournament is over for this player."""


class LocalPlayer(Player):
    """A bot in this process, made afresh for each game from its spec with the seat's seed (a builtin bot plays
    exactly as in :func:`evo_lab.sim.play_game`). Its exceptions and illegal answers are faults; there is no time
    limit (the bot is trusted code)."""

    def __init__(self, spec: str | BotSpec, game: str, name: str | None = None):
        self.spec, self.game_id = parse_spec(spec), game
        self.name = name or declared_name(self.spec)
        self.bot: Bot | None = None

    def start(self, info: dict) -> None:
        try:
            self.bot = load_bot_object(self.spec, self.game_id, seed=info["seed"])
            if isinstance(self.bot, ObservationBot):
                self.bot.start(
                    {
                        "game": self.game_id,
                        "players": info["game"].players,
                        "seat": info["seat"],
                        "seed": info["seed"],
                        "game_number": info.get("game_number", 0),
                    }
                )
        except Exception as e:  # noqa: BLE001
            raise PlayerFault("load", f"{type(e).__name__}: {e}", traceback.format_exc()[-2000:]) from None

    def choose(self, state: Any, seat: int, ply: int) -> Any:
        assert self.bot is not None, "start() first"
        try:
            return checked_action(self.bot, state, seat)
        except BotError as e:
            cause = e.__cause__
            if e.reason == "bot_raised" and cause is not None:
                kind = "memory" if isinstance(cause, MemoryError) else "raised"
                tb = "".join(traceback.format_exception(type(cause), cause, cause.__traceback__))
                raise PlayerFault(kind, f"{type(cause).__name__}: {cause}", tb[-2000:]) from None
            raise PlayerFault("illegal" if e.reason == "illegal_action" else "raised", str(e)) from None

    def end(self, result: dict) -> None:
        if isinstance(self.bot, ObservationBot):
            with contextlib.suppress(Exception):  # the game is over; nothing to lose
                self.bot.end(result)


class ProtocolPlayer(Player):
    """A player that speaks the remote protocol over a :class:`~evo_lab.tournament.channel.JsonChannel`.
    Subclasses open the connection (:meth:`_connect`)."""

    def __init__(self, name: str, limits: Limits, log_dir: str | None = None):
        self.name, self.limits, self.log_dir = name, limits, log_dir
        self.chan: JsonChannel | None = None
        self.child: Child | None = None
        self.wants = "observation"
        self.load_failure: PlayerFault | None = None
        self.declared: str | None = None  # the name the player's hello gave
        self._seed: int | None = None

    # ----- connection
    def _connect(self) -> tuple[JsonChannel, Child | None]:  # pragma: no cover - interface
        raise NotImplementedError

    def connect(self) -> None:
        """Open the connection and shake hands (a no-op when connected); raises :class:`PlayerFault`."""
        if self.load_failure is not None:
            raise PlayerFault(self.load_failure.kind, self.load_failure.message, self.load_failure.detail)
        if self.chan is not None:
            return
        self.chan, self.child = self._connect()
        t = self.limits.start_time_limit
        deadline = time.monotonic() + t
        try:
            self.chan.send(dealer_hello(), timeout=t)
            hello = player_message(
                self.chan.recv(timeout=max(0.0, deadline - time.monotonic())), ("player-hello", "error")
            )
        except (ChannelError, ProtocolError) as e:
            fault = self._fault(e, "hello")
            if fault.kind == "crashed" and self.child is not None:  # a program that cannot start: not retried
                fault = self.load_failure = PlayerFault(
                    "load", f"could not start: {fault.message}", fault.detail
                )
            self.disconnect()
            raise fault from None
        if hello["type"] == "error":
            fault = PlayerFault("load", hello["message"], hello.get("traceback", ""))
            self.load_failure = fault
            self.disconnect()
            raise fault
        self.wants = hello.get("wants", "observation")
        self.declared = str(hello["name"]) if hello.get("name") else None

    def disconnect(self) -> None:
        """Close the connection (kill the process); the next game reconnects."""
        if self.child is not None:
            self.child.close(grace=0.0)
        elif self.chan is not None:
            self.chan.close()
        self.chan, self.child = None, None

    def _fault(self, e: Exception, during: str) -> PlayerFault:
        """A fault from a channel or protocol error (with the exit status and the log's end, if any)."""
        if isinstance(e, ProtocolError):
            kind, msg = "protocol", f"broke the protocol at {during}: {e}"
        elif isinstance(e, ChannelTimeout):
            limit = self.limits.start_time_limit if during == "hello" else self.limits.time_limit
            kind, msg = "timeout", f"no answer within the time limit of {limit:g} s at {during}"
        elif isinstance(e, ChannelClosed):
            kind, msg = "crashed", f"the connection closed at {during}"
        else:
            kind, msg = getattr(e, "kind", "protocol"), f"{e} at {during}"
        detail = ""
        if self.child is not None:
            if kind == "timeout":
                self.child.kill()
            reason = self.child.exit_reason(wait=1.0 if kind == "crashed" else 0.0)
            tail = self.child.log_tail()
            if kind == "crashed" and "MemoryError" in tail:
                kind = "memory"
            if reason:
                msg += f"; the process {reason}"
            detail = tail
        return PlayerFault(kind, msg, detail)

    def _ask(self, message: dict, expect: tuple[str, ...], during: str) -> dict:
        assert self.chan is not None
        t = self.limits.time_limit
        deadline = None if t is None else time.monotonic() + t
        try:
            self.chan.send(message, timeout=t)
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            reply = player_message(self.chan.recv(timeout=left), (*expect, "error"))
        except (ChannelError, ProtocolError) as e:
            raise self._fault(e, during) from None
        if reply["type"] == "error":
            kind = reply.get("kind", "raised")
            raise PlayerFault(kind, reply["message"], reply.get("traceback", ""))
        return reply

    # ----- the game
    def start(self, info: dict) -> None:
        self.connect()
        self._seed = info["seed"]
        self._ask(
            start_message(
                info["game"], info["seat"], info["seed"], info.get("game_number", 0), self.limits.time_limit
            ),
            ("ready",),
            "start",
        )

    def choose(self, state: Any, seat: int, ply: int) -> Any:
        if self.chan is None:
            raise PlayerFault("crashed", "not connected")
        legal = state.legal_actions()
        texts = [state.action_to_string(a) for a in legal]
        position = None
        if self.wants == "position":
            rng = np.random.default_rng([self._seed or 0, ply])
            position = state.determinize(seat, rng).to_dict()
        reply = self._ask(
            act_message(state, seat, texts, self.limits.time_limit, ply, position), ("action",), f"ply {ply}"
        )
        action = resolve_action(state, reply["action"], legal, texts)
        if action is None:
            raise PlayerFault(
                "illegal", f"answered {reply['action']!r}, which is not one of the {len(texts)} legal actions"
            )
        return action

    def end(self, result: dict) -> None:
        if self.chan is None:
            return
        try:
            self.chan.send(result, timeout=self.limits.time_limit or 1.0)
        except ChannelError:
            self.disconnect()

    def after_fault(self, fault: PlayerFault) -> None:
        if fault.kind in SEVERE:
            self.disconnect()

    def close(self) -> None:
        if self.chan is not None:
            try:
                self.chan.send(BYE, timeout=0.5)
            except ChannelError:
                pass
        if self.child is not None:
            self.child.close(grace=0.5)
        elif self.chan is not None:
            self.chan.close()
        self.chan, self.child = None, None


class SandboxPlayer(ProtocolPlayer):
    """A Python bot file or module in its own process (:mod:`evo_lab.tournament.host`)."""

    def __init__(
        self,
        spec: str | BotSpec,
        game: str,
        limits: Limits,
        log_dir: str | None = None,
        name: str | None = None,
    ):
        self.spec, self.game_id = parse_spec(spec), game
        super().__init__(name or declared_name(self.spec), limits, log_dir)

    def _connect(self) -> tuple[JsonChannel, Child | None]:
        argv = [
            sys.executable,
            "-m",
            "evo_lab.tournament.host",
            "--game",
            self.game_id,
            "--spec",
            self.spec.canonical(),
            "--memory-mb",
            str(self.limits.memory_mb or 0),
            "--output-mb",
            str(self.limits.output_mb or 0),
        ]
        child = Child(argv, stdio=False, limits=self.limits, log_dir=self.log_dir, label=self.name)
        return child.channel, child


class CommandPlayer(ProtocolPlayer):
    """A program speaking the protocol on its standard input and output (``cmd:``); its standard error is its
    log. Anything else it prints on its standard output is a ``protocol`` fault."""

    def __init__(
        self, spec: str | BotSpec, limits: Limits, log_dir: str | None = None, name: str | None = None
    ):
        self.spec = parse_spec(spec)
        super().__init__(name or self.spec.default_name(), limits, log_dir)

    def _connect(self) -> tuple[JsonChannel, Child | None]:
        try:
            child = Child(
                self.spec.argv, stdio=True, limits=self.limits, log_dir=self.log_dir, label=self.name
            )
        except OSError as e:  # pragma: no cover - the wrapper runs the command; Python itself is there
            raise PlayerFault("load", f"cannot run {self.spec.argv[0]}: {e}") from None
        return child.channel, child


class TcpPlayer(ProtocolPlayer):
    """A player listening on ``HOST:PORT`` (``tcp:``): the tournament connects, one connection per worker
    process (the player must accept several), and reconnects after a severe fault. The time limit includes
    the network's time."""

    def __init__(self, spec: str | BotSpec, limits: Limits, name: str | None = None):
        self.spec = parse_spec(spec)
        super().__init__(name or self.spec.default_name(), limits)

    def _connect(self) -> tuple[JsonChannel, Child | None]:
        try:
            sock = socket.create_connection(
                (self.spec.target, self.spec.port), timeout=self.limits.start_time_limit
            )
        except OSError as e:
            raise PlayerFault(
                "crashed", f"cannot connect to {self.spec.target}:{self.spec.port}: {e.strerror or e}"
            ) from None
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return JsonChannel.over_socket(sock, max_bytes=self.limits.max_message_bytes), None


def make_player(
    spec: str | BotSpec,
    game: str,
    limits: Limits | None = None,
    *,
    isolate: bool = True,
    log_dir: str | None = None,
    name: str | None = None,
) -> Player:
    """The player of a bot spec: a builtin bot (or a Python bot with ``isolate=False``) in this process, a
    Python bot in a sandbox, a ``cmd:`` or ``tcp:`` player."""
    spec = parse_spec(spec)
    limits = limits or Limits()
    if spec.kind == "builtin" or (spec.python and not isolate):
        return LocalPlayer(spec, game, name)
    if spec.python:
        return SandboxPlayer(spec, game, limits, log_dir, name)
    if spec.kind == "cmd":
        return CommandPlayer(spec, limits, log_dir, name)
    return TcpPlayer(spec, limits, name)


class RemoteBot(Bot):
    """A :class:`Player` as an evo-lab :class:`~evo_lab.bots.Bot` (what :func:`evo_lab.bots.loader.load_bot`
    returns for a sandboxed or remote bot). The player is started at the bot's first decision after each
    ``reset(seed)`` (or when the seat changes); a fault raises :class:`~evo_lab.bots.BotError` with ``reason``
    the fault's kind. Close it with :meth:`close` (or use it in a ``with`` block)."""

    omniscient = False

    def __init__(self, player: Player, seed: int | None = None):
        super().__init__(seed)
        self.player = player
        self.name = player.name
        self._seat: int | None = None

    def reset(self, seed: int | None = None) -> None:
        super().reset(seed)
        self._seat = None

    def act(self, state: Any, player: int) -> Any:
        try:
            if self._seat != player:
                self.player.start({"game": state.game, "seat": player, "seed": self.seed, "game_number": 0})
                self._seat = player
                self.name = getattr(self.player, "declared", None) or self.player.name
            return self.player.choose(state, player, len(state.history()))
        except PlayerFault as f:
            self.player.after_fault(f)
            self._seat = None
            raise BotError(
                f"bot {self.name!r} (P{player + 1}): {f.kind}: {f.message}",
                bot=self.name,
                player=player,
                reason=f.kind,
            ) from None

    def close(self) -> None:
        self.player.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"RemoteBot({self.name!r}, {type(self.player).__name__})"
