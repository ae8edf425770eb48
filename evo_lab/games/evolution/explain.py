"""Why an action is not legal: ``(message, reason code)`` for :class:`~evo_lab.core.errors.IllegalActionError`.

>>> import evo_lab
>>> s = evo_lab.make_game("evolution", players=2, seed=3).new_initial_state_dealt()
>>> s.apply_action("attack 1 P2.1")
Traceback (most recent call last):
...
evo_lab.core.errors.IllegalActionError: attacks happen in the feed phase; this is the food phase
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.errors import excerpt
from .attack import blocker, neighbours

if TYPE_CHECKING:
    from .state import State
    from .table import Action

__all__ = ["explain"]

_PHASE_OF = {
    "food": "food",
    "trait": "play",
    "replace": "play",
    "drop": "play",
    "new": "play",
    "body": "play",
    "pop": "play",
    "eat": "feed",
    "store": "feed",
    "attack": "feed",
    "discard": "feed",
}
_WORD = {"food": "food cards are chosen", "play": "cards are played", "feed": "attacks happen"}


def explain(s: State, a: object) -> tuple[str, str]:
    if not isinstance(a, tuple) or not a or not isinstance(a[0], str):
        return f"not an action of this game: {excerpt(a)}", "not_an_action"
    k = a[0]
    if s.is_chance_node():
        return f"this is a chance node ({s.node_name()}): apply a chance outcome", "chance_node"
    if k in ("card", "event"):
        return "a chance outcome cannot be played at a decision node", "not_chance"
    want = _PHASE_OF.get(k)
    if want is None and k != "pass":
        return f"unknown action {excerpt(k)}", "not_an_action"
    if want and want != s.phase:
        verb = {
            "eat": "feeding happens",
            "store": "fat is stored",
            "attack": "attacks happen",
            "discard": "Intelligence discards happen",
        }.get(k, _WORD.get(want, want))
        return f"{verb} in the {want} phase; this is the {s.phase} phase", "wrong_phase"
    pl = s.players[s.turn]
    card = a[-1] if k in ("food", "trait", "replace", "new", "body", "pop", "discard") else None
    if card is not None and card not in pl.hand:
        name = s.game.labels[card] if isinstance(card, int) and 0 <= card < len(s.game.labels) else repr(card)
        return f"P{s.turn + 1} holds no {name}", "not_in_hand"
    if k in ("trait", "replace", "body", "pop", "eat", "store", "attack", "drop") and not (
        isinstance(a[1], int) and 0 <= a[1] < len(pl.species)
    ):
        return f"P{s.turn + 1} has no species {a[1] + 1 if isinstance(a[1], int) else a[1]}", "no_species"
    if k == "attack" and len(a) >= 4:
        return _why_attack(s, a)
    if k == "trait" and card is not None:
        sp = pl.species[a[1]]
        if s.game.card_trait[card] in sp.traits:
            return "a species cannot have the same trait twice (seed 003 line 106)", "duplicate_trait"
        return "this species has no room for another trait: replace one instead", "too_many_traits"
    if k in ("body", "pop"):
        return (
            f"{'body size' if k == 'body' else 'population'} is at its maximum ({s.options.max_track})",
            "at_maximum",
        )
    if getattr(s, "asking", -1) >= 0 and k in ("eat", "store", "attack"):
        msg = (
            f"before eating, P{s.turn + 1} only decides whether species {s.asking + 1} uses its Intelligence "
            f"(seed 004 lines 50-57); feeding starts after"
        )
        return msg, "before_eating"
    if (
        k == "eat"
        and len(a) == 3
        and s.options.intelligence
        and s.options.herbivore_intelligence == "before_eating"
    ):
        msg = (
            "a non-Carnivore uses Intelligence before eating, once a round, not on a feeding turn "
            "(seed 004 lines 50-57)"
        )
        return msg, "before_eating"
    if k == "eat":
        return "this species cannot eat now (full, a carnivore, or no plant food)", "cannot_eat"
    if k == "pass" and s.phase == "feed":
        return "a hungry species must eat when it can (seed 003 line 150)", "must_feed"
    return f"{excerpt(s.action_to_string(a) if _printable(s, a) else a)} is not legal here", "not_legal"


def _printable(s: State, a: Action) -> bool:
    try:
        s.action_to_string(a)
        return True
    except Exception:  # noqa: BLE001
        return False


def _why_attack(s: State, a: Action) -> tuple[str, str]:
    p = s.turn
    _, i, q, j = a[:4]
    if not (isinstance(q, int) and 0 <= q < len(s.players)) or not (
        isinstance(j, int) and 0 <= j < len(s.players[q].species)
    ):
        return "no such target species", "no_target"
    att = s.players[p].species[i]
    if not att.has("carnivore"):
        return "only a Carnivore attacks", "not_carnivore"
    if att.food >= att.pop and not att.has("fat-tissue"):
        return "this Carnivore is fed", "not_hungry"
    if q == p and (j == i or not s.options.attack_own):
        return "a Carnivore cannot attack its own species here", "own_species"
    row = s.players[q].species
    left, right = neighbours(row, j)
    b = blocker(att, row[j], left, right, s.options)
    if b:
        return f"the attack is blocked by {b}", "protected"
    return "this attack is not legal now", "not_legal"
