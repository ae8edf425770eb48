"""The players and story tabs for any game: ``GenericPlayersPanel`` (each player as the viewer's observation
shows them) and ``GenericStoryPanel`` (the round so far and the round before, every action in words as the
viewer may see it). A view plugin may give its own (Evo 2e does: genes, cards, the round summary).

>>> from evo_lab.views.widgets.session import Session
>>> s = Session("evolution", players=3, seed=2); _ = s.play_to("setup"); s.set_viewer(0)
>>> table = GenericPlayersPanel(s).table.value
>>> "4 hidden" in table and "species" in table
True
>>> _ = s.play_to("phase"); "Round 1 so far" in GenericStoryPanel(s).text.value
True
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as W

from .common import Panel, player_cards, player_html
from .session import Session

__all__ = ["GenericPlayersPanel", "GenericStoryPanel", "cell_text", "player_columns"]

#: Observation keys that are about the table, not a player, even when their length is the player count.
_SKIP = {"viewer", "pending", "discards", "order"}


def cell_text(value: Any) -> str:
    """One observation value in a few words: a hidden hand is "4 hidden", a list of pieces "3 species"."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        if "size" in value and any(v is None for v in value.values()):
            return f"{value['size']} hidden"
        parts = [f"{k} {cell_text(v)}" for k, v in value.items() if v not in (None, [], {}, 0, False)]
        return ", ".join(parts) or "-"
    if isinstance(value, (list, tuple)):
        if all(isinstance(x, str) for x in value):
            return ", ".join(value) or "-"
        return f"{len(value)}"
    return str(value)


def player_columns(obs: dict, players: int) -> list[tuple[str, list[Any]]]:
    """``(column, value per player)``: the fields of ``obs["players"]`` when it is a list of dicts (one per
    player), and every other observation list with one entry per player."""
    cols: list[tuple[str, list[Any]]] = []
    rows = obs.get("players")
    if isinstance(rows, list) and len(rows) == players and all(isinstance(r, dict) for r in rows):
        for key in rows[0]:
            if key != "player":
                cols.append((key, [r.get(key) for r in rows]))
    for key, v in obs.items():
        if key in _SKIP or key == "players" or not isinstance(v, list) or len(v) != players:
            continue
        cols.append((key, v))
    return cols


def _hidden_counts(values: list[Any]) -> list[Any]:
    """A column that is a list for some players and a count for others: the counts are hidden cards."""
    if any(isinstance(v, list) for v in values):
        return [f"{v} hidden" if isinstance(v, int) and not isinstance(v, bool) else v for v in values]
    return values


class GenericPlayersPanel(Panel):
    """Each player's part of the observation (``state.observation(viewer)``: the game's observer decides what
    the viewer may see), with the score so far."""

    def __init__(self, session: Session):
        self.table = W.HTML()
        super().__init__(session, [self.table])
        self.add_class("evo-players")
        self.refresh()

    def refresh(self) -> None:
        s = self.session
        st = s.state
        n = s.game.players
        cols = [(k, _hidden_counts(v)) for k, v in player_columns(s.observation(), n)]
        scores = s.view.scores(st)
        if len(scores) == n and not any(k == "scores" for k, _ in cols):
            cols.insert(0, ("score", scores))
        cards = []
        for p in range(n):
            fields = [
                (k.replace("_", " "), escape(v[p] if isinstance(v[p], str) else cell_text(v[p])))
                for k, v in cols
            ]
            cards.append((player_html(p), fields))
        v = s.viewer
        who = (
            "the omniscient teacher (everything)"
            if v is None
            else f"{player_html(v)} (own hidden information only)"
        )
        self.table.value = f"<div>Viewing as {who}.</div>" + player_cards(cards)


class GenericStoryPanel(Panel):
    """The current round so far and the round before: every action and chance outcome in words, as the viewer
    may see them (a hidden card is "hidden")."""

    #: at most this many lines per round (the latest)
    MAX_LINES = 60

    def __init__(self, session: Session):
        self.text = W.HTML()
        super().__init__(session, [self.text])
        self.add_class("evo-story")
        self.refresh()

    def summaries(self) -> list[tuple[Any, list[str]]]:
        """``(round, lines)`` for the current round and the one before (newest first)."""
        rounds = self.session.view.story_rounds(self.session.tree.path(), self.session.viewer)
        return list(reversed(rounds[-2:]))

    def refresh(self) -> None:
        st = self.session.state
        view = self.session.view
        now = view.round_key(st)
        parts = []
        for r, lines in self.summaries():
            cut = len(lines) - self.MAX_LINES
            shown = lines[-self.MAX_LINES :]
            items = (f"<li><i>{cut} earlier</i></li>" if cut > 0 else "") + "".join(
                f"<li>{escape(x)}</li>" for x in shown
            )
            title = f"{view.round_word.capitalize()} {r}" if r is not None else "The game"
            so_far = " so far" if r == now and not st.is_terminal() else ""
            parts.append(f"<div><b>{escape(title)}{so_far}</b></div><ul>{items}</ul>")
        self.text.value = (
            "<div class='evo-summary'>" + "".join(parts) + "</div>"
            if parts
            else "<i>Nothing has happened yet.</i>"
        )
