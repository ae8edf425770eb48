"""The process a sandboxed Python bot runs in (started by :class:`~evo_lab.tournament.remote.SandboxPlayer`)::

    python -m evo_lab.tournament.host --game origin --spec students/ann.py --memory-mb 2048 --output-mb 64 --fds R,W

It sets its limits, then speaks the remote protocol (:mod:`evo_lab.tournament.protocol`) on the two pipes
``R`` (from the dealer) and ``W`` (to the dealer): it answers the dealer's ``hello`` after loading the bot (or
sends an ``error`` of kind ``load`` saying why it could not), then ``ready`` to each ``start``, an ``action`` to
each ``act`` and nothing to ``end``; it exits on ``bye`` or when the dealer goes away. The bot's standard output
and error go to its log, never to the protocol's pipes. An exception in the bot is answered with an ``error``
message (kind ``raised``, or ``memory`` for ``MemoryError``) carrying the traceback, and the host goes on.

An observation bot gets the ``act`` message's observation and legal strings. A bot of evo-lab's ``Bot`` class
says ``"wants": "position"`` in its hello and gets, besides, a determinized position (what its seat may not see
redrawn by the dealer), read back into a state of the game.
"""

from __future__ import annotations

import argparse
import numbers
import sys
import traceback
from typing import Any

from ..bots.base import Bot
from ..bots.loader import ObservationBot, load_bot_object
from ..core.records import game_class_for
from .channel import ChannelClosed, JsonChannel
from .protocol import PROTOCOL, VERSION, ProtocolError, validate
from .sandbox import apply_limits

__all__ = ["main", "serve_bot"]

_TRACE = 4000


def _error(e: BaseException, kind: str | None = None) -> dict:
    tb = "".join(traceback.format_exception(type(e), e, e.__traceback__))
    kind = kind or ("memory" if isinstance(e, MemoryError) else "raised")
    return {
        "type": "error",
        "kind": kind,
        "message": f"{type(e).__name__}: {e}"[:500],
        "traceback": tb[-_TRACE:],
    }


def _observation_answer(bot: ObservationBot, msg: dict) -> dict:
    answer = bot.choose(msg["observation"], msg["legal"])
    if isinstance(answer, bool) or not isinstance(answer, (str, numbers.Integral)):
        return {
            "type": "error",
            "kind": "illegal",
            "message": f"act returned {answer!r} ({type(answer).__name__}), not a legal action string or index",
        }
    return {"type": "action", "action": answer if isinstance(answer, str) else int(answer)}


def _position_answer(bot: Bot, msg: dict, game: Any, seat: int) -> dict:
    state = game.state_class.from_dict(msg["position"], game)
    action = bot(state, seat)
    try:
        legal = action in state.legal_actions()
        text = state.action_to_string(action) if legal else repr(action)
    except Exception:  # noqa: BLE001 - junk returned by the bot
        legal, text = False, repr(action)
    if not legal:
        return {
            "type": "error",
            "kind": "illegal",
            "message": f"act returned {text[:200]}, not a legal action",
        }
    return {"type": "action", "action": text}


def serve_bot(chan: JsonChannel, spec: str, game_id: str) -> int:
    """Answer the dealer on ``chan`` with the bot of ``spec`` until ``bye`` or the end of the stream."""
    try:
        validate(chan.recv(), "dealer-hello")
    except (ChannelClosed, ProtocolError) as e:
        print(f"evo-lab host: no dealer hello: {e}", file=sys.stderr)
        return 2
    try:
        bot = load_bot_object(spec, game_id)
    except Exception as e:  # noqa: BLE001 - a bot that cannot load: say why, then stop
        chan.send(_error(e, "load"))
        return 1
    observer = bot if isinstance(bot, ObservationBot) else None
    chan.send(
        {
            "type": "hello",
            "protocol": PROTOCOL,
            "version": VERSION,
            "name": str(bot.name)[:64],
            "wants": "observation" if observer else "position",
        }
    )
    game, seat = None, 0
    while True:
        try:
            msg = chan.recv()
        except ChannelClosed:
            return 0
        kind = msg.get("type") if isinstance(msg, dict) else None
        if kind == "bye":
            return 0
        try:
            if kind == "start":
                seat = int(msg["seat"])
                bot.reset(msg.get("seed"))
                if observer is not None:
                    observer.start(
                        {k: msg.get(k) for k in ("game", "players", "seat", "seed", "game_number")}
                    )
                else:
                    game = game_class_for(msg["game"]).from_dict(msg["config"])
                reply: dict | None = {"type": "ready"}
            elif kind == "act":
                reply = (
                    _observation_answer(observer, msg) if observer else _position_answer(bot, msg, game, seat)
                )
            elif kind == "end":
                if observer is not None:
                    observer.end(msg)
                reply = None
            else:
                reply = {"type": "error", "kind": "raised", "message": f"unknown message type {kind!r}"}
        except Exception as e:  # noqa: BLE001 - the bot's exception is the dealer's business
            reply = _error(e)
        if reply is not None:
            try:
                chan.send(reply)
            except ChannelClosed:
                return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m evo_lab.tournament.host")
    p.add_argument("--game", required=True)
    p.add_argument("--spec", required=True)
    p.add_argument("--memory-mb", type=int, default=0)
    p.add_argument("--output-mb", type=int, default=0)
    p.add_argument("--fds", required=True, help="READ,WRITE: the protocol's pipes")
    args = p.parse_args(argv)
    rfd, wfd = (int(x) for x in args.fds.split(","))
    apply_limits(args.memory_mb, args.output_mb)
    sys.stdout = sys.stderr  # the bot's prints go to its log (both are the log file already)
    chan = JsonChannel(rfd, wfd)
    try:
        return serve_bot(chan, args.spec, args.game)
    finally:
        chan.close()


if __name__ == "__main__":  # pragma: no cover - run as a child process
    sys.exit(main())
