"""``evo-lab lab``: open JupyterLab on the tour notebook.

Headless (no browser on the machine, or ``--no-browser``) it prints the URL that opens the tour notebook itself,
not the Launcher: ``http://127.0.0.1:PORT/lab/tree/00_tour.ipynb?token=...``. JupyterLab starts with that page
as its default URL (``LabApp.default_url``), so the URLs it prints and a browser it opens land there too.
``notebook_shim`` (Notebook 7's bridge, not needed by JupyterLab) is switched off for this server: it reads every
attribute of the server app and so triggers jupyter_server's deprecation warning for ``ServerApp.token``.

The token is handed to JupyterLab in a private file (``JUPYTER_TOKEN_FILE``), never on its command line, which
every local user can read with ``ps``; the port is checked before the server starts, and the URL is printed once
the server answers (:mod:`evo_lab.cli.servers`, docs/security.md).

>>> from evo_lab.cli import main
>>> main(["lab", "--dry-run", "--no-browser", "--port", "8899"])  # doctest: +ELLIPSIS
Open the tour: http://127.0.0.1:8899/lab/tree/00_tour.ipynb?token=...
... --LabApp.default_url=/lab/tree/00_tour.ipynb ...
0

``--present`` serves ``evo_lab/views/present.ipynb`` with Voila instead: the classroom page, only the Explorer, its board
scaled to the window (:mod:`evo_lab.views.widgets.present`); ``--game``, ``--scenario``, ``--players`` and
``--seed`` choose what it shows (handed to the kernel as ``EVO_PRESENT_*``; the page's address can override them:
``?game=origin``). On 127.0.0.1 the page has no token; on any other address (``--ip 0.0.0.0`` for a class on the
local network) a token is made and printed in the address to share with the class.

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
import sys
import webbrowser
from pathlib import Path

from evo_lab.core.registry import registered_games
from evo_lab.views.offline import voila_env

from .argtypes import non_negative_int, port_number, positive_int
from .servers import (
    PresentLimits,
    ServerError,
    check_ip,
    check_port,
    free_port,
    is_loopback,
    lab_command,
    lab_token_env,
    private_folder,
    run_server,
    url_host,
    voila_command,
    voila_config,
)

__all__ = ["add_parser", "find_notebook", "lab_command", "present_env", "run"]


#: The classroom page's notebook ships inside the package, so an installed wheel can present too.
PRESENT_NOTEBOOK = Path(__file__).resolve().parents[1] / "views" / "present.ipynb"


def find_notebook(name: str = "00_tour.ipynb") -> Path:
    """The notebook in the project checkout (``notebooks/``) next to the package, or in the current folder;
    ``present.ipynb`` is the package's own (:data:`PRESENT_NOTEBOOK`)."""
    if name == PRESENT_NOTEBOOK.name:
        return PRESENT_NOTEBOOK
    here = Path(__file__).resolve().parents[2] / "notebooks" / name
    for cand in (here, Path.cwd() / "notebooks" / name, Path.cwd() / name):
        if cand.exists():
            return cand
    raise FileNotFoundError(
        2, "no such notebook; run evo-lab lab from the evo-lab checkout", f"notebooks/{name}"
    )


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "lab",
        help="open JupyterLab on the tour notebook",
        description="Start JupyterLab on notebooks/00_tour.ipynb (Ctrl-C stops it). Without a "
        "browser it prints the URL that opens the notebook.",
    )
    p.add_argument("--notebook", default="00_tour.ipynb", help="notebook in notebooks/ to open")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser (print the URL)")
    p.add_argument("--port", type=port_number, default=None, help="port, 1 to 65535 (default: a free one)")
    p.add_argument(
        "--ip",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every network, "
        "with a token; see docs/security.md)",
    )
    p.add_argument(
        "--dry-run", action="store_true", help="print the URL and the command instead of running it"
    )
    g = p.add_argument_group("presentation page (--present)")
    g.add_argument(
        "--present",
        action="store_true",
        help="serve the classroom page with Voila: only the Explorer, the board scaled to the window",
    )
    g.add_argument(
        "--game",
        default=None,
        help="registered game to present (default evo2e): " + ", ".join(registered_games()),
    )
    g.add_argument(
        "--scenario",
        default=None,
        help="a named scenario of the game (e.g. 'attack' in evo2e) or a tree/record/position JSON file",
    )
    g.add_argument(
        "--players",
        type=positive_int,
        default=None,
        help="players (default: the game's smallest, at least 3)",
    )
    g.add_argument("--seed", type=non_negative_int, default=None, help="seed of a new game (default 0)")
    g.add_argument(
        "--token",
        action="store_true",
        help="require a token on 127.0.0.1 too (always on for any other address)",
    )
    g.add_argument(
        "--max-kernels",
        type=positive_int,
        default=PresentLimits.max_kernels,
        help=f"pages open at once, each a Python kernel (default {PresentLimits.max_kernels})",
    )
    g.add_argument(
        "--cull-idle",
        type=non_negative_int,
        default=PresentLimits.cull_idle,
        help=f"seconds after which a closed page's kernel stops (default {PresentLimits.cull_idle}; "
        "0: never)",
    )
    p.set_defaults(func=run)


