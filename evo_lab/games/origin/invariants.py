"""``state.check_invariants()``: what must hold at every node (the fuzzer and the conformance suite call it).

* every card of the deck is in exactly one place: the deck, the box (out of the game), a hand, under an animal
  (its face-down card and its trait cards), between two animals (a paired card) or in a discard pile;
* each trait card shows the trait it is played as; no animal holds two copies of a non-stacking trait nor two
  traits that exclude each other; a paired card joins two animals of one owner, at most one of a kind per pair;
* food is never above the need, stored fat never above the Fat Tissue cards; the cached masks agree with the traits;
* tokens lie on animals only during the feeding phase; the bank is never negative; the node fits the phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.errors import EvoLabError
from .model import DEAL, DEVELOPMENT, FEEDING, FOOD, OVER, PHASES, SETUP, Animal, recompute

if TYPE_CHECKING:
    from .state import OriginState

__all__ = ["InvariantError", "check_invariants"]


class InvariantError(EvoLabError, AssertionError):
    """A state that breaks the rules' bookkeeping; the message says what."""


def _fail(msg: str) -> None:
    raise InvariantError(msg)


def _cards(s: OriginState) -> list[int]:
    g = s.game
    tot = [a + b for a, b in zip(s.deck, s.box)]
    for h in s.hands:
        for c, k in enumerate(h):
            tot[c] += k
    for a in s.animal_by_id.values():
        tot[a.card] += 1
        for _, c in a.traits:
            tot[c] += 1
    for L in s.links:
        tot[L.card] += 1
    for p in range(g.players):
        for c in s.discard_open[p]:
            tot[c] += 1
        for c in s.discard_hidden[p]:
            tot[c] += 1
    return tot


def _check_animal(s: OriginState, a: Animal, p: int) -> None:
    g = s.game
    if a.owner != p:
        _fail(f"A{a.id} sits in P{p + 1}'s row but belongs to P{a.owner + 1}")
    if not 1 <= a.id < s.next_id:
        _fail(f"A{a.id}: id outside 1..{s.next_id - 1}")
    seen = 0
    for t, c in a.traits:
        if t not in g.faces[c]:
            _fail(f"A{a.id}: card {g.card_ids[c]} has no face {g.trait_ids[t]}")
        if g.target_of[t] == "pair":
            _fail(f"A{a.id}: paired trait {g.trait_ids[t]} held as a single trait")
        if seen & g.bit[t] and not g.stackable[t]:
            _fail(f"A{a.id} has two {g.trait_ids[t]}")
        seen |= g.bit[t]
    for t in range(len(g.trait_ids)):
        if seen & g.bit[t] and seen & g.excludes_of[t]:
            _fail(f"A{a.id}: {g.trait_ids[t]} with a trait it excludes")
    before = (a.mask, a.need, a.attacker_needs, a.prey_needs, a.fat, a.red, a.blue, a.fat_full)
    b = a.copy()
    recompute(b, g)
    if (b.mask, b.need, b.attacker_needs, b.prey_needs, b.fat, b.red, b.blue, b.fat_full) != before:
        _fail(f"A{a.id}: cached need/masks/food disagree with its traits")
    if a.red < 0 or a.blue < 0 or a.fat_full < 0:
        _fail(f"A{a.id}: negative tokens")
    if (a.red or a.blue or a.sleeping) and s.phase != FEEDING:
        _fail(f"A{a.id}: food tokens or hibernation outside the feeding phase")
    if a.poisoned and s.phase != FEEDING:
        _fail(f"A{a.id}: poisoned outside the feeding phase")


def _check_links(s: OriginState) -> None:
    g = s.game
    prot: dict[int, int] = {}
    pairs = set()
    for L in s.links:
        if L.a not in s.animal_by_id or L.b not in s.animal_by_id or L.a == L.b:
            _fail(f"{L!r} joins animals not on the table")
        if s.animal_by_id[L.a].owner != s.animal_by_id[L.b].owner:
            _fail(f"{L!r} joins animals of two players")
        if g.target_of[L.kind] != "pair" or L.kind not in g.faces[L.card]:
            _fail(f"{L!r}: not a paired face of card {g.card_ids[L.card]}")
        key = (L.kind, min(L.a, L.b), max(L.a, L.b))
        if key in pairs:
            _fail(f"two {g.trait_ids[L.kind]} cards between A{L.a} and A{L.b}")
        pairs.add(key)
        if L.kind == g.SYMB:
            prot[L.b] = prot.get(L.b, 0) + 1
    for a in s.animal_by_id.values():
        if a.protectors != prot.get(a.id, 0):
            _fail(f"A{a.id}: protection count {a.protectors}, links say {prot.get(a.id, 0)}")


def _check_flow(s: OriginState) -> None:
    n = s.game.players
    from .serialize import NODES

    if s.node not in NODES[PHASES[s.phase]]:
        _fail(f"node {s.node!r} in phase {PHASES[s.phase]!r}")
    decision = s.node in ("develop", "feed", "defend", "share")
    if decision and not 0 <= s.mover < n:
        _fail(f"decision node {s.node} without a player to act ({s.mover})")
    if not decision and s.phase != OVER and s.mover != -1:
        _fail(f"chance node {s.node} with a player to act")
    if s.bank < 0 or (s.bank and s.phase != FEEDING):
        _fail(f"bank {s.bank} in phase {PHASES[s.phase]}")
    if s.attack is not None:
        if s.phase != FEEDING or s.attack[0] not in s.animal_by_id or s.attack[1] not in s.animal_by_id:
            _fail(f"open attack {s.attack} without both animals in the feeding phase")
        if not s.animal_by_id[s.attack[0]].mask & s.game.bit[s.game.CARN]:
            _fail(f"A{s.attack[0]} attacks without Carnivorous")
    if (s.pending_shares or s.pending_effects) and s.node not in ("share", "defend", "run", "feed"):
        _fail("pending food triggers outside the feeding phase")
    if (
        s.phase in (DEAL, SETUP)
        and s.node == "deal"
        and (s.deck_n == 0 or s.owed is None or not 0 <= s.deal_to < n or s.owed[s.deal_to] <= 0)
    ):
        _fail("a deal node with nothing to deal")
    if s.phase in (DEVELOPMENT, FOOD) and (s.pending_shares or s.pending_effects or s.attack):
        _fail("feeding leftovers in development")
    if len(s.passed) != n:
        _fail("passed must have one flag per player")


def check_invariants(s: OriginState) -> None:
    """Raise :class:`InvariantError` if the state breaks an invariant (see the module docstring)."""
    g = s.game
    if _cards(s) != list(g.deck0):
        _fail(f"cards do not add up to the deck: {_cards(s)} != {list(g.deck0)}")
    if s.deck_n != sum(s.deck) or s.hand_sizes != [sum(h) for h in s.hands]:
        _fail("cached deck or hand sizes are wrong")
    if any(k < 0 for k in s.deck) or any(k < 0 for h in s.hands for k in h):
        _fail("negative card counts")
    seen: set[int] = set()
    for p, row in enumerate(s.rows):
        for x in row:
            if x in seen or x not in s.animal_by_id:
                _fail(f"A{x} is listed twice or missing")
            seen.add(x)
            _check_animal(s, s.animal_by_id[x], p)
    if seen != set(s.animal_by_id):
        _fail("animals outside every row")
    _check_links(s)
    _check_flow(s)
