"""Click-to-repaint latency of the kit in a real browser, for every registered game.

Voila serves the classroom page ``evo_lab/views/present.ipynb`` on 127.0.0.1 (each game through the page's address,
``?game=G&players=3``, at its scenario ``attack`` when it has one), Debian's Chromium opens it (Playwright) and the script plays the game by clicking. Each
measurement runs from a click to the first animation frame after the board shows the new position (the click
travels to the kernel, the engine applies the action, the board is redrawn and comes back):

* a click on the board where the game's board plays on a click: Evo 2e's (select a dinosaur, click a highlighted
  target), Evolution's (select a carnivore, click a prey marked "click to attack");
* otherwise a click on the action list's Play button (the list's first action: every game has it).

The game goes on between measurements the same way (a Step click when nothing is offered; not timed).

    .venv/bin/python scripts/bench_latency.py                       # every game, 20 clicks each
    .venv/bin/python scripts/bench_latency.py --game evolution --clicks 30 --json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import evo_lab  # noqa: E402
from evo_lab.views.widgets.browser import (  # noqa: E402
    EVO2E_BOARD,
    GAME_BOARD,
    launch_chromium,
    open_page,
    select_and_play,
    serve_voila,
    wait_for_board,
)

TARGET_MS = 100.0
PRESENT = ROOT / "evo_lab" / "views" / "present.ipynb"

#: The position (its ``?ply``) of the board, whatever the game's board widget: Evo 2e's svg, Evolution's svg,
#: or the default board's drawing.
PLY_JS = """() => { const e = document.querySelector('.evo-explorer .evo-board-widget svg.evo-board, '
  + '.evo-explorer .evo-evolution-board svg, .evo-explorer .evo-origin-board .evo-svg svg, '
  + '.evo-explorer .evo-svg-board [data-ply]');
  return e ? e.getAttribute('data-ply') : null; }"""

#: Click ``selector`` (its first visible match, optionally by text) and time it to the repainted board.
CLICK_JS = """async ([selector, text]) => {
  const ply = () => { const e = document.querySelector('.evo-explorer .evo-board-widget svg.evo-board, '
    + '.evo-explorer .evo-evolution-board svg, .evo-explorer .evo-origin-board .evo-svg svg, '
  + '.evo-explorer .evo-svg-board [data-ply]');
    return e ? e.getAttribute('data-ply') : null; };
  const el = [...document.querySelectorAll(selector)].find((e) => e.offsetParent !== null && !e.disabled
    && (!text || e.innerText.trim() === text));
  if (!el) return null;
  const before = ply();
  const root = document.querySelector('.evo-explorer');
  return await new Promise((resolve, reject) => {
    const timer = setTimeout(() => { obs.disconnect(); reject(new Error('no repaint within 10 s')); }, 10000);
    const obs = new MutationObserver(() => {
      if (ply() !== before) {
        obs.disconnect();
        clearTimeout(timer);
        requestAnimationFrame(() => resolve(performance.now() - t0));
      }
    });
    obs.observe(root, {childList: true, subtree: true, attributes: true});
    const t0 = performance.now();
    el.dispatchEvent(new MouseEvent('click', {bubbles: true}));
  });
}"""


def _evolution_attack(page) -> float | None:
    """Select a carnivore of the player to act that has prey marked, then time the click on a prey."""
    board = ".evo-evolution-board"
    for sp in page.eval_on_selector_all(
        f"{board} g.species", "els => els.map(e => [e.dataset.player, e.dataset.species])"
    ):
        page.click(f"{board} g.species[data-player='{sp[0]}'][data-species='{sp[1]}']")
        page.wait_for_timeout(150)
        if page.locator(f"{board} g.species.target").count():
            return page.evaluate(CLICK_JS, [f"{board} g.species.target", ""])
    return None


def _board_click(page, game: str) -> tuple[str, float] | None:
    """A timed click on the board, where the game's board plays on a click; None when it offers none now."""
    if game == "evo2e":
        done = select_and_play(page)
        return ("board", done["ms"]) if done else None
    if game.startswith("evolution") and page.locator(".evo-evolution-board g.species").count():
        has_attack = page.evaluate(
            "() => [...document.querySelectorAll('.evo-action-picker label')]"
            ".some(l => l.innerText.includes(' attacks '))"
        )
        if has_attack:
            ms = _evolution_attack(page)
            return ("board", ms) if ms is not None else None
    return None


