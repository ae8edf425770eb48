"""The auction as a game (normal form, sequential game) and gene values from simulation."""

from __future__ import annotations

import math

import numpy as np
import pytest

import evo_lab
from evo_lab.theory import (
    GameTooLargeError,
    NotAuctionError,
    TheoryError,
    ValuationError,
    bot_auction,
    gene_value_chart,
    gene_values,
    lot_names,
    lot_valuations,
    normal_form,
    solve_sequential,
    teaching_position,
    valuations,
)


@pytest.fixture(scope="module")
def two():
    """2 players, round 1: lot 0 = event card, lot 1 = bony plates; P1 bids first; 6 MP each, no vials."""
    s = teaching_position(seed=1)
    assert lot_names(s) == ["event card", "bony_plates"] and list(s.order) == [0, 1] and s.mp == [6, 6]
    return s


@pytest.fixture(scope="module")
def three():
    s = teaching_position(3, seed=2)
    assert lot_names(s) == ["event card", "legs", "egg"] and list(s.order) == [1, 2, 0]
    return s


# ------------------------------------------------------------------ errors
def test_not_in_mutation_phase_raises():
    s = evo_lab.Game(players=2, seed=1).new_initial_state()  # setup chance node
    with pytest.raises(NotAuctionError, match="'bid' node"):
        normal_form(s, [[0, 1], [0, 1]])
    with pytest.raises(NotAuctionError):
        solve_sequential(s, [[0, 1], [0, 1]])
    with pytest.raises(NotAuctionError):
        lot_valuations(s, n=2)
    assert issubclass(NotAuctionError, ValueError)


def test_bad_valuations_raise(two):
    with pytest.raises(ValuationError, match=r"shape \(players=2, lots=2\), got \(2, 3\)"):
        valuations(two, [[0, 1, 2], [0, 1, 2]])
    with pytest.raises(ValuationError, match="finite"):
        valuations(two, [[0, float("nan")], [0, 1]])
    with pytest.raises(ValuationError, match="table of numbers"):
        valuations(two, [["a", "b"], ["c", "d"]])
    with pytest.raises(TheoryError, match="minimum bid 0"):
        normal_form(two, [[0, 1], [0, 1]], bids=[1, 2])
    with pytest.raises(TheoryError, match="0..6"):
        solve_sequential(two, [[0, 1], [0, 1]], bids=[0, 9])


def test_running_auction_rejected_by_sealed_model(two):
    s = two.clone()
    s.apply_action("bid 1 on lot 1")
    with pytest.raises(NotAuctionError, match="already has bids"):
        normal_form(s, [[0, 1], [0, 1]])
    # the sequential game solves the running auction: P2 (value 4) outbids at 2 and P1 falls back to lot 0
    sol = solve_sequential(s, [[1, 3], [0, 4]])
    assert sol.path == ["bid 2 on lot 1", "bid 0 on lot 0"]
    assert sol.payoffs == [1.0, 2.0]


def test_too_large_raises(three):
    with pytest.raises(GameTooLargeError):
        normal_form(three, np.zeros((3, 3)), max_profiles=100)
    with pytest.raises(GameTooLargeError):
        solve_sequential(three, np.zeros((3, 3)), max_nodes=10)


# ------------------------------------------------------------------ sequential game, pinned by hand
def test_sequential_weak_first_bidder_takes_the_card(two):
    # P1 values (card 1, gene 3), P2 (0, 4). If P1 bids b <= 3 on the gene, P2 outbids (4 - (b+1) >= 0, and
    # at 0 P2's tie goes to the first legal action, "bid 0 on lot 0", only when b + 1 = 4); P1 then gets the
    # card for 0 -> 1. Bidding 3 leaves P1 3 - 3 = 0 < 1. So P1 takes the card at 0 and P2 the gene at 0.
    sol = solve_sequential(two, [[1, 3], [0, 4]])
    assert sol.path == ["bid 0 on lot 0", "bid 0 on lot 1"]
    assert sol.payoffs == [1.0, 4.0]
    assert sol.allocation == [(0, 0, 0), (1, 0, 0)]
    assert sol.root["bid 2 on lot 1"] == [1.0, 1.0]  # P2 outbids at 3: 4 - 3 = 1, P1 falls back to the card
    assert sol.root["bid 3 on lot 1"] == [0.0, 0.0]  # P2 would gain 0 by outbidding: takes the card instead


