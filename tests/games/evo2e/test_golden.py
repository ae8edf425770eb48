"""Golden playthroughs: the full text of three seeded random games (2, 3 and 5 players), stored in
``tests/golden/`` and diffed on every run. Any change of the engine's behaviour, the action strings or
``str(state)`` shows up as a diff. Regenerate on purpose with ``EVO_UPDATE_GOLDEN=1 pytest tests/games/evo2e/test_golden.py``.

``tests/golden/v1/`` holds the same games played by evo-lab 0.1 (before the engine moved to
``evo_lab/games/evo2e/``): under the rules of that version (``LEGACY_OPTIONS``) today's engine must replay them
move for move; only the names of the card windows changed (one node per card then, one per timing now).
"""

from __future__ import annotations

import difflib
import os
import re
from pathlib import Path

import pytest

import evo_lab
from evo_lab.core.conformance import walk
from evo_lab.games.evo2e.game import LEGACY_OPTIONS
from evo_lab.games.evo2e.records import V1_NODES

GOLDEN = Path(__file__).resolve().parents[2] / "golden"
GAMES = [(2, 2), (3, 3), (5, 5)]


def playthrough(players: int, seed: int, options: dict | None = None) -> str:
    lines = [f"# Evo 2e golden playthrough: {players} players, numpy seed {seed}, uniform random policy", ""]
    prev = None
    for _, s, a in walk(lambda _seed: evo_lab.Game(players=players, options=options), seed):
        if prev is not None:
            rnd = prev
            if s.round != rnd and rnd > 0:
                lines += ["", f"--- end of round {rnd} ---", str(s), ""]
            if s.is_terminal():  # the meteorite (revealed at once if sixth sense peeked it last round)
                lines += ["", "--- game over ---", str(s), ""]
        if a is None:
            break
        who = "chance" if s.is_chance_node() else f"P{s.current_player() + 1}"
        lines.append(f"R{s.round} {s.phase_name()} {s.node_name()} {who}: {s.action_to_string(a)}")
        prev = s.round
    return "\n".join(lines) + "\n"


def _check(path: Path, text: str) -> None:
    if os.environ.get("EVO_UPDATE_GOLDEN") or not path.exists():
        if not os.environ.get("EVO_UPDATE_GOLDEN"):
            pytest.fail(f"{path} is missing: run with EVO_UPDATE_GOLDEN=1 to create it")
        path.write_text(text, encoding="utf-8")
        return
    want = path.read_text(encoding="utf-8")
    if text != want:
        diff = "".join(
            difflib.unified_diff(want.splitlines(True), text.splitlines(True), str(path), "now", n=2)
        )
        pytest.fail(f"the playthrough changed (EVO_UPDATE_GOLDEN=1 regenerates it):\n{diff[:6000]}")


@pytest.mark.parametrize("players,seed", GAMES)
def test_golden_playthrough(players, seed):
    _check(GOLDEN / f"game_{players}p_seed{seed}.txt", playthrough(players, seed))


_V1_NODE = re.compile(
    r"^(R\d+ \w+ )(" + "|".join(V1_NODES) + r")( )|( to )(" + "|".join(V1_NODES) + r")$", re.M
)


def _v1_names(text: str) -> str:
    return _V1_NODE.sub(
        lambda m: (
            (m.group(1) + V1_NODES[m.group(2)] + m.group(3))
            if m.group(1)
            else m.group(4) + V1_NODES[m.group(5)]
        ),
        text,
    )


@pytest.mark.parametrize("players,seed", GAMES)
def test_version_one_games_replay_under_their_rules(players, seed):
    """The refactored engine, under evo-lab 0.1's rules, plays exactly the games evo-lab 0.1 played: every move and
    chance outcome, and the final ranking (the state's text picture between rounds is today's: issue 20 said it in
    words)."""
    want = _v1_names((GOLDEN / "v1" / f"game_{players}p_seed{seed}.txt").read_text(encoding="utf-8"))
    assert _moves(playthrough(players, seed, LEGACY_OPTIONS)) == _moves(want)


def _moves(text: str) -> list[str]:
    """The lines of a playthrough that say what was played (``R3 movement move P2: move B4-B5``) and the ranking."""
    return [ln for ln in text.splitlines() if re.match(r"R\d+ ", ln) or ln.startswith("Ranking:")]


def test_golden_files_are_complete_games():
    for players, seed in GAMES:
        text = (GOLDEN / f"game_{players}p_seed{seed}.txt").read_text(encoding="utf-8")
        assert "--- game over ---" in text and "Ranking:" in text
        assert text.count("--- end of round") in (9, 10, 11)
        assert "token meteorite" in text or "peek meteorite" in text
