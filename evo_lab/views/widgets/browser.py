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
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

__all__ = [
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "explorer_page",
    "EVO2E_BOARD",
    "GAME_BOARD",
    "BrowserSetupError",
    "free_port",
    "LAYOUT_JS",
    "launch_chromium",
    "layout_report",
    "open_page",
    "run_notebook_in_lab",
    "select_and_play",
    "serve_jupyterlab",
    "serve_voila",
    "voila_command",
    "show_tab",
    "wait_for_board",
]

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


class BrowserSetupError(RuntimeError):
    """Voila or Chromium could not be started."""


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def _serve(
    name: str,
    cmd: list[str],
    cwd: Path,
    port: int,
    probe: str,
    timeout: float,
    log: str | Path | None,
    extra_env: dict[str, str] | None = None,
) -> Iterator[str]:
    """Run a server command until it answers on 127.0.0.1:``port`` (``probe``: a path; any HTTP answer counts);
    yield its base URL; always stop it."""
    out = open(log, "w") if log else subprocess.DEVNULL  # noqa: SIM115
    env = dict(os.environ, PYTHONUNBUFFERED="1", **(extra_env or {}))
    proc = subprocess.Popen(
        cmd, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + timeout
        while True:
            if proc.poll() is not None:
                raise BrowserSetupError(f"{name} exited with code {proc.returncode}")
            try:
                with urllib.request.urlopen(url + probe, timeout=2):
                    break
            except OSError as e:
                if getattr(e, "code", None):  # an HTTP error: the server answers
                    break
            if time.monotonic() > deadline:
                raise BrowserSetupError(f"{name} did not answer on {url} within {timeout:.0f} s")
            time.sleep(0.3)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
        if not isinstance(out, int):
            out.close()


def voila_command(nb: Path, port: int, browser: bool = False) -> list[str]:
    """Voila serving notebook ``nb`` (run from its folder) on 127.0.0.1:``port``, no token, with the classroom
    page's limits (no tracebacks in the page, kernels capped and culled: :func:`evo_lab.cli.servers.voila_command`)."""
    from evo_lab.cli.servers import voila_command as command

    return command(nb, port, browser=browser)


@contextlib.contextmanager
def serve_voila(
    notebook: str | Path,
    port: int | None = None,
    timeout: float = 60.0,
    log: str | Path | None = None,
    env: dict[str, str] | None = None,
    token: str = "",
    limits: Any = None,
) -> Iterator[str]:
    """Serve ``notebook`` with Voila on 127.0.0.1 (no browser; no token unless ``token``), with the classroom
    page's ``limits`` (default :class:`evo_lab.cli.servers.PresentLimits`) and ``env`` added to its environment
    (and its kernels'); yields its URL and always stops it."""
    from evo_lab.cli.servers import PresentLimits, private_folder, voila_command, voila_config

    nb = Path(notebook).resolve()
    if not nb.exists():
        raise BrowserSetupError(f"no notebook at {nb}")
    port = port or free_port()
    limits = limits or PresentLimits()
    with private_folder() as folder:
        from evo_lab.views.offline import voila_env

        cmd = voila_command(nb, port, limits, config_dir=voila_config(folder, limits, token))
        env = {**(env or {}), "JUPYTER_PATH": voila_env()["JUPYTER_PATH"]}  # evo-lab's Voila template
        with _serve("voila", cmd, nb.parent, port, "voila/static/", timeout, log, env) as url:
            yield url


def launch_chromium(playwright: Any, executable: str = CHROMIUM) -> Any:
    """Debian's Chromium, headless, with the flags CI needs."""
    if not shutil.which(executable) and not Path(executable).exists():
        raise BrowserSetupError(f"{executable} is missing (apt-get install chromium)")
    return playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS, headless=True)


def open_page(browser: Any, url: str, timeout_ms: int = 120_000) -> Any:
    """A new page on ``url`` that only talks to 127.0.0.1: other requests (CDNs for MathJax, fonts) are aborted
    at once instead of waiting on DNS in an offline CI runner."""
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.route(
        "**/*",
        lambda route: (
            route.continue_()
            if route.request.url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:"))
            else route.abort()
        ),
    )
    # Voila streams the page while it runs the notebook; no retry: a stalled load is a bug to see (it was the
    # Output widget, see tests/browser/test_voila_loads.py)
    page.goto(url, timeout=timeout_ms, wait_until="domcontentloaded")
    return page


