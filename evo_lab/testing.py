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

import numpy as np

from .games.evo2e.datapack import DataPack, load_data
from .games.evo2e.game import Game
from .games.evo2e.invariants import TOTAL_GENE_TOKENS, InvariantError, _fail, check_state
from .games.evo2e.state import State

__all__ = ["TOTAL_GENE_TOKENS", "FuzzResult", "InvariantError", "all_uniques_pack", "check_state", "fuzz_game"]


def all_uniques_pack() -> DataPack:
    """The shipped pack with all 12 unique genes in the bag (``unique_genes_in_bag`` = 12)."""
    setup = dict(load_data().to_dict()["setup"])
    setup["values"] = dict(setup["values"])
    setup["values"]["unique_genes_in_bag"] = dict(setup["values"]["unique_genes_in_bag"], value=12)
    return load_data(overrides={"setup": setup})


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
