"""Lessons 13a and 13b: every check accepts the engine's answer, rejects a wrong one and never shows the answer; the answers
agree with the rules worked out by hand in the lesson."""

from __future__ import annotations

from fractions import Fraction

import pytest

from evo_lab.lessons.checks import check, exercises, expected, facts

IDS = [e.id for e in exercises("13a") + exercises("13b")]


@pytest.mark.parametrize("ex", IDS)
def test_check_accepts_the_engine_answer_and_hides_it(ex):
    e = next(x for x in exercises() if x.id == ex)
    want = expected(ex)
    if e.kind == "choice":
        assert [c for c in "abcd" if check(ex, c).correct] == ["b"]
        return
    assert check(ex, str(want) if e.kind == "fraction" else want).correct is True
    wrong = check(ex, -12345)
    assert wrong.correct is False
    assert str(want) not in wrong.message.replace(ex, "").replace(e.hint, "")
    assert check(ex, None).correct is None
    facts(ex)


def test_lesson_13_answers_follow_the_rules():
    # body 6 > 1 + 4 defeats Hard Shell; Climbing and Herding (population 2 <= 2) still block
    assert expected("13a.1") == ["climbing", "herding"]
    assert check("13a.1", ["Herding", "climbing"]).correct and not check("13a.1", ["climbing"]).correct
    # the indifference of the prey: 6 - 4x = 5; omega^2 = (3/16)^2 * 16 = 9/16, period 8 pi / 3 = 8.3776: the
    # prompt asks for "a decimal number of rounds", so 8.38 and 8.4 are both right, 8.3 and 8.5 are not
    assert expected("13a.2") == Fraction(1, 4)
    assert check("13a.3", 8.38).correct and check("13a.3", 8.4).correct and check("13a.3", "8.4").correct
    assert (
        not check("13a.3", 8.0).correct
        and not check("13a.3", 8.3).correct
        and not check("13a.3", 8.5).correct
    )
    assert expected("13a.4") == Fraction(1, 2)
    assert expected("13b.1") == Fraction(49, 129)
    hits, n = facts("13b.2")["survived"], facts("13b.2")["of"]
    assert expected("13b.2") == Fraction(hits, n) and 0 < n and hits / n < 0.2