#: The drawn board of each game's widget: Evo 2e's hexes, and any other game's board (``.evo-game-board``).
EVO2E_BOARD = ".evo-board-widget svg.evo-board polygon.space"
GAME_BOARD = ".evo-game-board .evo-svg svg"


def wait_for_board(page: Any, timeout_ms: int = 120_000, selector: str = EVO2E_BOARD) -> None:
    """Wait until the board widget has drawn (the notebook has run in the kernel): Evo 2e's hexes, or
    ``selector`` (:data:`GAME_BOARD` for another game's board widget)."""
    page.wait_for_selector(selector, timeout=timeout_ms)
    svg = ".evo-board-widget svg.evo-board" if selector == EVO2E_BOARD else selector
    # the other outputs (plotly charts, tabs) render a moment later and move the board: wait until it stays put
    last = None
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        box = page.locator(svg).first.bounding_box()
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
        f"{board} polygon.highlight", "els => els.map(e => [e.dataset.id, e.dataset.action])"
    )
    if not targets:
        return None
    dst, action = next((t for t in targets if t[1].startswith(prefer)), targets[0])
    ms, ply = page.evaluate(BOARD_JS_MEASURE, dst)
    return {"src": src, "dst": dst, "action": action, "ms": ms, "ply": ply}


# ----------------------------------------------------------------------------- JupyterLab
def _lab_command() -> list[str]:
    exe = Path(sys.executable).with_name("jupyter-lab")
    return (
        [str(exe)]
        if exe.exists()
        else [sys.executable, "-c", "import sys; from jupyterlab.labapp import main; sys.exit(main())"]
    )


def serve_jupyterlab(
    root: str | Path, port: int | None = None, timeout: float = 120.0, log: str | Path | None = None
) -> contextlib.AbstractContextManager[str]:
    """Serve JupyterLab 4 on 127.0.0.1 with ``root`` as its folder (no browser, no token); yields its base URL
    and always stops it. Run notebooks from a copy in a temporary folder: JupyterLab saves what it runs."""
    port = port or free_port()
    root = Path(root).resolve()
    cmd = _lab_command() + [
        "--no-browser",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        f"--ServerApp.root_dir={root}",
        '--ServerApp.jpserver_extensions={"notebook_shim": False}',
        "--LabApp.news_url=",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    return _serve("jupyter-lab", cmd, root, port, "api", timeout, log)


def run_notebook_in_lab(
    page: Any, base_url: str, notebook: str, timeout_s: float = 240.0, board: str = EVO2E_BOARD
) -> None:
    """Open ``notebook`` (a path under the server's root) in JupyterLab, run all its cells from the Run menu and
    wait until every cell has run and the board widget has drawn."""
    page.goto(f"{base_url}lab/tree/{notebook}", timeout=int(timeout_s * 1000))
    page.wait_for_selector(".jp-Notebook", timeout=int(timeout_s * 1000))
    page.get_by_text("| Idle").first.wait_for(timeout=int(timeout_s * 1000))  # the kernel is ready
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        drawn = page.locator(board).count()
        busy = page.locator(".jp-InputArea-prompt", has_text="[*]").count()
        if drawn and not busy:
            break
        page.wait_for_timeout(500)
    else:
        raise TimeoutError(f"{notebook} did not finish running in JupyterLab within {timeout_s:.0f} s")
    wait_for_board(page, selector=board)


@contextlib.contextmanager
def explorer_page(
    playwright: Any, notebook: str | Path, where: str, tmp: str | Path, board: str = EVO2E_BOARD
) -> Iterator[tuple[Any, list[str]]]:
    """Serve ``notebook`` in Voila (``where="voila"``) or JupyterLab 4 (``"jupyterlab"``: a copy in ``tmp``, since
    JupyterLab saves what it runs), open it in Chromium at 1280x720 talking only to 127.0.0.1, run it and wait for
    the ``board``; yields ``(page, page errors)`` and always stops the browser and the server (logs in ``tmp``)."""
    nb, tmp = Path(notebook), Path(tmp)
    server: AbstractContextManager[str]
    if where == "voila":
        server = serve_voila(nb, timeout=90, log=tmp / "voila.log")
    elif where == "jupyterlab":
        shutil.copy(nb, tmp / nb.name)
        server = serve_jupyterlab(tmp, log=tmp / "lab.log")
    else:
        raise ValueError(f"where must be 'voila' or 'jupyterlab', got {where!r}")
    with server as url:
        browser = launch_chromium(playwright)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 720})
            page.route(
                "**/*",
                lambda r: (
                    r.continue_()
                    if r.request.url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:"))
                    else r.abort()
                ),
            )
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            if where == "voila":
                page.goto(url, timeout=180_000, wait_until="domcontentloaded")
                wait_for_board(page, timeout_ms=180_000, selector=board)
            else:
                run_notebook_in_lab(page, url, nb.name, board=board)
            yield page, errors
        finally:
            browser.close()


