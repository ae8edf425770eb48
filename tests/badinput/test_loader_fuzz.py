"""Property-based tests of every loader (issue 18): real files of every registered game, produced by seeded
random play, mutated one place at a time (a value of another type, out of range, huge, deeply nested, a key
deleted or added, a value copied from elsewhere, an entry duplicated), must load into a state that passes its
invariants and on which every legal action applies, or fail with a typed evo-lab error with a short message;
never anything else.

Deterministic (``derandomize=True``, no example database). ``EVO_LAB_FUZZ_EXAMPLES`` sets the examples per
(loader, game) (default 120 in CI); ``EVO_LAB_FUZZ_LONG=1`` adds the ``slow`` run, ten times as many.
"""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evo_lab.badinput import GAMES, KINDS, applicable, campaign, mutate, mutate_text, outcome, samples

EXAMPLES = int(os.environ.get("EVO_LAB_FUZZ_EXAMPLES", "120"))
CASES = [(k, g) for k in KINDS for g in GAMES if applicable(g, k)]


class DrawChooser:
    """The mutation's choices drawn by hypothesis (so failures shrink to the simplest mutation)."""

    def __init__(self, data: st.DataObject):
        self.data = data

    def index(self, n: int) -> int:
        return self.data.draw(st.integers(0, n - 1)) if n > 1 else 0

    def integer(self, lo: int, hi: int) -> int:
        return self.data.draw(st.integers(lo, hi))


def _mutated(kind: str, game: str, ch: DrawChooser) -> tuple[str, str]:
    docs = samples(game, kind)
    doc = docs[ch.index(len(docs))]
    if kind == "text":
        return mutate_text(doc, ch)
    if kind == "harness":
        how, body = mutate(doc[1], ch)
        return how, f"{doc[0]}\n{body}"
    return mutate(doc, ch)


def _check(kind: str, game: str, examples: int) -> None:
    @settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(st.data())
    def prop(data: st.DataObject) -> None:
        how, text = _mutated(kind, game, DrawChooser(data))
        res, detail = outcome(kind, game, text)
        assert res in ("valid", "typed"), f"{kind} of {game}, mutation {how}: {detail}"

    prop()


@pytest.mark.parametrize("kind,game", CASES, ids=[f"{k}-{g}" for k, g in CASES])
def test_mutated_files_load_cleanly_or_fail_typed(kind, game):
    _check(kind, game, EXAMPLES)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("EVO_LAB_FUZZ_LONG"), reason="the long run: set EVO_LAB_FUZZ_LONG=1")
@pytest.mark.parametrize("kind,game", CASES, ids=[f"{k}-{g}" for k, g in CASES])
def test_mutated_files_load_cleanly_or_fail_typed_long(kind, game):
    _check(kind, game, 10 * EXAMPLES)


@pytest.mark.parametrize("kind,game", CASES, ids=[f"{k}-{g}" for k, g in CASES])
def test_the_unmutated_samples_load_and_play(kind, game):
    """The campaign starts from good files: each loads and plays (else the mutations prove nothing)."""
    for doc in samples(game, kind):
        if kind == "text":
            text = doc
        elif kind == "harness":
            text = f"{doc[0]}\n{json.dumps(doc[1])}"
        else:
            text = json.dumps(doc)
        assert outcome(kind, game, text) == ("valid", "")


def test_the_campaign_table_has_no_other_exception():
    """``scripts/bad_input_table.py`` on a small seeded run: the "other exception" column is all zero."""
    failures: list = []
    rows = campaign(per_loader=15, seed=1, failures=failures)
    assert {(r["loader"], r["game"]) for r in rows} == set(CASES)
    assert all(r["other"] == 0 for r in rows), failures[:5]
    assert all(r["tried"] == r["valid"] + r["typed"] for r in rows)
