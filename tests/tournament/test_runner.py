"""Tournaments end to end: identical results serially and on processes (and Dask), builtin games replay with
evo_lab.sim.play_game, Swiss and multi-seat tables, the report folder (records open in the Explorer), the CLI."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

import evo_lab
from evo_lab.cli import main
from evo_lab.sim import play_game as sim_play_game
from evo_lab.tournament.report import write_report
from evo_lab.tournament.runner import TournamentError, run_tournament
from evo_lab.tournament.sandbox import Limits

BOTS = Path(__file__).resolve().parent / "bots"
LIMITS = Limits(
    time_limit=10.0, start_time_limit=60, memory_mb=512
)  # generous: no timeout on a loaded machine
LINEUP = [str(BOTS / "clean.py"), str(BOTS / "raises.py"), "builtin:greedy", "builtin:random"]


def same_folder(a: Path, b: Path) -> None:
    """Two report folders hold the same files with the same bytes (timing and the bots' logs apart)."""
    names = sorted(
        p.relative_to(a)
        for p in a.rglob("*")
        if p.is_file() and p.name != "timing.json" and "logs" not in p.parts
    )
    assert names == sorted(
        p.relative_to(b)
        for p in b.rglob("*")
        if p.is_file() and p.name != "timing.json" and "logs" not in p.parts
    )
    for n in names:
        assert (a / n).read_bytes() == (b / n).read_bytes(), n


@pytest.fixture(scope="module")
def serial_run(tmp_path_factory):
    r = run_tournament("origin", LINEUP, games=12, seed=7, limits=LIMITS, progress=False, bootstrap=50)
    out = write_report(r, tmp_path_factory.mktemp("serial"))
    return r, out


def test_serial_and_processes_give_the_same_tournament(serial_run, tmp_path):
    a, out_a = serial_run
    b = run_tournament(
        "origin",
        LINEUP,
        games=12,
        seed=7,
        limits=LIMITS,
        progress=False,
        bootstrap=50,
        scheduler="processes",
        workers=2,
        chunk_size=3,
    )
    assert b.timing["scheduler"] == "processes"
    assert a == b and a.records == b.records and a.leaderboard() == b.leaderboard()
    same_folder(out_a, write_report(b, tmp_path))
    c = run_tournament("origin", LINEUP, games=12, seed=8, limits=LIMITS, progress=False, bootstrap=50)
    assert c.records != a.records


def test_every_game_is_accounted_for_and_replays(serial_run):
    r, out = serial_run
    assert [g["game"] for g in r.games] == list(range(12))
    games = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    assert [g["game"] for g in games] == list(range(12))
    faults = [json.loads(line) for line in (out / "faults.jsonl").read_text().splitlines()]
    assert (
        len(faults) == sum(1 for g in r.games if 1 in g["table"]) == 6
    )  # raises.py faults in each of its games
    for g in games:
        end = evo_lab.load_record(Path(out / g["record"]))
        assert end.is_terminal() and len(end.history()) == g["plies"]
    from evo_lab.views.widgets.session import Session

    s = Session(players=2, seed=1)  # the Explorer's model opens a tournament record
    assert s.load(Path(out / games[3]["record"])) == "record"
    assert s.state.history() == evo_lab.load_record(Path(out / games[3]["record"])).history()


def test_builtin_games_are_sim_play_game_games(serial_run):
    r, _ = serial_run
    labels = r.labels
    for g, rec in zip(r.games, r.records):
        if all(labels[e] in ("greedy", "random") for e in g["table"]):
            s = sim_play_game([labels[e] for e in g["table"]], g["seed"], game="origin")
            assert s.history() == evo_lab.load_record(rec).history()
            break
    else:
        pytest.fail("no game between two builtin bots")


def test_leaderboard_files(serial_run):
    r, out = serial_run
    rows = list(csv.DictReader((out / "leaderboard.csv").open()))
    assert [row["bot"] for row in rows] == [x["bot"] for x in r.leaderboard()]
    assert {row["bot"] for row in rows} == {"clean", "raises", "greedy", "random"}
    raises = next(row for row in rows if row["bot"] == "raises")
    assert raises["faults"] == "6" and float(raises["win_rate"]) == 0 and raises["rank"] == "4"
    for row in rows:
        assert float(row["rating_low"]) <= float(row["rating"]) <= float(row["rating_high"])
        assert float(row["win_low"]) <= float(row["win_rate"]) <= float(row["win_high"])
    h2h = list(csv.DictReader((out / "head_to_head.csv").open()))
    assert len(h2h) == 12 and all(int(x["games"]) == 2 for x in h2h)
    page = (out / "leaderboard.html").read_text()
    assert "<svg" in page and "Head to head" in page and "raises" in page and "KeyError" in page
    assert (out / "ratings.svg").read_text().startswith("<?xml")
    summary = json.loads((out / "tournament.json").read_text())
    assert summary["config"]["seed"] == 7 and summary["faults"] == 6
    assert json.loads((out / "timing.json").read_text())["per_bot"]["clean"]["decisions"] > 0


def test_swiss_and_multi_seat_tables():
    four = ["builtin:greedy", "builtin:random", str(BOTS / "function_bot.py"), "builtin:random"]
    r = run_tournament(
        "origin", four, games=8, seed=3, format="swiss", isolate=False, progress=False, bootstrap=0
    )
    assert [g["round"] for g in r.games] == [0, 0, 0, 0, 1, 1, 1, 1]
    assert r.labels == ["greedy", "random", "always-last", "random #2"]
    t = run_tournament(
        "evolution-course2016", four, games=6, seed=3, isolate=False, progress=False, bootstrap=0
    )
    assert t.config["players"] == 3 and all(len(g["table"]) == 3 for g in t.games)
    assert all(min(g["places"]) == 1 and sum(g["won"]) == pytest.approx(1) for g in t.games)
    board = t.leaderboard(bootstrap=0)
    assert sum(row["games"] for row in board) == 18


def test_swiss_rounds_are_the_same_on_processes():
    four = [
        str(BOTS / "clean.py"),
        "builtin:random",
        str(BOTS / "function_bot.py"),
        str(BOTS.parents[2] / "examples" / "student_bot.py"),
    ]
    kw = {"games": 12, "seed": 9, "format": "swiss", "progress": False, "bootstrap": 20, "isolate": False}
    a = run_tournament("origin", four, **kw)
    b = run_tournament("origin", four, scheduler="processes", workers=2, chunk_size=1, **kw)
    assert [g["table"] for g in a.games] == [g["table"] for g in b.games] and a.records == b.records
    assert a.leaderboard() == b.leaderboard() and {g["round"] for g in a.games} == {0, 1, 2}


@pytest.mark.parametrize("gid", evo_lab.registered_games())
def test_a_sandboxed_file_bot_plays_every_registered_game(gid):
    k = max(2, evo_lab.core.registry.game_info(gid).min_players)
    r = run_tournament(
        gid,
        [str(BOTS / "clean.py")] + ["builtin:random"] * (k - 1),
        games=1,
        seed=2,
        players=k,
        limits=LIMITS,
        progress=False,
        bootstrap=0,
    )
    assert r.faults == [] and r.timing["per_bot"]["clean"]["decisions"] > 0
    assert evo_lab.load_record(r.records[0]).is_terminal()


@pytest.mark.parametrize(
    "kw, words",
    [
        ({"bots": ["builtin:greedy"]}, "2-seat tables need at least 2 bots"),
        ({"bots": ["builtin:greedy", "builtin:course"]}, "unknown bot 'course' for origin"),
        ({"players": 9}, "players must be 2..8"),
        ({"games": 0}, "games must be a positive integer"),
        ({"format": "knockout"}, "format must be one of"),
        ({"on_fault": "shrug"}, "on_fault must be one of"),
        ({"scheduler": "cloud"}, "scheduler must be"),
        ({"game": "chess"}, "unknown game 'chess'"),
    ],
)
def test_bad_tournaments_are_refused(kw, words):
    args = {"game": "origin", "bots": ["builtin:greedy", "builtin:random"], "games": 2, "progress": False}
    args.update(kw)
    with pytest.raises(TournamentError, match=words):
        run_tournament(args.pop("game"), args.pop("bots"), **args)


def test_the_command_line(tmp_path, capsys):
    out = tmp_path / "class"
    argv = [
        "tournament",
        "--game",
        "origin",
        "--bots",
        str(BOTS / "clean.py"),
        "builtin:random",
        f"cmd:python3 {BOTS / 'junk_stdio.py'}",
        "--games",
        "6",
        "--seed",
        "2",
        "--bootstrap",
        "20",
        "--time-limit",
        "1",
        "--no-progress",
        "--out",
        str(out),
    ]
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "junk-stdio" in text and "6 games of origin" in text and "4 faults" in text
    assert len(list((out / "records").glob("game-*.json"))) == 6 and (out / "logs" / "clean.log").exists()
    page = (out / "leaderboard.html").read_text()
    assert "evo-lab tournament --game origin --bots" in page and "--seed 2" in page
    assert main(argv) == 0  # an earlier tournament's folder is reused
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("mine")
    assert main(argv[:-1] + [str(tmp_path / "other")]) == 2
    assert "not empty and holds no earlier tournament" in capsys.readouterr().err
    assert main(["tournament", "--bots", "students/nobody.py", "builtin:random", "--no-progress"]) == 2
    assert "students/nobody.py: no such bot file" in capsys.readouterr().err


@pytest.mark.slow
def test_a_local_dask_cluster_gives_the_same_tournament(serial_run):
    pytest.importorskip("distributed")
    a, _ = serial_run
    d = run_tournament(
        "origin",
        LINEUP,
        games=12,
        seed=7,
        limits=LIMITS,
        progress=False,
        bootstrap=50,
        scheduler="dask",
        workers=2,
    )
    assert d.records == a.records and d.leaderboard() == a.leaderboard()
