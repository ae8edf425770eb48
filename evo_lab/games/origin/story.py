"""The demo story of *Evolution: The Origin of Species*: a seeded game told event by event (the rules' own log,
each event's ``story``), turn by turn and phase by phase, with the final points and the winner.

It is the teacher's view: face-down animal cards are named. The deal is summarised per player (how many cards each
holds), not card by card.

>>> import evo_lab
>>> final, lines = play_story(evo_lab.make_game("origin", players=2, seed=3), seed=3)
>>> final.is_terminal(), lines[0], lines[-1].startswith("Winner")
(True, 'Setup: the first player', True)
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from ...core.story import seeded_bots, tell

__all__ = ["play_story", "PHASES"]

#: Phase headings (seed 001: development, food bank, feeding, extinction and the deal).
PHASES = {"first": "the first player", "deal": "deal", "develop": "development", "food": "the food bank", "feed": "feeding"}


def _heading(s: Any) -> str | None:
    name = PHASES.get(s.node_name(), s.node_name())
    return f"Setup: {name}" if s.turn == 0 else f"Turn {s.turn}: {name}"


def _lines(game: Any) -> Callable[[Any, Any, Any], list[str]]:
    def lines(before: Any, action: Any, after: Any) -> list[str]:
        new = after.events(last=True)
        out = [line for e in new if type(e).__name__ != "Dealt" for line in e.story(before, after)]
        if before.node_name() == "deal" and after.node_name() != "deal":
            out.insert(0, "  Hands: " + ", ".join(f"P{q + 1} {after.hand_n[q]} cards"
                                                  for q in range(game.players)) + ".")
        return out

    return lines


def play_story(game: Any, seed: int | None = None, bots: list | None = None,
               echo: Callable[[str], None] | None = None) -> tuple[Any, list[str]]:
    """Play ``game`` to the end (chance from ``seed``; decisions by ``bots``, default Origin's greedy bots seeded
    from ``seed``) and tell it; returns ``(final state, lines)``."""
    if bots is None:
        bots = seeded_bots("greedy", game.players, seed, game="origin")
    return tell(game.new_initial_state(), bots, np.random.default_rng(seed), heading=_heading,
                lines=_lines(game), ending=_ending, echo=echo)


def _ending(final: Any) -> list[str]:
    scores = final.current_scores()
    return ["Points: " + ", ".join(f"P{q + 1} {x}" for q, x in enumerate(scores)) + ".",
            "Winner: " + ", ".join(f"P{q + 1}" for q in final.winners()) + "."]
