"""The face-down card: a signalling game whose payoffs are one round of North Star's *Evolution*, played by the
engine from the *play cards* phase to the end of the round.

In the play-cards phase "Starting with the First Player, you can play as many Trait Cards as you want ... put a
Trait Card facedown on top of one of your species ... It's the next player's turn after you play your cards ...
Once everyone has played their cards, we flip all the played Trait Cards face-up" (seed 003 lines 100-112). So the
second player sees *that* the first player put a card face down, not *which*: the engine's observation shows the
second player ``traits: [None], face_down: [True]``.

**The game** (:class:`FaceDown`; every number a field, a modelling choice rather than a rule):

* the **sender** is the first player P1, with one species (default body 1, population 2) and one card in hand,
  its **type**: a ``strong`` card (default Climbing, a defence) or a ``weak`` card (default Ambush, which acts only
  for a Carnivore and so changes nothing on this herbivore but the score);
* P1's **message**: put the card face down on its species (``"face down"``) or spend it on +1 population
  (``"grow"``), then pass;
* the **receiver** is P2, with one species (default body 3, population 2) and a Carnivore card in hand; it sees
  P1's play, then ``"hunt"`` (Carnivore face down on its species) or ``"graze"`` (the card as +1 population);
* the engine reveals the cards and plays the feeding and the end of the round (every decision takes the first
  legal action, the course's tie convention); the payoffs are the official scores at the end of the round (food
  in the bag + population + trait cards; seed 003 lines 176-182). The watering hole holds ``watering_hole``
  plant food and no food card is revealed, so no assumed food value enters.

The **prior** of the strong type is a separate, stated choice (:func:`hand_prior` computes one from the deck).

>>> g = facedown_game(FaceDown(), prior=Fraction(1, 2))
>>> [(t, m, a, str(g.sender[(t, m, a)]), str(g.receiver[(t, m, a)])) for t, m, a in
...  [("strong", "face down", "hunt"), ("weak", "face down", "hunt"), ("weak", "face down", "graze")]]
[('strong', 'face down', 'hunt', '5', '1'), ('weak', 'face down', 'hunt', '2', '5'), ('weak', 'face down', 'graze', '5', '4')]
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

from .contest import ContestError, RoundPlay, finish_round, play_plans
from .pbe import SignallingGame

__all__ = [
    "ACTIONS",
    "MESSAGES",
    "TYPES",
    "FaceDown",
    "deck_count",
    "facedown_game",
    "facedown_position",
    "facedown_round",
    "hand_prior",
]

TYPES = ("strong", "weak")
MESSAGES = ("face down", "grow")
ACTIONS = ("hunt", "graze")


@dataclass(frozen=True)
class FaceDown:
    """The setting: P1's species ``(prey_body, prey_pop)`` and its two possible cards, P2's species
    ``(receiver_body, receiver_pop)`` (it holds a Carnivore) and the plant food on the watering hole."""

    prey_body: int = 1
    prey_pop: int = 2
    receiver_body: int = 3
    receiver_pop: int = 2
    watering_hole: int = 4
    strong: str = "climbing"
    weak: str = "ambush"

    def card(self, kind: str) -> str:
        if kind not in TYPES:
            raise ContestError(f"type must be one of {TYPES}, got {kind!r}")
        return self.strong if kind == "strong" else self.weak


def facedown_position(setting: FaceDown, kind: str) -> Any:
    """The start of the play-cards phase with P1 holding the card of type ``kind`` and P2 a Carnivore."""
    from evo_lab.games.evolution import Game as EvolutionGame
    from evo_lab.games.evolution.positions import from_boards

    g = EvolutionGame(players=2, seed=0)
    boards: list[list[tuple[int, int, int, int, list[str]]]] = [
        [(setting.prey_body, setting.prey_pop, 0, 0, [])],
        [(setting.receiver_body, setting.receiver_pop, 0, 0, [])],
    ]
    return from_boards(
        g,
        boards,
        hands=[[setting.card(kind)], ["carnivore"]],
        watering_hole=setting.watering_hole,
        phase="play",
        turn=0,
        first=0,
    )


def facedown_round(setting: FaceDown, kind: str, message: str, action: str) -> RoundPlay:
    """The round played out for one type, message and reply."""
    if message not in MESSAGES or action not in ACTIONS:
        raise ContestError(f"messages are {MESSAGES} and actions {ACTIONS}, got {message!r}, {action!r}")
    s = facedown_position(setting, kind)
    r = s.round
    card = setting.card(kind)
    story = play_plans(
        s,
        {
            0: [("trait" if message == "face down" else "pop", card)],
            1: [("trait" if action == "hunt" else "pop", "carnivore")],
        },
    )
    rest = finish_round(s, r)
    return RoundPlay(rest.scores, tuple(story) + rest.story)


def facedown_game(setting: FaceDown | None = None, prior: Any = Fraction(1, 2)) -> SignallingGame:
    """The signalling game of ``setting`` with ``prior`` the probability of the strong type."""
    setting = setting or FaceDown()
    pay = {}
    for t, m, a in itertools.product(TYPES, MESSAGES, ACTIONS):
        sc = facedown_round(setting, t, m, a).scores
        pay[(t, m, a)] = (sc[0], sc[1])
    return SignallingGame.from_table(TYPES, prior, MESSAGES, ACTIONS, pay)


def deck_count(trait: str) -> tuple[int, int]:
    """``(cards of trait, cards in the deck)`` in the engine's official Evolution deck."""
    from evo_lab.games.evolution import Game as EvolutionGame

    g = EvolutionGame(players=2, seed=0)
    cards = g.deck.cards
    return sum(c.count for c in cards if c.trait == trait), sum(c.count for c in cards)


def hand_prior(trait: str, hand: int) -> Fraction:
    """The chance that a hand of ``hand`` cards dealt from the full official deck holds at least one ``trait``
    card (hypergeometric): ``1 - C(N - K, h) / C(N, h)``."""
    k, n = deck_count(trait)
    if not 0 < hand <= n:
        raise ContestError(f"a hand holds 1 to {n} cards, got {hand}")
    return 1 - Fraction(comb(n - k, hand), comb(n, hand))
