"""Every registered game on the screens teachers use (issue 20), in a real browser (Debian's Chromium through
Playwright): the classroom page in Voila at 1280x720 and 1920x1080, the Explorer in JupyterLab 4 at 1280x720 and
1440x900 with its file browser open (its default). At each size, every inspector tab is opened and measured:

* nothing is cut: no text wider than the box that clips it (``browser.LAYOUT_JS``), every tab label whole
  (``scrollWidth <= clientWidth``, its box inside the tab bar), no table cell narrower than its text;
* the board and the step controls are visible together (both boxes inside the window); the inspector's tab bar
  on one line; the action list's Play button inside the window on the classroom page (it has no page scroll),
  reachable by scrolling in JupyterLab; after the stepper's Round button, the history list's current move inside
  its box, and Step and Play still in reach (at 1280x720);
* Evolution's table: no text shown under 14 px (its SVG font size times the table's scale in the page), and on
  the 1920x1080 classroom page the table fills its column's width or the window's height;
* the classroom page is sized for a projector: its status line and action list at least 20 and 17 px at
  1920x1080, the board larger than at 1280x720;
* the page loads nothing from outside the server and logs no JavaScript error.

Screenshots ``screen_<where>_<game>_<w>x<h>.png`` go beside the other screenshots. Skipped when /usr/bin/chromium
or Playwright is missing, except when the CI environment variable is set.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_kit_browser import IMG, require_browser

import evo_lab
from evo_lab.views.widgets.browser import (
    EVO2E_BOARD,
    GAME_BOARD,
    launch_chromium,
    layout_report,
    run_notebook_in_lab,
    serve_jupyterlab,
    serve_voila,
    show_tab,
    wait_for_board,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
PRESENT = ROOT / "evo_lab" / "views" / "present.ipynb"
GAMES = evo_lab.registered_games()
LOCAL = ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")
#: The position each game is shown at: a scenario where the game has one that shows its table full.
QUERY = {
    "evo2e": "scenario=attack",
    "evolution": "scenario=attack",
    "evolution-climate": "scenario=climate_cold",
}
SOURCE = {
    "evo2e": 'evo_lab.Explorer(scenario="attack")',
    "evolution": 'evo_lab.Explorer("evolution", scenario="attack")',
    "evolution-climate": 'evo_lab.Explorer("evolution", scenario="climate_cold")',
}

#: Measures in the page what LAYOUT_JS does not: tab labels, table cells, the board beside the step controls,
#: the shown font size of Evolution's table, the classroom page's fonts.
MEASURE_JS = """() => {
  const visible = (el) => el && el.offsetParent !== null && el.getClientRects().length > 0;
  const box = (el) => { const r = el.getBoundingClientRect(); return {x: r.x, y: r.y, right: r.right, bottom: r.bottom,
                                                                   width: r.width, height: r.height}; };
  const out = {tabs: [], cells: []};
  const bar = document.querySelector('.evo-explorer .lm-TabBar');
  for (const t of document.querySelectorAll('.evo-explorer .lm-TabBar-tabLabel')) {
    const b = box(t), bb = box(bar);
    if (t.scrollWidth > t.clientWidth + 1 || b.right > bb.right + 1 || b.x < bb.x - 1)
      out.tabs.push({label: t.innerText, scroll: t.scrollWidth, client: t.clientWidth});
  }
  for (const c of document.querySelectorAll('.evo-explorer td, .evo-explorer th')) {
    if (visible(c) && c.scrollWidth > c.clientWidth + 1) out.cells.push({text: c.innerText.slice(0, 60),
                                                                           scroll: c.scrollWidth, client: c.clientWidth});
  }
  const svg = document.querySelector('.evo-board-widget svg.evo-board, .evo-game-board .evo-svg svg');
  const step = [...document.querySelectorAll('.evo-stepper button')].find((b) => b.innerText.trim() === 'Step');
  const play = document.querySelector('.evo-action-picker button.mod-primary');
  out.board = svg ? box(svg) : null;
  out.step = step ? box(step) : null;
  out.play = visible(play) ? box(play) : null;
  out.tab_rows = new Set([...document.querySelectorAll('.evo-explorer .lm-TabBar-tab')].filter(visible)
                         .map((t) => Math.round(t.getBoundingClientRect().y))).size;
  const hbox = document.querySelector('.evo-stepper .evo-history-box');
  const cur = hbox && hbox.querySelector('.evo-current');
  out.history = cur ? {box: box(hbox), current: box(cur), text: cur.innerText.slice(0, 60)} : null;
  out.window = {width: innerWidth, height: innerHeight};
  out.column = svg ? box(svg.closest('.evo-explorer-left') || svg.parentElement) : null;
  const table = document.querySelector('.evo-evolution-board svg');
  if (table) {
    const scale = table.getBoundingClientRect().width / table.viewBox.baseVal.width;
    const sizes = [...table.querySelectorAll('text')].map((t) => parseFloat(t.getAttribute('font-size')) * scale);
    out.table = {min_font: Math.min(...sizes), scale};
  }
  const px = (sel) => { const e = document.querySelector(sel); return visible(e) ? parseFloat(getComputedStyle(e).fontSize) : null; };
  out.fonts = {status: px('.evo-stepper .evo-status-main'), choice: px('.evo-choices .widget-radio-box label'),
               tab: px('.evo-explorer .lm-TabBar-tabLabel')};
  return out;
}"""


def _check(page, where: str, game: str, width: int, height: int, present: bool) -> list[str]:
    """Every tab at this size: the problems found."""
    name = f"{where} {game} {width}x{height}"
    problems = []
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_timeout(1500)
    tabs = page.eval_on_selector_all(
        ".evo-explorer .lm-TabBar-tab", "els => els.map(e => e.innerText.trim())"
    )
    for tab in tabs:
        show_tab(page, tab)
        problems += [f"{name} {tab}: cut {c}" for c in layout_report(page)["cut"]]
        m = page.evaluate(MEASURE_JS)
        problems += [f"{name} {tab}: tab label cut {t}" for t in m["tabs"]]
        problems += [f"{name} {tab}: table cell cut {c}" for c in m["cells"]]
    show_tab(page, "Actions")
    page.locator(".evo-explorer").first.scroll_into_view_if_needed()
    page.evaluate("() => document.querySelector('.evo-explorer').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(500)
    m = page.evaluate(MEASURE_JS)
    b, s = m["board"], m["step"]
    if b is None or s is None:
        return problems + [f"{name}: no board or no Step button"]
    if not (0 <= b["y"] < height - 150 and b["x"] >= 0 and b["right"] <= width + 1):
        problems.append(f"{name}: the board {b} is not in the window")
    if not (0 <= s["y"] and s["bottom"] <= height and s["right"] <= width + 1):
        problems.append(f"{name}: the Step button {s} is not in the window with the board")
    problems += _controls(page, m, name, height, present)
    if "table" in m and m["table"]["min_font"] < 13.8:
        problems.append(f"{name}: Evolution's table shows text at {m['table']['min_font']:.1f} px")
    if present and width >= 1900:
        fonts = m["fonts"]
        if (fonts["status"] or 0) < 20 or (fonts["choice"] or 0) < 17:
            problems.append(f"{name}: fonts not sized for a projector: {fonts}")
        room_w, room_h = m["column"]["width"], height - b["y"]
        if b["width"] < 0.85 * room_w and b["height"] < 0.8 * room_h:
            problems.append(f"{name}: the board {b} does not fill its column ({room_w:.0f} px) or the window")
    page.screenshot(path=str(IMG / f"screen_{where}_{game}_{width}x{height}.png"))
    return problems


def _controls(page, m: dict, name: str, height: int, present: bool) -> list[str]:
    """The inspector's tab bar on one line; the action list's Play button in the window (the classroom page has no
    page scroll) or, in JupyterLab, reachable by scrolling the notebook."""
    problems = []
    if m["tab_rows"] != 1:
        problems.append(f"{name}: the inspector's tab bar takes {m['tab_rows']} lines")
    p = m["play"]
    if p is None:
        return problems + [f"{name}: no Play button under the action list"]
    if not present and p["bottom"] > height:
        page.locator(".evo-action-picker button.mod-primary").first.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        p = page.evaluate(MEASURE_JS)["play"]
        page.evaluate("() => document.querySelector('.evo-explorer').scrollIntoView({block: 'start'})")
    if p is None or not (0 <= p["y"] and p["bottom"] <= height):
        problems.append(f"{name}: the Play button {p} cannot be reached (window height {height})")
    return problems


def _after_a_round(page, where: str, game: str, width: int, height: int, present: bool) -> list[str]:
    """Play a whole round with the stepper's Round button: the history list shows the current move (inside its
    box), Step and Play stay in reach, the tab bar stays on one line."""
    name = f"{where} {game} {width}x{height} after Round"
    page.set_viewport_size({"width": width, "height": height})
    show_tab(page, "Actions")
    before = page.evaluate("() => document.querySelector('.evo-stepper .widget-readout').innerText")
    page.locator(".evo-stepper button", has_text="Round").first.click()
    page.wait_for_function(
        "b => document.querySelector('.evo-stepper .widget-readout').innerText !== b",
        arg=before,
        timeout=60_000,
    )
    page.wait_for_timeout(1500)
    page.evaluate("() => document.querySelector('.evo-explorer').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    m = page.evaluate(MEASURE_JS)
    problems = _controls(page, m, name, height, present)
    s, h = m["step"], m["history"]
    if s is None or not (0 <= s["y"] and s["bottom"] <= height):
        problems.append(f"{name}: the Step button {s} is not in the window")
    if h is None:
        problems.append(f"{name}: the history list has no current move")
    elif not (h["box"]["y"] - 1 <= h["current"]["y"] and h["current"]["bottom"] <= h["box"]["bottom"] + 1):
        problems.append(
            f"{name}: the current move {h['current']} ({h['text']!r}) is outside the history box {h['box']}"
        )
    page.screenshot(path=str(IMG / f"screen_{where}_{game}_{width}x{height}_round.png"))
    return problems


def _watch(page, external: list[str], errors: list[str]) -> None:
    def route(r):
        if r.request.url.startswith(LOCAL):
            r.continue_()
        else:
            external.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))


def test_classroom_page_in_voila_every_game(tmp_path):
    """One Voila server on evo_lab/views/present.ipynb (with evo-lab's Voila template); each game through the address."""
    require_browser()
    from playwright.sync_api import sync_playwright

    problems: list[str] = []
    with serve_voila(PRESENT, timeout=120, log=tmp_path / "voila.log") as url, sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            for game in GAMES:
                external: list[str] = []
                errors: list[str] = []
                page = browser.new_page(viewport={"width": 1280, "height": 720})
                _watch(page, external, errors)
                query = f"?game={game}&players=3" + (f"&{QUERY[game]}" if game in QUERY else "")
                page.goto(url + query, timeout=180_000, wait_until="domcontentloaded")
                wait_for_board(
                    page, timeout_ms=180_000, selector=EVO2E_BOARD if game == "evo2e" else GAME_BOARD
                )
                sizes = {}
                for w, h in ((1280, 720), (1920, 1080)):
                    problems += _check(page, "voila", game, w, h, present=True)
                    sizes[w] = page.evaluate(MEASURE_JS)["board"]["width"]
                if sizes[1920] < 1.2 * sizes[1280]:
                    problems.append(f"voila {game}: the board is not scaled up for 1920x1080 ({sizes})")
                problems += _after_a_round(page, "voila", game, 1280, 720, present=True)
                problems += [f"voila {game}: loaded from outside the server: {u}" for u in external]
                problems += [f"voila {game}: console error: {e[:300]}" for e in errors]
                page.close()
        finally:
            browser.close()
    assert not problems, "\n".join(problems)


def _notebook(folder: Path, game: str) -> str:
    lo, hi = evo_lab.game_info(game).min_players, evo_lab.game_info(game).max_players
    source = SOURCE.get(
        game, f"evo_lab.Explorer(evo_lab.make_game({game!r}, players={min(max(lo, 3), hi)}, seed=2))"
    )
    nb = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": "explorer",
                "metadata": {},
                "outputs": [],
                "source": f"import evo_lab\n\nex = {source}\nex",
            }
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    name = f"screen_{game.replace('-', '_')}.ipynb"
    (folder / name).write_text(json.dumps(nb), encoding="utf-8")
    return name