def _has_attack_scenario(game: str) -> bool:
    """Whether ``game`` (this very variant) has a scenario preset named ``attack``."""
    from evo_lab.views.games import view_for
    from evo_lab.views.games.base import registry_id

    view = view_for(game)
    if "attack" not in [i for _t, i in view.scenarios()]:
        return False
    return registry_id(view.scenario("attack").game) == game


def _step(page) -> None:
    before = page.evaluate(PLY_JS)
    page.locator(".evo-stepper button", has_text="Step").first.click()
    page.wait_for_function(f"p => ({PLY_JS})() !== p", arg=before, timeout=15_000)


def measure_game(browser, url: str, game: str, clicks: int, quiet: bool = False) -> dict:
    """``clicks`` timed clicks on ``game``'s classroom page."""
    t0 = time.perf_counter()
    start = "&scenario=attack" if _has_attack_scenario(game) else ""  # a position with an attack to click
    page = open_page(browser, f"{url}?game={game}&players=3&seed=1{start}")
    try:
        wait_for_board(page, selector=EVO2E_BOARD if game == "evo2e" else GAME_BOARD)
        load_s = time.perf_counter() - t0
        times: dict[str, list[float]] = {"board": [], "play": []}
        steps = 0
        while sum(len(v) for v in times.values()) < clicks:
            if page.evaluate(
                "() => !![...document.querySelectorAll('.evo-stepper button')].find(b => "
                "b.innerText.trim() === 'Step' && b.disabled)"
            ):
                break  # the game is over
            done = _board_click(page, game)
            if done is None:
                ms = page.evaluate(CLICK_JS, [".evo-action-picker button", "Play"])
                done = ("play", ms) if ms is not None else None
            if done is None:
                _step(page)
                steps += 1
                if steps > 2000:
                    raise RuntimeError(f"{game}: the game did not offer enough clicks")
                continue
            times[done[0]].append(done[1])
            if not quiet:
                n = sum(len(v) for v in times.values())
                print(f"{game:<22} click {n:3d} ({done[0]}): {done[1]:7.1f} ms", flush=True)
    finally:
        page.close()
    every = times["board"] + times["play"]
    med = statistics.median(every)
    return {
        "game": game,
        "clicks": len(every),
        "board_clicks": len(times["board"]),
        "median_ms": round(med, 1),
        "mean_ms": round(statistics.fmean(every), 1),
        "p90_ms": round(sorted(every)[max(0, int(0.9 * len(every)) - 1)], 1),
        "min_ms": round(min(every), 1),
        "max_ms": round(max(every), 1),
        "board_median_ms": round(statistics.median(times["board"]), 1) if times["board"] else None,
        "target_ms": TARGET_MS,
        "meets_target": med < TARGET_MS,
        "page_load_s": round(load_s, 1),
    }


def measure(games: list[str], clicks: int = 20, quiet: bool = False) -> list[dict]:
    """One Voila server and one browser; ``clicks`` timed clicks per game."""
    from playwright.sync_api import sync_playwright

    with serve_voila(PRESENT) as url, sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            return [measure_game(browser, url, g, clicks, quiet) for g in games]
        finally:
            browser.close()


ORIGIN_NOTEBOOK = ROOT / "tests" / "browser" / "origin_explorer.ipynb"
ORIGIN_SVG = ".evo-origin-board .evo-svg svg"
#: Click ``selector`` and resolve with the milliseconds until the first animation frame after the board's SVG
#: changes its ``data-<key>`` (the new selection, or the new position's ply).
ORIGIN_MEASURE = """async ([selector, key]) => {
  const box = document.querySelector('.evo-origin-board .evo-svg');
  const before = box.querySelector('svg').dataset[key];
  return await new Promise((resolve, reject) => {
    const timer = setTimeout(() => { obs.disconnect(); reject(new Error('no repaint within 10 s')); }, 10000);
    const obs = new MutationObserver(() => {
      const svg = box.querySelector('svg');
      if (svg && svg.dataset[key] !== before) {
        obs.disconnect();
        clearTimeout(timer);
        requestAnimationFrame(() => resolve(performance.now() - t0));
      }
    });
    obs.observe(box, {childList: true, subtree: true, attributes: true});
    const t0 = performance.now();
    document.querySelector(selector).dispatchEvent(new MouseEvent('click', {bubbles: true}));
  });
}"""


