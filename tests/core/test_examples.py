"""The scripts in examples/ run with the public API, without Jupyter, and print what they promise."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

#: Examples that are players of a tournament, not scripts: tests/tournament/test_remote.py runs them.
PLAYERS = {"remote_bot.py"}
EXAMPLES = sorted(
    p for p in (Path(__file__).resolve().parents[2] / "examples").glob("*.py") if p.name not in PLAYERS
)


def test_there_are_examples():
    assert len(EXAMPLES) >= 4


@pytest.mark.parametrize("script", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_runs(script, tmp_path):
    r = subprocess.run(
        [sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert r.returncode == 0, r.stderr[-2000:]
    assert len(r.stdout.strip().splitlines()) >= 2, r.stdout
