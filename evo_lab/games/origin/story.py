"""The demo story of *Evolution: The Origin of Species*: a seeded game told event by event (the rules' own log in
words, :func:`~.words.event_words`: "P2's animal 1 (Carnivorous, Swimming) attacks P3's animal 2 (Swimming)"),
turn by turn and phase by phase (one heading per phase: an attack's defence and its die stay under "feeding";
the deaths of the extinction phase under their own heading), with the final points and the winner.

It is the teacher's view: face-down animal cards are named. The deal is summarised per player (how many cards each
holds), not card by card. The default bots are the lively ones (:mod:`.lively`): they grow, attack, feed and go
extinct the way people new to the game do.

>>> import evo_lab
>>> final, lines = play_story(evo_lab.make_game("origin", players=2, seed=3), seed=3)
>>> final.is_terminal(), lines[0], lines[-1].startswith("Winner")
(True, 'Setup: the first player', True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from ...core.story import seeded_bots, tell
from ...core.words import plural
from .words import PHASE_WORDS, event_words, player

if TYPE_CHECKING:
    from .game import OriginGame
    from .actions import Action
    from .state import OriginState

__all__ = ["DEMO_BOT", "PHASES", "play_story"]

#: Phase headings (seed 001: development, food bank, feeding, extinction and the deal); setup by its two steps.
PHASES = dict(PHASE_WORDS, first="the first player", deal="the deal")
#: The bots of the demo (``make demo GAME=origin``).
DEMO_BOT = "lively"


def _heading(s: OriginState) -> str | None:
    if s.turn == 0:
        return f"Setup: {PHASES[s.node_name()] if s.node_name() in ('first', 'deal') else PHASES['setup']}"
    return f"Turn {s.turn}: {PHASES.get(s.phase_name(), s.phase_name())}"


def _sentence(text: str) -> str:
    return f"  {text[:1].upper()}{text[1:]}."


def _lines(game: OriginGame) -> Callable[[OriginState, Action, OriginState], list[str]]:
    def lines(before: OriginState, action: Action, after: OriginState) -> list[str]:
        new = after.events()[len(before.events()) :]
        out = [_sentence(event_words(before, after, e)) for e in new if type(e).__name__ != "Dealt"]
        if before.phase_name() == "feeding" and after.phase_name() != "feeding":  # the extinction phase ran
            # the extinction phase's lines: its deaths, then the end of the game (told last, after the heading)
            told = [type(e).__name__ for e in new if type(e).__name__ != "Dealt"]
            ends = [i for i, name in enumerate(told) if name in ("Died", "GameOver")]
            at = ends[0] if ends else len(out)
            none = [] if "Died" in told else ["  No animal dies."]
            out[at:at] = [f"Turn {before.turn}: extinction", *none]
        if before.node_name() == "deal" and after.node_name() != "deal":
            out.insert(
                0,
                "  Hands: "
                + ", ".join(f"{player(q)} {plural(after.hand_sizes[q], 'card')}" for q in range(game.players))
                + ".",
            )
        return out

    return lines


def play_story(
    game: OriginGame,
    seed: int | None = None,
    bots: Sequence[Callable[[OriginState, int], object]] | None = None,
    echo: Callable[[str], None] | None = None,
) -> tuple[OriginState, list[str]]:
    """Play ``game`` to the end (chance from ``seed``; decisions by ``bots``, default Origin's lively bots seeded
    from ``seed``) and tell it; returns ``(final state, lines)``."""
    if bots is None:
        bots = seeded_bots(DEMO_BOT, game.players, seed, game="origin")
    return tell(
        game.new_initial_state(),
        bots,
        np.random.default_rng(seed),
        heading=_heading,
        lines=_lines(game),
        ending=_ending,
        echo=echo,
    )


def _ending(final: OriginState) -> list[str]:
    scores = final.current_scores()
    return [
        "Points: " + ", ".join(f"{player(q)} {plural(x, 'point')}" for q, x in enumerate(scores)) + ".",
        "Winner: " + ", ".join(player(q) for q in final.winners()) + ".",
    ]
