"""Open the tour notebook in a real JupyterLab 4 with Debian's Chromium, run all cells, and check that the
explorer's board widget draws every space. Prints the count and saves a screenshot.

    .venv/bin/python scripts/check_jupyterlab.py [--shot docs/img/kit_jupyterlab.png]

(The test suite drives the kit in Voila; this script shows the same widgets in JupyterLab.)
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

from evo_lab.views.widgets.browser import free_port, launch_chromium

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--shot", default="/tmp/evo-lab-jupyterlab.png")
    ap.add_argument("--notebook", default="00_tour.ipynb")
    args = ap.parse_args()
    port = free_port()
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}", "--ServerApp.token=",
           "--ServerApp.password=", f"--ServerApp.root_dir={ROOT / 'notebooks'}", "--ServerApp.ip=127.0.0.1"]
    if hasattr(__import__("os"), "geteuid") and __import__("os").geteuid() == 0:
        cmd.append("--allow-root")
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(90):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api", timeout=1)
                break
            except OSError:
                time.sleep(1)
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            page = browser.new_page(viewport={"width": 1500, "height": 1000})
            page.route("**/*", lambda r: r.continue_() if "127.0.0.1" in r.request.url else r.abort())
            page.goto(f"http://127.0.0.1:{port}/lab/tree/{args.notebook}", timeout=120_000)
            page.wait_for_selector(".jp-Notebook", timeout=120_000)
            page.get_by_text("| Idle").first.wait_for(timeout=120_000)  # the kernel is ready
            time.sleep(2)
            page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
            page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
            deadline = time.time() + 180
            n = 0
            while time.time() < deadline:
                n = page.locator(".evo-board-widget polygon.space").count()
                busy = page.locator(".jp-InputArea-prompt", has_text="[*]").count()
                pending = page.locator(".jp-InputArea-prompt", has_text="[ ]").count()
                if n and not busy and not pending:
                    break
                time.sleep(1)
            time.sleep(5)
            board = page.locator(".evo-board-widget").first
            if n:
                board.scroll_into_view_if_needed(timeout=10_000)
            page.screenshot(path=args.shot)
            browser.close()
        print(f"JupyterLab: board widget drew {n} spaces; screenshot {args.shot}")
        return 0 if n > 0 else 1
    finally:
        proc.terminate()
        proc.wait(15)


if __name__ == "__main__":
    sys.exit(main())
