"""The food bank of Evolution: The Origin of Species as a distribution (evo_lab.theory.food_race) and the value of
Fat Tissue against Hibernation (evo_lab.theory.insurance), checked against the engine and against independent
arithmetic."""

from __future__ import annotations

from fractions import Fraction

import pytest

import evo_lab
from evo_lab.games.origin import build_position
from evo_lab.games.origin.phases import foodbank
from evo_lab.theory.food_race import (
    at_least,
    bank_feeds,
    bank_pmf,
    bank_table,
    convolve,
    demand,
    dice_pmf,
    feed_survey,
    feeding_leaves,
    mean,
    race,
    race_policy,
    round_robin,
    seeded_position,
    variance,
)
from evo_lab.theory.insurance import (
    TRAITS,
    Table,
    TurnState,
    exact,
    paired_difference,
    simulate,
    transitions,
    turn_position,
)


# ---------------------------------------------------------------- the distribution
@pytest.mark.parametrize(
    "dice,plus,faces", [(0, 3, 6), (1, 2, 6), (2, 0, 6), (3, 4, 6), (4, 2, 6), (2, 1, 4)]
)
def test_convolution_matches_the_engines_counts_and_the_moment_formulas(dice, plus, faces):
    pmf = dice_pmf(dice, plus, faces)
    assert pmf == foodbank.exact(dice, plus, faces)  # the game's own repeated-convolution counts
    assert sum(pmf.values()) == 1
    assert mean(pmf) == Fraction(dice * (faces + 1), 2) + plus
    assert variance(pmf) == Fraction(dice * (faces * faces - 1), 12)


def test_convolve_is_commutative_and_tail_probabilities_add_up():
    p, q = dice_pmf(1, 0), dice_pmf(2, 1)
    assert convolve(p, q) == convolve(q, p) == dice_pmf(3, 1)
    pmf = dice_pmf(2, 2)
    assert at_least(pmf, 4) == 1 and at_least(pmf, 15) == 0
    assert all(at_least(pmf, k) - at_least(pmf, k + 1) == pmf[k] for k in pmf)
    with pytest.raises(ValueError):
        dice_pmf(-1)


@pytest.mark.parametrize("players", range(2, 9))
def test_bank_from_the_game_equals_the_engines_chance_node(players):
    g = evo_lab.make_game("origin", players=players)
    s = build_position(players=players, phase="food", animals=["$A"])
    assert (
        bank_pmf(g)
        == bank_pmf(s)
        == dict(zip(*[(a[1] for a, _ in s.chance_outcomes()), (p for _, p in s.chance_outcomes())]))
    )


def test_bank_table_reads_the_data_and_the_six_player_ruling():
    rows = {r.players: r for r in bank_table()}
    assert {n: r.rule for n, r in rows.items()} == {
        2: "1d6+2",
        3: "2d6",
        4: "2d6+2",
        5: "3d6+2",
        6: "3d6+4",
        7: "4d6+2",
        8: "4d6+4",
    }
    assert rows[6].provenance == "assumed" and rows[4].provenance == "high"
    assert rows[4].per_player == Fraction(9, 4) and rows[2].low == 3 and rows[3].high == 12
    alt = bank_table([6], options={"six_player_bonus": 3})[0]
    assert alt.rule == "3d6+3" and alt.mean == rows[6].mean - 1 and alt.variance == rows[6].variance


def test_bank_pmf_refuses_a_state_that_is_not_at_the_food_roll():
    s = build_position(players=2, phase="feeding", bank=3, animals=["$A", "$B"])
    with pytest.raises(ValueError, match="food"):
        bank_pmf(s)


# ---------------------------------------------------------------- demand
def test_demand_counts_missing_red_tokens_and_empty_fat_but_not_sleepers():
    s = build_position(
        players=2,
        phase="feeding",
        bank=4,
        animals=["$A big +, $B fat fat+, $C hib sleeping", "$D para carn"],
        deck=5,
    )
    d = demand(s)
    assert d.need == (1 + 1 + 0, 4) and d.fat == (1, 0)  # $A 2-1, $B 1 (one empty slot), $C asleep; $D 1+2+1
    assert (d.total, d.total_with_fat) == (6, 7)


def test_bank_feeds_is_the_tail_at_the_total_need():
    s = build_position(players=3, phase="food", animals=["$A, $B", "$C big", "$D"])
    assert bank_feeds(s) == at_least(dice_pmf(2, 0), 5) == Fraction(5, 6)


