"""Lessons 07 (auction formats) and 08 (winner's curse): every check accepts the recomputed answer, rejects a wrong
one and never shows the answer."""

from __future__ import annotations

import pytest

from evo_lab.lessons.checks import check, exercises, expected


@pytest.mark.parametrize("ex", [e.id for e in exercises() if e.id.split(".")[0] in ("07", "08")])
def test_check_accepts_the_engine_answer_and_hides_it(ex):
    e = next(x for x in exercises() if x.id == ex)
    want = expected(ex)
    right = check(ex, str(want) if e.kind == "fraction" else want)
    assert right.correct is True
    wrong = check(ex, -12345)
    assert wrong.correct is False
    assert str(want) not in wrong.message.replace(ex, "").replace(e.hint, "")
    assert check(ex, None).correct is None


def test_lesson_07_answers_follow_the_rules():
    # the answers are recomputed: a different table gives a different answer
    from evo_lab.theory import teaching_position
    from evo_lab.theory.lab import evo_equilibrium

    assert expected("07.4") == evo_equilibrium(teaching_position(players=2, seed=1), [[0, 6], [0, 3]]).revenue
    assert evo_equilibrium(teaching_position(players=2, seed=1), [[0, 6], [0, 1]]).revenue == 0
