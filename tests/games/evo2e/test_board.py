"""Tests for evo_lab.games.evo2e.board: shipped data, validation errors, graph properties, generator, I/O, CLI."""

from __future__ import annotations

import copy
import json
import xml.etree.ElementTree as ET

import networkx as nx
import pytest

from evo_lab.games.evo2e.board import DEFAULT_SIZES, TERRAINS, Board, BoardError

PLAYERS = (2, 3, 4, 5)
DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@pytest.fixture(params=PLAYERS, ids=lambda p: f"{p}p")
def std(request) -> Board:
    return Board.standard(request.param)


def base_dict() -> dict:
    return copy.deepcopy(Board.standard(2).to_dict())


# ---------------------------------------------------------------- shipped boards
def test_standard_metadata(std):
    assert std.name == f"standard-{std.players}p"
    assert std.reconstructed is True
    assert std.provenance["confidence"] == "assumed"
    assert std.n == len(std) == DEFAULT_SIZES[std.players]
    assert "reconstructed" in repr(std)
    assert Board.standard(std.players) is std  # cached


def test_standard_terrain_shares(std):
    counts = std.terrain_counts()
    assert set(counts) == set(TERRAINS)
    for t in TERRAINS:
        assert 0.15 <= counts[t] / std.n <= 0.35, t
    assert all(TERRAINS[i] == t for i, t in zip(std.terrain_index, std.terrain))


def test_standard_terrain_regions_contiguous_enough(std):
    # terrains come in a few contiguous regions (at most 2 per terrain), like the printed island
    for t in TERRAINS:
        sub = std.graph.subgraph([i for i in range(std.n) if std.terrain[i] == t])
        assert nx.number_connected_components(sub) <= 2, t


def test_graph_properties(std):
    g = std.graph
    assert nx.is_connected(g)
    assert g.number_of_nodes() == std.n
    assert all(d <= 6 for _, d in g.degree())
    for i in range(std.n):
        assert tuple(sorted(g.neighbors(i))) == std.neighbors(i) == std.adjacency[i]
        node = g.nodes[i]
        assert node["label"] == std.labels[i]
        assert node["terrain"] == std.terrain[i]
        assert node["coastal"] is std.coastal[i]
        assert (node["q"], node["r"]) == std.axial[i]
        assert len(node["pos"]) == 2
    with pytest.raises(nx.NetworkXError):
        g.add_node(999)  # frozen


def test_ids_labels_order(std):
    assert list(std.axial) == sorted(std.axial, key=lambda c: (c[1], c[0]))
    assert len(set(std.labels)) == std.n
    for i, lab in enumerate(std.labels):
        assert std.id_of(lab) == i and std.label(i) == lab
        assert std.id_of(lab.lower()) == i
    assert std.labels[0] == "A1"
    # row letter = rank of r; number = rank of q within the row
    rows = sorted({r for _, r in std.axial})
    for i, (q, r) in enumerate(std.axial):
        row = [qq for qq, rr in std.axial if rr == r]
        assert std.labels[i] == f"{chr(65 + rows.index(r))}{sorted(row).index(q) + 1}"


def test_coastal_recomputed_from_axial(std):
    land = set(std.axial)
    for i, (q, r) in enumerate(std.axial):
        expect = any((q + dq, r + dr) not in land for dq, dr in DIRS)
        assert std.coastal[i] is expect
        nbs = sorted(std.axial.index((q + dq, r + dr)) for dq, dr in DIRS if (q + dq, r + dr) in land)
        assert list(std.adjacency[i]) == nbs
    assert std.coastal_spaces() == tuple(i for i in range(std.n) if std.coastal[i])
    assert 0 < len(std.coastal_spaces()) < std.n


