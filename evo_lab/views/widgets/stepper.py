"""The phase stepper (ipywidgets) over a :class:`~evo_lab.views.widgets.session.Session`'s game tree: status,
step, play to the end of the phase or round, undo/redo, a history slider, variations, new game, load/save.

>>> from evo_lab.views.widgets.session import Session
>>> st = PhaseStepper(Session(players=2, seed=4))
>>> st.step(); st.session.tree.ply
1
>>> st.undo(); st.history.value
0
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as W

from evo_lab.board import Board
from evo_lab.core.tree import HistoryError, Node
from evo_lab.views.svg import CLIMATE_COLOURS, PLAYER_COLOURS

from evo_lab.views.words import history_line, plural

from . import odds_bridge
from .common import row
from .session import Session, SessionError, bot_names

__all__ = ["HUMAN", "GamePanel", "PhaseStepper"]

#: The "bot" choice meaning: a person decides (Step then only resolves chance).
HUMAN = ""


def _p(p: int) -> str:
    return f'<b style="color:{PLAYER_COLOURS[p]}">P{p + 1}</b>' if 0 <= p < len(PLAYER_COLOURS) else f"P{p + 1}"


class PhaseStepper(W.VBox):
    """Round, phase, player to act and climate; step one decision (a person's choice or a bot's); play to
    the end of the phase or round; undo and redo; a history slider; variations listed and selectable."""

    def __init__(self, session: Session):
        self.session = session
        self.status = W.HTML()
        self.bot = W.Dropdown(description="Decisions", options=[("you decide", HUMAN)] + [(f"bot: {b}", b)
                                                                                         for b in bot_names()],
                              value=session.bot if session.bot in bot_names() else HUMAN,
                              style={"description_width": "70px"}, layout=W.Layout(width="230px"))
        B = W.Button
        lay = W.Layout(width="auto")
        self.b_step = B(description="Step", icon="step-forward", tooltip="one chance outcome or decision", layout=lay)
        self.b_phase = B(description="Phase", icon="fast-forward", tooltip="play to the end of the phase", layout=lay)
        self.b_round = B(description="Round", icon="forward", tooltip="play to the end of the round", layout=lay)
        self.b_end = B(description="Game", icon="flag-checkered", tooltip="play to the end of the game", layout=lay)
        self.b_undo = B(description="Undo", icon="undo", layout=lay)
        self.b_redo = B(description="Redo", icon="redo", layout=lay)
        self.history = W.IntSlider(description="History", min=0, max=0, value=0, continuous_update=False,
                                   style={"description_width": "70px"}, layout=W.Layout(width="100%"))
        self.moves = W.HTML(layout=W.Layout(max_height="160px", overflow="auto"))
        self.variations = W.Select(description="Variations", options=[], rows=4,
                                   style={"description_width": "70px"}, layout=W.Layout(width="100%"))
        self.message = W.HTML()
        self.b_step.on_click(lambda _b: self._guard(self.step))
        self.b_phase.on_click(lambda _b: self._guard(lambda: self.play_to("phase")))
        self.b_round.on_click(lambda _b: self._guard(lambda: self.play_to("round")))
        self.b_end.on_click(lambda _b: self._guard(lambda: self.play_to("end")))
        self.b_undo.on_click(lambda _b: self._guard(self.undo))
        self.b_redo.on_click(lambda _b: self._guard(self.redo))
        self.history.observe(self._slide, "value")
        self.variations.observe(self._pick_variation, "value")
        self.bot.observe(lambda c: setattr(self.session, "bot", c["new"]), "value")
        self._updating = False
        super().__init__(children=[
            self.status,
            W.HBox([self.b_step, self.b_phase, self.b_round, self.b_end, self.b_undo, self.b_redo],
                   layout=W.Layout(flex_flow="row wrap")),
            self.bot, self.history, self.moves, self.variations, self.message])
        self.add_class("evo-stepper")
        session.on_change(lambda what: self.refresh() if what != "error" else self._error())
        self.refresh()

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
        cur = st.current_player()
        if st.is_terminal():
            n = odds_bridge.rounds_played(st)
            who = f"game over after {plural(n, 'round')}, won by " + ", ".join(_p(p) for p in st.winners())
        elif cur == -1:
            who = f"chance ({escape(st.node_name())})"
        else:
            who = f"{_p(cur)} to {escape(st.node_name())}"
        clim = ", ".join(f"{t} <span style='color:{CLIMATE_COLOURS[c]}'>{c}</span>" for t, c in st.terrain_states().items())
        head = f"<b>{who}</b>" if st.is_terminal() else f"<b>Round {st.round}</b>, {escape(st.phase_name())} phase: {who}"
        self.status.value = (f"<div style='font-size:15px'>{head}</div><div style='font-size:12px'>climate section "
                             f"{st.section}: {clim}; move {tree.ply} of the game</div>")
        line = tree.line()
        self._updating = True
        try:
            self.history.max = max(0, len(line) - 1)
            self.history.value = tree.ply
            items = []
            viewer = self.session.viewer
            for n in line[max(1, tree.ply - 8): tree.ply + 6]:
                txt = escape(history_line(n, viewer))
                mark = "font-weight:bold;background:#ffe3f6" if n is tree.current else ""
                k = len(n.parent.children) - 1 if n.parent else 0
                alt = f" <i>(+{plural(k, 'other line')})</i>" if k else ""
                items.append(f"<div style='{mark}' title='{escape(_seen(n, viewer))}'>{txt}{alt}</div>")
            self.moves.value = ("<div class='evo-history' style='line-height:1.35;font-size:13px'>" + "".join(items)
                                + "</div>" if items else "<i>no moves yet</i>")
            nodes = self.variation_nodes()
            path = set(map(id, tree.path()))
            opts = [((f"{'> ' if id(n) in path else ''}after move {n.ply - 1}: {history_line(n, viewer).split('. ', 1)[-1]}"
                      f"{' (main line)' if n.is_mainline() else ''}"), n) for n in nodes]
            self.variations.options = opts
            self.variations.value = None
        finally:
            self._updating = False
        self.b_undo.disabled = not tree.can_undo()
        self.b_redo.disabled = not tree.can_redo()
        for b in (self.b_step, self.b_phase, self.b_round, self.b_end):
            b.disabled = st.is_terminal()


class GamePanel(W.VBox):
    """New game (players, seed, board) and load/save of a tree, record or position as JSON text or a file."""

    def __init__(self, session: Session):
        self.session = session
        style = {"description_width": "60px"}
        self.players = W.BoundedIntText(description="Players", min=2, max=5, value=session.game.players, style=style,
                                        layout=W.Layout(width="140px"))
        self.seed = W.IntText(description="Seed", value=session.seed or 0, style=style, layout=W.Layout(width="160px"))
        self.board = W.Dropdown(description="Board", options=[("standard for the player count", "")],
                                style=style, layout=W.Layout(width="auto", min_width="290px"))
        self.board_file = W.Text(description="or file", placeholder="path to a board JSON", style=style,
                                 layout=W.Layout(width="calc(100% - 4px)", max_width="460px"))
        self.b_new = W.Button(description="New game", icon="plus", button_style="success")
        self.kind = W.ToggleButtons(options=[("game tree", "tree"), ("record", "record"), ("position", "position")],
                                    value="tree")
        self.text = W.Textarea(placeholder="JSON of an evo-lab tree, record or position",
                               layout=W.Layout(width="100%", height="120px"))
        self.path = W.Text(description="File", placeholder="game.json (or leave empty: the text box)", style=style,
                           layout=W.Layout(flex="1 1 220px", min_width="200px", max_width="420px"))
        self.b_save = W.Button(description="Save", icon="download")
        self.b_load = W.Button(description="Load", icon="upload")
        self.message = W.HTML()
        self.b_new.on_click(lambda _b: self.new_game())
        self.b_save.on_click(lambda _b: self.save())
        self.b_load.on_click(lambda _b: self.load())
        super().__init__(children=[
            W.HTML("<b>New game</b>"), row([self.players, self.seed, self.board]), self.board_file, self.b_new,
            W.HTML("<b>Save and load</b>: Save writes the text box (and the file if a path is given); Load reads "
                   "the file if a path is given, else the text box, as the kind chosen here"),
            self.kind, self.text, row([self.path, self.b_save, self.b_load]), self.message],
            layout=W.Layout(width="100%", min_width="0"))
        self.add_class("evo-game-panel")

    def _say(self, msg: str, ok: bool = True) -> None:
        self.message.value = f'<span style="color:{"#1b7a35" if ok else "#b00020"}">{escape(msg)}</span>'

    def new_game(self) -> str:
        """Start the game set in the fields; returns the error message or ""."""
        try:
            board = Board.load(self.board_file.value.strip()) if self.board_file.value.strip() else None
            self.session.new_game(players=self.players.value, seed=self.seed.value, board=board)
        except (ValueError, OSError) as e:
            self._say(str(e), ok=False)
            return str(e)
        self._say(f"new {self.players.value}-player game, seed {self.seed.value}")
        return ""

    def save(self) -> str:
        """Write the chosen kind of JSON into the text box (and the file if given); returns the text."""
        try:
            text = self.session.save(self.kind.value)
        except (ValueError, SessionError) as e:
            self._say(str(e), ok=False)
            return ""
        self.text.value = text
        if self.path.value.strip():
            Path(self.path.value.strip()).write_text(text, encoding="utf-8")
        self._say(f"saved the {self.kind.value} ({len(text)} characters)")
        return text

    def load(self) -> str:
        """Load the file at the typed path if one is given, else the JSON in the text box, as the kind chosen
        above (a tree, a record's line of play, or a position). Errors leave the game unchanged and say what
        was wrong; returns the error or ""."""
        src = self.path.value.strip()
        try:
            if src:
                fmt = self.session.load(Path(src), kind=self.kind.value)
            elif self.text.value.strip():
                fmt = self.session.load(self.text.value, kind=self.kind.value)
            else:
                raise SessionError("nothing to load: type a file path, or paste the JSON of a game tree, record "
                                   "or position into the text box")
        except (ValueError, OSError) as e:
            self._say(str(e), ok=False)
            return str(e)
        where = f"from {src}" if src else "from the text box"
        self._say(f"loaded {'an' if fmt[0] in 'aeiou' else 'a'} {fmt} {where}")
        return ""


def _seen(node, viewer: int | None) -> str:
    """A history entry as ``viewer`` may see it (hidden chance outcomes masked; the teacher sees all)."""
    if node.parent is None or node.action is None or viewer is None:
        return node.text or ""
    return node.parent.state.masked_action_string(node.action, viewer)
