"""The bad inputs issue 18 found, each now a typed error naming the file and the field, with a short
message."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import evo_lab
from evo_lab.core.conformance import walk
from evo_lab.core.datapack import DataError
from evo_lab.core.errors import EvoLabError, FormatError

ROOT = Path(__file__).resolve().parents[2]
DEEP = "[" * 100_000 + "]" * 100_000


def _state(game: str, players: int = 3, plies: int = 60, seed: int = 1):
    last = None
    for _i, s, _a in walk(lambda sd: evo_lab.make_game(game, players=players, seed=sd), seed, plies):
        last = s
    return last.clone()


def _position(game: str, **kw) -> dict:
    return _state(game, **kw).to_dict()


def _fails(data, field: str, source: str = "position.json", loader=evo_lab.load_position) -> FormatError:
    with pytest.raises(FormatError) as e:
        loader(json.dumps(data), source)
    assert e.value.field == field, str(e.value)
    assert str(e.value).startswith(f"{source}: {field}: "), str(e.value)
    assert len(str(e.value)) < 400
    return e.value


# ---------------------------------------------------------------- issue 18, point 3
@pytest.mark.parametrize("value", ["x", -7])
def test_an_evolution_body_size_that_is_not_a_size_names_its_field(value):
    d = _position("evolution", plies=80)
    d["state"]["players"][0][0][0][0] = value
    e = _fails(d, "state.players[0][0][0][0]")
    assert repr(value) in str(e)


def test_evo2e_negative_genes_name_the_field():
    d = _position("evo2e", plies=40)
    d["state"]["genes"][5] = -3
    _fails(d, "state.genes[5]")


def test_evo2e_a_huge_bag_count_names_the_field_and_the_bound():
    d = _position("evo2e", plies=40)
    d["state"]["bag"][4] = 10**18
    e = _fails(d, "state.bag[4]")
    assert "0..48" in str(e) and str(10**18) in str(e)


def test_origin_a_discard_pile_of_lists_names_the_field():
    d = _position("origin", plies=60)
    d["state"]["discard"][0] = {"open": [[]], "hidden": []}
    _fails(d, "state.discard[0].open[0]")


def test_evolution_a_variant_that_is_not_a_name_names_the_field():
    d = _position("evolution", plies=10)
    d["config"]["variant"] = {}
    _fails(d, "config.variant")


def test_evo2e_a_fingerprint_that_is_not_text_names_the_field():
    d = _position("evo2e", plies=10)
    d["config"]["data"]["fingerprint"] = []
    _fails(d, "config.data.fingerprint")


@pytest.mark.parametrize("game", ["evo2e", "evo1e", "evolution", "origin"])
def test_a_negative_seed_names_the_field(game):
    d = _position(game, plies=5)
    d["config"]["seed"] = -1
    e = _fails(d, "config.seed")
    assert "non-negative" in str(e)


def test_a_record_of_an_unknown_game_says_unknown_game():
    r = _state("origin", plies=20).to_record()
    r["game"] = "chess"
    with pytest.raises(FormatError) as e:
        evo_lab.load_record(r)
    assert e.value.field == "game" and "unknown game 'chess'" in str(e.value)


def _cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.run(
        [sys.executable, "-m", "evo_lab.cli", *args],
        capture_output=True,
        text=True,
        env=env,
        input=stdin,
        timeout=300,
        check=False,
    )


def test_odds_climate_on_an_origin_record_says_wrong_game(tmp_path):
    p = tmp_path / "origin.json"
    p.write_text(json.dumps(_state("origin", plies=20).to_record()))
    r = _cli("odds", "climate", "--rounds", "2", "--position", str(p))
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "wrong game" in r.stderr and str(p) in r.stderr and "Evo (Second Edition)" in r.stderr


def _pack_folder(tmp_path: Path, name: str = "pk") -> Path:
    folder = tmp_path / name
    folder.mkdir()
    d = evo_lab.load_data().to_dict()
    manifest = dict(d["pack"])
    manifest["parts"] = {p: f"{p}.json" for p in ("setup", "genes", "climate", "die", "events")}
    (folder / "pack.json").write_text(json.dumps(manifest))
    for p in manifest["parts"]:
        (folder / f"{p}.json").write_text(json.dumps(d[p]))
    return folder


def _set_part(folder: Path, part: str, value) -> None:
    m = json.loads((folder / "pack.json").read_text())
    m["parts"][part] = value
    (folder / "pack.json").write_text(json.dumps(m))


def test_a_pack_part_named_by_a_number_is_a_data_error_also_on_the_cli(tmp_path):
    folder = _pack_folder(tmp_path)
    _set_part(folder, "die", 5)
    with pytest.raises(DataError) as e:
        evo_lab.load_data(folder)
    assert e.value.field == "parts.die" and str(folder / "pack.json") in str(e.value)
    r = _cli("odds", "combat", "--attacker-horns", "2", "--defender-horns", "1", "--data", str(folder))
    assert r.returncode == 2 and "Traceback" not in r.stderr and "parts.die" in r.stderr


# ---------------------------------------------------------------- point 7: pack paths stay inside the pack
@pytest.mark.parametrize(
    "name", ["/etc/passwd", "../outside/die.json", "sub/../../die.json", "C:\\\\die.json"]
)
def test_pack_parts_outside_the_folder_are_refused_naming_the_path_as_given(tmp_path, name):
    folder = _pack_folder(tmp_path)
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "die.json").write_text((folder / "die.json").read_text())
    _set_part(folder, "die", name)
    with pytest.raises(DataError) as e:
        evo_lab.load_data(folder)
    assert (
        e.value.field == "parts.die"
        and repr(name) in str(e.value)
        and "outside the pack folder" in str(e.value)
    )
    assert "pk//" not in str(e.value)


def test_a_symbolic_link_out_of_the_pack_is_refused(tmp_path):
    folder = _pack_folder(tmp_path)
    (tmp_path / "elsewhere.json").write_text((folder / "die.json").read_text())
    (folder / "link.json").symlink_to(tmp_path / "elsewhere.json")
    _set_part(folder, "die", "link.json")
    with pytest.raises(DataError) as e:
        evo_lab.load_data(folder)
    assert e.value.field == "parts.die" and "symbolic link" in str(e.value)
    (folder / "inside.json").symlink_to(folder / "die.json")  # a link that stays inside is fine
    _set_part(folder, "die", "inside.json")
    assert evo_lab.load_data(folder).die_faces == evo_lab.load_data().die_faces


@pytest.mark.parametrize(
    "game,part,path,value,bound",
    [
        ("evolution", "decks", ("decks", "official", "cards", 0, "snow"), 10**18, "0 and <= 10"),
        ("origin", "food", ("faces",), 10**9, "2 and <= 100"),
        ("evo2e", "climate", ("tokens", "kinds", 0, "count"), 10**18, "0 and <= 100"),
    ],
)
def test_every_number_a_pack_gives_is_bounded(game, part, path, value, bound):
    from evo_lab.games.evolution.data import load_pack as evolution_pack
    from evo_lab.games.origin.data import load_pack as origin_pack

    load = {"evolution": evolution_pack, "origin": origin_pack, "evo2e": evo_lab.load_data}[game]
    d = copy.deepcopy(load().to_dict())
    box = d[part]
    for k in path[:-1]:
        box = box[k]
    box[path[-1]] = value
    with pytest.raises(DataError) as e:
        load(d)
    assert bound in str(e.value) and len(str(e.value)) < 300


# ---------------------------------------------------------------- point 4: deep nesting, every loader
def _deep_loaders(tmp_path: Path):
    from evo_lab.games.evolution.course.harness import read_input
    from evo_lab.views.widgets.session import Session

    f = tmp_path / "deep.json"
    f.write_text(DEEP)
    pk = tmp_path / "deep_pack"
    pk.mkdir()
    (pk / "pack.json").write_text(DEEP)
    return [
        ("position", lambda: evo_lab.load_position(f)),
        ("record", lambda: evo_lab.load_record(f)),
        ("tree", lambda: evo_lab.load_tree(f)),
        ("position text", lambda: evo_lab.State.from_json(DEEP)),
        ("upload", lambda: Session(players=2).load(DEEP.encode(), name="deep.json")),
        ("game tab path", lambda: Session(players=2).load(f)),
        ("board", lambda: evo_lab.Board.load(f)),
        ("evo2e pack", lambda: evo_lab.load_data(pk)),
        ("harness", lambda: read_input(DEEP, "deep.json")),
    ]


def test_a_hundred_thousand_brackets_give_a_typed_error_naming_the_file_in_every_loader(tmp_path):
    for name, load in _deep_loaders(tmp_path):
        with pytest.raises(EvoLabError) as e:
            load()
        assert "deep" in str(e.value) and "nested deeper than" in str(e.value), (name, str(e.value))


@pytest.mark.parametrize(
    "args",
    [
        ("odds", "climate", "--rounds", "1", "--position", "{f}"),
        ("board", "--load", "{f}"),
        ("simulate", "--games", "1", "--board", "{f}"),
    ],
)
def test_deep_files_on_the_command_line_give_one_line(tmp_path, args):
    f = tmp_path / "deep.json"
    f.write_text(DEEP)
    r = _cli(*(a.format(f=f) for a in args))
    assert r.returncode == 2 and "Traceback" not in r.stderr and "nested deeper" in r.stderr, r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_deep_input_to_the_course_harness_cli_gives_one_line():
    r = _cli("evolution", "harness", "xattack", stdin=DEEP)
    assert r.returncode == 2 and "Traceback" not in r.stderr and "nested deeper" in r.stderr


# ---------------------------------------------------------------- point 8: errors repeat no whole value
def test_a_ten_megabyte_value_gives_a_short_message():
    d = _position("evo2e", plies=20)
    d["state"]["step"] = "x" * 10_000_000
    with pytest.raises(FormatError) as e:
        evo_lab.load_position(json.dumps(d), "big.json")
    assert e.value.field == "state.step" and len(str(e.value)) < 300


@pytest.mark.parametrize("game", ["evo2e", "evo1e", "evolution", "origin"])
def test_a_nine_megabyte_action_gives_a_short_message(game):
    s = _state(game, plies=30)
    before = s.to_json()
    for action in ("x" * 9_000_000, "move " + "A1 " * 3_000_000, ("attack",) + (10**5000,) * 3):
        with pytest.raises(EvoLabError) as e:
            s.apply_action(action)
        assert len(str(e.value)) < 2000
    assert s.to_json() == before


def test_a_file_over_the_size_limit_is_refused_before_it_is_read_whole(tmp_path):
    from evo_lab.core.jsonio import MAX_BYTES
    from evo_lab.views.widgets.session import Session

    with pytest.raises(FormatError) as e:
        evo_lab.load_position(" " * (MAX_BYTES + 1), "huge.json")
    assert "huge.json" in str(e.value) and str(MAX_BYTES) in str(e.value)
    if Path("/dev/zero").exists():
        with pytest.raises(EvoLabError) as e:
            Session(players=2).load(Path("/dev/zero"))
        assert "/dev/zero" in str(e.value)


def test_the_explorer_upload_handler_answers_bad_files_in_the_page():
    ex = evo_lab.Explorer(evo_lab.Game(players=2, seed=1))
    before = ex.state.to_json()
    err = ex.files.open_upload("deep.json", DEEP.encode())
    assert err.startswith("deep.json: nested deeper than") and ex.state.to_json() == before
    big = json.dumps(
        {
            "format": "evo-lab-position",
            "version": 2,
            "game": "evo2e",
            "game_version": 2,
            "config": "x" * 5_000_000,
        }
    )
    err = ex.files.open_upload(
        "big.json", big.encode()
    )  # over the page's upload limit: refused before parsing
    assert (
        err.startswith("big.json: ")
        and "too large" in err
        and len(err) < 400
        and ex.state.to_json() == before
    )
    near = json.dumps(
        {
            "format": "evo-lab-position",
            "version": 2,
            "game": "evo2e",
            "game_version": 2,
            "config": "x" * 500_000,
        }
    )
    err = ex.files.open_upload(
        "near.json", near.encode()
    )  # under the limit: the loader names the field, briefly
    assert err.startswith("near.json: config") and len(err) < 400 and ex.state.to_json() == before
    err = ex.files.open_upload("bin.json", b"\xff\xfe\x00garbage")
    assert err.startswith("bin.json: ") and ex.state.to_json() == before
