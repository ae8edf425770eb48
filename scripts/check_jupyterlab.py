"""Open a notebook (default: the tour) in a real JupyterLab 4 with Debian's Chromium, run all cells, and check
that the explorer's board widget draws every space and that its layout holds (no label cut, sliders usable, the
board inside the window). Prints the figures and saves a screenshot.

    .venv/bin/python scripts/check_jupyterlab.py [--shot docs/img/kit_jupyterlab.png] [--size 1280x720]

The notebook runs from a copy in a temporary folder, so the tracked notebook is never saved by JupyterLab.
(``tests/browser/test_kit_layout.py`` makes the same checks in JupyterLab and Voila as tests.)
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from evo_lab.views.widgets.browser import (  # noqa: E402
    launch_chromium,
    layout_report,
    run_notebook_in_lab,
    serve_jupyterlab,
    show_tab,
)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--shot", default="/tmp/evo-lab-jupyterlab.png")
    ap.add_argument("--notebook", default=str(ROOT / "notebooks" / "00_tour.ipynb"))
    ap.add_argument("--size", default="1280x720", help="browser window, WIDTHxHEIGHT")
    args = ap.parse_args()
    width, height = (int(x) for x in args.size.lower().split("x"))
    with tempfile.TemporaryDirectory() as tmp:
        nb = Path(tmp) / Path(args.notebook).name
        shutil.copy(args.notebook, nb)
        with serve_jupyterlab(tmp) as url, sync_playwright() as pw:
            browser = launch_chromium(pw)
            page = browser.new_page(viewport={"width": width, "height": height})
            page.route("**/*", lambda r: r.continue_() if "127.0.0.1" in r.request.url else r.abort())
            run_notebook_in_lab(page, url, nb.name)
            n = page.locator(".evo-board-widget polygon.space").count()
            cut, sliders = [], []
            for tab in ("Actions", "Combat", "Climate", "Auction", "Players", "Story", "Game"):
                show_tab(page, tab)
                r = layout_report(page)
                cut += [f"{tab}: {c}" for c in r["cut"]]
                sliders = r["sliders"] or sliders
            page.locator(".evo-board-widget").first.scroll_into_view_if_needed()
            page.screenshot(path=args.shot)
            browser.close()
    b = r["board"]
    print(
        f"JupyterLab {width}x{height}: board widget drew {n} spaces, {b['width']:.0f}x{b['height']:.0f} px; "
        f"horn sliders {sliders} px; {len(cut)} cut labels; screenshot {args.shot}"
    )
    for c in cut:
        print("  cut:", c)
    return 0 if n > 0 and not cut and b["height"] <= height else 1


if __name__ == "__main__":
    sys.exit(main())