def present_env(args: argparse.Namespace) -> dict[str, str]:
    """The ``EVO_PRESENT_*`` variables for ``notebooks/present.ipynb``, checked before Voila starts: an unknown
    game, a bad player count or a missing scenario file is an error here (naming the option), not a broken
    page."""
    from evo_lab.core.registry import game_info
    from evo_lab.views.widgets.present import PresentError, scenario_names

    game = args.game or "evo2e"
    if game not in registered_games():
        raise PresentError(f"--game: unknown game {game[:60]!r}; registered: {', '.join(registered_games())}")
    info = game_info(game)
    lo, hi = info.min_players, info.max_players
    if args.players is not None and not lo <= args.players <= hi:
        raise PresentError(f"--players: {game} takes {lo} to {hi} players, got {args.players}")
    env = {"EVO_PRESENT_GAME": game}
    if args.scenario:
        scen = args.scenario
        if scen not in scenario_names(game):
            path = Path(scen).expanduser().resolve()
            if not path.is_file():
                named = ", ".join(scenario_names(game)) or "none"
                raise PresentError(
                    f"--scenario {scen[:80]!r}: no such file, and not a scenario of {game} "
                    f"(named ones: {named})"
                )
            _check_scenario_file(path, game)
            scen = str(path)
        env["EVO_PRESENT_SCENARIO"] = scen
    for key in ("players", "seed"):
        if getattr(args, key) is not None:
            env[f"EVO_PRESENT_{key.upper()}"] = str(getattr(args, key))
    return env


def _check_scenario_file(path: Path, game: str) -> None:
    """Load the operator's scenario file once here, so a bad one is an error in the terminal (naming the file
    and the field), not on the projector."""
    from evo_lab.views.widgets.present import PresentError
    from evo_lab.views.widgets.session import Session

    try:
        Session(game).load(path)
    except (ValueError, OSError) as e:
        raise PresentError(f"--scenario {e}") from None


def _probe_host(ip: str) -> str:
    """Where this machine reaches a server listening on ``ip`` (every address: through loopback)."""
    if ip in ("0.0.0.0", "localhost") or is_loopback(ip):
        return "127.0.0.1" if ":" not in ip else "[::1]"
    return "[::1]" if ip == "::" else url_host(ip)


def run_present(args: argparse.Namespace, browser: bool, ip: str, port: int) -> int:
    """Voila on ``notebooks/present.ipynb`` with the choice in the environment and the classroom limits."""
    nb = find_notebook("present.ipynb")
    env = {**present_env(args), "JUPYTER_PATH": voila_env()["JUPYTER_PATH"]}  # evo-lab's Voila template
    token = secrets.token_urlsafe(24) if args.token or not is_loopback(ip) else ""
    limits = PresentLimits(max_kernels=args.max_kernels, cull_idle=args.cull_idle)
    url = f"http://{url_host(ip)}:{port}/" + (f"?token={token}" if token else "")
    announce = f"Open the presentation: {url}"
    if token:
        announce += "\n(the token in this address admits a visitor: share it with the class only)"
    if args.dry_run:  # the command as it would run (its private config folder is made only then)
        print(announce)
        cmd = voila_command(nb, port, limits, ip=ip, config_dir=Path("PRIVATE-FOLDER"))
        print(" ".join([f"{k}={v}" for k, v in env.items()] + cmd))
        return 0
    with private_folder() as folder:
        cmd = voila_command(nb, port, limits, ip=ip, config_dir=voila_config(folder, limits, token))
        print(f"Starting Voila on {nb} (Ctrl-C to stop)...", flush=True)
        probe = f"http://{_probe_host(ip)}:{port}/voila/static/"
        opener = (lambda: webbrowser.open(url)) if browser else None
        return run_server(cmd, nb.parent, env, probe, announce, "Voila", on_ready=opener)


def run(args: argparse.Namespace) -> int:
    browser = not args.no_browser and bool(
        os.environ.get("DISPLAY") or sys.platform in ("darwin", "win32") or shutil.which("xdg-open")
    )
    ip = check_ip(args.ip)
    if args.port is not None and not args.dry_run:
        check_port(ip, args.port)
    try:
        port = args.port or free_port(ip)
    except OSError as e:
        raise ServerError(f"--ip {ip}: cannot listen there ({e.strerror or e})") from None
    if args.present:
        return run_present(args, browser, ip, port)
    nb = find_notebook(args.notebook)
    token = secrets.token_hex(24)
    cmd = lab_command(nb, port, browser, ip)
    url = f"http://{url_host(ip)}:{port}/lab/tree/{nb.name}?token={token}"
    if args.dry_run:
        print(f"Open the tour: {url}")
        print(" ".join(cmd))
        return 0
    print(f"Starting JupyterLab on {nb} (Ctrl-C to stop)...", flush=True)
    with private_folder() as folder:
        env = lab_token_env(folder, token)
        return run_server(
            cmd, nb.parent, env, f"http://{_probe_host(ip)}:{port}/api", f"Open the tour: {url}", "JupyterLab"
        )
