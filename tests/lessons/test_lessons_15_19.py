"""Lessons 15-19: every checker accepts each form of the right answer the prompt allows (the printed rounded number
included), rejects a wrong one, and its answer is the one the lesson derives."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from evo_lab.lessons.checks import check, exercises, expected

#: exercise -> (forms of the right answer the prompt allows, wrong answers)
CASES = {
    "15.1": (["4/9", F(4, 9), 0.444, "0.444", " 4/9 "], [0.4, "2/7", 0.45]),
    "15.2": (["b", "B", "(b)", " (B) ", "b)", " b "], ["a", "c", "d"]),
    "15.3": (["1/7", F(1, 7), 0.143, "0.143"], ["1/8", 0.15]),
    "15.4": (["32/200", "4/25", F(4, 25), 0.16, "0.160", "16%"], [0.2, "32/100"]),
    "15.5": (["a", "A", "(a)", " (A) ", "a)"], ["b", "c", "d"]),
    "16.1": (["4/5", F(4, 5), 0.8, "0.8"], ["2/3", "3/5"]),
    "16.2": ([1, "1", 1.0, F(1)], [0, "2"]),
    "16.3": (["3/10", F(3, 10), 0.3, "0.3"], ["-3/10", 0.2]),
    "16.4": ([7, "7", 7.0, " 7 "], [8, 6, "11", "c"]),
    "16.5": (["3/2", F(3, 2), 1.5, "1.5"], [3, "1"]),
    "17.1": (["8/9", F(8, 9), 0.889, "0.889"], [3, "8/27"]),
    "17.2": (["18/5", F(18, 5), 3.6, "3.6"], [3, "4"]),
    "17.3": (["2/5", F(2, 5), 0.4, "0.4"], [0.5, "3/10"]),
    "17.4": (["-1/10", F(-1, 10), -0.1, "-0.1"], ["1/10", 0]),
    "17.5": ([0.88, "0.88"], [0.53, 0.8, 1.13]),
    "18.1": (["3/4", F(3, 4), 0.75, "0.75"], ["1/4", 0.5]),
    "18.2": (["3/4", F(3, 4), 0.75, "0.75"], ["1/4", "3/5"]),
    "18.3": (["b", "B", "(b)", " (B) ", "b)"], ["a", "c", "d"]),
    "18.4": (["1/2", F(1, 2), 0.5, "0.5"], ["3/4", 1]),
    "18.5": (["d", "D", "(d)", " (D) ", "d)"], ["a", "b", "c"]),
    "19.1": ([2, "2", 2.0], [1, 3, 2.5]),
    "19.2": (["b", "B", "(b)", " (B) ", "b)"], ["a", "c", "d"]),
    "19.3": ([0, "0", 0.0, F(0)], ["-11/8", -1]),
    "19.4": (["29/5", F(29, 5), 5.8, "5.8"], ["11/2", 5.5]),
    "19.5": (["c", "C", "(c)", " (C) ", "c)"], ["a", "b", "d"]),
}


def test_every_exercise_of_lessons_15_to_19_is_covered():
    ids = {e.id for lesson in ("15", "16", "17", "18", "19") for e in exercises(lesson)}
    assert ids == set(CASES)


@pytest.mark.parametrize("ex", sorted(CASES))
def test_checker_accepts_every_allowed_form_and_rejects_wrong_answers(ex):
    rights, wrongs = CASES[ex]
    for answer in rights:
        assert check(ex, answer).correct is True, (ex, answer)
    for answer in wrongs:
        res = check(ex, answer)
        assert res.correct is False, (ex, answer)
    assert check(ex, None).correct is None


def test_answers_are_the_ones_the_lessons_derive():
    assert expected("15.1") == F(4, 9) and expected("15.3") == F(1, 7)
    assert expected("16.1") == F(4, 5) and expected("16.2") == 1 and expected("16.3") == F(3, 10)
    assert expected("16.5") == F(3, 2)
    assert expected("17.1") == F(8, 9) and expected("17.2") == F(18, 5) and expected("17.3") == F(2, 5)
    assert expected("17.4") == F(-1, 10) and abs(expected("17.5") - 0.8765) < 0.001
    assert expected("18.1") == F(3, 4) and expected("18.2") == F(3, 4) and expected("18.4") == F(1, 2)
    assert expected("19.1") == 2 and expected("19.3") == 0 and expected("19.4") == F(29, 5)


def test_a_letter_answer_may_be_typed_with_brackets():
    """The prompts list options as "(a)", "(b)", ...: a student who copies the bracket is right too, and the
    brackets never turn a wrong letter into a right one."""
    from evo_lab.lessons.checks import choice_digest

    assert choice_digest("19.2", "(b)") == choice_digest("19.2", "b") == choice_digest("19.2", " [B] ")
    assert check("19.2", "(b)").correct and check("19.2", "b)").correct
    assert not check("19.2", "(a)").correct and not check("19.2", "(b) or (c)").correct
