"""The rules data: the 84-card deck with per-entry confidence, the traits, the food table, the setup numbers;
typed errors for bad files; the generated tables of docs/origin.md kept in sync."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import evo_lab
from evo_lab.core.datapack import DataError
from evo_lab.games.origin.data import load_pack
from evo_lab.games.origin.doctables import update

DOC = Path(__file__).resolve().parents[3] / "docs" / "origin.md"


def test_the_base_deck():
    """Reference: "That makes 20 card types: 7 single-trait types (32 cards) and 13 double-trait types (52 cards)." and
    "Carnivorous 24, Fat Tissue 28, Swimming 8, High Body Weight 8, Parasite 8, Cooperation 8." """
    pack = load_pack()
    assert pack.deck_size == 84 and len(pack.cards) == 20
    single = [c for c in pack.cards if len(c.faces) == 1]
    assert (len(single), sum(c.count for c in single)) == (7, 32)
    freq = Counter()
    for c in pack.cards:
        for f in c.faces:
            freq[f] += c.count
    assert {
        t: freq[t]
        for t in ("carnivorous", "fat_tissue", "swimming", "high_body_weight", "parasite", "cooperation")
    } == {
        "carnivorous": 24,
        "fat_tissue": 28,
        "swimming": 8,
        "high_body_weight": 8,
        "parasite": 8,
        "cooperation": 8,
    }
    assert all(
        freq[t.id] == 4
        for t in pack.traits
        if t.id
        not in ("carnivorous", "fat_tissue", "swimming", "high_body_weight", "parasite", "cooperation")
    )
    assert all(c.provenance.level == "high" for c in pack.cards)


def test_trait_numbers_and_the_only_assumed_value():
    """Reference: "Carnivorous +1" ... "Parasite +2" ... "Traits that raise the food need score extra points equal to
    the increase" """
    pack = load_pack()
    assert {t.id: t.food for t in pack.traits if t.food} == {
        "carnivorous": 1,
        "high_body_weight": 1,
        "parasite": 2,
    }
    assert all(t.score_bonus == t.food for t in pack.traits)
    assert [t.id for t in pack.traits if t.target == "pair"] == ["symbiosis", "communication", "cooperation"]
    assert pack.assumed() == ["food 6 players"]


def test_bad_data_names_the_file_and_the_field():
    pack = load_pack()
    food = dict(pack.raw["food"])
    food["table"] = [dict(r) for r in food["table"]]
    food["table"][0]["dice"] = "two"
    with pytest.raises(DataError) as e:
        load_pack(None, {"food": food})
    assert e.value.field == "table[0].dice" and e.value.source == "<dict>"
    deck = dict(pack.raw["deck"])
    deck["cards"] = [dict(c) for c in deck["cards"]]
    deck["cards"][3]["faces"] = ["flying"]
    with pytest.raises(DataError) as e:
        load_pack(None, {"deck": deck})
    assert e.value.field == "cards[3].faces"
    with pytest.raises(DataError):
        load_pack("/nonexistent/pack")


def test_a_game_can_use_another_pack():
    pack = load_pack()
    food = dict(pack.raw["food"])
    food["table"] = [dict(r, plus=r["plus"] + 1) for r in food["table"]]
    other = load_pack(None, {"food": food})
    g = evo_lab.make_game("origin", players=2, data=other)
    assert g.food_dice == (1, 3) and g.food_outcomes[0] == ("food", 4)
    s = g.new_initial_state_dealt()
    assert type(s).from_json(s.to_json()).game.food_dice == (1, 3)


def test_docs_tables_are_in_sync():
    text = DOC.read_text(encoding="utf-8")
    assert update(text) == text, "run: python scripts/gen_origin_docs.py"
