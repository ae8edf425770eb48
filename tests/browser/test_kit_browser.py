"""The kit in a real browser: Voila serves notebooks/00_tour.ipynb, Debian's Chromium opens it (Playwright),
a dinosaur and a highlighted target are clicked, and the board and the history must change.

Skipped when /usr/bin/chromium or Playwright is missing, except when the CI environment variable is set.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from evo_lab.views.widgets.browser import CHROMIUM, launch_chromium, select_and_play, serve_voila, wait_for_board

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
IMG = ROOT / "docs" / "img"


def _require_browser():
    missing = []
    if not (shutil.which(CHROMIUM) or Path(CHROMIUM).exists()):
        missing.append(f"{CHROMIUM} (apt-get install chromium chromium-driver)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing.append("playwright for Python (pip install playwright)")
    if missing:
        msg = "browser test needs " + " and ".join(missing)
        if os.environ.get("CI"):
            pytest.fail(msg + " - required in CI")
        pytest.skip(msg)


@pytest.fixture(scope="module")
def page():
    _require_browser()
    from playwright.sync_api import sync_playwright

    with serve_voila(ROOT / "notebooks" / "00_tour.ipynb", timeout=60) as url, sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            pg = browser.new_page(viewport={"width": 1400, "height": 1000})
            errors: list[str] = []
            pg.on("pageerror", lambda e: errors.append(str(e)))
            pg.goto(url, timeout=60_000)
            wait_for_board(pg)
            pg.js_errors = errors
            yield pg
        finally:
            browser.close()


def test_tour_board_click_plays_a_move(page):
    board = page.locator(".evo-board-widget").first
    svg_before = board.locator("svg.evo-board").inner_html()
    ply_before = page.eval_on_selector(".evo-board-widget svg.evo-board", "e => e.dataset.ply")
    history_before = page.inner_text(".evo-stepper")
    assert page.locator(".evo-board-widget g.dino").count() == 8  # 4 players x 2 dinosaurs
    assert "to move" in page.inner_text(".evo-board-widget .evo-status")

    # select a dinosaur: its targets light up (screenshot for the README)
    src = page.eval_on_selector(".evo-board-widget g.dino.movable", "e => e.dataset.id")
    page.click(f".evo-board-widget polygon.space[data-id='{src}']")
    page.wait_for_selector(f".evo-board-widget svg[data-selected='{src}'] polygon.highlight", timeout=10_000)
    IMG.mkdir(parents=True, exist_ok=True)
    page.locator(".evo-explorer").first.screenshot(path=str(IMG / "kit_explorer.png"))
    board.screenshot(path=str(IMG / "kit_board_selected.png"))
    n_targets = page.locator(".evo-board-widget polygon.highlight").count()
    assert n_targets >= 1

    # click a highlighted target: the engine plays it, the board and the history change
    played = select_and_play(page)
    assert played is not None
    assert int(played["ply"]) > int(ply_before)
    assert board.locator("svg.evo-board").inner_html() != svg_before
    assert page.locator(f".evo-board-widget g.dino[data-id='{played['dst']}']").count() == 1
    page.wait_for_function(
        "([sel, text]) => document.querySelector(sel).innerText.includes(text)",
        arg=[".evo-stepper", played["action"]], timeout=10_000)
    assert page.inner_text(".evo-stepper") != history_before
    assert played["action"] in page.inner_text(".evo-board-widget .evo-event").replace(" to ", "-") or \
        played["action"].split()[0] in page.inner_text(".evo-board-widget .evo-event")
    assert not page.js_errors, page.js_errors


def test_undo_in_the_browser_restores_the_board(page):
    ply = int(page.eval_on_selector(".evo-board-widget svg.evo-board", "e => e.dataset.ply"))
    page.locator(".evo-stepper button", has_text="Undo").first.click()
    page.wait_for_function(
        "p => document.querySelector('.evo-board-widget svg.evo-board').dataset.ply === String(p)",
        arg=ply - 1, timeout=10_000)
    page.locator(".evo-stepper button", has_text="Redo").first.click()
    page.wait_for_function(
        "p => document.querySelector('.evo-board-widget svg.evo-board').dataset.ply === String(p)",
        arg=ply, timeout=10_000)
    page.locator(".evo-board-widget").first.screenshot(path=str(IMG / "kit_board_after_move.png"))
