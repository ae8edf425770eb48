"""The command line: demo, lab, bench and the command registry."""

from __future__ import annotations

import json

import pytest

import evo_lab
from evo_lab.cli import MODULES, available_modules, build_parser, main


def test_every_command_module_exists():
    assert available_modules() == MODULES
    text = build_parser().format_help()
    for m in MODULES:
        assert m in text


def test_demo_tells_a_seeded_game_and_is_reproducible(capsys):
    assert main(["demo", "--players", "3", "--seed", "4"]) == 0
    first = capsys.readouterr().out
    assert "Round 1" in first and "Climate: token" in first and "wins lot 0" in first
    assert "Scoring:" in first and "Final ranking: #1" in first
    assert "reconstructed, not the printed board" in first
    assert main(["demo", "--players", "3", "--seed", "4"]) == 0
    assert capsys.readouterr().out == first
    assert main(["demo", "--players", "3", "--seed", "5"]) == 0
    assert capsys.readouterr().out != first


def test_demo_json_prints_a_record_that_replays(capsys):
    assert main(["demo", "--players", "2", "--seed", "9", "--json", "--bots", "random"]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert rec["format"] == "evo-lab-record" and rec["game"] == "evo2e" and rec["config"]["players"] == 2
    final = evo_lab.State.from_record(rec)
    assert final.is_terminal()
    assert len(rec["actions"]) == len(final.history())


def test_demo_rejects_bad_arguments(capsys):
    assert main(["demo", "--players", "7"]) == 2
    assert "2 to 5 players" in capsys.readouterr().err
    assert main(["demo", "--players", "3", "--bots", "random,random"]) == 2


def test_lab_dry_run_opens_the_tour_notebook(capsys):
    assert main(["lab", "--dry-run", "--no-browser"]) == 0
    out = capsys.readouterr().out
    assert "jupyterlab" in out and "00_tour.ipynb" in out and "--no-browser" in out


def test_bench_quick_engine_section_reports_every_figure(capsys):
    assert main(["bench", "--section", "engine", "--quick", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    names = {r["name"] for r in rows}
    assert {"random games/s, 4 players", "clone (4 players, round 3)", "position JSON size (4 players)"} <= names
    size = next(r for r in rows if r["name"].startswith("position JSON size"))["value"]
    assert 200 < size < 10000
    assert all(r["section"] == "engine" for r in rows)


@pytest.mark.parametrize("argv", [["--version"], ["demo", "--help"]])
def test_help_and_version_exit_cleanly(argv):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 0