def test_distances(std):
    n = std.n
    t = std.distances
    ref = dict(nx.all_pairs_shortest_path_length(std.graph))
    for a in range(n):
        assert t[a][a] == 0
        for b in range(n):
            assert std.distance(a, b) == std.distance(b, a) == ref[a][b]
            assert (std.distance(a, b) == 1) == (b in std.neighbors(a))
    for a in range(0, n, 3):
        for b in range(n):
            for c in range(0, n, 5):
                assert std.distance(a, c) <= std.distance(a, b) + std.distance(b, c)
    assert std.within(0, 1) == std.neighbors(0)
    assert 0 not in std.within(0, 3)
    assert std.within(5, 2) == tuple(i for i in range(n) if 1 <= ref[5][i] <= 2)


def test_start_areas(std):
    assert len(std.start_areas) == std.players
    cells = [i for pair in std.start_areas for i in pair]
    assert len(cells) == 2 * std.players == len(set(cells))
    assert all(0 <= i < std.n for i in cells)
    for seat, (a, b) in enumerate(std.start_areas):
        assert std.distance(a, b) <= 2  # a seat's two starts are near each other
        assert std.start_player(a) == seat == std.graph.nodes[b]["start_player"]
        for other, pair in enumerate(std.start_areas):
            if other != seat:
                assert all(std.distance(x, y) >= 2 for x in (a, b) for y in pair)  # not adjacent
    non_start = set(range(std.n)) - set(cells)
    assert all(std.graph.nodes[i]["start_player"] is None for i in non_start)


def test_immutable():
    b = Board.standard(4)
    with pytest.raises(AttributeError):
        b.n = 3
    with pytest.raises(AttributeError):
        del b.name


def test_eq_hash():
    a, b = Board.standard(3), Board.from_dict(Board.standard(3).to_dict())
    assert a == b and hash(a) == hash(b) and a is not b
    d = Board.standard(3).to_dict()
    d["name"] = "renamed"
    assert Board.from_dict(d) == a
    assert a != Board.standard(4)
    assert len({Board.standard(p) for p in PLAYERS}) == 4


def test_id_of_unknown():
    with pytest.raises(BoardError, match="Z99") as e:
        Board.standard(4).id_of("Z99")
    assert e.value.field == "label"
    assert isinstance(e.value, ValueError)


def test_standard_bad_players():
    for p in (1, 6, "4", None):
        with pytest.raises(BoardError, match="players"):
            Board.standard(p)


# ---------------------------------------------------------------- validation
def _mutate(fn):
    d = base_dict()
    fn(d)
    return d


def _set(key, value):
    def f(d):
        d[key] = value

    return f


def _first_cell(key, value):
    def f(d):
        d["cells"][0][key] = value

    return f


def _island_too_big_share(d):
    for c in d["cells"]:
        c["terrain"] = "desert"


def _disconnect(d):
    d["cells"].append({"q": 40, "r": 40, "terrain": "plains"})


def _dup_cell(d):
    d["cells"].append(dict(d["cells"][3]))


def _start_off_land(d):
    d["start_areas"][0][0] = [50, 50]


def _start_repeat(d):
    d["start_areas"][1][1] = list(d["start_areas"][0][0])


def _start_same_seat(d):
    d["start_areas"][0][1] = list(d["start_areas"][0][0])


def _too_few(d):
    d["cells"] = d["cells"][:7]


ERRORS = [
    ("format", _set("format", "something-else")),
    ("version", _set("version", 2)),
    ("players", _set("players", 6)),
    ("players", _set("players", True)),
    ("name", _set("name", 3)),
    ("reconstructed", _set("reconstructed", "yes")),
    ("provenance", _set("provenance", "x")),
    ("cells", _set("cells", [])),
    ("cells[0]", _first_cell("q", "zero")),
    ("cells[0].terrain", _first_cell("terrain", "swamp")),
    ("cells[", _dup_cell),
    ("cells", _disconnect),
    ("cells", _island_too_big_share),
    ("cells", _too_few),
    ("start_areas", _set("start_areas", [[[0, 0], [0, 1]]])),
    ("start_areas", _set("start_areas", "none")),
    ("start_areas[0]", _set("start_areas", [[[0, 0]], [[0, 1], [1, 1]]])),
    ("start_areas[0][0]", _start_off_land),
    ("start_areas[1][1]", _start_repeat),
    ("start_areas[0][1]", _start_same_seat),
    ("terrain_bounds", _set("terrain_bounds", [0.5, 0.1])),
]