def test_sequential_strong_first_bidder_preempts(two):
    # P1 values the gene 5, P2 3. P2 outbids a bid b when 3 - (b + 1) > 0, i.e. b <= 1. So P1 bids 2:
    # P1 gets 5 - 2 = 3, P2 takes the card for 0.
    sol = solve_sequential(two, [[0, 5], [0, 3]])
    assert sol.path == ["bid 2 on lot 1", "bid 0 on lot 0"]
    assert sol.payoffs == [3.0, 0.0]
    # restricting the bids changes the game: with bids {0, 1, 3} P2 could only outbid 1 at 3 (gaining 0, the
    # card's value), so P1 pre-empts at 1 and keeps 5 - 1 = 4
    sol3 = solve_sequential(two, [[0, 5], [0, 3]], bids=[0, 1, 3])
    assert sol3.path == ["bid 1 on lot 1", "bid 0 on lot 0"] and sol3.payoffs == [4.0, 0.0]


def test_sequential_three_players(three):
    v = [[0, 2, 1]] * 3
    sol = solve_sequential(three, v)
    # order P2, P3, P1: P3 outbids P2 on legs at 1 (2 - 1 = 1 = the egg's value; tie goes to the first legal
    # action, which is the legs lot), P2 moves to the egg, P1 takes the card.
    assert sol.path == ["bid 0 on lot 1", "bid 1 on lot 1", "bid 0 on lot 2", "bid 0 on lot 0"]
    assert sol.payoffs == [0.0, 1.0, 1.0]
    assert sol.nodes > 10


# ------------------------------------------------------------------ normal form
def test_normal_form_pure_equilibria_pinned(two):
    nf = normal_form(two, [[0, 2], [0, 2]], bids=[0, 1, 2])
    assert nf.payoffs.shape == (6, 6, 2)
    eqs = [nf.describe(p) for p in nf.pure_equilibria()]
    # P1 wins ties. (1, 1): P1 pays 1 -> 1, P2 gets the card -> 0; P2 outbidding at 2 gains 0: no deviation.
    assert eqs == [
        "P1: 1 on bony_plates; P2: 1 on bony_plates",
        "P1: 1 on bony_plates; P2: 2 on bony_plates",
        "P1: 2 on bony_plates; P2: 2 on bony_plates",
    ]
    out = nf.outcome(nf.pure_equilibria()[0])
    assert out["payoffs"] == [1.0, 0.0]
    assert out["lots"] == [(1, 0, 0), (0, 1, 1)]


def test_normal_form_allocation_rules(two):
    nf = normal_form(two, [[1, 3], [2, 3]], bids=[0, 1, 2, 3])
    idx = {lab: k for k, lab in enumerate(nf.labels(0))}
    # both bid 2 on the gene: P1 (earlier in order) wins the tie and P2 takes the free card for 0
    out = nf.outcome((idx["2 on bony_plates"], idx["2 on bony_plates"]))
    assert out["lots"] == [(1, 0, 0), (0, 2, 2)] and out["payoffs"] == [1.0, 2.0]
    # both on the card: P2 outbids, P1 gets the gene free
    out = nf.outcome((idx["1 on event card"], idx["3 on event card"]))
    assert out["lots"] == [(1, 3, 3), (0, 0, 0)] and out["payoffs"] == [3.0, -1.0]


def test_nash_equilibria_two_players(two):
    nf = normal_form(two, [[1, 3], [0, 3]], bids=[0, 1, 2, 3])
    A, B = nf.payoff_matrices()
    pure = {tuple(p) for p in nf.pure_equilibria()}
    assert len(pure) == 3
    for method in ("support", "vertex", "lemke_howson"):
        eqs = nf.nash_equilibria(method)
        assert eqs, method
        for e in eqs:
            x, y = e.strategies
            assert math.isclose(x.sum(), 1) and math.isclose(y.sum(), 1)
            # no pure deviation gains
            assert (A @ y).max() <= x @ A @ y + 1e-7 and (x @ B).max() <= x @ B @ y + 1e-7
    sup = nf.nash_equilibria("support")
    found = {(int(np.argmax(e.strategies[0])), int(np.argmax(e.strategies[1]))) for e in sup if e.is_pure()}
    assert found == pure
    # in every equilibrium found P2 bids 2 on the gene with certainty or P1 pre-empts at 2
    assert all(e.payoffs[0] == pytest.approx(1.0) for e in sup)


