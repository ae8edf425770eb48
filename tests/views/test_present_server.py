"""The classroom page served by the real Voila with the kit's limits (issue 18): a bad address is one line in the
page and no traceback, a server file named in the address is never read (``/dev/zero`` answers at once), kernels
beyond the cap get a one-line 503, and a kernel whose page never connected is culled when idle.

Plain HTTP loads (no browser): each load runs the notebook in a new kernel, as a visitor's browser would, but
never opens the page's websocket, like a script hammering the page.
"""

from __future__ import annotations

import importlib.util
import json
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from evo_lab.cli.servers import PresentLimits
from evo_lab.views.widgets.browser import serve_voila

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "evo_lab" / "views" / "present.ipynb"


def _outputs(body: str) -> list[dict]:
    """The notebook's cell outputs in a Voila page (JSON in ``<script type="application/vnd.voila.cell-output+json">``
    blocks, which the page's JavaScript draws)."""
    tag = '<script type="application/vnd.voila.cell-output+json">'
    return [json.loads(part.split("</script>", 1)[0]) for part in body.split(tag)[1:]]


def _get(url: str, timeout: float = 120) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return r.status, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8", "replace")


@pytest.fixture(scope="module")
def voila_needed():
    if importlib.util.find_spec("voila") is None:
        pytest.skip("voila is not installed (pip install 'evo-lab[app]')")


def test_bad_addresses_show_one_line_never_a_traceback(voila_needed, tmp_path):
    cases = {
        "?game=bogus": "game 'bogus': not a game of this page",
        "?game=origin&players=99": "players '99': expected 2 to 8 for origin",
        "?scenario=nosuch": "scenario 'nosuch': not a scenario of evo2e",
        "?scenario=/etc/passwd": "scenario '/etc/passwd': not a scenario of evo2e",
        "?scenario=/dev/zero": "scenario '/dev/zero': not a scenario of evo2e",
    }
    with serve_voila(NOTEBOOK, timeout=90, log=tmp_path / "voila.log") as url:
        for query, words in cases.items():
            start = time.monotonic()
            status, body = _get(url + query)
            assert status == 200, (query, status)
            outs = _outputs(body)
            assert [o["output_type"] for o in outs] == ["execute_result"], (query, outs)  # no "error" output
            html = outs[0]["data"]["text/html"]
            assert "This page cannot open: " + words in html and html.count("<div") == 1, (query, html)
            assert "Traceback" not in body and "\n" not in html, query
            assert time.monotonic() - start < 60, query  # /dev/zero is not read
    log = (tmp_path / "voila.log").read_text()
    assert "Traceback" not in log, log[-2000:]


def test_kernels_are_capped_and_idle_ones_culled(voila_needed, tmp_path):
    limits = PresentLimits(max_kernels=1, cull_idle=2, cull_interval=1)
    with serve_voila(NOTEBOOK, timeout=90, log=tmp_path / "voila.log", limits=limits) as url:
        status, body = _get(url + "?game=origin")
        assert status == 200 and "Explorer(" in json.dumps(_outputs(body))
        status, body = _get(url + "?game=origin")  # the first kernel still runs
        assert status == 503, status
        assert "the classroom page is full (1 open pages)" in body and "Traceback" not in body
        deadline = time.monotonic() + 60  # culled after 2 s idle, checked each 1 s
        while time.monotonic() < deadline:
            time.sleep(1)
            status, body = _get(url + "?game=evolution")
            if status == 200:
                break
        assert status == 200 and "Explorer(" in json.dumps(_outputs(body)), status
    log = (tmp_path / "voila.log").read_text()
    assert "Culling kernels with idle durations > 2 seconds" in log and "culling kernel" in log.lower()
