"""``evo-lab analyse RECORD.json`` (issue 22, analysis item 3)."""

from __future__ import annotations

import json

import numpy as np
import pytest

import evo_lab
from evo_lab.cli import main


def _record(tmp_path, gid="origin", actions=30):
    s = evo_lab.make_game(gid, players=2, seed=1).new_initial_state()
    evo_lab.play_out(s, lambda st: st.legal_actions()[-1], np.random.default_rng(1), max_actions=actions)
    path = tmp_path / "game.json"
    path.write_text(s.record_json())
    return path, s


def test_annotates_a_record_json_markdown_html(tmp_path, capsys):
    path, s = _record(tmp_path)
    out = tmp_path / "out" / "a.json"
    out.parent.mkdir()
    assert (
        main(["analyse", str(path), "--iterations", "20", "--seed", "3", "--out", str(out), "--no-progress"])
        == 0
    )
    report = json.loads(out.read_text())
    assert report["format"] == "evo-lab-analysis" and report["game"] == "origin"
    hist = s.history_str()
    decisions = [
        i for i, (b, _a) in enumerate(s.replay()) if not b.is_chance_node() and len(b.legal_actions()) > 1
    ]
    assert [p["ply"] for p in report["plies"]] == decisions
    for p in report["plies"]:
        assert p["played"] == hist[p["ply"]] and p["mark"] in ("", "?", "??")
        assert p["best"] == p["entries"][0]["action"] and p["loss"] >= 0
        assert all(e["interval"][0] <= e["value"] <= e["interval"][1] for e in p["entries"])
    md = out.with_suffix(".md").read_text()
    assert md.startswith("# Evolution: The Origin of Species")
    assert sum(1 for line in md.splitlines() if line[:1].isdigit()) == len(decisions)
    assert "<ol>" in out.with_suffix(".html").read_text()
    # reproducible with --iterations and --seed
    again = tmp_path / "b.json"
    main(["analyse", str(path), "--iterations", "20", "--seed", "3", "--out", str(again), "--no-progress"])

    def timeless(plies):
        return [{k: v for k, v in p.items() if k != "seconds"} for p in plies]

    assert timeless(json.loads(again.read_text())["plies"]) == timeless(report["plies"])
    assert "analysed" in capsys.readouterr().out


def test_viewer_and_progress_bar(tmp_path, capsys):
    path, _ = _record(tmp_path, actions=20)
    assert main(["analyse", str(path), "--viewer", "P2", "--iterations", "10"]) == 0
    report = json.loads((tmp_path / "game.analysis.json").read_text())
    assert report["plies"] and all(p["player"] == 2 for p in report["plies"])
    assert "decisions" in capsys.readouterr().err  # tqdm's bar on stderr


@pytest.mark.parametrize(
    "content, words", [("{not json", "not valid JSON"), ('{"format": "evo-lab-position"}', "format")]
)
def test_errors_name_the_file(tmp_path, capsys, content, words):
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    assert main(["analyse", str(bad), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "bad.json" in err and words in err


def test_missing_file_and_bad_viewer(tmp_path, capsys):
    assert main(["analyse", str(tmp_path / "none.json")]) == 2
    assert "none.json: no such file" in capsys.readouterr().err
    path, _ = _record(tmp_path, actions=10)
    assert main(["analyse", str(path), "--viewer", "7", "--no-progress"]) == 2
    assert "--viewer 7" in capsys.readouterr().err
