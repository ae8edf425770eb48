"""Tournaments: determinism across executors and worker counts (Dask included), seating, tidy rows, exports,
bot errors with replayable seeds, KeyboardInterrupt, and the ``evo-lab simulate`` command."""

from __future__ import annotations

import csv
import io
import json
import multiprocessing
import time

import pytest

import evo_lab
from evo_lab.bots import BotError, RandomBot
from evo_lab.cli import main
from evo_lab.games.evo2e.actions import Action
from evo_lab.sim import COLUMNS, SimulationError, SimulationResult, play_game, simulate, summarize
from evo_lab.stats import wilson_interval

LINEUP = ("greedy", "random", "random", "random")


@pytest.fixture(scope="module")
def serial16():
    return simulate(players=4, games=16, bots=LINEUP, seed=42, executor="serial", progress=False)


def test_identical_across_executors_worker_counts_and_chunks(serial16):
    a = serial16
    b = simulate(
        players=4, games=16, bots=LINEUP, seed=42, executor="process", workers=2, chunk_size=3, progress=False
    )
    c = simulate(players=4, games=16, bots=LINEUP, seed=42, executor="process", workers=1, progress=False)
    assert a == b == c
    assert a.to_json(timing=False) == b.to_json(timing=False) == c.to_json(timing=False)
    # timing is kept apart: the full JSON differs only under "timing"
    da, db = json.loads(a.to_json()), json.loads(b.to_json())
    assert da["timing"]["executor"] == "serial" and db["timing"]["executor"] == "process"
    da.pop("timing"), db.pop("timing")
    assert da == db
    d = simulate(players=4, games=16, bots=LINEUP, seed=43, executor="serial", progress=False)
    assert d.rows != a.rows


def test_rows_summary_and_seating(serial16):
    r = serial16
    assert len(r.rows) == 16 * 4 and all(tuple(row) == COLUMNS for row in r.rows)
    for g in range(16):
        rows = [x for x in r.rows if x["game"] == g]
        assert sorted(x["player"] for x in rows) == [0, 1, 2, 3]
        assert abs(sum(x["won"] for x in rows) - 1.0) < 1e-12  # ties share one win
        assert {x["seed"] for x in rows} == {rows[0]["seed"]} and {x["rounds"] for x in rows} == {
            rows[0]["rounds"]
        }
        assert all((x["won"] > 0) == (x["place"] == 1) for x in rows)
        # rotation: entrant j sits in seat (j + game) % players
        assert all(x["player"] == (x["entrant"] + g) % 4 for x in rows)
    seats = {(x["entrant"], x["player"]) for x in r.rows}
    assert seats == {(j, q) for j in range(4) for q in range(4)}  # every entrant in every seat
    greedy, rand = r.summary
    assert greedy["bot"] == "greedy" and greedy["seats"] == 16 and rand["seats"] == 48
    assert greedy["games"] == 16 and rand["games"] == 16
    assert greedy["win_low"] <= greedy["win_rate"] <= greedy["win_high"]
    assert greedy["share_rate"] == sum(x["won"] for x in r.rows if x["bot"] == "greedy") / 16
    assert greedy["share_rate"] > 0.6 and greedy["mean_mp"] > rand["mean_mp"]
    assert 9 <= greedy["mean_rounds"] <= 12
    for s in r.summary:  # whole counts: outright wins and first places, each with its own Wilson interval
        mine = [x["won"] for x in r.rows if x["bot"] == s["bot"]]
        assert s["wins"] == mine.count(1.0) and s["firsts"] == sum(1 for w in mine if w > 0)
        assert (s["win_low"], s["win_high"]) == wilson_interval(s["wins"], s["seats"])
        assert (s["first_low"], s["first_high"]) == wilson_interval(s["firsts"], s["seats"])
        assert s["win_rate"] <= s["share_rate"] <= s["first_rate"]
        assert (s["share_low"], s["share_high"]) == (s["win_low"], s["first_high"])
    table = r.summary_table()
    assert "greedy" in table and "a fair seat's share 0.250" in table and "won alone" in table


