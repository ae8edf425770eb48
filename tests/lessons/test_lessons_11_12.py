"""Lessons 11a, 11b and 12: every check accepts the recomputed answer, rejects a wrong one and never shows the answer;
the worked solutions' numbers are the recomputed ones."""

from __future__ import annotations

from fractions import Fraction

import pytest

from evo_lab.lessons.checks import check, exercises, expected, facts

IDS = [e.id for e in exercises() if e.id.split(".")[0] in ("11a", "11b", "12")]


@pytest.mark.parametrize("ex", IDS)
def test_check_accepts_the_answer_and_hides_it(ex):
    e = next(x for x in exercises() if x.id == ex)
    if e.kind == "choice":
        right = [c for c in "abcd" if check(ex, c).correct]
        assert len(right) == 1
        return
    want = expected(ex)
    assert check(ex, str(want) if e.kind == "fraction" else want).correct is True
    wrong = check(ex, -12345)
    assert wrong.correct is False and str(want) not in wrong.message.replace(ex, "").replace(e.hint, "")
    assert check(ex, None).correct is None


def test_lesson_11_answers_follow_the_game():
    pytest.importorskip("pyspiel")
    assert expected("11a.1") == Fraction(5, 11)
    assert expected("11a.3") == Fraction(3, 11)
    assert (expected("11b.1"), expected("11b.2")) == (Fraction(4, 15), Fraction(2, 5))
    assert facts("11b.1") == {"mu": "1/6"}
    w = {k: Fraction(v) for k, v in facts("11a.1").items()}
    assert (w["one"] + w["two"]) / (w["none"] + w["one"] + w["two"]) == expected("11a.1")
    assert w["one"] * Fraction(1, 2) / (w["none"] + w["one"] * Fraction(1, 2)) == expected("11a.3")
    rev, s0, s1 = (Fraction(x) for x in facts("11b.2")["lines"])
    assert s0 + expected("11b.2") * (s1 - s0) == rev
    mu = Fraction(facts("11b.1")["mu"])
    assert w["one"] * expected("11b.1") / (w["none"] + w["one"] * expected("11b.1")) == mu
    assert expected("11b.3") == 128
