"""Small state operations shared by the phase modules, the genes and the cards (no rules decided here)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from . import rules
from .actions import Action

if TYPE_CHECKING:
    from .events import Event
    from .state import State

_T = TypeVar("_T")

__all__ = ["event", "kill", "with_item", "token_outcomes", "card_of", "discard"]


def event(s: State, ev: Event) -> None:
    """Record what just happened (``state.events()``; ``state.last`` and ``state.log``, the newest event and the
    current action's, are what a position stores)."""
    s.last = ev
    s.log = s.log + (ev,)
    s._ev = (s._ev, ev)


def kill(s: State, space: int) -> None:
    """Remove the dinosaur on ``space`` from the board."""
    q = s.occupants[space]
    s.occupants[space] = -1
    s.count[q] -= 1


def with_item(t: tuple[_T, ...], i: int, v: _T) -> tuple[_T, ...]:
    """``t`` with item ``i`` replaced by ``v``."""
    return t[:i] + (v,) + t[i + 1 :]


def token_outcomes(s: State, kind: str) -> tuple[list[Action], list[int]]:
    """The next climate token of the lazy pile as ``kind`` outcomes (``token`` or ``peek``) with integer
    weights (:func:`~evo_lab.games.evo2e.rules.climate_token_weights`)."""
    g = s.game
    w, met = rules.climate_token_weights(s.tokens_left, len(s.revealed) + 1, g.pile_length, g.bottom)
    outs, ws = [], []
    for i, x in enumerate(w):
        if x:
            outs.append(Action(kind, i))
            ws.append(x)
    if met:
        outs.append(Action(kind, g.meteorite))
        ws.append(met)
    return outs, ws


def card_of(s: State, player: int, effect: str) -> int:
    """Index of a card with ``effect`` in ``player``'s hand, or -1."""
    eff = s.game.card_effects
    for c in s.hands[player]:
        if eff[c] == effect:
            return c
    return -1


def discard(s: State, player: int, card: int) -> None:
    """``player`` plays ``card``: out of the hand, onto the discard pile ("discarded after use")."""
    h = list(s.hands[player])
    h.remove(card)
    s.hands = with_item(s.hands, player, tuple(h))
    s.discard[card] += 1
