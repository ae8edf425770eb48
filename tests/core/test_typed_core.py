"""The package passes ``mypy`` as pyproject.toml configures it: ``evo_lab.core`` and ``evo_lab.games`` strict, the
rest with ``--check-untyped-defs`` (issue 17)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_package_passes_mypy_core_and_games_strict():
    pytest.importorskip("mypy")
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["files"] == ["evo_lab"] and config["strict"] is True
    relaxed = [o for o in config["overrides"] if o.get("disallow_untyped_defs") is False]
    assert relaxed and all(o.get("check_untyped_defs") is True for o in relaxed)
    for o in relaxed:  # nothing in the core or a game is let off --strict
        assert not any(m.startswith(("evo_lab.core", "evo_lab.games")) for m in o["module"]), o["module"]
    r = subprocess.run(
        [sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, timeout=900, check=False
    )
    assert r.returncode == 0, r.stdout + r.stderr


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
