"""Origin's Players tab: each player in words, as the viewer's observation shows them (the game's observer decides
what the viewer may see): points so far, the hand (its cards by their printed names, with the food each trait adds, when the viewer may see them,
else how many), the animals (how many are fed), the trait cards on them, the discard pile (the second tie-break,
ruling R8), the first player and who has passed.

>>> from evo_lab.games.origin import build_position
>>> from evo_lab.views.widgets.session import Session
>>> s = Session(build_position(players=2, bank=2, animals=["$A +, $B", "$C carn"], hands=["swim run", "pois/carn"]))
>>> s.set_viewer(1)
>>> rows = player_rows(s.state, s.viewer)
>>> rows[0][1:3], rows[1][1:3]
(('2 cards, hidden', '2 animals, 1 fed'), ('Poisonous / Carnivorous (+1 food)', '1 animal, none fed'))
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as W

from evo_lab.core.words import plural
from evo_lab.games.origin.svg_layout import card_lines
from evo_lab.views.widgets.common import Panel, player_cards, player_html
from evo_lab.views.widgets.session import Session

__all__ = ["PlayersPanel", "player_rows"]


def _hand(game: Any, hand: dict) -> str:
    if hand["cards"] is None:
        return f"{plural(hand['size'], 'card')}, hidden" if hand["size"] else "no cards"
    if not hand["cards"]:
        return "no cards"
    return ", ".join(
        (f"{k} cards: " if k > 1 else "") + " / ".join(card_lines(game, game.card_index[c]))
        for c, k in hand["cards"].items()
    )


def _animals(rows: list[dict]) -> str:
    if not rows:
        return "none"
    fed = sum(1 for a in rows if a["fed"])
    return f"{plural(len(rows), 'animal')}, {'none' if not fed else fed} fed"


def player_rows(state: Any, viewer: int | None) -> list[tuple[str, ...]]:
    """Per player: points, hand, animals, trait cards, discard pile, and a note (first player, passed)."""
    g = state.game
    obs = state.observation(viewer)
    out: list[tuple[str, ...]] = []
    for p in range(g.players):
        animals = obs["animals"][p]
        traits = sum(len(a["traits"]) for a in animals) + sum(
            1 for L in obs["links"] if any(a["id"] == L["a"] for a in animals)
        )
        d = obs["discard"][p]
        note = []
        if obs["first"] == p and not state.is_terminal():
            note.append("first player this turn")
        if obs["passed"][p] and obs["phase"] in ("development", "feeding"):
            note.append("has passed")
        out.append(
            (
                plural(obs["scores"][p], "point"),
                _hand(g, obs["hands"][p]),
                _animals(animals),
                plural(traits, "trait card"),
                plural(d["size"], "card"),
                ", ".join(note),
            )
        )
    return out


class PlayersPanel(Panel):
    """The Players tab of the Origin Explorer."""

    HEAD = ("points", "hand", "animals", "traits", "discard pile", "note")

    def __init__(self, session: Session):
        self.table = W.HTML()
        super().__init__(session, [self.table])
        self.add_class("evo-players")
        self.refresh()

    def refresh(self) -> None:
        s = self.session
        rows = player_rows(s.state, s.viewer)
        cards = [
            (player_html(p), [(h, escape(c)) for h, c in zip(self.HEAD, r, strict=True) if c])
            for p, r in enumerate(rows)
        ]
        v = s.viewer
        who = (
            "the omniscient teacher (everything)"
            if v is None
            else f"{player_html(v)} (own hidden cards only)"
        )
        self.table.value = (
            f"<div>Viewing as {who}. Points so far: 2 for each animal on the table, 1 for each "
            "trait card, plus the food each trait card adds to what its animal needs (+1 or +2).</div>"
            + player_cards(cards)
        )
