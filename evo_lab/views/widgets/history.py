"""``HistoryList``: the stepper's list of moves, a box of a few lines that follows the current move.

An anywidget (ESM ``history.js``, no build step): Python sets ``value``, the lines as HTML (a ``div`` per move with
its ply in ``data-ply``, the current one with class ``evo-current``); the browser shows them in a box that
scrolls inside itself and, after every change and whenever the box changes size, scrolls it (the box only) so
that the current move is in view: after *Round* or *Game* the newest move shows, not the oldest. A click on a
line sends ``{type: "goto", ply}``; the stepper goes there (:meth:`HistoryList.on_goto`).

>>> h = HistoryList()
>>> h.value = "<div class='evo-history'><div data-ply='1'>1. start</div></div>"
>>> went = []
>>> h.on_goto(went.append)
>>> h.handle({"type": "goto", "ply": 1}), h.handle({"type": "goto", "ply": "x"}), h.handle({"type": "size"})
(True, False, False)
>>> went
[1]
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

__all__ = ["HISTORY_CSS", "HistoryList"]

_HERE = pathlib.Path(__file__).parent

#: The list's own style (the classroom page's ``present.css`` sizes it for a projector).
HISTORY_CSS = """
.evo-history-list { width: 100%; min-width: 0; box-sizing: border-box; }
.evo-history-box { position: relative; overflow-y: auto; overflow-x: hidden; max-height: 8.2em;
  font-size: 13px; line-height: 1.35; border-left: 3px solid #eee; padding-left: 4px; }
.evo-history-box .evo-history > div { white-space: normal; overflow-wrap: anywhere; cursor: pointer; }
.evo-history-box .evo-history > div:hover { background: #f2f2f2; }
.evo-history-box .evo-history > div.evo-current { font-weight: bold; background: #ffe3f6; cursor: default; }
"""


class HistoryList(anywidget.AnyWidget):
    """The moves around the current one as HTML (``value``), shown in a box that scrolls to the current move;
    clicking a line asks to go to that move (:meth:`on_goto`)."""

    _esm = (_HERE / "history.js").read_text(encoding="utf-8")
    _css = HISTORY_CSS
    #: the lines: ``<div class='evo-history'>`` with a ``div[data-ply]`` per move, the current one ``.evo-current``
    value = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._goto: list[Callable[[int], None]] = []
        self.on_msg(lambda _w, content, _b: self.handle(content))

    def on_goto(self, callback: Callable[[int], None]) -> None:
        """Call ``callback(ply)`` when a line is clicked."""
        self._goto.append(callback)

    def handle(self, content: Any) -> bool:
        """A message from the browser: ``{type: "goto", ply}`` (a whole number) calls the goto callbacks;
        anything else is ignored (False)."""
        if not isinstance(content, dict) or content.get("type") != "goto":
            return False
        ply = content.get("ply")
        if not isinstance(ply, int) or isinstance(ply, bool) or ply < 0:
            return False
        for cb in self._goto:
            cb(ply)
        return True
