#!/usr/bin/env python
"""Run the bad-input campaign over every loader and game and write its table into ``docs/security.md``.

    python scripts/bad_input_table.py                    # 200 mutated files per (loader, game), seed 0
    python scripts/bad_input_table.py --per-loader 1000 --seed 3 --check

Each file is a real position, record, tree, board, data pack, position text or harness input of a seeded
random game, mutated at one place (:mod:`evo_lab.badinput`). The table (loader, game, tried, valid and
playable, typed error, other exception) replaces the part of ``docs/security.md`` between
``<!-- loaders-table:begin -->`` and ``<!-- loaders-table:end -->`` (inside the Loaders section, between
``<!-- loaders:begin -->`` and ``<!-- loaders:end -->``; the file and the section are created if missing).
``--check``: exit status 1 if any file gave another exception (each is printed).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from evo_lab.core.atomic import atomic_write_text
from evo_lab.badinput import campaign, markdown_table

DOC = Path(__file__).resolve().parents[1] / "docs" / "security.md"
BEGIN, END = "<!-- loaders:begin -->", "<!-- loaders:end -->"
TABLE_BEGIN, TABLE_END = "<!-- loaders-table:begin -->", "<!-- loaders-table:end -->"
SKELETON = f"""{BEGIN}
## Loaders

Made by `scripts/bad_input_table.py`:

{TABLE_BEGIN}
{TABLE_END}
{END}
"""


def table_block(rows: list[dict], per_loader: int, seed: int) -> str:
    return (
        f"{TABLE_BEGIN}\n{per_loader} mutated files per loader and game, seed {seed} "
        f"(`python scripts/bad_input_table.py --per-loader {per_loader} --seed {seed}`):\n\n"
        f"{markdown_table(rows)}\n{TABLE_END}"
    )


def update(text: str, block: str) -> str:
    """``text`` (the whole document) with the table block replaced (the section added if missing)."""
    if BEGIN not in text or END not in text:
        text = text.rstrip("\n") + ("\n\n" if text.strip() else "") + SKELETON
    head, rest = text.split(BEGIN, 1)
    section, tail = rest.split(END, 1)
    if TABLE_BEGIN not in section or TABLE_END not in section:
        section = section.rstrip("\n") + f"\n\n{TABLE_BEGIN}\n{TABLE_END}\n"
    before, after = section.split(TABLE_BEGIN, 1)
    after = after.split(TABLE_END, 1)[1]
    return f"{head}{BEGIN}{before}{block}{after}{END}{tail}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-loader", type=int, default=200, help="mutated files per (loader, game)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--doc", default=str(DOC), help="the Markdown file to update")
    ap.add_argument("--check", action="store_true", help="exit 1 if any file gave another exception")
    args = ap.parse_args(argv)
    t0 = time.time()
    failures: list = []
    rows = campaign(per_loader=args.per_loader, seed=args.seed, failures=failures)
    doc = Path(args.doc)
    text = doc.read_text(encoding="utf-8") if doc.exists() else ""
    atomic_write_text(doc, update(text, table_block(rows, args.per_loader, args.seed)))
    print(markdown_table(rows))
    print(f"{sum(r['tried'] for r in rows)} files in {time.time() - t0:.0f} s; wrote {doc}")
    for f in failures:
        print(f"OTHER: {f['loader']} {f['game']} ({f['mutation']}): {f['detail']}", file=sys.stderr)
    return 1 if args.check and failures else 0


if __name__ == "__main__":
    sys.exit(main())
