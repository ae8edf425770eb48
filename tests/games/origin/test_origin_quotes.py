"""Every passage the Origin of Species tests quote (in double quotes, 12 characters or more, in a test's
docstring) is really in the seed rulebook or in the reference notes (fragments split at "..."; whitespace and
Markdown emphasis ignored). Skipped where the shared folder is not available."""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path

import pytest
from origin_helpers import REFERENCE, SEED, shared_file

FILES = sorted(p for p in Path(__file__).parent.glob("test_origin_*.py") if p.name != Path(__file__).name)


def norm(text: str) -> str:
    text = text.replace("*", "").replace("`", "")
    return re.sub(r"\s+", " ", text).strip()


@lru_cache(maxsize=1)
def sources() -> str:
    seed, ref = shared_file(SEED), shared_file(REFERENCE)
    return norm(seed.read_text(encoding="utf-8")) + "\n" + norm(ref.read_text(encoding="utf-8"))


def quotes() -> list[tuple[str, str]]:
    out = []
    for f in FILES:
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                for q in re.findall(r'"([^"]{12,})"', ast.get_docstring(node) or ""):
                    out.append((f"{f.name}::{node.name}", q))
    return out


def rule_tests() -> list[str]:
    names = []
    for f in FILES:
        if any(k in f.name for k in ("trait", "development", "feeding", "extinction", "scoring", "foodbank")):
            names += [
                f"{f.name}::{n}" for n in re.findall(r"^def (test_\w+)", f.read_text(encoding="utf-8"), re.M)
            ]
    return names


def test_every_rule_test_quotes_a_source():
    quoted = {w for w, _ in quotes()}
    missing = [t for t in rule_tests() if t not in quoted]
    assert not missing, f"rule tests without a quote of the seed or the reference: {missing}"


@pytest.mark.skipif(
    shared_file(SEED) is None or shared_file(REFERENCE) is None, reason="shared folder not available"
)
@pytest.mark.parametrize("where,quote", quotes())
def test_quote_is_in_the_sources(where, quote):
    for frag in re.split(r"\s*\.\.\.\s*", norm(quote)):
        frag = frag.strip(" .")
        if len(frag) >= 8:
            assert frag in sources(), f"{where}: {frag!r} is neither in the seed nor in the reference"
