"""The template's core modules pass ``mypy --strict`` (the ``[tool.mypy]`` section of pyproject.toml names them)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_core_template_modules_pass_mypy_strict():
    pytest.importorskip("mypy")
    r = subprocess.run(
        [sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, timeout=600, check=False
    )
    assert r.returncode == 0, r.stdout + r.stderr
    for name in ("flow", "options", "registry", "protocol"):
        assert f"evo_lab/core/{name}.py" in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_the_toy_game_keeps_the_core_contracts_under_mypy_strict():
    """The smallest game on the template (``tests/core/toy_race``) type-checks with ``mypy --strict`` against the
    core's bases and protocols: its state is a ``protocol.State``, its game a ``protocol.Game`` (the package's
    ``_keeps_the_contracts``), its observer an ``Observer["State", "Game"]``: the contracts can be kept exactly."""
    pytest.importorskip("mypy")
    race = Path(__file__).resolve().parent / "toy_race"
    r = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", str(race)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert r.returncode == 0, r.stdout + r.stderr
