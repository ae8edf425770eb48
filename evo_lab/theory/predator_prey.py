"""The predator-prey *duel*: a 2 x 2 game whose payoffs are one round of North Star's *Evolution*, played by the
engine from a position built with the game's public position builder.

Two players, one species each, at the start of feeding (official rules; seed 003 lines 122-166):

* P1, the **predator** side, first player: a species of body 3 and population 2 that carries **Carnivore**
  (strategy ``C``) or no trait (``H``, a herbivore);
* P2, the **prey** side: a species of body 1 that spent its one card either on **+1 population**
  (``U``, undefended: population 3) or on a **defensive trait** (``D``: population 2 and, by default, Climbing);
* the watering hole holds 6 plant food.

The engine plays the feeding (every decision takes the first legal action, the course's tie convention; in the
default duel every decision is forced) and the end of the round; a side's payoff is its official **score** at
the end of the round (food in the bag + population + trait cards: seed 003 lines 176-182), a fresh board
included for a player whose species died (seed 003 line 161). No food card is revealed, so the duel uses **no
assumed food value**. Every number of the setting is a field of :class:`Duel`.

>>> d = Duel()
>>> g = duel_game(d)
>>> [[str(v) for v in row] for row in g.A], [[str(v) for v in row] for row in g.B]
([['5', '1'], ['4', '4']], [['2', '6'], ['5', '5']])
>>> g.is_cyclic(), [str(v) for v in g.rest_point()]
(True, ['1/4', '1/4'])
>>> [(r.trait, r.blocker) for r in feasibility(d)][:3]
[('burrowing', None), ('climbing', 'climbing'), ('hard-shell', 'body-size')]
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .replicator import PREDATOR, PREY, CyclicGame

if TYPE_CHECKING:
    from ..games.evolution.state import State as EvolutionState

__all__ = [
    "DEFENCES",
    "Duel",
    "RoundResult",
    "duel_position",
    "play_round",
    "duel_results",
    "duel_game",
    "FeasibilityRow",
    "feasibility",
]


def _defences() -> tuple[str, ...]:
    from evo_lab.games.evolution.traits import REGISTRY

    return tuple(sorted(t for t, e in REGISTRY.items() if e.kind == "defence"))


#: The defensive traits of the trait registry (kind ``"defence"``): Burrowing, Climbing, Hard Shell, Defensive
#: Herding, Horns, Symbiosis, Warning Call.
DEFENCES = _defences()


@dataclass(frozen=True)
class Duel:
    """The setting of the duel (each field a modelling choice, not a rule): the predator's body and population,
    the prey's body and population (``prey_pop`` for ``D``; ``U`` has one more), the plant food on the watering
    hole, the defensive trait of ``D``, and extra species ``(body, pop, [traits])`` to the prey's right
    (``prey_right``: needed for Symbiosis or Warning Call to act)."""

    predator_body: int = 3
    predator_pop: int = 2
    prey_body: int = 1
    prey_pop: int = 2
    watering_hole: int = 6
    defence: str = "climbing"
    prey_right: tuple[tuple[int, int, tuple[str, ...] | list[str]], ...] = ()

    def __post_init__(self) -> None:
        if self.defence not in DEFENCES:
            raise ValueError(f"defence must be one of {', '.join(DEFENCES)}, got {self.defence!r}")


def duel_position(duel: Duel, predator: str, prey: str) -> EvolutionState:
    """The position at the start of feeding for the strategy pair (``"C"``/``"H"``, ``"U"``/``"D"``), built with
    ``positions.from_boards`` (cards taken out of the unseen deck, so every card is still somewhere).

    >>> s = duel_position(Duel(), "C", "D")
    >>> s.attack_report(0, 0)
    [(1, 0, 'climbing')]
    """
    from evo_lab.games.evolution import Game as EvolutionGame
    from evo_lab.games.evolution.positions import from_boards

    if predator not in PREDATOR or prey not in PREY:
        raise ValueError(f"strategies are {PREDATOR} x {PREY}, got {(predator, prey)}")
    att = (duel.predator_body, duel.predator_pop, 0, 0, ["carnivore"] if predator == "C" else [])
    pop = duel.prey_pop + (1 if prey == "U" else 0)
    row = [(duel.prey_body, pop, 0, 0, [duel.defence] if prey == "D" else [])]
    row += [(b, p, 0, 0, list(t)) for b, p, t in duel.prey_right]
    g = EvolutionGame(players=2, seed=0)
    return from_boards(g, [[att], row], watering_hole=duel.watering_hole, phase="feed", turn=0)


@dataclass(frozen=True)
class RoundResult:
    """One round of the duel: ``scores`` at its end, the ``decisions`` as ``(player, legal actions, action)`` (the
    action in the game's notation) and the ``story``: what fed, attacked and went extinct, in the game's words
    (:func:`evo_lab.games.evolution.words.step_words` of the events ``state.events(last=True)`` reports after
    each action)."""

    scores: tuple[int, int]
    decisions: tuple[tuple[int, int, str], ...]
    story: tuple[str, ...]

    @property
    def forced(self) -> bool:
        """Every decision had exactly one legal action."""
        return all(n == 1 for _, n, _ in self.decisions)


def play_round(state: EvolutionState) -> RoundResult:
    """Play ``state`` (a copy) to the end of its round through ``apply_action``: decisions take the first legal
    action, the chance nodes of extinction draws take their first outcome (they only decide which cards are
    drawn, not the score).

    >>> for line in play_round(duel_position(Duel(), "C", "D")).story:
    ...     print(line)
    P2's species 1 (body 1, population 2) eats 1 food from the watering hole
    P2's species 1 (body 1, population 2) eats 1 food from the watering hole
    P1's species 1 (carnivore, body 3) goes extinct; P1 draws 1 card
    """
    from evo_lab.games.evolution.events import Ate, Attacked, Extinct
    from evo_lab.games.evolution.words import step_words

    s = state.clone()
    r = s.round
    decisions: list[tuple[int, int, str]] = []
    story: list[str] = []
    while s.round == r and not s.is_terminal():
        acts = s.legal_actions()
        if s.is_chance_node():
            s.apply_action(acts[0])
            continue
        decisions.append((s.current_player(), len(acts), s.action_to_string(acts[0])))
        before = s.clone()
        s.apply_action(acts[0])
        events = s.events(last=True)
        story.extend(
            t
            for e, t in zip(events, step_words(s.game, events, before))
            if isinstance(e, (Ate, Attacked, Extinct))
        )
    sc = s.scores()
    return RoundResult((sc[0], sc[1]), tuple(decisions), tuple(story))


def duel_results(duel: Duel | None = None) -> dict[tuple[str, str], RoundResult]:
    """The round played out for each of the four strategy pairs."""
    duel = duel or Duel()
    return {(a, b): play_round(duel_position(duel, a, b)) for a in PREDATOR for b in PREY}


def duel_game(duel: Duel | None = None) -> CyclicGame:
    """The bimatrix game of the duel: ``A[i][j]`` = P1's score with (``C``/``H``, ``U``/``D``), ``B[i][j]`` = P2's
    with (``U``/``D``, ``C``/``H``)."""
    res = duel_results(duel)
    A = tuple(tuple(res[(a, b)].scores[0] for b in PREY) for a in PREDATOR)
    B = tuple(tuple(res[(a, b)].scores[1] for a in PREDATOR) for b in PREY)
    return CyclicGame.from_tables(A, B)


@dataclass(frozen=True)
class FeasibilityRow:
    """One defensive trait on the prey ``D``: ``blocker`` (``state.attack_report``'s answer at the start of
    feeding: the trait or rule that stops the Carnivore, ``None`` if the attack is possible), the ``C`` against
    ``D`` scores, and whether the duel with this trait is cyclic."""

    trait: str
    blocker: str | None
    scores: tuple[int, int]
    cyclic: bool


def feasibility(duel: Duel | None = None) -> list[FeasibilityRow]:
    """The duel with each defensive trait of :data:`DEFENCES` in turn."""
    duel = duel or Duel()
    out = []
    for t in DEFENCES:
        d = replace(duel, defence=t)
        s = duel_position(d, "C", "D")
        blocker = next(b for q, j, b in s.attack_report(0, 0) if (q, j) == (1, 0))
        out.append(FeasibilityRow(t, blocker, play_round(s).scores, duel_game(d).is_cyclic()))
    return out