def test_shared_first_places_are_not_fed_to_wilson_as_fractions():
    # two bots tie for first in every game: no outright win, every seat a (shared) first place, share 1/2
    rows = [
        {"game": g, "bot": b, "won": 0.5, "mp": 20, "dinosaurs": 3, "place": 1, "rounds": 10}
        for g in range(8)
        for b in ("a", "b")
    ]
    a = summarize(rows, ["a", "b"])[0]
    assert (a["wins"], a["shared"], a["firsts"], a["share"]) == (0, 8, 8, 4.0)
    assert (a["win_low"], a["win_high"]) == wilson_interval(0, 8)
    assert (a["first_low"], a["first_high"]) == (wilson_interval(8, 8)[0], 1.0)
    assert a["share_rate"] == 0.5 and a["share_low"] == 0.0 and a["share_high"] == 1.0


def test_a_version_1_file_is_summarised_again(serial16):
    old = json.loads(serial16.to_json())
    old["version"] = 1
    for s in old["summary"]:  # version 1 kept the shares as fractional wins
        s["wins"] = s.pop("share")
        for k in (
            "shared",
            "firsts",
            "first_rate",
            "first_low",
            "first_high",
            "share_rate",
            "share_low",
            "share_high",
        ):
            del s[k]
    back = SimulationResult.from_json(json.dumps(old))
    assert back.summary == serial16.summary and back.rows == serial16.rows
    old["version"] = 3
    with pytest.raises(SimulationError, match="version 3"):
        SimulationResult.from_json(json.dumps(old))


def test_replay_a_tournament_game_from_its_seed(serial16):
    row = next(x for x in serial16.rows if x["game"] == 5)
    rot = 5 % 4
    seated = [LINEUP[(q - rot) % 4] for q in range(4)]
    s = play_game(seated, row["seed"])
    got = [x for x in serial16.rows if x["game"] == 5]
    assert [x["mp"] for x in got] == s.returns() and [x["place"] for x in got] == s.ranking()


def test_exports(serial16, tmp_path):
    r = serial16
    back = SimulationResult.from_json(r.to_json())
    assert back == r
    text = r.to_csv(str(tmp_path / "g.csv"))
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 64 and list(rows[0]) == list(COLUMNS)
    assert (tmp_path / "g.csv").read_text() == text
    df = r.to_pandas()
    assert df.shape == (64, len(COLUMNS))
    assert abs(df.groupby("bot")["won"].mean()["greedy"] - r.summary[0]["share_rate"]) < 1e-12


def test_bad_arguments_raise_typed_errors():
    with pytest.raises(SimulationError, match="4 players need 4 bots"):
        simulate(players=4, games=2, bots=("greedy", "random"), progress=False)
    with pytest.raises(ValueError, match="unknown bot"):
        simulate(players=2, games=2, bots=("greedy", "nobody"), progress=False)
    with pytest.raises(SimulationError, match="games must be"):
        simulate(players=2, games=0, bots=("greedy", "random"), progress=False)
    with pytest.raises(ValueError, match="executor"):
        simulate(players=2, games=2, bots=("greedy", "random"), executor="threads", progress=False)


class IllegalBot:
    """Plays legally until round 3, then returns an illegal action."""

    name = "sloppy"

    def reset(self, seed):
        pass

    def __call__(self, state, player):
        if state.round >= 3 and state.node_name() == "move":
            return Action("bid", 0, 6)
        return state.legal_actions()[0]


class CrashingBot(RandomBot):
    name = "crashy"

    def act(self, state, player):
        if state.round >= 2:
            raise RuntimeError("bug in the bot")
        return super().act(state, player)


class InterruptingBot(RandomBot):
    name = "interrupting"

    def act(self, state, player):
        if state.round >= 2:
            raise KeyboardInterrupt
        return super().act(state, player)


def test_illegal_action_in_a_tournament_reports_bot_action_and_seed():
    with pytest.raises(BotError) as ei:
        simulate(players=2, games=3, bots=(IllegalBot(), "random"), seed=9, executor="serial", progress=False)
    e = ei.value
    assert e.bot == "sloppy" and e.action == "bid 6 on lot 0" and e.game == 0 and e.seed is not None
    assert "sloppy" in str(e) and "bid 6 on lot 0" in str(e) and f"seed {e.seed}" in str(e)
    # the seed replays the same failure
    with pytest.raises(BotError) as again:
        play_game([IllegalBot(), "random"], e.seed, game_index=0)
    assert str(again.value) == str(e)


