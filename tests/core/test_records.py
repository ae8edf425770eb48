"""Positions and records: the shared envelope (version 2, game ``evo2e``), and files of evo-lab 0.1 (envelope
version 1) still read: positions load under the rules they were saved with, records replay move for move."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import evo_lab
from evo_lab.games.evo2e.game import LEGACY_OPTIONS

V1 = Path(__file__).resolve().parents[1] / "data" / "v1"


def test_positions_are_written_in_the_shared_envelope():
    s = evo_lab.build_position(3, phase="movement")
    d = s.to_dict()
    assert (d["format"], d["version"], d["game"], d["game_version"]) == ("evo-lab-position", 2, "evo2e", 2)
    assert d["config"]["players"] == 3 and d["state"]["step"] == "movement_decide"
    assert evo_lab.load_position(json.dumps(d)).to_dict() == d
    rec = s.to_record()
    assert (rec["format"], rec["game"], rec["start"]) == ("evo-lab-record", "evo2e", d)
    assert len(s.to_json()) < 4096


@pytest.mark.parametrize("name", sorted(p.name for p in V1.glob("position_*.json")))
def test_version_one_positions_load_under_their_rules(name):
    text = (V1 / name).read_text()
    assert json.loads(text)["version"] == 1
    s = evo_lab.State.from_json(text)
    assert {k: getattr(s.game.options, k) for k in LEGACY_OPTIONS} == LEGACY_OPTIONS
    s.check_invariants()
    again = evo_lab.load_position(s.to_json())
    assert again.to_dict() == s.to_dict() and again.legal_actions() == s.legal_actions()
    old = json.loads(text)["state"]
    assert (
        s.occupants == old["occ"]
        and s.mp == old["mp"]
        and list(s.order) == old["order"]
        and s.round == old["round"]
    )


@pytest.mark.parametrize("name", sorted(p.name for p in V1.glob("record_*.json") if ".final" not in p.name))
def test_version_one_records_replay_to_the_same_position(name):
    """The record of evo-lab 0.1 replays under its rules to the position evo-lab 0.1 saved at its end."""
    rec = (V1 / name).read_text()
    final = evo_lab.State.from_json((V1 / name.replace(".json", ".final.json")).read_text())
    for s in (evo_lab.State.from_record(rec), evo_lab.load_record(rec)):
        assert s.to_dict()["state"] == final.to_dict()["state"]
        assert s.history_str() == json.loads(rec)["actions"]
    # and saved again, in today's envelope, it replays the same
    assert evo_lab.load_record(s.record_json()).to_dict() == s.to_dict()
