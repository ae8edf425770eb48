"""The demo story of North Star's Evolution: a seeded game told round by round and phase by phase (the deal,
food cards, playing cards, feeding), every decision in words (:mod:`.words`: "P3's species 1 (carnivore, body 3,
population 2) attacks P1's species 5 ...") and what it did (the rules' events: food eaten, attacks, extinctions,
climate), then the scores and the winner.

It is the teacher's view: the cards drawn are not listed one by one (a line per player says how many each
holds), the food cards are named when they are played.

>>> import evo_lab
>>> final, lines = play_story(evo_lab.make_game("evolution", players=2, seed=3), seed=3)
>>> final.is_terminal(), lines[0], lines[-1].startswith("Winner")
(True, 'Round 1: the deal', True)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from ...core.story import seeded_bots, tell
from .events import Ate
from .words import action_words, step_words

if TYPE_CHECKING:
    from .events import Event
    from .game import Game
    from .state import State
    from .table import Action

__all__ = ["Bot", "play_story", "PHASES"]

#: A bot: ``bot(state, player) -> action`` (:func:`evo_lab.bots.make_bot` makes them).
Bot = Callable[["State", int], Hashable]

#: Phase headings (seed 003: deal cards, select food cards, play cards, feeding).
PHASES = {"deal": "the deal", "food": "food cards", "play": "playing cards", "feed": "feeding"}


def _heading(s: State) -> str | None:
    return f"Round {s.round}: {PHASES.get(s.phase, s.phase)}"


def _lines(before: State, action: Action, after: State) -> list[str]:
    if before.is_chance_node():
        out: list[str] = []
        if before.phase == "deal" and after.phase != "deal":
            out.append(
                "  Hands: "
                + ", ".join(f"P{q + 1} {len(pl.hand)} cards" for q, pl in enumerate(after.players))
                + "."
            )
        return out + [f"  {_sentence(t)}." for t in step_words(before.game, after.events(last=True), before)]
    out = [f"  {_sentence(action_words(before, action))}."]
    events = list(after.events(last=True))
    if events and _says_again(action, events[0]):  # a plain meal: the action line already says it
        return out + [f"    {_sentence(t)}." for t in step_words(before.game, events, before)[1:]]
    # every event, its species named as in ``before``; an attack's own event only with what it adds
    return out + [f"    {_sentence(t)}." for t in step_words(before.game, events, before, action)]


def _says_again(action: Action, event: Event) -> bool:
    """Whether ``event`` only repeats ``action`` (a plain meal from the watering hole; an attack's own event is
    left to :func:`.words.step_words`)."""
    return (
        action[0] == "eat"
        and len(action) == 2
        and isinstance(event, Ate)
        and event.why == "eat"
        and event.amount == 1
    )


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def play_story(
    game: Game,
    seed: int | None = None,
    bots: Sequence[Bot] | None = None,
    echo: Callable[[str], None] | None = None,
) -> tuple[State, list[str]]:
    """Play ``game`` to the end (chance from ``seed``; decisions by ``bots``, default Evolution's lively bots
    seeded from ``seed``: carnivores that hunt, species that grow and go extinct) and tell it; returns ``(final
    state, lines)``."""
    if bots is None:
        from .kit import DEMO_BOT

        bots = seeded_bots(DEMO_BOT, game.players, seed, game="evolution")
    return tell(
        game.new_initial_state(),
        bots,
        np.random.default_rng(seed),
        heading=_heading,
        lines=_lines,
        ending=_ending,
        echo=echo,
    )


def _ending(final: State) -> list[str]:
    scores = final.scores()
    return [
        "Scores: " + ", ".join(f"P{q + 1} {x}" for q, x in enumerate(scores)) + ".",
        "Winner: " + ", ".join(f"P{q + 1}" for q in final.winners()) + ".",
    ]