# ---------------------------------------------------------------- the race
RACES = [
    (3, ["$A fat, $B", "$C big, $D", "$E, $F, $G"]),
    (4, ["$A", "$B para, $C", "$D fat fat, $E", "$F big"]),
    (2, ["$A fat, $B, $C", "$D big, $E"]),
    (5, ["$A", "$B, $C", "", "$D fat, $E big", "$F"]),
]


@pytest.mark.parametrize("players,rows", RACES)
def test_the_engines_race_is_the_round_robin_for_every_total_and_first_seat(players, rows):
    for first in range(players):
        s = build_position(players=players, phase="food", first=first, animals=rows, deck=10)
        d = demand(s)
        wants = [n + f for n, f in zip(d.need, d.fat)]
        r = race(s)
        assert sum(o.probability for o in r.outcomes) == 1
        for o in r.outcomes:
            assert list(o.tokens) == round_robin(wants, o.total, first), (first, o.total)
            assert o.state.phase_name() in ("deal", "over")


def test_the_tail_formula_gives_each_animals_chance():
    """The j-th token of the seat k after the first is token n(j-1)+k+1 while everybody still wants one."""
    s = build_position(players=3, phase="food", animals=["$A, $B, $C", "$D, $E, $F", "$G, $H, $I"], deck=10)
    r, pmf = race(s), bank_pmf(s)
    for k, row in enumerate(["ABC", "DEF", "GHI"]):
        for j, name in enumerate(row, start=1):
            assert r.fed(s.names[name]) == at_least(pmf, 3 * (j - 1) + k + 1), name


def test_race_counts_everyone_fed_and_expected_tokens():
    s = build_position(players=2, phase="food", animals=["$A, $B", "$C, $D, $E"], deck=10)
    r = race(s)
    assert r.everyone_fed() == at_least(bank_pmf(s), 5) == r.fed(s.names["E"])
    assert r.expected_tokens(0) == 2 and r.expected_fed(1) == 1 + Fraction(5, 6) + Fraction(2, 3)


def test_policy_feeds_the_uninsured_first_and_rescues_with_the_insurance_when_the_bank_is_dry():
    s = build_position(players=2, phase="feeding", bank=1, animals=["$A fat+, $B", "$C"], deck=5)
    assert race_policy(s) == ("eat", s.names["B"])  # $A has a stored token: it waits
    ((end, p),) = feeding_leaves(s)  # then $A burns its fat once the bank is dry
    assert p == 1 and {a.id for a in end.animals(0)} == {s.names["A"], s.names["B"]} and not end.animals(1)
    assert any(type(e).__name__ == "FatBurned" for e in end.events())
    t = build_position(players=2, phase="feeding", bank=0, animals=["$A fat+, $B +", "$C +"], deck=5)
    assert race_policy(t) == ("fat", t.names["A"], 1)
    h = build_position(players=2, phase="feeding", bank=0, animals=["$A hib, $B +", "$C +"], deck=5)
    assert race_policy(h) == ("hibernate", h.names["A"])
    last = build_position(players=2, phase="feeding", bank=0, animals=["$A hib, $B +", "$C +"], deck=0)
    assert ("hibernate", last.names["A"]) not in last.legal_actions()  # MC: not in the last turn


def test_policy_fills_fat_only_once_its_animals_are_fed_and_passes_in_development():
    s = build_position(players=2, phase="feeding", bank=3, animals=["$A fat +, $B", "$C"], deck=5)
    assert race_policy(s) == ("eat", s.names["B"])
    t = build_position(players=2, phase="feeding", bank=3, animals=["$A fat +", "$C +"], deck=5)
    assert race_policy(t) == ("eat", t.names["A"])  # into the empty slot
    d = build_position(
        players=2, phase="development", animals=["$A", "$B"], hands=["swim", "camo/fat"], deck=5
    )
    assert race_policy(d) == ("pass",)


def test_feeding_leaves_enumerates_the_running_die_exactly():
    s = build_position(players=2, phase="feeding", bank=0, animals=["$A carn", "$B run"], deck=5)

    def hunt(st):
        acts = st.legal_actions()
        return next((a for a in acts if a[0] == "attack"), race_policy(st))

    leaves = list(feeding_leaves(s, hunt))
    assert sum(p for _, p in leaves) == 1 and len(leaves) == 6  # one leaf per face of the die
    fed = sum(p for end, p in leaves if any(a.id == s.names["A"] for a in end.animals(0)))
    assert fed == Fraction(1, 2)  # the carnivore eats only if Running fails: 1-3 (MC: escape on 4-6)
    assert s.node_name() == "feed"  # the state itself is untouched


