"""``evo-lab lab`` starts its servers safely (issue 18, docs/security.md): the token never on a command line
(``ps`` shows command lines to every local user) but in a private file; a port in use is an error, not a URL of
another server; a token for any address other than loopback; the classroom page's limits on Voila's command.

The first tests replace ``subprocess.Popen`` with a recorder (no server starts); the last ones start the real
JupyterLab and Voila on 127.0.0.1 and read the servers' command lines from ``/proc``.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import stat
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import ClassVar

import pytest

from evo_lab.cli import main
from evo_lab.views.widgets.browser import free_port

ROOT = Path(__file__).resolve().parents[2]


class _Recorder:
    """Stands in for ``subprocess.Popen``: records the command, the environment and the private files the server
    would read (while they exist), and exits at once with code 1 (as a server whose port was taken)."""

    calls: ClassVar[list[dict]] = []

    def __init__(self, cmd, cwd=None, env=None, **_kw):
        env = dict(env or os.environ)
        files = {}
        for path in [env.get("JUPYTER_TOKEN_FILE")] + [
            a.split("=", 1)[1] + "/voila.json" for a in cmd if a.startswith("--Voila.config_file_paths=")
        ][:1]:
            if path and os.path.exists(path):
                files[path] = (
                    stat.S_IMODE(os.stat(path).st_mode),
                    stat.S_IMODE(os.stat(os.path.dirname(path)).st_mode),
                    Path(path).read_text(),
                )
        _Recorder.calls.append({"cmd": list(cmd), "env": env, "files": files})
        self.returncode = 1
        self.pid = 0

    def poll(self):
        return 1

    def wait(self, timeout=None):
        return 1

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def terminate(self):
        pass

    kill = terminate


@pytest.fixture()
def recorder(monkeypatch):
    _Recorder.calls = []
    monkeypatch.setattr(subprocess, "Popen", _Recorder)
    return _Recorder.calls


def test_lab_hands_its_token_over_in_a_private_file_not_the_command_line(recorder, capsys):
    main(["lab", "--no-browser"])
    [call] = recorder
    files = call["files"]
    assert "JUPYTER_TOKEN_FILE" in call["env"] and len(files) == 1, call["env"].keys()
    [(mode, folder_mode, token)] = files.values()
    assert mode == 0o600 and folder_mode == 0o700 and len(token) >= 32
    assert not any(token in arg for arg in call["cmd"]), call["cmd"]
    assert not any("token" in arg.lower() for arg in call["cmd"]), call["cmd"]
    assert not os.path.exists(call["env"]["JUPYTER_TOKEN_FILE"])  # removed when the server stopped
    assert "--ServerApp.port_retries=0" in call["cmd"]


def test_present_has_a_token_off_loopback_in_a_private_config_file(recorder, capsys):
    main(["lab", "--present", "--no-browser", "--ip", "0.0.0.0"])
    [call] = recorder
    [(mode, folder_mode, text)] = call["files"].values()
    token = re.search(r'"token": "([^"]+)"', text).group(1)
    assert mode == 0o600 and folder_mode == 0o700 and len(token) >= 24
    assert not any(token in arg for arg in call["cmd"]) and "--Voila.ip=0.0.0.0" in call["cmd"]
    for flag in (
        "--show_tracebacks=False",
        "--Voila.port_retries=0",
        "--VoilaConfiguration.multi_kernel_manager_class=evo_lab.cli.kernel_cap.CappedKernelManager",
        "--CappedKernelManager.max_kernels=40",
        "--MappingKernelManager.cull_idle_timeout=300",
        "--VoilaConfiguration.allow_template_override=NO",
    ):
        assert flag in call["cmd"], flag


def test_present_on_loopback_has_no_token_unless_asked(recorder, capsys):
    main(["lab", "--present", "--no-browser"])
    main(["lab", "--present", "--no-browser", "--token", "--max-kernels", "7", "--cull-idle", "60"])
    (_m, _f, plain), (_m2, _f2, asked) = (next(iter(c["files"].values())) for c in recorder)
    assert '"token": ""' in plain and re.search(r'"token": "[^"]{24,}"', asked)
    assert "--CappedKernelManager.max_kernels=7" in recorder[1]["cmd"]
    assert "--MappingKernelManager.cull_idle_timeout=60" in recorder[1]["cmd"]


@pytest.mark.parametrize("present", [False, True])
def test_a_port_in_use_is_an_error_not_a_url(present, recorder, capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        code = main(["lab", "--no-browser", "--port", str(port)] + (["--present"] if present else []))
    out, err = capsys.readouterr()
    assert code == 2 and "Open the" not in out and "token=" not in out
    assert err.startswith(f"evo-lab lab: error: --port {port}: the port is in use on 127.0.0.1"), err
    assert not recorder  # no server was started


def test_a_server_that_stops_before_answering_prints_no_url(recorder, capsys):
    code = main(["lab", "--no-browser"])  # the recorder's server exits at once
    out, err = capsys.readouterr()
    assert code == 2 and "Open the tour" not in out and "stopped before it answered" in err


def _cmdlines_with(text: str) -> list[str]:
    """The command lines (as ``ps`` shows them) of this machine's processes that contain ``text``."""
    out = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                line = (
                    Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace")
                )
            except OSError:
                continue
            if text in line:
                out.append(line)
    return out


