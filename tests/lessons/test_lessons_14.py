"""Lesson 14 (the Origin food bank): the checker's answers are the engine's, and each agrees with an independent
count (the tail formula of the round robin, the moment formulas, the paired interval)."""

from __future__ import annotations

from fractions import Fraction

from evo_lab.lessons.checks import check, expected, facts
from evo_lab.lessons.exercises.l14 import race_position, simulated
from evo_lab.theory.food_race import at_least, bank_pmf, dice_pmf


def test_variance_and_tail_answers_follow_the_dice():
    assert expected("14.1") == 3 * Fraction(35, 12)
    assert facts("14.1") == {"die": "35/12", "mean": "25/2"}
    f = facts("14.2")
    assert expected("14.2") == at_least(dice_pmf(2, 2), f["need"])
    assert f["p_fat"] == str(at_least(dice_pmf(2, 2), f["with_fat"]))


def test_race_answers_follow_the_round_robin_tail_formula():
    n, pmf = 3, bank_pmf(race_position())
    token = n * (3 - 1) + 2 + 1  # $G: third token of the seat two after the first
    assert facts("14.3") == {"token": token} and expected("14.3") == at_least(pmf, token)
    assert Fraction(facts("14.4")["without"]) == at_least(
        pmf, token - 1
    )  # one token earlier without the slot
    assert check("14.4", "b").correct and not check("14.4", "a").correct


def test_insurance_answers_match_their_printed_parts():
    f = facts("14.5")
    assert abs(expected("14.5") - (float(f["stored"]) - float(f["hib"]))) < 1e-4
    assert expected("14.5") > 0
    fat, hib = simulated("fat_tissue"), simulated("hibernation")
    assert fat.seed == hib.seed and fat.games == hib.games == 1000
    assert check("14.6", "a").correct  # the paired interval lies below 0 on the lesson's seed
