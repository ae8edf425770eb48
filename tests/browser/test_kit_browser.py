"""The kit in a real browser: Voila serves notebooks/00_tour.ipynb, Debian's Chromium opens it (Playwright),
a dinosaur and a highlighted target are clicked, and the board and the history must change.

Skipped when /usr/bin/chromium or Playwright is missing, except when the CI environment variable is set.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from evo_lab.views.widgets.browser import (
    CHROMIUM,
    launch_chromium,
    open_page,
    select_and_play,
    serve_voila,
    wait_for_board,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
# Screenshots go to docs/img/ (shown in the README) when EVO_UPDATE_SCREENSHOTS=1, else to a temporary folder,
# so that running the tests does not rewrite tracked files.
IMG = (
    ROOT / "docs" / "img"
    if os.environ.get("EVO_UPDATE_SCREENSHOTS")
    else Path(os.environ.get("TMPDIR", "/tmp")) / "evo-lab-screenshots"
)
IMG.mkdir(parents=True, exist_ok=True)


def require_browser():
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
    require_browser()
    from playwright.sync_api import sync_playwright

    with serve_voila(ROOT / "notebooks" / "00_tour.ipynb", timeout=60) as url, sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            errors: list[str] = []
            browser.on("disconnected", lambda _b: errors.append("browser disconnected"))
            pg = open_page(browser, url)
            pg.on("pageerror", lambda e: errors.append(str(e)))
            wait_for_board(pg)
            pg.js_errors = errors
            yield pg
        finally:
            browser.close()


def test_tour_in_chromium(page):
    """One test (one Voila server, one browser) so that ``pytest -n 2`` does not start two of each."""
    _click_plays_a_move(page)
    _hover_tooltip(page)
    _undo_redo(page)
    _climate_tab(page)
    assert not page.js_errors, page.js_errors


def _click_plays_a_move(page):
    board = page.locator(".evo-board-widget").first
    svg_before = board.locator("svg.evo-board").inner_html()
    ply_before = page.eval_on_selector(".evo-board-widget svg.evo-board", "e => e.dataset.ply")
    history_before = page.inner_text(".evo-stepper")
    # the tour may play on to a legal attack before this runs: no clan falls below 2, so at least 4 x 2 dinosaurs
    assert page.locator(".evo-board-widget g.dino").count() >= 8
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
    kind, arg = played["action"].split()
    src_label, dst_label = arg.replace("x", "-").split("-")
    words = {"move": "moves", "wings": "flies", "flippers": "swims", "attack": "attacks"}[kind]
    # the history says who did what, in words: "20. P3 moves from D7 to D6"
    page.wait_for_function(
        "([sel, a, b]) => { const t = document.querySelector(sel).innerText; return t.includes(a) && t.includes(b); }",
        arg=[
            ".evo-stepper .evo-history",
            f"{words} from {src_label}" if kind != "attack" else words,
            dst_label,
        ],
        timeout=10_000,
    )
    assert page.inner_text(".evo-stepper") != history_before
    event = page.inner_text(".evo-board-widget .evo-event")
    assert event.startswith("P") and dst_label in event  # e.g. "P3 moves from D7 to D6"


def _hover_tooltip(page):
    sid = page.eval_on_selector(".evo-board-widget g.dino", "e => e.dataset.id")
    page.hover(f".evo-board-widget polygon.space[data-id='{sid}']")
    tip = page.locator(".evo-board-widget .evo-tip").first
    tip.wait_for(state="visible", timeout=5_000)
    text = tip.inner_text()
    label = page.eval_on_selector(f".evo-board-widget polygon.space[data-id='{sid}']", "e => e.dataset.label")
    climate = page.eval_on_selector(
        f".evo-board-widget polygon.space[data-id='{sid}']", "e => e.dataset.climate"
    )
    assert label in text and climate in text and ("coastal" in text or "inland" in text)
    assert "dinosaur of P" in text
    page.mouse.move(0, 0)


def _undo_redo(page):
    ply = int(page.eval_on_selector(".evo-board-widget svg.evo-board", "e => e.dataset.ply"))
    page.locator(".evo-stepper button", has_text="Undo").first.click()
    page.wait_for_function(
        "p => document.querySelector('.evo-board-widget svg.evo-board').dataset.ply === String(p)",
        arg=ply - 1,
        timeout=10_000,
    )
    page.locator(".evo-stepper button", has_text="Redo").first.click()
    page.wait_for_function(
        "p => document.querySelector('.evo-board-widget svg.evo-board').dataset.ply === String(p)",
        arg=ply,
        timeout=10_000,
    )
    page.locator(".evo-board-widget").first.screenshot(path=str(IMG / "kit_board_after_move.png"))


def _climate_tab(page):
    page.locator(
        ".evo-explorer .lm-TabBar-tab, .evo-explorer .p-TabBar-tab", has_text="Climate"
    ).first.click()
    panel = page.locator(".evo-explorer .evo-climate").first
    panel.locator("svg.evo-wheel").wait_for(timeout=10_000)
    assert panel.locator("svg.evo-wheel path.sector").count() == 24
    # the charts are SVG in HTML widgets (no Output widget: see test_voila_loads.py)
    assert panel.locator("svg.evo-heatmap rect.cell").count() >= 6
    assert panel.locator("svg.evo-bars rect.bar").count() >= 1
    assert panel.locator(".evo-wheel-legend").count() == 1
    page.set_viewport_size({"width": 1400, "height": 2000})  # the whole tab in one painted screen
    page.wait_for_timeout(500)
    panel.screenshot(path=str(IMG / "kit_climate.png"))
    page.set_viewport_size({"width": 1400, "height": 1000})
