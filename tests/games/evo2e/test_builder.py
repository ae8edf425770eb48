"""The position builder (``evo_lab.build_position``) and the text form (``evo_lab.Position``): every kind of node
can be built, mistakes are typed errors naming the field, and any position of real play round-trips."""

from __future__ import annotations

import numpy as np
import pytest

import evo_lab
from evo_lab import FormatError, Position, build_position
from evo_lab.core.conformance import walk
from evo_lab.core.protocol import play_out, uniform_random_policy

# 2-player board: C3 - B2 B3 C2 C4 D3 D4; C4 - B3 B4 C3 C5 D4 D5.
TWO = {"P1": ["C3", "C4"], "P2": ["D4", "D5", "E4"]}


def test_the_example_of_the_issue():
    s = build_position(
        players=4,
        round=3,
        phase="movement",
        to_act="P2",
        dinosaurs={"P1": ["C4", "C5", "D4"], "P2": ["D5", "E5"], "P3": ["A1", "A2"], "P4": ["G1", "G2"]},
        genes={"P1": {"horn": 2}},
        unique={"P1": ["large_horn"]},
        mp={"P1": 9, "P2": 4},
        movement_left=3,
        hands={"P2": ["frenzied_attack"]},
        section=2,
        order=["P2", "P1", "P3", "P4"],
    )
    assert (s.round, s.phase_name(), s.node_name(), s.current_player()) == (3, "movement", "move", 1)
    assert s.mp_left == 3 and s.mp == [9, 4, 6, 6] and s.section == 2 and s.order == (1, 0, 2, 3)
    assert s.attack_strength(0) == 4 and s.hand(1) == ["frenzied_attack"] and s.count == [3, 2, 2, 2]
    s.check_invariants()
    assert evo_lab.State.from_json(s.to_json()).to_json() == s.to_json()


# (kwargs, node, player to act or None for chance) - one per kind of node
NODES = [
    (dict(phase="setup"), "exclude", None),
    (
        dict(
            players=3,
            phase="setup",
            excluded=["wings", "flippers", "bony_plates", "large_horn"],
            order=["P2"],
        ),
        "order",
        None,
    ),
    (dict(phase="climate"), "token", None),
    (
        dict(phase="climate", node="climate_cards", revealed=["cw1"], hands={"P2": ["prescience"]}),
        "climate_cards",
        1,
    ),
    (dict(phase="climate", node="peek", revealed=["cw1"], unique={"P1": ["sixth_sense"]}), "peek", None),
    (dict(phase="mutation"), "gene", None),
    (dict(phase="mutation", lots=["event", "horn"]), "bid", 0),
    (dict(phase="mutation", lots=["event", "horn"], bids={1: ("P1", 2)}), "bid", 1),
    (
        dict(
            players=3, phase="mutation", lots=["event", "horn", "legs"], bids={1: ("P2", 2)}, displaced="P1:1"
        ),
        "bid",
        0,
    ),
    (
        dict(phase="mutation", node="card", lots=["event", "horn"], bids={0: ("P2", 1), 1: ("P1", 0)}),
        "card",
        None,
    ),
    (
        dict(
            phase="mutation",
            node="peek",
            lots=["event", "horn"],
            bids={0: ("P2", 1), 1: ("P1", 0)},
            unique={"P2": ["sixth_sense"]},
        ),
        "peek",
        None,
    ),
    (dict(phase="initiative", unique={"P2": ["adrenaline_rush"]}), "adrenaline", 1),
    (dict(phase="movement", dinosaurs=TWO), "move", 0),
    (dict(phase="movement", dinosaurs=TWO, to_act="P2"), "move", 1),
    (dict(phase="movement", node="die", dinosaurs=TWO, attack=("C3", "D4")), "die", None),
    (
        dict(
            phase="movement",
            node="chameleon",
            dinosaurs=TWO,
            attack=("C3", "D4"),
            unique={"P2": ["chameleon_skin"]},
        ),
        "chameleon",
        1,
    ),
    (dict(phase="birth"), "birth", 0),
    (dict(phase="birth", node="birth_cards", hands={"P2": ["swarm_of_rats"]}), "birth_cards", 1),
    (dict(phase="birth", egg_round=2, genes={"P2": {"egg": 1}}, to_act="P2"), "birth", 1),
    (
        dict(
            phase="birth",
            node="newborn_cards",
            newborn="C5",
            dinosaurs={"P1": ["C3", "C4", "C5", "B3"]},
            hands={"P2": ["egg_thief"]},
        ),
        "newborn_cards",
        1,
    ),
    (
        dict(
            phase="birth",
            node="kbdie",
            newborn="D4",
            to_act="P1",
            dinosaurs=TWO,
            unique={"P1": ["killer_babies"]},
        ),
        "kbdie",
        None,
    ),
    (
        dict(phase="survival", section=1, dinosaurs={"P1": ["D1", "D2", "D3", "E1"], "P2": ["C5", "C6"]}),
        "survive",
        0,
    ),
    (dict(phase="survival", node="survival_cards", hands={"P1": ["geysers"]}), "survival_cards", 0),
    (dict(phase="end", revealed=["cw1"] * 6 + ["cw2", "cw2", "stay"]), "end", None),
]


