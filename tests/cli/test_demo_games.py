"""``evo-lab demo --game evolution|origin``: a readable seeded story with the game's greedy bots (issue 11 item 4,
issue 12 item 3), the JSON record, bad arguments; the core story loop."""

from __future__ import annotations

import json

import pytest

import evo_lab
from evo_lab.cli import main
from evo_lab.core.records import load_record


@pytest.mark.parametrize(
    "game,words",
    [
        (
            "origin",
            ["Turn 1: development", "new animal", "The dice give the food bank", "Points:", "Winner:"],
        ),
        ("evolution", ["Round 1: the deal", "Round 1: feeding", "watering hole", "Scores:", "Winner:"]),
    ],
)
def test_demo_tells_a_seeded_game(game, words, capsys):
    assert main(["demo", "--game", game, "--players", "3", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    for w in words:
        assert w in out, w
    assert main(["demo", "--game", game, "--players", "3", "--seed", "4"]) == 0
    assert capsys.readouterr().out == out  # seeded: the same story
    assert main(["demo", "--game", game, "--players", "3", "--seed", "5"]) == 0
    assert capsys.readouterr().out != out


@pytest.mark.parametrize("game", ["origin", "evolution-climate"])
def test_demo_json_is_a_record_that_replays_to_the_told_end(game, capsys):
    assert main(["demo", "--game", game, "--players", "2", "--seed", "2", "--json"]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert rec["format"] == "evo-lab-record"
    final = load_record(rec)
    assert final.is_terminal()
    from evo_lab.core.registry import kit_module

    told, lines = kit_module(game).tell(evo_lab.make_game(game, players=2, seed=2), 2, None, None)
    assert final.returns() == told.returns() and final.history() == told.history()
    winners = ", ".join(f"P{q + 1}" for q in told.winners())
    assert lines[-1] == f"Winner: {winners}."


def test_demo_bots_per_game_and_errors(capsys):
    assert main(["demo", "--game", "origin", "--players", "2", "--bots", "random,greedy", "--seed", "1"]) == 0
    assert "bots random,greedy" in capsys.readouterr().out
    assert main(["demo", "--game", "origin", "--bots", "course"]) == 2
    assert (
        "unknown bot 'course'; bots are: analysis, greedy, ismcts, lively, random (the bots of origin)"
        in capsys.readouterr().err
    )
    assert main(["demo", "--game", "evolution", "--players", "7"]) == 2
    assert "2..6 for evolution" in capsys.readouterr().err
    assert main(["demo", "--game", "evolution", "--players", "2", "--bots", "a,b,c"]) == 2


def test_evo2e_demo_is_unchanged_by_default(capsys):
    assert main(["demo", "--players", "2", "--seed", "1"]) == 0
    a = capsys.readouterr().out
    assert main(["demo", "--game", "evo2e", "--players", "2", "--seed", "1"]) == 0
    assert capsys.readouterr().out == a and a.startswith("Evo 2e demo")


def test_bench_all_games_reports_each_ratio_to_python_chess_in_one_run(capsys):
    pytest.importorskip("chess")
    assert main(["bench", "--game", "all", "--quick", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    ratios = {r["section"]: r for r in rows if r["name"].endswith("/ chess moves/s")}
    assert set(ratios) == {"engine", "evolution", "origin"}
    assert all(r["value"] > 0 for r in ratios.values())  # measured beside the reference, no speed asserted
