"""Evolution on the shared core: the conformance suite for the three variants, the registry, records, the
observer and its tensor, the action codec, the bots, the SVG drawing, the data pack and a few hundred fuzzed
games (scripts/fuzz_evolution.py runs 10,000)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import evo_lab
from evo_lab.core.conformance import run_all
from evo_lab.core.datapack import DataError
from evo_lab.core.errors import FormatError, IllegalActionError
from evo_lab.core.protocol import play_out, sample_chance
from evo_lab.games.evolution.codec import ActionCodec
from evo_lab.games.evolution.data import load_pack
from evo_lab.games.evolution.fuzz import PLAYERS, fuzz_game
from evo_lab.games.evolution.rules import GameConfigError

ROOT = Path(__file__).resolve().parents[3]
CASES = [
    ("official", 2),
    ("official", 4),
    ("official", 6),
    ("climate", 2),
    ("climate", 5),
    ("course2016", 3),
    ("course2016", 8),
]


def make(variant: str, players: int):
    return lambda seed: evo_lab.make_game("evolution", variant=variant, players=players, seed=seed)


@pytest.mark.parametrize("variant,players", CASES)
def test_conformance(variant: str, players: int) -> None:
    report = run_all(make(variant, players), games=1, max_actions=None)
    assert all(v > 0 for v in report.values()), report


def test_registry_and_variants() -> None:
    assert {"evolution", "evolution-climate", "evolution-course2016"} <= set(evo_lab.registered_games())
    assert evo_lab.make_game("evolution-climate", players=3).options.climate
    assert evo_lab.make_game("evolution", variant="course2016", players=8).players == 8
    with pytest.raises(GameConfigError):
        evo_lab.make_game("evolution", variant="course2016", players=2)
    with pytest.raises(GameConfigError):
        evo_lab.make_game("evolution", variant="nope")
    with pytest.raises(GameConfigError):
        evo_lab.make_game("evolution", options={"body_size_rule": "yes"})


def test_positions_and_records_in_the_envelope() -> None:
    from evo_lab.core.records import load_position, load_record

    s = evo_lab.make_game("evolution", players=3, seed=2).new_initial_state()
    play_out(s, lambda st: st.legal_actions()[0], np.random.default_rng(0), max_actions=120)
    d = s.to_dict()
    assert d["format"] == "evo-lab-position" and d["game"] == "evolution"
    assert load_position(json.loads(s.to_json())).to_dict() == d
    rec = s.to_record()
    assert rec["actions"] == s.history_str()
    assert load_record(json.dumps(rec)).to_dict() == d
    bad = dict(rec, actions=rec["actions"][:3] + ["attack 9 P9.9"])
    with pytest.raises(FormatError) as e:
        load_record(bad)
    assert e.value.field == "actions[3]"


def test_every_action_string_round_trips() -> None:
    for variant, players in CASES:
        s = make(variant, players)(1).new_initial_state()
        rng = np.random.default_rng(1)
        while not s.is_terminal():
            acts = s.legal_actions()
            for a in acts[:40]:
                assert s.parse_action(s.action_to_string(a)) == a
                assert s.describe_action(a)
            s.apply_action(
                sample_chance(s, rng) if s.is_chance_node() else acts[int(rng.random() * len(acts))]
            )


def test_typed_errors_leave_the_state_untouched() -> None:
    s = evo_lab.make_game("evolution", players=2, seed=3).new_initial_state_dealt()
    before = s.to_dict()
    for bad, reason in (
        (("trait", 0, s.players[0].hand[0]), "wrong_phase"),
        (("food", 10**6), "not_in_hand"),
        (("card", 0), "not_chance"),
    ):
        with pytest.raises(IllegalActionError) as e:
            s.apply_action(bad)
        assert e.value.reason == reason and str(e.value)
    with pytest.raises(FormatError):
        s.apply_action("feed the dinosaurs")
    assert s.to_dict() == before


def test_observer_hides_hands_food_cards_and_face_down_traits() -> None:
    s = evo_lab.make_game("evolution", players=3, seed=4).new_initial_state_dealt()
    s.apply_action(s.legal_actions()[0])  # P1's food card
    o2 = s.observation(1)
    assert o2["players"][0]["food_card"] is True and isinstance(o2["players"][0]["hand"], int)
    assert s.observation(0)["players"][0]["food_card"] == s.game.labels[s.players[0].food_card]
    d = s.determinize(1, np.random.default_rng(0))
    assert d.observation(1) == o2
    t = s.observation_tensor(0)
    assert t.shape == (s.game.observer.tensor_size(),) and t.dtype == np.float32
    assert s.information_state_string(1).count("food P1 ?") == 1


def test_codec_round_trips_every_legal_action() -> None:
    for variant, players in CASES:
        g = make(variant, players)(3)
        c = ActionCodec(g)
        s = g.new_initial_state()
        rng = np.random.default_rng(3)
        seen = 0
        while not s.is_terminal():
            for a in s.legal_actions():
                n = c.encode(a)
                assert 0 <= n < c.num_distinct_actions() and c.decode(n) == a
                seen += 1
            s.apply_action(
                sample_chance(s, rng)
                if s.is_chance_node()
                else s.legal_actions()[int(rng.random() * len(s.legal_actions()))]
            )
        assert len(s.history()) <= c.max_game_length()
        assert c.max_chance_outcomes() >= max(1, len(g.deck.cards)) and seen


def test_bots_play_whole_games() -> None:
    from evo_lab.games.evolution.bots import course_policy, greedy_policy, ismcts_policy

    s = make("official", 3)(5).new_initial_state()
    play_out(s, greedy_policy(np.random.default_rng(0)), np.random.default_rng(1))
    assert s.is_terminal() and abs(sum(s.returns()) - 1) < 1e-9
    c = make("course2016", 4)(5).new_initial_state()
    play_out(c, course_policy(), np.random.default_rng(2))
    assert c.is_terminal()
    m = make("official", 2)(6).new_initial_state_dealt()
    pol = ismcts_policy(iterations=8, seed=1)
    for _ in range(3):
        while m.is_chance_node():
            m.apply_action(sample_chance(m, np.random.default_rng(3)))
        a = pol(m)
        assert a in m.legal_actions()
        m.apply_action(a)


def test_greedy_beats_random_more_often_than_not() -> None:
    from evo_lab.games.evolution.bots import greedy_policy

    wins = 0
    for seed in range(12):
        s = make("official", 2)(seed).new_initial_state()
        rng = np.random.default_rng(seed)
        greedy = greedy_policy(np.random.default_rng(seed))
        play_out(
            s,
            lambda st: (
                greedy(st)
                if st.current_player() == seed % 2
                else st.legal_actions()[int(rng.random() * len(st.legal_actions()))]
            ),
            rng,
        )
        wins += s.returns()[seed % 2]
    assert wins >= 7


def test_svg_marks_assumed_values_and_hides_cards() -> None:
    s = make("climate", 3)(2).new_initial_state_dealt()
    s.apply_action(s.legal_actions()[0])
    teacher, p2 = s.to_svg(), s.to_svg(viewer=1)
    assert teacher.startswith("<svg") and teacher.endswith("</svg>") and "climate" in teacher
    assert "assumed" in p2 and "food card: face down" in p2 and s._repr_svg_() == teacher
    from evo_lab.games.evolution.words import label_words

    card = label_words(s.game, s.game.labels[s.players[0].food_card])  # the teacher sees it, in words
    assert card in teacher and card not in p2


def test_data_pack_errors_name_the_field(tmp_path: Path) -> None:
    pack = load_pack()
    raw = pack.to_dict()
    raw["decks"] = json.loads(json.dumps(raw["decks"]))
    raw["decks"]["decks"]["official"]["cards"][0]["count"] = 0
    with pytest.raises(DataError) as e:
        load_pack(raw)
    assert "decks.official.cards[0].count" in str(e.value)
    assert pack.deck("official").assumed and not pack.deck("course2016").assumed


def test_docs_provenance_table_in_sync() -> None:
    """docs/evolution.md embeds the pack's provenance table (scripts/gen_evolution_doc.py writes it)."""
    doc = (ROOT / "docs" / "evolution.md").read_text()
    begin, end = (
        "<!-- BEGIN EVOLUTION PROVENANCE (generated by scripts/gen_evolution_doc.py) -->",
        "<!-- END EVOLUTION PROVENANCE -->",
    )
    assert doc.split(begin)[1].split(end)[0].strip() == load_pack().provenance_markdown().strip()


FUZZ_GAMES = 240


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(4))
def test_fuzz_random_games(chunk: int) -> None:
    variants = sorted(PLAYERS)
    for i in range(chunk * FUZZ_GAMES // 4, (chunk + 1) * FUZZ_GAMES // 4):
        v = variants[i % 3]
        lo, hi = PLAYERS[v]
        r = fuzz_game(v, lo + i % (hi - lo + 1), 1000 + i, json_every=7)
        assert r["ok"], r
