"""Lesson 05, bots and Monte Carlo tree search."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..checks import choice_digest, exercise

if TYPE_CHECKING:
    from evo_lab.games.evo2e import Action, State


@exercise(
    "05.1",
    "integer",
    "Solve 1.96 * sqrt(0.5 * 0.5 / n) <= 0.05 for the smallest whole n.",
    facts=lambda: {"n": _n_for_half_width(0.05)},
)
def _e1():
    return _n_for_half_width(0.05)


def _n_for_half_width(h: float, p: float = 0.5, z: float = 1.96) -> int:
    return math.ceil(z * z * p * (1 - p) / (h * h))


@exercise(
    "05.2",
    "number",
    "Put the numbers into Q + c * sqrt(ln(N_avail) / N) with the natural logarithm.",
    tolerance=0.005,
)
def _e2():
    return 0.8 + 0.7 * math.sqrt(math.log(1000) / 64)


def lesson_position():
    """The movement decision of lesson 05: seeded greedy play (seed 7, 4 players) until a move decision with an
    attack on offer where greedy's evaluations differ by more than 1 MP (public API only)."""
    import numpy as np

    import evo_lab
    from evo_lab.games.evo2e.bots import GreedyBot
    from evo_lab.games.evo2e.bots.greedy import expected_after

    def interesting(s):
        if s.node_name() != "move" or s.round < 2 or len(s.legal_actions()) <= 4:
            return False
        acts, p = s.legal_actions(), s.current_player()
        ev = [expected_after(s, a, p) for a in acts]
        return max(ev) - min(ev) > 1.0 and any(a.kind == "attack" for a in acts)

    rng = np.random.default_rng(7)
    s = evo_lab.Game(players=4, seed=7).new_initial_state()
    while not interesting(s):
        if s.is_chance_node():
            s.apply_action(evo_lab.sample_chance(s, rng))
        else:
            s.apply_action(GreedyBot(seed=0)(s))
    return s


@exercise(
    "05.3", "integer", "Uniform visits would give each action 1/k of the iterations: count the legal actions."
)
def _e3():
    return len(lesson_position().legal_actions())


class _Miser:
    """Section 5's miser: the cheapest bid in every auction, greedy play otherwise."""

    name = "miser"

    def __init__(self, greedy: Callable[[State, int], Action]) -> None:
        self.greedy = greedy

    def __call__(self, state: State, player: int) -> Action:
        if state.node_name() == "bid":
            return min(state.legal_actions(), key=lambda a: a.b)
        return self.greedy(state, player)


def _miser_verdict() -> str:
    from evo_lab.games.evo2e.bots import GreedyBot
    from evo_lab.sim import simulate

    miser = _Miser(GreedyBot(seed=0))
    r = simulate(
        players=4,
        games=20,
        bots=(miser, "greedy", "greedy", "greedy"),
        seed=3,
        executor="serial",
        progress=False,
    )
    from ..intervals import first_places

    lo, hi = first_places(r, "miser").score_bounds()  # whole counts: outright low, first places high
    return "a" if hi < 0.25 else ("c" if lo > 0.25 else "b")


@exercise(
    "05.4",
    "choice",
    "Compare the miser's whole interval (the outright-win low end, the first-place high end), "
    "not its win rate, with the baseline 0.25.",
)
def _e4():
    return choice_digest("05.4", _miser_verdict())


@exercise("05.5", "text", "Which State method redraws what a player cannot see? (just its name)")
def _e5():
    return "determinize"
