"""Survival phase and the end: ideal, hot, cold, deadly terrain; thermoregulation and fur; cave dweller;
Geysers; the 2/3 floor; 1 MP per dinosaur; winner by MP, then dinosaurs, else a draw."""

from __future__ import annotations

import pytest
from helpers import build, sp, strings

import evo_lab
from evo_lab.games.evo2e import rules

# 2-player board, wheel section 1: desert hot, plains ideal, hills cold, mountains deadly.
# desert: A1 B3 B4 C3 D4 D5 E4 F2; plains: C4 C5 C6 D6 D7 E5 E6; hills: B1 B2 C1 C2; mountains: D1 D2 D3 E1 E2 E3 F1
P2 = {"E5": 1, "E6": 1}


def survival(board, **kw):
    s = build(2, board=dict(board, **P2), section=1, mp=[6, 6], phase="survival", **kw)
    assert s.terrain_states(1) == {"desert": "hot", "plains": "ideal", "hills": "cold", "mountains": "deadly"}
    return s


def scored(s):
    """After survival the round is scored and the next round's climate token is drawn."""
    return s.node_name() == "token" and s.round == 2


def test_ideal_terrain_all_survive_and_score():
    """ "On ideal terrain, all the dinosaurs survive." "Finally, each player receives one MP for each of his
    dinosaurs on the game board.\""""
    s = survival({"C4": 0, "C5": 0, "C6": 0})
    assert scored(s) and s.count == [3, 2] and s.mp == [9, 8]


def test_deadly_terrain_all_die_down_to_two():
    """ "On deadly terrain, all the dinosaurs die." "Each player removes the dead dinosaurs in the order of
    his choice and stops if he only has two remaining on the board.\""""
    s = survival({"D1": 0, "D2": 0, "C4": 0, "C5": 0})
    assert scored(s) and s.count == [2, 2] and s.dinosaurs(0) == [sp(s, "C4"), sp(s, "C5")]
    assert s.mp == [8, 8]
    # 4 on deadly terrain: 2 die, the owner chooses which
    s = survival({"D1": 0, "D2": 0, "D3": 0, "E1": 0})
    assert s.node_name() == "survive" and s.current_player() == 0
    assert sorted(strings(s)) == sorted(["remove D1", "remove D2", "remove D3", "remove E1"])
    s.apply_action("remove D2")
    assert s.node_name() == "survive"
    s.apply_action("remove E1")
    assert scored(s) and s.dinosaurs(0) == [sp(s, "D1"), sp(s, "D3")]


def test_hot_terrain_thermoregulation():
    """ "On hot terrain, the player can enable one of his dinosaurs to survive for each thermoregulation
    layer on his board. All the other dinosaurs die.\""""
    s = survival({"A1": 0, "B3": 0, "B4": 0, "C4": 0, "C5": 0}, genes={0: {"thermo": 1}})
    assert s.node_name() == "survive"
    assert sorted(strings(s)) == ["remove A1", "remove B3", "remove B4"]
    s.apply_action("remove B3")
    assert sorted(strings(s)) == ["remove A1", "remove B4"]
    s.apply_action("remove A1")
    assert scored(s) and s.dinosaurs(0) == [sp(s, "B4"), sp(s, "C4"), sp(s, "C5")]
    s = survival({"A1": 0, "B3": 0, "C4": 0}, genes={0: {"thermo": 2}})
    assert scored(s) and s.count[0] == 3


def test_no_decision_where_there_is_no_choice():
    """Hot terrain without thermoregulation: every dinosaur there dies - no decision is asked."""
    s = survival({"A1": 0, "B3": 0, "C4": 0, "C5": 0})
    assert scored(s) and s.dinosaurs(0) == [sp(s, "C4"), sp(s, "C5")]
    assert s.history() == [] or all(a.kind != "remove" for a in s.history())


def test_cold_terrain_fur():
    """ "On cold terrain, the player can enable one of his dinosaurs to survive for each fur layer on his
    board. All the other dinosaurs die.\""""
    s = survival({"B1": 0, "B2": 0, "C1": 0, "C4": 0}, genes={0: {"fur": 1}})
    assert sorted(strings(s)) == ["remove B1", "remove B2", "remove C1"]
    s.apply_action("remove C1")
    s.apply_action("remove B1")
    assert scored(s) and s.dinosaurs(0) == [sp(s, "B2"), sp(s, "C4")]


def test_hot_and_cold_counted_separately():
    """Thermoregulation saves dinosaurs on hot terrain only, fur on cold terrain only (ruling 6)."""
    s = survival({"A1": 0, "B3": 0, "B1": 0, "B2": 0, "C4": 0}, genes={0: {"thermo": 1, "fur": 1}})
    assert sorted(strings(s)) == ["remove A1", "remove B1", "remove B2", "remove B3"]
    s.apply_action("remove A1")
    assert sorted(strings(s)) == ["remove B1", "remove B2"]  # the hot group is now within its allowance
    s.apply_action("remove B2")
    assert scored(s) and s.count[0] == 3


