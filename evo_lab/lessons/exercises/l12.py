"""Lesson 12, the hidden bag: answers recomputed with ``evo_lab.games.evo2e.odds.bag`` from the engine."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ..checks import choice_digest, exercise

MOVEMENT = ("wings", "flippers", "strong_thighs")


@lru_cache(maxsize=4)
def bag_position(seed: int = 14, round: int = 5, players: int = 4):  # noqa: A002 - the game's word
    """Lesson 12's position: a ``players``-player game of ``seed``, decisions uniformly random and chance drawn by
    ``numpy.random.default_rng(seed)`` (public API: ``play_out``), stopped at the first gene draw of ``round``."""
    import numpy as np

    import evo_lab
    from evo_lab.core.protocol import play_out, uniform_random_policy

    rng = np.random.default_rng(seed)
    s = evo_lab.Game(players=players, seed=seed).new_initial_state()
    play_out(
        s,
        uniform_random_policy(rng),
        rng,
        stop=lambda t: t.round == round and t.node_name() == "gene" and len(t.auction()["lots"]) == 1,
    )
    if s.is_terminal():  # pragma: no cover - the shipped seed reaches round 5
        raise RuntimeError(f"seed {seed} ends before round {round}")
    return s


def view():
    from evo_lab.games.evo2e.odds.bag import bag_view

    return bag_view(bag_position())


def initial_view():
    import evo_lab
    from evo_lab.games.evo2e.odds.bag import bag_view

    return bag_view(evo_lab.Game(players=4, seed=14).new_initial_state())


def games_for_half_width(p: Fraction, width: float = 0.01, limit: int = 1_000_000) -> int:
    """The fewest draws n whose 95% Wilson interval around an observed frequency of exactly ``p`` has half-width
    below ``width``."""
    from evo_lab.stats import wilson_interval

    lo_n, hi_n = 1, limit
    while lo_n < hi_n:  # the half-width decreases with n
        mid = (lo_n + hi_n) // 2
        lo, hi = wilson_interval(float(p) * mid, mid)
        if (hi - lo) / 2 < width:
            hi_n = mid
        else:
            lo_n = mid + 1
    return lo_n


@exercise(
    "12.1",
    "fraction",
    "Count the bags: how many 8-sets of the 12 unique genes contain both genes? Divide by C(12, 8).",
)
def _e1():
    from evo_lab.games.evo2e.odds.bag import count_distribution

    return count_distribution(initial_view(), ["large_horn", "bony_plates"])[2]


@exercise(
    "12.2",
    "fraction",
    "How many unique genes are still in the bag (public counts), and among how many unseen "
    "ones are they spread?",
    facts=lambda: {"in_bag": view().in_bag, "unseen": len(view().unseen)},
)
def _e2():
    return view().in_bag_probability("sixth_sense")


@exercise(
    "12.3",
    "fraction",
    "Hypergeometric: population = unseen genes, successes = the unseen movement genes, "
    "draws = unique genes in the bag. Add k = 2 and k = 3.",
    facts=lambda: {str(k): str(p) for k, p in _movement().items()},
)
def _e3():
    d = _movement()
    return sum((p for k, p in d.items() if k >= 2), Fraction(0))


def _movement():
    from evo_lab.games.evo2e.odds.bag import count_distribution

    return count_distribution(view(), MOVEMENT)


@exercise(
    "12.4", "choice", "Which two numbers does the posterior depend on, and did either change in round 4?"
)
def _e4():
    return choice_digest("12.4", "b")


@exercise(
    "12.5",
    "fraction",
    "The number of unique genes in the bag is public; every token is equally likely to be "
    "the first one drawn this round.",
)
def _e5():
    v = view()
    return Fraction(v.in_bag, sum(v.normal.values()) + v.in_bag)


@exercise(
    "12.6",
    "integer",
    "Try n = 5,000, 10,000, 20,000 with evo_lab.stats.wilson_interval(p * n, n) and narrow "
    "it down; the half-width is (high - low) / 2.",
)
def _e6():
    return games_for_half_width(view().in_bag_probability("sixth_sense"))
