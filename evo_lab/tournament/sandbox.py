"""Bots in their own processes: limits, process groups, exit reasons, logs.

:class:`Child` starts a program in a new session (its own process group: :meth:`Child.kill` ends the bot and
anything it started), with a memory limit (``RLIMIT_AS``, the address space: Python raises ``MemoryError``
past it) and an output limit (``RLIMIT_FSIZE``: a bot that floods its log is stopped), applied in the child
before the bot's code runs. The protocol runs either on the child's standard input and output (``stdio=True``:
a ``cmd:`` bot; whatever it prints there *is* the protocol) or on two dedicated pipes, with the child's
standard output and error both going to its log (a sandboxed Python bot: its own ``print`` calls cannot break
the protocol). The parent enforces the time limit (:class:`~evo_lab.tournament.channel.JsonChannel` deadlines)
and kills the group when it runs out.

The per-player machinery (this module, :mod:`~evo_lab.tournament.channel` and the :class:`Fault` records of
:mod:`~evo_lab.tournament.remote`) is not tied to evo-lab's own protocol: a dealer for another wire format (the
NEU course's) starts players with :class:`Child` or connects with ``JsonChannel.over_socket`` and gets the same
deadlines, kills and exit reasons.

>>> import sys
>>> c = Child([sys.executable, "-c", "import sys; print(sys.stdin.readline().upper(), end='')"], stdio=True,
...           limits=Limits(memory_mb=512))
>>> c.channel.send("ping"); c.channel.recv(timeout=10.0)
'PING'
>>> c.close(); c.exit_reason()
'exited with status 0'
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import EvoLabError
from .channel import JsonChannel

__all__ = ["LOG_TAIL", "Child", "Limits", "LimitsError", "apply_limits", "child_env"]

#: How much of a bot's log (the end) a fault record quotes.
LOG_TAIL = 2000


class LimitsError(EvoLabError, ValueError):
    """A limit that makes no sense (a time limit of zero, a memory limit of a few bytes)."""


@dataclass(frozen=True)
class Limits:
    """The limits of a sandboxed or remote bot.

    ``time_limit``: seconds per decision (and for ``start``/``ready``), measured by the parent from sending the
    question to the answer arriving (so the pipe's and the network's time count); ``None``: no limit.
    ``start_time_limit``: seconds to start the process and answer ``hello`` (Python's and the bot's imports).
    ``memory_mb``: the address-space limit of the bot's process in MiB (``None``: none; a Python process with
    numpy and evo-lab takes about 150 MiB of it, Node.js about 1 GiB). ``output_mb``: the largest file (its log
    included) the bot may write. ``max_message_bytes``: the longest message a player may send.
    """

    time_limit: float | None = 2.0
    start_time_limit: float = 30.0
    memory_mb: int | None = 2048
    output_mb: int | None = 64
    max_message_bytes: int = 1 << 20

    def __post_init__(self) -> None:
        if self.time_limit is not None and not self.time_limit > 0:
            raise LimitsError(f"time_limit must be positive seconds or None, got {self.time_limit!r}")
        if not self.start_time_limit > 0:
            raise LimitsError(f"start_time_limit must be positive seconds, got {self.start_time_limit!r}")
        if self.memory_mb is not None and self.memory_mb < 16:
            raise LimitsError(f"memory_mb must be at least 16 (MiB) or None, got {self.memory_mb!r}")


def apply_limits(memory_mb: int | None, output_mb: int | None) -> None:
    """Set this process's address-space and file-size limits (called in the child, before the bot runs)."""
    import resource

    if memory_mb:
        n = int(memory_mb) << 20
        resource.setrlimit(resource.RLIMIT_AS, (n, n))
    if output_mb:
        n = int(output_mb) << 20
        resource.setrlimit(resource.RLIMIT_FSIZE, (n, n))


#: Runs in the child of a ``cmd:`` bot: set the limits, then become the bot's program (``exec``).
_EXEC_WITH_LIMITS = (
    "import os,sys,resource\n"
    "m,o=int(sys.argv[1]),int(sys.argv[2])\n"
    "m and resource.setrlimit(resource.RLIMIT_AS,(m<<20,m<<20))\n"
    "o and resource.setrlimit(resource.RLIMIT_FSIZE,(o<<20,o<<20))\n"
    "try:\n os.execvp(sys.argv[3],sys.argv[3:])\n"
    "except OSError as e:\n sys.stderr.write(f'cannot run {sys.argv[3]}: {e.strerror}\\n');"
    " sys.exit(127)\n"
)


