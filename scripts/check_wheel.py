#!/usr/bin/env python3
"""Build evo-lab's sdist and wheel and use the wheel as a new user would: installed (not editable) into a fresh
venv, away from the checkout.

    python scripts/check_wheel.py [--keep] [--work DIR]

Steps (each timed; any failure ends the run with a non-zero exit and names the step):

1. ``python -m build`` of a copy of the package's sources (pyproject.toml, README.md, evo_lab/), so the checkout
   gets no build/ or egg-info folders;
2. the wheel and the sdist must hold every file under ``evo_lab/`` but Python's caches (code, data, CSS, JS,
   ...): a file left out of ``[tool.setuptools.package-data]`` is named here (and the run goes on, to show what
   it breaks);
3. a fresh venv (``python -m venv``; pip may use its cache) with the wheel installed;
4. there, from a folder outside the checkout and without ``PYTHONPATH``: ``evo-lab demo --players 3 --seed 1``
   for every registered game, an ``evo_lab.Explorer(evo_lab.make_game(id, players=3))`` for every game, and a
   lesson notebook (``notebooks/02_combat_odds.ipynb``, a copy) run by ``jupyter nbconvert --execute``.

``make test`` runs it (so CI does). It needs the network or pip's cache for the wheel's dependencies.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LESSON = "02_combat_odds.ipynb"

#: What runs inside the fresh venv: every game's Explorer, and where evo_lab was imported from.
EXPLORERS = """
import evo_lab
from evo_lab.core.registry import registered_games
for gid in registered_games():
    ex = evo_lab.Explorer(evo_lab.make_game(gid, players=3))
    assert ex.session.game_id == gid, (gid, ex.session.game_id)
    print("explorer", gid, "ok")
print("evo_lab from", evo_lab.__file__)
"""


class CheckFailed(RuntimeError):
    """A step of the check failed."""


def run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None, what: str = "") -> str:
    """Run ``cmd``; its output, or :class:`CheckFailed` with the last lines of it."""
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-25:])
        raise CheckFailed(f"{what or cmd[0]} failed (exit code {proc.returncode}):\n{tail}")
    return proc.stdout


def package_files() -> set[str]:
    """Every file under ``evo_lab/`` (paths from the checkout's root) but Python's caches: what the package may
    read at run time."""
    return {
        str(p.relative_to(ROOT))
        for p in (ROOT / "evo_lab").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    }


def copy_sources(dest: Path, files: set[str]) -> None:
    """The files a build needs: pyproject.toml, README.md and the package's files."""
    for name in ("pyproject.toml", "README.md", *sorted(files)):
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)


def missing_from(archive: Path, files: set[str]) -> list[str]:
    """The ``files`` (paths from the checkout's root) that ``archive`` (a wheel or an sdist) does not hold."""
    if archive.suffix == ".whl":
        with zipfile.ZipFile(archive) as z:
            names = set(z.namelist())
    else:
        with tarfile.open(archive) as t:
            names = {n.split("/", 1)[1] for n in t.getnames() if "/" in n}
    return sorted(files - names)


def build(work: Path, files: set[str]) -> tuple[Path, list[str]]:
    """Build sdist and wheel from a copy of the sources; the wheel, and the package files each lacks."""
    src = work / "src"
    copy_sources(src, files)
    run(
        [sys.executable, "-m", "build", "--outdir", str(work / "dist"), str(src)],
        work,
        what="python -m build",
    )
    wheels = list((work / "dist").glob("*.whl"))
    sdists = list((work / "dist").glob("*.tar.gz"))
    if len(wheels) != 1 or len(sdists) != 1:
        raise CheckFailed(f"expected one wheel and one sdist, got {[p.name for p in wheels + sdists]}")
    problems = []
    for archive in (wheels[0], sdists[0]):
        gone = missing_from(archive, files)
        if gone:
            problems.append(
                f"{archive.name} lacks {len(gone)} package file(s) (add them to "
                f"[tool.setuptools.package-data] in pyproject.toml): {', '.join(gone[:20])}"
            )
    return wheels[0], problems