def _start(argv: list[str], log: Path, announce: str, timeout: float = 150) -> tuple[subprocess.Popen, str]:
    with open(log, "w") as f:
        proc = subprocess.Popen(
            [sys.executable, "-m", "evo_lab.cli", *argv],
            stdout=f,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            cwd=ROOT,
        )
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        m = re.search(announce + r" (\S+)", log.read_text())
        if m:
            return proc, m.group(1)
        if proc.poll() is not None:
            break
        time.sleep(0.5)
    os.killpg(proc.pid, signal.SIGTERM)
    raise AssertionError(f"no {announce!r} line: {log.read_text()[-2000:]}")


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def _status(url: str) -> int:
    """The HTTP status of ``url`` (a redirect, e.g. to the login page, is not followed)."""
    try:
        with urllib.request.build_opener(_NoRedirect).open(url, timeout=60) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def _stop(proc: subprocess.Popen) -> None:
    os.killpg(proc.pid, signal.SIGTERM)
    proc.wait(60)


@pytest.mark.slow
def test_real_jupyterlab_token_is_not_on_any_command_line(tmp_path):
    port = free_port()
    proc, url = _start(["lab", "--no-browser", "--port", str(port)], tmp_path / "lab.log", "Open the tour:")
    try:
        token = url.split("token=", 1)[1]
        lines = _cmdlines_with(f"--port={port}")
        assert lines and not any(token in line for line in lines), lines
        assert _status(f"http://127.0.0.1:{port}/api/contents") == 403
        assert _status(f"http://127.0.0.1:{port}/api/contents?token={token}") == 200
        assert main(["lab", "--no-browser", "--port", str(port)]) == 2  # the same port again: refused
    finally:
        _stop(proc)
    assert "Open the tour" in (tmp_path / "lab.log").read_text()


@pytest.mark.slow
def test_real_present_token_and_no_traceback(tmp_path):
    pytest.importorskip("voila")
    port = free_port()
    proc, url = _start(
        ["lab", "--present", "--no-browser", "--token", "--port", str(port)],
        tmp_path / "v.log",
        "Open the presentation:",
    )
    try:
        token = url.split("token=", 1)[1]
        lines = _cmdlines_with(f"--port={port}")
        assert lines and not any(token in line for line in lines), lines
        base = f"http://127.0.0.1:{port}/"
        assert _status(base + "?game=origin") in (302, 403)  # no token: the login page
        with urllib.request.urlopen(f"{base}?game=bogus&token={token}", timeout=120) as r:
            body = r.read().decode()
        assert "This page cannot open: game" in body and "Traceback" not in body
    finally:
        _stop(proc)
