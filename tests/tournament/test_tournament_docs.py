"""The examples of docs/remote.md and docs/tournaments.md run (doctest), from the repository's root."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", ["remote.md", "tournaments.md"])
def test_docs_examples_run(name, monkeypatch):
    monkeypatch.chdir(ROOT)
    res = doctest.testfile(
        str(ROOT / "docs" / name),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert res.attempted >= 2 and res.failed == 0, res


def test_the_docs_name_what_the_code_has():
    from evo_lab.tournament.protocol import SCHEMAS
    from evo_lab.tournament.remote import FAULT_KINDS

    remote = (ROOT / "docs" / "remote.md").read_text()
    teacher = (ROOT / "docs" / "tournaments.md").read_text()
    assert all(f"`{name}`" in remote for name in SCHEMAS)
    assert all(f"`{kind}`" in teacher and f"`{kind}`" in remote for kind in FAULT_KINDS)
