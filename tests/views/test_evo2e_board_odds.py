"""The odds of an attack on the Evo 2e board (issue: "66.7%" was 11 px, sat on the climate letters, and the
target's outline hid the space names). The board is drawn by its ES module (``board.js``): the test runs its
``drawSvg`` under Node on a real snapshot and checks the odds' size and place against the space's name and climate
letter."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from evo_lab.games.evo2e.scenarios import scenario
from evo_lab.views.snapshot import board_geometry, snapshot

BOARD_JS = Path(__file__).resolve().parents[2] / "evo_lab/views/games/evo2e/board.js"
#: pixels per board unit at 1280x720 (the board column is about 485 px wide for the 461 units of the 4-player
#: board: measured on the explorer's screenshot at that size)
PX_PER_UNIT = 485 / 460.78


def _draw(tmp_path: Path, geo: dict, snap: dict, selected: int) -> str:
    mod = tmp_path / "board.mjs"
    mod.write_text(BOARD_JS.read_text(encoding="utf-8"), encoding="utf-8")
    data = tmp_path / "in.json"
    data.write_text(json.dumps({"geo": geo, "snap": snap, "selected": selected}), encoding="utf-8")
    script = (
        f"import {{ drawSvg }} from {json.dumps(mod.as_uri())};\n"
        "import { readFileSync } from 'node:fs';\n"
        f"const d = JSON.parse(readFileSync({json.dumps(str(data))}, 'utf8'));\n"
        "process.stdout.write(drawSvg(d.geo, d.snap, d.selected));\n"
    )
    out = subprocess.run(
        ["node", "--input-type=module", "-e", script], capture_output=True, text=True, check=True, timeout=60
    )
    return out.stdout


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node to run the board's ES module")
def test_attack_odds_are_large_and_clear_of_the_name_and_climate_letter(tmp_path):
    state = scenario("attack")
    geo = board_geometry(state.game.board)
    snap = snapshot(state, None, ply=0)
    attackers = [int(k) for k, items in snap["targets"].items() if any(i["kind"] == "attack" for i in items)]
    assert attackers
    svg = _draw(tmp_path, geo, snap, attackers[0])
    odds = re.findall(
        r'<text class="evo-odds" x="([-\d.]+)" y="([-\d.]+)" font-size="([\d.]+)">([^<]*)</text>', svg
    )
    assert odds and all(t.endswith("%") for *_xy, t in odds)
    s = geo["size"]
    by_xy = {(round(sp["cx"], 2), round(sp["cy"], 2)): sp for sp in geo["spaces"]}
    for x, y, size, _text in odds:
        x, y, size = float(x), float(y), float(size)
        assert size * PX_PER_UNIT >= 13
        sp = next(sp for (cx, cy), sp in by_xy.items() if abs(cx - x) < 0.01 and cy < y < cy + s)
        top, bottom = y - 0.75 * size, y  # digits and "%": no descenders
        glyph_bottom = sp["cy"] - s * 0.42 + s * 0.27  # the climate letter's circle, top right of the space
        label_top = sp["cy"] + s * 0.8 - 0.75 * (geo_font(s) * 1.1)
        assert top > glyph_bottom and bottom < label_top
    # the names are drawn after (over) the highlights; a target's name has a halo
    assert svg.index('<g class="labels"') > svg.index('<g class="highlights"')
    assert 'class="evo-label on-target"' in svg


def geo_font(s: float) -> float:
    """The board's base font size for a space of size ``s`` (as ``board.js`` computes it)."""
    return max(7.0, s * 0.36)
