"""``evo-lab lab``: open JupyterLab on the tour notebook."""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path


def find_notebook(name: str = "00_tour.ipynb") -> Path:
    """The notebook in the project checkout (``notebooks/``) next to the package, or in the current folder."""
    here = Path(__file__).resolve().parents[2] / "notebooks" / name
    for cand in (here, Path.cwd() / "notebooks" / name, Path.cwd() / name):
        if cand.exists():
            return cand
    raise FileNotFoundError(f"cannot find notebooks/{name}; run evo-lab lab from the evo-lab checkout")


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("lab", help="open JupyterLab on the tour notebook",
                       description="Start JupyterLab on notebooks/00_tour.ipynb (Ctrl-C stops it).")
    p.add_argument("--notebook", default="00_tour.ipynb", help="notebook in notebooks/ to open")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser (print the URL)")
    p.add_argument("--port", type=int, default=None)
    p.add_argument("--dry-run", action="store_true", help="print the command instead of running it")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    nb = find_notebook(args.notebook)
    cmd = [sys.executable, "-m", "jupyterlab", str(nb.name), f"--ServerApp.root_dir={nb.parent}"]
    if args.no_browser or not (os.environ.get("DISPLAY") or sys.platform in ("darwin", "win32") or shutil.which("xdg-open")):
        cmd.append("--no-browser")
    if args.port:
        cmd.append(f"--port={args.port}")
    if hasattr(os, "geteuid") and os.geteuid() == 0:  # containers and CI machines often run as root
        cmd.append("--allow-root")
    if args.dry_run:
        print(" ".join(cmd))
        return 0
    print(f"Opening {nb} in JupyterLab (Ctrl-C to stop)...", flush=True)
    return subprocess.call(cmd, cwd=nb.parent)
