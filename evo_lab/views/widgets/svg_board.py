"""``SvgBoard``: the board of any game as its own drawing, ``state.to_svg(viewer)``, in an HTML widget (the
default board of a game without a board widget of its own). It redraws after every change of the session.

>>> from evo_lab.views.widgets.session import Session
>>> b = SvgBoard(Session("evolution", players=2, seed=1))
>>> "<svg" in b.value and "watering hole" in b.value
True
"""

from __future__ import annotations

import inspect
from html import escape
from typing import Any

import ipywidgets as W

from .common import KIT_CSS, error_html
from .session import Session

__all__ = ["SvgBoard", "svg_of"]


def svg_of(state: Any, viewer: int | None) -> str:
    """``state.to_svg(viewer)`` as the viewer may see it (``to_svg()`` for a drawing that takes no viewer)."""
    draw = getattr(state, "to_svg", None)
    if draw is None:
        return f"<pre>{escape(str(state))}</pre>"
    try:
        takes_viewer = "viewer" in inspect.signature(draw).parameters
    except (TypeError, ValueError):  # pragma: no cover - builtins
        takes_viewer = False
    return draw(viewer=viewer) if takes_viewer else draw()


class SvgBoard(W.HTML):
    """The game's SVG drawing as the session's viewer may see it, above the last error."""

    def __init__(self, session: Session, **kw: Any):
        kw.setdefault("layout", W.Layout(width="100%", min_width="0"))
        super().__init__(**kw)
        self.add_class("evo-svg-board")
        self.add_class("evo-game-board")  # the browser tests find every game's board by this class
        self.session = session
        session.on_change(self._changed)
        self.refresh()

    def _changed(self, what: str) -> None:
        self.refresh()

    def refresh(self) -> None:
        s = self.session
        self.value = (
            f"<style>{KIT_CSS}</style><div class='evo-svg' data-ply='{s.tree.ply}'>"
            f"{svg_of(s.state, s.viewer)}</div><div class='evo-board-error'>{error_html(s.error)}</div>"
        )
