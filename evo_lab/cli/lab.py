"""``evo-lab lab``: open JupyterLab on the tour notebook.

Headless (no browser on the machine, or ``--no-browser``) it prints the URL that opens the tour notebook itself,
not the Launcher: ``http://127.0.0.1:PORT/lab/tree/00_tour.ipynb?token=...``. JupyterLab starts with that page
as its default URL (``LabApp.default_url``), so the URLs it prints and a browser it opens land there too.
``notebook_shim`` (Notebook 7's bridge, not needed by JupyterLab) is switched off for this server: it reads every
attribute of the server app and so triggers jupyter_server's deprecation warning for ``ServerApp.token``.

>>> from evo_lab.cli import main
>>> main(["lab", "--dry-run", "--no-browser", "--port", "8899"])  # doctest: +ELLIPSIS
Open the tour: http://127.0.0.1:8899/lab/tree/00_tour.ipynb?token=...
... --LabApp.default_url=/lab/tree/00_tour.ipynb ...
0

``--present`` serves ``notebooks/present.ipynb`` with Voila instead: the classroom page, only the Explorer, its board
scaled to the window (:mod:`evo_lab.views.widgets.present`); ``--game``, ``--scenario``, ``--players`` and
``--seed`` choose what it shows (handed to the kernel as ``EVO_PRESENT_*``; the page's address can override them:
``?game=origin``).

>>> main(["lab", "--present", "--game", "origin", "--dry-run", "--no-browser", "--port", "8898"])  # doctest: +ELLIPSIS
Open the presentation: http://127.0.0.1:8898/
EVO_PRESENT_GAME=origin ... present.ipynb --port=8898 ...
0
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import subprocess
import sys
from pathlib import Path

from evo_lab.core.registry import registered_games
from evo_lab.views.widgets.browser import free_port


def find_notebook(name: str = "00_tour.ipynb") -> Path:
    """The notebook in the project checkout (``notebooks/``) next to the package, or in the current folder."""
    here = Path(__file__).resolve().parents[2] / "notebooks" / name
    for cand in (here, Path.cwd() / "notebooks" / name, Path.cwd() / name):
        if cand.exists():
            return cand
    raise FileNotFoundError(2, "no such notebook; run evo-lab lab from the evo-lab checkout", f"notebooks/{name}")


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("lab", help="open JupyterLab on the tour notebook",
                       description="Start JupyterLab on notebooks/00_tour.ipynb (Ctrl-C stops it). Without a "
                                   "browser it prints the URL that opens the notebook.")
    p.add_argument("--notebook", default="00_tour.ipynb", help="notebook in notebooks/ to open")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser (print the URL)")
    p.add_argument("--port", type=int, default=None, help="port (default: a free one)")
    p.add_argument("--dry-run", action="store_true", help="print the URL and the command instead of running it")
    g = p.add_argument_group("presentation page (--present)")
    g.add_argument("--present", action="store_true",
                   help="serve the classroom page with Voila: only the Explorer, the board scaled to the window")
    g.add_argument("--game", default=None, help="registered game to present (default evo2e): " +
                   ", ".join(registered_games()))
    g.add_argument("--scenario", default=None,
                   help="a named scenario of the game (e.g. 'attack' in evo2e) or a tree/record/position JSON file")
    g.add_argument("--players", type=int, default=None, help="players (default: the game's smallest, at least 3)")
    g.add_argument("--seed", type=int, default=None, help="seed of a new game (default 0)")
    p.set_defaults(func=run)


def present_env(args: argparse.Namespace) -> dict[str, str]:
    """The ``EVO_PRESENT_*`` variables for ``notebooks/present.ipynb``, checked before Voila starts: an unknown
    game, a bad player count or a missing scenario file is an error here, not a broken page."""
    from evo_lab.core.registry import game_info
    from evo_lab.views.widgets.present import scenario_names

    game = args.game or "evo2e"
    if game not in registered_games():
        raise SystemExit(f"evo-lab lab: unknown game {game!r}; registered: {', '.join(registered_games())}")
    info = game_info(game)
    lo, hi = info.min_players, info.max_players
    if args.players is not None and not lo <= args.players <= hi:
        raise SystemExit(f"evo-lab lab: {game} takes {lo} to {hi} players, got --players {args.players}")
    env = {"EVO_PRESENT_GAME": game}
    if args.scenario:
        scen = args.scenario
        if scen not in scenario_names(game):
            path = Path(scen).expanduser().resolve()
            if not path.is_file():
                named = ", ".join(scenario_names(game)) or "none"
                raise SystemExit(f"evo-lab lab: --scenario {scen!r}: no such file, and not a scenario of {game} "
                                 f"(named ones: {named})")
            scen = str(path)
        env["EVO_PRESENT_SCENARIO"] = scen
    for key in ("players", "seed"):
        if getattr(args, key) is not None:
            env[f"EVO_PRESENT_{key.upper()}"] = str(getattr(args, key))
    return env


def run_present(args: argparse.Namespace, browser: bool) -> int:
    """Voila on ``notebooks/present.ipynb`` with the choice in the environment."""
    from evo_lab.views.widgets.browser import voila_command

    nb = find_notebook("present.ipynb")
    env = present_env(args)
    port = args.port or free_port()
    cmd = voila_command(nb, port, browser)
    print(f"Open the presentation: http://127.0.0.1:{port}/", flush=True)
    if args.dry_run:
        print(" ".join([f"{k}={v}" for k, v in env.items()] + cmd))
        return 0
    print(f"Starting Voila on {nb} (Ctrl-C to stop)...", flush=True)
    return subprocess.call(cmd, cwd=nb.parent, env=dict(os.environ, **env))


def _lab_command() -> list[str]:
    """JupyterLab's own launcher script (or its ``main`` when the script is not beside this Python)."""
    exe = Path(sys.executable).with_name("jupyter-lab")
    return [str(exe)] if exe.exists() else [sys.executable, "-c", "import sys; from jupyterlab.labapp import main; "
                                                                   "sys.exit(main())"]


def lab_command(nb: Path, port: int, token: str, browser: bool) -> list[str]:
    """The JupyterLab command line: the notebook's folder as root, the notebook as the default page."""
    cmd = _lab_command() + [f"--ServerApp.root_dir={nb.parent}", f"--LabApp.default_url=/lab/tree/{nb.name}",
                            f"--IdentityProvider.token={token}", f"--port={port}", "--ServerApp.ip=127.0.0.1",
                            '--ServerApp.jpserver_extensions={"notebook_shim": False}']
    if not browser:
        cmd.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:  # containers and CI machines often run as root
        cmd.append("--allow-root")
    return cmd


def run(args: argparse.Namespace) -> int:
    browser = not args.no_browser and bool(os.environ.get("DISPLAY") or sys.platform in ("darwin", "win32")
                                            or shutil.which("xdg-open"))
    if args.present:
        return run_present(args, browser)
    nb = find_notebook(args.notebook)
    port = args.port or free_port()
    token = secrets.token_hex(24)
    cmd = lab_command(nb, port, token, browser)
    url = f"http://127.0.0.1:{port}/lab/tree/{nb.name}?token={token}"
    print(f"Open the tour: {url}", flush=True)
    if args.dry_run:
        print(" ".join(cmd))
        return 0
    print(f"Starting JupyterLab on {nb} (Ctrl-C to stop)...", flush=True)
    return subprocess.call(cmd, cwd=nb.parent)
