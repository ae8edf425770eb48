"""Drive the kit in a real browser: serve a notebook with Voila on 127.0.0.1 and open it in Debian's
Chromium through Playwright (never a downloaded browser). Used by ``tests/browser`` and
``scripts/bench_latency.py``.

>>> free_port() > 1024
True
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

__all__ = [
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "BrowserSetupError",
    "free_port",
    "launch_chromium",
    "open_page",
    "select_and_play",
    "serve_voila",
    "wait_for_board",
]

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


class BrowserSetupError(RuntimeError):
    """Voila or Chromium could not be started."""


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _voila_command() -> list[str]:
    exe = Path(sys.executable).with_name("voila")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "voila"]


@contextlib.contextmanager
def serve_voila(notebook: str | Path, port: int | None = None, timeout: float = 60.0,
                log: str | Path | None = None) -> Iterator[str]:
    """Serve ``notebook`` with Voila on 127.0.0.1 (no browser, no token); yields its URL and always stops it."""
    nb = Path(notebook).resolve()
    if not nb.exists():
        raise BrowserSetupError(f"no notebook at {nb}")
    port = port or free_port()
    out = open(log, "w") if log else subprocess.DEVNULL  # noqa: SIM115
    cmd = _voila_command() + [nb.name, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                              "--ServerApp.token=", "--ServerApp.password=", "--show_tracebacks=True"]
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(cmd, cwd=nb.parent, stdout=out, stderr=subprocess.STDOUT, env=env,
                            start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + timeout
        while True:
            if proc.poll() is not None:
                raise BrowserSetupError(f"voila exited with code {proc.returncode}")
            try:
                with urllib.request.urlopen(url + "voila/static/", timeout=2):
                    break
            except OSError as e:
                if getattr(e, "code", None):  # an HTTP error: the server answers
                    break
            if time.monotonic() > deadline:
                raise BrowserSetupError(f"voila did not answer on {url} within {timeout:.0f} s")
            time.sleep(0.3)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
        if log:
            out.close()


def launch_chromium(playwright: Any, executable: str = CHROMIUM) -> Any:
    """Debian's Chromium, headless, with the flags CI needs."""
    if not shutil.which(executable) and not Path(executable).exists():
        raise BrowserSetupError(f"{executable} is missing (apt-get install chromium)")
    return playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS, headless=True)


def open_page(browser: Any, url: str, timeout_ms: int = 120_000) -> Any:
    """A new page on ``url`` that only talks to 127.0.0.1: other requests (CDNs for MathJax, fonts) are aborted
    at once instead of waiting on DNS in an offline CI runner."""
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")) else route.abort())
    # Voila runs the whole notebook before it answers; on a busy machine (a parallel test run) one slow start
    # is retried once rather than failing the run
    for attempt in (1, 2):
        try:
            page.goto(url, timeout=timeout_ms, wait_until="domcontentloaded")
            return page
        except Exception as e:  # playwright's TimeoutError
            if attempt == 2 or "Timeout" not in type(e).__name__:
                raise
    return page


def wait_for_board(page: Any, timeout_ms: int = 120_000) -> None:
    """Wait until the board widget has drawn (the notebook has run in the kernel)."""
    page.wait_for_selector(".evo-board-widget svg.evo-board polygon.space", timeout=timeout_ms)
    # the other outputs (plotly charts, tabs) render a moment later and move the board: wait until it stays put
    last = None
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        box = page.locator(".evo-board-widget svg.evo-board").first.bounding_box()
        if box is not None and box == last:
            break
        last = box
        page.wait_for_timeout(400)


BOARD_JS_MEASURE = """async (dst) => {
  const box = document.querySelector('.evo-board-widget .evo-svg');
  const before = box.querySelector('svg').dataset.ply;
  return await new Promise((resolve, reject) => {
    const timer = setTimeout(() => { obs.disconnect(); reject(new Error('no repaint within 10 s')); }, 10000);
    const obs = new MutationObserver(() => {
      const svg = box.querySelector('svg');
      if (svg && svg.dataset.ply !== before) {
        obs.disconnect();
        clearTimeout(timer);
        requestAnimationFrame(() => resolve([performance.now() - t0, svg.dataset.ply]));
      }
    });
    obs.observe(box, {childList: true, subtree: true});
    const t0 = performance.now();
    box.querySelector(`polygon.space[data-id="${dst}"]`).dispatchEvent(new MouseEvent('click', {bubbles: true}));
  });
}"""


def select_and_play(page: Any, prefer: str = "move") -> dict | None:
    """Click a movable dinosaur, then one of its highlighted targets (``prefer`` kind first), or a directly
    clickable target (births, removals). Returns ``{"src", "dst", "action", "ms", "ply"}`` (``ms``: click to
    repainted board) or ``None`` when the board offers nothing to click."""
    board = ".evo-board-widget"
    movable = page.eval_on_selector_all(f"{board} g.dino.movable", "els => els.map(e => e.dataset.id)")
    src = None
    if movable:
        selected = page.eval_on_selector(f"{board} svg.evo-board", "e => e.dataset.selected")
        src = selected if selected in movable else movable[0]
        if selected != src:  # a click on the selected dinosaur would deselect it
            page.click(f"{board} polygon.space[data-id='{src}']")
        page.wait_for_selector(f"{board} svg[data-selected='{src}'] polygon.highlight", timeout=10_000)
    targets = page.eval_on_selector_all(
        f"{board} polygon.highlight", "els => els.map(e => [e.dataset.id, e.dataset.action])")
    if not targets:
        return None
    dst, action = next((t for t in targets if t[1].startswith(prefer)), targets[0])
    ms, ply = page.evaluate(BOARD_JS_MEASURE, dst)
    return {"src": src, "dst": dst, "action": action, "ms": ms, "ply": ply}
