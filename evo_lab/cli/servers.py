"""How ``evo-lab lab`` starts its servers safely (docs/security.md): JupyterLab (the kit, for its user) and Voila
(``--present``: the classroom page, for visitors).

- **Address**: 127.0.0.1 unless ``--ip`` says otherwise; the port is checked before the server starts (a port
  in use is an error, not another server's URL), and the server is told not to try other ports.
- **Token**: JupyterLab always has one. Voila has one for any address other than loopback (and with
  ``--token``). The token never appears on a command line (``ps`` shows command lines to every local user):
  JupyterLab reads it from a file named by ``JUPYTER_TOKEN_FILE``, Voila from a ``voila.json`` config file;
  both files are made readable by their owner only (mode 0600) in a private folder (mode 0700) that is removed
  when the server stops.
- **Voila's limits** (:class:`PresentLimits`): no tracebacks to the page, at most ``max_kernels`` kernels
  (:mod:`evo_lab.cli.kernel_cap`), idle kernels culled, and a cap on a websocket message's size.

>>> cmd = voila_command(Path("present.ipynb"), 8899, PresentLimits(max_kernels=5), config_dir=Path("/private"))
>>> "--show_tracebacks=False" in cmd and "--CappedKernelManager.max_kernels=5" in cmd
True
>>> [c for c in cmd if "token" in c.lower()], cmd.count("--Voila.config_file_paths=/private")
([], 1)
>>> is_loopback("127.0.0.1"), is_loopback("0.0.0.0"), is_loopback("::1")
(True, False, True)
"""

from __future__ import annotations

import contextlib
import errno
import ipaddress
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from evo_lab.core.errors import EvoLabError
from evo_lab.views.offline import voila_args

__all__ = [
    "PortError",
    "PresentLimits",
    "ServerError",
    "check_port",
    "free_port",
    "is_loopback",
    "lab_command",
    "private_folder",
    "run_server",
    "url_host",
    "voila_command",
    "voila_config",
    "write_private",
]


class ServerError(EvoLabError, ValueError):
    """A server of ``evo-lab lab`` could not be started as asked."""


class PortError(ServerError):
    """The port or address asked for cannot be used."""


@dataclass(frozen=True)
class PresentLimits:
    """The classroom page's limits (Voila): kernels at once, idle culling and the websocket message size.

    ``max_kernels``: pages open at once (each a kernel of about 75 MB; 0: no limit). ``cull_idle``: seconds
    after which a kernel with no open page (no websocket) and no work is shut down (0: never).
    ``cull_interval``: how often (seconds) idle kernels are looked for. ``max_message``: the largest message (bytes)
    a page may send to its kernel (an upload travels in one; the Game tab itself refuses files over
    :data:`evo_lab.views.widgets.stepper.UPLOAD_LIMIT` before reading them).
    """

    max_kernels: int = 40
    cull_idle: int = 300
    cull_interval: int = 60
    max_message: int = 8 << 20


def is_loopback(ip: str) -> bool:
    """Whether ``ip`` (an address, or ``localhost``) is this machine's loopback (only local programs reach it)."""
    if ip == "localhost":
        return True
    try:
        return ipaddress.ip_address(ip).is_loopback
    except ValueError:
        return False


def check_ip(ip: str) -> str:
    """``ip`` if it is an address (or ``localhost``), else :class:`PortError` naming ``--ip``."""
    if ip != "localhost":
        try:
            ipaddress.ip_address(ip)
        except ValueError:
            raise PortError(
                f"--ip: expected an address such as 127.0.0.1 or 0.0.0.0, got {ip[:60]!r}"
            ) from None
    return ip


def _bind(ip: str, port: int) -> None:
    """Bind (and close) a listening socket on ``ip``:``port`` as the server will (SO_REUSEADDR, as tornado)."""
    family = socket.AF_INET6 if ":" in ip else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(("127.0.0.1" if ip == "localhost" else ip, port))
        s.listen(1)


def check_port(ip: str, port: int) -> None:
    """Raise :class:`PortError` unless a server can listen on ``ip``:``port`` now."""
    try:
        _bind(ip, port)
    except OSError as e:
        if e.errno == errno.EADDRINUSE:
            raise PortError(
                f"--port {port}: the port is in use on {ip} (another server?); choose another port or "
                "leave --port out for a free one"
            ) from None
        if e.errno == errno.EACCES:
            raise PortError(
                f"--port {port}: permission denied on {ip} (ports below 1024 need root)"
            ) from None
        if e.errno == errno.EADDRNOTAVAIL:
            raise PortError(f"--ip {ip}: not an address of this machine") from None
        raise PortError(f"--port {port} on {ip}: {e.strerror or e}") from None


def free_port(ip: str = "127.0.0.1") -> int:
    """A port no program listens on at ``ip`` now."""
    family = socket.AF_INET6 if ":" in ip else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1" if ip == "localhost" else ip, 0))
        return int(s.getsockname()[1])


def url_host(ip: str) -> str:
    """The host part of the address to print: 127.0.0.1 for loopback, this machine's name for "every address"."""
    if ip in ("0.0.0.0", "::"):
        return socket.gethostname()
    if is_loopback(ip):
        return "127.0.0.1" if ":" not in ip else "[::1]"
    return f"[{ip}]" if ":" in ip else ip


@contextlib.contextmanager
def private_folder() -> Iterator[Path]:
    """A new folder only its owner can enter (mode 0700), removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="evo-lab-server-"))
    try:
        os.chmod(folder, 0o700)
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def write_private(path: Path, text: str) -> Path:
    """Write ``text`` to a new file readable and writable by its owner only (mode 0600 from the start)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def _script(name: str, module_main: str) -> list[str]:
    """The console script ``name`` beside this Python, or ``python -c`` running ``module_main``."""
    exe = Path(sys.executable).with_name(name)
    if exe.exists():
        return [str(exe)]
    mod, fn = module_main.rsplit(".", 1)
    return [sys.executable, "-c", f"import sys; from {mod} import {fn}; sys.exit({fn}())"]


