"""The public surface of the Origin of Species game: registry, notation, words, typed errors, JSON positions and
records in the core envelope, the observer (hidden hands, faces, determinize), the builder's errors, drawing."""

from __future__ import annotations

import json

import numpy as np
import pytest
from origin_helpers import act, pos, random_game

import evo_lab
from evo_lab.core.errors import FormatError, IllegalActionError
from evo_lab.core.records import load_position, load_record
from evo_lab import GameConfigError
from evo_lab.games.origin import OriginGame, OriginState, build_position


def test_registered_and_made_by_id():
    g = evo_lab.make_game("origin", players=3, seed=1)
    assert isinstance(g, OriginGame) and g.players == 3 and "origin" in evo_lab.registered_games()
    with pytest.raises(GameConfigError):
        evo_lab.make_game("origin", players=1)
    with pytest.raises(GameConfigError):
        evo_lab.make_game("origin", players=3, options={"no_such_rule": True})


def test_every_action_of_random_games_round_trips_as_text_and_has_words():
    for seed in range(4):
        g = evo_lab.make_game("origin", players=2 + seed % 3, seed=seed)
        rng = np.random.default_rng(seed)
        s = g.new_initial_state()
        while not s.is_terminal():
            acts = s.legal_actions()
            for a in acts:
                assert s.parse_action(s.action_to_string(a)) == a
                assert s.describe_action(a)
            s.apply_action(acts[int(rng.random() * len(acts))])


@pytest.mark.parametrize(
    "text",
    [
        "",
        "  ",
        "fly away",
        "eat",
        "eat B3",
        "attack A1",
        "trait carn on A1",
        "trait zzz from swim on A1",
        "animal nosuchcard",
        "deal P9 swim",
        "fat A1 x",
    ],
)
def test_unreadable_actions_raise_format_errors(text):
    g = evo_lab.make_game("origin", players=2)
    with pytest.raises(FormatError):
        g.new_initial_state().parse_action(text)


def test_illegal_actions_raise_typed_errors_and_leave_the_state_untouched():
    s = pos("$A carn, $B", "$C camo", bank=3)
    before = s.to_json()
    for bad in (
        "attack $A $C",
        "eat $C",
        "pirate $A $C",
        "share coop $A $B",
        "food 3",
        ("eat", 99),
        ("eat",),
        None,
        12,
        ["eat"],
    ):
        with pytest.raises((IllegalActionError, FormatError)):
            act(s, bad) if isinstance(bad, str) else s.apply_action(bad)
        assert s.to_json() == before
    with pytest.raises(IllegalActionError) as e:
        s.apply_action(("food", 3))
    assert e.value.reason == "wrong_phase"


def test_positions_and_records_use_the_shared_envelope():
    s = random_game(3, 5, max_actions=400)
    d = s.to_dict()
    assert d["format"] == "evo-lab-position" and d["game"] == "origin" and d["game_version"] == 1
    back = load_position(s.to_json())
    assert back.to_dict() == d and back.legal_actions() == s.legal_actions()
    rec = json.loads(s.record_json())
    assert (
        rec["format"] == "evo-lab-record"
        and rec["game"] == "origin"
        and len(rec["actions"]) == len(s.history())
    )
    assert load_record(rec).to_dict() == d


def test_a_record_from_a_built_position_keeps_its_start():
    s = pos("$A carn, $W graze", "$B", bank=3)
    act(s, "attack $A $B")
    rec = s.to_record()
    assert "start" in rec and OriginState.from_record(rec).to_dict() == s.to_dict()


@pytest.mark.parametrize(
    "field,value",
    [
        ("phase", "dancing"),
        ("node", "feed"),
        ("bank", -2),
        ("hands", [{}]),
        ("deck", {"swim": 99}),
        ("queue", [["nope", 0]]),
        ("shares", [["coop", 1, 99]]),
        ("scores", [1]),
        ("animals", [[{"id": 1, "card": "swim", "traits": [["carn", "swim"]]}], []]),
    ],
)
def test_bad_positions_raise_format_errors_naming_the_field(field, value):
    s = pos("$A", "$B", phase="development", hands=["swim", ""])
    d = s.to_dict()
    d["state"][field] = value
    with pytest.raises(FormatError):
        OriginState.from_dict(d)


def test_the_observer_hides_hands_faces_and_the_deck_and_determinize_keeps_what_is_seen():
    s = random_game(3, 11, max_actions=150)
    rng = np.random.default_rng(0)
    for p in range(3):
        obs = s.observation(p)
        assert [h["cards"] is None for h in obs["hands"]] == [q != p for q in range(3)]
        for q, row in enumerate(obs["animals"]):
            assert all((a["card"] is None) == (q != p) for a in row)
        assert "deck" not in json.dumps(obs) or obs["deck_size"] == s.deck_n
        d = s.determinize(p, rng)
        d.check_invariants()
        assert d.observation(p) == obs and d.legal_actions(p) == s.legal_actions(p)
    assert s.observation(None)["hands"][1]["cards"] is not None
    t = s.observation_tensor(0)
    assert t.shape == (s.game.observer.size,) and np.isfinite(t).all()


def test_information_state_masks_the_others_cards():
    s = random_game(2, 3, max_actions=60)
    info = s.information_state_string(0)
    other = s.information_state_string(1)
    assert "deal P2 ?" in info and "deal P1 ?" in other and "deal P2 ?" not in other


def test_builder_errors():
    with pytest.raises(FormatError):
        build_position(players=2, animals=["$A nosuchtrait"])
    with pytest.raises(FormatError):
        build_position(players=2, animals=["$A coop$Z"])
    with pytest.raises(FormatError):
        build_position(players=2, animals=["$A +++"])  # more food than the need
    with pytest.raises(FormatError):
        build_position(players=2, hands=["symb symb symb symb symb"])  # only four Symbiosis cards
    with pytest.raises(FormatError):
        build_position(players=2, phase="lunch")


def test_svg_and_text_drawings():
    s = pos("$A carn fat+ +, $B coop$C, $C symb$B", "$D camo", bank=4, hands=["swim", "run"])
    svg = s._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert 'data-card="swim"' in svg and 'data-card="run"' in svg  # the teacher sees both hands
    assert ">Cooperation<" in svg and ">Symbiosis<" in svg and svg.count('class="animal') == 4
    mine = s.to_svg(viewer=0)
    assert 'data-card="swim"' in mine and 'data-card="run"' not in mine and ">1 card in hand," in mine
    act(s, "attack $A $C")
    assert (
        'class="attack"' not in s.to_svg() and ">Cooperation<" not in s.to_svg()
    )  # $C eaten, its links gone
    assert "P1" in str(s) and "animal 1 (card" in str(s) and "Carnivorous, Fat Tissue" in str(s)


def test_events_describe_the_game():
    s = random_game(2, 9)
    log = s.event_log()
    assert log[0].endswith("is the first player") and log[-1].startswith("game over")
    assert any("eats" in x for x in log) or any("gets" in x for x in log)
