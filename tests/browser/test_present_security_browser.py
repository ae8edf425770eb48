"""The classroom page as a visitor's browser shows it (issue 18; Debian's Chromium through Playwright): a bad
address (``?game=bogus``, ``?scenario=/etc/passwd``) is one line of text and no traceback, and the Game tab of a
good one has no box that names a server file (only upload and download).

Skipped when /usr/bin/chromium or Playwright is missing, except when the CI environment variable is set.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_kit_browser import require_browser

from evo_lab.views.widgets.browser import EVO2E_BOARD, launch_chromium, serve_voila, show_tab, wait_for_board

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "evo_lab" / "views" / "present.ipynb"


def _page(browser, url: str):
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.route(
        "**/*",
        lambda r: (
            r.continue_()
            if r.request.url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:"))
            else r.abort()
        ),
    )
    page.goto(url, timeout=180_000, wait_until="domcontentloaded")
    return page


def test_bad_addresses_show_one_line_and_the_game_tab_names_no_server_file(tmp_path):
    require_browser()
    from playwright.sync_api import sync_playwright

    problems: list[str] = []
    with serve_voila(NOTEBOOK, timeout=90, log=tmp_path / "voila.log") as url, sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            for query, words in (
                ("?game=bogus", "game 'bogus': not a game of this page"),
                ("?scenario=/etc/passwd", "scenario '/etc/passwd': not a scenario of evo2e"),
            ):
                page = _page(browser, url + query)
                page.wait_for_selector(".evo-present-error", timeout=120_000)
                message = page.locator(".evo-present-error").inner_text()
                shown = page.locator("body").inner_text()
                if message.count("\n") or not message.startswith("This page cannot open: " + words):
                    problems.append(f"{query}: the message is not one line naming the choice: {message!r}")
                if "Traceback" in shown or "Error" in shown.replace(message, ""):
                    problems.append(f"{query}: the page shows more than the message: {shown[:500]!r}")
                page.close()
            page = _page(browser, url + "?game=evo2e")
            wait_for_board(page, timeout_ms=180_000, selector=EVO2E_BOARD)
            show_tab(page, "Game")
            boxes = page.eval_on_selector_all(
                ".evo-game-panel input[type=text]",
                "els => els.filter(e => e.offsetParent !== null).map(e => e.placeholder)",
            )
            if any("game.json" in b or "path" in b for b in boxes):
                problems.append(f"the Game tab shows a box for a server file: {boxes}")
            if not page.locator(".evo-game-panel .widget-upload").first.is_visible():
                problems.append("the Game tab has no upload button")
            page.close()
        finally:
            browser.close()
    assert not problems, "\n".join(problems)
