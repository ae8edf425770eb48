"""The examples in the engine's documentation run (``docs/engine.md`` is a doctest file)."""

from __future__ import annotations

import doctest
from pathlib import Path

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_engine_md_examples_run():
    res = doctest.testfile(
        str(DOCS / "engine.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert res.attempted > 10 and res.failed == 0, res
