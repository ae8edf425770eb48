#!/usr/bin/env python
"""Rewrite the generated tables of docs/origin.md (provenance, rulings, food-bank distributions, trait registry)."""

from __future__ import annotations

import sys
from pathlib import Path

from evo_lab.core.atomic import atomic_write_text
from evo_lab.games.origin.doctables import update

DOC = Path(__file__).resolve().parents[1] / "docs" / "origin.md"


def main() -> int:
    old = DOC.read_text(encoding="utf-8")
    new = update(old)
    if new != old:
        atomic_write_text(DOC, new)
        print(f"updated {DOC}")
    else:
        print(f"{DOC} is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
