"""The end of the game: victory points, the tie-breaks and the winner.

Reference §6 [med-high]: "Each **surviving** animal scores **2**. Each trait card on it scores **1**. Traits that
raise the food need score **extra points equal to the increase**: Carnivorous +1, High Body Weight +1, Parasite +2
(so a Parasite card is worth 3 to the animal's owner)." The numbers are data (``setup.json``: ``points_per_animal``,
``points_per_trait``; ``traits.json``: ``score_bonus``). A paired card scores once (ruling O4; option
``paired_score="animal"`` scores it on both its animals).

Tie-break (reference §6, from WP): "1) more victory points, 2) **more cards in the player's discard pile**, 3) a die
roll." The roll is a chance node choosing one of the still-tied players uniformly (ruling O9).

>>> import evo_lab
>>> from evo_lab.games.origin import build_position
>>> s = build_position(players=2, animals=["$A carn fat, $B coop$C, $C", "$D para"])  # P1 5+2+2+1, P2 2+3
>>> animal_points(s, s.animal_by_id[s.names["A"]]), scores(s)
(5, [10, 5])
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import events as ev
from ..actions import Rolloff
from ..flow import FLOW, Node, Step, run_phase
from ..model import OVER, ROLLOFF, Animal

if TYPE_CHECKING:
    from ..state import OriginState

__all__ = [
    "animal_points",
    "scores",
    "discard_sizes",
    "finish",
    "apply_rolloff",
    "winners",
    "ranking",
    "returns",
]


def animal_points(s: OriginState, a: Animal) -> int:
    """A surviving animal's points: 2, plus 1 + bonus for each of its own trait cards (paired cards not included)."""
    g = s.game
    per = g.setup["points_per_trait"]
    return g.setup["points_per_animal"] + sum(per + g.score_of[t] for t, _ in a.traits)


def scores(s: OriginState) -> list[int]:
    """Every player's points if the game ended now (the animals on the table and their traits)."""
    g = s.game
    out = [0] * g.players
    for a in s.animal_by_id.values():
        out[a.owner] += animal_points(s, a)
    twice = 2 if g.options.paired_score == "animal" else 1
    per = g.setup["points_per_trait"]
    for L in s.links:
        out[s.animal_by_id[L.a].owner] += twice * (per + g.score_of[L.kind])
    return out


def discard_sizes(s: OriginState) -> list[int]:
    """Cards in each player's discard pile (the second tie-break, ruling R8)."""
    return [len(s.discard_open[p]) + len(s.discard_hidden[p]) for p in range(s.game.players)]


def finish(s: OriginState) -> None:
    """Count the points; a unique leader wins; a tie on points and discards goes to the roll-off (or is shared)."""
    sc = scores(s)
    ds = discard_sizes(s)
    keys = list(zip(sc, ds))
    best = max(keys)
    tied = [p for p, k in enumerate(keys) if k == best]
    s.final_scores = sc
    s.tied = tied
    if len(tied) > 1 and s.game.options.tiebreak_roll:
        s.phase, s.node, s.mover = ROLLOFF, "rolloff", -1
        return
    _over(s, tied[0] if len(tied) == 1 else -1)


def apply_rolloff(s: OriginState, p: int) -> None:
    _over(s, p)


def _over(s: OriginState, winner: int) -> None:
    s.winner = winner
    s.phase, s.node, s.mover = OVER, "end", -4
    s.emit(ev.GameOver(tuple(s.final_scores or ()), winner))


def winners(s: OriginState) -> list[int]:
    """The winner (after every tie-break), or the players sharing the win (``tiebreak_roll=False``)."""
    if s.phase != OVER:
        return []
    return [s.winner] if s.winner >= 0 else list(s.tied)


def ranking(s: OriginState) -> list[int]:
    """Each player's place (1 = winner) by points, then discard pile; the roll-off winner is ahead of the players
    it beat, who share the next place."""
    sc = s.final_scores if s.final_scores is not None else scores(s)
    ds = discard_sizes(s)
    keys = [(sc[p], ds[p], 1 if p == s.winner else 0) for p in range(s.game.players)]
    return [1 + sum(1 for q in keys if q > k) for k in keys]


def returns(s: OriginState) -> list[float]:
    """1 to the winner, 0 to the others (``1/k`` each to ``k`` players sharing a win); 0 before the end."""
    n = s.game.players
    w = winners(s)
    return [1.0 / len(w) if p in w else 0.0 for p in range(n)]


run_phase(Step.SCORING, finish)
FLOW.add(
    Node(
        "rolloff",
        ROLLOFF,
        lambda s, a: apply_rolloff(s, a[1]),
        weights=lambda s: ([Rolloff("rolloff", p) for p in s.tied], [1] * len(s.tied)),
        kinds=frozenset({"rolloff"}),
        who="chance (a die roll among the tied players)",
        doc="reference §6: the last tie-break is a die roll (ruling O9: uniform among the tied players)",
    )
)
