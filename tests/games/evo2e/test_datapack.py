"""The rules/data pack: loading, provenance, overrides, and every validation error (issue 2, point 3)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import evo_lab
from evo_lab import DataError, load_data
from evo_lab.games.evo2e.datapack import NORMAL_GENE_IDS

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def raw() -> dict:
    return load_data().to_dict()


def test_printed_values_match_the_rulebook():
    """ "Normal gene tokens: pair of legs (x6), horn (x5), egg (x6), thermoregulation layers (x7), fur layers
    (x7), alchemical vial (x5)." and "Each player ... receives 6 MP"."""
    p = load_data()
    assert {g.id: g.count for g in p.normal_genes} == {
        "legs": 6,
        "horn": 5,
        "egg": 6,
        "thermo": 7,
        "fur": 7,
        "vial": 5,
    }
    assert sum(g.count for g in p.normal_genes) == 36
    assert len(p.unique_genes) == 12 and p.setup["unique_genes_in_bag"] == 8
    assert p.setup["starting_mp"] == 6 and p.setup["dinosaurs_per_player"] == 8
    assert (
        p.setup["base_movement"] == 2 and p.setup["starting_eggs"] == 1 and p.setup["starting_dinosaurs"] == 2
    )
    assert (p.setup["bid_min"], p.setup["bid_max"]) == (0, 6)
    assert sum(t.count for t in p.tokens) == 12  # + meteorite = 13 climate tokens
    assert len(p.die_faces) == 6
    assert sum(c.count for c in p.events) == 15
    assert p.setup_provenance["starting_mp"].level == "printed"


def test_wheel_is_explicit_and_reproduces_the_rulebook_example():
    """Rulebook example (lavisqteam review): mountains ideal, hills hot, desert and plains deadly."""
    p = load_data()
    states = [dict(zip(p.terrains, p.section_states(i))) for i in range(len(p.wheel))]
    assert {"desert": "deadly", "plains": "deadly", "hills": "hot", "mountains": "ideal"} in states
    assert p.initial_section == 1 and states[1]["plains"] == "ideal"
    for st in states:  # one or two deadly terrains at once, exactly one ideal
        assert list(st.values()).count("ideal") == 1
        assert 1 <= list(st.values()).count("deadly") <= 2


def test_every_value_has_provenance_and_assumed_ones_are_listed():
    p = load_data()
    rows = p.provenance_rows()
    assert all(
        r["provenance"] in ("printed", "high", "medium", "medium-high", "assumed") and r["source"]
        for r in rows
    )
    assumed = p.assumed()
    assert any(a.startswith("die faces") for a in assumed)
    assert any(a.startswith("climate wheel section") for a in assumed)
    assert any(a.startswith("climate token") for a in assumed)
    assert not any(a.startswith("setup starting_mp") for a in assumed)


def test_docs_data_md_is_in_sync_with_the_pack():
    text = (ROOT / "docs" / "data.md").read_text()
    assert load_data().provenance_markdown() in text, "run python scripts/gen_data_doc.py"


def test_override_one_part_from_a_file(tmp_path, raw):
    die = copy.deepcopy(raw["die"])
    die["faces"] = ["cross", "claw", "claw", "equals", "plus", "two_plus"]
    f = tmp_path / "die.json"
    f.write_text(json.dumps(die))
    pack = load_data(overrides={"die": f})
    assert pack.die_faces.count("claw") == 2
    assert pack.sources["die"] == str(f)
    assert pack.fingerprint() != load_data().fingerprint()
    assert load_data().with_part("die", f).die_faces == pack.die_faces
    # the engine uses the new die
    g = evo_lab.Game(players=2, data=pack)
    assert dict(zip(g.die_kinds, g.die_weights))["claw"] == 2


def test_load_a_whole_pack_from_a_folder_and_a_dict(tmp_path, raw):
    src = ROOT / "evo_lab" / "data" / "evo2e"
    for f in src.glob("*.json"):
        (tmp_path / f.name).write_text(f.read_text())
    assert load_data(tmp_path).fingerprint() == load_data().fingerprint()
    assert load_data(tmp_path / "pack.json").fingerprint() == load_data().fingerprint()
    assert load_data(raw).fingerprint() == load_data().fingerprint()


def _broken(raw: dict, part: str, mutate) -> dict:
    d = copy.deepcopy(raw[part])
    mutate(d)
    return d


