"""``ActionPicker``: the legal actions of the player to act, in words, with their odds; chance outcomes with their
exact probabilities. With a board, the list follows the dinosaur selected there.

>>> from evo_lab.views.widgets.session import Session
>>> s = Session(players=2, seed=1); _ = s.play_to("setup")
>>> picker = ActionPicker(s)
>>> picker.choices()[0][1].startswith("bid")
True
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as W

from evo_lab.views.snapshot import BOARD_KINDS
from evo_lab.views.words import action_words, choice_label, plural

from .common import Panel, error_html, fmt_prob, player_html
from .session import Session

__all__ = ["ActionPicker"]

_HIDDEN_CHANCE = ("exclude", "gene", "card", "peek")


class ActionPicker(Panel):
    """The legal actions of the player to act, in words, with their immediate odds; chance outcomes with
    their exact probabilities. ``Play`` applies the chosen one through the engine. ``board``: a
    :class:`BoardWidget` whose selected dinosaur's actions are listed first (and chosen)."""

    def __init__(self, session: Session, board: Any = None):
        self.head = W.HTML()
        self.select = W.Select(options=[], rows=10, layout=W.Layout(width="100%"))
        self.play_button = W.Button(description="Play", button_style="primary", icon="play")
        self.message = W.HTML()
        self.play_button.on_click(lambda _b: self.play_selected())
        super().__init__(session, [self.head, self.select, W.HBox([self.play_button]), self.message])
        self.add_class("evo-action-picker")
        self.board = board
        if board is not None:
            board.observe(lambda _c: self.refresh(), "selected")
        self.refresh()

    def selected_space(self) -> int:
        """The space of the dinosaur selected on the board (-1: none)."""
        return self.board.selected if self.board is not None else -1

    def choices(self) -> list[tuple[str, str]]:
        """``(label in words with odds, action string)`` for every legal action or chance outcome; the actions
        of the dinosaur selected on the board come first."""
        st = self.session.state
        if st.is_terminal():
            return []
        v = self.session.viewer
        if st.is_chance_node():
            if v is not None and st.node_name() in _HIDDEN_CHANCE:
                return []  # the outcomes would show what is left in the bag or the deck: step instead
            return [(f"{action_words(st, a, v).removeprefix('chance: ')}: {fmt_prob(p)}", st.action_to_string(a))
                    for a, p in st.chance_outcomes()]
        if v is not None and v != st.current_player():
            return []
        sel = self.selected_space()
        mine, rest = [], []
        for a in st.legal_actions():
            item = (choice_label(st, a), st.action_to_string(a))
            (mine if sel >= 0 and a.kind in BOARD_KINDS and a.a == sel else rest).append(item)
        return mine + rest

    def refresh(self) -> None:
        st = self.session.state
        cur = st.current_player()
        sel = self.selected_space()
        if st.is_terminal():
            head = "Game over: " + ", ".join(f"{player_html(p)} {mp} MP" for p, mp in enumerate(st.returns()))
        elif st.is_chance_node():
            head = f"Chance: <b>{escape(st.node_name())}</b> (choose an outcome, or Step for a random one)"
        elif self.session.viewer is not None and self.session.viewer != cur:
            head = (f"Waiting for {player_html(cur)} ({escape(st.node_name())}); "
                    f"you view as {player_html(self.session.viewer)}")
        else:
            head = f"{player_html(cur)} to <b>{escape(st.node_name())}</b>"
        opts = self.choices()
        n_sel = sum(1 for a in st.legal_actions() if a.kind in BOARD_KINDS and a.a == sel) \
            if sel >= 0 and opts and not st.is_chance_node() else 0
        if n_sel:
            head += (f"<br>dinosaur on <b>{st.game.labels[sel]}</b> selected on the board: "
                     f"its {plural(n_sel, 'action')} first")
        self.head.value = f'<div style="font-size:14px">{head}</div>'
        self.select.options = opts
        self.select.value = opts[0][1] if opts else None
        self.play_button.disabled = not opts

    def play_selected(self) -> str:
        """Apply the selected action; returns the error message ("" when played)."""
        if self.select.value is None:
            return ""
        err = self.session.try_play(self.select.value)
        self.message.value = error_html(err)
        return err
