"""The Origin of Species explorer in a real browser (Debian's Chromium through Playwright) in Voila (and JupyterLab 4)
at 1280x720:
``tests/browser/origin_explorer.ipynb`` opens an explorer at a real feeding turn (seeded lively play); a click on
the carnivore of the player to act selects it: its prey are marked on the table with the chance the attack eats
them, and under the table the exact odds of each outcome appear (eaten, runs away, drops a trait). Every text of
the table and of the odds is at least 14 px, and no menu is shown empty. At 1920x1080 the table fills its column
and its text and the words under it grow. A click on a marked prey plays the attack; the Odds tab shows the food
bank, the feeding race and the attack tree; no text is cut in any tab. The screenshot ``docs/img/kit_origin.png``
comes from here (with ``EVO_UPDATE_SCREENSHOTS=1``).

Skipped when /usr/bin/chromium or Playwright is missing, except when the CI environment variable is set.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_kit_browser import IMG, require_browser

from evo_lab.views.games.origin.demo import attack_tree, rival_attacks
from evo_lab.views.widgets.browser import GAME_BOARD, explorer_page, layout_report, show_tab

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NOTEBOOK = Path(__file__).resolve().parent / "origin_explorer.ipynb"
BOARD = ".evo-origin-board"
TABS = ("Actions", "Odds", "Players", "Story", "Game")

#: The smallest rendered font size (px) of every text of the board's SVG (its font-size times the drawing's
#: scale) and of the HTML under it.
FONTS_JS = """(board) => {
  const root = document.querySelector(board);
  const svg = root.querySelector('.evo-svg svg');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const sizes = [...svg.querySelectorAll('text')].map((t) => parseFloat(t.getAttribute('font-size')) * scale);
  const html = [...root.querySelectorAll('.evo-origin-info, .evo-origin-info *, .evo-bar')]
    .filter((e) => e.childNodes.length && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
    .map((e) => parseFloat(getComputedStyle(e).fontSize));
  return {svg: Math.min(...sizes), html: Math.min(...html), scale, texts: sizes.length};
}"""


#: Every visible menu (``select``) of the explorer with its number of options: a menu with nothing to choose must
#: never show (the attack inspector says in a sentence why it has no carnivore or no prey).
MENUS_JS = """() => [...document.querySelectorAll('.evo-explorer select')]
  .filter((s) => s.offsetParent !== null && s.getClientRects().length > 0)
  .map((s) => ({options: s.options.length, label: (s.closest('.widget-box, .jupyter-widgets') || s).innerText.slice(0, 80)}))"""

#: How the table uses its box: the drawing's width and bottom against its column and the window, its zoom, the
#: smallest text of the table (px) and the size of the words under it.
FILL_JS = """(board) => {
  const root = document.querySelector(board);
  const svg = root.querySelector('.evo-svg svg');
  const r = svg.getBoundingClientRect();
  const column = root.querySelector('.evo-svg').getBoundingClientRect();
  const scale = r.width / svg.viewBox.baseVal.width;
  const sizes = [...svg.querySelectorAll('text')].map((t) => parseFloat(t.getAttribute('font-size')) * scale);
  return {width: r.width, column: column.width, bottom: r.bottom, window: window.innerHeight, scale,
          smallest: Math.min(...sizes), bar: parseFloat(getComputedStyle(root.querySelector('.evo-bar')).fontSize),
          info: parseFloat(getComputedStyle(root.querySelector('.evo-origin-info')).fontSize)};
}"""


def _menus(page, where: str) -> list[str]:
    problems = []
    for tab in TABS:
        show_tab(page, tab)
        for m in page.evaluate(MENUS_JS):
            if not m["options"]:
                problems.append(f"{where} {tab}: an empty menu is shown ({m['label']!r})")
    show_tab(page, "Odds")
    if not [m for m in page.evaluate(MENUS_JS) if m["options"]]:
        problems.append(
            f"{where}: the attack inspector shows no carnivore menu although carnivores are on the table"
        )
    show_tab(page, "Actions")
    return problems


def _fills(page, where: str, carnivore: int) -> list[str]:
    """At 1920x1080 the table fills its column (and the window's height, or its width when that is what limits
    it), its text grows with it and so do the words under it (not 15 px on a projector); with the carnivore
    selected (its notes on every other animal), the whole table stays in the window."""
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.click(f"{BOARD} g.animal[data-animal='{carnivore}']")  # deselect: the table at rest
    page.wait_for_selector(f"{BOARD} svg[data-selected='0']", timeout=10_000)
    page.wait_for_timeout(1500)
    f = page.evaluate(FILL_JS, BOARD)
    problems = []
    if f["width"] < f["column"] - 24:
        problems.append(f"{where}: the table is {f['width']:.0f} px wide in a column of {f['column']:.0f} px")
    if f["window"] - f["bottom"] > 160 and f["width"] < f["column"] - 24:
        problems.append(f"{where}: {f['window'] - f['bottom']:.0f} px empty under the table")
    if f["scale"] < 1.4 or f["smallest"] < 19:
        problems.append(
            f"{where}: the table is not scaled up (zoom {f['scale']:.2f}, text {f['smallest']:.1f} px)"
        )
    if f["bar"] < 20:
        problems.append(f"{where}: the status line over the table is {f['bar']:.0f} px (too small)")
    page.click(f"{BOARD} g.animal[data-animal='{carnivore}']")
    page.wait_for_selector(f"{BOARD} svg[data-selected='{carnivore}'] g.animal.target", timeout=10_000)
    page.wait_for_timeout(800)
    f = page.evaluate(FILL_JS, BOARD)
    if f["bottom"] > f["window"] + 2:
        problems.append(
            f"{where}: with a carnivore selected the table ends at {f['bottom']:.0f} px, below the window"
        )
    if f["smallest"] < 16 or f["info"] < 16:
        problems.append(
            f"{where}: selected, the table's text is {f['smallest']:.1f} px and the words under it {f['info']:.0f} px"
        )
    return problems


def _ply(page) -> int:
    return int(page.eval_on_selector(GAME_BOARD, "e => e.dataset.ply"))


def _position():
    s = attack_tree(seed=1, players=3).state
    carnivore = rival_attacks(s)[0][1]
    return s, carnivore


def _select(page, carnivore: int) -> list[str]:
    problems = []
    page.click(f"{BOARD} g.animal[data-animal='{carnivore}']")
    page.wait_for_selector(f"{BOARD} svg[data-selected='{carnivore}'] g.animal.target", timeout=10_000)
    info = page.locator(f"{BOARD} .evo-origin-info").first.inner_text()
    for words in ("It may attack", "eaten", "runs away", "drops a trait"):
        if words not in info:
            problems.append(f"the odds under the table lack {words!r}: {info[:300]!r}")
    if "/" not in info and "100%" not in info:
        problems.append(f"no exact odds under the table: {info[:300]!r}")
    chips = page.eval_on_selector_all(f"{BOARD} g.animal.target text", "els => els.map(e => e.textContent)")
    if not any(c.startswith("eaten:") for c in chips):
        problems.append(f"the prey carry no chance of a kill: {chips}")
    picker = page.locator(".evo-action-picker").first.inner_text()
    if "selected on the board" not in picker or "eaten" not in picker:
        problems.append("the action list does not follow the carnivore selected on the board")
    return problems


def _fonts(page, where: str) -> list[str]:
    f = page.evaluate(FONTS_JS, BOARD)
    problems = []
    if f["svg"] < 13.95:
        problems.append(f"{where}: the table's smallest text is {f['svg']:.1f} px (scale {f['scale']:.2f})")
    if f["html"] < 13.95:
        problems.append(f"{where}: the odds' smallest text is {f['html']:.1f} px")
    return problems


def _attack_and_odds_tab(page) -> list[str]:
    problems = []
    ply = _ply(page)
    page.click(f"{BOARD} g.animal.target[data-action]")
    page.wait_for_function(
        "([sel, p]) => Number(document.querySelector(sel).dataset.ply) > p",
        arg=[GAME_BOARD, ply],
        timeout=15_000,
    )
    page.wait_for_function(
        "t => document.querySelector('.evo-stepper .evo-history').innerText.includes(t)",
        arg="attacks",
        timeout=10_000,
    )
    show_tab(page, "Odds")
    odds = page.locator(".evo-explorer .evo-origin-odds").first.inner_text()
    for words in ("red tokens in the bank", "mean", "An attack"):
        if words not in odds:
            problems.append(f"the Odds tab lacks {words!r}")
    page.locator(".evo-origin-odds button", has_text="feeding race").first.click()
    page.wait_for_function(
        "() => document.querySelector('.evo-origin-odds').innerText.includes('survives')", timeout=20_000
    )
    return problems


def _layout(page) -> list[str]:
    problems = []
    for tab in TABS:
        show_tab(page, tab)
        r = layout_report(page)
        problems += [f"1280x720 {tab}: cut {c}" for c in r["cut"]]
    b = r["board"]
    if b and b["width"] > b["column"] + 1:
        problems.append(f"1280x720: board {b['width']:.0f} px wider than its column {b['column']:.0f}")
    return problems


@pytest.mark.parametrize("where", ["voila", "jupyterlab"])
def test_origin_explorer_click_odds_fonts_and_layout(where, tmp_path):
    require_browser()
    from playwright.sync_api import sync_playwright

    _s, carnivore = _position()
    with (
        sync_playwright() as pw,
        explorer_page(pw, NOTEBOOK, where, tmp_path, board=GAME_BOARD) as (page, errors),
    ):
        problems = _select(page, carnivore)
        problems += _fonts(page, f"{where} 1280x720")
        problems += _menus(page, f"{where} 1280x720")
        if (
            where == "jupyterlab"
        ):  # the table, the odds and a text size in JupyterLab too; the pictures from Voila
            problems += _attack_and_odds_tab(page)
            assert not problems, "\n".join(problems)
            return
        page.set_viewport_size({"width": 1280, "height": 1240})  # the whole explorer in one picture
        page.wait_for_timeout(400)
        page.locator(".evo-explorer").first.screenshot(path=str(IMG / "kit_origin.png"))
        show_tab(page, "Odds")
        page.locator(".evo-origin-odds button", has_text="feeding race").first.click()
        page.wait_for_function(
            "() => document.querySelector('.evo-origin-odds').innerText.includes('survives')", timeout=20_000
        )
        page.set_viewport_size({"width": 1280, "height": 1800})
        page.wait_for_timeout(400)
        page.locator(".evo-explorer .evo-origin-odds").first.screenshot(path=str(IMG / "kit_origin_odds.png"))
        show_tab(page, "Actions")
        problems += _fills(page, "voila 1920x1080", carnivore)
        page.set_viewport_size({"width": 1280, "height": 720})
        page.wait_for_timeout(800)
        problems += _attack_and_odds_tab(page)
        problems += _layout(page)
    assert not problems, "\n".join(problems)
    assert not [e for e in errors if "evo" in e.lower() or "origin" in e.lower()], errors
