"""``evo-lab bench --game origin``: the benchmark runs beside python-chess and reports every figure (no timing is
asserted: the figures go to docs/benchmarks.md)."""

from __future__ import annotations

import json

from evo_lab.cli import main


def test_bench_game_origin_reports_every_figure(capsys):
    assert main(["bench", "--game", "origin", "--quick", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    names = {r["name"] for r in rows}
    assert {r["section"] for r in rows} == {"origin"}
    assert "random-policy decisions/s (2-4 players)" in names and "clone (4 players, turn 3 feeding)" in names
    assert any("python-chess" in n for n in names)
    assert all(r["value"] is None or float(r["value"]) >= 0 for r in rows)