def fresh_venv(work: Path, wheel: Path) -> tuple[Path, dict[str, str]]:
    """A new venv with ``wheel`` installed; its bin folder and an environment without the checkout."""
    venv = work / "venv"
    run([sys.executable, "-m", "venv", str(venv)], work, what="python -m venv")
    py = venv / "bin" / "python"
    run([str(py), "-m", "pip", "install", "--quiet", str(wheel)], work, what="pip install of the wheel")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONNOUSERSITE"] = "1"
    return venv / "bin", env


def use_installed(bin_dir: Path, env: dict[str, str], work: Path) -> list[str]:
    """Demo, Explorer and a lesson from the installed wheel, run in ``work/run`` (outside the checkout)."""
    here = work / "run"
    here.mkdir()
    py = str(bin_dir / "python")
    games = run(
        [py, "-c", "from evo_lab.core.registry import registered_games as g; print(' '.join(g()))"],
        here,
        env,
        "listing the games",
    ).split()
    lines = []
    for gid in games:
        out = run(
            [str(bin_dir / "evo-lab"), "demo", "--game", gid, "--players", "3", "--seed", "1"],
            here,
            env,
            f"evo-lab demo --game {gid}",
        )
        lines.append(f"demo {gid}: {len(out.splitlines())} lines")
    out = run([py, "-c", EXPLORERS], here, env, "building an Explorer for every game")
    lines += out.splitlines()
    where = out.strip().splitlines()[-1]
    if str(ROOT) in where or str(bin_dir.parent) not in where:
        raise CheckFailed(f"evo_lab was not imported from the fresh venv: {where}")
    shutil.copy(ROOT / "notebooks" / LESSON, here / LESSON)
    run(
        [
            str(bin_dir / "jupyter"),
            "nbconvert",
            "--to",
            "notebook",
            "--execute",
            "--output",
            "ran.ipynb",
            "--ExecutePreprocessor.timeout=600",
            LESSON,
        ],
        here,
        env,
        f"running the lesson {LESSON}",
    )
    lines.append(f"lesson {LESSON}: ran")
    out = run(
        [
            str(bin_dir / "evo-lab"),
            "lab",
            "--present",
            "--game",
            "origin",
            "--dry-run",
            "--no-browser",
            "--port",
            "8898",
        ],
        here,
        env,
        "evo-lab lab --present --dry-run (the classroom page's notebook)",
    )
    nb = next((w for w in out.split() if w.endswith("present.ipynb")), "")
    lines.append(f"present: serves {nb or 'NOTHING'}")
    if not nb:
        raise CheckFailed(f"evo-lab lab --present names no notebook from the installed package: {out[-300:]}")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--work", type=Path, default=None, help="work folder (default: a new temporary one)")
    ap.add_argument("--keep", action="store_true", help="keep the work folder")
    args = ap.parse_args(argv)
    work = args.work or Path(tempfile.mkdtemp(prefix="evo-lab-wheel-"))
    work.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    try:
        files = package_files()
        wheel, problems = build(work, files)
        for problem in problems:  # go on: what the missing files break shows below
            print(f"check_wheel: {problem}", file=sys.stderr, flush=True)
        print(
            f"check_wheel: built {wheel.name} and its sdist ({time.monotonic() - start:.0f} s); "
            f"{'they hold' if not problems else 'NOT'} all {len(files)} package files",
            flush=True,
        )
        t = time.monotonic()
        bin_dir, env = fresh_venv(work, wheel)
        print(f"check_wheel: installed into a fresh venv ({time.monotonic() - t:.0f} s)", flush=True)
        t = time.monotonic()
        for line in use_installed(bin_dir, env, work):
            print(f"check_wheel: {line}")
        print(f"check_wheel: used from the venv ({time.monotonic() - t:.0f} s)")
        if problems:
            raise CheckFailed("the wheel or the sdist lacks package files (above)")
    except CheckFailed as e:
        print(f"check_wheel: FAILED: {e}", file=sys.stderr)
        return 1
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    print(f"check_wheel: the wheel works ({time.monotonic() - start:.0f} s in all)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
