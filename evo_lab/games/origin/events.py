"""The game log: one NamedTuple per kind of event, recorded by the rules as they happen.

``state.events()`` lists every event since the start (or since a loaded position), omniscient (a face-down card
is in the log; views for a player mask it as the observer does for actions). Animals are ids, players seats,
cards and traits indices into the data pack (:func:`describe` puts it in words).

>>> import evo_lab
>>> s = evo_lab.make_game("origin", players=2, seed=1).new_initial_state_dealt()
>>> type(s.events()[0]).__name__, type(s.events()[-1]).__name__
('FirstPlayer', 'TurnStarted')
"""

from __future__ import annotations

from typing import Any, NamedTuple

__all__ = ["FirstPlayer", "Dealt", "TurnStarted", "Born", "TraitPlayed", "Passed", "FoodRolled", "Ate",
           "FatBurned", "Attacked", "Escaped", "Caught", "TailLost", "Redirected", "Killed", "Poisoned", "Pirated",
           "Grazed", "Hibernated", "Died", "GameOver", "describe"]


class FirstPlayer(NamedTuple):
    player: int


class Dealt(NamedTuple):
    player: int
    card: int


class TurnStarted(NamedTuple):
    turn: int
    first: int
    last: bool


class Born(NamedTuple):
    player: int
    animal: int
    card: int


class TraitPlayed(NamedTuple):
    player: int
    card: int
    trait: int
    animal: int
    partner: int


class Passed(NamedTuple):
    player: int
    phase: str


class FoodRolled(NamedTuple):
    amount: int


class Ate(NamedTuple):
    """``animal`` received tokens from ``source`` (bank, communication, cooperation, kill, tail_loss, scavenger,
    piracy): ``red`` and ``blue`` on the animal, ``fat`` into its fat slots (in the colour they came as)."""

    animal: int
    source: str
    red: int
    blue: int
    fat: int


class FatBurned(NamedTuple):
    animal: int
    amount: int


class Attacked(NamedTuple):
    attacker: int
    target: int


class Escaped(NamedTuple):
    target: int
    roll: int


class Caught(NamedTuple):
    target: int
    roll: int


class TailLost(NamedTuple):
    target: int
    trait: int
    partner: int


class Redirected(NamedTuple):
    source: int
    target: int


class Killed(NamedTuple):
    attacker: int
    prey: int


class Poisoned(NamedTuple):
    attacker: int


class Pirated(NamedTuple):
    pirate: int
    victim: int


class Grazed(NamedTuple):
    animal: int


class Hibernated(NamedTuple):
    animal: int


class Died(NamedTuple):
    player: int
    animal: int
    reason: str


class GameOver(NamedTuple):
    scores: tuple
    winner: int


def describe(game: Any, e: NamedTuple) -> str:
    """One event in words."""
    def card(c: int) -> str:
        return game.card_ids[c] if c >= 0 else "?"

    def trait(t: int) -> str:
        return game.trait_names[t]

    k = type(e).__name__
    if k == "FirstPlayer":
        return f"P{e.player + 1} is the first player"
    if k == "Dealt":
        return f"P{e.player + 1} draws {card(e.card)}"
    if k == "TurnStarted":
        return f"turn {e.turn} begins, P{e.first + 1} first" + (" (last turn)" if e.last else "")
    if k == "Born":
        return f"P{e.player + 1} plays {card(e.card)} face down: new animal A{e.animal}"
    if k == "TraitPlayed":
        on = f"A{e.animal}" + (f" and A{e.partner}" if e.partner >= 0 else "")
        return f"P{e.player + 1} plays {trait(e.trait)} ({card(e.card)}) on {on}"
    if k == "Passed":
        return f"P{e.player + 1} passes ({e.phase})"
    if k == "FoodRolled":
        return f"the food bank gets {e.amount} red tokens"
    if k == "Ate":
        got = ", ".join(x for x in (f"{e.red} red" if e.red else "", f"{e.blue} blue" if e.blue else "",
                                    f"{e.fat} into fat" if e.fat else "") if x) or "nothing"
        return f"A{e.animal} gets {got} ({e.source.replace('_', ' ')})"
    simple = {"FatBurned": lambda: f"A{e.animal} turns {e.amount} fat into food",
              "Attacked": lambda: f"A{e.attacker} attacks A{e.target}",
              "Escaped": lambda: f"A{e.target} runs away (rolled {e.roll})",
              "Caught": lambda: f"A{e.target} fails to run (rolled {e.roll})",
              "TailLost": lambda: f"A{e.target} drops {trait(e.trait)}"
                                  + (f" (with A{e.partner})" if e.partner >= 0 else "") + " and survives",
              "Redirected": lambda: f"A{e.source} redirects the attack to A{e.target} (mimicry)",
              "Killed": lambda: f"A{e.attacker} eats A{e.prey}",
              "Poisoned": lambda: f"A{e.attacker} is poisoned",
              "Pirated": lambda: f"A{e.pirate} steals food from A{e.victim}",
              "Grazed": lambda: f"A{e.animal} grazes a red token away",
              "Hibernated": lambda: f"A{e.animal} hibernates",
              "Died": lambda: f"A{e.animal} of P{e.player + 1} dies ({e.reason})",
              "GameOver": lambda: "game over: " + ", ".join(f"P{i + 1} {x}" for i, x in enumerate(e.scores))
                                  + f"; P{e.winner + 1} wins"}
    return simple[k]() if k in simple else repr(e)