def test_three_player_pure_equilibria(three):
    nf = normal_form(three, [[0, 2, 1]] * 3, bids=[0, 1])
    assert nf.payoffs.shape == (6, 6, 6, 3)
    eqs = [nf.describe(p) for p in nf.pure_equilibria()]
    assert eqs == ["P1: 1 on legs; P2: 1 on legs; P3: 0 on egg", "P1: 1 on legs; P2: 0 on egg; P3: 1 on legs"]


def test_two_player_only_helpers(three):
    nf = normal_form(three, [[0, 2, 1]] * 3, bids=[0])
    with pytest.raises(TheoryError, match="two players"):
        nf.nash_equilibria()


# ------------------------------------------------------------------ bots and values
def test_bot_auction_scores_outcomes(two):
    r = bot_auction(two, [[1, 3], [0, 4]], bots="random", games=5, seed=3)
    assert len(r["outcomes"]) == 5 and not r["fallback"]
    for o in r["outcomes"]:
        held = {p for p, _b, _c in o["allocation"]}
        assert held == {0, 1}
        for lot, (p, _b, price) in enumerate(o["allocation"]):
            assert o["payoffs"][p] == [[1, 3], [0, 4]][p][lot] - price
    g = bot_auction(two, [[1, 3], [0, 4]], bots="greedy", games=2, seed=0)
    assert g["policy"] == "greedy"


def test_gene_values_reproducible_and_paired(two):
    a = gene_values(two, genes=["vial", "legs"], n=6, seed=11, progress=False)
    b = gene_values(two, genes=["vial", "legs"], n=6, seed=11, progress=False)
    c = gene_values(two, genes=["vial", "legs"], n=6, seed=12, progress=False)
    assert np.array_equal(a.mean, b.mean) and np.array_equal(a.low, b.low)
    assert not np.array_equal(a.mean, c.mean)
    assert a.mean.shape == (2, 2) and np.all(a.low <= a.mean) and np.all(a.mean <= a.high)
    # the baseline is the same paired run for both players
    assert a.baseline.shape == (2, 2)
    rows = a.table()
    assert rows[0]["seed"] == 11 and rows[0]["n"] == 6
    fig = gene_value_chart(a)
    assert len(fig.data) == 2 and list(fig.data[0].x) == ["vial", "legs"]


def test_gene_value_of_owned_unique_gene_is_nan(two):
    pos = two.position()
    pos.unique = {"P1": ["wings"]}
    pos.lots = [x if x != "wings" else "empty" for x in pos.lots] if pos.lots else pos.lots
    s = pos.build()
    gv = gene_values(s, genes=["wings", "legs"], n=2, seed=0, progress=False)
    assert math.isnan(gv.mean[0, 0]) and math.isnan(gv.mean[1, 0])  # a unique gene exists once
    assert not math.isnan(gv.mean[0, 1]) and not math.isnan(gv.mean[1, 1])
    assert any("P1 already owns wings" in x for x in gv.notes)


def test_gene_values_bad_input(two):
    with pytest.raises(TheoryError, match="unknown gene"):
        gene_values(two, genes=["tail"], n=2, progress=False)
    with pytest.raises(TheoryError, match="n must be"):
        gene_values(two, genes=["legs"], n=1, progress=False)
    with pytest.raises(TheoryError, match="players"):
        gene_values(two, genes=["legs"], players=[5], n=2, progress=False)


def test_lot_valuations_feed_the_solvers(two):
    lv = lot_valuations(two, n=4, seed=5, progress=False)
    assert lv.values.shape == (2, 2) and lv.lots == ["event card", "bony_plates"]
    assert lv.low is not None and np.all(lv.low <= lv.values + 1e-12)
    again = lot_valuations(two, n=4, seed=5, progress=False)
    assert np.array_equal(lv.values, again.values)
    sol = solve_sequential(two, lv)
    assert len(sol.payoffs) == 2 and sol.path
