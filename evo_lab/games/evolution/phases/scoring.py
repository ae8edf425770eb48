"""Phase: end of the round, end of the game and scoring.

End of round (seed 003 lines 155-162; seed 002 lines 42-45; seed 004 line 77): a species that did not eat as much
food as its population drops to the food it ate (0: extinct, seed 003 line 166); every player puts the food
eaten into their bag; plant food left on the watering hole stays; a player without species gets a new one (seed
003 line 161; seed 002 line 24); the first-player marker passes to the left.

Scoring (seed 003 lines 174-182; seed 004 lines 87-101; seed 002 lines 48-51): 1 point per food in the bag, per
population of a surviving species and per trait card on a surviving species. Ties: most trait points, then most
population points; still tied, the winners share. Course (player-internal.rkt score): bag + number of species +
trait cards.

>>> from ..model import Player, Species
>>> p = Player([Species(2, 3, traits=["horns", "climbing"])], bag=10)
>>> score(p, "official"), score(p, "course"), tiebreak(p)
(15, 13, (15, 2, 3))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..flow import FLOW, Step
from ..model import Species
from .feeding import go_extinct

if TYPE_CHECKING:
    from ..model import CardT, Player, Species
    from ..state import State
    from ..table import Table

__all__ = [
    "reduce_populations",
    "food_to_bags",
    "new_boards",
    "score",
    "tiebreak",
    "winners",
    "end_round",
    "next_round",
    "game_over",
]


def reduce_populations(t: Table) -> None:
    """Population falls to the food eaten; 0 food: extinct (its owner draws, see feeding.go_extinct)."""
    for p, pl in enumerate(t.players):
        for s in list(pl.species):
            if s.food < s.pop:
                s.pop = s.food
                if s.pop == 0:
                    go_extinct(t, p, s)


def food_to_bags(t: Table) -> None:
    """Food on the population tracks goes into the bags (fat stays on Fat Tissue)."""
    for pl in t.players:
        for s in pl.species:
            pl.bag += s.food
            s.food = 0


def new_boards(t: Table) -> None:
    """A player with no species gets a new one (body 1, population 1; course body 0)."""
    for pl in t.players:
        if not pl.species:
            pl.species.append(Species(t.options.new_body, t.options.new_pop))


def score(pl: Player[CardT], rule: str = "official") -> int:
    traits = sum(len(s.traits) for s in pl.species)
    if rule == "course":
        return pl.bag + len(pl.species) + traits
    return pl.bag + sum(s.pop for s in pl.species) + traits


def tiebreak(pl: Player[CardT], rule: str = "official") -> tuple[int, int, int]:
    """``(score, trait points, population points)``: compared in that order (seed 003 line 182)."""
    return (score(pl, rule), sum(len(s.traits) for s in pl.species), sum(s.pop for s in pl.species))


def winners(players: Sequence[Player[int]], rule: str = "official") -> list[int]:
    keys = [tiebreak(p, rule) for p in players]
    best = max(keys)
    return [i for i, k in enumerate(keys) if k == best]


def end_round(t: Table) -> None:
    """Reduce populations, fill the bags; the caller then checks the end of the game, hands out new boards
    and passes the first-player marker (state.py)."""
    reduce_populations(t)
    food_to_bags(t)


def next_round(s: State) -> bool:
    """Step ``END_ROUND``: the end of the round (seed 003 lines 155-162), then the end of the game (deal.py: the
    deck's end rules; course: the deck cannot cover the next round), a board for every player without species
    and the first-player marker to the left (seed 003 line 162)."""
    from . import climate as clim
    from .deal import deal_round

    o = s.options
    end_round(s)
    if o.climate:
        clim.end_of_round(s)
    n = len(s.players)
    if s.final == 1:
        return game_over(s)
    if s.final == 2:
        s.final = 1
    if o.end_rule == "short":
        owed = sum(c for _, c in s.pending)
        need = sum(o.hand_base + o.hand_per_species * len(p.species) for p in s.players)
        if s.left - owed < need:
            return game_over(s)
    new_boards(s)
    s.first = (s.first + 1) % n
    s.round += 1
    s.phase, s.turn = "deal", -1
    deal_round(s)
    s.step = Step.FOOD_CARDS
    return False


def game_over(s: State) -> bool:
    """The game is over: nothing more is drawn."""
    s.phase, s.turn = "over", -1
    s.pending.clear()
    s.pending_events.clear()
    s.node, s.step = "end", Step.WAIT
    return True


FLOW.step(Step.END_ROUND)(next_round)