def test_cave_dweller():
    """Cave dweller: "One of your dinosaurs in a deadly area during the Survival phase survives.\""""
    s = survival({"D1": 0, "C4": 0, "C5": 0}, uniq={0: ["cave_dweller"]})
    assert scored(s) and s.count[0] == 3
    s = survival({"D1": 0, "D2": 0, "C4": 0, "C5": 0}, uniq={0: ["cave_dweller"]})
    assert sorted(strings(s)) == ["remove D1", "remove D2"]
    s.apply_action("remove D1")
    assert scored(s) and s.count[0] == 3


def test_geysers():
    """Geysers: "To be played during the Survival phase. All your dinosaurs survive on cold terrain during
    this phase.\""""
    board = {"B1": 0, "B2": 0, "C1": 0, "C4": 0}
    s = survival(board, hands={0: ["geysers"]})
    assert s.node_name() == "survival_cards" and strings(s) == ["play geysers", "pass"]
    s.apply_action("play geysers")
    assert scored(s) and s.count[0] == 4 and s.hand(0) == [] and s.geysers == 0
    s = survival(board, hands={0: ["geysers"]})
    s.apply_action("pass")
    assert s.node_name() == "survive" and s.hand(0) == ["geysers"]


def test_regeneration_floor_three():
    """Regeneration: "You can never have fewer than 3 dinosaurs. If you have only 3, you cannot be attacked,
    you are no longer affected by the climate, etc.\""""
    s = survival({"D1": 0, "D2": 0, "D3": 0, "C4": 0}, uniq={0: ["regeneration"]})
    assert s.node_name() == "survive" and len(s.legal_actions()) == 3
    s.apply_action("remove D1")
    assert scored(s) and s.count[0] == 3
    s = survival({"D1": 0, "D2": 0, "D3": 0}, uniq={0: ["regeneration"]})
    assert scored(s) and s.count[0] == 3
    assert rules.deaths_allowed(3, 3, 3) == 0 and rules.deaths_allowed(5, 1, 3) == 1


def test_regeneration_when_the_clan_is_already_at_two():
    """Regeneration: "You can never have fewer than 3 dinosaurs. If you have only 3, you cannot be attacked, you
    are no longer affected by the climate, etc." Ruling R21: the gene does not create dinosaurs; a clan that
    has 2 when it gets Regeneration stays at 2, and like a clan of 3 it loses none to the climate and cannot be
    attacked."""
    s = survival({"D1": 0, "D2": 0}, uniq={0: ["regeneration"]})  # both on deadly terrain
    assert scored(s) and s.count[0] == 2 and s.mp[0] == 8
    t = build(
        2,
        board={"C3": 0, "D4": 1, "D5": 1, "E4": 1},
        uniq={0: ["regeneration"]},
        phase="movement",
        order=[1, 0],
    )
    assert s.floor(0) == 3 and t.is_protected(0)
    assert not any(a.kind == "attack" for a in t.legal_actions())


def test_two_players_each_remove_their_own_in_initiative_order():
    """ "Beginning with the starting player and continuing in initiative track order, each player eliminates
    the dinosaurs that haven't been able to resist the island's hostile climate\""""
    s = build(
        2,
        board={"D1": 0, "D2": 0, "D3": 0, "E1": 1, "E2": 1, "E3": 1},
        section=1,
        order=(1, 0),
        phase="survival",
    )
    assert s.current_player() == 1
    s.apply_action("remove E1")
    assert s.current_player() == 0


@pytest.mark.parametrize(
    "mp,dinos,places",
    [
        ([10, 12, 12, 3], [4, 5, 6, 2], [3, 2, 1, 4]),
        ([5, 5], [3, 3], [1, 1]),
        ([5, 5, 4], [3, 4, 9], [2, 1, 3]),
        ([7, 7, 7], [2, 2, 1], [1, 1, 3]),
    ],
)
def test_ranking(mp, dinos, places):
    """ "The player with the most at the end of the game is the winner. In the event of a tie, the player with
    the most dinosaurs wins. If the game is still tied, it's a draw.\""""
    assert rules.ranking(mp, dinos) == places


def test_end_of_game_ranking_on_the_state():
    """ "The players reveal their MP tokens and the one with the most is the winner.\""""
    s = build(
        2,
        board={"C4": 0, "C5": 0, "C6": 0, "E5": 1, "E6": 1},
        mp=[8, 8],
        round=11,
        phase="climate",
        revealed=["cw1"] * 6 + ["cw2", "cw2", "stay", "ccw1", "ccw1"],
    )
    assert s.chance_outcomes() == [(evo_lab.Action("token", s.game.meteorite), 1)]
    s.apply_action("token meteorite")
    assert s.is_terminal() and s.returns() == [8, 8] and s.ranking() == [1, 2] and s.winners() == [0]
    assert "Ranking: P1 #1, P2 #2" in str(s)
