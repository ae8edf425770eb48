"""The printed-data editor in a real browser, in Voila AND in JupyterLab 4 (Debian's Chromium through Playwright,
``/usr/bin/chromium``): ``tests/browser/data_editor.ipynb`` shows the shipped pack in a ``DataEditor``. On the
*Climate tokens* tab, a negative count typed into a token's box is refused with the field named as the control
names it ("clockwise 2", not the loader's ``tokens.kinds[0].count``) and the pack keeps its values; a valid count is taken, the status line says one value is
entered as printed, and the diff against the shipped values lists it. Then the layout at 1280x720: no control is
0 px wide and no label is cut (``evo_lab.views.widgets.browser.LAYOUT_JS``).

Skipped when /usr/bin/chromium or Playwright is missing, except when the CI environment variable is set.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from evo_lab.views.widgets.browser import explorer_page, layout_report

from test_kit_browser import IMG, require_browser

pytestmark = [pytest.mark.browser, pytest.mark.slow]

HERE = Path(__file__).resolve().parent
NOTEBOOK = HERE / "data_editor.ipynb"
ROOT = ".evo-data-editor"
STATUS = ".evo-de-status"

ZERO_WIDTH_JS = """(root) => [...document.querySelector(root).querySelectorAll('input, button, select, label')]
  .filter((e) => e.offsetParent !== null && e.getBoundingClientRect().width < 1)
  .map((e) => e.tagName + ' ' + (e.innerText || e.value || '').slice(0, 30))"""


def _wait_text(page, selector: str, text: str) -> None:
    page.wait_for_function(
        "([s, t]) => { const e = document.querySelector(s); return e && e.innerText.includes(t); }",
        arg=[selector, text],
        timeout=20_000,
    )


def _token_box(page):
    return page.locator(f"{ROOT} .widget-inline-hbox:has(label:text-is('clockwise 2 (+2)')) input").first


@pytest.mark.parametrize("where", ["voila", "jupyterlab"])
def test_a_token_count_is_checked_by_the_loader_and_entered_as_printed(where, tmp_path):
    require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw, explorer_page(pw, NOTEBOOK, where, tmp_path, board=ROOT) as (page, errors):
        _wait_text(page, STATUS, "Valid pack")
        page.locator(f"{ROOT} .evo-de-tabs").get_by_text("Climate tokens", exact=True).first.click()
        box = _token_box(page)
        box.wait_for(state="visible", timeout=20_000)
        assert box.input_value() == "2"
        box.fill("-1")
        box.press("Enter")
        _wait_text(page, STATUS, "clockwise 2 (climate tokens)")
        said = page.locator(STATUS).first.inner_text()
        assert "Not applied" in said and "tokens.kinds" not in said
        box.fill("3")
        box.press("Enter")
        _wait_text(page, STATUS, "Valid pack")
        _wait_text(page, STATUS, "1 value(s) entered as printed")
        _wait_text(page, ROOT, "13 climate tokens")
        page.locator(ROOT).first.screenshot(path=str(IMG / f"data_editor_{where}.png"))
        zero = page.evaluate(ZERO_WIDTH_JS, ROOT)
        cut = layout_report(page, ROOT)["cut"]
        assert not zero, f"{where}: controls 0 px wide: {zero}"
        assert not cut, f"{where}: cut at 1280x720: {cut}"
        assert not errors, errors
