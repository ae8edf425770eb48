"""Mutation phase: gene draw, lots, the outbid auction, vials, the event-card lot."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from helpers import build, reach, strings

import evo_lab
from evo_lab.core.protocol import play_out
from evo_lab.games.evo2e.actions import Action


def at_auction(players=3, genes_drawn=("horn", "legs", "egg", "fur"), **kw):
    s = build(players, phase="mutation", **kw)
    for gid in genes_drawn[: players - 1]:
        s.apply_action(f"gene {gid}")
    return s


def test_gene_draw_without_duplicates():
    """ "There can never be two identical genes in the same mutation phase. If this happens, the starting
    player returns the extra gene to the bag and draws a new one to replace it.\""""
    s = build(4, phase="mutation")
    assert s.node_name() == "gene" and s.phase_name() == "mutation"
    bag = s.bag
    outs = dict(s.chance_outcomes())
    assert outs[Action("gene", 0)] == Fraction(bag[0], sum(bag))
    s.apply_action("gene horn")
    outs = dict(s.chance_outcomes())
    horn = s.game.gene_index["horn"]
    assert Action("gene", horn) not in outs
    rest = sum(bag) - bag[horn]
    assert outs[Action("gene", s.game.gene_index["thermo"])] == Fraction(
        bag[s.game.gene_index["thermo"]], rest
    )
    assert sum(outs.values()) == 1


def test_lots_equal_players_and_lot_zero_is_the_event_card():
    """ "draws gene tokens ... until there are as many lines filled as there are players. Since the first
    line does not contain a space for a gene, the number of genes drawn will always be one fewer than the
    number of players.\""""
    for n in (2, 3, 4):
        s = at_auction(n)
        assert s.node_name() == "bid"
        lots = s.auction()["lots"]
        assert len(lots) == n and lots[0]["item"] == "event card"
        assert [x["item"] for x in lots[1:]] == ["horn", "legs", "egg"][: n - 1]


def test_empty_lot_when_the_bag_cannot_supply():
    """Ruling 1: if the bag cannot supply a gene distinct from those already drawn this round, that lot
    is offered empty."""
    g = evo_lab.Game(players=3)
    uniques = list(g.unique_ids)  # the bag holds 4 horns and nothing else: the other genes are all owned
    s = build(
        3,
        phase="mutation",
        genes={0: {"legs": 6, "egg": 6, "horn": 1}, 1: {"thermo": 7, "fur": 7}, 2: {"vial": 5}},
        uniq={0: uniques[:4], 1: uniques[4:8]},
    )
    assert sum(s.bag) == s.bag[1] == 4
    s.apply_action("gene horn")
    assert s.node_name() == "bid"
    assert [x["item"] for x in s.auction()["lots"]] == ["event card", "horn", "(empty)"]


def test_bidding_in_initiative_order_and_values():
    """ "Then, in initiative track order, the players bid for the available genes." Bids go 0..6; "If the
    column is empty, the marker can be placed wherever the player likes.\""""
    s = at_auction(3, order=(2, 0, 1))
    assert s.current_player() == 2
    assert {a.b for a in s.legal_actions() if a.a == 1} == set(range(7))
    s.apply_action("bid 2 on lot 1")
    assert s.current_player() == 0
    assert {a.b for a in s.legal_actions() if a.a == 1} == {3, 4, 5, 6}


def test_outbid_player_rebids_at_once_on_another_lot():
    """ "A player who has been outbid by another immediately removes his marker and makes a new bid. The
    new bid must be on a different column (however, if he is displaced again later, he can make a fresh bid
    on the original column).\""""
    s = at_auction(3, order=(0, 1, 2))
    s.apply_action("bid 1 on lot 1")
    s.apply_action("bid 2 on lot 1")  # P2 displaces P1
    assert s.current_player() == 0 and s.auction()["displaced"] == 0
    assert all(a.a != 1 for a in s.legal_actions())
    before = s.to_json()
    with pytest.raises(evo_lab.IllegalActionError) as e:
        s.apply_action("bid 3 on lot 1")
    assert e.value.reason == "same_lot" and s.to_json() == before
    s.apply_action("bid 1 on lot 2")
    assert s.current_player() == 2  # back to the track: P3's turn
    s.apply_action("bid 2 on lot 2")  # P3 displaces P1 again
    assert s.current_player() == 0
    assert Action("bid", 1, 3) in s.legal_actions()  # the original column is open again
    assert all(a.a != 2 for a in s.legal_actions())
    s.apply_action("bid 3 on lot 1")  # displaces P2
    assert s.current_player() == 1
    s.apply_action("bid 0 on lot 0")
    assert s.node_name() == "card"  # every lot held: auction over, P2 draws the event card
    assert s.auction()["lots"][0]["holder"] == 1


def test_a_bid_of_six_cannot_be_outbid():
    """ "Note that if a player bids 6 on a column, he cannot be outbid and therefore will always win the
    gene in question.\""""
    s = at_auction(3)
    s.apply_action("bid 6 on lot 1")
    assert all(a.a != 1 for a in s.legal_actions())
    before = s.to_json()
    with pytest.raises(evo_lab.IllegalActionError) as e:
        s.apply_action("bid 7 on lot 1")
    assert e.value.reason == "bid_out_of_range" and s.to_json() == before
    with pytest.raises(evo_lab.IllegalActionError) as e:
        s.apply_action("bid 6 on lot 1")
    assert e.value.reason == "bid_too_low" and s.to_json() == before


def test_unaffordable_bids_and_vial_discount():
    """ "Genes are paid for using MP." and "Alchemical vial — Each vial reduces the cost of genes and cards
    bought in subsequent rounds by 1 (minimum 0)." A player may bid only what they can pay (ruling 1)."""
    s = at_auction(3, mp=[1, 1, 6], genes={1: {"vial": 2}})
    assert max(a.b for a in s.legal_actions()) == 1  # P1: 1 MP, no vials
    before = s.to_json()
    with pytest.raises(evo_lab.IllegalActionError) as e:
        s.apply_action("bid 2 on lot 1")
    assert e.value.reason == "unaffordable" and s.to_json() == before
    s.apply_action("bid 1 on lot 1")
    assert max(a.b for a in s.legal_actions()) == 3  # P2: 1 MP + 2 vials
    s.apply_action("bid 3 on lot 2")
    s.apply_action("bid 0 on lot 0")  # P3; P1's bid on lot 1 stands
    assert s.mp == [0, 0, 6]  # P1 paid 1, P2 paid max(0, 3 - 2) = 1, P3 paid 0
    assert s.gene_counts(0)["horn"] == 1 and s.gene_counts(1)["legs"] == 1


