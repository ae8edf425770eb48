"""A random-play fuzzer for the engine, in the manner of OpenSpiel's ``random_sim_test``.

:func:`check_state` asserts the invariants of one state; :func:`fuzz_game` plays one seeded random game
and checks every state on the way, the JSON round-trip of every state and replay determinism.
``tests/games/evo2e/test_fuzz.py`` and ``scripts/fuzz.py`` both use it.

>>> r = fuzz_game(players=3, seed=5)
>>> r.actions > 50, r.rounds in (9, 10, 11)
(True, True)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import cast

from ...core.conformance import walk
from .actions import Action
from .datapack import DataPack, load_data
from .game import Game
from .invariants import TOTAL_GENE_TOKENS, InvariantError, _fail, check_state
from .state import State

__all__ = [
    "TOTAL_GENE_TOKENS",
    "FuzzResult",
    "InvariantError",
    "all_uniques_pack",
    "check_state",
    "fuzz_game",
]


def all_uniques_pack() -> DataPack:
    """The shipped pack with all 12 unique genes in the bag (``unique_genes_in_bag`` = 12)."""
    setup = cast("dict[str, dict[str, dict[str, object]]]", load_data().to_dict()["setup"])
    values = dict(setup["values"])
    values["unique_genes_in_bag"] = dict(values["unique_genes_in_bag"], value=12)
    setup = dict(setup, values=values)
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
    uniques_won: set[str] = field(default_factory=set)
    cards_played: set[str] = field(default_factory=set)
    nodes: Counter[str] = field(default_factory=Counter)
    final_json: str = ""


def _check_json(s: State, game: Game, i: int, full_json_every: int) -> None:
    """The JSON round trip of ``s`` keeps the position and the legal actions (the configuration is read back
    from the JSON too every ``full_json_every`` states)."""
    text = s.to_json()
    fresh = full_json_every and i % full_json_every == 0
    back = State.from_json(text) if fresh else State.from_json(text, game)
    if back.to_json() != text:
        _fail("JSON round-trip changes the position", s)
    if back.legal_actions() != s.legal_actions():
        _fail("JSON round-trip changes the legal actions", s)


def _check_floor(s: State, floors: list[int] | None) -> list[int] | None:
    """Survival never removes a clan below its floor (2, 3 with regeneration): the floors at the phase's start,
    checked at every state of the phase."""
    if s.phase_name() != "survival":
        return None
    if floors is None:
        return [min(s.count[p], s.floor(p)) for p in range(s.game.players)]
    for p, f in enumerate(floors):
        if s.count[p] < f:
            _fail(f"P{p + 1} removed below the floor {f} in survival", s)
    return floors


def fuzz_game(
    players: int,
    seed: int,
    data: DataPack | None = None,
    *,
    json_every: int = 1,
    full_json_every: int = 50,
    replay: bool = True,
    max_actions: int = 20000,
) -> FuzzResult:
    """Play one uniformly random game (:func:`evo_lab.core.conformance.walk`: chance sampled exactly) and check
    it after every action.

    Every ``json_every``-th state is round-tripped through JSON (position and legal actions must match);
    with ``replay`` the game record is replayed at the end and must reach the same final position."""
    game = Game(players=players, data=data)
    res = FuzzResult(players, seed)
    floors: list[int] | None = None
    s = game.new_initial_state()
    for i, walked, next_action in walk(lambda _seed: game, seed, max_actions):
        s, a = cast(State, walked), cast("Action | None", next_action)
        try:
            check_state(s)
            if json_every and i % json_every == 0:
                _check_json(s, game, i, full_json_every)
            floors = _check_floor(s, floors)
        except InvariantError as e:
            e.record = s.to_record()
            raise
        res.states_checked += 1
        res.nodes[s.node] += 1
        if a is None:
            break
        res.actions += 1
        if not s.is_chance_node():
            res.decisions += 1
            if a.kind == "play":
                res.cards_played.add(game.card_effects[a.a])
    if not s.is_terminal():
        _fail(f"game did not end within {max_actions} actions", s)
    res.rounds = s.round - 1  # the meteorite is revealed at the start of round ``s.round``
    for p in range(players):
        res.uniques_won.update(s.unique_genes(p))
    res.final_json = s.to_json()
    if replay:
        again = State.from_record(s.to_record())
        if again.to_json() != res.final_json:
            _fail("replaying the record does not reach the same final position", s)
    return res


def fuzz_chunk(items: list[tuple[int, int, bool, int]]) -> list[dict[str, object]]:
    """Fuzz ``(players, seed, all_uniques, json_every)`` items; one summary dict per game (for
    :func:`evo_lab.parallel.map_chunks`). A broken invariant is reported, not raised, with its record."""
    out: list[dict[str, object]] = []
    for players, seed, all12, json_every in items:
        try:
            r = fuzz_game(players, seed, all_uniques_pack() if all12 else None, json_every=json_every)
            out.append(
                {
                    "players": players,
                    "seed": seed,
                    "all_uniques": all12,
                    "ok": True,
                    "actions": r.actions,
                    "decisions": r.decisions,
                    "rounds": r.rounds,
                    "states": r.states_checked,
                    "uniques": sorted(r.uniques_won),
                    "cards": sorted(r.cards_played),
                    "nodes": dict(r.nodes),
                }
            )
        except Exception as e:  # noqa: BLE001 - every failure is reported with its seed
            rec = getattr(e, "record", None)
            out.append(
                {
                    "players": players,
                    "seed": seed,
                    "all_uniques": all12,
                    "ok": False,
                    "error": f"{type(e).__name__}: {e}",
                    "record": rec,
                }
            )
    return out