def child_env() -> dict[str, str]:
    """The environment of a bot's process: this one's, with evo-lab importable, unbuffered Python output and
    one thread for the numeric libraries (their thread pools reserve address space)."""
    env = dict(os.environ)
    root = str(Path(__file__).resolve().parents[2])
    paths = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    if root not in paths:
        env["PYTHONPATH"] = os.pathsep.join([root, *paths])
    env.update(PYTHONUNBUFFERED="1", OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
    return env


class Child:
    """A bot's process. ``argv``: the program; ``stdio``: the protocol on its standard input and output (else
    on two pipes whose descriptors are appended to ``argv`` as ``--fds READ,WRITE``, and the program applies
    ``limits`` itself: :mod:`evo_lab.tournament.host` does). ``self.channel`` talks to it."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        stdio: bool,
        limits: Limits = Limits(),
        cwd: str | None = None,
        log_dir: str | Path | None = None,
        label: str = "bot",
    ):
        self.limits, self.label, self.log_dir = limits, label, log_dir
        self.log = tempfile.TemporaryFile(prefix="evo-lab-bot-")  # noqa: SIM115 - lives as long as the child
        argv = list(argv)
        if stdio:
            full = [
                sys.executable,
                "-S",
                "-c",
                _EXEC_WITH_LIMITS,
                str(limits.memory_mb or 0),
                str(limits.output_mb or 0),
                *argv,
            ]
            self.proc = subprocess.Popen(
                full,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self.log,
                cwd=cwd,
                env=child_env(),
                start_new_session=True,
                close_fds=True,
            )
            assert self.proc.stdin is not None and self.proc.stdout is not None
            rfd, wfd = os.dup(self.proc.stdout.fileno()), os.dup(self.proc.stdin.fileno())
            self.proc.stdout.close()
            self.proc.stdin.close()
        else:
            to_r, to_w = os.pipe()
            from_r, from_w = os.pipe()
            try:
                self.proc = subprocess.Popen(
                    [*argv, "--fds", f"{to_r},{from_w}"],
                    stdin=subprocess.DEVNULL,
                    stdout=self.log,
                    stderr=self.log,
                    cwd=cwd,
                    env=child_env(),
                    start_new_session=True,
                    close_fds=True,
                    pass_fds=(to_r, from_w),
                )
            finally:
                os.close(to_r)
                os.close(from_w)
            rfd, wfd = from_r, to_w
        self.channel = JsonChannel(rfd, wfd, max_bytes=limits.max_message_bytes)
        self.started = time.monotonic()

    @property
    def pid(self) -> int:
        return self.proc.pid

    def alive(self) -> bool:
        return self.proc.poll() is None

    def kill(self) -> None:
        """Kill the bot's whole process group at once (SIGKILL) and reap it."""
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL does not wait for the process
            pass

    def exit_reason(self, wait: float = 0.0) -> str | None:
        """How the process ended (``"exited with status 3"``, ``"killed by signal SIGSEGV"``), or ``None`` if it
        is still running after ``wait`` seconds."""
        try:
            rc = self.proc.wait(timeout=wait) if wait > 0 else self.proc.poll()
        except subprocess.TimeoutExpired:
            return None
        if rc is None:
            return None
        if rc < 0:
            try:
                name = signal.Signals(-rc).name
            except ValueError:  # pragma: no cover
                name = str(-rc)
            extra = " (the output limit)" if -rc == signal.SIGXFSZ else ""
            return f"killed by signal {name}{extra}"
        return f"exited with status {rc}"

    def log_tail(self, n: int = LOG_TAIL) -> str:
        """The end of what the bot printed (its standard error, and its standard output unless ``stdio``)."""
        try:
            size = os.fstat(self.log.fileno()).st_size
            self.log.seek(max(0, size - n))
            return self.log.read().decode("utf-8", "replace")
        except (OSError, ValueError):
            return ""

    def close(self, grace: float = 0.5) -> None:
        """Close the channel, give the process ``grace`` seconds to exit by itself, then kill its group; the
        log is appended to ``log_dir/<label>.log`` when a ``log_dir`` was given."""
        self.channel.close()
        if self.exit_reason(wait=grace) is None:
            self.kill()
        else:  # the process is gone; anything it started is not
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        self._save_log()
        self.log.close()

    def _save_log(self, cap: int = 256 << 10) -> None:
        if self.log_dir is None or self.log.closed:
            return
        try:
            size = os.fstat(self.log.fileno()).st_size
            if not size:
                return
            self.log.seek(0)
            data = self.log.read(cap)
            safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in self.label) or "bot"
            with open(Path(self.log_dir) / f"{safe}.log", "ab") as f:
                f.write(f"--- process {self.proc.pid}: {self.exit_reason() or 'running'}\n".encode())
                f.write(data)
                if size > cap:
                    f.write(f"\n... ({size - cap} more bytes)\n".encode())
        except OSError:  # pragma: no cover - a log is a courtesy
            pass
