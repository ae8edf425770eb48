"""The watering-hole contest: a symmetric game whose payoffs are one round of North Star's *Evolution*, played by
the engine from the *play cards* phase (seed 003 lines 100-112) to the end of the round.

Two players, one species each, of the same body size and population, and the same hand: a trait card and a
second card (default Long Neck) to spend on growth. A **plan** says what a player does with them, all in the
play-cards phase: put the trait card face down on its species, then spend the second card on +1 body size or +1
population, then pass. Face-down cards are secret until everybody has played (seed 003 lines 104 and 112), so
neither player can react to the other's trait: the contest is a simultaneous game in everything that matters.
The default plans:

* **Hawk**: Carnivore face down and +1 body (body 2: strictly larger than the other's body 1, so it may attack
  it; a Carnivore "cannot eat Plant Food, no matter what traits they have", seed 003);
* **Dove**: Ambush face down (it acts only for a Carnivore, so on a herbivore it changes nothing but the score)
  and +1 population.

The engine then reveals the cards and plays the feeding and the end of the round through ``apply_action``
(every feeding decision takes the first legal action: the course's tie convention). A player's payoff is its
official score at the end of the round (food in the bag + population + trait cards, seed 003 lines 176-182; a
player left without species gets a fresh board, seed 003 line 161). The first player feeds first, so the round
is not symmetric; the game is made symmetric the standard way, by drawing the seats at random: the payoff of
plan ``i`` against ``j`` is the average of its scores in the first and in the second seat. Every number of the
setting is a field of :class:`Contest`; no food card is revealed, so no assumed food value enters.

>>> c = Contest()
>>> g = contest_game(c)
>>> [[str(v) for v in row] for row in g.payoffs]
[['1', '5'], ['7/2', '4']]
>>> g.symmetric_equilibria()
[(Fraction(2, 7), Fraction(5, 7))]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .auction import TheoryError
from .ess import SymmetricGame

__all__ = [
    "Contest",
    "ContestError",
    "Plan",
    "RoundPlay",
    "contest_game",
    "contest_position",
    "finish_round",
    "play_plans",
    "seat_outcomes",
    "seat_table",
]

GROWTH = ("body", "pop")


class ContestError(TheoryError):
    """A contest the engine cannot set up (an unknown trait, a growth other than body or population)."""


@dataclass(frozen=True)
class Plan:
    """``label``: the name of the plan; ``trait``: the card put face down; ``growth``: ``"body"`` or ``"pop"``
    (what the second card buys)."""

    label: str
    trait: str
    growth: str

    def __post_init__(self) -> None:
        from evo_lab.games.evolution.traits import TRAIT_IDS

        if self.trait not in TRAIT_IDS:
            raise ContestError(f"plan {self.label!r}: unknown trait {self.trait!r}")
        if self.growth not in GROWTH:
            raise ContestError(f"plan {self.label!r}: growth must be one of {GROWTH}, got {self.growth!r}")


HAWK = Plan("Hawk", "carnivore", "body")
DOVE = Plan("Dove", "ambush", "pop")


@dataclass(frozen=True)
class Contest:
    """The setting (each a modelling choice, not a rule): both species' body size and population, the plant
    food on the watering hole, the card spent on growth and the plans."""

    body: int = 1
    pop: int = 2
    watering_hole: int = 3
    filler: str = "long-neck"
    plans: tuple[Plan, ...] = (HAWK, DOVE)

    def plan(self, label: str) -> Plan:
        for p in self.plans:
            if p.label == label:
                return p
        raise ContestError(f"no plan {label!r}; plans: {[p.label for p in self.plans]}")


def contest_position(contest: Contest, hands: list[list[str]], first: int = 0) -> Any:
    """The start of the play-cards phase: both species ``(body, pop)``, the watering hole, the given hands (trait
    names) and ``first`` as first player, built with the game's public position builder."""
    from evo_lab.games.evolution import Game as EvolutionGame
    from evo_lab.games.evolution.positions import from_boards

    g = EvolutionGame(players=2, seed=0)
    boards: list[list[tuple[int, int, int, int, list[str]]]] = [
        [(contest.body, contest.pop, 0, 0, [])],
        [(contest.body, contest.pop, 0, 0, [])],
    ]
    return from_boards(
        g, boards, hands=hands, watering_hole=contest.watering_hole, phase="play", turn=first, first=first
    )


