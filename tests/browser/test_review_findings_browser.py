"""What a new-user review of the kit found in a real browser (issue 20's last point), measured in Debian's Chromium
through Playwright:

* JupyterLab 4 at 1440x900 with its file browser open: the Players tab (a card per player) and the tabs with
  tables (Evo 2e's Combat "share of the roll", Origin's Odds) have nothing hidden behind a side scroll or cut
  (:data:`evo_lab.views.widgets.browser.LAYOUT_JS`, which now also reports a description running under its
  control and a part of a tab behind a side scroll); every player card lies inside the inspector's column;
* every notebook the browser tests serve loads nothing from outside the server and logs no JavaScript error;
* the classroom page in Voila at 1920x1080 (Origin, a scenario from the address): no field description runs under
  its control ("Decision", "Variation" were cut), Origin's table fills its column and its status line is sized
  for a projector, the Game tab's menu shows the scenario on the board, nothing is loaded from outside the server
  and no JavaScript error is logged.

Origin's table was drawn 660 px wide whatever its column; in JupyterLab with the file browser open its column is
450-550 px, so part of it was behind a side scroll. It is now laid out for the width its widget reports
(``evo_lab/games/origin/svg.py``, ``table_svg(width=...)``): nothing behind a side scroll, text 14 px or more.

Skipped when /usr/bin/chromium or Playwright is missing, except when the CI environment variable is set.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_kit_browser import IMG, require_browser

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
LOCAL = ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")
SOURCE = {
    "evo2e": 'evo_lab.Explorer(scenario="attack")',
    "origin": 'evo_lab.Explorer("origin", scenario="running")',
}
TABS = {"evo2e": ("Players", "Combat"), "origin": ("Players", "Odds")}

#: Every player card of the visible Players tab against the inspector's column.
CARDS_JS = """() => {
  const right = document.querySelector('.evo-explorer-right').getBoundingClientRect();
  return [...document.querySelectorAll('.evo-player-card')].filter((c) => c.offsetParent !== null).map((c) => {
    const r = c.getBoundingClientRect();
    return {left: r.left, right: r.right, column: [right.left, right.right], inside: r.left >= right.left - 1
            && r.right <= right.right + 1, text: c.innerText.slice(0, 30)};
  });
}"""


def _notebook(folder: Path, game: str) -> str:
    nb = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": "explorer",
                "metadata": {},
                "outputs": [],
                "source": f"import evo_lab\n\nex = {SOURCE[game]}\nex",
            }
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    name = f"review_{game}.ipynb"
    (folder / name).write_text(json.dumps(nb), encoding="utf-8")
    return name


@pytest.fixture(scope="module")
def browser():
    """One Chromium for the module (Playwright's sync API allows one at a time)."""
    require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = launch_chromium(pw)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="module")
def lab(browser, tmp_path_factory):
    """One JupyterLab server for the module: ``(base url, browser, folder)``."""
    folder = tmp_path_factory.mktemp("review-lab")
    with serve_jupyterlab(folder, log=folder / "lab.log") as url:
        yield url, browser, folder


def _lab_page(lab, game: str):
    url, browser, folder = lab
    page = browser.new_page(viewport={"width": 1440, "height": 900})
    page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(LOCAL) else r.abort())
    run_notebook_in_lab(
        page, url, _notebook(folder, game) + "?reset", board=EVO2E_BOARD if game == "evo2e" else GAME_BOARD
    )
    assert page.locator(".jp-FileBrowser").first.is_visible(), (
        "JupyterLab's file browser is open (its default)"
    )
    page.wait_for_timeout(1000)
    return page


@pytest.mark.parametrize("game", ["evo2e", "origin"])
def test_inspector_tabs_fit_jupyterlab_with_the_file_browser_open(lab, game):
    page = _lab_page(lab, game)
    try:
        problems = []
        for tab in TABS[game]:
            show_tab(page, tab)
            problems += [f"{tab}: {c}" for c in layout_report(page)["cut"]]
            if tab == "Players":
                cards = page.evaluate(CARDS_JS)
                assert len(cards) >= 3, cards
                problems += [
                    f"Players: a card sticks out of the column: {c}" for c in cards if not c["inside"]
                ]
        page.screenshot(path=str(IMG / f"review_lab_{game}_1440x900.png"))
        assert not problems, "\n".join(problems)
    finally:
        page.close()


