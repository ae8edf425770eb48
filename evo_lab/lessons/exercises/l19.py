"""Lesson 19, weak dominance, refinements, minimax and correlated equilibrium: answers recomputed with
``evo_lab.theory.refinements`` on the engine's games (lesson 04's sealed-bid auction, lesson 13's duel, the
watering-hole contest)."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import TypedDict

from ..checks import choice_digest, exercise


class ContestSetting(TypedDict):
    """Fields of :class:`evo_lab.theory.contest.Contest` that section 4 sets."""

    pop: int
    watering_hole: int


#: lesson 04's valuation table (P1: card 1, plates 3; P2: card 0, plates 4)
TABLE = ((1, 3), (0, 4))
#: the small grid on which every elimination order is followed, and lesson 04's full grid
SMALL, FULL = range(4), range(7)
#: the zero-sum duel: lesson 13's predator strategies and the prey's answers (undefended or a defence)
DEFENCES = ("climbing", "hard-shell", "herding", "burrowing", "horns")
#: exercise 3: the defences that do not block the attack at the start of feeding
NON_BLOCKING = ("burrowing", "horns")
#: the contest for the watering hole (section 4): population 3, 5 plant food
CONTEST: ContestSetting = {"pop": 3, "watering_hole": 5}


@lru_cache(maxsize=2)
def auction_stage(bids: tuple[int, ...] = tuple(SMALL)):
    from evo_lab.theory import normal_form, teaching_position
    from evo_lab.theory.repeated import StageGame

    return StageGame.from_normal_form(
        normal_form(teaching_position(players=2, seed=1), [list(r) for r in TABLE], bids=list(bids))
    )


@lru_cache(maxsize=1)
def duel_scores() -> dict[tuple[str, str], tuple[int, int]]:
    """``{(predator, prey): (P1's score, P2's score)}``: predator ``C``/``H``, prey ``U`` or a defence."""
    from dataclasses import replace

    from evo_lab.theory.predator_prey import Duel, duel_results

    out: dict[tuple[str, str], tuple[int, int]] = {}
    for d in DEFENCES:
        for (a, b), r in duel_results(replace(Duel(), defence=d)).items():
            out[(a, "undefended" if b == "U" else d)] = r.scores
    return out


def difference_matrix(columns: tuple[str, ...] = ("undefended",) + DEFENCES) -> list[list[int]]:
    """P1's score minus P2's: rows Carnivore (C), herbivore (H); the given prey columns."""
    sc = duel_scores()
    return [[sc[(a, c)][0] - sc[(a, c)][1] for c in columns] for a in ("C", "H")]


@lru_cache(maxsize=1)
def contest_stage():
    from evo_lab.theory.contest import Contest, contest_game
    from evo_lab.theory.repeated import StageGame

    g = contest_game(Contest(**CONTEST))
    a = [[g.payoffs[i][j] for j in range(2)] for i in range(2)]
    b = [[a[j][i] for j in range(2)] for i in range(2)]
    return StageGame.from_rows(a, b, g.labels, g.labels)


def _outcomes() -> int:
    from evo_lab.theory.refinements import elimination_outcomes

    return len(elimination_outcomes(auction_stage()))


@exercise(
    "19.1",
    "integer",
    "Follow every order: at each step any weakly dominated strategy of either player may go. "
    "elimination_outcomes lists the distinct ends.",
    facts=lambda: {"outcomes": _outcomes()},
)
def _e1():
    return _outcomes()


def _thp_verdict() -> str:
    from evo_lab.theory.refinements import trembling_hand_perfect

    g = auction_stage(tuple(FULL))
    perfect = [cell for cell in g.pure_equilibria() if trembling_hand_perfect(g, cell)[0]]
    if perfect == [("1 on bony_plates", "2 on bony_plates")]:
        return "b"
    if len(perfect) == len(g.pure_equilibria()):
        return "a"
    return "d" if not perfect else "c"


@exercise(
    "19.2",
    "choice",
    "In a two-player game an equilibrium is trembling-hand perfect iff neither strategy is "
    "weakly dominated (by a pure or a mixed strategy). Test each equilibrium's two bids.",
)
def _e2():
    return choice_digest("19.2", _thp_verdict())


def _value_without_blocking() -> Fraction:
    from evo_lab.theory.refinements import solve_zero_sum

    return solve_zero_sum(difference_matrix(("undefended",) + NON_BLOCKING))[0]


@exercise(
    "19.3",
    "fraction",
    "Look for a saddle point first: the smallest entry of a row that is the largest entry of its column.",
    facts=lambda: {"value": str(_value_without_blocking())},
)
def _e3():
    return _value_without_blocking()


def _ce_payoff() -> Fraction:
    from evo_lab.theory.refinements import correlated_equilibrium

    st = contest_stage()
    ce = correlated_equilibrium(st)
    return sum((p * st.A[st.rows.index(r)][st.cols.index(c)] for (r, c), p in ce.items()), Fraction(0))


@exercise(
    "19.4",
    "fraction",
    "Maximise the sum of payoffs over distributions that satisfy the four incentive "
    "constraints; by symmetry each player gets half the sum.",
    facts=lambda: {"payoff": str(_ce_payoff())},
)
def _e4():
    return _ce_payoff()


@exercise(
    "19.5",
    "choice",
    "A mixed Nash equilibrium, read as a distribution over profiles, satisfies every "
    "incentive constraint. Which claims does section 4's example refute?",
)
def _e5():
    return choice_digest("19.5", "c")
