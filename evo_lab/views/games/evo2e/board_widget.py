"""``BoardWidget``: the interactive board (anywidget; ESM and CSS shipped as package files).

The position travels to the browser as a JSON snapshot (:mod:`evo_lab.views.snapshot`); a click on a
highlighted target comes back as an action string that the engine parses and checks. The same click logic
runs from Python (:meth:`BoardWidget.click`), which is what the tests and scripts use.

>>> w = BoardWidget(players=2, seed=1)
>>> _ = w.session.play_to("setup")
>>> w.snapshot["node"]
'bid'
"""

from __future__ import annotations

import pathlib
from typing import TYPE_CHECKING, Any, cast

import anywidget
import traitlets

from evo_lab.views.snapshot import board_geometry, snapshot
from evo_lab.games.evo2e.words import action_words

if TYPE_CHECKING:
    from evo_lab.games.evo2e.actions import Action

from evo_lab.views.widgets.common import KIT_CSS
from evo_lab.views.widgets.session import Session

__all__ = ["BoardWidget"]

_HERE = pathlib.Path(__file__).parent
_KIND_ORDER = ("move", "attack", "flippers", "wings", "birth", "escape", "remove")


class BoardWidget(anywidget.AnyWidget):
    """The board of a :class:`Session`: select a dinosaur, see its targets, click one to play it.

    ``BoardWidget(source=None, *, session=None, **session_kwargs)``: share ``session`` with other panels, or
    give a State/Game/GameTree (or nothing) to make a new one.
    """

    _esm = _HERE / "board.js"
    _css = (_HERE / "board.css").read_text(encoding="utf-8") + "\n" + KIT_CSS
    geometry = traitlets.Dict().tag(sync=True)
    snapshot = traitlets.Dict().tag(sync=True)
    selected = traitlets.Int(-1).tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    #: show the "assumed data (N)" badge over the board (off in the explorer, whose top bar shows it once)
    show_assumed = traitlets.Bool(True).tag(sync=True)

    def __init__(self, source: Any = None, *, session: Session | None = None, **kw: Any):
        super().__init__()
        self.session = session if session is not None else Session(source, **kw)
        self._board = None
        self.session.on_change(self._on_session)
        self.on_msg(self._on_msg)
        self.refresh()

    # ----- drawing
    def refresh(self) -> None:
        """Send the current position (and the board geometry when the board changed) with the selection, in one
        message: a dinosaur that just moved stays selected while it can still act."""
        st = self.session.state
        if self._board is not st.game.board:
            self._board = st.game.board
            self.geometry = board_geometry(st.game.board)
        node = self.session.tree.current
        text = None
        if not st.events(last=True) and node.parent is not None and node.action is not None:
            # an action without an event: say what it was
            text = action_words(node.parent.state, cast("Action", node.action), self.session.viewer)
        snap = snapshot(st, self.session.viewer, ply=self.session.tree.ply, action_text=text)
        sel = self.selected
        last = st.last if st.events(last=True) else ()
        if sel >= 0 and last and last[0] in ("move", "wings", "flippers", "fight") and last[1] == sel:
            # the selected dinosaur moved (or won its fight): keep it selected where it stands now
            sel = last[2] if last[0] != "fight" or last[3] == "win" else last[1]
        if sel >= 0 and str(sel) not in snap["targets"]:
            sel = -1
        with self.hold_sync():
            self.snapshot = snap
            self.selected = sel
            self.error = self.session.error

    def _on_session(self, what: str) -> None:
        if what == "error":
            self.error = self.session.error
            return
        self.refresh()

    # ----- interaction (the browser does the same)
    def _space(self, space: int | str) -> int:
        if isinstance(space, str):
            idx = self.session.game.label_index.get(space.strip().upper())
            if idx is None:
                raise ValueError(f"unknown space {space!r}")
            return idx
        if not 0 <= int(space) < self.session.game.n:
            raise ValueError(f"space id {space} is not on the board (0..{self.session.game.n - 1})")
        return int(space)

    def targets(self, selected: int | None = None) -> dict[int, list[dict]]:
        """Highlighted spaces: target space id -> the target items (action string, words, odds) of the
        dinosaur on ``selected`` (default: the current selection), plus the directly clickable spaces."""
        sel = self.selected if selected is None else selected
        out: dict[int, list[dict]] = {}
        for it in self.snapshot.get("targets", {}).get(str(sel), []) + self.snapshot.get("direct", []):
            out.setdefault(it["dst"], []).append(it)
        return out

    @property
    def highlighted(self) -> list[int]:
        """Space ids highlighted now (sorted)."""
        return sorted(self.targets())

    def select(self, space: int | str) -> list[int]:
        """Select the dinosaur on ``space`` (id or label) and return the highlighted target ids. Selecting a
        space without a dinosaur that can act clears the selection."""
        sp = self._space(space)
        self.selected = sp if str(sp) in self.snapshot.get("targets", {}) else -1
        return self.highlighted

    def click(self, space: int | str) -> str:
        """What a click on ``space`` does in the browser: play the highlighted target there, or (de)select.
        Returns the action string played, or ``""``."""
        sp = self._space(space)
        items = self.targets().get(sp)
        if items:
            item = min(items, key=lambda it: _KIND_ORDER.index(it["kind"]))
            return item["action"] if self.play(item["action"]) else ""
        self.selected = sp if str(sp) in self.snapshot.get("targets", {}) and sp != self.selected else -1
        return ""

    def play(self, action: str) -> bool:
        """Apply ``action`` (a string) through the engine. An illegal or malformed string sets :attr:`error`
        (shown under the board) and changes nothing. Returns whether it was played."""
        err = self.session.try_play(action)
        if err:
            self.error = err
            return False
        return True

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "action":
            self.play(str(content.get("action", "")))
        elif isinstance(content, dict) and content.get("type") == "ping":
            self.send({"type": "pong", "ply": self.session.tree.ply})
