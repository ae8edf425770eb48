#!/usr/bin/env python3
"""Strip what changes from run to run out of the lesson notebooks, so git sees only real changes.

What goes: run-to-run execution counts (renumbered 1, 2, 3, ... down the code cells, as a fresh top-to-bottom
run numbers them, so nbval still sees run cells), per-cell timing metadata (``execution``), notebook widget state (random model
ids), the live-widget part of widget outputs (``application/vnd.jupyter.widget-view+json``; the static
stand-in that ``evo_lab.lessons.show_widget`` sends stays), ``transient`` fields, the Python patch version.
What stays: every other output (text, tables, SVG, PNG, plotly JSON), tags and cell ids.

    python scripts/clean_notebooks.py                 # clean notebooks/*.ipynb in place
    python scripts/clean_notebooks.py --check         # exit 1 and name the notebooks that are not clean
    python scripts/clean_notebooks.py --filter < in   # as a git clean filter (stdin -> stdout)
    python scripts/clean_notebooks.py --install-filter    # git config for the filter named in .gitattributes
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from evo_lab.core.atomic import atomic_write_text

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
FILTER = "evo-lab-notebooks"


def clean(nb: dict) -> dict:
    """The cleaned copy of a notebook (a dict as read by ``json.load``)."""
    nb = json.loads(json.dumps(nb))
    meta = nb.setdefault("metadata", {})
    meta.pop("widgets", None)
    meta["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    lang = meta.get("language_info")
    if isinstance(lang, dict):
        lang.pop("version", None)
    count = 0
    for i, cell in enumerate(nb.get("cells", [])):
        cm = cell.setdefault("metadata", {})
        for key in ("execution", "collapsed", "scrolled", "ExecuteTime"):
            cm.pop(key, None)
        cell.setdefault("id", f"cell-{i:02d}")
        if cell.get("cell_type") != "code":
            cell.pop("outputs", None)
            cell.pop("execution_count", None)
            continue
        count += 1
        cell["execution_count"] = count
        outputs = []
        for out in cell.get("outputs", []):
            out.pop("transient", None)
            if "execution_count" in out:
                out["execution_count"] = count
            data = out.get("data")
            if isinstance(data, dict) and WIDGET_VIEW in data:
                data.pop(WIDGET_VIEW)
                if not data:
                    continue
            outputs.append(out)
        cell["outputs"] = outputs
    return nb


def dumps(nb: dict) -> str:
    """JSON text as JupyterLab writes it (indent 1, keys sorted, trailing newline)."""
    return json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def clean_text(text: str) -> str:
    return dumps(clean(json.loads(text)))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", type=Path)
    ap.add_argument("--check", action="store_true", help="do not write; exit 1 if a notebook is not clean")
    ap.add_argument(
        "--filter", action="store_true", help="read a notebook on stdin, write it clean to stdout"
    )
    ap.add_argument("--install-filter", action="store_true", help="configure the git filter for this clone")
    args = ap.parse_args(argv)
    if args.filter:
        sys.stdout.write(clean_text(sys.stdin.read()))
        return 0
    if args.install_filter:
        cmd = f"{sys.executable} {Path(__file__).resolve()} --filter"
        subprocess.run(["git", "config", f"filter.{FILTER}.clean", cmd], cwd=ROOT, check=True)
        subprocess.run(["git", "config", f"filter.{FILTER}.smudge", "cat"], cwd=ROOT, check=True)
        print(f"git filter {FILTER} installed: {cmd}")
        return 0
    paths = args.paths or sorted(NOTEBOOKS.glob("*.ipynb"))
    dirty = []
    for p in paths:
        text = p.read_text(encoding="utf-8")
        new = clean_text(text)
        if new != text:
            dirty.append(p)
            if not args.check:
                atomic_write_text(p, new)
    if args.check and dirty:
        print("not clean (run scripts/clean_notebooks.py):", ", ".join(str(p) for p in dirty))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
