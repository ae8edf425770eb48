"""Lesson 16, repeated games: answers recomputed from the stage game that the engine's sealed-bid model gives on the
lesson's position (``evo_lab.theory.normal_form``) and from ``evo_lab.theory.repeated``."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ..checks import exercise

#: the lesson's bids (the sealed-bid model of lesson 04 with bids 0..3) and the value of the plates to both
BIDS = range(4)
VALUE = 3
#: the ring: the public coin gives the plates to P1 (P2 takes the card) or to P2, each for a bid of 0
RING = (("0 on bony_plates", "0 on event card"), ("0 on event card", "0 on bony_plates"))
#: exercise 4's discount factor
DELTA = Fraction(3, 5)


@lru_cache(maxsize=4)
def lesson_stage(value: int = VALUE):
    """The stage game: the lesson's position, both players valuing the plates at ``value`` and the card at 0."""
    from evo_lab.theory import normal_form, teaching_position
    from evo_lab.theory.repeated import StageGame

    return StageGame.from_normal_form(
        normal_form(teaching_position(players=2, seed=1), [[0, value], [0, value]], bids=BIDS)
    )


def ring_threshold(value: int = VALUE):
    from evo_lab.theory.repeated import random_path_threshold

    return random_path_threshold(lesson_stage(value), RING)


@exercise(
    "16.1",
    "fraction",
    "Redo the table of section 3 with the plates worth 4: the stage equilibrium after a "
    "deviation changes too. delta* = (d - c) / (d - c + v - n) for each player and cell; take the largest.",
    facts=lambda: {"threshold": str(ring_threshold(4)[0])},
)
def _e1():
    return ring_threshold(4)[0]


@exercise(
    "16.2",
    "fraction",
    "P1 wins ties. Which bid on the plates can P2 never beat, and what does it leave P1?",
    facts=lambda: {"minmax": str(lesson_stage(4).minmax(0))},
)
def _e2():
    return lesson_stage(4).minmax(0)


def _p1_gain() -> Fraction:
    from evo_lab.theory.repeated import discounted

    ch = next(c for c in ring_threshold()[1] if c.player == 0 and c.cooperate == 0)
    stay = discounted([ch.cooperate], DELTA, tail=ch.continuation)
    leave = discounted([ch.deviate], DELTA, tail=ch.punishment)
    return leave - stay


@exercise(
    "16.3",
    "fraction",
    "Normalised discounted values: cooperating gives (1 - delta) c + delta v, deviating "
    "(1 - delta) d + delta n. Subtract.",
    facts=lambda: {"gain": str(_p1_gain())},
)
def _e3():
    return _p1_gain()


def ring_rounds() -> list[int]:
    """The rounds of Evo's two-player game (at most 11, the meteorite's chances from the engine) in which both
    cells of the ring can be played in a subgame-perfect equilibrium found by the backward recursion
    (``evo_lab.theory.repeated.finite_horizon_spe``)."""
    import evo_lab
    from evo_lab.theory.horizon import horizon
    from evo_lab.theory.repeated import finite_horizon_spe

    h = horizon(evo_lab.Game(players=2))
    rounds = finite_horizon_spe(lesson_stage(), [1 - h.hazard(k) for k in range(1, 12)])
    return [r.round for r in rounds if all(cell in r.enforceable for cell in RING)]


@exercise(
    "16.4",
    "integer",
    "Section 5 prints, round by round, whether both cells of the ring can be enforced. "
    "Which threats are left to punish P1 for matching P2's bid of 0, and how large are they near the end?",
    facts=lambda: {"last": str(max(ring_rounds()))},
)
def _e4():
    return max(ring_rounds())


def _best_symmetric() -> Fraction:
    """The largest ``u`` with ``(u, u)`` feasible: where the diagonal leaves the feasible set (an edge or a
    vertex of the hull)."""
    hull = lesson_stage().feasible_hull()
    best = max((x for x, y in hull if x == y), default=None)
    for (x1, y1), (x2, y2) in zip(hull, hull[1:] + hull[:1]):
        dx, dy = x2 - x1, y2 - y1
        if dx != dy:
            t = (y1 - x1) / (dx - dy)
            if 0 <= t <= 1 and (best is None or x1 + t * dx > best):
                best = x1 + t * dx
    if best is None:
        raise ValueError("the diagonal misses the feasible set")  # pragma: no cover - (0, 0) is always in it
    return Fraction(best)


@exercise(
    "16.5",
    "fraction",
    "Draw the diagonal u1 = u2 on the feasible set of section 4: where does it leave the "
    "set? The edge there joins the two ring outcomes.",
    facts=lambda: {"best": str(_best_symmetric())},
)
def _e5():
    return _best_symmetric()
