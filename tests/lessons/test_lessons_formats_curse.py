"""Lessons 07a and 07b (auction formats) and 08 (winner's curse): the checks' answers follow the rules they recompute (the
generic accept/reject/hide test of every check is tests/lessons/test_lessons.py)."""

from __future__ import annotations

from evo_lab.lessons.checks import expected


def test_lesson_07_answers_follow_the_rules():
    # the answers are recomputed: a different table gives a different answer
    from evo_lab.theory import teaching_position
    from evo_lab.theory.lab import evo_equilibrium

    assert (
        expected("07b.1") == evo_equilibrium(teaching_position(players=2, seed=1), [[0, 6], [0, 3]]).revenue
    )
    assert evo_equilibrium(teaching_position(players=2, seed=1), [[0, 6], [0, 1]]).revenue == 0


def test_lesson_08_answers_follow_the_order_statistics():
    from fractions import Fraction

    from evo_lab.lessons.exercises import l08
    from evo_lab.theory.curse import estimate_pmf, order_statistics

    ref, _pool = l08._runs()
    e1, e2 = order_statistics(estimate_pmf(ref, l08.K), 2)
    mu = Fraction(int(sum(ref)), len(ref))
    assert expected("08.3") == round(float(e2 - mu), 2) == -round(float(e1 - mu), 2)
    assert 1 <= expected("08.5") <= 6