@pytest.mark.parametrize("field,mutate", ERRORS, ids=[f"{f}-{i}" for i, (f, _) in enumerate(ERRORS)])
def test_validation_errors_name_source_and_field(field, mutate):
    d = _mutate(mutate)
    with pytest.raises(BoardError) as e:
        Board.from_dict(d, "user.json")
    msg = str(e.value)
    assert msg.startswith("user.json: ")
    assert f"field '{field}" in msg
    assert e.value.source == "user.json"
    assert e.value.field.startswith(field)


def test_validation_specific_messages():
    with pytest.raises(BoardError, match="not connected"):
        Board.from_dict(_mutate(_disconnect))
    with pytest.raises(BoardError, match="duplicate cell"):
        Board.from_dict(_mutate(_dup_cell))
    with pytest.raises(BoardError, match="'desert' covers 26/26"):
        Board.from_dict(_mutate(_island_too_big_share))
    with pytest.raises(BoardError, match="too few"):
        Board.from_dict(_mutate(_too_few), terrain_bounds=(0.0, 1.0))
    with pytest.raises(BoardError, match="not a land space"):
        Board.from_dict(_mutate(_start_off_land))
    with pytest.raises(BoardError, match="already a start area"):
        Board.from_dict(_mutate(_start_repeat))
    with pytest.raises(BoardError, match="JSON object"):
        Board.from_dict([1, 2], "x")


def test_terrain_bounds_relaxed():
    d = _mutate(_island_too_big_share)
    b = Board.from_dict(d, "user.json", terrain_bounds=(0.0, 1.0))
    assert b.terrain_counts()["desert"] == 26
    # the relaxed bounds travel with the board so that save/load round-trips
    assert Board.from_dict(b.to_dict()) == b
    d["terrain_bounds"] = [0.0, 1.0]
    assert Board.from_dict(d) == b
    with pytest.raises(BoardError, match="terrain"):
        Board.from_dict(d, terrain_bounds=(0.15, 0.35))


def test_optional_fields_default():
    d = base_dict()
    for k in ("name", "reconstructed", "provenance"):
        del d[k]
    b = Board.from_dict(d)
    assert b.name == "custom" and b.reconstructed is False and b.provenance == {}


# ---------------------------------------------------------------- I/O
def test_save_load_round_trip(tmp_path, std):
    p = tmp_path / "b.json"
    std.save(p)
    data = json.loads(p.read_text())
    assert data["format"] == "evo-lab-board" and data["version"] == 1
    b = Board.load(p)
    assert b == std
    assert b.name == std.name and b.provenance == std.provenance and b.labels == std.labels
    assert b.to_dict() == std.to_dict()


def test_load_errors_name_file(tmp_path):
    p = tmp_path / "broken.json"
    p.write_text("{not json")
    with pytest.raises(BoardError, match="broken.json"):
        Board.load(p)
    with pytest.raises(BoardError, match="missing.json"):
        Board.load(tmp_path / "missing.json")
    d = base_dict()
    d["players"] = 3
    p2 = tmp_path / "bad_players.json"
    p2.write_text(json.dumps(d))
    with pytest.raises(BoardError) as e:
        Board.load(p2)
    assert "bad_players.json" in str(e.value) and "start_areas" in str(e.value)


def test_shipped_files_match_format():
    from importlib import resources

    for p in PLAYERS:
        text = (resources.files("evo_lab") / "data" / "boards" / f"{p}p.json").read_text()
        data = json.loads(text)
        assert data["format"] == "evo-lab-board" and data["players"] == p and data["reconstructed"] is True
        assert "source" in data["provenance"]


# ---------------------------------------------------------------- generator
def test_generate_deterministic():
    a = Board.generate(4, seed=11)
    b = Board.generate(4, seed=11)
    assert a == b and a.to_dict() == b.to_dict() and a.name == "generated-4p-seed11"
    assert a.reconstructed is False and a.provenance["confidence"] == "generated"
    assert Board.generate(4, seed=12) != a