def test_explorer_in_jupyterlab_every_game(tmp_path):
    """One JupyterLab server; a notebook per game; the file browser stays open beside the notebook."""
    require_browser()
    from playwright.sync_api import sync_playwright

    names = {game: _notebook(tmp_path, game) for game in GAMES}
    problems: list[str] = []
    with serve_jupyterlab(tmp_path, log=tmp_path / "lab.log") as url, sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            for game in GAMES:
                external: list[str] = []
                errors: list[str] = []
                page = browser.new_page(viewport={"width": 1280, "height": 720})
                _watch(page, external, errors)
                # ?reset: a fresh workspace, only this notebook open (JupyterLab would reopen the ones before)
                run_notebook_in_lab(
                    page, url, names[game] + "?reset", board=EVO2E_BOARD if game == "evo2e" else GAME_BOARD
                )
                news = page.get_by_role("button", name="No")
                if news.count():
                    news.first.click()
                if not page.locator(".jp-FileBrowser").first.is_visible():
                    problems.append(f"jupyterlab {game}: the file browser is not open")
                for w, h in ((1280, 720), (1440, 900)):
                    problems += _check(page, "jupyterlab", game, w, h, present=False)
                problems += _after_a_round(page, "jupyterlab", game, 1280, 720, present=False)
                problems += [f"jupyterlab {game}: loaded from outside the server: {u}" for u in external]
                problems += [
                    f"jupyterlab {game}: page error: {e[:300]}" for e in errors if "evo" in e.lower()
                ]
                page.close()
        finally:
            browser.close()
    assert not problems, "\n".join(problems)
