"""``Explorer``: the whole kit in one layout (JupyterLab 4, Notebook 7, VS Code, Voila), for any registered game.

What every game shares lives here: the session (game tree, viewer, bots), the phase stepper with undo/redo, the
history slider and the variations, the action picker, "view as", the game files tab, the players and story
tabs. What differs comes from the game's view plugin (:mod:`evo_lab.views.games`): the board widget and the
game's own inspector tabs (Evo 2e: Combat, Climate, Auction; Evolution: Attack). Loading another game's file
or starting another game swaps them.

>>> import evo_lab
>>> ex = Explorer(evo_lab.Game(players=2, seed=5))
>>> ex.state.phase_name()            # a Game is dealt: setup's chance nodes are resolved
'mutation'
>>> _ = ex.board.click(ex.board.snapshot["direct"][0]["dst"]) if ex.board.snapshot["direct"] else None
>>> ex.set_viewer(1); ex.session.viewer
1
>>> Explorer(scenario="attack").state.node_name()
'move'
>>> ev = Explorer(evo_lab.make_game("evolution", players=3, seed=1))
>>> ev.state.phase, [ev.tabs.get_title(i) for i in range(len(ev.tabs.children))]
('food', ['Actions', 'Attack', 'Analysis', 'Players', 'Story', 'Game'])
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from evo_lab.core.tree import GameTree
from evo_lab.views.colours import seat_colour

from .analysis_tab import AnalysisTab
from .common import badge_html
from .picker import ActionPicker
from .session import DEFAULT_GAME, Session, SessionError
from .stepper import GamePanel, PhaseStepper

__all__ = ["Explorer"]


def _scenario_state(source: Any, name: str) -> Any:
    """The state of preset ``name`` of ``source``'s game (a registry id, game or state; None: the default game)."""
    from evo_lab.views.games import view_for

    try:
        return view_for(DEFAULT_GAME if source is None else source).scenario(name)
    except KeyError as e:
        raise SessionError(str(e.args[0] if e.args else e)) from None


