"""``PlayersPanel`` (each clan as the viewer may see it) and ``StoryPanel`` (the round so far and the last
round, in words).

>>> from evo_lab.views.widgets.session import Session
>>> s = Session(players=2, seed=1); _ = s.play_to("round")
>>> "dinosaurs" in PlayersPanel(s).table.value
True
>>> "Round 1" in StoryPanel(s).text.value
True
"""

from __future__ import annotations

from html import escape

import ipywidgets as W

from evo_lab.games.evo2e.svg import PLAYER_NAMES
from evo_lab.games.evo2e.words import gene_words, token_words

from evo_lab.views.widgets.common import Panel, player_cards, player_html
from evo_lab.views.widgets.session import Session

__all__ = ["PlayersPanel", "StoryPanel"]


class PlayersPanel(Panel):
    """Each clan's mutation points, dinosaurs, genes and cards, as the chosen viewer may see them (a card per
    clan)."""

    def __init__(self, session: Session):
        self.table = W.HTML()
        super().__init__(session, [self.table])
        self.add_class("evo-players")
        self.refresh()

    def refresh(self) -> None:
        obs = self.session.observation()
        st = self.session.state
        g = st.game
        cards = []
        for info in obs["players"]:
            p = info["player"]
            genes = ", ".join(f"{gene_words(g, k)} {v}" for k, v in info["genes"].items() if v) or "-"
            unique = ", ".join(gene_words(g, u) for u in info["unique"]) or "-"
            hand = (
                ", ".join(_card_name(g, c) for c in info["hand"])
                if "hand" in info
                else f"{info['cards']} hidden"
            )
            cards.append(
                (
                    f"{player_html(p)} {PLAYER_NAMES[p]}",
                    [
                        ("mutation points (MP)", str(info.get("mp", "?"))),
                        ("dinosaurs", str(info["dinosaurs"])),
                        ("movement points", str(info["movement_points"])),
                        ("eggs", str(info["eggs"])),
                        ("genes", escape(genes)),
                        ("unique genes", escape(unique)),
                        ("cards", escape(hand or "-")),
                    ],
                )
            )
        v = obs["viewer"]
        who = (
            "the omniscient teacher (everything)"
            if v is None
            else f"{player_html(v)} (own hidden information only)"
        )
        nxt = obs["climate"].get("next_token", "hidden")
        nxt_words = "not drawn yet" if nxt is None else ("hidden" if nxt == "hidden" else token_words(g, nxt))
        init = " ".join(player_html(p) for p in obs["order"])
        self.table.value = (
            f"<div>Viewing as {who}. Initiative: {init or '-'}. Next climate token: "
            f"{escape(nxt_words)}</div>" + player_cards(cards)
        )


def _card_name(game: object, card: str) -> str:
    """An event card by its printed name ("frenzied_attack" -> "Frenzied attack")."""
    ids = getattr(game, "card_ids", ())
    return game.card_names[ids.index(card)] if card in ids else card  # type: ignore[attr-defined]


class StoryPanel(Panel):
    """The current round so far and the round before, summarised: climate, auction, moves and fights,
    births, deaths, cards played, scoring."""

    def __init__(self, session: Session):
        self.text = W.HTML()
        super().__init__(session, [self.text])
        self.add_class("evo-story")
        self.refresh()

    def summaries(self) -> list[tuple[int, list[str]]]:
        """``(round, lines)`` for the current round and the one before (newest first)."""
        rounds = self.session.view.story_rounds(self.session.tree.path(), self.session.viewer)
        return list(reversed(rounds[-2:]))

    def refresh(self) -> None:
        st = self.session.state
        parts = []
        for r, lines in self.summaries():
            now = r == st.round and not st.is_terminal()
            items = "".join(f"<li>{escape(x)}</li>" for x in lines) or "<li>nothing yet</li>"
            parts.append(f"<div><b>Round {r}{' so far' if now else ''}</b></div><ul>{items}</ul>")
        self.text.value = (
            "<div class='evo-summary'>" + "".join(parts) + "</div>"
            if parts
            else "<i>The first round has not begun (setup).</i>"
        )