def test_seeded_positions_are_reproducible_and_surveyed():
    a, b = seeded_position(3, 5, 2), seeded_position(3, 5, 2)
    assert a.node_name() == "food" and a.to_dict() == b.to_dict()
    sv = feed_survey(2, range(6), turn=2)
    assert (
        sv.positions == 6
        and sv.mean_bank == Fraction(11, 2)
        and 0 <= sv.feeds[1] <= sv.feeds[0] <= sv.feeds[2]
    )


def test_round_robin_skips_players_who_want_nothing_more():
    assert round_robin([0, 2, 1], 10, first=0) == [0, 2, 1]
    assert round_robin([2, 2], 3, first=1) == [1, 2]
    assert round_robin([5, 5, 5], 0) == [0, 0, 0]


# ---------------------------------------------------------------- Fat Tissue against Hibernation
def test_transitions_are_distributions_and_positions_follow_the_state():
    t = Table(players=3, rivals=1, trait="hibernation", turns=3)
    for ts in (TurnState(0), TurnState(2, b=False), TurnState(1, slept=True)):
        step = transitions(t, ts)
        assert sum(step.values()) == 1
        assert all(k.first == (ts.first + 1) % 3 for k in step)
    s = turn_position(t, TurnState(1, slept=True), last=False)
    assert s.node_name() == "food" and s.stamps_used(s.names["A"])["hibernated_last_turn"]
    assert not any(k.slept for k in transitions(t, TurnState(0, slept=True)))  # not two turns running


def test_a_one_turn_game_in_its_last_turn_gives_no_insurance_any_value():
    res = {k: exact(Table(players=4, rivals=2, trait=k, turns=1)).survivors for k in TRAITS}
    assert len(set(res.values())) == 1  # fat is empty, Hibernation is not allowed


def test_without_rivals_every_animal_lives_and_the_cards_score():
    res = exact(Table(players=3, rivals=0, trait="fat_tissue", turns=3))
    assert res.survivors == 2 and res.points == 2 + 2 + 1  # 2 per animal, 1 for the trait card
    sim = simulate(Table(players=3, rivals=0, trait="fat_tissue", deck=5), games=20, seed=3)
    assert sim.survivors()[0] == 2 and set(sim.points) == {5}


def test_hibernation_beats_an_empty_fat_card_and_a_stored_token_turns_it_round():
    base = dict(players=4, rivals=2, turns=4)
    none, fat, hib = (exact(Table(trait=t, **base)).survivors for t in ("none", "fat_tissue", "hibernation"))
    stored = exact(Table(trait="fat_tissue", stored=1, **base)).survivors
    assert none < fat < hib < stored


def test_the_exact_chain_agrees_with_a_hand_count_for_two_players():
    """2 players, 1d6 + 2: $B misses its token only when P2 starts and the bank is 3 (chance 1/6)."""
    res = exact(Table(players=2, rivals=2, trait="none", turns=3))
    p1_first = 1 * Fraction(5, 6) * 1
    p2_first = Fraction(5, 6) * 1 * Fraction(5, 6)
    assert res.alive_b[-1] == (p1_first + p2_first) / 2 and res.alive_a[-1] == 1


def test_simulation_is_seeded_and_paired():
    t = Table(players=3, rivals=2, trait="fat_tissue", deck=12)
    a, b = simulate(t, games=40, seed=7), simulate(t, games=40, seed=7)
    assert a == b
    h = simulate(Table(players=3, rivals=2, trait="hibernation", deck=12), games=40, seed=7)
    m, lo, hi = paired_difference(a, h)
    assert lo <= m <= hi
    assert paired_difference(a, a) == (0.0, 0.0, 0.0)
    with pytest.raises(ValueError):
        paired_difference(a, simulate(t, games=40, seed=8))
    with pytest.raises(ValueError):
        paired_difference(a, h, "mp")


def test_table_validates_its_fields():
    with pytest.raises(ValueError):
        Table(trait="wings")
    with pytest.raises(ValueError):
        Table(trait="hibernation", stored=1)
    with pytest.raises(ValueError):
        Table(turns=0)
