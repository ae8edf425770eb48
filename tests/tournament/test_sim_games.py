"""Tournaments for every game (issue 11 item 4, issue 12 item 3): ``simulate(game=...)`` and
``evo-lab simulate --game ...``: the game's columns, validation before any game, reproducibility (serial ==
process pool == Dask), a tournament game replayed from its seed, CSV/JSON out."""

from __future__ import annotations

import csv
import io
import json

import pytest

import evo_lab
from evo_lab.cli import main
from evo_lab.sim import SimulationError, SimulationResult, columns, play_game, simulate

CASES = [
    ("origin", 3, ["greedy", "random", "random"]),
    ("evolution", 3, ["greedy", "course", "random"]),
    ("evolution-climate", 2, ["greedy", "random"]),
]


@pytest.fixture(scope="module", params=CASES, ids=[c[0] for c in CASES])
def serial(request):
    game, players, bots = request.param
    return (
        game,
        players,
        bots,
        simulate(game=game, players=players, games=6, bots=bots, seed=7, executor="serial", progress=False),
    )


def test_rows_have_the_games_columns_and_seats_rotate(serial):
    game, players, bots, r = serial
    assert r.config["game"] == game and r.game == game
    assert len(r.rows) == 6 * players
    assert all(tuple(row) == columns(game) for row in r.rows)
    for i in range(6):
        rows = [row for row in r.rows if row["game"] == i]
        assert [row["entrant"] for row in rows] == [(q - i) % players for q in range(players)]
        assert sum(row["won"] for row in rows) == pytest.approx(1.0)
        assert min(row["place"] for row in rows) == 1
    assert [s["bot"] for s in r.summary] == list(dict.fromkeys(bots))
    score = columns(game)[5]
    for s in r.summary:
        mine = [row for row in r.rows if row["bot"] == s["bot"]]
        assert s["seats"] == len(mine)
        assert s["share_rate"] == pytest.approx(sum(row["won"] for row in mine) / len(mine))
        assert (
            s["wins"] == sum(1 for row in mine if row["won"] == 1)
            and s["win_low"] <= s["win_rate"] <= s["win_high"]
        )
        assert s["firsts"] == sum(1 for row in mine if row["won"] > 0) and s["first_rate"] >= s["share_rate"]
        assert s[f"mean_{score}"] == pytest.approx(sum(row[score] for row in mine) / len(mine))


def test_serial_equals_process_pool_and_chunks(serial):
    game, players, bots, r = serial
    p = simulate(
        game=game,
        players=players,
        games=6,
        bots=bots,
        seed=7,
        executor="process",
        workers=2,
        chunk_size=2,
        progress=False,
    )
    assert p == r and p.to_json(timing=False) == r.to_json(timing=False)


def test_replay_one_game_from_its_seed(serial):
    game, players, bots, r = serial
    i = 4
    rows = [row for row in r.rows if row["game"] == i]
    seats = [bots[row["entrant"]] for row in rows]
    s = play_game(seats, rows[0]["seed"], game=game)
    score = columns(game)[5]
    finals = [row[score] for row in rows]
    assert s.is_terminal()
    from evo_lab.core.registry import kit_module

    assert [x[score] for x in kit_module(game).results(s)] == finals


def test_csv_and_json_round_trip(serial, tmp_path):
    game, players, bots, r = serial
    text = r.to_csv(str(tmp_path / "r.csv"))
    got = list(csv.DictReader(io.StringIO(text)))
    assert tuple(got[0]) == columns(game) and len(got) == len(r.rows)
    back = SimulationResult.from_json(r.to_json())
    assert back == r and back.columns() == columns(game)
    assert "mean game length" in back.summary_table()


def test_dask_equals_serial_for_origin():
    distributed = pytest.importorskip("distributed")
    kw = dict(game="origin", players=2, games=8, bots=("greedy", "random"), seed=3, progress=False)
    serial = simulate(executor="serial", **kw)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = simulate(executor=client.get_executor(), workers=2, **kw)
    assert on_dask == serial


def test_validation_up_front():
    with pytest.raises(SimulationError, match="2..8 for origin"):
        simulate(game="origin", players=9, games=1, bots=["random"] * 9, progress=False)
    with pytest.raises(SimulationError, match="2..6 for evolution"):
        simulate(game="evolution", players=7, games=1, bots=["random"] * 7, progress=False)
    with pytest.raises(Exception, match="'course' for game 'origin'"):
        simulate(game="origin", players=2, games=1, bots=["course", "random"], progress=False)
    with pytest.raises(SimulationError, match="chess"):
        simulate(game="chess", players=2, games=1, bots=["random", "random"], progress=False)
    with pytest.raises(SimulationError, match="board= is Evo 2e's"):
        simulate(
            game="origin",
            players=2,
            games=1,
            bots=["random", "random"],
            board=evo_lab.Board.standard(2),
            progress=False,
        )
    with pytest.raises(Exception, match="bad options"):
        simulate(
            game="origin", players=2, games=1, bots=[("ismcts", {"rounds": 2}), "random"], progress=False
        )


def test_evo2e_is_still_the_default():
    r = simulate(players=2, games=2, bots=("greedy", "random"), seed=1, progress=False)
    assert r.game == "evo2e" and columns() == columns("evo2e") and "mp" in r.rows[0]


def test_cli_simulate_game_csv_json_and_errors(tmp_path, capsys):
    args = [
        "simulate",
        "--game",
        "origin",
        "--players",
        "2",
        "--games",
        "4",
        "--bots",
        "greedy,random",
        "--seed",
        "5",
        "--no-progress",
    ]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "animals" in out and "turns" in out and "greedy" in out
    j = tmp_path / "o.json"
    assert main(args + ["--json", str(j)]) == 0
    capsys.readouterr()
    d = json.loads(j.read_text())
    py = simulate(game="origin", players=2, games=4, bots=["greedy", "random"], seed=5, progress=False)
    assert d["games"] == py.rows and d["config"]["game"] == "origin"
    assert main(args + ["--csv", "-"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert tuple(rows[0]) == columns("origin") and len(rows) == 8
    assert (
        main(
            [
                "simulate",
                "--game",
                "evolution",
                "--players",
                "2",
                "--games",
                "1",
                "--bots",
                "ismcts,course",
                "--iterations",
                "3",
                "--no-progress",
                "--json",
                "-",
            ]
        )
        == 0
    )
    d = json.loads(capsys.readouterr().out)
    assert d["config"]["game"] == "evolution" and len(d["games"]) == 2
    for bad, msg in (
        (["--game", "origin", "--players", "9"], "2..8 for origin"),
        (
            ["--game", "origin", "--players", "2", "--bots", "greedy,course"],
            "bots are: analysis, greedy, ismcts, lively, random (the bots of origin)",
        ),
        (["--game", "evolution", "--players", "2", "--board", "x.json"], "has no board"),
    ):
        assert main(["simulate", "--games", "1", "--no-progress"] + bad) == 2
        assert msg in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["simulate", "--game", "chess"])
