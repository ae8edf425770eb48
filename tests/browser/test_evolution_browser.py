"""Evolution's explorer in a real browser (Debian's Chromium through Playwright), in Voila and in JupyterLab 4:
``tests/browser/evolution_explorer.ipynb`` opens an explorer at a real feeding turn; a click on the carnivore of
the player to act selects it (the action list and the Attack tab follow, its prey are marked), a click on a
marked prey plays the attack, the Play button plays the next action; then every tab is measured at 1280x720 and
1920x1080 (``browser.LAYOUT_JS``: no text cut, no table wider than its panel, the board inside its column, its
text never shown under 14 px; the table spans its column, and at 1920x1080 it is zoomed up to fill its box).
A Climate game (scenario ``climate_cold``) is checked the same way and its track must be labelled. The screenshot ``docs/img/kit_evolution.png`` comes from here.

Skipped when /usr/bin/chromium or Playwright is missing, except when the CI environment variable is set.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from evo_lab.views.games.evolution.attack import attack_rows, carnivores
from evo_lab.views.games.evolution.demo import attack_tree
from evo_lab.views.widgets.browser import GAME_BOARD, explorer_page, layout_report, show_tab

from test_kit_browser import IMG, require_browser

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NOTEBOOK = Path(__file__).resolve().parent / "evolution_explorer.ipynb"
CLIMATE_NOTEBOOK = Path(__file__).resolve().parent / "evolution_climate_explorer.ipynb"
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


#: Pairs of species boards whose shown rectangles intersect (the review saw P2's boards on P1's and P3's).
OVERLAP_JS = """(board) => {
  const r = [...document.querySelectorAll(board + ' g.species > rect:first-of-type')].map((x) => x.getBoundingClientRect());
  const out = [];
  for (let i = 0; i < r.length; i++) for (let j = i + 1; j < r.length; j++) {
    const a = r[i], b = r[j];
    if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
      out.push([i, j]);
  }
  return out;
}"""


def _check_layout(page, where: str) -> list[str]:
    problems = []
    # JupyterLab in a narrow window too (its file browser open at 1280x720 leaves the board ~420-550 px)
    for width, height in VIEWPORTS + (((1000, 720),) if where == "jupyterlab" else ()):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(600)
        for tab in TABS:
            show_tab(page, tab)
            r = layout_report(page)
            problems += [f"{where} {width}x{height} {tab}: cut {c}" for c in r["cut"]]
        overlaps = page.evaluate(OVERLAP_JS, BOARD)
        if overlaps:
            problems.append(f"{where} {width}x{height}: species boards overlap: {overlaps}")
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
        problems += _fills(page, f"{where} {width}x{height}", width)
    return problems


#: The table against its box: its shown size, its column's width and the room below its top in the window.
FILL_JS = """(board) => {
  const svg = document.querySelector(board + ' .evo-svg svg');
  const r = svg.getBoundingClientRect();
  const col = svg.closest('.evo-game-board').getBoundingClientRect();
  return {width: r.width, height: r.height, column: col.width, room: innerHeight - Math.max(0, r.top),
          zoom: parseFloat(svg.dataset.zoom || '1')};
}"""


def _fills(page, name: str, width: int) -> list[str]:
    """Issue 20: the table uses the shared board box and fills it: at every size it spans its column (no empty
    strip beside it, as the review saw at 1280x720); on a projector (1920x1080) it is zoomed up and fills the
    room below its top in the window too, or its whole column."""
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_timeout(300)
    f = page.evaluate(FILL_JS, BOARD)
    problems = []
    if f["width"] < f["column"] - 14:
        problems.append(
            f"{name}: the table ({f['width']:.0f} px) leaves a strip in its column ({f['column']:.0f})"
        )
    # zoomed up where the column is a projector's (Voila: 1127 px); JupyterLab's notebook column at 1920x1080
    # (~810 px) is filled across at zoom 1 when the table is as tall as the room below its top
    if width >= 1900 and (
        (f["zoom"] <= 1.05 and f["column"] >= 1000)
        or (f["height"] < 0.8 * f["room"] and f["width"] < f["column"] - 14)
    ):
        problems.append(f"{name}: the table does not fill its box on a projector: {f}")
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


#: The Climate track's spaces as shown: each space's texts and its smallest shown font size (px).
TRACK_JS = """(board) => {
  const svg = document.querySelector(board + ' .evo-svg svg');
  const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return [...svg.querySelectorAll('g.climate-zone')].map((g) => ({
    position: g.dataset.position, here: g.classList.contains('here'),
    title: (g.querySelector('title') || {}).textContent || '',
    texts: [...g.querySelectorAll('text')].map((t) => t.textContent),
    font: Math.min(...[...g.querySelectorAll('text')].map((t) => parseFloat(t.getAttribute('font-size')) * k))}));
}"""


def test_climate_explorer_track_labelled_and_table_fills(tmp_path):
    """Evolution: Climate in Voila at 1280x720 and 1920x1080: the track's nine spaces, one line, each with its
    plant food and its name and both scales on hover (the marker's space marked), the species boards on the
    first screen, no text of the table under 14 px, the Attack tab says no carnivore can attack, the status line lists only what
    is offered, the table spans its column and fills its box on a projector; every tab is measured (nothing cut)."""
    require_browser()
    from playwright.sync_api import sync_playwright

    problems: list[str] = []
    with (
        sync_playwright() as pw,
        explorer_page(pw, CLIMATE_NOTEBOOK, "voila", tmp_path, board=GAME_BOARD) as (page, errors),
    ):
        for width, height in VIEWPORTS:
            name = f"climate {width}x{height}"
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(1500)
            zones = page.evaluate(TRACK_JS, BOARD)
            names = [z["title"].split(":")[0] for z in zones]  # the compact track: names on hover
            if names != [
                "Ice Age",
                "Frigid",
                "Cold",
                "Cool",
                "Temperate",
                "Warm",
                "Hot",
                "Sweltering",
                "Scorching",
            ]:
                problems.append(f"{name}: the track's spaces are not named: {names}")
            if [z["position"] for z in zones if z["here"]] != ["-2"]:
                problems.append(f"{name}: the marker's space is not marked on Cold")
            if (
                not all(re.search(r"[+-]\d", " ".join(z["texts"])) for z in zones)
                or not all("position" in z["title"] and "plant food" in z["title"] for z in zones)
                or min(z["font"] for z in zones) < 13.8
            ):
                problems.append(
                    f"{name}: a space does not show its plant food (or its title both scales), or in text "
                    f"under 14 px: {zones}"
                )
            # the review: at 1280x720 the track pushed the species boards to the bottom edge of the classroom
            # page (the explorer at its top); measured from the explorer's top (this notebook has a title above)
            page.evaluate("() => window.scrollTo(0, 0)")
            top = page.evaluate(
                "(b) => Math.min(...[...document.querySelectorAll(b + ' g.species')]"
                ".map((g) => g.getBoundingClientRect().top)) - "
                "document.querySelector('.evo-explorer').getBoundingClientRect().top",
                BOARD,
            )
            if top > height - 170:
                problems.append(
                    f"{name}: the first species board starts {top:.0f} px below the explorer's top"
                )
            status = page.locator(f"{BOARD} .evo-bar").first.inner_text()
            if not status.startswith("P3 to play a card (a trait, a new species") or "feed" in status:
                problems.append(f"{name}: status line {status!r}")
            problems += _fills(page, name, width)
            for tab in TABS + ("Climate",):
                show_tab(page, tab)
                problems += [f"{name} {tab}: cut {c}" for c in layout_report(page)["cut"]]
                if tab == "Attack":  # no carnivore on this table: a sentence, no empty dropdown nor button
                    attack = page.locator(".evo-explorer .evo-attack").first
                    if "No carnivore can attack now" not in attack.inner_text():
                        problems.append(f"{name}: the Attack tab does not say no carnivore can attack")
                    if attack.locator("button", has_text="Attack").first.is_visible():
                        problems.append(f"{name}: the Attack tab shows an Attack button with no carnivore")
            climate = page.locator(".evo-explorer .evo-climate-panel").first.inner_text()
            if "docs/" in climate or "R16" in climate or "Evolution: Climate rules" not in climate:
                problems.append(f"{name}: the Climate tab does not cite the rulebook by name")
            if width == 1920:
                page.locator(".evo-explorer").first.screenshot(path=str(IMG / "kit_evolution_climate.png"))
    assert not problems, "\n".join(problems)
    assert not [e for e in errors if "evo" in e.lower()], errors
