"""The Analysis tab of every game and Evo 2e's Combat tab after an attack, in a real browser (Voila, Debian's
Chromium through Playwright, 1280x720), measured and photographed (issue 20, issue 22):

* the Analysis tab: its chart drawn with a green best bar; every text of the tab (the status lines, the chart's
  labels scaled as shown, the "what chance does next" and final score tables) at least 12 px; the chance table's
  rows in words (no notation: no "?" mask, no "chance:" prefix, no snake_case); nothing cut (``LAYOUT_JS``);
* Evo 2e's Combat tab right after an attack: the attack just played shown first, at least 14 px, with the die's
  faces each in a box at least 30 px tall and the rolled face outlined; the board's line for the fight at least
  15 px (20 px tall); the what-if controls named in words; the board's climate letters and space labels at least
  12 px.

Screenshots ``analysis_<game>.png`` and ``combat_after_attack.png`` go beside the other screenshots. Skipped when
/usr/bin/chromium or Playwright is missing, except when the CI environment variable is set.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_kit_browser import IMG, require_browser

import evo_lab
from evo_lab.views.widgets.browser import (
    EVO2E_BOARD,
    GAME_BOARD,
    launch_chromium,
    layout_report,
    serve_voila,
    wait_for_board,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NOTEBOOK = Path(__file__).with_name("analysis_tab.ipynb")
LOCAL = ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")

#: Every visible text of ``root`` with its shown font size (an SVG text scaled by its drawing's scale).
TEXTS_JS = """(root) => {
  const out = [];
  const box = document.querySelector(root);
  if (!box) return out;
  for (const el of box.querySelectorAll('*')) {
    if (!el.getClientRects().length) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || el.closest('style, script, title')) continue;
    let px = parseFloat(getComputedStyle(el).fontSize);
    const svg = el.closest('svg');
    if (svg && svg.viewBox && svg.viewBox.baseVal && svg.viewBox.baseVal.width) {
      const t = el.closest('text');
      const size = parseFloat((t && t.getAttribute('font-size')) || px);
      px = size * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    }
    out.push({text: el.textContent.trim().slice(0, 80), px: Math.round(px * 10) / 10, tag: el.tagName});
  }
  return out;
}"""

BOARD_JS = """() => {
  const svg = document.querySelector('.evo-board-widget svg.evo-board');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const size = (cls) => parseFloat(svg.querySelector('text.' + cls).getAttribute('font-size')) * scale;
  return {glyph: size('evo-glyph'), label: size('evo-label')};
}"""

NOTATION = re.compile(r"(?<!\w)\?(?!\w)|\bchance:|\b[a-z]+_[a-z_]+\b|\b[a-z]+(?:-[a-z]+)*[+-]\d+\b")


def _open(browser, url: str, query: str, board: str):
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    errors: list[str] = []
    page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(LOCAL) else r.abort())
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{url}?{query}", timeout=180_000, wait_until="domcontentloaded")
    wait_for_board(page, timeout_ms=180_000, selector=board)
    return page, errors


def _analysis(page, game: str) -> list[str]:
    problems = []
    page.wait_for_selector(".evo-explorer svg.evo-chart.analysis rect.best", timeout=60_000)
    page.wait_for_timeout(800)
    root = ".evo-explorer-right"
    texts = page.evaluate(TEXTS_JS, root)
    chart = [t for t in texts if t["tag"] in ("text", "tspan")]
    if not chart:
        problems.append(f"{game}: no chart text")
    problems += [f"{game}: text at {t['px']} px: {t['text']!r}" for t in texts if t["px"] < 11.9]
    rows = page.eval_on_selector_all(
        f"{root} table",
        "ts => ts.filter(t => t.innerText.includes('what chance does next'))"
        ".flatMap(t => [...t.querySelectorAll('tr')].slice(1).map(r => r.cells[0].innerText))",
    )
    problems += [f"{game}: notation in the chance table: {r!r}" for r in rows if NOTATION.search(r)]
    problems += [f"{game}: cut {c}" for c in layout_report(page)["cut"]]
    return problems


def test_analysis_tab_of_every_game_in_the_browser(tmp_path):
    require_browser()
    from playwright.sync_api import sync_playwright

    problems: list[str] = []
    tables = 0
    with serve_voila(NOTEBOOK, timeout=120, log=tmp_path / "voila.log") as url, sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            for game in evo_lab.registered_games():
                board = EVO2E_BOARD if game == "evo2e" else GAME_BOARD
                page, errors = _open(browser, url, f"game={game}", board)
                problems += _analysis(page, game)
                tables += page.locator(".evo-explorer-right table", has_text="what chance does next").count()
                problems += [f"{game}: page error {e[:200]}" for e in errors]
                page.screenshot(path=str(IMG / f"analysis_{game}.png"))
                page.close()
        finally:
            browser.close()
    assert not problems, "\n".join(problems)
    assert tables >= 3  # most positions have a chance event next


def test_evo2e_combat_tab_after_an_attack_in_the_browser(tmp_path):
    require_browser()
    from playwright.sync_api import sync_playwright

    with serve_voila(NOTEBOOK, timeout=120, log=tmp_path / "voila.log") as url, sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            page, errors = _open(browser, url, "case=combat", EVO2E_BOARD)
            page.wait_for_selector(".evo-combat .evo-last-fight", timeout=60_000)
            page.wait_for_timeout(500)
            page.screenshot(path=str(IMG / "combat_after_attack.png"))
            fight = page.locator(".evo-combat .evo-last-fight").first
            text = fight.inner_text()
            assert "The attack just played" in text and "The combat die showed" in text, text
            assert float(fight.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 14
            faces = page.eval_on_selector_all(
                ".evo-combat .evo-last-fight .evo-face",
                "els => els.map(e => [e.getBoundingClientRect().height, e.classList.contains('rolled'), "
                "parseFloat(getComputedStyle(e).fontSize)])",
            )
            assert len(faces) == 6 and sum(r for _h, r, _f in faces) == 1, faces
            assert all(h >= 30 and f >= 13 for h, _r, f in faces), faces
            assert fight.bounding_box()["y"] < 720  # in view with the tab, not below the what-if
            strip = page.locator(".evo-board-widget .evo-event").first  # the board's line for the fight
            box = strip.bounding_box()
            px = float(strip.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
            assert box["height"] >= 20 and px >= 15 and "attacks" in strip.inner_text(), (box, px)
            options = page.eval_on_selector_all(
                ".evo-combat select option", "els => els.map(e => e.textContent)"
            )
            assert options and not any("sliders" in o for o in options), options
            sizes = page.evaluate(BOARD_JS)
            assert sizes["glyph"] >= 12 and sizes["label"] >= 12, sizes
            assert not [c for c in layout_report(page)["cut"]]
            assert not errors, errors
        finally:
            browser.close()
