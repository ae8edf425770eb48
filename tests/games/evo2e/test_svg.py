"""Tests for evo_lab.games.evo2e.svg (board rendering)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from evo_lab.games.evo2e.board import TERRAINS, Board
from evo_lab.games.evo2e.svg import CLIMATE_COLOURS, HIGHLIGHT_COLOUR, PLAYER_COLOURS, board_svg

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def spaces(root):
    return [p for p in root.iter(f"{NS}polygon") if "space" in p.get("class", "").split()]


@pytest.mark.parametrize("players", (2, 3, 4, 5))
def test_one_polygon_per_space(players):
    b = Board.standard(players)
    root = parse(b.to_svg())
    sp = spaces(root)
    assert len(sp) == b.n
    assert sorted(int(p.get("data-id")) for p in sp) == list(range(b.n))
    for p in sp:
        i = int(p.get("data-id"))
        assert p.get("data-label") == b.labels[i]
        assert f"terrain-{b.terrain[i]}" in p.get("class").split()
        assert len(p.get("points").split()) == 6
        title = p.find(f"{NS}title")
        assert title is not None and b.labels[i] in title.text and b.terrain[i] in title.text
    stars = [p for p in root.iter(f"{NS}polygon") if p.get("class") == "start"]
    assert len(stars) == 2 * players
    assert "reconstructed, not the printed board" in "".join(root.itertext())
    assert b._repr_svg_() == b.to_svg()


def test_generated_has_no_reconstructed_caption():
    b = Board.generate(3, seed=1)
    assert "reconstructed, not the printed board" not in b.to_svg()
    assert len(spaces(parse(b.to_svg()))) == b.n


def test_occupants_and_highlight():
    b = Board.standard(4)
    svg = b.to_svg(occupants={0: 0, 7: 4, 20: 2}, highlight={3: "#00ff00", 4: "red"})
    root = parse(svg)
    dinos = [g for g in root.iter(f"{NS}g") if "dino" in g.get("class", "").split()]
    assert sorted((int(g.get("data-id")), int(g.get("data-seat"))) for g in dinos) == [
        (0, 0),
        (7, 4),
        (20, 2),
    ]
    assert PLAYER_COLOURS[4] in svg and PLAYER_COLOURS[2] in svg
    hls = [p for p in root.iter(f"{NS}polygon") if p.get("class") == "highlight"]
    assert {(int(p.get("data-id")), p.get("stroke")) for p in hls} == {(3, "#00ff00"), (4, "red")}
    sp = {int(p.get("data-id")): p for p in spaces(root)}
    assert sp[3].get("data-highlight") == "#00ff00"
    assert len(spaces(root)) == b.n  # overlays are not counted as spaces


def test_highlight_set_uses_default_colour():
    b = Board.standard(2)
    root = parse(b.to_svg(highlight={1, 2, 5}))
    hls = [p for p in root.iter(f"{NS}polygon") if p.get("class") == "highlight"]
    assert sorted(int(p.get("data-id")) for p in hls) == [1, 2, 5]
    assert all(p.get("stroke") == HIGHLIGHT_COLOUR for p in hls)


def test_climate_glyphs_and_legend():
    b = Board.standard(5)
    climate = {"desert": "deadly", "plains": "hot", "hills": "ideal", "mountains": "cold"}
    svg = b.to_svg(climate=climate)
    root = parse(svg)
    for st in CLIMATE_COLOURS:
        assert f'class="climate-{st}"' in svg
    deadly = [p for p in root.iter(f"{NS}path") if p.get("class") == "deadly"]
    assert len(deadly) == b.terrain.count("desert")
    text = "".join(root.itertext())
    for t in TERRAINS:
        assert f"{t}: {climate[t]}" in text
    sp = spaces(root)
    assert all(p.get("data-climate") == climate[p.get("data-terrain")] for p in sp)


def test_options_labels_title_size():
    b = Board.standard(3)
    root = parse(b.to_svg(labels=False, title="My island", size=14))
    assert not [t for t in root.iter(f"{NS}text") if t.get("class") == "label"]
    assert "My island" in "".join(root.itertext())
    assert float(root.get("width")) < float(parse(b.to_svg()).get("width"))
    root2 = parse(b.to_svg(title=""))
    assert not [t for t in root2.iter(f"{NS}text") if t.get("class") == "heading"]
    labels = [t.text for t in parse(b.to_svg()).iter(f"{NS}text") if t.get("class") == "label"]
    assert sorted(labels) == sorted(b.labels)


def test_coast_drawn_for_each_sea_edge():
    b = Board.standard(4)
    land = set(b.axial)
    dirs = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    sea_edges = sum((q + dq, r + dr) not in land for q, r in b.axial for dq, dr in dirs)
    root = parse(b.to_svg())
    coast = next(p for p in root.iter(f"{NS}path") if p.get("class") == "coast")
    assert coast.get("d").count("M") == sea_edges


def test_escaping_and_bad_input():
    d = Board.standard(2).to_dict()
    d["name"] = 'a <b> & "c"'
    b = Board.from_dict(d)
    parse(b.to_svg())
    parse(b.to_svg(title="<x> & y"))
    with pytest.raises(ValueError, match="space id"):
        board_svg(b, occupants={99: 0})
    with pytest.raises(ValueError, match="seat"):
        board_svg(b, occupants={0: 7})
    with pytest.raises(ValueError, match="climate"):
        board_svg(b, climate={"desert": "warm"})
    with pytest.raises(ValueError, match="space id"):
        board_svg(b, highlight=[-1])


def test_graph_pos_matches_svg_centres():
    b = Board.standard(4)
    root = parse(b.to_svg())
    for p in spaces(root)[:10]:
        pts = [tuple(map(float, xy.split(","))) for xy in p.get("points").split()]
        cx = sum(x for x, _ in pts) / 6
        cy = sum(y for _, y in pts) / 6
        x, y = b.graph.nodes[int(p.get("data-id"))]["pos"]
        assert abs(cx - x) < 0.05 and abs(cy - y) < 0.05
