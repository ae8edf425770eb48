"""Click-to-repaint latency of the board widget in a real browser.

Voila serves ``notebooks/00_tour.ipynb`` on 127.0.0.1, Debian's Chromium opens it (Playwright), and the script
plays moves by clicking the board: select a dinosaur, then click a highlighted target. Each measurement runs from
the click on the target to the first animation frame after the board's SVG shows the new position (the click
travels to the kernel as an action string, the engine applies it, the new snapshot comes back and is drawn).
When the board offers nothing to click (chance nodes, auctions) the stepper's Step button moves the game on;
those steps are not timed.

``--game origin`` measures *The Origin of Species*' table (``tests/browser/origin_explorer.ipynb``): a click on an
animal selects it (the kernel works out what it may do and, for a carnivore, the exact odds of every attack, and
redraws the table with its marks), a click on a marked prey makes the attack; each is timed from the click to the
first animation frame after the table shows the new selection or the new position. The stepper moves the game on
between them (not timed).

    .venv/bin/python scripts/bench_latency.py            # 20 clicks, target: median < 100 ms
    .venv/bin/python scripts/bench_latency.py --clicks 50 --json
    .venv/bin/python scripts/bench_latency.py --game origin
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

from evo_lab.views.widgets.browser import (
    launch_chromium,
    open_page,
    select_and_play,
    serve_voila,
    wait_for_board,
)

TARGET_MS = 100.0


def _ply(page) -> int:
    return int(page.eval_on_selector(".evo-board-widget svg.evo-board", "e => e.dataset.ply"))


def measure(clicks: int = 20, notebook: Path = ROOT / "notebooks" / "00_tour.ipynb", quiet: bool = False) -> dict:
    from playwright.sync_api import sync_playwright

    t0 = time.perf_counter()
    times: list[float] = []
    actions: list[str] = []
    with serve_voila(notebook) as url, sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            page = open_page(browser, url)
            wait_for_board(page)
            load_s = time.perf_counter() - t0
            steps = 0
            while len(times) < clicks:
                done = select_and_play(page)
                if done is None:  # nothing to click: let the stepper move the game on
                    before = _ply(page)
                    page.locator(".evo-stepper button", has_text="Step").first.click()
                    page.wait_for_function(
                        "p => Number(document.querySelector('.evo-board-widget svg.evo-board').dataset.ply) > p",
                        arg=before, timeout=15_000)
                    steps += 1
                    if steps > 2000:
                        raise RuntimeError("the game did not offer enough board clicks")
                    continue
                times.append(done["ms"])
                actions.append(done["action"])
                if not quiet:
                    print(f"click {len(times):3d}: {done['action']:<22} {done['ms']:7.1f} ms", flush=True)
        finally:
            browser.close()
    med = statistics.median(times)
    return {"clicks": len(times), "median_ms": round(med, 1), "mean_ms": round(statistics.fmean(times), 1),
            "p90_ms": round(sorted(times)[max(0, int(0.9 * len(times)) - 1)], 1), "min_ms": round(min(times), 1),
            "max_ms": round(max(times), 1), "target_ms": TARGET_MS, "meets_target": med < TARGET_MS,
            "page_load_s": round(load_s, 1), "actions": actions}


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
    page.wait_for_function("([sel, p]) => document.querySelector(sel).dataset.ply !== p", arg=[ORIGIN_SVG, before],
                           timeout=15_000)


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
            times.append(page.evaluate(ORIGIN_MEASURE, [f".evo-origin-board g.animal[data-animal='{aid}']",
                                                        "selected"]))
            actions.append(f"select animal {aid}")
            prey = page.eval_on_selector_all(".evo-origin-board g.animal.target[data-action]",
                                             "els => els.map(e => e.dataset.animal)")
            if prey and len(times) < clicks:
                times.append(page.evaluate(ORIGIN_MEASURE, [f".evo-origin-board g.animal[data-animal='{prey[0]}']",
                                                            "ply"]))
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
    return {"clicks": len(times), "median_ms": round(med, 1), "mean_ms": round(statistics.fmean(times), 1),
            "p90_ms": round(sorted(times)[max(0, int(0.9 * len(times)) - 1)], 1), "min_ms": round(min(times), 1),
            "max_ms": round(max(times), 1), "target_ms": TARGET_MS, "meets_target": med < TARGET_MS,
            "page_load_s": round(load_s, 1), "actions": actions}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clicks", type=int, default=20, help="board clicks to time (default 20)")
    ap.add_argument("--game", choices=("evo2e", "origin"), default="evo2e",
                    help="the board to time (default evo2e; origin: the Origin of Species table)")
    ap.add_argument("--notebook", type=Path, default=None,
                    help="the notebook to serve (default: notebooks/00_tour.ipynb, or the Origin check notebook)")
    ap.add_argument("--json", action="store_true", help="print the result as JSON")
    args = ap.parse_args(argv)
    if args.clicks < 1:
        ap.error("--clicks must be at least 1")
    if args.game == "origin":
        res = measure_origin(args.clicks, args.notebook or ORIGIN_NOTEBOOK, quiet=args.json)
    else:
        res = measure(args.clicks, args.notebook or ROOT / "notebooks" / "00_tour.ipynb", quiet=args.json)
    if args.json:
        print(json.dumps(res, indent=2))
    else:
        print(f"click to repainted board, median of {res['clicks']}: {res['median_ms']} ms (mean {res['mean_ms']}, "
              f"p90 {res['p90_ms']}, min {res['min_ms']}, max {res['max_ms']}); target < {TARGET_MS:.0f} ms: "
              f"{'met' if res['meets_target'] else 'NOT met'}; page ready in {res['page_load_s']} s")
    return 0 if res["meets_target"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
