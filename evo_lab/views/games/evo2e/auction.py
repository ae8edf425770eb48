"""``AuctionPanel``: the biology lab's lots, markers and bids, who was displaced, prices after vials; bid from
here; after the auction, who won what.

>>> from evo_lab.views.widgets.session import Session
>>> s = Session(players=2, seed=1); _ = s.play_to("setup")
>>> panel = AuctionPanel(s)
>>> "lot" in panel.table.value and not panel.bid_button.disabled
True
"""

from __future__ import annotations

from html import escape

import ipywidgets as W

from evo_lab.games.evo2e.words import lot_words
from evo_lab.views.summary import auction_results

from evo_lab.views.widgets.common import Panel, error_html, player_html, row
from evo_lab.views.widgets.session import Session

__all__ = ["AuctionPanel"]


class AuctionPanel(Panel):
    """The biology lab: lots, markers and bids, who was displaced, prices after vials; bid from here. Outside
    the mutation phase it shows the results of the last auction."""

    def __init__(self, session: Session):
        self.table = W.HTML()
        self.lot = W.Dropdown(
            description="Lot",
            options=[],
            style={"description_width": "initial"},
            layout=W.Layout(width="auto", min_width="200px"),
        )
        self.value = W.Dropdown(
            description="Bid",
            options=[],
            style={"description_width": "initial"},
            layout=W.Layout(width="auto", min_width="140px"),
        )
        self.bid_button = W.Button(description="Bid", button_style="warning", icon="gavel")
        self.message = W.HTML()
        self.idle = W.HTML()  #: the sentence shown instead of the bid controls when there is no bid to make
        self.controls = row([self.lot, self.value, self.bid_button])
        self.lot.observe(lambda _c: self._values(), "value")
        self.bid_button.on_click(lambda _b: self.bid())
        super().__init__(session, [self.table, self.controls, self.idle, self.message])
        self.add_class("evo-auction")
        self.refresh()

    def _legal_bids(self) -> dict[int, list[int]]:
        st = self.session.state
        if st.node_name() != "bid" or (
            self.session.viewer is not None and self.session.viewer != st.current_player()
        ):
            return {}
        out: dict[int, list[int]] = {}
        for a in st.legal_actions():
            out.setdefault(a.a, []).append(a.b)
        return out

    def results(self) -> list[str]:
        """Who won what in the last auction played on the current line ([] before the first one ends)."""
        return auction_results(self.session.tree.path())

    def refresh(self) -> None:
        st = self.session.state
        auc = self.session.observation().get("auction")
        if not auc:
            res = self.results()
            if res:
                items = "".join(f"<li>{escape(x)}</li>" for x in res)
                self.table.value = (
                    f"<div><b>Last auction</b> (round {self._results_round()}):</div><ul>{items}</ul>"
                    "<div style='font-size:12px'>The biology lab opens again in the next mutation "
                    "phase.</div>"
                )
            else:
                self.table.value = "<i>No auction yet (the biology lab opens in the mutation phase).</i>"
        else:
            self.table.value = self._lots_html(st, auc)
        bids = self._legal_bids()
        self.lot.options = [(lot_words(st, k), k) for k in sorted(bids)]
        self.lot.value = min(bids) if bids else None
        self._values()
        self.bid_button.disabled = not bids
        # no empty dropdowns beside a Bid button: with no bid to make, a sentence says why instead
        self.controls.layout.display = None if bids else "none"
        self.idle.value = "" if bids else f"<div><i>{escape(self._why_no_bid(st, auc))}</i></div>"

    def _why_no_bid(self, st, auc: dict | None) -> str:
        """Why the panel offers no bid now, in a sentence."""
        if st.is_terminal():
            return "No auction now: the game is over."
        if not auc:
            return (
                "No auction is open now: the biology lab auctions its lots in each round's mutation phase, "
                "and the bid controls appear here then."
            )
        bidder = auc.get("bidder")
        if st.node_name() == "bid" and bidder is not None:
            return f"No bid from here: only P{bidder + 1} bids now (you view as another player)."
        return "No bid now: the auction waits for another decision first."

    def _results_round(self) -> int:
        for n in reversed(self.session.tree.path()):
            if any(e and e[0] == "auction" for e in n.state.events(last=True)):
                return n.state.round
        return self.session.state.round

    @staticmethod
    def _lots_html(st, auc: dict) -> str:
        rows = []
        for lot in auc["lots"]:
            h = lot["holder"]
            rows.append(
                f"<tr><td>{lot['lot'] + 1}</td><td>{escape(lot_words(st, lot['lot']))}</td>"
                f"<td>{player_html(h) if h is not None else '-'}</td>"
                f"<td>{'' if lot['bid'] is None else lot['bid']}</td>"
                f"<td>{'' if lot['price'] is None else lot['price']}</td></tr>"
            )
        extra = []
        if auc.get("bidder") is not None:
            extra.append(f"{player_html(auc['bidder'])} bids now")
        if auc.get("displaced") is not None:
            extra.append(
                f"{player_html(auc['displaced'])} was displaced from "
                f"{escape(lot_words(st, int(auc.get('banned_lot') or 0)))} and must bid on another lot"
            )
        vials = ", ".join(f"{player_html(p)} {st.vials(p)}" for p in range(st.game.players))
        return (
            "<div class='evo-table-wrap'><table class='evo-table evo-lots'><tr><th>lot</th><th>item</th>"
            f"<th>marker</th><th>bid</th><th>price after vials</th></tr>{''.join(rows)}</table></div>"
            f"<div>{'; '.join(extra)}</div><div style='font-size:12px'>vials: {vials}</div>"
        )

    def _values(self) -> None:
        bids = self._legal_bids()
        vs = bids.get(self.lot.value, []) if self.lot.value is not None else []
        st = self.session.state
        vial = st.vials(st.current_player()) if st.current_player() >= 0 else 0
        self.value.options = [(f"{v} (pay {max(0, v - vial)})", v) for v in vs]
        self.value.value = vs[0] if vs else None

    def bid(self, lot: int | None = None, value: int | None = None) -> str:
        """Bid ``value`` on ``lot`` (default: the chosen ones) for the player to act; returns the error or ""."""
        lot = self.lot.value if lot is None else lot
        value = self.value.value if value is None else value
        if lot is None or value is None:
            return "no bid chosen"
        err = self.session.try_play(f"bid {value} on lot {lot}")
        self.message.value = error_html(err)
        return err