def _origin_step(page) -> None:
    before = page.eval_on_selector(ORIGIN_SVG, "e => e.dataset.ply")
    page.locator(".evo-stepper button", has_text="Step").first.click()
    page.wait_for_function(
        "([sel, p]) => document.querySelector(sel).dataset.ply !== p",
        arg=[ORIGIN_SVG, before],
        timeout=15_000,
    )


def _origin_clicks(page, clicks: int, quiet: bool) -> tuple[list[float], list[str]]:
    """Select animals one after the other (and attack a marked prey when there is one); Step between rounds."""
    times: list[float] = []
    actions: list[str] = []
    rounds = 0
    while len(times) < clicks:
        ids = page.eval_on_selector_all(".evo-origin-board g.animal", "els => els.map(e => e.dataset.animal)")
        for aid in ids:
            sel = page.eval_on_selector(ORIGIN_SVG, "e => e.dataset.selected")
            if sel == aid:
                continue
            times.append(
                page.evaluate(
                    ORIGIN_MEASURE, [f".evo-origin-board g.animal[data-animal='{aid}']", "selected"]
                )
            )
            actions.append(f"select animal {aid}")
            prey = page.eval_on_selector_all(
                ".evo-origin-board g.animal.target[data-action]", "els => els.map(e => e.dataset.animal)"
            )
            if prey and len(times) < clicks:
                times.append(
                    page.evaluate(
                        ORIGIN_MEASURE, [f".evo-origin-board g.animal[data-animal='{prey[0]}']", "ply"]
                    )
                )
                actions.append(f"attack animal {prey[0]}")
            if not quiet:
                print(f"click {len(times):3d}: {actions[-1]:<22} {times[-1]:7.1f} ms", flush=True)
            if len(times) >= clicks:
                break
        for _ in range(3):
            _origin_step(page)
        rounds += 1
        if rounds > 400:
            raise RuntimeError("the game did not offer enough board clicks")
    return times, actions


def measure_origin(clicks: int = 20, notebook: Path = ORIGIN_NOTEBOOK, quiet: bool = False) -> dict:
    """The Origin table's click-to-repaint latency (see the module docstring)."""
    from playwright.sync_api import sync_playwright

    from evo_lab.views.widgets.browser import GAME_BOARD

    t0 = time.perf_counter()
    with serve_voila(notebook) as url, sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            page = open_page(browser, url)
            wait_for_board(page, selector=GAME_BOARD)
            load_s = time.perf_counter() - t0
            times, actions = _origin_clicks(page, clicks, quiet)
        finally:
            browser.close()
    return _summary(times, actions, load_s)


def _summary(times: list[float], actions: list[str], load_s: float) -> dict:
    med = statistics.median(times)
    return {
        "clicks": len(times),
        "median_ms": round(med, 1),
        "mean_ms": round(statistics.fmean(times), 1),
        "p90_ms": round(sorted(times)[max(0, int(0.9 * len(times)) - 1)], 1),
        "min_ms": round(min(times), 1),
        "max_ms": round(max(times), 1),
        "target_ms": TARGET_MS,
        "meets_target": med < TARGET_MS,
        "page_load_s": round(load_s, 1),
        "actions": actions,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append", help="a registered game (repeat; default: every one)")
    ap.add_argument("--clicks", type=int, default=20, help="timed clicks per game (default 20)")
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    args = ap.parse_args(argv)
    if args.clicks < 1:
        ap.error("--clicks must be at least 1")
    games = args.game or evo_lab.registered_games()
    unknown = [g for g in games if g not in evo_lab.registered_games()]
    if unknown:
        ap.error(f"unknown game(s) {', '.join(unknown)}; games are {', '.join(evo_lab.registered_games())}")
    res = measure(games, args.clicks, quiet=args.json)
    if args.json:
        print(json.dumps(res, indent=2))
    else:
        for r in res:
            board = (
                f"; board clicks {r['board_clicks']}, median {r['board_median_ms']} ms"
                if r["board_clicks"]
                else ""
            )
            print(
                f"{r['game']:<22} click to repainted board, median of {r['clicks']}: {r['median_ms']} ms (mean "
                f"{r['mean_ms']}, p90 {r['p90_ms']}, max {r['max_ms']}){board}; target < {TARGET_MS:.0f} ms: "
                f"{'met' if r['meets_target'] else 'NOT met'}"
            )
    return 0 if all(r["meets_target"] for r in res) else 1


if __name__ == "__main__":
    raise SystemExit(main())
