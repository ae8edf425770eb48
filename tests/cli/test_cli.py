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
    assert "Round 1" in first and "Climate: token" in first and "wins the event card" in first
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
    assert "jupyter-lab" in out and "00_tour.ipynb" in out and "--no-browser" in out


def test_bench_quick_engine_section_reports_every_figure(capsys):
    assert main(["bench", "--section", "engine", "--quick", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    names = {r["name"] for r in rows}
    assert {
        "random games/s, 4 players",
        "clone (4 players, round 3)",
        "position JSON size (4 players)",
    } <= names
    size = next(r for r in rows if r["name"].startswith("position JSON size"))["value"]
    assert 200 < size < 10000
    assert all(r["section"] == "engine" for r in rows)


@pytest.mark.parametrize("argv", [["--version"], ["demo", "--help"]])
def test_help_and_version_exit_cleanly(argv):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 0


# ---------------------------------------------------------------- issue 14: errors a newcomer hit
def test_lab_prints_a_url_that_opens_the_tour(capsys):
    assert main(["lab", "--dry-run", "--no-browser", "--port", "8899"]) == 0
    out = capsys.readouterr().out
    url = out.splitlines()[0]
    assert url.startswith("Open the tour: http://127.0.0.1:8899/lab/tree/00_tour.ipynb?token=")
    assert "--LabApp.default_url=/lab/tree/00_tour.ipynb" in out and "-m jupyterlab" not in out


def test_lab_headless_prints_no_deprecation_warning_and_serves_the_tour(tmp_path):
    """Start the real JupyterLab headless: the printed URL opens the tour (not the Launcher), and neither
    JupyterLab nor evo-lab prints a deprecation warning."""
    import re
    import subprocess
    import sys
    import time
    import urllib.request

    from evo_lab.views.widgets.browser import free_port

    port = free_port()
    log = tmp_path / "lab.log"
    with open(log, "w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "evo_lab.cli", "lab", "--no-browser", "--port", str(port)],
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        url = None
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            m = re.search(r"Open the tour: (\S+)", log.read_text())
            if m:
                url = m.group(1)
                try:
                    with urllib.request.urlopen(url, timeout=5) as r:
                        page = r.read().decode()
                    break
                except OSError:
                    pass
            time.sleep(1)
        assert url and "/lab/tree/00_tour.ipynb?token=" in url
        assert "JupyterLab" in page
        time.sleep(1)
        assert "DeprecationWarning" not in log.read_text(), log.read_text()
    finally:
        import os
        import signal

        os.killpg(proc.pid, signal.SIGTERM)  # evo-lab and the JupyterLab it started (its own process group)
        proc.wait(30)


def _position_file(tmp_path, text):
    p = tmp_path / "pos.json"
    p.write_text(text)
    return str(p)


def test_odds_climate_position_errors_name_the_file(tmp_path, capsys):
    bad = _position_file(tmp_path, '{"format": "evo-lab-position", "version": 2, "state": {')
    assert main(["odds", "climate", "--rounds", "2", "--position", bad]) == 2
    err = capsys.readouterr().err
    assert bad in err and "not valid JSON" in err
    wrong = _position_file(tmp_path, '{"format": "evo-lab-position", "version": 1, "game": {"players": 9}}')
    assert main(["odds", "climate", "--rounds", "2", "--position", wrong]) == 2
    assert wrong in capsys.readouterr().err
    missing = str(tmp_path / "nope.json")
    assert main(["odds", "climate", "--rounds", "2", "--position", missing]) == 2
    err = capsys.readouterr().err
    assert f"{missing}: no such file" in err and "Errno" not in err


def test_odds_climate_rejects_a_viewer_outside_the_game(capsys):
    assert main(["odds", "climate", "--rounds", "2", "--players", "4", "--viewer", "9"]) == 2
    assert "--viewer counts players from 1 to 4, got 9" in capsys.readouterr().err
    assert main(["odds", "climate", "--rounds", "1", "--players", "4", "--viewer", "4"]) == 0
    out = capsys.readouterr().out
    assert "played in every game" in out and "played with" not in out


def test_odds_combat_says_horns_in_the_right_number(capsys):
    assert main(["odds", "combat", "--attacker-horns", "1", "--defender-horns", "0"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("attack 1 horn vs defence 0 horns")


@pytest.mark.parametrize(
    "argv, needle",
    [
        (["--workers", "0"], "--workers must be at least 1, got 0"),
        (["--bots", "alphazero"], "unknown bot 'alphazero'; bots are: "),
        (["--bots", "greedy,alphazero,random,random"], "unknown bot 'alphazero'"),
        (["--bots", "greedy,random"], "4 players need 4 bots (one per seat) in --bots, got 2"),
        (
            ["--csv", "/nonexistent/dir/x.csv"],
            "--csv /nonexistent/dir/x.csv: the folder /nonexistent/dir does not exist",
        ),
        (["--json", "/nonexistent/dir/x.json"], "the folder /nonexistent/dir does not exist"),
    ],
)
def test_simulate_rejects_bad_arguments_before_playing(argv, needle, capsys, monkeypatch):
    import evo_lab.cli.simulate as sim_cli

    def no_games(**_kw):  # the check must come before any game is played
        raise AssertionError("simulate() was called")

    monkeypatch.setattr(sim_cli, "simulate", no_games)
    assert main(["simulate", "--players", "4", "--games", "3", "--no-progress", *argv]) == 2
    assert needle in capsys.readouterr().err


def test_simulate_help_says_95_percent_once(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = capsys.readouterr().out
    assert "95% Wilson" in out and "%%" not in out


def test_demo_names_an_unknown_bot(capsys):
    assert main(["demo", "--players", "3", "--bots", "alphazero"]) == 2
    assert "unknown bot 'alphazero'" in capsys.readouterr().err


def test_make_demo_game_has_moves_fights_births_and_deaths(capsys):
    """`make demo` runs `evo-lab demo --players 4 --seed 1`: the lively bots' game must show the game."""
    assert main(["demo", "--players", "4", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    moves = sum(" moves " in line for line in out.splitlines())
    assert moves >= 20
    assert out.count(" attacks ") >= 3 and "and wins" in out  # fights, some won (a death each)
    assert out.count("lays an egg") >= 10  # births
    assert "to the climate" in out  # deaths by climate
    assert "1 dinosaurs" not in out and "1 points" not in out and "(+2)" not in out
    from evo_lab.views.snapshot import assumed_values  # the same count as the kit's badges ("21" vs "22")

    assert f"Note: {len(assumed_values(evo_lab.Game(players=4, seed=1)))} values are assumed" in out


def test_attack_position_has_a_legal_attack_with_its_odds():
    from evo_lab.games.evo2e.odds import attack_plan
    from evo_lab.views.demo_positions import attack_position

    for seed in (0, 3):
        pos = attack_position(seed)
        s = pos.state
        assert s.node_name() == "move" and s.parse_action(pos.action) in s.legal_actions()
        assert pos.probability == s.attack_probability(pos.attacker, pos.defender) > 0
        assert pos.plan_probability == attack_plan(s, pos.attacker, pos.defender).probability
        assert "can attack" in pos.describe()
    assert attack_position(0).action == attack_position(0).action  # seeded: the same position again