@pytest.mark.parametrize("kw,node,who", NODES, ids=[f"{k.get('phase')}-{n}" for k, n, _ in NODES])
def test_every_kind_of_node_can_be_built(kw, node, who):
    kw = dict(kw)
    s = build_position(kw.pop("players", 2), **kw)
    assert s.node_name() == node
    if who is None:
        assert s.current_player() < 0 and (s.is_chance_node() or s.is_terminal())
    else:
        assert s.current_player() == who and s.legal_actions()
    s.check_invariants()
    # the text form rebuilds the same position
    again = Position.parse(s.position_text()).build()
    assert again.position_text() == s.position_text() and again.legal_actions() == s.legal_actions()


def test_a_phase_from_its_start_runs_the_rules():
    """With no node and no ``to_act`` the rules run from the start of the phase: here the climate kills two
    (no choice) and the next round begins."""
    s = build_position(
        2, phase="survival", section=1, dinosaurs={"P1": ["A1", "B3", "C4", "C5"], "P2": ["C6", "D6"]}
    )
    assert s.round == 2 and s.node_name() == "token" and s.count == [2, 2] and s.mp == [8, 8]


def test_pile_names_how_far_the_climate_pile_is():
    s = build_position(2, phase="end", pile=9)
    assert s.is_terminal() and len(s.revealed) == 9
    assert (
        build_position(2, pile=["cw2", "stay"]).revealed
        == build_position(2, revealed=["cw2", "stay"]).revealed
    )


def test_initiative_from_the_lots():
    """``order`` is the track before the sort at the start of the initiative phase ("sorted in increasing order
    by the number of dinosaurs on the board (retaining the order in the case of a tie)")."""
    s = build_position(
        3,
        phase="initiative",
        order=["P3", "P1", "P2"],
        dinosaurs={"P1": ["A1", "A2", "A3"], "P2": ["F1", "F2"], "P3": ["E1", "E2", "E3"]},
    )
    assert s.order == (1, 2, 0) and s.phase_name() == "movement" and s.current_player() == 1


