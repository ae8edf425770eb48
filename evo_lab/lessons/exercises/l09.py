"""Lesson 09, the value of information: answers recomputed with ``evo_lab.theory.information`` on the lesson's
position (the first birth decision with a positive EVPI in the uniformly random 3-player game of seed 536)."""

from __future__ import annotations

from ..checks import choice_digest, exercise

#: the game whose first auction offering Sixth Sense exercise 09.5 solves
AUCTION_SEED = 2


def _decision():
    from evo_lab.theory.information import frozen_board_decision
    from evo_lab.theory.information_play import lesson_position

    return frozen_board_decision(lesson_position())


@exercise(
    "09.1",
    "fraction",
    "Count the unrevealed tokens of each kind: is the meteorite possible at this pile "
    "position (it lies among the last three of twelve)?",
    facts=lambda: {o.token: str(o.probability) for o in _decision().tokens},
)
def _e1():
    return next(o.probability for o in _decision().tokens if o.token == "cw1")


@exercise(
    "09.2",
    "fraction",
    "For each plan take the prior-weighted average of its row; V0 is the largest of them.",
    facts=lambda: {"best": _decision().problem.actions[_decision().problem.best_without()]},
)
def _e2():
    return _decision().problem.value_without()


@exercise(
    "09.3",
    "fraction",
    "V1 takes the best entry of each column (token), weighted by the prior; EVPI = V1 - V0.",
    facts=lambda: {"v1": str(_decision().problem.value_with())},
)
def _e3():
    return _decision().problem.evpi()


@exercise(
    "09.4", "choice", "Write EVPI as the prior-weighted sum of the uninformed plan's regret in each state."
)
def _e4():
    return choice_digest("09.4", "b")


def _auction(value: int = 2):
    import numpy as np

    from evo_lab.theory import lot_names, solve_sequential
    from evo_lab.theory.information_play import auction_position

    s = auction_position("sixth_sense", AUCTION_SEED)
    if s is None:
        raise ValueError(f"the game of seed {AUCTION_SEED} ends before an auction with Sixth Sense")
    names = lot_names(s)
    table = np.zeros((s.players, len(names)))
    table[:, names.index("sixth_sense")] = value
    return s, names, solve_sequential(s, table)


@exercise(
    "09.5",
    "integer",
    "Bids are whole MP and a tie goes to the first legal action: when does outbidding still gain something?",
    facts=lambda: {"winner": f"P{_auction()[2].allocation[_auction()[1].index('sixth_sense')][0] + 1}"},
)
def _e5():
    _s, names, sol = _auction()
    return sol.allocation[names.index("sixth_sense")][2]
