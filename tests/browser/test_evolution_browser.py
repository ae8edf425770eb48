"""Evolution's explorer in a real browser (Debian's Chromium through Playwright), in Voila and in JupyterLab 4:
``tests/browser/evolution_explorer.ipynb`` opens an explorer at a real feeding turn; a click on the carnivore of
the player to act selects it (the action list and the Attack tab follow, its prey are marked), a click on a
marked prey plays the attack, the Play button plays the next action; then every tab is measured at 1280x720 and
1920x1080 (``browser.LAYOUT_JS``: no text cut, no table wider than its panel, the board inside its column, its
text never shown under 14 px). The screenshot ``docs/img/kit_evolution.png`` comes from here.

Skipped when /usr/bin/chromium or Playwright is missing, except when the CI environment variable is set.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from evo_lab.views.games.evolution.attack import attack_rows, carnivores
from evo_lab.views.games.evolution.demo import attack_tree
from evo_lab.views.widgets.browser import GAME_BOARD, explorer_page, layout_report, show_tab

from test_kit_browser import IMG, require_browser

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NOTEBOOK = Path(__file__).resolve().parent / "evolution_explorer.ipynb"
TABS = ("Actions", "Attack", "Players", "Story", "Game")
VIEWPORTS = ((1280, 720), (1920, 1080))
BOARD = ".evo-evolution-board"


def _ply(page) -> int:
    return int(page.eval_on_selector(GAME_BOARD, "e => e.dataset.ply"))


def _wait_ply_above(page, ply: int) -> None:
    page.wait_for_function(
        "([sel, p]) => Number(document.querySelector(sel).dataset.ply) > p",
        arg=[GAME_BOARD, ply],
        timeout=15_000,
    )


def _attacker():
    """The notebook's position (the same seeded game) and the carnivore of the player to act that can attack."""
    s = attack_tree(seed=4, players=3).state
    p = s.current_player()
    i = next(i for q, i in carnivores(s) if q == p and any(r.legal for r in attack_rows(s, q, i)))
    return s, p, i


def _click_and_play(page, where: str) -> list[str]:
    problems = []
    s, p, i = _attacker()
    show_tab(page, "Actions")
    ply = _ply(page)
    page.click(f"{BOARD} g.species[data-player='{p}'][data-species='{i}']")
    page.wait_for_selector(f"{BOARD} svg[data-selected='{p}.{i}'] g.species.target", timeout=10_000)
    try:
        page.wait_for_function(
            "t => { const x = document.querySelector('.evo-action-picker').innerText; "
            "return x.includes(t) && x.includes('selected on the board'); }",
            arg=f"P{p + 1}'s species {i + 1} (",
            timeout=10_000,
        )
    except Exception:  # playwright's TimeoutError
        problems.append(f"{where}: the action list does not follow the species selected on the board")
    if where == "voila":
        page.locator(".evo-explorer").first.screenshot(path=str(IMG / "kit_evolution.png"))
    show_tab(page, "Attack")
    attack_text = page.locator(".evo-explorer .evo-attack").first.inner_text()
    if "blocked by" not in attack_text and "possible" not in attack_text:
        problems.append(f"{where}: the Attack tab does not show the selected carnivore's prey")
    prey = page.eval_on_selector(
        f"{BOARD} g.species.target", "e => [e.dataset.player, e.dataset.species, e.dataset.action]"
    )
    page.click(f"{BOARD} g.species.target[data-player='{prey[0]}'][data-species='{prey[1]}']")
    _wait_ply_above(page, ply)
    page.wait_for_function(
        "t => document.querySelector('.evo-stepper .evo-history').innerText.includes(t)",
        arg="attacks",
        timeout=10_000,
    )
    # the Play button of the action list plays its first action
    show_tab(page, "Actions")
    ply = _ply(page)
    play = page.locator(".evo-action-picker button", has_text="Play").first
    if play.is_enabled():
        play.click()
        _wait_ply_above(page, ply)
    else:  # a chance node (a card draw after an extinction): the stepper steps it
        page.locator(".evo-stepper button", has_text="Step").first.click()
        _wait_ply_above(page, ply)
    return problems


def _check_layout(page, where: str) -> list[str]:
    problems = []
    for width, height in VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(600)
        for tab in TABS:
            show_tab(page, tab)
            r = layout_report(page)
            problems += [f"{where} {width}x{height} {tab}: cut {c}" for c in r["cut"]]
        b = r["board"]
        if not b:
            problems.append(f"{where} {width}x{height}: no board measured")
            continue
        if b["width"] > b["column"] + 1:
            problems.append(f"{where} {width}x{height}: board {b['width']:.0f} px wider than its column")
        # issue 20: the table keeps its text readable (never under 14 px) rather than shrinking into the window:
        # a table taller than the window scrolls, its top beside the step controls
        shown = page.evaluate(
            "() => { const t = document.querySelector('.evo-evolution-board svg'); "
            "const k = t.getBoundingClientRect().width / t.viewBox.baseVal.width; "
            "return Math.min(...[...t.querySelectorAll('text')].map(x => "
            "parseFloat(x.getAttribute('font-size')) * k)); }"
        )
        if shown < 13.8:
            problems.append(f"{where} {width}x{height}: the table shows text at {shown:.1f} px")
    return problems


@pytest.mark.parametrize("where", ["voila", "jupyterlab"])
def test_evolution_explorer_click_play_and_layout(where, tmp_path):
    require_browser()
    from playwright.sync_api import sync_playwright

    with (
        sync_playwright() as pw,
        explorer_page(pw, NOTEBOOK, where, tmp_path, board=GAME_BOARD) as (page, errors),
    ):
        page.set_viewport_size({"width": 1400, "height": 1000})
        problems = _click_and_play(page, where)
        problems += _check_layout(page, where)
    assert not problems, "\n".join(problems)
    assert not [e for e in errors if "evo" in e.lower()], errors
