"""The phase stepper (ipywidgets) over a :class:`~evo_lab.views.widgets.session.Session`'s game tree: status,
step, play to the end of the phase or round, undo/redo, a history slider, variations, new game, load/save.
Game-agnostic: the status line, the history's words and the bots come from the game's view plugin.

>>> from evo_lab.views.widgets.session import Session
>>> st = PhaseStepper(Session(players=2, seed=4))
>>> st.step(); st.session.tree.ply
1
>>> st.undo(); st.history.value
0
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as W

from evo_lab.core.tree import HistoryError, Node
from evo_lab.views.games import view_for
from evo_lab.core.words import plural

from .game_panel import SERVER_PATH_CLASS, UPLOAD_LIMIT, GamePanel  # the Game tab (re-exported here)
from .history import HistoryList
from .session import Session

__all__ = [
    "BOT_WORDS",
    "HUMAN",
    "SERVER_PATH_CLASS",
    "UPLOAD_LIMIT",
    "GamePanel",
    "PhaseStepper",
    "bot_words",
]

#: The "bot" choice meaning: a person decides (Step then only resolves chance).
HUMAN = ""

#: The bots of the registry (``evo_lab.bots``: the generic ones and the games' own) in words, for the
#: *Decisions* menu; a bot not listed here is "<its name> bot" unless its class or factory has a ``title``.
BOT_WORDS = {
    "random": "random bot",
    "greedy": "greedy bot",
    "lively": "lively bot",
    "ismcts": "search bot (ISMCTS)",
    "analysis": "analysis bot",
    "course": "course-2016 bot",
}

#: How many moves the history list shows before and after the current one (it scrolls to the current one).
HISTORY_BEFORE, HISTORY_AFTER = 12, 6


def bot_words(name: str, game: Any = None) -> str:
    """Bot ``name`` in words for the *Decisions* menu: a ``title`` its registry entry (``game``'s) carries, else
    :data:`BOT_WORDS`, else "<name> bot".

    >>> bot_words("ismcts"), bot_words("greedy", "origin"), bot_words("tit_for_tat")
    ('search bot (ISMCTS)', 'greedy bot', 'tit for tat bot')
    """
    title = None
    if game is not None:
        try:
            from evo_lab.bots import bot_table

            title = getattr(bot_table(game).get(name), "title", None)
        except (KeyError, ValueError, ImportError):
            title = None
    if isinstance(title, str) and title.strip():
        return title.strip()
    return BOT_WORDS.get(name, f"{name.replace('_', ' ')} bot")


class PhaseStepper(W.VBox):
    """Round, phase, player to act and climate; step one decision (a person's choice or a bot's); play to
    the end of the phase or round; undo and redo; a history slider; variations listed and selectable."""

    def __init__(self, session: Session):
        self.session = session
        self._updating = False
        self.status = W.HTML()
        # sized in em: the label and the choice grow together with the classroom page's fonts
        self.bot = W.Dropdown(
            description="Decisions",
            style={"description_width": "5em"},
            layout=W.Layout(flex="0 1 16em", width="16em", min_width="13em", max_width="100%"),
        )
        self._set_bots()
        B = W.Button
        lay = W.Layout(width="auto")
        self.b_step = B(
            description="Step", icon="step-forward", tooltip="one chance outcome or decision", layout=lay
        )
        self.b_phase = B(
            description="Phase", icon="fast-forward", tooltip="play to the end of the phase", layout=lay
        )
        self.b_round = B(
            description="Round", icon="forward", tooltip="play to the end of the round", layout=lay
        )
        self.b_end = B(
            description="Game", icon="flag-checkered", tooltip="play to the end of the game", layout=lay
        )
        self.b_undo = B(description="Undo", icon="undo", layout=lay)
        self.b_redo = B(description="Redo", icon="redo", layout=lay)
        self.history = W.IntSlider(
            description="History",
            min=0,
            max=0,
            value=0,
            continuous_update=False,
            style={"description_width": "4.2em"},
            layout=W.Layout(flex="1 1 14em", width="auto", min_width="14em", max_width="100%"),
        )
        # a box of a few lines that scrolls to the current move; a click on a line goes there
        self.moves = HistoryList(layout=W.Layout(width="100%"))
        self.moves.on_goto(lambda ply: self._guard(lambda: self.session.goto_ply(ply)))
        # a list whose lines wrap (a <select> cut a long variation at the column's edge)
        self.variations = W.RadioButtons(
            description="Variations",
            options=[],
            style={"description_width": "6em"},
            layout=W.Layout(width="100%"),
        )
        self.variations.add_class("evo-choices")
        self.variations.add_class("evo-variations")
        self.message = W.HTML()
        self.b_step.on_click(lambda _b: self._guard(self.step))
        self.b_phase.on_click(lambda _b: self._guard(lambda: self.play_to("phase")))
        self.b_round.on_click(lambda _b: self._guard(lambda: self.play_to("round")))
        self.b_end.on_click(lambda _b: self._guard(lambda: self.play_to("end")))
        self.b_undo.on_click(lambda _b: self._guard(self.undo))
        self.b_redo.on_click(lambda _b: self._guard(self.redo))
        self.history.observe(self._slide, "value")
        self.variations.observe(self._pick_variation, "value")
        self.bot.observe(
            lambda c: setattr(self.session, "bot", c["new"]) if not self._updating else None, "value"
        )
        super().__init__(
            children=[
                self.status,
                W.HBox(
                    [self.b_step, self.b_phase, self.b_round, self.b_end, self.b_undo, self.b_redo],
                    layout=W.Layout(flex_flow="row wrap"),
                ),
                # side by side where the column is wide enough (the classroom page), else one under the other
                W.HBox([self.bot, self.history], layout=W.Layout(flex_flow="row wrap", width="100%")),
                self.moves,
                self.variations,
                self.message,
            ]
        )
        self.add_class("evo-stepper")
        session.on_change(self._changed)
        self.refresh()

    def _changed(self, what: str) -> None:
        if what == "error":
            self._error()
            return
        if what == "game":
            self._set_bots()
        self.refresh()

    def _set_bots(self) -> None:
        """The game's bots (its view plugin's); a person deciding is always an option."""
        self._updating = True
        try:
            names = self.session.bot_names()
            game = self.session.game
            self.bot.options = [("you decide", HUMAN)] + [(bot_words(b, game), b) for b in names]
            self.bot.value = self.session.bot if self.session.bot in names else HUMAN
        finally:
            self._updating = False

    # ----- actions
    def _guard(self, fn: Any) -> None:
        try:
            fn()
            self.message.value = ""
        except (ValueError, HistoryError) as e:
            self.message.value = f'<span style="color:#b00020">{escape(str(e))}</span>'

    def _error(self) -> None:
        err = self.session.error
        self.message.value = f'<span style="color:#b00020">{escape(err)}</span>' if err else ""

    def step(self) -> None:
        """One step: a chance outcome, or the chosen bot's decision (an error if a person must decide)."""
        self.session.step(self.bot.value)

    def play_to(self, until: str) -> int:
        """Play to the end of the ``"phase"``, ``"round"`` or game (``"end"``) with the chosen bot (a random
        bot when a person decides)."""
        return self.session.play_to(until, self.bot.value or "random")

    def undo(self) -> None:
        self.session.undo()

    def redo(self) -> None:
        self.session.redo()

    # ----- time travel
    def _slide(self, change: dict) -> None:
        if self._updating or change["new"] == self.session.tree.ply:
            return
        self._guard(lambda: self.session.goto_ply(change["new"]))

    def variation_nodes(self) -> list[Node]:
        """Every alternative continuation in the tree (children of branch points), in tree order."""
        out = []
        for bp in self.session.tree.branch_points():
            out.extend(bp.children)
        return out

    def _pick_variation(self, change: dict) -> None:
        if self._updating or change["new"] is None:
            return
        node = change["new"]
        # go to the end of that line
        self._guard(lambda: self.session.goto(self.session.tree.line(node)[-1]))

    # ----- drawing
    def refresh(self) -> None:
        s = self.session
        st = s.state
        tree = s.tree
        view = s.view
        self.status.value = view.status_html(st, tree)
        line = tree.line()
        self._updating = True
        try:
            self.history.max = max(0, len(line) - 1)
            self.history.value = tree.ply
            items = []
            viewer = self.session.viewer
            first = max(1, tree.ply - HISTORY_BEFORE)
            for ply, n in enumerate(line[first : tree.ply + HISTORY_AFTER + 1], start=first):
                txt = escape(view.history_line(n, viewer))
                cls = " class='evo-current'" if n is tree.current else ""
                k = len(n.parent.children) - 1 if n.parent else 0
                alt = f" <i>(+{plural(k, 'other line')})</i>" if k else ""
                items.append(
                    f"<div data-ply='{ply}'{cls} title='{escape(_seen(n, viewer))}'>{txt}{alt}</div>"
                )
            self.moves.value = (
                "<div class='evo-history'>" + "".join(items) + "</div>" if items else "<i>no moves yet</i>"
            )
            nodes = self.variation_nodes()
            path = set(map(id, tree.path()))
            opts = [
                (
                    (
                        f"after move {n.ply - 1}: {view.history_line(n, viewer).split('. ', 1)[-1]}"
                        f"{_line_marks(n.is_mainline(), id(n) in path)}"
                    ),
                    n,
                )
                for n in nodes
            ]
            self.variations.options = opts
            self.variations.value = None
            self.variations.layout.display = (
                "" if opts else "none"
            )  # no empty box while there is one line only
        finally:
            self._updating = False
        self.b_undo.disabled = not s.can_undo()
        self.b_redo.disabled = not s.can_redo()
        for b in (self.b_step, self.b_phase, self.b_round, self.b_end):
            b.disabled = st.is_terminal()


def _line_marks(main: bool, shown: bool) -> str:
    """What a variation's label adds: whether it is the main line and whether the board shows it now.

    >>> _line_marks(True, True), _line_marks(False, True), _line_marks(False, False)
    (' (the main line, shown now)', ' (shown now)', '')
    """
    marks = ["the main line"] * main + ["shown now"] * shown
    return f" ({', '.join(marks)})" if marks else ""


def _seen(node, viewer: int | None) -> str:
    """A history entry's action as ``viewer`` may see it, in words (hidden outcomes masked; the teacher sees all):
    the line's tooltip."""
    if node.parent is None or node.action is None:
        return "the start of the game"
    return view_for(node.parent.state.game).action_words(node.parent.state, node.action, viewer)
