"""Lesson 11a, hidden cards: information sets, priors and what silence says. Answers recomputed exactly from the
Prescience window game of the lesson's engine position (``evo_lab.theory.signalling``); the helpers here also serve
lesson 11b (``l11b``)."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ..checks import choice_digest, exercise

PASS = 4  # "pass" comes after the engine's four Prescience shifts


@lru_cache(maxsize=1)
def lesson_game():
    """The window game at the lesson's position (seed 205, round 7, greedy bots)."""
    from evo_lab.theory.signalling import PrescienceGame, find_position, spec_from_state

    return PrescienceGame(spec=spec_from_state(find_position()))


@lru_cache(maxsize=1)
def lesson_equilibrium():
    """The exact equilibrium (LP, rounded to fractions, checked to have exploitability 0)."""
    from evo_lab.theory.signalling_exact import exact_equilibrium

    return exact_equilibrium(lesson_game())


def first_info(player: int, copies: int) -> str:
    """``player``'s (0: first in the window, 1: second) information state at its first decision of this round
    when it was dealt ``copies`` Prescience and nobody has played."""
    from evo_lab.theory.signalling_solve import first_decisions

    g = lesson_game()
    head = f"{g.spec.name(player)} holds {copies}"
    return next(i for i in first_decisions(g, player) if i.split(" | ")[0] == head and i.count("|") == 1)


def prior_first_holds(second_copies: int = 1) -> Fraction:
    """P(the first player holds at least one copy | the second holds ``second_copies``), before anyone acts."""
    types = lesson_game().spec.types
    given = [(a, p) for a, b, p in types if b == second_copies]
    return sum((p for a, p in given if a > 0), Fraction(0)) / sum((p for _, p in given), Fraction(0))


def second_player_lines() -> dict[int, dict[int, Fraction]]:
    """The second player's (one copy, after silence) equilibrium values of each action given the copies the
    first player still holds: the two lines ``V(a | mu) = (1 - mu) V(a | 0) + mu V(a | 1)``."""
    from evo_lab.theory.signalling_exact import action_values

    eq = lesson_equilibrium()
    return action_values(eq.tree, eq.policy, first_info(1, 1), by_opponent=True)


def indifference_posterior(play: int = 3) -> Fraction:
    """The posterior ``mu`` at which the second player is indifferent between ``play`` (default ``-1``) and pass."""
    v = second_player_lines()
    a0, a1, p0, p1 = v[0][play], v[1][play], v[0][PASS], v[1][PASS]
    # (1 - mu) a0 + mu a1 = (1 - mu) p0 + mu p1
    return (p0 - a0) / ((a1 - a0) - (p1 - p0))


def first_player_lines(reveal: int = 2) -> tuple[Fraction, Fraction, Fraction]:
    """``(V_reveal, V_silent at rho = 0, V_silent at rho = 1)`` for the first player holding one copy, where
    ``rho`` is how often the second player (one copy) passes after silence; ``V_silent`` is linear in ``rho``."""
    from evo_lab.theory.signalling_exact import action_values, vary

    eq = lesson_equilibrium()
    a1, b1 = first_info(0, 1), first_info(1, 1)
    ends = [action_values(eq.tree, vary(eq.policy, b1, PASS, Fraction(r)), a1) for r in (0, 1)]
    return action_values(eq.tree, eq.policy, a1)[reveal], ends[0][PASS], ends[1][PASS]


@lru_cache(maxsize=1)
def cfr_run(iterations: int = 256):
    """Vanilla CFR through OpenSpiel for ``iterations`` iterations (checkpoints at the powers of two)."""
    from evo_lab.theory.signalling_solve import run_cfr

    return run_cfr(lesson_game(), iterations, solver="cfr")


def _weights() -> dict[str, Fraction]:
    t = {(a, b): p for a, b, p in lesson_game().spec.types}
    return {
        "none": t.get((0, 1), Fraction(0)),
        "one": t.get((1, 1), Fraction(0)),
        "two": t.get((2, 1), Fraction(0)),
    }


@exercise(
    "11a.1",
    "fraction",
    "Condition on what the second player knows: its own single copy. Add the deal "
    "probabilities with that, then the part where the first player has at least one copy.",
    facts=lambda: {k: str(v) for k, v in _weights().items()},
)
def _e1():
    return prior_first_holds(1)


@exercise(
    "11a.2",
    "choice",
    "Compare the chance of silence with a card (at most 1) and without one (exactly 1); "
    "Bayes' rule multiplies the prior odds by their ratio.",
)
def _e2():
    return choice_digest("11a.2", "b")


def posterior_after_silence(s1: Fraction, s2: Fraction = Fraction(0)) -> Fraction:
    """P(the first player holds a copy | it stayed silent), for the second player holding one copy, when the first
    stays silent with ``s1`` holding one copy and ``s2`` holding two (Bayes' rule over the deal weights)."""
    w = _weights()
    return (w["one"] * s1 + w["two"] * s2) / (w["none"] + w["one"] * s1 + w["two"] * s2)


@exercise(
    "11a.3",
    "fraction",
    "Bayes' rule: multiply each deal weight (P1 holding one) by the chance of silence for "
    "that many copies (1 for none), then divide the part where P2 holds by the total.",
)
def _e3():
    return posterior_after_silence(Fraction(1, 2))