BAD = [
    (dict(dinosaurs={"P1": ["Z9"]}), "dinosaurs.P1"),
    (dict(dinosaurs={"P1": [f"{r}{c}" for r in "ABC" for c in "123"]}), "dinosaurs.P1"),  # 9 dinosaurs
    (dict(dinosaurs={"P1": ["C3"], "P2": ["C3"]}), "dinosaurs"),
    (dict(dinosaurs={"P7": ["C3"]}), "dinosaurs"),
    (dict(phase="movment"), "phase"),
    (dict(phase="movement", node="bid"), "node"),
    (dict(hands={"P1": ["time_machine"]}), "hands.P1"),
    (dict(hands={"P1": ["geysers"] * 4}), "hands"),
    (dict(genes={"P1": {"horn": 6}}), "genes"),
    (dict(genes={"P1": {"wings": 1}}), "genes.P1"),
    (dict(unique={"P1": ["wings"], "P2": ["wings"]}), "unique"),
    (dict(unique={"P1": ["laser_eyes"]}), "unique.P1"),
    (dict(mp={"P1": -1}), "mp.P1"),
    (dict(section=17), "section"),
    (dict(revealed=["cw9"]), "revealed"),
    (dict(revealed=["cw2"] * 3), "revealed"),
    (dict(order=["P1", "P1"]), "order"),
    (dict(to_act="P2", movement_left=0), "to_act"),
    (dict(next_token="cw1"), "next_token"),
    (dict(phase="mutation", lots=["event", "horn", "horn"]), "lots"),
    (dict(phase="movement", lots=["event"]), "lots"),
    (dict(phase="end"), "revealed"),
    (dict(phase="movement", node="die", attack=("C3", "F2")), "attack"),
    (dict(players=7), "players"),
    (dict(options={"nope": True}), "options"),
    (dict(round=0), "round"),
    (dict(phase="climate", node="climate_cards"), "revealed"),
    (dict(pile=99), "pile"),
    (dict(pile=2, revealed=["cw1"]), "pile"),
]


@pytest.mark.parametrize("kw,field", BAD)
def test_mistakes_are_format_errors_naming_the_field(kw, field):
    kw = dict(kw)
    with pytest.raises(FormatError) as e:
        build_position(kw.pop("players", 2), **kw)
    assert e.value.field == field, str(e.value)
    assert isinstance(e.value, ValueError) and str(e.value)


def test_text_form_parses_one_line_and_rejects_junk():
    s = Position.parse(
        "evo2e players=2 phase=movement P1 dinos=C3,C4 genes=horn:1 / P2 dinos=D4,D5,E4"
    ).build()
    assert s.attack_strength(0) == 1 and s.count == [2, 3]
    for text, field in (
        ("chess players=2", "position"),
        ("evo2e players=2 colour=red", "colour"),
        ("evo2e players=two", "players"),
        ("evo2e P1 mood=happy", "P1.mood"),
        ("evo2e players=2 Q7 mp=1", "position"),
        ("evo2e attack=C3", "attack"),
    ):
        with pytest.raises(FormatError) as e:
            Position.parse(text)
        assert e.value.field == field, (text, str(e.value))


def _strip(obs: dict) -> dict:
    obs = dict(obs)
    obs.pop("last", None)  # the text form carries no event log
    if obs.get("auction"):
        obs["auction"] = {k: v for k, v in obs["auction"].items() if k != "last"}
    return obs


@pytest.mark.parametrize(
    "players,seed,options",
    [
        (2, 1, None),
        (3, 2, {"card_windows": "all"}),
        (4, 3, None),
        (5, 4, {"card_windows": "all", "open_mp": False}),
    ],
)
def test_positions_of_real_play_round_trip_through_the_text(players, seed, options):
    """Every position of a random game: text -> position -> text is the identity, and the rebuilt state has the
    same player to act, legal actions, observations and future (the same continuation plays the same game)."""
    n = 0
    for i, s, _ in walk(lambda _s: evo_lab.Game(players=players, options=options), seed):
        if s.phase_name() == "setup" or i % 3:
            continue
        text = s.position_text()
        t = Position.parse(text, options=options).build()
        assert t.position_text() == text
        assert t.current_player() == s.current_player() and t.legal_actions() == s.legal_actions()
        for p in (None, 0, players - 1):
            assert _strip(t.observation(p)) == _strip(s.observation(p))
        if i % 40 == 0:
            a, b = s.clone(), t
            for x in (a, b):
                rng = np.random.default_rng(i)
                play_out(x, uniform_random_policy(rng), rng, max_actions=60)
            assert a.position_text() == b.position_text()
        n += 1
    assert n > 40


def test_a_built_position_is_the_start_of_its_records():
    s = build_position(2, phase="movement", dinosaurs=TWO)
    s.apply_action("move C3-C2")
    rec = s.to_record()
    assert rec["actions"] == ["move C3-C2"] and "start" in rec
    assert evo_lab.State.from_record(rec).to_json() == s.to_json()
