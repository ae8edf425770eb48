"""Lesson 15, evolutionarily stable strategies and Hawk-Dove: answers recomputed from the engine's watering-hole
contest (``evo_lab.theory.contest``), the exact ESS tests (``evo_lab.theory.ess``) and the seeded Wright-Fisher
runs of the lesson."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ..checks import choice_digest, exercise

#: the lesson's simulation: population size, generations, runs per start, seed of each start
POPULATION, GENERATIONS, RUNS = 100, 40, 200
#: starting Hawk counts: a few Hawks among Doves, a few Doves among Hawks, near the ESS
STARTS = {"Hawks among Doves": 5, "Doves among Hawks": 95, "near the ESS": 28}
SEEDS = {"Hawks among Doves": 1, "Doves among Hawks": 2, "near the ESS": 3}
#: the exercises' watering holes
SCARCE, PLENTY = 2, 4


@lru_cache(maxsize=4)
def lesson_game(watering_hole: int = 3):
    from evo_lab.theory.contest import Contest, contest_game

    return contest_game(Contest(watering_hole=watering_hole))


@lru_cache(maxsize=1)
def lesson_runs() -> dict:
    """``{start: counts array (runs, generations + 1, 2)}`` of the lesson's Wright-Fisher runs."""
    from evo_lab.theory.contest import Contest, seat_table
    from evo_lab.theory.ess import simulate_population

    seats = seat_table(Contest())
    return {
        name: simulate_population(seats, [h, POPULATION - h], GENERATIONS, RUNS, SEEDS[name])
        for name, h in STARTS.items()
    }


def extinct_hawks() -> tuple[int, int]:
    """``(runs whose Hawks were extinct at the last generation, runs)`` from 5 Hawks among 95 Doves."""
    runs = lesson_runs()["Hawks among Doves"]
    return int((runs[:, -1, 0] == 0).sum()), runs.shape[0]


@exercise(
    "15.1",
    "fraction",
    "Read A from contest_game(Contest(watering_hole=2)); at a mixed ESS Hawk and Dove earn "
    "the same against the mix: x A_HH + (1 - x) A_HD = x A_DH + (1 - x) A_DD.",
    facts=lambda: {"table": str([[str(v) for v in r] for r in lesson_game(SCARCE).payoffs])},
)
def _e1():
    return lesson_game(SCARCE).symmetric_equilibria()[0][0]


def _plenty_verdict() -> str:
    g = lesson_game(PLENTY)
    eqs = g.symmetric_equilibria()
    if eqs == [g.pure(1)] and g.ess(g.pure(1)).stable and "second condition" in g.ess(g.pure(1)).reason:
        return "b"
    if eqs == [g.pure(0)]:
        return "a"
    return "c" if len(eqs) == 1 and 0 < eqs[0][0] < 1 else "d"


@exercise(
    "15.2",
    "choice",
    "Compare A_HD with A_DD: is Dove a strict best reply to Dove? If not, Maynard Smith's "
    "second condition decides: how does each do against the mutant?",
    facts=lambda: {"reason": lesson_game(PLENTY).ess(lesson_game(PLENTY).pure(1)).reason},
)
def _e2():
    return choice_digest("15.2", _plenty_verdict())


def _loss() -> Fraction:
    g = lesson_game()
    x = g.symmetric_equilibria()[0]
    dove = g.pure(1)
    return g.payoff(dove, dove) - g.payoff(x, x)


@exercise(
    "15.3",
    "fraction",
    "At the ESS every strategy in use earns the same, so E(x*, x*) = (A x*)_Dove. Compare "
    "it with A_DD, what everybody earns when nobody plays Hawk.",
    facts=lambda: {"loss": str(_loss())},
)
def _e3():
    return _loss()


@exercise(
    "15.4",
    "fraction",
    "Count the runs of the first start (5 Hawks among 95 Doves) whose Hawk count is 0 at "
    "the last generation, and divide by the number of runs.",
    facts=lambda: {"extinct": extinct_hawks()[0], "runs": extinct_hawks()[1]},
)
def _e4():
    k, n = extinct_hawks()
    return Fraction(k, n)


@exercise(
    "15.5",
    "choice",
    "Taylor and Jonker (1978) proved one direction; the other fails once there are three "
    "strategies. And what did exercise 3 say about the average payoff?",
)
def _e5():
    return choice_digest("15.5", "a")
