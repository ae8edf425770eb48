"""Rules as data where they are data (issue 10, item 2): the numeric genes' effects are fields of the gene
entries, each event card is one registry entry, and everything else (node lists, verbs, the loader's ids, the
encoder) is derived. A new card and a new numeric gene take a test-only data pack and one registry entry each,
and no other module (the walkthrough in ``docs/engine.md`` is this test)."""

from __future__ import annotations

import copy
from fractions import Fraction

import pytest

import evo_lab
from evo_lab import DataError
from evo_lab.games.evo2e import cards, flow, genes
from evo_lab.games.evo2e.observer import node_list
from evo_lab.games.evo2e.codec import ActionCodec
from evo_lab.games.evo2e.fuzz import fuzz_game

SPIKED_TAIL = {
    "id": "spiked_tail",
    "name": "Spiked tail",
    "text": "Acts like a horn when defending.",
    "effects": {"defence_horns": 1},
    "provenance": "assumed",
    "source": "a test-only gene",
}
WINDFALL = {
    "id": "windfall",
    "name": "Windfall",
    "count": 2,
    "timing": "survival",
    "text": "To be played during the Survival phase. Gain 2 MP.",
    "effects": {"mp": 2},
    "provenance": "assumed",
    "source": "a test-only card",
}


def windfall_play(state, player, action):
    """Windfall: "Gain 2 MP" (the number is the card's ``effects.mp``)."""
    state.mp[player] += state.game.data.events[action.a].effects["mp"]
    return ()


def new_pack() -> dict:
    raw = copy.deepcopy(evo_lab.load_data().to_dict())
    raw["genes"]["unique"].append(SPIKED_TAIL)
    raw["events"]["cards"].append(WINDFALL)
    return raw


@pytest.fixture
def registered(monkeypatch):
    """The two registry entries: one line each (the monkeypatch undoes them after the test)."""
    monkeypatch.setitem(
        genes.GENES, "spiked_tail", genes.GeneRule("spiked_tail", doc="a horn when defending")
    )
    monkeypatch.setitem(
        cards.CARDS, "windfall", cards.CardRule("windfall", windfall_play, ("survival",), text="gain MP")
    )
    return evo_lab.load_data(new_pack())


def test_a_new_numeric_gene_is_data_and_one_registry_entry(registered):
    pack = registered
    assert pack.gene("spiked_tail").effects == {"defence_horns": 1}
    s = evo_lab.build_position(
        2,
        data=pack,
        phase="movement",
        unique={"P2": ["spiked_tail"]},
        dinosaurs={"P1": ["C3", "C4"], "P2": ["D4", "D5", "E4"]},
    )
    assert s.defence_strength(1) == 1 and s.defence_strength(0) == 0
    d4, c3 = s.game.label_index["D4"], s.game.label_index["C3"]
    assert s.attack_probability(c3, d4) == Fraction(1, 6)  # 0 horns against 1: only the claw wins
    assert "spiked_tail" in evo_lab.games.evo2e.datapack.UNIQUE_GENE_IDS and s.game.n_unique == 13
    assert any("spiked_tail" in r["value_name"] for r in pack.provenance_rows())


def test_a_new_card_is_data_and_one_registry_entry(registered):
    pack = registered
    s = evo_lab.build_position(2, data=pack, phase="survival", hands={"P1": ["windfall"]})
    assert s.node_name() == "survival_cards" and s.current_player() == 0
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["play windfall", "pass"]
    assert s.describe_action(s.legal_actions()[0]) == "play Windfall"
    s.apply_action("play windfall")
    assert s.mp[0] == 6 + 2 + s.count[0] and s.hand(0) == [] and "scored" in [e.kind for e in s.log]
    assert "windfall" in evo_lab.games.evo2e.datapack.EVENT_EFFECTS
    codec = ActionCodec(s.game)
    a = s.parse_action("play windfall")
    assert codec.decode(codec.encode(a)) == a
    assert "survival_cards" in node_list() and flow.NODES["survival_cards"].verb.startswith(
        "play an event card"
    )


