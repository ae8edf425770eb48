"""Food arriving on an animal, and the paired traits it sets off (Communication and Cooperation).

Reference §4.3: "Animals that receive food set off linked traits (Communication, Cooperation) immediately, out of
turn." MC (Cooperation clarification): "in each round of the feeding phase each such trait is used only once."

Every token an animal receives goes through :func:`feed`. Its triggers (the links whose card has not fired this
round, ruling O7) join ``state.pending_shares``, a set of pending ``(kind, from, to)`` triggers. While two or more of them
can fire, their owner chooses the next one (a ``share`` decision, ruling R1); a single one fires by itself; when
none can fire (partner full, hibernating or waiting for its symbiont; Communication with an empty bank) the set is
dropped. What sets a trait off is data of the trait's registry entry (``trigger``: ``"bank"`` for Communication,
red tokens taken from the bank; ``"any"`` for Cooperation, any token received; ruling R2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from .actions import Share
from .model import Animal, Link, can_eat, receive

if TYPE_CHECKING:
    from .actions import Action
    from .state import OriginState

__all__ = ["feed", "triggers", "valid_shares", "fire"]


def feed(s: OriginState, a: Animal, n: int, blue: bool, source: str, from_bank: bool = False) -> int:
    """``a`` receives ``n`` tokens (blue or red) from ``source``; logs it and queues the paired triggers."""
    before_fat = a.fat_full
    got = receive(a, n, blue)
    if not got:
        return 0
    fat = a.fat_full - before_fat
    on = got - fat
    s.emit(ev.Ate(a.id, source, 0 if blue else on, on if blue else 0, fat))
    if s.links:
        triggers(s, a, from_bank)
    return got


def triggers(s: OriginState, a: Animal, from_bank: bool) -> None:
    """Queue the links of ``a`` that this food sets off."""
    g = s.game
    stamp = s.stamp(g.options.paired_limit)
    aid = a.id
    for L in s.links:
        if L.used == stamp or (L.a != aid and L.b != aid):
            continue
        how = g.trigger_of.get(L.kind)
        if how is None or (how == "bank" and not from_bank):
            continue
        item = (L.kind, aid, L.other(aid))
        if item not in s.pending_shares:
            s.pending_shares.append(item)


def _link(s: OriginState, kind: int, x: int, y: int) -> Link | None:
    for L in s.links:
        if L.kind == kind and L.joins(x, y):
            return L
    return None


def valid_shares(s: OriginState) -> list[Action]:
    """The pending triggers that can fire now, as ``("share", kind, from, to)`` actions."""
    g = s.game
    stamp = s.stamp(g.options.paired_limit)
    out: list[Action] = []
    for kind, x, y in s.pending_shares:
        L = _link(s, kind, x, y)
        if L is None or L.used == stamp:
            continue
        b = s.animal_by_id[y]
        if not can_eat(s, b):
            continue
        if g.gives_of[kind] == "red" and s.bank <= 0:
            continue
        out.append(Share("share", kind, x, y))
    return out


def fire(s: OriginState, a: Action) -> None:
    """One paired card fires: the partner takes a red token from the bank (Communication) or gets a blue one
    (Cooperation); the card is used for this round; the food sets off the partner's own links."""
    _, kind, x, y = a
    g = s.game
    L = _link(s, kind, x, y)
    L.used = s.stamp(g.options.paired_limit)  # type: ignore[union-attr]  # a valid share (valid_shares) has its link
    s.pending_shares = [
        it for it in s.pending_shares if not (it[0] == kind and (it[1], it[2]) in ((x, y), (y, x)))
    ]
    b = s.animal_by_id[y]
    if g.gives_of[kind] == "red":
        s.bank -= 1
        feed(s, b, 1, False, g.trait_ids[kind], from_bank=True)
    else:
        feed(s, b, 1, True, g.trait_ids[kind])