BAD = [
    ("setup", lambda d: d["values"].pop("starting_mp"), "values.starting_mp", "missing"),
    ("setup", lambda d: d["values"]["starting_mp"].update(value=-1), "values.starting_mp.value", ">= 0"),
    ("setup", lambda d: d["values"]["starting_mp"].update(value="6"), "values.starting_mp.value", "integer"),
    (
        "setup",
        lambda d: d["values"]["starting_mp"].update(provenance="guess"),
        "values.starting_mp.provenance",
        "one of",
    ),
    ("setup", lambda d: d["values"]["starting_mp"].update(source=""), "values.starting_mp.source", "source"),
    ("setup", lambda d: d.update(format="nope"), "format", "expected"),
    ("setup", lambda d: d.update(version=3), "version", "unsupported"),
    (
        "setup",
        lambda d: d["values"]["bid_max"].update(value=-0) or d["values"]["bid_min"].update(value=3),
        "values.bid_max",
        "bid_min",
    ),
    ("genes", lambda d: d["normal"].reverse(), "normal", "in that order"),
    ("genes", lambda d: d["normal"][0].update(count=-2), "normal[0].count", ">= 0"),
    ("genes", lambda d: d["unique"][0].update(id="laser_eyes"), "unique[0].id", "no implementation"),
    ("genes", lambda d: d["unique"].append(dict(d["unique"][0])), "unique", "duplicate"),
    (
        "climate",
        lambda d: d["wheel"]["sections"][2]["states"].update(hills="warm"),
        "wheel.sections[2].states.hills",
        "one of",
    ),
    (
        "climate",
        lambda d: d["wheel"]["sections"][2]["states"].pop("hills"),
        "wheel.sections[2].states.hills",
        "missing",
    ),
    ("climate", lambda d: d["wheel"].update(initial_section=9), "wheel.initial_section", "section index"),
    (
        "climate",
        lambda d: d["wheel"]["sections"][1].update(index=5),
        "wheel.sections[1].index",
        "clockwise order",
    ),
    ("climate", lambda d: d["wheel"].update(sections=[]), "wheel.sections", "at least one"),
    ("climate", lambda d: d["tokens"]["kinds"][0].update(shift="two"), "tokens.kinds[0].shift", "integer"),
    ("climate", lambda d: [k.update(count=0) for k in d["tokens"]["kinds"]], "tokens.kinds", "cannot fill"),
    ("die", lambda d: d.update(faces=["cross", "sword"]), "faces[1]", "unknown symbol"),
    ("die", lambda d: d.update(faces=[]), "faces", "at least one face"),
    ("die", lambda d: d["symbols"][0].update(rule="sometimes"), "symbols[0].rule", "one of"),
    ("die", lambda d: d["symbols"][2].pop("difference"), "symbols[2].difference", "missing"),
    ("die", lambda d: d["symbols"][0].update(killer_baby="maybe"), "symbols[0].killer_baby", "enemy_dies"),
    ("events", lambda d: d["cards"][0].update(id="volcano"), "cards[0].effect", "no implementation"),
    ("events", lambda d: d["cards"][0].update(count=-1), "cards[0].count", ">= 0"),
    ("events", lambda d: d.pop("deck_source"), "deck_source", "source"),
]


@pytest.mark.parametrize("part, mutate, field, words", BAD, ids=[f"{b[0]}:{b[2]}" for b in BAD])
def test_bad_data_names_file_field_and_problem(tmp_path, raw, part, mutate, field, words):
    f = tmp_path / f"bad_{part}.json"
    f.write_text(json.dumps(_broken(raw, part, mutate)))
    with pytest.raises(DataError) as e:
        load_data(overrides={part: f})
    assert e.value.field == field
    assert str(f) in str(e.value) and field in str(e.value)
    assert words in str(e.value)
    assert isinstance(e.value, ValueError)


def test_unreadable_and_invalid_json_files(tmp_path):
    f = tmp_path / "x.json"
    f.write_text("{not json")
    with pytest.raises(DataError, match="not valid JSON"):
        load_data(overrides={"die": f})
    with pytest.raises(DataError, match="no such file"):
        load_data(overrides={"die": tmp_path / "missing.json"})
    with pytest.raises(DataError, match="unknown part"):
        load_data(overrides={"dice": f})
    with pytest.raises(DataError, match="pack.json"):
        load_data(tmp_path)


def test_normal_gene_ids_are_the_engine_contract():
    assert tuple(g.id for g in load_data().normal_genes) == NORMAL_GENE_IDS


def test_data_entries_that_are_not_objects_and_duplicate_die_symbols_are_data_errors():
    raw = load_data().to_dict()
    genes = dict(raw["genes"], normal=[5] + raw["genes"]["normal"][1:])
    with pytest.raises(DataError, match="must be an object"):
        load_data(overrides={"genes": genes})
    die = dict(raw["die"], symbols=raw["die"]["symbols"] + [dict(raw["die"]["symbols"][1], rule="never")])
    with pytest.raises(DataError, match="duplicate die symbol"):
        load_data(overrides={"die": die})


def test_to_dict_is_a_copy_the_cached_pack_does_not_change():
    """Editing ``to_dict()`` (as docs/engine.md's walkthrough does) must not reach the cached default pack."""
    import evo_lab

    raw = evo_lab.load_data().to_dict()
    raw["genes"]["unique"].append({"id": "not_a_gene"})
    raw["pack"]["name"] = "edited"
    fresh = evo_lab.load_data().to_dict()
    assert (
        all(u["id"] != "not_a_gene" for u in fresh["genes"]["unique"]) and fresh["pack"]["name"] != "edited"
    )
