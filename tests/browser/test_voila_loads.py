"""Voila serves the tour notebook completely, load after load (issue 14: it stalled in 2 of 4 loads at
"Executing 4 of 15").

The cause: plotly charts were shown by capturing output into ``ipywidgets.Output`` widgets. While Voila executes
a notebook, nbclient stands in for the Output widget's front end and sends its state updates as comm messages on
an asynchronous shell channel without awaiting them; now and then one is lost and the cell's execution never
completes (voila-dashboards/voila#1428). On this machine 4 of 16 loads stalled that way; with the panels drawing
their charts as SVG in HTML widgets (no Output widget), 16 of 16 completed. Each load below starts a fresh kernel
that runs every cell; a stalled load never sends the page's closing ``voila_finish()``.
"""

from __future__ import annotations

import importlib.util
import threading
import urllib.request
from pathlib import Path

import pytest

from evo_lab.views.widgets.browser import serve_voila

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
LOADS = 6


def _get(url: str, limit_s: float) -> str:
    out: dict = {}

    def run():
        try:
            with urllib.request.urlopen(url, timeout=limit_s) as r:
                out["body"] = r.read().decode("utf-8", "replace")
        except OSError as e:
            out["error"] = str(e)

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(limit_s)
    return out.get("body", "")


@pytest.mark.parametrize("notebook", ["notebooks/00_tour.ipynb", "tests/browser/kit_layout.ipynb"])
def test_voila_completes_every_load(notebook, tmp_path):
    if importlib.util.find_spec("voila") is None:
        pytest.skip("voila is not installed (pip install 'evo-lab[app]')")
    done = []
    with serve_voila(ROOT / notebook, timeout=90, log=tmp_path / "voila.log") as url:
        for _ in range(LOADS):
            body = _get(url, 150)  # a hang detector, not a speed limit: a load takes 2 to 5 s here
            done.append("voila_finish()" in body and "evo-" in body)
    assert all(done), f"{done.count(False)} of {LOADS} loads of {notebook} did not complete: {done}"