def test_generate_seed_none_records_seed():
    b = Board.generate(3)
    seed = int(b.name.rsplit("seed", 1)[1])
    assert Board.generate(3, seed=seed) == b


@pytest.mark.parametrize("players", PLAYERS)
def test_generate_valid_over_many_seeds(players):
    seen = set()
    for seed in range(25):
        b = Board.generate(players, seed=seed)
        seen.add(b)
        assert b.n == DEFAULT_SIZES[players] and b.players == players
        assert nx.is_connected(b.graph)
        counts = b.terrain_counts()
        assert all(0.15 <= counts[t] / b.n <= 0.35 for t in TERRAINS)
        cells = [i for pr in b.start_areas for i in pr]
        assert len(set(cells)) == 2 * players
        assert all(b.coastal[i] for i in cells)
        for seat, pair in enumerate(b.start_areas):
            assert b.distance(*pair) == 1
            for other, pair2 in enumerate(b.start_areas):
                if other != seat:
                    assert min(b.distance(x, y) for x in pair for y in pair2) >= 2
        for t in TERRAINS:
            sub = b.graph.subgraph([i for i in range(b.n) if b.terrain[i] == t])
            assert nx.number_connected_components(sub) <= (1 if b.n < 38 else 2) + 1
        assert Board.from_dict(b.to_dict()) == b
    assert len(seen) == 25


def test_generate_size_and_mix():
    b = Board.generate(2, size=60, seed=1)
    assert b.n == 60 and b.name == "generated-2p-seed1-size60"
    m = Board.generate(3, seed=2, terrain_mix={"desert": 3, "plains": 1, "hills": 1, "mountains": 1})
    c = m.terrain_counts()
    assert c["desert"] > c["plains"]
    assert Board.from_dict(m.to_dict()) == m  # relaxed bounds are recorded
    big = Board.generate(5, size=150, seed=3)
    assert big.n == 150 and nx.is_connected(big.graph)


@pytest.mark.parametrize(
    "kwargs,field",
    [
        ({"players": 1}, "players"),
        ({"players": 6}, "players"),
        ({"players": 4, "size": 5}, "size"),
        ({"players": 4, "seed": -1}, "seed"),
        ({"players": 4, "terrain_mix": {"lava": 1.0}}, "terrain_mix"),
        ({"players": 4, "terrain_mix": {"desert": 0.0}}, "terrain_mix"),
    ],
)
def test_generate_bad_args(kwargs, field):
    with pytest.raises(BoardError) as e:
        Board.generate(**kwargs)
    assert e.value.field == field and f"field '{field}'" in str(e.value)


# ---------------------------------------------------------------- CLI
def test_cli_svg(tmp_path, capsys):
    from evo_lab.cli import main

    out = tmp_path / "b.svg"
    assert main(["board", "--players", "4", "--svg", str(out)]) == 0
    root = ET.parse(out).getroot()
    spaces = [
        p for p in root.iter("{http://www.w3.org/2000/svg}polygon") if "space" in p.get("class", "").split()
    ]
    assert len(spaces) == 42


def test_cli_summary_json_generate_load(tmp_path, capsys):
    from evo_lab.cli import main

    assert main(["board", "--players", "3"]) == 0
    text = capsys.readouterr().out
    assert "34 spaces" in text and "coastal:" in text and "start areas, player 3" in text and "desert" in text
    j = tmp_path / "g.json"
    assert main(["board", "--generate", "--seed", "5", "--players", "5", "--json", str(j)]) == 0
    assert Board.load(j) == Board.generate(5, seed=5)
    assert main(["board", "--load", str(j)]) == 0
    assert "generated-5p-seed5" in capsys.readouterr().out
    assert main(["board", "--players", "9"]) == 2
    assert "players" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    assert main(["board", "--load", str(bad)]) == 2
    assert "bad.json" in capsys.readouterr().err
    assert main(["board", "--seed", "3"]) == 2
