"""Bad command-line choices: the error line comes first and names the option (at most one short hint after it,
never the usage block before it), and the exit code is 2 (issue 18)."""

from __future__ import annotations

import pytest

from evo_lab.cli import main


def _run(argv: list[str], capsys) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as e:  # argparse's own errors
        if isinstance(e.code, str):  # a message as the exit "code": printed by Python, exit status 1
            return 1, "", e.code
        code = e.code
    out, err = capsys.readouterr()
    return int(code or 0), out, err


@pytest.mark.parametrize(
    "argv, first",
    [
        (["demo", "--seed", "-1"], "evo-lab demo: error: --seed: expected a non-negative integer, got -1"),
        (["demo", "--players", "x"], "evo-lab demo: error: --players: expected a positive integer, got 'x'"),
        (
            ["demo", "--players", "9"],
            "evo-lab demo: error: --players: Evo (Second Edition) is for 2 to 5 players (2..5 for evo2e), got 9",
        ),
        (
            ["demo", "--game", "origin", "--players", "1"],
            "evo-lab demo: error: --players: Evolution: The Origin of Species is for 2 to 8 players (2..8 for origin), got 1",
        ),
        (["demo", "--game", "bogus"], "evo-lab demo: error: --game: invalid choice: 'bogus'"),
        (
            ["lab", "--port", "99999", "--dry-run"],
            "evo-lab lab: error: --port: expected a port from 1 to 65535, got 99999",
        ),
        (
            ["lab", "--port", "0", "--dry-run"],
            "evo-lab lab: error: --port: expected a port from 1 to 65535, got 0",
        ),
        (
            ["lab", "--port", "http", "--dry-run"],
            "evo-lab lab: error: --port: expected a port from 1 to 65535, got 'http'",
        ),
        (["lab", "--ip", "every-address", "--dry-run"], "evo-lab lab: error: --ip: expected an address"),
        (
            ["lab", "--present", "--game", "chess", "--dry-run"],
            "evo-lab lab: error: --game: unknown game 'chess'",
        ),
        (
            ["lab", "--present", "--players", "99", "--dry-run"],
            "evo-lab lab: error: --players: evo2e takes 2 to 5 players, got 99",
        ),
        (
            ["lab", "--present", "--seed", "-2", "--dry-run"],
            "evo-lab lab: error: --seed: expected a non-negative integer, got -2",
        ),
        (
            ["simulate", "--seed", "-3"],
            "evo-lab simulate: error: --seed: expected a non-negative integer, got -3",
        ),
        (
            ["simulate", "--games", "0"],
            "evo-lab simulate: error: --games: expected a positive integer, got 0",
        ),
        (
            ["board", "--players", "many"],
            "evo-lab board: error: --players: expected a positive integer, got 'many'",
        ),
        (
            ["odds", "combat", "--attacker-horns", "x", "--defender-horns", "0"],
            "evo-lab odds combat: error: --attacker-horns: invalid int value: 'x'",
        ),
        (["conquer"], "evo-lab: error: COMMAND: invalid choice: 'conquer'"),
    ],
)
def test_the_error_line_comes_first_and_names_the_option(argv, first, capsys):
    code, out, err = _run(argv, capsys)
    lines = err.strip().splitlines()
    assert code == 2, (code, err)
    assert lines and lines[0].startswith(first), err
    assert len(lines) <= 2 and "usage:" not in err, err
    assert "Open the" not in out


def test_a_long_bad_value_is_cut(capsys):
    code, _out, err = _run(["demo", "--seed", "x" * 10_000], capsys)
    assert code == 2 and len(err) < 300, err[:300]


def test_a_bad_scenario_file_is_refused_in_the_terminal_not_on_the_projector(tmp_path, capsys):
    """``make present SCENARIO=bad.json``: the operator's file is loaded before Voila starts."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "evo-lab-record", "game": "evo2e", "actions": [')
    code, out, err = _run(["lab", "--present", "--scenario", str(bad), "--dry-run"], capsys)
    assert code == 2 and "Open the" not in out
    assert (
        err.strip()
        == f"evo-lab lab: error: --scenario {bad}: not valid JSON (Expecting value at line 1, column 59)"
    )