@dataclass(frozen=True)
class RoundPlay:
    """The round played out: the ``scores`` at its end and the ``story`` (the engine's events in words)."""

    scores: tuple[int, int]
    story: tuple[str, ...]


def _play_card(state: Any, kind: str, trait: str) -> None:
    """Apply the legal play of ``kind`` (``"trait"``, ``"body"``, ``"pop"``) that uses a card of ``trait``."""
    from evo_lab.games.evolution.traits import TRAIT_IDS

    tid = TRAIT_IDS.index(trait)
    card_trait = state.game.card_trait
    acts = [a for a in state.legal_actions() if a[0] == kind and card_trait[a[-1]] == tid]
    if not acts:
        legal = ", ".join(state.action_to_string(a) for a in state.legal_actions())
        raise ContestError(f"no legal '{kind}' play with a {trait} card here; legal: {legal}")
    state.apply_action(acts[0])


def _events(state: Any) -> list[str]:
    return [e.text() for e in state.events(last=True) if type(e).__name__ in ("Ate", "Attacked", "Extinct")]


def play_plans(state: Any, plays: dict[int, list[tuple[str, str]]]) -> list[str]:
    """Play, in the engine's turn order, each player's list of ``(kind, trait)`` card plays, then its pass; a
    player with no entry just passes. Returns the story of the last pass (the reveal may end the round at once,
    e.g. when no species can eat)."""
    seen: set[int] = set()
    story: list[str] = []
    while state.phase == "play" and not state.is_chance_node():
        p = state.current_player()
        if p in seen:
            raise ContestError(f"P{p + 1} asked to play twice")
        seen.add(p)
        for kind, trait in plays.get(p, []):
            _play_card(state, kind, trait)
        state.apply_action(("pass",))
        story = _events(state)
    return story


def finish_round(state: Any, round_no: int) -> RoundPlay:
    """Play ``state`` (in place) until round ``round_no`` has ended: decisions take the first legal action,
    chance nodes (extinction draws) their first outcome. The scores are read as soon as the round number
    changes (fresh boards included) or the game ends."""
    story: list[str] = []
    while state.round == round_no and not state.is_terminal():
        acts = state.legal_actions()
        state.apply_action(acts[0])
        story.extend(_events(state))
    sc = state.scores()
    return RoundPlay((sc[0], sc[1]), tuple(story))


def seat_outcomes(contest: Contest, a: str, b: str) -> RoundPlay:
    """Plan ``a`` in the first seat (P1) against plan ``b`` in the second (P2), played to the end of the round."""
    pa, pb = contest.plan(a), contest.plan(b)
    s = contest_position(contest, [[pa.trait, contest.filler], [pb.trait, contest.filler]], first=0)
    r = s.round
    story = play_plans(
        s,
        {
            0: [("trait", pa.trait), (pa.growth, contest.filler)],
            1: [("trait", pb.trait), (pb.growth, contest.filler)],
        },
    )
    rest = finish_round(s, r)
    return RoundPlay(rest.scores, tuple(story) + rest.story)


def contest_game(contest: Contest | None = None) -> SymmetricGame:
    """The symmetric game: ``A[i][j]`` = the average score of plan ``i`` against plan ``j`` over the two seats."""
    contest = contest or Contest()
    labels = [p.label for p in contest.plans]
    res = {(a, b): seat_outcomes(contest, a, b).scores for a in labels for b in labels}
    rows = [[Fraction(res[(a, b)][0] + res[(b, a)][1], 2) for b in labels] for a in labels]
    return SymmetricGame.from_rows(rows, labels)


def seat_table(contest: Contest | None = None) -> tuple[tuple[tuple[int, int], ...], ...]:
    """``seats[i][j] = (first, second)``: the scores when plan ``i`` is first against plan ``j`` (the input of
    :func:`evo_lab.theory.ess.simulate_population`)."""
    contest = contest or Contest()
    labels = [p.label for p in contest.plans]
    return tuple(tuple(seat_outcomes(contest, a, b).scores for b in labels) for a in labels)
