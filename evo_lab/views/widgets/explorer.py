"""``Explorer``: the whole kit in one layout (JupyterLab 4, Notebook 7, VS Code, Voila).

>>> import evo_lab
>>> ex = Explorer(evo_lab.Game(players=2, seed=5))
>>> ex.state.phase_name()            # a Game is dealt: setup's chance nodes are resolved
'mutation'
>>> _ = ex.board.click(ex.board.snapshot["direct"][0]["dst"]) if ex.board.snapshot["direct"] else None
>>> ex.set_viewer(1); ex.session.viewer
1
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as W

from evo_lab.core.tree import GameTree
from evo_lab.engine.game import Game
from evo_lab.engine.state import State
from evo_lab.views.svg import PLAYER_COLOURS

from .board_widget import BoardWidget
from .panels import ActionPicker, AuctionPanel, ClimatePanel, CombatInspector, PlayersPanel, StoryPanel, badge_html
from .session import Session
from .stepper import GamePanel, PhaseStepper

__all__ = ["Explorer"]


class Explorer(W.VBox):
    """Board, phase stepper, action picker and the inspector tabs (combat, climate, auction, players, game
    files) over one game tree.

    ``Explorer(state_or_game=None, *, players=4, seed=0, viewer=None, bot="random", deal=True)``: a
    :class:`~evo_lab.State`, :class:`~evo_lab.Game`, :class:`~evo_lab.GameTree` or ``None`` (a new seeded
    game). ``deal``: resolve the setup chance nodes of a fresh game. ``viewer``: act as that player (their
    hidden information only) or ``None`` (the omniscient teacher).
    """

    def __init__(self, state_or_game: State | Game | GameTree | None = None, *, players: int = 4,
                 seed: int | None = 0, viewer: int | None = None, bot: str = "random", deal: bool = True):
        session = Session(state_or_game, players=players, seed=seed, viewer=viewer, bot=bot)
        if deal and session.state.phase_name() == "setup":
            session.play_to("setup")
        self.session = session
        self.board = BoardWidget(session=session, layout=W.Layout(width="100%"))
        self.stepper = PhaseStepper(session)
        self.picker = ActionPicker(session, board=self.board)
        self.combat = CombatInspector(session, board=self.board)
        self.climate = ClimatePanel(session)
        self.auction = AuctionPanel(session)
        self.players = PlayersPanel(session)
        self.story = StoryPanel(session)
        self.files = GamePanel(session)
        self.header = W.HTML()
        self.view = W.Dropdown(description="View as", style={"description_width": "60px"},
                               layout=W.Layout(width="260px"))
        self._set_view_options()
        self.view.observe(self._view_picked, "value")
        self.tabs = W.Tab(children=[self.picker, self.combat, self.climate, self.auction, self.players, self.story,
                                    self.files], layout=W.Layout(width="100%", min_width="0"))
        for i, t in enumerate(("Actions", "Combat", "Climate", "Auction", "Players", "Story", "Game")):
            self.tabs.set_title(i, t)
        left = W.VBox([self.board], layout=W.Layout(flex="1 1 520px", min_width="360px", max_width="780px"))
        right = W.VBox([self.stepper, self.tabs], layout=W.Layout(flex="1 1 420px", min_width="340px"))
        super().__init__(children=[W.HBox([self.header, self.view], layout=W.Layout(justify_content="space-between",
                                                                               flex_flow="row wrap")),
                                   W.HBox([left, right], layout=W.Layout(flex_flow="row wrap", width="100%"))],
                         layout=W.Layout(width="100%"))
        self.add_class("evo-explorer")
        session.on_change(self._changed)
        self._changed("game")

    # ----- convenience
    @property
    def state(self) -> State:
        """The current position."""
        return self.session.state

    @property
    def tree(self) -> GameTree:
        return self.session.tree

    def play(self, action: Any) -> None:
        """Apply an action or its string at the current position (raises if illegal)."""
        self.session.play(action)

    def set_viewer(self, viewer: int | None) -> None:
        """Act as player ``viewer`` (0-based; their hidden information only) or ``None`` (the teacher)."""
        if viewer != self.session.viewer:
            self.session.set_viewer(viewer)
        if self.view.value != (-1 if viewer is None else viewer):
            self.view.value = -1 if viewer is None else viewer

    def _view_picked(self, change: dict) -> None:
        if not getattr(self, "_swapping_views", False):
            self.set_viewer(None if change["new"] < 0 else change["new"])

    def _set_view_options(self) -> None:
        n = self.session.game.players
        keep = self.session.viewer
        # -1 = the teacher (a Dropdown shows the value None as "nothing selected"); replacing the options resets
        # the value, which must not switch a player's view to the teacher's
        self._swapping_views = True
        try:
            self.view.options = [("teacher (everything)", -1)] + [(f"player {p + 1}", p) for p in range(n)]
        finally:
            self._swapping_views = False
        if keep is not None and keep >= n:
            keep = None
        if keep != self.session.viewer:
            self.session.set_viewer(keep)
        self.view.value = -1 if keep is None else keep

    def _changed(self, what: str) -> None:
        if what == "game":
            self._set_view_options()
        g = self.session.game
        v = self.session.viewer
        who = "the teacher (omniscient)" if v is None else f"<b style='color:{PLAYER_COLOURS[v]}'>player {v + 1}</b>"
        self.header.value = (f"<div style='font-size:16px'><b>evo-lab explorer</b>: Evo 2e, {g.players} players, "
                             f"board {escape(g.board.name)}; viewing as {who} {badge_html(g)}</div>")
