"""The position editor in a real browser, in Voila AND in JupyterLab 4 (Debian's Chromium through Playwright,
``/usr/bin/chromium``): ``tests/browser/position_editor.ipynb`` shows a 2-player editor; two clicks on empty
spaces place two of P1's dinosaurs, a gene typed into its number box (labelled by its printed name, "Horn") adds a horn, and the status line and the
position text follow (the engine rebuilt the position each time). Then the layout at 1280x720: no control is
0 px wide and no label is cut (``evo_lab.views.widgets.browser.LAYOUT_JS``).

Skipped when /usr/bin/chromium or Playwright is missing, except when the CI environment variable is set.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import evo_lab
from evo_lab.views.widgets.browser import explorer_page, layout_report

from test_kit_browser import IMG, require_browser

pytestmark = [pytest.mark.browser, pytest.mark.slow]

HERE = Path(__file__).resolve().parent
NOTEBOOK = HERE / "position_editor.ipynb"
ROOT = ".evo-position-editor"
BOARD = ".evo-pe-board svg polygon.space"

ZERO_WIDTH_JS = """(root) => [...document.querySelector(root).querySelectorAll(
    'input, button, select, textarea, label, .widget-toggle-buttons')]
  .filter((e) => e.offsetParent !== null && e.getBoundingClientRect().width < 1)
  .map((e) => e.tagName + ' ' + (e.innerText || e.value || '').slice(0, 30))"""


def _wait_text(page, selector: str, text: str) -> None:
    page.wait_for_function(
        "([s, t]) => { const e = document.querySelector(s); return e && "
        "(e.innerText + ' ' + [...e.querySelectorAll('textarea')].map(x => x.value).join(' '))"
        ".includes(t); }",
        arg=[selector, text],
        timeout=20_000,
    )


@pytest.mark.parametrize("where", ["voila", "jupyterlab"])
def test_place_two_dinosaurs_and_a_gene_by_clicks(where, tmp_path):
    require_browser()
    from playwright.sync_api import sync_playwright

    start = evo_lab.build_position(players=2)
    free = [start.game.labels[x] for x in range(start.game.n) if start.occupant(x) < 0][:2]
    with sync_playwright() as pw, explorer_page(pw, NOTEBOOK, where, tmp_path, board=BOARD) as (page, errors):
        _wait_text(page, ROOT, "valid position")
        _wait_text(page, ROOT, "P1 2")
        for k, lab in enumerate(free):
            page.locator(f".evo-pe-board polygon.space[data-label='{lab}']").click()
            _wait_text(page, ROOT, f"P1 {3 + k}")
        _wait_text(page, ROOT, "dinos=")
        text = page.locator(f"{ROOT} textarea").first.input_value()
        assert all(lab in text for lab in free), text
        box = page.locator(f"{ROOT} .widget-inline-hbox:has(label:text-is('Horn')) input").first
        box.fill("2")
        box.press("Enter")
        _wait_text(page, ROOT, "horn:2")
        assert "valid position" in page.locator(f"{ROOT} .evo-pe-status").first.inner_text()
        page.locator(ROOT).first.screenshot(path=str(IMG / f"position_editor_{where}.png"))
        zero = page.evaluate(ZERO_WIDTH_JS, ROOT)
        cut = layout_report(page, ROOT)["cut"]
        assert not zero, f"{where}: controls 0 px wide: {zero}"
        assert not cut, f"{where}: cut at 1280x720: {cut}"
        assert not errors, errors
