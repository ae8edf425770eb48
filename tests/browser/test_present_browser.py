"""The presentation page and the Explorer's export and upload in a real browser (Debian's Chromium through
Playwright): ``evo_lab/views/present.ipynb`` served by Voila (each game through the page's address, ``?game=...``,
which Voila hands to the kernel) and run in JupyterLab 4. Every export button of the Game tab must start a
browser download (``expect_download``) with the right file name and a payload that parses (SVG as XML, PNG by
its signature and size, Markdown and HTML stories, the record as the core envelope); a record file uploaded
through the Game tab's *Open a file* must become the game shown (its move count on the board). At 1280x720 and
1920x1080 the presentation page must fit: the board's box inside the window, no page scroll, no label cut
(``browser.LAYOUT_JS``). Screenshots ``present_<game>_<w>x<h>.png`` go beside the other screenshots.

Skipped when /usr/bin/chromium or Playwright is missing, except when the CI environment variable is set.
"""

from __future__ import annotations

import json
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest

import evo_lab
from evo_lab.core.records import load_record
from evo_lab.core.tree import GameTree
from evo_lab.views.export import export_record
from evo_lab.views.widgets.browser import (
    EVO2E_BOARD,
    GAME_BOARD,
    explorer_page,
    launch_chromium,
    layout_report,
    serve_voila,
    show_tab,
    wait_for_board,
)

from test_kit_browser import IMG, require_browser

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "evo_lab" / "views" / "present.ipynb"
VIEWPORTS = ((1280, 720), (1920, 1080))
BOARDS = {"evo2e": EVO2E_BOARD, "evolution": GAME_BOARD, "origin": GAME_BOARD}
KINDS = ("svg", "png", "markdown", "html", "record")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _check_payload(kind: str, name: str, data: bytes, game: str) -> list[str]:
    """What is wrong with a downloaded file (nothing: [])."""
    try:
        if kind == "svg":
            root = ET.fromstring(data.decode("utf-8").split("\n", 1)[1])
            assert root.tag == "{http://www.w3.org/2000/svg}svg", root.tag
        elif kind == "png":
            assert data[:8] == PNG_SIGNATURE, data[:8]
            w, h = struct.unpack(">II", data[16:24])  # IHDR: drawn at twice the SVG's size
            assert w >= 400 and h >= 300, (w, h)
        elif kind == "markdown":
            text = data.decode("utf-8")
            assert text.startswith("# ") and "Told as seen by" in text, text[:200]
        elif kind == "html":
            text = data.decode("utf-8")
            assert text.startswith("<!DOCTYPE html>") and "<h1>" in text and text.rstrip().endswith("</html>")
        else:
            rec = json.loads(data)
            assert rec["format"] == "evo-lab-record" and rec["game"] == game, rec.get("format")
            load_record(rec)
    except Exception as e:  # noqa: BLE001 - every bad file is listed
        return [f"{name}: {kind} payload does not parse: {e!r}"]
    return []


def _exports(page, game: str, where: str) -> list[str]:
    problems = []
    show_tab(page, "Game")
    for kind in KINDS:
        button = page.locator(f".evo-explorer button.evo-export-{kind}").first
        with page.expect_download(timeout=30_000) as info:
            button.click()
        d = info.value
        name = d.suggested_filename
        suffix = {
            "svg": "board.svg",
            "png": "board.png",
            "markdown": "story.md",
            "html": "story.html",
            "record": "record.json",
        }[kind]
        if not (name.startswith(f"{game}-move") and name.endswith(f"-{suffix}")):
            problems.append(f"{where} {game}: {kind} downloaded as {name!r}")
        problems += _check_payload(kind, f"{where} {game} {name}", Path(d.path()).read_bytes(), game)
        page.wait_for_function(
            "n => document.querySelector('.evo-export-bar').innerText.includes('downloaded ' + n)",
            arg=name,
            timeout=10_000,
        )
    return problems


def _record_file(tmp: Path, game: str, plies: int = 25) -> tuple[Path, int]:
    tree = GameTree(evo_lab.make_game(game, players=3, seed=9).new_initial_state())
    rng = np.random.default_rng(9)
    for _ in range(plies):
        tree.play_random(rng)
    path = tmp / f"uploaded-{game}.json"
    path.write_text(export_record(tree), encoding="utf-8")
    return path, tree.ply


def _choose_file(page, path: Path) -> None:
    """Click the Game tab's *Open a file* button and pick ``path`` in the browser's file chooser."""
    with page.expect_file_chooser(timeout=15_000) as chooser:
        page.locator(".evo-game-panel .widget-upload").first.click()
    chooser.value.set_files(str(path))


