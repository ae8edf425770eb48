"""The scenario presets (issue 14 item 2): each builds with the public builder, stands at the node its note
names, the feature it names is reachable, and it survives the JSON and text round trips."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

import evo_lab
from evo_lab.core.errors import EvoLabError
from evo_lab.games.evo2e.odds import climate_forecast, combat_odds, killer_babies_odds
from evo_lab.games.evo2e.scenarios import (
    UnknownScenarioError,
    scenario,
    scenario_info,
    scenarios,
    scenarios_markdown,
)

IDS = [sc.id for sc in scenarios()]
ROOT = Path(__file__).resolve().parents[3]


def legal(s) -> list[str]:
    return [s.action_to_string(a) for a in s.legal_actions()]


def test_at_least_eight_presets_with_unique_ids_and_notes():
    assert len(IDS) >= 8 and len(set(IDS)) == len(IDS)
    for need in (
        "attack",
        "chameleon",
        "hot_survival",
        "auction",
        "killer_babies",
        "end_of_game",
        "sixth_sense",
        "crowded_birth",
    ):
        assert need in IDS
    for sc in scenarios():
        assert sc.title and len(sc.note) > 120 and "rulebook" in sc.rule


def test_the_kits_readings_are_said_in_words_and_numbered_for_developers():
    """Issue 20: a teacher reads the kit's reading in words, not "the kit's ruling R8"; the ruling's number is
    kept for developers (``rulings``, a ruling of ``docs/rulings.md``)."""
    rulings = set(re.findall(r"^\| (R\d+) \|", (ROOT / "docs" / "rulings.md").read_text("utf-8"), re.M))
    for sc in scenarios():
        assert not re.search(r"\bR\d+\b|docs/|§", sc.rule + sc.note), sc.id
        assert ("the kit's reading" in sc.rule) == bool(sc.rulings), sc.id
        assert set(sc.rulings.split(", ")) <= rulings if sc.rulings else True, sc.id


@pytest.mark.parametrize("sid", IDS)
def test_preset_is_at_its_node_and_feature_is_legal(sid):
    sc = scenario_info(sid)
    s = scenario(sid)
    assert s.node_name() == sc.node
    s.check_invariants()
    if sc.to_act is None:
        assert s.is_terminal() or s.is_chance_node()
    else:
        assert s.current_player() == int(sc.to_act[1:]) - 1
    if sc.shows is not None:
        assert sc.shows in legal(s)
        after = s.clone()
        after.apply_action(sc.shows)  # reachable: the engine plays it
        assert after.history() and not s.history()


@pytest.mark.parametrize("sid", IDS)
def test_preset_round_trips(sid):
    s = scenario(sid)
    back = evo_lab.load_position(s.to_json())
    assert back.to_dict() == s.to_dict()
    again = evo_lab.Position.parse(scenario_info(sid).text()).build()
    assert again.to_dict()["state"] == s.to_dict()["state"]
    assert scenario(sid) is not s  # a fresh state each call


def test_attack_odds_are_the_combat_odds():
    s = scenario("attack")
    a = s.parse_action("attack D5xD4")
    expected = combat_odds(2, 1, large_horn=True, bony_plates=True)
    assert (expected.attack, expected.defence) == (4, 3)
    assert s.attack_probability(a.a, a.b) == expected.probability == Fraction(2, 3)
    s.apply_action(a)
    assert s.is_chance_node()
    wins = sum(p for _o, p in s.chance_outcomes())
    assert wins == 1


def test_chameleon_escape_not_back_to_the_attacker():
    s = scenario("chameleon")
    acts = legal(s)
    assert "escape E3" in acts and "pass" in acts and "escape D5" not in acts
    s.apply_action("escape E3")
    L = s.game.label_index
    assert s.occupant(L["E3"]) == 0 and s.occupant(L["D4"]) == 1


def test_hot_survival_choice():
    s = scenario("hot_survival")
    assert s.terrain_states()["desert"] == "hot"
    assert sorted(legal(s)) == ["remove B1", "remove B2", "remove C1"]
    before = s.count[0]
    s.apply_action("remove B1")
    assert s.count[0] == before - 1


def test_auction_bids_follow_mp():
    s = scenario("auction")
    acts = legal(s)
    assert "bid 5 on lot 1" in acts and "bid 6 on lot 1" not in acts  # P1 has 5 MP
    assert s.lots and len(s.lots) == 4


def test_killer_baby_die_is_the_killer_babies_odds():
    s = scenario("killer_babies")
    assert {"birth D4", "birth D5"} <= set(legal(s))
    s.apply_action("birth D4")
    assert s.node_name() == "kbdie"
    die = {}
    for o, p in s.chance_outcomes():
        t = s.clone()
        t.apply_action(o)
        enemy_dead = t.occupant(t.game.label_index["D4"]) == 0
        die[enemy_dead] = die.get(enemy_dead, 0) + p
    odds = killer_babies_odds()
    assert die[True] == odds.enemy_dies and die[False] == odds.baby_dies


def test_end_of_game_tie_goes_to_more_dinosaurs():
    s = scenario("end_of_game")
    assert s.is_terminal()
    assert s.mp[0] == s.mp[1] and s.count[1] > s.count[0]
    assert list(s.ranking()) == [2, 1, 3, 4]


def test_sixth_sense_forecast_differs_by_viewer():
    s = scenario("sixth_sense")
    assert s.observation(0)["climate"]["next_token"] == "ccw1"
    assert "next_token" not in s.observation(1)["climate"]
    mine, theirs = climate_forecast(s, 1, viewer=0), climate_forecast(s, 1, viewer=1)
    assert mine.sections[0] == {2: Fraction(1)}
    assert len(theirs.sections[0]) > 1 and sum(theirs.sections[0].values()) == 1


def test_crowded_birth_replaces():
    s = scenario("crowded_birth")
    assert s.count[0] == s.game.max_dinos
    births = [a for a in legal(s) if a.startswith("birth")]
    assert births and all(" replacing " in a for a in births)
    s.apply_action("birth A1 replacing B1")
    L = s.game.label_index
    assert s.occupant(L["A1"]) == 0 and s.occupant(L["B1"]) == -1 and s.count[0] == s.game.max_dinos


def test_protected_clan_cannot_be_attacked():
    s = scenario("protected_clan")
    attacks = [a for a in legal(s) if a.startswith("attack")]
    assert attacks == ["attack D5xE4"]
    with pytest.raises(evo_lab.IllegalActionError):
        s.apply_action("attack D5xD4")


def test_prescience_offers_the_cards_moves():
    s = scenario("prescience")
    assert {
        "play prescience +2",
        "play prescience +1",
        "play prescience +0",
        "play prescience -1",
        "pass",
    } <= set(legal(s))


def test_unknown_scenario_is_typed_and_lists_ids():
    with pytest.raises(UnknownScenarioError) as e:
        scenario("attak")
    assert isinstance(e.value, EvoLabError) and e.value.reason == "unknown_scenario"
    assert e.value.known == IDS and all(i in str(e.value) for i in IDS)


def test_kit_docs_list_the_presets():
    text = (ROOT / "docs" / "kit.md").read_text(encoding="utf-8")
    assert scenarios_markdown() in text, (
        "docs/kit.md: paste evo_lab.games.evo2e.scenarios.scenarios_markdown()"
    )