def test_a_bot_that_raises_is_reported_with_its_seed_even_from_a_process_pool():
    with pytest.raises(BotError) as ei:
        simulate(
            players=2,
            games=4,
            bots=("random", CrashingBot()),
            seed=3,
            executor="process",
            workers=2,
            chunk_size=1,
            progress=False,
        )
    e = ei.value
    assert e.reason == "bot_raised" and e.bot == "crashy" and "RuntimeError: bug in the bot" in str(e)
    assert e.seed is not None and f"seed {e.seed}" in str(e)
    with pytest.raises(BotError, match="bug in the bot"):
        play_game(["random", CrashingBot()] if e.player == 1 else [CrashingBot(), "random"], e.seed)


def test_keyboard_interrupt_serial_and_process_pool_shut_down_cleanly():
    with pytest.raises(KeyboardInterrupt):
        simulate(players=2, games=2, bots=(InterruptingBot(), "random"), executor="serial", progress=False)
    with pytest.raises(KeyboardInterrupt):
        simulate(
            players=2,
            games=8,
            bots=(InterruptingBot(), "random"),
            executor="process",
            workers=2,
            chunk_size=1,
            progress=False,
        )
    deadline = time.time() + 10
    while multiprocessing.active_children() and time.time() < deadline:
        time.sleep(0.05)
    assert multiprocessing.active_children() == []  # the pool's workers are gone
    ok = simulate(
        players=2, games=4, bots=("random", "random"), executor="process", workers=2, progress=False
    )
    assert len(ok.rows) == 8  # and a new pool works


def test_dask_local_cluster_equals_serial():
    distributed = pytest.importorskip("distributed")
    serial = simulate(players=4, games=40, bots=("random",) * 4, seed=5, executor="serial", progress=False)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = simulate(
            players=4,
            games=40,
            bots=("random",) * 4,
            seed=5,
            executor=client.get_executor(),
            workers=2,
            progress=False,
        )
    assert on_dask == serial and on_dask.to_json(timing=False) == serial.to_json(timing=False)


def test_cli_simulate_json_csv_and_dask(tmp_path, capsys):
    j1, j2, c1 = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "a.csv"
    args = [
        "simulate",
        "--players",
        "3",
        "--games",
        "6",
        "--bots",
        "greedy,random,random",
        "--seed",
        "7",
        "--no-progress",
    ]
    assert main(args + ["--json", str(j1)]) == 0
    out = capsys.readouterr().out
    assert "greedy" in out and "95% interval" in out and f"wrote {j1}" in out
    assert main(args + ["--executor", "dask", "--workers", "2", "--json", str(j2)]) == 0
    a, b = json.loads(j1.read_text()), json.loads(j2.read_text())
    assert a.pop("timing")["executor"] == "auto" and b.pop("timing")["executor"] == "dask"
    assert a == b and len(a["games"]) == 18 and a["config"]["bots"] == ["greedy", "random", "random"]
    assert main(args + ["--csv", str(c1)]) == 0
    assert len(c1.read_text().splitlines()) == 19
    capsys.readouterr()
    assert main(["simulate", "--players", "3", "--bots", "greedy,random", "--games", "2"]) == 2
    assert "3 players need 3 bots" in capsys.readouterr().err
    assert (
        main(["simulate", "--players", "2", "--bots", "greedy,random", "--games", "2", "--iterations", "5"])
        == 2
    )
    assert (
        main(
            [
                "simulate",
                "--players",
                "2",
                "--bots",
                "ismcts,random",
                "--games",
                "2",
                "--iterations",
                "5",
                "--no-progress",
                "--json",
                "-",
            ]
        )
        == 0
    )
    d = json.loads(capsys.readouterr().out)
    assert d["config"]["bots"] == ["ismcts", "random"] and len(d["games"]) == 4


def test_tournament_rows_count_full_rounds():
    r = evo_lab.simulate(players=2, games=6, bots=("random", "random"), seed=3, progress=False)
    assert {row["rounds"] for row in r.rows} <= {9, 10, 11}