class Explorer(W.VBox):
    """Board, phase stepper, action picker and the inspector tabs over one game tree.

    ``Explorer(source=None, *, players=4, seed=0, viewer=None, bot="random", deal=True, **options)``:
    ``source`` is a state, a game (``evo_lab.make_game("evolution", players=4, seed=1)``), a
    :class:`~evo_lab.GameTree`, a registry id (``"evolution"``: a new game with ``players``, ``seed`` and the
    game's ``options``) or ``None`` (a new Evo 2e game). ``deal``: resolve the setup chance nodes of a fresh
    game. ``scenario``: start at that preset of the game (``source``: its registry id, or None for Evo 2e; the
    Game tab lists them). ``viewer``: act as that player (their hidden information only) or ``None`` (the omniscient teacher).
    ``server_files=False`` (the classroom page): the Game tab reads and writes no file of the server, only
    uploads and downloads (:class:`~evo_lab.views.widgets.stepper.GamePanel`).

    Attributes: ``session``, ``board``, ``stepper``, ``picker``, ``players``, ``story``, ``analysis`` (the
    Analysis tab), ``files``, ``tabs``, and one per tab of the game's plugin (``combat``, ``climate``, ``auction`` in Evo 2e; ``attack`` in
    Evolution).
    """

    def __init__(
        self,
        source: Any = None,
        *,
        players: int = 4,
        seed: int | None = 0,
        viewer: int | None = None,
        bot: str = "random",
        deal: bool = True,
        scenario: str | None = None,
        server_files: bool = True,
        **options: Any,
    ):
        if scenario is not None:
            source = _scenario_state(source, scenario)
        session = Session(
            source, players=players, seed=seed, viewer=viewer, bot=bot, server_files=server_files, **options
        )
        if deal:
            session.deal()
        self.session = session
        self._listener = self._changed
        session.on_change(self._listener)  # first: a new game's widgets exist before the others redraw
        self.stepper = PhaseStepper(session)
        self.files = GamePanel(session)
        if scenario is not None:
            self.files.mark_scenario(scenario)  # the Game tab's menu and note say what is on the board
        self.header = W.HTML()
        self.view = W.Dropdown(
            description="View as",
            style={"description_width": "5em"},
            layout=W.Layout(width="20em", max_width="100%"),
        )
        self._set_view_options()
        self.view.observe(self._view_picked, "value")
        self.tabs = W.Tab(layout=W.Layout(width="100%", min_width="0"))
        self.tabs.observe(
            lambda ch: (
                self.analysis.show(self.tabs.children[ch["new"]] is self.analysis)
                if ch["new"] is not None
                else None
            ),
            "selected_index",
        )
        # the board takes three fifths of the room and the inspector column two (up to 720 px), side by side down to
        # some 800 px (JupyterLab at 1280x720 with its file browser open gives 848): the board and the stepper in
        # one view, the inspector's tab names on one line (kit.css)
        self.left = W.VBox(layout=W.Layout(flex="3 1 400px", min_width="300px"))
        self._plugin: type | None = None
        self._tabs_key: Any = None
        self._game_attrs: list[str] = []
        self._game_listeners: list = []
        self._build_game_widgets()
        self.right = W.VBox(
            [self.stepper, self.tabs], layout=W.Layout(flex="2 1 400px", min_width="330px", max_width="720px")
        )
        top = W.HBox(
            [self.header, self.view], layout=W.Layout(justify_content="space-between", flex_flow="row wrap")
        )
        main = W.HBox([self.left, self.right], layout=W.Layout(flex_flow="row wrap", width="100%"))
        for box, cls in (
            (top, "evo-explorer-top"),
            (main, "evo-explorer-main"),
            (self.left, "evo-explorer-left"),
            (self.right, "evo-explorer-right"),
        ):
            box.add_class(cls)
        super().__init__(children=[top, main], layout=W.Layout(width="100%"))
        self.add_class("evo-explorer")
        self._changed("viewer")

    # ----- the game's own widgets (its view plugin)
    def _build_game_widgets(self) -> None:
        """Board, action picker, the plugin's tabs, players and story for the session's game."""
        s = self.session
        if self._game_listeners:
            s.drop_listeners(self._game_listeners)
        for attr in self._game_attrs:
            delattr(self, attr)
        before = set(map(id, s.listeners()))
        view = s.view
        self.board = view.make_board(s)
        self.picker = ActionPicker(s, board=self.board)
        extra = view.extra_panels(s, self.board)
        self.players = view.players_panel(s)
        self.story = view.story_panel(s)
        self.analysis = AnalysisTab(s)
        self._game_listeners = [cb for cb in s.listeners() if id(cb) not in before]
        board_first = [cb for cb in self._game_listeners if getattr(cb, "__self__", None) is self.board]
        s.put_first([self._listener] + board_first)
        self._game_attrs = []
        for _title, attr, widget in extra:
            setattr(self, attr, widget)
            self._game_attrs.append(attr)
        titles = ["Actions"] + [t for t, _a, _w in extra] + ["Analysis", "Players", "Story", "Game"]
        self.tabs.children = (
            [self.picker] + [w for _t, _a, w in extra] + [self.analysis, self.players, self.story, self.files]
        )
        for i, t in enumerate(titles):
            self.tabs.set_title(i, t)
        self.tabs.selected_index = 0
        self.left.children = [self.board]
        self._plugin = type(view)
        self._tabs_key = view.tabs_key(s.game)

    # ----- convenience
    @property
    def state(self) -> Any:
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
            view = self.session.view
            if type(view) is not self._plugin or view.tabs_key(self.session.game) != self._tabs_key:
                self._build_game_widgets()
            self._set_view_options()
        elif what not in ("viewer",):
            return
        g = self.session.game
        v = self.session.viewer
        who = (
            "the teacher (omniscient)"
            if v is None
            else f"<b style='color:{seat_colour(v)}'>player {v + 1}</b>"
        )
        self.header.value = (
            f"<div style='font-size:16px'><b>evo-lab explorer</b>: {self.session.view.header_html(g)}"
            f"; viewing as {who} {badge_html(g)}</div>"
        )
