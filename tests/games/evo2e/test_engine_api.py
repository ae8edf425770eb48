"""The engine's public contract: OpenSpiel-style state API, typed errors that leave the state unchanged,
action strings that round-trip, JSON positions and records validated on load, information views."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest
from helpers import build, movement, random_to, reach, strings

import evo_lab
from evo_lab.core.conformance import walk

B = {"C3": 0, "C4": 0, "D4": 1, "D5": 1, "E4": 1}


def test_initial_state_contract():
    g = evo_lab.Game(players=4, seed=3)
    s = g.new_initial_state()
    assert s.current_player() == evo_lab.CHANCE and s.is_chance_node() and not s.is_terminal()
    assert s.node_name() == "exclude" and s.phase_name() == "setup"
    outs = s.chance_outcomes()
    assert len(outs) == 12 and all(p == Fraction(1, 12) for _, p in outs)
    assert s.legal_actions() == [a for a, _ in outs]
    assert s.returns() == [6, 6, 6, 6] and s.count == [2, 2, 2, 2]
    assert isinstance(str(s), str) and "Round 0" in str(s)


def test_game_config_errors():
    for bad in (
        {"players": 1},
        {"players": 6},
        {"players": "3"},
        {"seed": "x"},
        {"options": {"nope": 1}},
        {"options": {"open_mp": "yes"}},
    ):
        with pytest.raises(evo_lab.GameConfigError) as e:
            evo_lab.Game(**bad)
        assert isinstance(e.value, ValueError)


def test_seeded_games_are_reproducible():
    a = evo_lab.Game(players=3, seed=11).new_initial_state_dealt()
    b = evo_lab.Game(players=3, seed=11).new_initial_state_dealt()
    assert a.to_json() == b.to_json()


def test_clone_is_independent():
    s = movement(board=B)
    t = s.clone()
    t.apply_action("move C3-C2")
    assert s.occupant(t.game.label_index["C3"]) == 0 and t.occupant(t.game.label_index["C3"]) == -1
    assert s.mp_left == 2 and t.mp_left == 1
    assert len(t.history()) == len(s.history()) + 1


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_every_legal_action_string_round_trips(players, seed):
    """``parse_action(action_to_string(a)) == a`` for every legal action and chance outcome met in a game;
    ``describe_action`` works for each."""
    seen = set()
    for _, s, _a in walk(lambda _s: evo_lab.Game(players=players), seed):
        for a in s.legal_actions():
            text = s.action_to_string(a)
            assert s.parse_action(text) == a, text
            assert s.parse_action(text.upper()) == a
            seen.add(a.kind)
            if not s.is_chance_node():
                assert s.describe_action(a)
    assert {"bid", "move", "birth", "end", "token", "gene", "exclude"} <= seen


@pytest.mark.parametrize(
    "text",
    [
        "",
        "fly A1",
        "move",
        "move C3",
        "move Z9-C2",
        "bid 3 lot 1",
        "bid x on lot 1",
        "play nothing",
        "play prescience",
        "birth C3 over C4",
        "initiative one",
        "order 1",
        "die seven",
        "token cw9",
    ],
)
def test_malformed_action_strings(text):
    s = movement(board=B)
    with pytest.raises(evo_lab.FormatError) as e:
        s.parse_action(text)
    assert e.value.field == "action" and isinstance(e.value, ValueError)
    before = s.to_json()
    with pytest.raises(ValueError):
        s.apply_action(text)
    assert s.to_json() == before


def test_not_an_action():
    s = movement(board=B)
    for bad in (3, None, ("jump",), evo_lab.Action("jump")):
        with pytest.raises(evo_lab.IllegalActionError):
            s.apply_action(bad)


def test_illegal_actions_leave_the_state_unchanged_in_random_play():
    """Random play, trying an illegal action of every kind at every node: each raises
    ``IllegalActionError`` and the position (JSON and legal actions) is unchanged."""
    kinds = [
        "bid",
        "move",
        "attack",
        "wings",
        "flippers",
        "birth",
        "remove",
        "escape",
        "initiative",
        "play",
        "die",
        "token",
        "gene",
        "card",
        "end",
        "pass",
    ]
    tried = 0
    for _, s, _a in walk(lambda _s: evo_lab.Game(players=3), 7):
        if s.round > 3 or s.is_terminal():
            break
        legal = set(s.legal_actions())
        for k in kinds:
            for a in (
                evo_lab.Action(k, 0, 1),
                evo_lab.Action(k, 1, 0),
                evo_lab.Action(k),
                evo_lab.Action(k, 99, 99),
            ):
                if a in legal:
                    continue
                before = s.to_json()
                with pytest.raises(evo_lab.IllegalActionError) as e:
                    s.apply_action(a)
                assert e.value.reason and str(e.value)
                assert s.to_json() == before and set(s.legal_actions()) == legal
                tried += 1
    assert tried > 500


def test_error_reasons():
    """Each reason the engine names: wrong phase, not your dinosaur, occupied, protected, bids."""
    s = movement(board={"C3": 0, "C4": 0, "D4": 1, "E4": 1})
    cases = [
        ("bid 1 on lot 1", "wrong_phase"),
        ("move D4-D3", "not_your_dinosaur"),
        ("move C3-C4", "occupied"),
        ("attack C3xD4", "protected"),
        ("attack C3xD3", "nothing_to_attack"),
        ("move C3-F2", "not_adjacent"),
        ("wings C3-E3", "missing_gene"),
        ("flippers C3-A1", "missing_gene"),
        ("remove C3", "wrong_phase"),
        ("token cw1", "not_chance"),
        ("play geysers", "card_not_playable"),
    ]
    for text, reason in cases:
        before = s.to_json()
        with pytest.raises(evo_lab.IllegalActionError) as e:
            s.apply_action(text)
        assert e.value.reason == reason, (text, e.value.reason, str(e.value))
        assert s.to_json() == before
    s.apply_action("end")
    with pytest.raises(evo_lab.IllegalActionError) as e:
        s.apply_action("move C3-C2")  # P2's turn now
    assert e.value.reason == "not_your_dinosaur"


def test_json_round_trip_and_validation():
    s = movement(board=B, hands={0: ["frenzied_attack"]}, uniq={1: ["wings"]})
    text = s.to_json()
    assert len(text) < 4096
    back = evo_lab.State.from_json(text)
    assert back.to_json() == text and back.legal_actions() == s.legal_actions()
    assert evo_lab.State.from_json(s.to_json(indent=2)).to_json() == text


BAD_FIELDS = [
    ("bids", [1, 2], "state.bids"),
    ("bids", [[0]], "state.bids[0]"),
    ("order", [0, 7], "state.order"),
    ("order", [1, 1], "state.order"),
    ("hands", [[99], []], "state.hands[0]"),
    ("hands", [[0]], "state.hands"),
    ("next_token", 42, "state.next_token"),
    ("revealed", [77], "state.revealed"),
    ("excluded", [99], "state.excluded"),
    ("mp_left", "3", "state.mp_left"),
    ("occ", ["a"] * 26, "state.occ"),
    ("occ", [0] * 26, "state.count"),
    ("occ", [5] * 26, "state.occ"),
    ("occ", [-1] * 3, "state.occ"),
    ("step", "nowhere", "state.step"),
    ("node", "dance", "state.node"),
    ("window", [9], "state.window"),
    ("lots", [55], "state.lots"),
    ("deck", [-1, 3, 3, 3, 3], "state.deck"),
    ("mp", [-1, 3], "state.mp"),
    ("section", 17, "state.section"),
    ("actor", 5, "state.actor"),
    ("last", 5, "state.last"),
    ("round", True, "state.round"),
    ("occ", None, "state.occ"),
    ("phase", None, "state.phase"),
]


@pytest.mark.parametrize("field,value,where", BAD_FIELDS)
def test_malformed_positions_name_the_field(field, value, where):
    s = movement(board=B)
    d = json.loads(s.to_json())
    if value is None:
        del d["state"][field]
    else:
        d["state"][field] = value
    with pytest.raises(evo_lab.FormatError) as e:
        evo_lab.State.from_json(json.dumps(d))
    # the field or its entry
    assert e.value.field == where or e.value.field.startswith(where + "["), str(e.value)


@pytest.mark.parametrize(
    "text,where",
    [
        ("", "<root>"),
        ("{", "<root>"),
        ("[]", "<root>"),
        ('{"format": "x"}', "format"),
        ('{"format": "evo-lab-position", "version": 9}', "version"),
        ('{"format": "evo-lab-position", "version": 1, "game": 3}', "game"),
    ],
)
def test_malformed_position_files(text, where):
    with pytest.raises(evo_lab.FormatError) as e:
        evo_lab.State.from_json(text)
    assert e.value.field == where


def test_record_replays_exactly():
    rng = np.random.default_rng(5)
    s = evo_lab.Game(players=3).new_initial_state()
    random_to(s, lambda t: t.round == 3 and t.phase_name() == "birth", seed=5)
    rec = s.to_record()
    assert rec["format"] == "evo-lab-record" and rec["version"] == 2 and rec["game"] == "evo2e"
    again = evo_lab.State.from_record(json.dumps(rec))
    assert again.to_json() == s.to_json() and again.history() == s.history()
    assert s.history_str() == rec["actions"]
    # a record that starts from a saved position
    t = movement(board=B)
    t.apply_action("move C3-C2")
    rec = t.to_record()
    assert "start" in rec and rec["actions"] == ["move C3-C2"]
    assert evo_lab.State.from_record(rec).to_json() == t.to_json()
    del rng


@pytest.mark.parametrize(
    "mutate,where",
    [
        (lambda r: r.update(actions="x"), "actions"),
        (lambda r: r["actions"].append("move Z9-Z8"), "actions[0]"),
        (lambda r: r["actions"].append("move C3-C5"), "actions[0]"),
        (lambda r: r.update(version=3), "version"),
        (lambda r: r.update(format="x"), "format"),
        (lambda r: r["config"].update(players="2"), "config.players"),
        (lambda r: r["config"].update(board="weird"), "config.board"),
        (lambda r: r["config"].update(data={"name": "evo2e", "fingerprint": "0"}), "config.data.fingerprint"),
        (lambda r: r.pop("config"), "config"),
        (lambda r: r.pop("game"), "game"),
        (lambda r: r.update(game_version=7), "game_version"),
    ],
)
def test_malformed_records_name_the_field(mutate, where):
    s = movement(board=B)
    rec = json.loads(json.dumps(s.to_record()))
    mutate(rec)
    with pytest.raises(evo_lab.FormatError) as e:
        evo_lab.State.from_record(rec)
    assert e.value.field == where, str(e.value)


def test_observation_hides_hidden_information():
    """Hidden from opponents: event cards in hand, the climate pile, the bag's order (ruling 8)."""
    s = movement(board=B, hands={0: ["geysers"], 1: ["prescience"]})
    o0, o1, omni = s.observation(0), s.observation(1), s.observation(None)
    assert o0["players"][0]["hand"] == ["geysers"] and "hand" not in o0["players"][1]
    assert o0["players"][1]["cards"] == 1
    assert o1["players"][1]["hand"] == ["prescience"] and "hand" not in o1["players"][0]
    assert omni["players"][1]["hand"] == ["prescience"] and "bag_unique" in omni and "bag_unique" not in o0
    assert "next_token" not in o0["climate"]
    json.dumps(o0), json.dumps(omni)
    hidden = movement(board=B, options={"open_mp": False})
    o = hidden.observation(0)
    assert "mp" in o["players"][0] and "mp" not in o["players"][1]
    assert s.observation_string(0) != s.observation_string(1)


