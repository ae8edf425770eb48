"""Shorthands of the engine tests, all on the public API: positions come from :func:`evo_lab.build_position`
(the rules then run on from the phase asked for, so every test exercises the real flow)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

import numpy as np
import pytest

import evo_lab
from evo_lab.core.conformance import walk
from evo_lab.core.protocol import play_out, uniform_random_policy

ROOT = Path(__file__).resolve().parents[1]


def sp(game_or_state, label: str) -> int:
    """Space id of a board label."""
    g = getattr(game_or_state, "game", game_or_state)
    return g.label_index[label.upper()]


def _by_player(d: Mapping | None) -> dict | None:
    return None if d is None else {f"P{p + 1}": v for p, v in d.items()}


def build(
    players: int = 2,
    *,
    board: Mapping[str, int] | None = None,
    genes: Mapping | None = None,
    uniq: Mapping | None = None,
    hands: Mapping | None = None,
    mp: Iterable[int] | None = None,
    **kw,
) -> evo_lab.State:
    """:func:`evo_lab.build_position` with the tests' shorthands: ``board={label: player}`` (exactly these
    dinosaurs), ``genes``/``uniq``/``hands`` keyed by player index, ``mp`` a list. The other keywords are the
    builder's (``phase``, ``node``, ``to_act``, ``order``, ``section``, ``revealed``, ``options``, ...)."""
    dinos = None
    if board is not None:
        dinos = {f"P{p + 1}": [lab for lab, q in board.items() if q == p] for p in range(players)}
    return evo_lab.build_position(
        players,
        dinosaurs=dinos,
        genes=_by_player(genes),
        unique=_by_player(uniq),
        hands=_by_player(hands),
        mp=None if mp is None else list(mp),
        **kw,
    )


def movement(players: int = 2, mover: int = 0, **kw) -> evo_lab.State:
    """The start of a movement phase with ``mover`` first on the track (so at ``mover``'s decision)."""
    if kw.get("order") is None:
        kw["order"] = [mover] + [p for p in range(players) if p != mover]
    return build(players, phase="movement", **kw)


def labels(s, spaces: Iterable[int]) -> list[str]:
    return [s.game.labels[i] for i in spaces]


def strings(s) -> list[str]:
    """The legal actions as strings."""
    return [s.action_to_string(a) for a in s.legal_actions()]


def play(s, *actions: str):
    for a in actions:
        s.apply_action(a)
    return s


def random_to(s, pred, seed: int = 0, limit: int = 5000):
    """Play uniformly at random (chance exactly) until ``pred(state)``."""
    rng = np.random.default_rng(seed)
    play_out(s, uniform_random_policy(rng), rng, max_actions=limit, stop=pred)
    if not pred(s):
        raise AssertionError("position not reached")
    return s


def reach(players: int, nodes: set[str], seeds=range(200), **options):
    """A clone of the first state at one of ``nodes`` in seeded uniform-random games (``walk``)."""
    for seed in seeds:
        for _, s, _a in walk(lambda _s: evo_lab.Game(players=players, options=options or None), seed):
            if s.node_name() in nodes:
                return s.clone()
    raise AssertionError(f"no {nodes} node reached")


def rulebook() -> str:
    """The Evo 2e rulebook text (``../shared/seeds/000_...``); the test is skipped where it is absent."""
    for base in (ROOT.parent / "shared", Path("/work/shared")):
        f = base / "seeds" / "000_ac662ced2d605a67.txt"
        if f.exists():
            return f.read_text(encoding="utf-8")
    pytest.skip("the rulebook (../shared/seeds) is not available here")


def random_spiel_game(game, seed: int):
    """A pyspiel state of ``game`` played to the end: chance by its probabilities, decisions uniformly at
    random, all from ``seed``."""
    rng = np.random.default_rng(seed)
    s = game.new_initial_state()
    while not s.is_terminal():
        if s.is_chance_node():
            outs, ps = zip(*s.chance_outcomes())
            s.apply_action(int(rng.choice(outs, p=ps)))
        else:
            s.apply_action(int(rng.choice(s.legal_actions())))
    return s
