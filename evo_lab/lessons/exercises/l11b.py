"""Lesson 11b, solving the card windows: answers recomputed exactly from the Prescience window game of lesson 11a
(its helpers live in ``l11a``)."""

from __future__ import annotations

from ..checks import exercise
from .l11a import PASS, cfr_run, first_info, first_player_lines, indifference_posterior, lesson_equilibrium


@exercise(
    "11b.1",
    "fraction",
    "First find the posterior mu where the two lines of the second player cross; then "
    "solve Bayes' rule mu = w1 s / (w0 + w1 s) for the silence s.",
    facts=lambda: {"mu": str(indifference_posterior())},
)
def _e3():
    return lesson_equilibrium().probability(first_info(0, 1), PASS)


@exercise(
    "11b.2",
    "fraction",
    "The value of revealing does not depend on rho; the value of silence is a straight "
    "line in rho through its values at rho = 0 and rho = 1. Where do they meet?",
    facts=lambda: {"lines": tuple(str(x) for x in first_player_lines())},
)
def _e4():
    return lesson_equilibrium().probability(first_info(1, 1), PASS)


@exercise(
    "11b.3",
    "integer",
    "Read the exploitability printed at each power of two and take the first one below 0.01.",
)
def _e5():
    return cfr_run().first_below(0.01)
