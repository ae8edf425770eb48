"""The random-play fuzzer of Evolution (``scripts/fuzz_evolution.py`` runs it over 10,000 games; the tests run a
few hundred): seeded uniform-random games where every node passes ``state.check_invariants()``, chance
probabilities sum to exactly 1, every ``json_every``-th state survives a JSON round trip with the same legal
actions, and the record replays to the same final position.

>>> r = fuzz_game("official", 3, 7)
>>> r["ok"], r["actions"] > 100
(True, True)
"""

from __future__ import annotations

import traceback
from fractions import Fraction
from typing import TypedDict

import numpy as np

from ...core.protocol import sample_chance

__all__ = ["FuzzRow", "fuzz_game", "fuzz_chunk", "PLAYERS"]

#: Player counts per variant (official and Climate 2-6, course 3-8).
PLAYERS = {"official": (2, 6), "climate": (2, 6), "course2016": (3, 8)}


class FuzzRow(TypedDict):
    """One fuzzed game: its setup, ``ok`` and the ``error`` (with a short traceback), and what it played."""

    variant: str
    players: int
    seed: int
    ok: bool
    error: str
    actions: int
    states: int
    rounds: int
    chance: int


def fuzz_game(
    variant: str, players: int, seed: int, json_every: int = 1, max_actions: int = 200_000
) -> FuzzRow:
    """Play and check one game; returns a summary row (``ok``, ``error``, counts)."""
    from .game import Game

    row: FuzzRow = {
        "variant": variant,
        "players": players,
        "seed": seed,
        "ok": True,
        "error": "",
        "actions": 0,
        "states": 0,
        "rounds": 0,
        "chance": 0,
    }
    try:
        g = Game(players=players, seed=seed, variant=variant)
        rng = np.random.default_rng(seed)
        s = g.new_initial_state()
        i = 0
        while True:
            s.check_invariants()
            if json_every and i % json_every == 0:
                back = type(s).from_json(s.to_json(), g)
                assert back.to_dict() == s.to_dict(), "JSON round trip changed the position"
                assert back.legal_actions() == s.legal_actions(), "JSON round trip changed the legal actions"
                row["states"] += 1
            if s.is_terminal():
                break
            if s.is_chance_node():
                outs = s.chance_outcomes()
                assert sum(p for _, p in outs) == Fraction(1), "chance probabilities must sum to 1"
                a = sample_chance(s, rng)
                row["chance"] += 1
            else:
                acts = s.legal_actions()
                a = acts[int(rng.random() * len(acts))]
            s.apply_action(a)
            i += 1
            assert i < max_actions, "the game does not end"
        row["actions"], row["rounds"] = i, s.round
        again = type(s).from_record(s.to_record())
        assert again.to_dict() == s.to_dict(), "the record does not replay to the same position"
    except Exception as e:  # noqa: BLE001 - the fuzzer reports every failure with its seed
        row["ok"] = False
        row["error"] = f"{type(e).__name__}: {e} | {traceback.format_exc(limit=3).splitlines()[-3:]}"
    return row


def fuzz_chunk(items: list[tuple[str, int, int, int]]) -> list[FuzzRow]:
    """``items``: ``(variant, players, seed, json_every)`` tuples (for :func:`evo_lab.parallel.map_chunks`)."""
    return [fuzz_game(*it) for it in items]
