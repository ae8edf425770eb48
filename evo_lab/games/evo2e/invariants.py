"""The invariants of an Evo 2e position (``state.check_invariants()``; the fuzzer and the conformance suite
check them after every action).

One dinosaur per space and at most 8 per player, counts consistent, MP >= 0, the 48 gene tokens and the climate
tokens accounted for, every event card in exactly one place, chance outcomes exact and distinct, legal actions
at decision nodes.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import TYPE_CHECKING

from ...core.errors import EvoLabError
from .jsontypes import JSONDict

if TYPE_CHECKING:
    from .state import State

__all__ = ["InvariantError", "check_state", "TOTAL_GENE_TOKENS"]

#: "48 gene tokens" (rulebook, Material).
TOTAL_GENE_TOKENS = 48


class InvariantError(EvoLabError, AssertionError):
    """An engine invariant broke. The message names it; ``record`` replays the game to that state."""

    def __init__(self, message: str, record: JSONDict | None = None):
        super().__init__(message)
        self.record = record


def _fail(msg: str, s: State) -> None:
    raise InvariantError(f"{msg} (round {s.round}, {s.phase_name()}, node {s.node})")


def _board(s: State) -> None:
    g = s.game
    n = g.players
    if len(s.occupants) != g.n:
        _fail("occ has the wrong length", s)
    for sp, o in enumerate(s.occupants):
        if not -1 <= o < n:
            _fail(f"space {sp} holds unknown occupant {o}", s)
    for p in range(n):
        c = s.occupants.count(p)
        if c != s.count[p]:
            _fail(f"P{p + 1}: count {s.count[p]} but {c} dinosaurs on the board", s)
        if c > g.max_dinos:
            _fail(f"P{p + 1} has {c} > {g.max_dinos} dinosaurs", s)
        if s.mp[p] < 0:
            _fail(f"P{p + 1} has negative MP {s.mp[p]}", s)


def _tokens(s: State, what_if: bool = False) -> None:
    """Gene tokens: bag + won normal genes + owned uniques + excluded uniques = 48; climate tokens: revealed +
    left = the 12 regular tokens; a peeked token is one of those left; cards: deck + hands + discard."""
    g = s.game
    won = sum(s.genes)
    owned = sum(u.bit_count() for u in s.unique_bits)
    total = sum(s.bag) + won + owned + len(s.excluded)
    expected = sum(x.count for x in g.data.normal_genes) + g.n_unique
    if s.phase != 0 and (total > expected if what_if else total != expected):
        _fail(
            f"gene tokens: bag {sum(s.bag)} + won {won} + unique owned {owned} + excluded {len(s.excluded)} = "
            f"{total} != {expected}",
            s,
        )
    if any(c < 0 for c in s.bag):
        _fail("negative bag count", s)
    for i in range(g.n_unique):
        holders = sum(1 for u in s.unique_bits if u >> i & 1) + s.bag[g.n_normal + i] + (i in s.excluded)
        if s.phase != 0 and (holders > 1 if what_if else holders != 1):
            _fail(f"unique gene {g.unique_ids[i]} is in {holders} places", s)
    rev = Counter(s.revealed)
    for k, c0 in enumerate(g.tokens0):
        if rev[k] + s.tokens_left[k] != c0:
            _fail(f"climate token {g.token_ids[k]}: {rev[k]} revealed + {s.tokens_left[k]} left != {c0}", s)
    if len(s.revealed) > g.pile_length - 1:
        _fail("more tokens revealed than the pile holds above the meteorite", s)
    if s.next_token is not None and s.next_token != g.meteorite and s.tokens_left[s.next_token] <= 0:
        _fail("the peeked next token is not among the tokens left", s)
    held = Counter(c for h in s.hands for c in h)
    for c, c0 in enumerate(g.deck0):
        if s.deck[c] + held[c] + s.discard[c] != c0:
            _fail(f"event card {g.card_ids[c]} not accounted for", s)
    if not 0 <= s.section < g.n_sections:
        _fail("wheel section out of range", s)


def _node(s: State) -> None:
    if s.is_terminal():
        if s.legal_actions():
            _fail("legal actions at the end", s)
        return
    if s.is_chance_node():
        outs = s.chance_outcomes()
        if not outs:
            _fail("chance node without outcomes", s)
        if sum((p for _, p in outs), Fraction(0)) != 1:
            _fail("chance probabilities do not sum to 1", s)
        if any(p <= 0 for _, p in outs):
            _fail("a chance outcome with probability <= 0", s)
        if len({a for a, _ in outs}) != len(outs):
            _fail("duplicate chance outcomes", s)
        return
    acts = s.legal_actions()
    if not acts:
        _fail("no legal actions at a decision node", s)
    if len(set(acts)) != len(acts):
        _fail("duplicate legal actions", s)
    if not 0 <= s.current_player() < s.game.players:
        _fail("decision node without a player", s)
    if s.node == "move" and s.mp_left < 0:
        _fail("negative movement points", s)


def check_state(s: State, what_if: bool = False) -> None:
    """Assert every invariant of ``s``; raises :class:`InvariantError` naming the broken one. ``what_if``: a
    position of the theory may hold fewer gene tokens than the pack (some out of the game on purpose, see
    :func:`~evo_lab.games.evo2e.builder.build_position`), never more."""
    _board(s)
    _tokens(s, what_if)
    _node(s)
