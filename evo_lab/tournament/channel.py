"""A JSON channel with deadlines over a pair of file descriptors (pipes) or a socket.

:class:`JsonChannel` sends JSON values (one per line) and reads JSON values with a deadline. The reader accepts
any whitespace between values (JSON lines, or values back to back as the NEU course's Racket dealer writes them),
so a dealer for another wire format can reuse it. A read that does not complete by the deadline raises
:class:`ChannelTimeout`, the peer closing raises :class:`ChannelClosed`, bytes that are not JSON (junk printed
by a bot, invalid UTF-8, a value over ``max_bytes``) raise :class:`ChannelJunk`; the channel is then unusable,
and the caller ends the peer (:mod:`evo_lab.tournament.sandbox` kills a process group).

>>> import os
>>> r1, w1 = os.pipe(); r2, w2 = os.pipe()
>>> a, b = JsonChannel(r1, w2), JsonChannel(r2, w1)   # a reads r1 and writes w2; b the other way round
>>> a.send({"type": "hello"}); b.recv(timeout=1.0)
{'type': 'hello'}
>>> _ = os.write(w2, b'{"x": 1} [2]\\n 3'); b.recv(1.0), b.recv(1.0)
({'x': 1}, [2])
>>> b.recv(timeout=0.05)   # "3" may go on ("35"): a number is complete only when something follows it
Traceback (most recent call last):
...
evo_lab.tournament.channel.ChannelTimeout: no answer within 0.05 s
>>> a.close(); b.close()
"""

from __future__ import annotations

import codecs
import json
import os
import select
import socket
import time
from typing import Any

from ..core.errors import EvoLabError

__all__ = ["ChannelClosed", "ChannelError", "ChannelJunk", "ChannelTimeout", "JsonChannel", "encode"]

_DECODER = json.JSONDecoder()
_WS = " \t\r\n"


class ChannelError(EvoLabError):
    """A channel that failed; ``kind`` is the fault it means (``timeout``, ``crashed``, ``protocol``)."""

    kind = "protocol"


class ChannelTimeout(ChannelError):
    kind = "timeout"


class ChannelClosed(ChannelError):
    kind = "crashed"


class ChannelJunk(ChannelError):
    kind = "protocol"


def encode(value: Any) -> bytes:
    """One JSON line (compact, UTF-8)."""
    return (json.dumps(value, separators=(",", ":"), ensure_ascii=False) + "\n").encode("utf-8")


class JsonChannel:
    """JSON values over ``read_fd`` / ``write_fd`` (the same descriptor for a socket). The descriptors are
    made non-blocking; :meth:`close` closes them (and the socket, if one was given)."""

    def __init__(
        self, read_fd: int, write_fd: int, *, max_bytes: int = 1 << 20, sock: socket.socket | None = None
    ):
        self.read_fd, self.write_fd, self.max_bytes, self.sock = read_fd, write_fd, max_bytes, sock
        os.set_blocking(read_fd, False)
        os.set_blocking(write_fd, False)
        self._text = ""
        self._utf8 = codecs.getincrementaldecoder("utf-8")()
        self._eof = False
        self.closed = False

    @classmethod
    def over_socket(cls, sock: socket.socket, **kw: Any) -> JsonChannel:
        return cls(sock.fileno(), sock.fileno(), sock=sock, **kw)

    # ----- writing
    def send(self, value: Any, timeout: float | None = None) -> None:
        """Send one JSON value; :class:`ChannelTimeout` if the peer does not take it within ``timeout``
        seconds, :class:`ChannelClosed` if the peer is gone."""
        data = memoryview(encode(value))
        deadline = None if timeout is None else time.monotonic() + timeout
        while data:
            try:
                n = os.write(self.write_fd, data)
                data = data[n:]
                continue
            except BlockingIOError:
                pass
            except (BrokenPipeError, ConnectionError, OSError) as e:
                raise ChannelClosed(f"the peer closed the connection ({type(e).__name__})") from None
            self._wait(self.write_fd, deadline, timeout, writing=True)

    # ----- reading
    def recv(self, timeout: float | None = None) -> Any:
        """The next JSON value; waits at most ``timeout`` seconds (``None``: for ever)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            found, value = self._take()
            if found:
                return value
            if self._eof:
                rest = self._text.strip()
                if rest:  # a last bare value ("3") is complete at the end of the stream
                    self._text = ""
                    try:
                        return json.loads(rest)
                    except json.JSONDecodeError:
                        raise ChannelJunk(f"not JSON before the end of the stream: {rest[:80]!r}") from None
                raise ChannelClosed("the peer closed the connection")
            self._wait(self.read_fd, deadline, timeout, writing=False)
            self._fill()

    def _wait(self, fd: int, deadline: float | None, timeout: float | None, writing: bool) -> None:
        while True:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                raise ChannelTimeout(
                    f"no answer within {timeout:g} s"
                    if not writing
                    else f"the peer did not read within {timeout:g} s"
                )
            try:
                r, w, _ = select.select([] if writing else [fd], [fd] if writing else [], [], left)
            except InterruptedError:  # pragma: no cover - retried by Python itself since PEP 475
                continue
            if r or w:
                return

    def _fill(self) -> None:
        try:
            chunk = os.read(self.read_fd, 65536)
        except BlockingIOError:
            return
        except (ConnectionError, OSError):
            chunk = b""
        self._eof = not chunk
        try:
            chunk_text = self._utf8.decode(chunk, final=self._eof)
        except UnicodeDecodeError:
            raise ChannelJunk("bytes that are not UTF-8 text") from None
        self._text += chunk_text
        if len(self._text) > self.max_bytes:
            raise ChannelJunk(
                f"a message longer than {self.max_bytes} bytes (or no JSON at all): {self._text[:80]!r}..."
            )

    def _take(self) -> tuple[bool, Any]:
        text = self._text
        i = 0
        while i < len(text) and text[i] in _WS:
            i += 1
        if i == len(text):
            self._text = ""
            return False, None
        try:
            value, end = _DECODER.raw_decode(text, i)
        except json.JSONDecodeError as e:
            if (
                e.pos >= len(text)
                or e.msg.startswith("Unterminated string")
                or (
                    e.msg == "Expecting value"
                    and len(text) - i < 5
                    and not self._eof
                    and any(w.startswith(text[i:]) for w in ("true", "false", "null"))
                )
            ):
                return False, None  # incomplete: wait for more
            raise ChannelJunk(f"not JSON: {text[i : i + 80]!r}") from None
        except RecursionError:  # arrays nested deeper than Python's parser goes
            raise ChannelJunk(f"JSON nested too deeply: {text[i : i + 80]!r}...") from None
        if end == len(text) and isinstance(value, (int, float)) and not self._eof:
            return False, None  # a number may go on
        self._text = text[end:]
        return True, value

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:  # pragma: no cover
                pass
            return
        for fd in {self.read_fd, self.write_fd}:
            try:
                os.close(fd)
            except OSError:
                pass
