"""Every rulebook passage quoted in the rule tests' docstrings is really in the rulebook (the text is
checked fragment by fragment, split at "..."). Skipped where the rulebook is not available."""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path

import pytest

_SEED = Path("seeds") / "000_ac662ced2d605a67.txt"
#: ``../shared`` next to the repository, else the workspace's ``/work/shared`` (CI clones elsewhere: skipped)
RULEBOOK = next(
    (
        b / _SEED
        for b in (Path(__file__).resolve().parents[3].parent / "shared", Path("/work/shared"))
        if (b / _SEED).exists()
    ),
    Path("/nonexistent") / _SEED,
)
FILES = sorted(Path(__file__).parent.glob("test_rules_*.py"))


@lru_cache(maxsize=1)
def book() -> str:
    return norm(RULEBOOK.read_text(encoding="utf-8"))


def norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def quotes():
    out = []
    for f in FILES:
        tree = ast.parse(f.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                doc = ast.get_docstring(node) or ""
                for q in re.findall(r'"([^"]{12,})"', doc):
                    out.append((f"{f.name}::{node.name}", q))
    return out


def test_rule_tests_quote_the_rulebook():
    tests = [
        n for f in FILES for n in re.findall(r"^def (test_\w+)", f.read_text(encoding="utf-8"), re.MULTILINE)
    ]
    quoted = {name for name, _ in quotes()}
    assert len(quoted) >= 0.6 * len(tests), "most rule tests must quote the rulebook"


@pytest.mark.skipif(not RULEBOOK.exists(), reason="rulebook not available")
@pytest.mark.parametrize("where,quote", quotes())
def test_quote_is_in_the_rulebook(where, quote):
    for frag in re.split(r"\s*\.\.\.\s*", norm(quote)):
        frag = frag.strip(" .")
        if len(frag) >= 8:
            assert frag in book(), f"{where}: {frag!r} is not in the rulebook"