@pytest.mark.parametrize("game", ["evo2e", "origin"])
def test_board_has_nothing_behind_a_side_scroll_in_jupyterlab(lab, game):
    """The board fits its column (Origin's table is laid out for the width its widget reports: two or three
    animals to a line there, the header wrapped), its text no smaller than 14 px."""
    page = _lab_page(lab, game)
    try:
        board = layout_report(page)["board"]
        assert board["hidden"] == 0, f"{board['hidden']} px of the board behind a side scroll: {board}"
        if game == "origin":
            fonts = page.evaluate(
                "() => [...document.querySelectorAll('.evo-origin-board svg text')]"
                ".map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)"
            )
            assert fonts and min(fonts) >= 13.9, min(fonts)
            page.locator(".evo-origin-board").first.screenshot(
                path=str(IMG / "review_lab_origin_board_1440x900.png")
            )
    finally:
        page.close()


def test_classroom_page_on_a_projector_origin(browser):
    """Voila, 1920x1080, ``?game=origin&scenario=tail_loss``."""
    external: list[str] = []
    errors: list[str] = []

    def route(r):
        if r.request.url.startswith(LOCAL):
            r.continue_()
        else:
            external.append(r.request.url)
            r.abort()

    with serve_voila(PRESENT, timeout=120) as url:
        page = browser.new_page(viewport={"width": 1920, "height": 1080})
        try:
            page.route("**/*", route)
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url + "?game=origin&scenario=tail_loss", timeout=180_000, wait_until="domcontentloaded")
            wait_for_board(page, timeout_ms=180_000, selector=GAME_BOARD)
            page.wait_for_timeout(1500)
            rep = layout_report(page)
            assert not rep["cut"], rep["cut"]  # no description runs under its control
            board = rep["board"]
            assert board["width"] >= 0.95 * board["column"], board  # the table fills its column
            bar = page.evaluate(
                "() => parseFloat(getComputedStyle(document.querySelector("
                "'.evo-origin-board .evo-bar')).fontSize)"
            )
            assert bar >= 20, f"the status line over the table is {bar} px on a projector"
            show_tab(page, "Game")
            menu = page.eval_on_selector(".evo-game-panel select", "s => s.options[s.selectedIndex].text")
            assert menu.replace("\xa0", " ") == "Tail Loss sheds a Parasite", menu
            page.screenshot(path=str(IMG / "review_present_origin_1920x1080.png"))
        finally:
            page.close()
    assert not external, external
    assert not errors, errors


@pytest.mark.parametrize(
    "notebook", sorted(p.name for p in Path(__file__).parent.glob("*.ipynb")) + ["00_tour"]
)
def test_browser_notebooks_load_nothing_from_outside_and_log_no_error(browser, notebook):
    """Every notebook the browser tests serve (and the tour) in Voila: each request goes to the server itself (no
    CDN: FontAwesome, MathJax, require.js are served locally by evo-lab's Voila template), and no JavaScript
    error is logged once its widgets are drawn."""
    nb = ROOT / "notebooks" / "00_tour.ipynb" if notebook == "00_tour" else Path(__file__).parent / notebook
    external: list[str] = []
    errors: list[str] = []

    def route(r):
        if r.request.url.startswith(LOCAL):
            r.continue_()
        else:
            external.append(r.request.url)
            r.abort()

    with serve_voila(nb, timeout=120) as url:
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        try:
            page.route("**/*", route)
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url, timeout=180_000, wait_until="domcontentloaded")
            page.wait_for_selector(".jupyter-widgets", timeout=120_000)
            page.wait_for_timeout(3000)
        finally:
            page.close()
    assert not external, external
    assert not errors, errors
