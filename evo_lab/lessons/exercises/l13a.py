"""Lesson 13a, predators and prey in North Star's *Evolution*: answers recomputed from the engine's duel
(``evo_lab.theory.predator_prey``)."""

from __future__ import annotations

from ..checks import exercise

#: exercise 13a.1's variant of the duel: a bigger Carnivore
BIG_CARNIVORE = 6


def _blockers(body: int) -> dict[str, str | None]:
    from evo_lab.theory.predator_prey import Duel, feasibility

    return {r.trait: r.blocker for r in feasibility(Duel(predator_body=body))}


def blockers_line(body: int = BIG_CARNIVORE) -> str:
    """What ``attack_report`` names for each defence of the duel's prey against a Carnivore of ``body``."""
    return "; ".join(f"{t}: {b}" for t, b in _blockers(body).items())


@exercise(
    "13a.1",
    "set",
    "Official rules: Hard Shell adds 4 to the prey's body size, and the Carnivore must be "
    "strictly larger; Herding compares populations; Burrowing needs a fed prey; Horns never block.",
    facts=lambda: {"blockers": blockers_line()},
)
def _e1():
    return sorted(t for t, b in _blockers(BIG_CARNIVORE).items() if b is not None)


def _game(defence: str = "climbing"):
    from evo_lab.theory.predator_prey import Duel, duel_game

    return duel_game(Duel(defence=defence))


@exercise(
    "13a.2",
    "fraction",
    "At the mixed equilibrium the carnivore share makes the prey indifferent: set the "
    "expected scores of U and D equal and solve for x.",
    facts=lambda: {"advantages": _game().describe_advantages()},
)
def _e2():
    return _game().rest_point()[0]


# "a decimal number of rounds": 8 pi / 3 = 8.3776 is right as 8.38 and as 8.4 (one decimal); the tolerance accepts
# both and nothing coarser (8.3 or 8.5 are rejected)
@exercise(
    "13a.3",
    "number",
    "omega^2 = x*(1 - x*) y*(1 - y*) (alpha + beta)(gamma + delta); the period is 2 pi / omega.",
    tolerance=0.05,
    facts=lambda: {"omega2": str(_game().omega_squared())},
)
def _e3():
    return _game().small_period()


@exercise(
    "13a.4",
    "fraction",
    "Read the Burrowing row: only the C-against-D scores change. Recompute alpha and beta; "
    "y* = alpha / (alpha + beta).",
    facts=lambda: {"advantages": _game("burrowing").describe_advantages()},
)
def _e4():
    return _game("burrowing").rest_point()[1]
