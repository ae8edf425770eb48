"""Lesson 17, Bayes-Nash bidding: answers recomputed with ``evo_lab.theory.bayes_nash`` (exact where the model is
exact) and from the engine's paired playouts of lesson 08's position."""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

from ..checks import exercise

#: values uniform on [0, TOP] MP: Evo's highest bid (the 6-MP cap, ruling R2)
TOP = 6
#: the common-value part: lesson 08's position (3 players, game seed 3, start of round 3's bidding), P1's value of
#: the vial, a reference run of paired playouts, and K playouts per bidder's estimate
GENE, PLAYER, REF_N, REF_SEED, K = "vial", 0, 400, 8, 4
#: the simulation sizes and seeds of the lesson
SAMPLES, SEED = 20000, 17


@lru_cache(maxsize=1)
def vial_reference():
    """The engine's paired differences (final MP with the vial minus without) of the reference run."""
    from evo_lab.theory.curse import paired_differences
    from evo_lab.theory.lab import auction_position

    return paired_differences(
        auction_position(players=3, seed=3, round=3), GENE, PLAYER, n=REF_N, seed=REF_SEED
    )


def estimate_scale() -> float:
    """``s = sigma / sqrt(K)``: the standard deviation of one bidder's estimate (mean of ``K`` playouts)."""
    ref = vial_reference()
    n = len(ref)
    mean = sum(ref) / n
    sigma = math.sqrt(sum((x - mean) ** 2 for x in ref) / (n - 1))
    return sigma / math.sqrt(K)


def equilibrium_shade(n: int) -> float:
    from evo_lab.theory.bayes_nash import normal_shade

    return estimate_scale() * normal_shade(n)


def _payment() -> Fraction:
    from evo_lab.theory.bayes_nash import uniform_first_price

    n, v = 4, Fraction(4)
    return uniform_first_price(v, n) * (v / TOP) ** (n - 1)


@exercise(
    "17.1",
    "fraction",
    "Expected payment = bid x P(win). With the equilibrium bid, a bidder of value v wins "
    "when all N - 1 others have lower values: (v / 6)^(N-1).",
    facts=lambda: {"payment": str(_payment())},
)
def _e1():
    return _payment()


@exercise(
    "17.2",
    "fraction",
    "Revenue equivalence: every standard auction raises E[second-highest value]; for N "
    "uniform values on [0, w] that is w (N - 1) / (N + 1).",
    facts=lambda: {"revenue": str(Fraction(TOP * 3, 5))},
)
def _e2():
    from evo_lab.theory.revenue import uniform_revenue

    return TOP * uniform_revenue(4)


def _reply() -> Fraction:
    from evo_lab.theory.bayes_nash import best_reply_bid

    exact = Fraction(2, 3) * Fraction(3, 5)  # (N - 1)/N v; below the rivals' top bid k w = 1/2
    grid = best_reply_bid(0.6, 3, 0.5)
    if abs(grid - float(exact)) > 1e-3:  # pragma: no cover - the model and the grid disagree
        raise AssertionError(f"grid best reply {grid} differs from {exact}")
    return exact


@exercise(
    "17.3",
    "fraction",
    "Maximise (v - b)(b / (k w))^(N - 1) over b: the k drops out of the first-order "
    "condition as long as the answer is below k w.",
    facts=lambda: {"reply": str(_reply())},
)
def _e3():
    return _reply()


@exercise(
    "17.4",
    "fraction",
    "Naive bidders bid E[V | x] = x + (N - 1)/2. The winner pays the second-highest "
    "naive bid; E[V] = N/2 and E[X_(2)] = (N - 1)/(N + 1).",
    facts=lambda: {"naive": str(_naive())},
)
def _e4():
    return _naive()


def _naive() -> Fraction:
    from evo_lab.theory.bayes_nash import wallet_profit

    return wallet_profit(4, "naive")


@exercise(
    "17.5",
    "number",
    "Equilibrium shade = s c_N with s = sigma / sqrt(k) from the reference run and c_N from normal_shade(N).",
    tolerance=0.006,
    facts=lambda: {"shade": f"{equilibrium_shade(4):.2f}"},
)
def _e5():
    return equilibrium_shade(4)