def _root_flag() -> list[str]:
    return ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []


def lab_command(nb: Path, port: int, browser: bool, ip: str = "127.0.0.1") -> list[str]:
    """JupyterLab on ``ip``:``port``, the notebook's folder as root and the notebook as the default page. No
    token here: it goes in a private file named by ``JUPYTER_TOKEN_FILE`` (:func:`lab_token_env`)."""
    cmd = _script("jupyter-lab", "jupyterlab.labapp.main") + [
        f"--ServerApp.root_dir={nb.parent}",
        f"--LabApp.default_url=/lab/tree/{nb.name}",
        f"--port={port}",
        f"--ServerApp.ip={ip}",
        "--ServerApp.port_retries=0",
        '--ServerApp.jpserver_extensions={"notebook_shim": False}',
    ]
    return cmd + ([] if browser else ["--no-browser"]) + _root_flag()


def voila_config(folder: Path, limits: PresentLimits = PresentLimits(), token: str = "") -> Path:
    """Write ``folder/voila.json`` (mode 0600): the token (``""``: none) and the websocket message limit, the
    settings :func:`voila_command` does not put on the command line. Returns ``folder``."""
    write_private(
        folder / "voila.json",
        json.dumps(
            {
                "Voila": {
                    "token": token,
                    "tornado_settings": {"websocket_max_message_size": limits.max_message},
                }
            }
        ),
    )
    return folder


def voila_command(
    nb: Path,
    port: int,
    limits: PresentLimits = PresentLimits(),
    browser: bool = False,
    ip: str = "127.0.0.1",
    config_dir: Path | None = None,
) -> list[str]:
    """Voila serving notebook ``nb`` (run from its folder) on ``ip``:``port`` with ``limits``; no tracebacks
    in the page. ``config_dir``: the folder of :func:`voila_config` (the token and the message limit), searched
    before the usual places; without it, no token and tornado's own message limit (10 MiB)."""
    cmd = _script("voila", "voila.app.main") + [
        nb.name,
        f"--port={port}",
        f"--Voila.ip={ip}",
        "--Voila.port_retries=0",
        "--show_tracebacks=False",
        "--ServerApp.password=",
        "--VoilaConfiguration.multi_kernel_manager_class=evo_lab.cli.kernel_cap.CappedKernelManager",
        f"--CappedKernelManager.max_kernels={limits.max_kernels}",
        f"--MappingKernelManager.cull_idle_timeout={limits.cull_idle}",
        f"--MappingKernelManager.cull_interval={limits.cull_interval}",
        "--MappingKernelManager.cull_connected=False",
        "--MappingKernelManager.cull_busy=False",
        "--VoilaConfiguration.allow_template_override=NO",
        "--VoilaConfiguration.allow_theme_override=NO",
        *voila_args(),
    ]  # evo-lab's template (nothing from a CDN) and no JupyterLab-only extension
    if config_dir is None:
        cmd.append("--Voila.token=")
    else:
        from jupyter_core.paths import jupyter_config_path

        paths = [str(config_dir), str(nb.parent.resolve()), *jupyter_config_path()]
        cmd += [f"--Voila.config_file_paths={p}" for p in paths]
    return cmd + ([] if browser else ["--no-browser"])


def lab_token_env(folder: Path, token: str) -> dict[str, str]:
    """The environment that hands ``token`` to JupyterLab: a private file in ``folder`` named by
    ``JUPYTER_TOKEN_FILE`` (jupyter_server reads it when no token is configured otherwise)."""
    return {"JUPYTER_TOKEN_FILE": str(write_private(folder / "token", token))}


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2):
            return True
    except urllib.error.HTTPError:
        return True  # any HTTP answer: the server is up (403 before the token, 404, ...)
    except OSError:
        return False


def run_server(
    cmd: list[str],
    cwd: Path,
    env: dict[str, str],
    probe: str,
    announce: str,
    name: str,
    timeout: float = 180.0,
    on_ready: Callable[[], object] | None = None,
) -> int:
    """Run server ``cmd`` until it stops; print ``announce`` (its address) only once it answers on ``probe``
    (then call ``on_ready``, e.g. to open a browser). A server that stops before it answers (its port taken
    meanwhile, a bad option) is an error; Ctrl-C or a SIGTERM stops it (and the caller's private folder is
    removed)."""
    proc = subprocess.Popen(cmd, cwd=cwd, env=dict(os.environ, **env))
    previous = _stop_on_sigterm()
    try:
        deadline = time.monotonic() + timeout
        while not _answers(probe):
            if proc.poll() is not None:
                raise ServerError(
                    f"{name} stopped before it answered (exit code {proc.returncode}); see its messages above"
                )
            if time.monotonic() > deadline:
                raise ServerError(f"{name} did not answer on {probe} within {timeout:.0f} s")
            time.sleep(0.3)
        print(announce, flush=True)
        if on_ready is not None:
            on_ready()
        return proc.wait()
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _stop_on_sigterm() -> Any:
    """Make SIGTERM end this process like Ctrl-C (``finally`` blocks run: the server is stopped and the private
    folder removed); returns the handler it replaced (``None`` outside the main thread, where nothing changes)."""
    if threading.current_thread() is not threading.main_thread():
        return None

    def stop(_signum: int, _frame: Any) -> None:
        raise KeyboardInterrupt

    return signal.signal(signal.SIGTERM, stop)
