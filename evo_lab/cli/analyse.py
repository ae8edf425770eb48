"""``evo-lab analyse``: annotate a game record with the analysis board (every decision valued, marks ``?``/``??``).

    evo-lab analyse game.json [--viewer 1] [--budget 0.5 | --iterations 200] [--seed 1] [--out game.analysis.json]

Writes the evaluations per decision as JSON (``--out``, default ``RECORD.analysis.json``) and beside it the story
with the marks as Markdown (``.md``) and HTML (``.html``). See ``docs/analysis.md``.

>>> import json, tempfile, os, numpy as np, evo_lab
>>> from evo_lab.cli import main
>>> s = evo_lab.make_game("origin", players=2, seed=1).new_initial_state()
>>> _ = evo_lab.play_out(s, lambda st: st.legal_actions()[0], np.random.default_rng(1), max_actions=25)
>>> with tempfile.TemporaryDirectory() as d:
...     path = os.path.join(d, "game.json")
...     _ = open(path, "w").write(s.record_json())
...     main(["analyse", path, "--iterations", "20", "--seed", "1", "--no-progress"])  # doctest: +ELLIPSIS
...     report = json.load(open(os.path.join(d, "game.analysis.json")))
...     os.path.exists(os.path.join(d, "game.analysis.md")), report["format"]
analysed ... decisions of ... (Evolution: The Origin of Species); ... marked
wrote ...game.analysis.json, ...game.analysis.md, ...game.analysis.html
0
(True, 'evo-lab-analysis')
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "analyse",
        help="annotate a game record: every decision valued, mistakes marked ? and ??",
        description="Replay RECORD.json, analyse every decision from its mover's view (or only "
        "--viewer's), and write the evaluations (JSON) and the story with the marks "
        "(Markdown and HTML).",
    )
    p.add_argument("record", metavar="RECORD.json", help="a game record (evo-lab-record) of any game")
    p.add_argument(
        "--viewer", default=None, metavar="P", help="analyse only player P's decisions (1, 2, ... or P1)"
    )
    p.add_argument(
        "--budget",
        type=float,
        default=None,
        metavar="S",
        help="seconds per decision (default 0.5 unless --iterations)",
    )
    p.add_argument(
        "--iterations",
        type=int,
        default=None,
        metavar="N",
        help="playouts per decision instead of seconds (reproducible with --seed)",
    )
    p.add_argument("--seed", type=int, default=0, help="root seed (default 0)")
    p.add_argument(
        "--rollout", choices=["game", "random"], default="game", help="rollout policy (default game)"
    )
    p.add_argument(
        "--out",
        metavar="FILE",
        default=None,
        help="the JSON file (default RECORD.analysis.json); the story goes beside it (.md, .html)",
    )
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def _viewer(text: str | None, players: int) -> int | None:
    if text is None:
        return None
    t = text.strip().upper().removeprefix("P")
    if not t.isdigit() or not 1 <= int(t) <= players:
        raise ValueError(f"--viewer {text}: a player from 1 to {players}")
    return int(t) - 1


def run(args: argparse.Namespace) -> int:
    from .. import load_record
    from ..core.annotate import annotate, story_html, story_markdown, to_json
    from ..core.errors import FormatError
    from . import check_writable

    path = Path(args.record)
    out = Path(args.out) if args.out else path.with_name(path.stem + ".analysis.json")
    check_writable(str(out), "--out")
    if not path.is_file():
        raise (
            FileNotFoundError(2, "no such file", str(path))
            if not path.exists()
            else IsADirectoryError(21, "is a folder", str(path))
        )
    try:
        state = load_record(path)
    except FormatError as e:
        if str(path) in str(e):
            raise
        raise FormatError(f"{path}: {e}", "") from None
    viewer = _viewer(args.viewer, state.game.players)
    if args.iterations is not None and args.iterations < 1:
        raise ValueError(f"--iterations {args.iterations}: must be at least 1")
    if args.budget is not None and not args.budget > 0:
        raise ValueError(f"--budget {args.budget}: must be positive seconds")
    seconds = args.budget if args.budget is not None or args.iterations is not None else 0.5
    bar = None
    if not args.no_progress:
        from tqdm.auto import tqdm

        bar = tqdm(desc="decisions", unit="decision", file=sys.stderr)

    def progress(done: int, total: int) -> None:
        if bar is not None:
            bar.total = total
            bar.update(done - bar.n)

    plies = annotate(
        state,
        viewer,
        iterations=args.iterations,
        seconds=seconds,
        seed=args.seed,
        rollout=args.rollout,
        progress=progress,
    )
    if bar is not None:
        bar.close()
    md, page = out.with_suffix(".md"), out.with_suffix(".html")
    out.write_text(json.dumps(to_json(state, plies), indent=1), encoding="utf-8")
    md.write_text(story_markdown(state, plies), encoding="utf-8")
    page.write_text(story_html(state, plies), encoding="utf-8")
    marked = sum(1 for p in plies if p.mark)
    print(f"analysed {len(plies)} decisions of {path.name} ({state.game.title}); {marked} marked")
    print(f"wrote {out}, {md}, {page}")
    return 0