def _upload(page, tmp: Path, game: str, where: str) -> list[str]:
    path, ply = _record_file(tmp, game)
    show_tab(page, "Game")
    page.locator(".evo-game-panel .widget-toggle-buttons button", has_text="record").first.click()
    _choose_file(page, path)
    try:
        page.wait_for_function(
            "n => document.querySelector('.evo-game-panel').innerText.includes('opened ' + n)",
            arg=path.name,
            timeout=20_000,
        )
        page.wait_for_function(
            "p => document.querySelector('.evo-stepper').innerText.includes('move ' + p + ' of')",
            arg=ply,
            timeout=20_000,
        )
    except Exception:  # playwright's TimeoutError
        return [f"{where} {game}: the uploaded record did not become the game (move {ply})"]
    bad = tmp / "broken.json"
    rec = json.loads(path.read_text())
    rec["actions"][2] = "fly to the moon"
    bad.write_text(json.dumps(rec))
    show_tab(page, "Game")  # a file of another game rebuilds the game's tabs and shows Actions
    _choose_file(page, bad)
    page.wait_for_function(
        "() => document.querySelector('.evo-game-panel').innerText.includes('broken.json: ')", timeout=20_000
    )
    text = page.locator(".evo-game-panel").first.inner_text()
    still = page.locator(".evo-stepper").first.inner_text()
    problems = (
        [] if "actions[2]" in text else [f"{where}: the upload error does not name the field: {text[-300:]}"]
    )
    if f"move {ply} of" not in still:
        problems.append(f"{where}: a bad upload changed the game")
    return problems


def _fits(page, game: str, where: str) -> list[str]:
    problems = []
    for width, height in VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(800)
        for tab in ("Actions", "Game"):
            show_tab(page, tab)
            r = layout_report(page)
            problems += [f"{where} {game} {width}x{height} {tab}: cut {c}" for c in r["cut"]]
            b = (
                page.locator(BOARDS[game]).first.bounding_box()
                if game != "evo2e"
                else page.locator(".evo-board-widget svg.evo-board").first.bounding_box()
            )
            if (
                b is None
                or b["x"] < 0
                or b["y"] < 0
                or b["x"] + b["width"] > width + 1
                or b["y"] + b["height"] > height + 1
            ):
                problems.append(f"{where} {game} {width}x{height} {tab}: board box {b} outside the window")
            elif b["width"] < 0.4 * width and b["height"] < 0.6 * height:
                problems.append(f"{where} {game} {width}x{height}: board {b} not scaled to the window")
            squeezed = page.evaluate(
                "() => [...document.querySelectorAll('.evo-explorer button')].filter(b => "
                "b.offsetParent && b.getBoundingClientRect().height < 20).map(b => b.innerText)"
            )
            if squeezed:
                problems.append(f"{where} {game} {width}x{height} {tab}: buttons squeezed flat: {squeezed}")
            scroll = page.evaluate(
                "() => [document.scrollingElement.scrollHeight, document.scrollingElement."
                "scrollWidth, innerHeight, innerWidth]"
            )
            if scroll[0] > scroll[2] + 1 or scroll[1] > scroll[3] + 1:
                problems.append(f"{where} {game} {width}x{height} {tab}: the page scrolls {scroll}")
        show_tab(page, "Actions")
        page.screenshot(path=str(IMG / f"present_{game}_{where}_{width}x{height}.png"))
    page.set_viewport_size({"width": 1280, "height": 720})
    return problems


def test_present_page_in_voila_every_game(tmp_path):
    """One Voila server; each game through the page's address."""
    require_browser()
    from playwright.sync_api import sync_playwright

    problems: list[str] = []
    errors: list[str] = []
    with serve_voila(NOTEBOOK, timeout=90, log=tmp_path / "voila.log") as url, sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            for game in BOARDS:
                page = browser.new_page(viewport={"width": 1280, "height": 720}, accept_downloads=True)
                page.route(
                    "**/*",
                    lambda r: (
                        r.continue_()
                        if r.request.url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:"))
                        else r.abort()
                    ),
                )
                page.on("pageerror", lambda e: errors.append(str(e)))
                page.goto(f"{url}?game={game}", timeout=180_000, wait_until="domcontentloaded")
                wait_for_board(page, timeout_ms=180_000, selector=BOARDS[game])
                problems += _fits(page, game, "voila")
                problems += _exports(page, game, "voila")
                if game == "origin":
                    problems += _upload(page, tmp_path, "evolution", "voila")  # switches the game
                page.close()
        finally:
            browser.close()
    assert not problems, "\n".join(problems)
    assert not [e for e in errors if "evo" in e.lower()], errors


def test_exports_and_upload_in_jupyterlab(tmp_path):
    require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw, explorer_page(pw, NOTEBOOK, "jupyterlab", tmp_path) as (page, errors):
        problems = _exports(page, "evo2e", "jupyterlab")
        problems += _upload(page, tmp_path, "evo2e", "jupyterlab")
        problems += _exports(page, "evo2e", "jupyterlab")
    assert not problems, "\n".join(problems)
    assert not [e for e in errors if "evo" in e.lower()], errors