def test_information_state_masks_others_cards():
    s = evo_lab.Game(players=3).new_initial_state()
    random_to(s, lambda t: any(t.hands) and t.node_name() == "move", seed=3)
    holder = next(p for p in range(3) if s.hands[p])
    other = (holder + 1) % 3
    mine, theirs = s.information_state_string(holder), s.information_state_string(other)
    card = s.game.card_ids[s.hands[holder][0]]
    assert f"card {card}" in mine and "exclude ?" in mine
    assert f"card P{holder + 1} ?" in theirs


def test_determinize_keeps_what_the_player_knows():
    s = evo_lab.Game(players=3).new_initial_state()
    random_to(s, lambda t: t.round >= 3 and t.node_name() == "move", seed=4)
    rng = np.random.default_rng(0)
    for p in range(3):
        for _ in range(5):
            d = s.determinize(p, rng)
            assert (
                d.hands[p] == s.hands[p]
                and d.occupants == s.occupants
                and d.mp == s.mp
                and d.unique_bits == s.unique_bits
            )
            assert [len(h) for h in d.hands] == [len(h) for h in s.hands]
            assert sum(d.deck) == sum(s.deck) and sum(d.bag) == sum(s.bag)
            assert d.observation(p) == s.observation(p)
            assert d.legal_actions() is not None


