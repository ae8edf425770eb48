"""What the course's dealer accepts from a player, checked as the instructor's dealer checks it
(``mfelleisen/Evolution`` ``player-internal.rkt`` confirm-choice and ``next``, ``next.rkt`` one-of): an answer
that fails is cheating, and the dealer removes the player (:mod:`.dealer`).

:func:`action4_problem` -- an Action4 (already well formed, :func:`.wire.parse_action4`) against the player's
boards and cards: every card index names a card in hand and none is used twice; every GP, GB and RT names an
existing board or one of the BT boards; growth keeps population and body within 0..7 (for a BT board the
reference counts the growth plus one, for population and body alike); the trait cards of a BT board are
different traits; an RT leaves the traits of its board different (each RT is checked against the board as it
was, or as its BT lists it).

:func:`feed_action` -- a FeedChoice against the engine's feeding options of the player (the same set as the
reference's ``feedable``: hungry vegetarians, Fat Tissue with room, attacks on other players' species).

>>> from ..model import Species
>>> cards = [(1, "horns"), (2, "horns"), (0, "climbing"), (3, "fat-tissue")]
>>> action4_problem([Species(0, 1)], cards, (0, [], [], [(1, 2, 3)], []))
>>> action4_problem([Species(0, 1)], cards, (0, [], [], [(2, 1, 1)], []))
'card 1 is used twice'
>>> action4_problem([Species(0, 1)], cards, (2, [], [], [(3, 0, 1)], []))
'the new board 1 would get the same trait twice'
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..model import Species
from .wire import Action4, Card

if TYPE_CHECKING:
    from ..table import Action, Table

__all__ = ["MAX_TRACK", "action4_problem", "feed_action"]

#: board.rkt MAX-POPULATION, MAX-BODY (and MIN-... 0).
MAX_TRACK = 7


def _cards_problem(n_cards: int, a: Action4) -> str | None:
    """valid-action-cards: the card indices are in hand and form a set."""
    fc, gp, gb, bt, rt = a
    used = [fc, *(c for _, c in gp), *(c for _, c in gb), *(c for _, _, c in rt), *(c for b in bt for c in b)]
    for c in used:
        if c >= n_cards:
            return f"card {c} is not in the hand (it holds {n_cards} cards)"
    twice = [c for c, k in Counter(used).items() if k > 1]
    if twice:
        return f"card {twice[0]} is used twice"
    return None


def _growth_problem(
    boards: list[Species], gp: list[tuple[int, int]], gb: list[tuple[int, int]]
) -> str | None:
    """validate-growth: per board, the grown population (body) stays within 0..7; a BT board counts as 1."""
    n = len(boards)
    for what, lst, attr in (("population", gp, "pop"), ("body", gb, "body")):
        for b, k in sorted(Counter(b for b, _ in lst).items()):
            start = getattr(boards[b], attr) if b < n else 1
            if start + k > MAX_TRACK:
                return f"board {b}'s {what} would grow past {MAX_TRACK}"
    return None


def _replacement_problem(
    boards: list[Species], cards: list[Card], bt: list[tuple[int, ...]], rt: list[tuple[int, int, int]]
) -> str | None:
    """valid-trait-replacements, each RT against its board's traits before the RTs."""
    n = len(boards)
    for b, slot, c in rt:
        traits = boards[b].trait_names() if b < n else [cards[j][1] for j in bt[b - n][1:]]
        if slot >= len(traits):
            return f"board {b} has no trait {slot} to replace"
        rest = traits[:slot] + traits[slot + 1 :]
        if cards[c][1] in rest:
            return f"replacing trait {slot} of board {b} would give it {cards[c][1]} twice"
    return None


def action4_problem(boards: list[Species], cards: list[Card], a: Action4) -> str | None:
    """Why the reference dealer would reject Action4 ``a`` of a player with ``boards`` and ``cards`` (in hand
    order), or ``None`` when it accepts it."""
    _, gp, gb, bt, rt = a
    problem = _cards_problem(len(cards), a)
    if problem:
        return problem
    top = len(boards) + len(bt)
    for what, lst in (("GP", gp), ("GB", gb), ("RT", rt)):
        for x in lst:
            if x[0] >= top:
                return f"a {what} names board {x[0]}, but there are only {top} (with the new ones)"
    problem = _growth_problem(boards, gp, gb)
    if problem:
        return problem
    for i, b in enumerate(bt):
        traits = [cards[j][1] for j in b[1:]]
        if len(set(traits)) != len(traits):
            return f"the new board {len(boards) + i} would get the same trait twice"
    return _replacement_problem(boards, cards, bt, rt)


def feed_action(
    t: Table, p: int, choice: Action, options: list[Action], others: list[int], decline: bool
) -> Action | str:
    """The engine feeding of player ``p`` that FeedChoice ``choice`` (:func:`.wire.parse_feed_choice`) asks
    for, or why it is cheating. ``options``: the engine's options of ``p``; ``others``: the table index of each
    player the message's others list names; ``decline``: whether ``false`` may be answered (only when the
    engine offers to forgo, i.e. no vegetarian can eat)."""
    k = choice[0]
    row = t.players[p].species
    if k == "pass":
        if decline and ("pass",) in options:
            return choice
        return "answered false (forgo feeding) although a feeding was possible"
    if k == "eat":
        if ("eat", choice[1]) in options:
            return choice
        return f"species {choice[1]} cannot eat now"
    if k == "store":
        i, n = choice[1], choice[2]
        if not any(a[0] == "store" and a[1] == i for a in options):
            return f"species {i} cannot store fat now"
        need = row[i].body - row[i].fat
        if n > need:
            return f"species {i} can store at most {need} fat, not {n}"
        return choice
    c, q, j = choice[1], choice[2], choice[3]
    if q >= len(others):
        return f"there is no other player {q}"
    a = ("attack", c, others[q], j)
    return a if a in options else f"species {c} cannot attack species {j} of other player {q}"
