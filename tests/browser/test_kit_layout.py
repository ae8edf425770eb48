"""Layout of the explorer in a real browser, in Voila AND in JupyterLab 4, at 1280x720 and 1920x1080 (and 1500x900): every
inspector tab is opened and measured in the page (``evo_lab.views.widgets.browser.LAYOUT_JS``): no label, button,
dropdown or table cell is cut (text wider than its box, or an ellipsis), no table is wider than its panel, the
combat tab's horn sliders have a usable track, the climate wheel's section numbers do not overlap the chances
printed beside them and the rings have a legend, and at 1280x720 the whole board fits in the window.

Skipped when /usr/bin/chromium or Playwright is missing, except when the CI environment variable is set.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from evo_lab.views.widgets.browser import explorer_page, layout_report, show_tab

from test_kit_browser import IMG, require_browser

pytestmark = [pytest.mark.browser, pytest.mark.slow]

HERE = Path(__file__).resolve().parent
NOTEBOOK = HERE / "kit_layout.ipynb"
TABS = ("Actions", "Combat", "Climate", "Auction", "Players", "Story", "Game")
#: The two screens teachers use, and 1500x900, where JupyterLab (file browser open) squeezes the inspector
#: column beside the board: the width at which the horn sliders used to shrink to nothing.
VIEWPORTS = ((1280, 720), (1500, 900), (1920, 1080))


#: What each tab must say at the layout notebook's position (round 2, movement, an attack picked in Combat).
CONTENT = {
    "Actions": "to move",
    "Combat": "the attack succeeds with",
    "Climate": "What if the next token is",
    "Auction": "Last auction",
    "Players": "movement points",
    "Story": "Round 2 so far",
    "Game": "Load reads the file if a path is given",
}


def _check_content(page, where: str) -> list[str]:
    """Each tab shows what it is for, in the browser (the Python tests check the same logic)."""
    problems = []
    for tab, needle in CONTENT.items():
        show_tab(page, tab)
        text = page.locator(".evo-explorer .widget-tab-contents").first.inner_text()
        if needle not in text:
            problems.append(f"{where} {tab}: {needle!r} not shown")
    show_tab(page, "Actions")
    src = page.eval_on_selector(".evo-board-widget g.dino.movable", "e => e.dataset.id")
    page.click(f".evo-board-widget polygon.space[data-id='{src}']")
    label = page.eval_on_selector(f".evo-board-widget polygon.space[data-id='{src}']", "e => e.dataset.label")
    try:
        page.wait_for_function(
            "t => document.querySelector('.evo-action-picker').innerText.includes(t)",
            arg=f"dinosaur on {label} selected on the board",
            timeout=10_000,
        )
    except Exception:  # playwright's TimeoutError
        problems.append(f"{where}: the action list does not follow the dinosaur selected on {label}")
    page.click(f".evo-board-widget polygon.space[data-id='{src}']")  # deselect
    return problems


def _check_layout(page, where: str) -> list[str]:
    problems = _check_content(page, where)
    for width, height in VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(600)
        for tab in TABS:
            show_tab(page, tab)
            r = layout_report(page)
            for c in r["cut"]:
                problems.append(f"{where} {width}x{height} {tab}: cut {c}")
            if tab == "Combat":
                if len(r["sliders"]) != 2 or min(r["sliders"]) < 80:
                    problems.append(f"{where} {width}x{height}: horn slider tracks {r['sliders']} px")
            if tab == "Climate":
                if r["wheelOverlap"]:
                    problems.append(f"{where} {width}x{height}: wheel section label over its chance label")
                if not r["legend"]:
                    problems.append(f"{where} {width}x{height}: the wheel's rings have no legend")
        b = r["board"]
        if b["width"] > b["column"] + 1:
            problems.append(
                f"{where} {width}x{height}: board {b['width']:.0f} px wider than its column {b['column']:.0f}"
            )
        if (width, height) == (1280, 720) and b["height"] > height:
            problems.append(f"{where} 1280x720: the board is {b['height']:.0f} px high, the window {height}")
        if (width, height) == (1280, 720):
            show_tab(page, "Combat")
            page.locator(".evo-board-widget").first.scroll_into_view_if_needed()
            page.screenshot(path=str(IMG / f"kit_{where}_1280x720.png"))
    return problems


@pytest.mark.parametrize("where", ["voila", "jupyterlab"])
def test_explorer_fits_and_no_label_is_cut(where, tmp_path):
    require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw, explorer_page(pw, NOTEBOOK, where, tmp_path) as (page, errors):
        problems = _check_layout(page, where)
    assert not problems, "\n".join(problems)
    assert not [e for e in errors if "evo" in e.lower()], errors
