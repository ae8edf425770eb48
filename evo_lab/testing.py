"""A random-play fuzzer for the engine, in the manner of OpenSpiel's ``random_sim_test``.

:func:`check_state` asserts the invariants of one state; :func:`fuzz_game` plays one seeded random game
and checks every state on the way, the JSON round-trip of every state and replay determinism.
``tests/test_fuzz.py`` and ``scripts/fuzz.py`` both use it.

>>> r = fuzz_game(players=3, seed=5)
>>> r.actions > 50, r.rounds in (9, 10, 11)
(True, True)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from .core.errors import EvoLabError
from .datapack import DataPack, load_data
from .engine.game import Game
from .engine.state import State

__all__ = ["TOTAL_GENE_TOKENS", "FuzzResult", "InvariantError", "all_uniques_pack", "check_state", "fuzz_game"]

#: "48 gene tokens" (rulebook, Material).
TOTAL_GENE_TOKENS = 48


class InvariantError(EvoLabError, AssertionError):
    """An engine invariant broke. The message names it; ``record`` replays the game to that state."""

    def __init__(self, message: str, record: dict | None = None):
        super().__init__(message)
        self.record = record


def all_uniques_pack() -> DataPack:
    """The shipped pack with all 12 unique genes in the bag (``unique_genes_in_bag`` = 12)."""
    setup = dict(load_data().to_dict()["setup"])
    setup["values"] = dict(setup["values"])
    setup["values"]["unique_genes_in_bag"] = dict(setup["values"]["unique_genes_in_bag"], value=12)
    return load_data(overrides={"setup": setup})


def _fail(msg: str, s: State) -> None:
    raise InvariantError(f"{msg} (round {s.round}, {s.phase_name()}, node {s.node})")


def check_state(s: State) -> None:
    """Assert every invariant of ``s``; raises :class:`InvariantError` naming the broken one."""
    g = s.game
    n = g.players
    # one dinosaur per space, every one on a land space of the board, counts consistent, at most 8
    if len(s.occ) != g.n:
        _fail("occ has the wrong length", s)
    for sp, o in enumerate(s.occ):
        if not -1 <= o < n:
            _fail(f"space {sp} holds unknown occupant {o}", s)
    for p in range(n):
        c = s.occ.count(p)
        if c != s.count[p]:
            _fail(f"P{p + 1}: count {s.count[p]} but {c} dinosaurs on the board", s)
        if c > g.max_dinos:
            _fail(f"P{p + 1} has {c} > {g.max_dinos} dinosaurs", s)
        if s.mp[p] < 0:
            _fail(f"P{p + 1} has negative MP {s.mp[p]}", s)
    # gene tokens: bag + won normal genes + owned uniques + excluded uniques = 48
    won = sum(s.genes)
    owned = sum(u.bit_count() for u in s.uniq)
    total = sum(s.bag) + won + owned + len(s.excluded)
    if s.phase != 0 and total != TOTAL_GENE_TOKENS:
        _fail(f"gene tokens: bag {sum(s.bag)} + won {won} + unique owned {owned} + excluded {len(s.excluded)} = "
              f"{total} != {TOTAL_GENE_TOKENS}", s)
    if any(c < 0 for c in s.bag):
        _fail("negative bag count", s)
    for i in range(g.n_unique):
        holders = sum(1 for u in s.uniq if u >> i & 1) + s.bag[g.n_normal + i] + (i in s.excluded)
        if s.phase != 0 and holders != 1:
            _fail(f"unique gene {g.unique_ids[i]} is in {holders} places", s)
    # climate tokens: revealed + left = the 12 regular tokens; a peeked token is one of those left
    rev = Counter(s.revealed)
    for k, c0 in enumerate(g.tokens0):
        if rev[k] + s.tokens_left[k] != c0:
            _fail(f"climate token {g.token_ids[k]}: {rev[k]} revealed + {s.tokens_left[k]} left != {c0}", s)
    if len(s.revealed) > g.pile_length - 1:
        _fail("more tokens revealed than the pile holds above the meteorite", s)
    if s.next_token is not None and s.next_token != g.meteorite and s.tokens_left[s.next_token] <= 0:
        _fail("the peeked next token is not among the tokens left", s)
    # cards: deck + hands + discard = the deck
    held = Counter(c for h in s.hands for c in h)
    for c, c0 in enumerate(g.deck0):
        if s.deck[c] + held[c] + s.discard[c] != c0:
            _fail(f"event card {g.card_ids[c]} not accounted for", s)
    # the floor: climate never takes a clan below 2 (3 with regeneration)
    # (checked by fuzz_game across survival steps)
    if not 0 <= s.section < g.n_sections:
        _fail("wheel section out of range", s)
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
    else:
        acts = s.legal_actions()
        if not acts:
            _fail("no legal actions at a decision node", s)
        if len(set(acts)) != len(acts):
            _fail("duplicate legal actions", s)
        if not 0 <= s.current_player() < n:
            _fail("decision node without a player", s)
        if s.node == "move" and s.mp_left < 0:
            _fail("negative movement points", s)


@dataclass
class FuzzResult:
    """What one fuzzed game did."""

    players: int
    seed: int
    actions: int = 0
    decisions: int = 0
    rounds: int = 0
    states_checked: int = 0
    uniques_won: set = field(default_factory=set)
    cards_played: set = field(default_factory=set)
    nodes: Counter = field(default_factory=Counter)
    final_json: str = ""


def fuzz_game(players: int, seed: int, data: DataPack | None = None, *, json_every: int = 1, full_json_every: int = 50,
              replay: bool = True, max_actions: int = 20000) -> FuzzResult:
    """Play one uniformly random game (chance sampled exactly) and check it after every action.

    Every ``json_every``-th state is round-tripped through JSON (position and legal actions must match);
    with ``replay`` the game record is replayed at the end and must reach the same final position."""
    rng = np.random.default_rng(seed)
    game = Game(players=players, data=data)
    s = game.new_initial_state()
    res = FuzzResult(players, seed)
    floors_before: list[int] | None = None
    while True:
        try:
            check_state(s)
            if json_every and res.actions % json_every == 0:
                text = s.to_json()
                # the game's configuration is reloaded from the JSON too every ``full_json_every`` states
                fresh = full_json_every and res.actions % full_json_every == 0
                back = State.from_json(text) if fresh else State.from_json(text, game)
                if back.to_json() != text:
                    _fail("JSON round-trip changes the position", s)
                if back.legal_actions() != s.legal_actions():
                    _fail("JSON round-trip changes the legal actions", s)
        except InvariantError as e:
            e.record = s.to_record()
            raise
        res.states_checked += 1
        res.nodes[s.node] += 1
        if s.is_terminal():
            break
        if res.actions >= max_actions:
            _fail(f"game did not end within {max_actions} actions", s)
        # survival never removes a clan below its floor
        if s.phase_name() == "survival" and floors_before is None:
            floors_before = [min(s.count[p], s.floor(p)) for p in range(players)]
        acts = s.legal_actions()
        if s.is_chance_node():
            from .core.protocol import sample_chance

            a = sample_chance(s, rng)
        else:
            a = acts[int(rng.random() * len(acts))]
            res.decisions += 1
            if a.kind == "play":
                res.cards_played.add(game.card_effects[a.a])
        before = s.phase_name()
        s.apply_action(a)
        res.actions += 1
        if before == "survival" and floors_before is not None and s.phase_name() != "survival":
            floors_before = None
        if floors_before is not None and s.phase_name() == "survival":
            for p in range(players):
                if s.count[p] < floors_before[p]:
                    _fail(f"P{p + 1} removed below the floor {floors_before[p]} in survival", s)
    res.rounds = s.round - 1  # the meteorite is revealed at the start of round ``s.round``
    for p in range(players):
        res.uniques_won.update(s.unique_genes(p))
    res.final_json = s.to_json()
    if replay:
        again = State.from_record(s.to_record())
        if again.to_json() != res.final_json:
            _fail("replaying the record does not reach the same final position", s)
    return res




def fuzz_chunk(items: list[tuple[int, int, bool, int]]) -> list[dict]:
    """Fuzz ``(players, seed, all_uniques, json_every)`` items; one summary dict per game (for
    :func:`evo_lab.parallel.map_chunks`). A broken invariant is reported, not raised, with its record."""
    out = []
    for players, seed, all12, json_every in items:
        try:
            r = fuzz_game(players, seed, all_uniques_pack() if all12 else None, json_every=json_every)
            out.append({"players": players, "seed": seed, "all_uniques": all12, "ok": True, "actions": r.actions,
                        "decisions": r.decisions, "rounds": r.rounds, "states": r.states_checked,
                        "uniques": sorted(r.uniques_won), "cards": sorted(r.cards_played), "nodes": dict(r.nodes)})
        except Exception as e:  # noqa: BLE001 - every failure is reported with its seed
            rec = getattr(e, "record", None)
            out.append({"players": players, "seed": seed, "all_uniques": all12, "ok": False,
                        "error": f"{type(e).__name__}: {e}", "record": rec})
    return out
