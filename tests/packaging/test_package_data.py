"""The wheel holds everything the package reads at run time (issue 18: the wheel lacked the game boards' CSS and
JS, so ``evo_lab.Explorer`` failed with ``FileNotFoundError`` once installed from it).

The fast check here applies setuptools' own rules to the source tree: every ``.py`` file must sit in a package
that ``[tool.setuptools.packages.find]`` finds, and every other file under ``evo_lab/`` must match a pattern of
``[tool.setuptools.package-data]`` (globbed the way setuptools globs them). ``scripts/check_wheel.py`` (run by
``make test``) builds the real wheel and sdist, compares their file lists with the tree and uses the wheel from
a fresh venv.
"""

from __future__ import annotations

import glob
import os
import tomllib
from pathlib import Path

from setuptools import find_packages

ROOT = Path(__file__).resolve().parents[2]


def _config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def _tree() -> list[Path]:
    return [
        p
        for p in (ROOT / "evo_lab").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    ]


def test_every_file_of_the_package_goes_into_the_wheel():
    config = _config()
    packages = set(find_packages(str(ROOT), include=config["packages"]["find"]["include"]))
    lost = [
        str(p.relative_to(ROOT))
        for p in _tree()
        if p.suffix == ".py" and ".".join(p.parent.relative_to(ROOT).parts) not in packages
    ]
    assert not lost, f"modules in folders without __init__.py (left out of the wheel): {lost}"
    base = ROOT / "evo_lab"
    covered = {
        Path(f).resolve()
        for pat in config["package-data"]["evo_lab"]
        for f in glob.glob(os.path.join(str(base), pat), recursive=True)
    }
    data = [p for p in _tree() if p.suffix != ".py"]
    assert len(data) >= 30  # boards, packs, CSS, JS, py.typed
    missing = [str(p.relative_to(ROOT)) for p in data if p.resolve() not in covered]
    assert not missing, f"files the package reads that the wheel would lack: {missing}"


def test_the_wheel_check_runs_in_make_test():
    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    test_rule = make.split("\ntest:", 1)[1].split("\n\n", 1)[0]
    assert "scripts/check_wheel.py" in test_rule and (ROOT / "scripts" / "check_wheel.py").exists()