def test_str_and_svg():
    s = movement(board=B)
    text = str(s)
    assert "P1 to move" in text and "C3 C4" in text and "Initiative: P1 P2" in text
    assert s.to_svg().lstrip().startswith("<svg") or "<svg" in s.to_svg()
    assert repr(s).startswith("<State round 1 movement move P1")


def test_auction_view():
    s = build(3, phase="mutation")
    s.apply_action("gene horn")
    s.apply_action("gene legs")
    view = s.auction()
    assert view["bidder"] == s.current_player() == 0
    assert [x["item"] for x in view["lots"]] == ["event card", "horn", "legs"]
    s.apply_action("bid 2 on lot 1")
    assert s.auction()["lots"][1]["holder"] == 0 and s.auction()["lots"][1]["price"] == 2
    assert strings(s)


def test_peeked_token_is_not_leaked_to_others():
    """Sixth sense: "You can look at the next climate token" - only its owner; the event of the peek in
    ``last`` (and the auction view) must not tell the others which token it was."""
    s = build(2, uniq={1: ["sixth_sense"]}, phase="climate")
    s.apply_action("token stay")
    s.apply_action("peek ccw1")
    assert s.node_name() == "gene"
    other, owner = s.observation(0), s.observation(1)
    ccw1 = s.game.token_ids.index("ccw1")
    assert other["last"] == ["peek", None] and list(other["auction"]["last"]) == ["peek", None]
    assert "next_token" not in other["climate"]
    assert owner["climate"]["next_token"] == "ccw1" and owner["last"] == ["peek", ccw1]
    assert s.observation(None)["last"] == ["peek", ccw1]


def test_malformed_actions_raise_illegal_action_error_and_change_nothing():
    s = reach(2, {"bid"})
    before = s.to_json()
    for bad in [
        ("bid", "1", "2"),
        ("bid", 1.5, 2),
        ("bid", 1, 2, 3, 4, 5),
        (),
        42,
        evo_lab.Action("bid", "1", "2"),
    ]:
        with pytest.raises(evo_lab.IllegalActionError):
            s.apply_action(bad)
    assert s.to_json() == before


def test_a_position_with_an_unknown_phase_is_a_format_error():
    d = json.loads(reach(2, {"bid"}).to_json())
    d["state"]["phase"] = 99
    with pytest.raises(evo_lab.FormatError) as e:
        evo_lab.State.from_dict(d)
    assert e.value.field == "state.phase"
