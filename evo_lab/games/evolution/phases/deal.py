"""Phase: deal cards, and the deck as exact, lazy chance nodes.

The deck is kept as the multiset ``pool`` (counts per card kind) of cards nobody has seen, plus ``left``, the
number of cards that may still be drawn before the deck runs out. Each card drawn is one chance node whose
outcomes are the kinds in the pool weighted by their counts: exactly a uniform shuffle, drawn lazily, never a
permutation. Cards removed unseen at setup (2 players: 40, seed 003 line 186, seed 002 line 14) and Climate's
40-card end-game deck (seed 002 line 14) are part of the pool but not of ``left``:
every unseen card is equally likely to be any of them, so drawing from the pool stays exact.

When the deck runs out (seed 003 lines 168-172; seed 004 line 85): the discard pile is shuffled into a new deck;
if that happens while dealing, this round is the last, otherwise one more full round is played. Climate (seed
002 line 47): the end-game deck is used instead. Course (dealer.rkt over?): the game is over when the deck cannot
cover every player's cards at the start of a turn.

>>> import evo_lab
>>> s = evo_lab.make_game("evolution", players=3, seed=1).new_initial_state()
>>> s.is_chance_node(), len(s.chance_outcomes()) > 10, s.pending[0]
(True, True, [0, 4])
"""

from __future__ import annotations

from bisect import insort
from itertools import compress
from typing import TYPE_CHECKING

from ..events import CardsDrawn, Reshuffled
from ..flow import FLOW, PHASE_INDEX, Node

if TYPE_CHECKING:
    from ..data import EvolutionPack
    from ..model import Player
    from ..rules import RuleOptions
    from ..state import State
    from ..table import Action

__all__ = ["apply_draw", "deal_round", "draw_weights", "hand_size", "queue_draws", "removal", "setup_deck"]


def removal(o: RuleOptions, pack: EvolutionPack, players: int, size: int) -> int:
    """Cards removed unseen at setup: 2 players 40 (official: seed 003 line 186; Climate: seed 002 line 14,
    "When playing a 2-player game randomly remove 40 additional traits from the main deck"), no other removal.
    Ruling R17, option ``climate_removal="table"``: Climate by reference §8's table (the ksuchak1990 blog:
    2 players half the deck, 3: 60, 4: 30, 5-6: none).

    >>> from ..data import load_pack
    >>> from ..rules import climate
    >>> from dataclasses import replace
    >>> [removal(climate(), load_pack(), n, 177) for n in (2, 3, 4, 5)]
    [40, 0, 0, 0]
    >>> [removal(replace(climate(), climate_removal="table"), load_pack(), n, 177) for n in (2, 3, 4, 5)]
    [88, 60, 30, 0]
    """
    if o.climate and o.climate_removal == "table":
        r = pack.climate_meta["removal"].get(str(players), 0)
        return size // 2 if r == "half" else int(r)
    return pack.setup(o.variant).get("remove_2p", 0) if players == 2 else 0


def setup_deck(s: State) -> None:
    """A full, unseen deck; ``left`` excludes removed cards and the Climate end-game deck."""
    g = s.game
    s.pool = [c.count for c in g.deck.cards]
    size = g.deck.size
    left = size - removal(g.options, g.pack, g.players, size)
    s.end_deck = 0
    if g.options.end_rule == "end_deck":
        s.end_deck = min(g.pack.climate_meta["end_deck"], left)
        left -= s.end_deck
    s.left = left
    s.gone = 0
    s.discards = [0] * len(g.deck.cards)


def hand_size(o: RuleOptions, pl: Player[int]) -> int:
    """3 cards + 1 per species (seed 003 line 88); Climate 4 + 1 (seed 002 line 5)."""
    return o.hand_base + o.hand_per_species * len(pl.species)


def deal_round(s: State) -> None:
    """Queue this round's deal, first player first."""
    n = len(s.players)
    for k in range(n):
        p = (s.first + k) % n
        queue_draws(s, p, hand_size(s.options, s.players[p]))


def queue_draws(s: State, p: int, n: int) -> None:
    if n <= 0:
        return
    if s.new_events is not None:
        s.new_events.append(CardsDrawn(p, n))
    if s.pending and s.pending[-1][0] == p:
        s.pending[-1][1] += n
    else:
        s.pending.append([p, n])
    _refill(s)


def _refill(s: State) -> None:
    """Make a card drawable if the deck ran out; drop the draws that cannot be made."""
    while s.pending and s.left <= 0:
        if not _deck_ran_out(s):
            s.pending.clear()
            return


def _deck_ran_out(s: State) -> bool:
    """Handle an empty deck; False when no card can be drawn any more."""
    o = s.options
    in_deal = s.phase == "deal"
    if o.end_rule == "reshuffle":
        total = sum(s.discards)
        if total == 0:
            return False
        s.gone += sum(s.pool)  # cards removed unseen at setup stay out of the game
        s.pool, s.discards = s.discards, [0] * len(s.discards)
        s.left = total
        why = "reshuffled while dealing: last round" if in_deal else "reshuffled: one more round"
    elif o.end_rule == "end_deck" and s.end_deck > 0:
        s.left, s.end_deck = s.end_deck, 0
        why = "end-game deck while dealing: last round" if in_deal else "end-game deck: one more round"
    else:
        return False
    if in_deal:
        s.final = 1
    elif s.final == 0:
        s.final = 2
    if s.new_events is not None:
        s.new_events.append(Reshuffled(s.left, why))
    return True


def draw_weights(s: State) -> tuple[list[Action], list[int]]:
    """The outcomes ``("card", kind)`` of the next draw and their integer weights (the counts in the pool), kinds
    ascending; kinds with no card left are not outcomes. (``compress`` and ``filter`` walk the pool in C: this
    runs at every card drawn.)"""
    pool = s.pool
    return list(compress(s.game.card_outcomes, pool)), list(filter(None, pool))


def apply_draw(s: State, a: Action) -> None:
    """The next pending draw gives the card of outcome ``a`` (``("card", kind)``) to its player."""
    kind = a[1]
    owed = s.pending[0]
    s.pool[kind] -= 1
    s.left -= 1
    insort(s.players[owed[0]].hand, kind)  # as Player.take: the hand stays sorted
    owed[1] -= 1
    if owed[1] <= 0:
        s.pending.pop(0)
    if s.left <= 0:
        _refill(s)


FLOW.add(
    Node(
        "draw",
        PHASE_INDEX["deal"],
        apply_draw,
        weights=draw_weights,
        kinds=frozenset({"card"}),
        who="chance (the next card of the deck)",
        doc="seed 003 line 88: each player gets 3 cards plus 1 per species; the cards owed after an "
        "extinction (line 166) are drawn the same way, one chance node per card",
    )
)
