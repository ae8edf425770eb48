#!/usr/bin/env python3
"""Execute the lesson notebooks in a fresh kernel, save them with their outputs (cleaned), print the times.

    python scripts/run_lessons.py                      # every notebooks/*.ipynb
    python scripts/run_lessons.py notebooks/03_*.ipynb # some

The committed notebooks are exactly this script's output, so a reader sees every result without running
anything, and CI (``pytest --nbval notebooks``, strict, sanitizers in ``notebooks/nbval_sanitize.cfg``) re-executes
them and compares every output that is not marked ``# NBVAL_IGNORE_OUTPUT``. Then run ``scripts/export_lessons.py``
for ``docs/lessons/`` and ``docs/lessons.md``.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

sys.path.insert(0, str(Path(__file__).resolve().parent))
from clean_notebooks import NOTEBOOKS, clean, dumps  # noqa: E402

from evo_lab.core.atomic import atomic_write_text


def run(path: Path, timeout: int = 600) -> float:
    nb = nbformat.read(path, as_version=4)
    t0 = time.perf_counter()
    NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
        record_timing=False,
    ).execute()
    seconds = time.perf_counter() - t0
    atomic_write_text(path, dumps(clean(json.loads(nbformat.writes(nb)))))
    return seconds


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or sorted(NOTEBOOKS.glob("*.ipynb"))
    for p in paths:
        print(f"{p.name:40s} {run(p):6.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