def test_whole_games_with_the_new_gene_and_card(registered):
    r = fuzz_game(3, 11, registered, json_every=25)
    assert r.rounds in (9, 10, 11)
    played = set()
    for seed in range(30):
        played |= fuzz_game(2 + seed % 4, seed, registered, json_every=0, replay=False).cards_played
    assert "windfall" in played


def test_without_the_registry_entries_the_pack_is_refused():
    with pytest.raises(DataError, match="no implementation for unique gene 'spiked_tail'"):
        evo_lab.load_data(new_pack())
    raw = new_pack()
    raw["genes"]["unique"].pop()
    with pytest.raises(DataError, match="no implementation for event effect 'windfall'"):
        evo_lab.load_data(raw)


@pytest.mark.parametrize(
    "mutate,field,problem",
    [
        (
            lambda r: r["genes"]["unique"][1]["effects"].update(wisdom=3),
            "unique[1].effects.wisdom",
            "unknown effect",
        ),
        (
            lambda r: r["genes"]["unique"][1]["effects"].update(attack_horns=-2),
            "unique[1].effects.attack_horns",
            ">= 0",
        ),
        (
            lambda r: r["genes"]["normal"][0]["effects"].update(birth_range=2),
            "normal[0].effects.birth_range",
            "largest",
        ),
        (lambda r: r["events"]["cards"][0].update(timing="breakfast"), "cards[0].timing", "unknown timing"),
        (lambda r: r["events"]["cards"][3].update(timing="survival"), "cards[3].timing", "is played at"),
        (lambda r: r["events"]["cards"][1].update(shifts=[]), "cards[1].shifts", "wheel moves"),
    ],
)
def test_effects_and_timings_are_checked(mutate, field, problem):
    raw = copy.deepcopy(evo_lab.load_data().to_dict())
    mutate(raw)
    with pytest.raises(DataError) as e:
        evo_lab.load_data(raw)
    assert e.value.field == field and problem in e.value.problem


def test_numeric_effects_come_from_the_pack():
    """Change Large horn's number in the data and the engine follows: no setup key is read by name."""
    raw = copy.deepcopy(evo_lab.load_data().to_dict())
    entry = next(u for u in raw["genes"]["unique"] if u["id"] == "large_horn")
    entry["effects"] = {"attack_horns": 3}
    thick = next(u for u in raw["genes"]["unique"] if u["id"] == "thick_shell")
    thick["effects"] = {"birth_range": 2}
    pack = evo_lab.load_data(raw)
    s = evo_lab.build_position(2, data=pack, unique={"P1": ["large_horn", "thick_shell"]})
    assert s.attack_strength(0) == 3 and s.game.ustats[s.unique_bits[0]].birth_range == 2
    assert pack.setup["large_horn_bonus"] == 3  # the version-1 setup key, derived for old readers


def test_version_one_parts_are_still_read():
    """A pack of evo-lab 0.1 (gene bonuses as setup keys, no effects) loads with the same numbers."""
    raw = copy.deepcopy(evo_lab.load_data().to_dict())
    setup = raw["setup"]
    setup["version"] = 1
    del setup["values"]["birth_range"]
    for key, value in (
        ("strong_thighs_bonus", 2),
        ("thick_shell_range", 3),
        ("large_horn_bonus", 2),
        ("bony_plates_bonus", 2),
        ("protected_clan_size_regeneration", 3),
        ("frenzied_attack_bonus", 2),
    ):
        setup["values"][key] = {"value": value, "provenance": "printed", "source": "evo-lab 0.1"}
    raw["genes"]["version"] = 1
    for e in raw["genes"]["normal"] + raw["genes"]["unique"]:
        e.pop("effects")
    raw["events"]["version"] = 1
    for c in raw["events"]["cards"]:
        c.pop("effects", None)
        c.pop("shifts", None)
    old, new = evo_lab.load_data(raw), evo_lab.load_data()
    for g in new.normal_genes + new.unique_genes:
        assert old.gene(g.id).effects == g.effects, g.id
    assert [c.effects for c in old.events] == [c.effects for c in new.events]
    assert old.card("prescience").shifts == new.card("prescience").shifts
