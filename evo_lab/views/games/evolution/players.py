"""Evolution's Players tab: each player as the viewer may see them (the game's observer decides), in words: score,
food bag, the hand by the cards' printed names (another player's hand as a count), the face-down food card, and
each species with its body size, population, food and traits.

>>> from evo_lab.views.widgets.session import Session
>>> s = Session("evolution", players=3, seed=2); _ = s.play_to("setup"); s.set_viewer(0)
>>> html = PlayersPanel(s).table.value
>>> "4 cards, hidden" in html and "(food " in html and "species 1:</span> body 1, population 1" in html
True
"""

from __future__ import annotations

from html import escape

import ipywidgets as W

from evo_lab.games.evolution.words import label_words
from evo_lab.views.widgets.common import Panel, player_cards, player_html
from evo_lab.views.widgets.session import Session

__all__ = ["PlayersPanel"]


class PlayersPanel(Panel):
    """Every player's bag, score, hand, food card and species, as the session's viewer may see them."""

    def __init__(self, session: Session):
        self.table = W.HTML()
        super().__init__(session, [self.table])
        self.add_class("evo-players")
        self.refresh()

    def refresh(self) -> None:
        s = self.session
        st = s.state
        g = st.game
        obs = s.observation()
        scores = st.scores()
        cards = []
        for q, pl in enumerate(obs["players"]):
            hand = pl["hand"]
            hand_text = (
                (", ".join(label_words(g, c) for c in hand) or "no cards")
                if isinstance(hand, list)
                else f"{hand} card{'s' if hand != 1 else ''}, hidden"
            )
            fc = pl["food_card"]
            food = (
                "not placed"
                if fc is None
                else (label_words(g, fc) + " (face down)" if isinstance(fc, str) else "placed face down")
            )
            fields = [
                ("score", str(scores[q])),
                ("food bag", str(pl["bag"])),
                ("hand", escape(hand_text)),
                ("food card", escape(food)),
            ]
            for j, sp in enumerate(pl["species"]):
                traits = "".join(
                    f"; {label_words(g, t).split(' (')[0] if t is not None else 'a face-down trait'}"
                    for t in sp["traits"]
                )
                fat = f", fat {sp['fat']}" if sp["fat"] else ""
                words = f"body {sp['body']}, population {sp['pop']}, food {sp['food']}{fat}{traits}"
                fields.append((f"species {j + 1}", escape(words)))
            if not pl["species"]:
                fields.append(("species", "none"))
            first = " (first player)" if q == obs["first"] else ""
            cards.append((player_html(q) + first, fields))
        v = s.viewer
        who = (
            "the omniscient teacher (everything)"
            if v is None
            else f"{player_html(v)} (own hidden information only)"
        )
        self.table.value = f"<div>Viewing as {who}.</div>" + player_cards(cards)