#: Measures the explorer's layout in the page: labels or cells cut (text wider than its box, or an ellipsis; a
#: description longer than its label's box; part of an inspector tab behind a side scroll), slider tracks, the
#: board's box against the window (``hidden``: px of the board behind a side scroll), and the wheel's labels.
LAYOUT_JS = """(root) => {
  const ex = root ? document.querySelector(root) : document;
  const cut = [];
  const visible = (el) => el.offsetParent !== null && el.getClientRects().length > 0;
  const canvas = document.createElement('canvas').getContext('2d');
  const clipper = (el, t) => {
    // the first ancestor (or the element) that hides part of the text, or null (a scroll box is not a cut)
    for (let a = el; a && a !== document.documentElement; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.overflowX === 'auto' || cs.overflowX === 'scroll') return null;
      if (cs.overflowX !== 'visible' || cs.textOverflow === 'ellipsis') {
        const b = a.getBoundingClientRect();
        if (t.right > b.right + 1 || t.left < b.left - 1) return a;
      }
    }
    return null;
  };
  const walker = document.createTreeWalker(ex, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || seen.has(el) || !n.textContent.trim() || !visible(el) || el.closest('svg, select, style, .evo-tip'))
      continue;
    seen.add(el);
    const range = document.createRange();
    range.selectNodeContents(n);
    const t = range.getBoundingClientRect();
    if (!t.width) continue;
    const a = clipper(el, t);
    if (a) cut.push({what: el.tagName.toLowerCase() + '.' + el.className, text: n.textContent.trim().slice(0, 60),
                     by: a.tagName.toLowerCase() + '.' + String(a.className).slice(0, 60),
                     text_right: Math.round(t.right), box_right: Math.round(a.getBoundingClientRect().right)});
  }
  for (const s of ex.querySelectorAll('select')) {      // a dropdown hidden in part by its column
    if (!visible(s)) continue;
    const a = clipper(s.parentElement, s.getBoundingClientRect());
    if (a) cut.push({what: 'select cut by ' + a.className, text: s.multiple || s.size > 1 ? '(list)' :
                     (s.options[s.selectedIndex] || {text: ''}).text});
  }
  const edge = Math.min(ex.getBoundingClientRect().right, document.documentElement.clientWidth);
  for (const el of ex.querySelectorAll('.widget-inline-hbox, .widget-html, .widget-tab, .widget-box, button, select')) {
    if (!visible(el) || el.closest('.evo-table-wrap, .evo-svg')) continue;
    const r = el.getBoundingClientRect();
    if (r.width && r.right > edge + 1) {
      cut.push({what: 'sticks out of the explorer: ' + el.tagName.toLowerCase() + '.' + String(el.className).slice(0, 50),
                text: (el.innerText || '').trim().slice(0, 40), right: Math.round(r.right), edge: Math.round(edge)});
      break;
    }
  }
  for (const l of ex.querySelectorAll('.widget-label')) {  // a description longer than its box runs under its control
    if (!visible(l) || !l.textContent.trim() || !l.clientWidth) continue;
    if (l.scrollWidth > l.clientWidth + 1)
      cut.push({what: 'label wider than its box', text: l.textContent.trim().slice(0, 40), scroll: l.scrollWidth,
                client: l.clientWidth});
  }
  for (const el of ex.querySelectorAll('.evo-explorer-right *')) {  // part of a tab hidden behind a side scroll
    if (!visible(el) || el.closest('select, textarea, .evo-svg')) continue;
    const ox = getComputedStyle(el).overflowX;
    if ((ox === 'auto' || ox === 'scroll') && el.scrollWidth > el.clientWidth + 1)
      cut.push({what: 'hidden behind a side scroll: ' + el.tagName.toLowerCase() + '.' + String(el.className).slice(0, 50),
                text: (el.innerText || '').trim().slice(0, 40), scroll: el.scrollWidth, client: el.clientWidth});
  }
  for (const th of ex.querySelectorAll('th')) {
    if (!visible(th)) continue;
    const cs = getComputedStyle(th);
    if (parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight) < 6)
      cut.push({what: 'table headers run together', text: th.innerText.slice(0, 40)});
  }
  for (const s of ex.querySelectorAll('select')) {
    if (!visible(s) || s.multiple || s.size > 1 || s.selectedIndex < 0) continue;
    const cs = getComputedStyle(s);
    canvas.font = cs.font;
    const text = s.options[s.selectedIndex].text;
    const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    if (canvas.measureText(text).width > room + 1) cut.push({what: 'select', text, width: canvas.measureText(text).width, room});
  }
  for (const t of ex.querySelectorAll('table')) {
    if (!visible(t)) continue;
    const box = t.closest('.evo-table-wrap') || t.parentElement;
    if (t.scrollWidth > box.clientWidth + 1) cut.push({what: 'table wider than its panel', text: (t.className || ''),
                                                       scroll: t.scrollWidth, client: box.clientWidth});
  }
  const sliders = [...ex.querySelectorAll('.evo-combat .widget-hslider')].filter(visible).map((s) => {
    const track = s.querySelector('.slider-container, .slider');
    return track ? track.getBoundingClientRect().width : 0;
  });
  const svg = document.querySelector('.evo-board-widget svg.evo-board') ||
              document.querySelector('.evo-game-board .evo-svg svg');
  const b = svg ? svg.getBoundingClientRect() : null;
  const col = svg ? svg.closest('.evo-board-widget, .evo-game-board').getBoundingClientRect() : null;
  const labels = [...ex.querySelectorAll('svg.evo-wheel text.section-label')].filter(visible).map((t) => t.getBBox());
  const chances = [...ex.querySelectorAll('svg.evo-wheel text.chance-label')].filter(visible).map((t) => t.getBBox());
  const overlap = labels.some((a) => chances.some((c) => a.x < c.x + c.width && c.x < a.x + a.width
                                                  && a.y < c.y + c.height && c.y < a.y + a.height));
  const scroller = svg ? svg.closest('.evo-svg') : null;  // a board wider than its column scrolls sideways
  const boardHidden = scroller ? Math.max(0, scroller.scrollWidth - scroller.clientWidth) : 0;
  return {cut, sliders, board: b && {width: b.width, height: b.height, right: b.right, column: col.width,
                                     hidden: boardHidden},
          window: {width: innerWidth, height: innerHeight}, wheelOverlap: overlap,
          legend: !!ex.querySelector('.evo-wheel-legend'), explorer: ex.getBoundingClientRect().width};
}"""


def layout_report(page: Any, root: str = ".evo-explorer") -> dict:
    """:data:`LAYOUT_JS` run in ``page`` over the first explorer."""
    return page.evaluate(LAYOUT_JS, root)


def show_tab(page: Any, title: str) -> None:
    """Click the explorer's inspector tab ``title`` and let it draw."""
    page.locator(".evo-explorer .lm-TabBar-tab, .evo-explorer .p-TabBar-tab", has_text=title).first.click()
    page.wait_for_timeout(300)
