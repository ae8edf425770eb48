"""Golden playthroughs: the full text of three seeded random games (2, 3 and 5 players), stored in
``tests/golden/`` and diffed on every run. Any change of the engine's behaviour, the action strings or
``str(state)`` shows up as a diff. Regenerate on purpose with ``EVO_UPDATE_GOLDEN=1 pytest tests/test_golden.py``.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import numpy as np
import pytest

import evo_lab
from evo_lab.core.protocol import sample_chance

GOLDEN = Path(__file__).parent / "golden"
GAMES = [(2, 2), (3, 3), (5, 5)]


def playthrough(players: int, seed: int) -> str:
    """One uniformly random game (chance and decisions from ``numpy.random.default_rng(seed)``)."""
    rng = np.random.default_rng(seed)
    s = evo_lab.Game(players=players).new_initial_state()
    lines = [f"# Evo 2e golden playthrough: {players} players, numpy seed {seed}, uniform random policy", ""]
    while not s.is_terminal():
        rnd = s.round
        who = "chance" if s.is_chance_node() else f"P{s.current_player() + 1}"
        if s.is_chance_node():
            a = sample_chance(s, rng)
        else:
            acts = s.legal_actions()
            a = acts[int(rng.random() * len(acts))]
        lines.append(f"R{rnd} {s.phase_name()} {s.node_name()} {who}: {s.action_to_string(a)}")
        s.apply_action(a)
        if s.round != rnd and rnd > 0:
            lines += ["", f"--- end of round {rnd} ---", str(s), ""]
        if s.is_terminal():  # the meteorite (revealed at once if sixth sense peeked it last round)
            lines += ["", "--- game over ---", str(s), ""]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("players,seed", GAMES)
def test_golden_playthrough(players, seed):
    path = GOLDEN / f"game_{players}p_seed{seed}.txt"
    text = playthrough(players, seed)
    if os.environ.get("EVO_UPDATE_GOLDEN") or not path.exists():
        if not os.environ.get("EVO_UPDATE_GOLDEN"):
            pytest.fail(f"{path} is missing: run with EVO_UPDATE_GOLDEN=1 to create it")
        path.write_text(text, encoding="utf-8")
        return
    want = path.read_text(encoding="utf-8")
    if text != want:
        diff = "".join(difflib.unified_diff(want.splitlines(True), text.splitlines(True), str(path), "now", n=2))
        pytest.fail(f"the playthrough changed (EVO_UPDATE_GOLDEN=1 regenerates it):\n{diff[:6000]}")


def test_golden_files_are_complete_games():
    for players, seed in GAMES:
        text = (GOLDEN / f"game_{players}p_seed{seed}.txt").read_text(encoding="utf-8")
        assert "--- game over ---" in text and "Ranking:" in text
        assert text.count("--- end of round") in (9, 10, 11)
        assert "token meteorite" in text or "peek meteorite" in text
