"""``ActionPicker``: the legal actions of the player to act, in words, with their odds; chance outcomes with their
exact probabilities. With a board, the list follows the piece selected there (a dinosaur in Evo 2e, a species
or a card in Evolution). Game-agnostic: the words and what a selection owns come from the game's view plugin.

>>> from evo_lab.views.widgets.session import Session
>>> s = Session(players=2, seed=1); _ = s.play_to("setup")
>>> picker = ActionPicker(s)
>>> picker.choices()[0][1].startswith("bid")
True
"""

from __future__ import annotations

from collections.abc import Hashable
from html import escape
from typing import Any

import ipywidgets as W

from .common import Panel, error_html, fmt_prob, player_html
from .session import Session

__all__ = ["ActionPicker"]


class ActionPicker(Panel):
    """The legal actions of the player to act, in words, with their immediate odds; chance outcomes with
    their exact probabilities. ``Play`` applies the chosen one through the engine. ``board``: the explorer's
    board widget; the actions of the piece selected there are listed first (and chosen)."""

    def __init__(self, session: Session, board: Any = None):
        self.head = W.HTML()
        # a list of choices whose lines wrap (a <select> cuts a long line at a narrow column), scrolling past ~12
        self.select = W.RadioButtons(
            options=[], layout=W.Layout(width="100%", max_height="330px", overflow="auto")
        )
        self.select.add_class("evo-choices")
        self.play_button = W.Button(description="Play", button_style="primary", icon="play")
        self.message = W.HTML()
        self.note = W.HTML()
        self.play_button.on_click(lambda _b: self.play_selected())
        super().__init__(
            session, [self.head, self.select, W.HBox([self.play_button]), self.note, self.message]
        )
        self.add_class("evo-action-picker")
        self.board = board
        for name in session.view.selection_traits if board is not None else ():
            if board.has_trait(name):
                board.observe(lambda _c: self.refresh(), name)
        self.refresh()

    def selected_space(self) -> int:
        """The space of the dinosaur selected on an Evo 2e board (-1: none)."""
        sel = self.selection()
        return sel if isinstance(sel, int) else -1

    def selection(self) -> Any:
        """What is selected on the board (the view plugin reads it; None: nothing)."""
        return self.session.view.selection(self.board) if self.board is not None else None

    def _split(self) -> tuple[list, list]:
        """The legal actions of the player to act: those of the selected piece, then the others."""
        st = self.session.state
        sel = self.selection()
        view = self.session.view
        mine: list[Hashable] = []
        rest: list[Hashable] = []
        for a in st.legal_actions():
            (mine if sel is not None and view.belongs(st, a, sel) else rest).append(a)
        return mine, rest

    def choices(self) -> list[tuple[str, str]]:
        """``(label in words with odds, action string)`` for every legal action or chance outcome; the actions
        of the piece selected on the board come first."""
        st = self.session.state
        if st.is_terminal():
            return []
        v = self.session.viewer
        view = self.session.view
        if st.is_chance_node():
            if view.hidden_chance(st, v):
                return []  # the outcomes would show what is left in the bag or the deck: step instead
            return [
                (
                    f"{view.action_words(st, a, v).removeprefix('chance: ')}: {fmt_prob(p)}",
                    st.action_to_string(a),
                )
                for a, p in st.chance_outcomes()
            ]
        if v is not None and v != st.current_player():
            return []
        mine, rest = self._split()
        return [(view.choice_label(st, a), st.action_to_string(a)) for a in mine + rest]

    def refresh(self) -> None:
        st = self.session.state
        view = self.session.view
        cur = st.current_player()
        if st.is_terminal():
            head = view.game_over_html(st)
            head = head[:1].upper() + head[1:]
        elif st.is_chance_node():
            head = (
                f"Chance: <b>{escape(view.node_words(st))}</b> (choose an outcome, or Step for a random one)"
            )
        elif self.session.viewer is not None and self.session.viewer != cur:
            head = (
                f"Waiting for {player_html(cur)} to {escape(view.node_words(st))}; "
                f"you view as {player_html(self.session.viewer)}"
            )
        else:
            head = f"{player_html(cur)} to <b>{escape(view.node_words(st))}</b>"
        opts = self.choices()
        sel = self.selection()
        n_sel = len(self._split()[0]) if sel is not None and opts and not st.is_chance_node() else 0
        note = view.selection_note(st, sel, n_sel) if sel is not None else ""
        if note:
            head += "<br>" + note
        self.head.value = f'<div class="evo-picker-head">{head}</div>'
        self.select.options = opts
        self.select.value = opts[0][1] if opts else None
        self.play_button.disabled = not opts
        note = view.actions_note(st) if opts else ""
        self.note.value = (
            f"<div class='evo-note evo-small' style='color:#5a4500'>{escape(note)}</div>" if note else ""
        )

    def play_selected(self) -> str:
        """Apply the selected action; returns the error message ("" when played)."""
        if self.select.value is None:
            return ""
        err = self.session.try_play(self.select.value)
        self.message.value = error_html(err)
        return err
