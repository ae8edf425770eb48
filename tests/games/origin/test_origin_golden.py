"""Golden games of the Origin of Species: seeded games whose records (``tests/golden/origin_*.record.json``) and
playthroughs (``origin_*.txt``: every action with its node and player, the table after each turn, the log of the
last turn) are committed and diffed on every run. Any change of the rules, the action strings, the chance nodes'
order or the text table shows up as a diff. Regenerate on purpose with ``EVO_UPDATE_GOLDEN=1``.
"""

from __future__ import annotations

import difflib
import json
import os
from pathlib import Path

import numpy as np
import pytest

import evo_lab
from evo_lab.core.protocol import sample_chance
from evo_lab.games.origin import OriginState
from evo_lab.games.origin.bots import greedy_action

GOLDEN = Path(__file__).resolve().parents[2] / "golden"
GAMES = [(2, 1, "random"), (3, 2, "random"), (4, 3, "random"), (3, 4, "greedy")]


def playthrough(players: int, seed: int, policy: str) -> tuple[str, str]:
    rng = np.random.default_rng(seed)
    s = evo_lab.make_game("origin", players=players, seed=seed).new_initial_state()
    lines = [
        f"# Evolution: The Origin of Species, golden game: {players} players, numpy seed {seed}, {policy} "
        "policy (chance from the same generator)",
        "",
    ]
    turn = s.turn
    while not s.is_terminal():
        who = "chance" if s.is_chance_node() else f"P{s.current_player() + 1}"
        if s.is_chance_node():
            a = sample_chance(s, rng)
        elif policy == "greedy":
            a = greedy_action(s)
        else:
            acts = s.legal_actions()
            a = acts[int(rng.random() * len(acts))]
        lines.append(f"T{s.turn} {s.phase_name()} {s.node_name()} {who}: {s.action_to_string(a)}")
        s.apply_action(a)
        if s.turn != turn and turn > 0:
            lines += ["", f"--- start of turn {s.turn} ---", str(s), ""]
        turn = s.turn
    lines += ["", "--- game over ---", str(s), "", "--- the log of the last turn ---"]
    log = s.event_log()
    last = max(i for i, x in enumerate(log) if x.startswith(f"turn {s.turn} begins"))
    lines += log[last:]
    return "\n".join(lines) + "\n", s.record_json(indent=1) + "\n"


@pytest.mark.parametrize("players,seed,policy", GAMES)
def test_golden_game(players, seed, policy):
    stem = GOLDEN / f"origin_{players}p_seed{seed}_{policy}"
    text, record = playthrough(players, seed, policy)
    files = {stem.with_suffix(".txt"): text, Path(f"{stem}.record.json"): record}
    if os.environ.get("EVO_UPDATE_GOLDEN"):
        for path, body in files.items():
            path.write_text(body, encoding="utf-8")
        return
    for path, body in files.items():
        if not path.exists():
            pytest.fail(f"{path} is missing: run with EVO_UPDATE_GOLDEN=1 to create it")
        want = path.read_text(encoding="utf-8")
        if body != want:
            diff = "".join(
                difflib.unified_diff(want.splitlines(True), body.splitlines(True), str(path), "now", n=2)
            )
            pytest.fail(f"the golden game changed (EVO_UPDATE_GOLDEN=1 regenerates it):\n{diff[:6000]}")


@pytest.mark.parametrize("players,seed,policy", GAMES)
def test_golden_records_replay_to_the_end(players, seed, policy):
    rec = json.loads(
        (GOLDEN / f"origin_{players}p_seed{seed}_{policy}.record.json").read_text(encoding="utf-8")
    )
    s = OriginState.from_record(rec)
    assert s.is_terminal() and s.final_scores is not None and len(s.winners()) == 1
