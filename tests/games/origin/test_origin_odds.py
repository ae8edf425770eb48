"""``evo_lab.games.origin.odds`` (issue 20): exact ``Fraction`` odds of the food bank, the feeding race and an
attack, on the core's enumeration (``evo_lab.core.chance``), checked against the engine's own chance nodes and
against seeded sampling through ``apply_action``."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from origin_helpers import pos

import evo_lab
from evo_lab.core.chance import outcome_distribution, sample_distribution
from evo_lab.core.errors import EvoLabError
from evo_lab.games.origin import build_position
from evo_lab.games.origin.odds import (
    OddsError,
    attack_odds,
    attack_over,
    attack_rows,
    blocked_by,
    feeding_race,
    food_bank,
    open_attack,
    ready_to_attack,
    why_no_attack,
)
from evo_lab.games.origin.scenarios import scenario
from evo_lab.theory.food_race import dice_pmf, race


@pytest.mark.parametrize("players", range(2, 9))
def test_food_bank_is_the_engines_chance_node(players):
    """The dice per player count (reference §4.2): the engine's food node, walked by the core, gives the same
    exact distribution as the dice convolved."""
    fb = food_bank(players)
    s = build_position(players=players, phase="food", animals=["$A"] * 1 + [""] * (players - 1))
    engine = {a[1]: p for a, p in s.chance_outcomes()}
    walked = outcome_distribution(s, key=lambda t: t.bank)
    assert fb.distribution == engine == walked == dice_pmf(fb.dice, fb.plus)
    assert sum(fb.distribution.values()) == 1
    assert fb.mean == Fraction(7, 2) * fb.dice + fb.plus


def test_food_bank_rules_and_the_six_player_option():
    assert (food_bank(2).rule, food_bank(3).rule, food_bank(4).rule) == ("1d6 + 2", "2d6", "2d6 + 2")
    assert food_bank(6).plus == 4 and food_bank(6, options={"six_player_bonus": 3}).plus == 3  # ruling O1
    assert food_bank(3).at_least(12) == Fraction(1, 36) and food_bank(3).at_least(2) == 1


def test_running_is_a_fair_die_and_agrees_with_sampling():
    s = pos("$C carn", "$R run", bank=2)
    odds = attack_odds(s, s.names["C"], s.names["R"])
    assert (odds.eaten, odds.escaped, odds.tail) == (Fraction(1, 2), Fraction(1, 2), 0)
    assert odds.food == 1  # 2 blue tokens half the time
    assert odds.tree.kind == "chance" and len(odds.tree.children) == 6
    t = s.clone()
    t.apply_action(("attack", s.names["C"], s.names["R"]))
    alive = sample_distribution(
        t, key=lambda x: len(x.animals(1)), rng=np.random.default_rng(3), samples=600, until=attack_over
    )
    assert abs(float(alive[1]) - 0.5) < 0.08


def test_tail_loss_running_and_the_best_defence():
    """Running cannot be refused; a failed roll leaves Tail Loss (ruling R4); Tail Loss is compulsory (O6)."""
    s = pos("$C carn", "$T tail run para", bank=3)
    odds = attack_odds(s, s.names["C"], s.names["T"])
    assert odds.eaten == 0 and odds.escaped + odds.tail == 1
    assert odds.tree.kind == "choice" and odds.tree.player == 1  # run first, or drop a trait now
    assert odds.defence == ("run", s.names["T"])  # run: 1/2 to keep every card
    assert {o.dropped for o in odds.outcomes if o.kind == "tail"} == {"Tail Loss"}
    # with the option that Tail Loss may be declined, being eaten is among the choices
    s2 = pos("$C carn", "$T tail", bank=3, options={"tail_loss_compulsory": False})
    o2 = attack_odds(s2, s2.names["C"], s2.names["T"])
    assert ("accept", s2.names["T"]) in [c.actions[0] for c in o2.tree.children] and o2.eaten == 0


def test_mimicry_poisonous_and_scavenger():
    s = scenario("mimicry")
    odds = open_attack(s)
    assert odds is not None and odds.tree.kind == "choice"
    onto = {o.redirected for o in odds.outcomes}
    assert onto == {(s.names["R"],)}  # the best: onto the runner (1/2 escapes)
    assert odds.escaped == Fraction(1, 2) and odds.eaten == Fraction(1, 2)
    p = scenario("poisonous")
    o = attack_odds(p, p.names["C"], p.names["P"])
    (only,) = o.outcomes
    assert only.kind == "eaten" and only.poisoned and only.scavenger == p.names["S"] and only.food == 2
    assert "poisoned" in only.words and "Scavenger" in only.words


def test_attack_rows_follow_the_engine_and_name_the_blocking_trait():
    s = scenario("who_can_be_attacked")
    c = s.names["C"]
    rows = {r.target: r for r in attack_rows(s, c)}
    legal = {a[2] for a in s.legal_actions() if a[0] == "attack" and a[1] == c}
    assert {t for t, r in rows.items() if r.odds is not None} == legal
    n = s.names
    assert legal == {n["K"], n["D"], n["Y"]}  # Sharp Vision beats Camouflage; Burrowing hungry
    assert rows[n["H"]].blocked.startswith("High Body Weight") and rows[n["W"]].blocked.startswith("Swimming")
    assert rows[n["B"]].blocked.startswith("Burrowing") and rows[n["Z"]].blocked.startswith("Symbiosis")
    assert all(r.now for r in rows.values() if r.odds is not None)
    assert blocked_by(s, c, n["K"]) == ""


def test_attacks_can_be_asked_about_outside_the_owners_turn():
    s = pos("$A, $C carn", "$P", phase="development", hands=["swim", "run"])
    assert s.node_name() == "develop" and s.current_player() == 0
    t = ready_to_attack(s, s.names["C"])
    assert t is not s and t.node_name() == "feed" and s.node_name() == "develop"
    rows = attack_rows(s, s.names["C"])
    assert rows and not any(r.now for r in rows)
    assert why_no_attack(s, s.names["A"]) == "it is not a carnivore"


def test_typed_errors():
    s = pos("$C carn fat+ +", "$P camo", bank=1)
    with pytest.raises(OddsError, match="Camouflage") as e:
        attack_odds(s, s.names["C"], s.names["P"])
    assert isinstance(e.value, EvoLabError)
    full = pos("$C carn ++", "$P", bank=1)
    assert "fed" in why_no_attack(full, full.names["C"]) and attack_rows(full, full.names["C"]) == []
    with pytest.raises(OddsError):
        ready_to_attack(s, 99)
    done = scenario("tail_loss")
    with pytest.raises(OddsError, match="no attack open"):
        ready_to_attack(done, done.names["C"])


def test_feeding_race_reuses_the_lesson_and_covers_every_phase():
    s = build_position(players=2, phase="food", animals=["$A, $B", "$C, $D, $E"], deck=10)
    r = feeding_race(s)
    lesson = race(s)
    assert {x: r.survival[x] for x in r.survival} == {x: lesson.fed(x) for x in r.survival}
    assert [str(r.survival[s.names[x]]) for x in "ABCDE"] == ["1", "1", "1", "5/6", "2/3"]
    assert r.expected == (2, Fraction(5, 2) + Fraction(0))
    dev = build_position(
        players=2, phase="development", animals=["$A, $B", "$C, $D, $E"], hands=["swim", "run"], deck=10
    )
    assert feeding_race(dev).survival == r.survival and "passes" in feeding_race(dev).start
    fed = build_position(players=2, bank=2, animals=["$A", "$B"], deck=10)
    assert set(feeding_race(fed).survival.values()) == {1}
    over = evo_lab.make_game("origin", players=2, seed=1).new_initial_state()
    with pytest.raises(OddsError):
        feeding_race(over)


def test_after_the_eating_action_the_odds_are_for_a_later_turn():
    from evo_lab.views.games.origin.inspect import animal_html

    s = pos("$C carn, $W graze", "$P run", bank=3, ate=True, acted=True)
    assert s.node_name() == "feed" and not [a for a in s.legal_actions() if a[0] == "attack"]
    rows = attack_rows(s, s.names["C"])
    assert rows and not any(r.now for r in rows)
    (prey,) = [r for r in rows if r.target == s.names["P"]]
    assert prey.odds.escaped == Fraction(1, 2)
    assert "has taken this turn's food or attack" in animal_html(s, s.names["C"], rows, None)
