"""Phase 4, extinction and the draw; the deal, one card at a time, as lazy chance nodes; the last turn.

Seed: "At the beginning of this phase all animals which are not fully fed are put into corresponding player's
discard piles, along with their traits, and all the pairwise traits associated with them." Reference §4.4: "Poisoned
carnivores also die now" and "An animal in Hibernation counts as fed."

Seed: "Then the first player deals new cards : one at a time in order, beginning from the first player. Each player
gets in total the following number of cards: 1 + the number of survived animals belonging to the player. If player
hasn't any animals and cards in his hand then he takes 6 cards from the deck during this phase. If the deck is
empty it's possible that one or more players get fewer cards then they are due." and "After that all food tokens
except fat tokens are removed from the cards and set aside. The new turn stars with the developmennt phase; the
role of first player passes clockwise from the first player of previous turn."

Seed: "After the deck is empty the last turn begins. After the extinction phase of the last turn the victory points
are counted." So when the extinction phase ends with an empty deck, the game is over; otherwise the deal runs (and
may empty the deck: the next turn is then the last one).

Each card dealt is one chance node ``("deal", player, card)``: the recipient is fixed by the dealing order, the card
is drawn from the remaining deck with weight = copies left (exact and lazy: no permutation is ever drawn). The
opening hands (6 cards each, from the first player chosen by lot) are dealt the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import events as ev
from ..flow import FLOW, Node, Step, run_phase
from ..model import DEAL, SETUP, fed
from ..table import remove_animal

if TYPE_CHECKING:
    from ..actions import Action
    from ..state import OriginState

__all__ = ["finish_feeding", "start_deal", "deal_weights", "apply_deal"]


def finish_feeding(s: OriginState) -> None:
    """The feeding phase is over: extinction, tokens off, then the draw (or the final scoring)."""
    for p, row in enumerate(s.rows):
        for x in list(row):
            a = s.animal_by_id[x]
            if a.poisoned or not fed(a):
                reason = "poisoned" if a.poisoned else "starved"
                remove_animal(s, a)
                s.emit(ev.Died(p, x, reason))
    for a in s.animal_by_id.values():
        a.red = a.blue = 0
        a.sleeping = False
    s.bank = 0
    s.pending_shares = []
    s.pending_effects = []
    if s.deck_n == 0:
        s.step = Step.SCORING  # the last turn is over
        return
    g = s.game
    st = g.setup
    want: list[int] = []
    for p in range(g.players):
        k = len(s.rows[p])
        want.append(
            st["restart_cards"]
            if k == 0 and s.hand_sizes[p] == 0
            else st["deal_base"] + st["deal_per_animal"] * k
        )
    start_deal(s, want, DEAL)


def start_deal(s: OriginState, want: list[int], phase: int) -> None:
    """Deal ``want[p]`` cards to each player, one at a time in turn order from the first player."""
    s.phase = phase
    s.owed = want
    s.deal_to = _next_recipient(s, s.first)
    if s.deal_to < 0 or s.deck_n == 0:
        _new_turn(s)
    else:
        s.node, s.mover = "deal", -1


def _next_recipient(s: OriginState, seat: int) -> int:
    n = s.game.players
    for k in range(n):
        p = (seat + k) % n
        if s.owed[p] > 0:  # type: ignore[index]  # only while cards are dealt
            return p
    return -1


def deal_weights(s: OriginState) -> tuple[list[Action], list[int]]:
    """The chance outcomes of the next card: ``("deal", recipient, card)`` weighted by the copies left."""
    mine = s.game.deal_outcomes[s.deal_to]
    deck = s.deck
    idx = [c for c, k in enumerate(deck) if k]
    return [mine[c] for c in idx], [deck[c] for c in idx]


def apply_deal(s: OriginState, a: Action) -> None:
    _, p, c = a
    s.deck[c] -= 1
    s.deck_n -= 1
    s.hands[p][c] += 1
    s.hand_sizes[p] += 1
    s.owed[p] -= 1  # type: ignore[index]  # the deal node: cards are owed
    s.emit(ev.Dealt(p, c))
    nxt = _next_recipient(s, (p + 1) % s.game.players)
    if nxt < 0 or s.deck_n == 0:
        _new_turn(s)
    else:
        s.deal_to = nxt


def _new_turn(s: OriginState) -> None:
    s.owed = None
    s.deal_to = -1
    if s.phase == SETUP:
        s.turn = 1
    else:
        s.turn += 1
        s.first = (s.first + 1) % s.game.players
    s.step = Step.DEVELOPMENT


run_phase(Step.EXTINCTION, finish_feeding)
FLOW.add(
    Node(
        "deal",
        DEAL,
        apply_deal,
        weights=deal_weights,
        kinds=frozenset({"deal"}),
        who="chance (the first player deals)",
        doc="seed: 'the first player deals new cards: one at a time in "
        "order, beginning from the first player' (each card one chance node, weighted by the copies left)",
    )
)