def test_vials_discount_only_from_the_next_round():
    """ "Each vial reduces the cost of genes and cards bought in subsequent rounds" - a vial won now does
    not discount this round's price."""
    s = at_auction(2, genes_drawn=("vial",), mp=[6, 6])
    s.apply_action("bid 4 on lot 1")
    s.apply_action("bid 0 on lot 0")
    assert s.mp[0] == 2 and s.vials(0) == 1


def test_event_lot_winner_draws_a_card():
    """ "The player who won the bidding for the first column takes an event card." "The other players take
    the gene from the column that they won.\""""
    s = at_auction(3, order=(0, 1, 2))
    s.apply_action("bid 0 on lot 0")
    s.apply_action("bid 0 on lot 1")
    s.apply_action("bid 0 on lot 2")
    assert s.node_name() == "card" and s.is_chance_node()
    outs = dict(s.chance_outcomes())
    assert outs == {Action("card", i): Fraction(3, 15) for i in range(5)}
    s.apply_action("card geysers")
    assert s.hand(0) == ["geysers"] and s.hand(1) == [] and s.hand(2) == []
    assert s.gene_counts(1)["horn"] == 1 and s.gene_counts(2)["legs"] == 1
    assert s.bag[s.game.gene_index["horn"]] == 4


def test_unique_gene_won_in_auction():
    """ "The effects of the unique genes are permanent." - a won unique gene leaves the bag."""
    s = at_auction(2, genes_drawn=("wings",))
    s.apply_action("bid 0 on lot 1")
    s.apply_action("bid 0 on lot 0")
    assert s.has(0, "wings") and s.bag[s.game.gene_index["wings"]] == 0
    assert strings(s) == [] or s.is_chance_node()


def test_auction_view_does_not_show_last_rounds_bids_while_genes_are_drawn():
    """Lots are filled anew each round: while round 2's genes are drawn, no marker of round 1 shows."""
    s = reach(3, {"gene"}, seeds=range(5))
    play_out(
        s,
        lambda t: t.legal_actions()[0],
        np.random.default_rng(1),
        stop=lambda t: t.round >= 2 and t.node_name() == "gene",
    )
    assert s.round == 2 and all(lot["holder"] is None for lot in s.auction()["lots"])
