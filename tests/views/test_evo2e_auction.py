"""Evo 2e's Auction tab without a bid to make (new-user review): no empty Lot and Bid dropdowns beside a Bid
button, but a sentence that says why there is no bid now (no auction open, or another player bids)."""

from __future__ import annotations

from evo_lab.views.games.evo2e.auction import AuctionPanel
from evo_lab.views.widgets.session import Session


def test_no_auction_open_hides_the_controls_and_says_when_it_comes():
    s = Session(players=2, seed=1)
    assert s.state.phase_name() != "mutation" and not s.observation().get("auction")
    panel = AuctionPanel(s)
    assert panel.controls.layout.display == "none" and panel.bid_button.disabled
    assert panel.lot.options == () and panel.value.options == ()
    assert "No auction is open now" in panel.idle.value and "mutation phase" in panel.idle.value
    # when the auction opens, the controls come back and the sentence goes
    s.play_to("setup")
    assert s.state.node_name() == "bid"
    assert panel.controls.layout.display is None and not panel.bid_button.disabled
    assert panel.lot.options and panel.idle.value == ""


def test_viewing_as_a_player_who_does_not_bid_names_the_bidder():
    s = Session(players=2, seed=1)
    s.play_to("setup")
    panel = AuctionPanel(s)
    bidder = s.state.current_player()
    s.set_viewer((bidder + 1) % 2)
    assert panel.controls.layout.display == "none" and panel.bid_button.disabled
    assert f"only P{bidder + 1} bids now" in panel.idle.value
    s.set_viewer(bidder)
    assert panel.controls.layout.display is None and panel.idle.value == ""
