"""Scoring, the meteor and the auction of a first-edition round: "5. Survival & Mutation ... a mutation point for
each surviving Dino. 6. Meteor & Evolution: Move meteor one space closer to impact. If space has number, first
player rolls die. If greater than number, no impact. Draw new genes from bag and bid in player order." (GiochinScatola
1e turn summary). Survival and the auction are Evo 2e's phases; only where the round goes between them changes.

Steps replaced: ``SCORING`` (Evo 2e's scoring, then the meteor: node ``meteor``), ``PEEK_MUTATION`` (after the
auction, the next round).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ...evo2e.actions import DIE, Action
from ...evo2e.flow import END_PHASE, MOVEMENT, STEPS, SURVIVAL, Node, Step
from ..flow import FLOW

if TYPE_CHECKING:
    from ...evo2e.state import State
    from ..game import Game


def _game(s: State) -> Game:
    """The Evo first-edition game of ``s`` (this flow runs only under it)."""
    return cast("Game", s.game)


__all__ = ["meteor_outcomes"]


@FLOW.step(Step.SCORING)
def _scoring(s: State) -> bool:
    """Evo 2e's scoring, then the meteor: no number on the space, the auction; a number ``n``, the die (impact on
    ``n`` or less); past the track's end, the impact."""
    STEPS[Step.SCORING](s)
    g = _game(s)
    track = g.meteor_track
    n = track[s.round - 1] if s.round <= len(track) else 6
    if n is None or n == 0:
        s.step = Step.MUTATION_START
        return False
    if n >= 6:
        s.step = Step.END
        return False
    s.phase = SURVIVAL
    s.node, s.actor = "meteor", s.order[0]
    return True


def meteor_outcomes(s: State) -> tuple[list[Action], list[int]]:
    """The six faces of the die, one each (the die part's faces)."""
    g = s.game
    return [Action(DIE, i) for i in range(len(g.die_kinds))], list(g.die_weights)


def _meteor_apply(s: State, a: Action) -> None:
    g = _game(s)
    n = g.meteor_track[s.round - 1]
    assert n is not None  # the die is rolled only after a round whose space has a number
    face = int(g.die_kinds[a.a]) if g.die_kinds[a.a].isdigit() else a.a + 1
    s.step = Step.END if face <= n else Step.MUTATION_START
    if s.step is Step.END:
        s.phase = END_PHASE


@FLOW.step(Step.PEEK_MUTATION)
def _after_auction(s: State) -> bool:
    """After the auction the next round begins (no Sixth-sense peek)."""
    s.step = Step.ROUND_START
    return False


FLOW.add(
    Node(
        "meteor",
        MOVEMENT,
        _meteor_apply,
        weights=meteor_outcomes,
        kinds=frozenset({DIE}),
        doc="Evo 1e meteor: the die against the number of the meteor track's space",
        variant="evo1e",
    )
)
