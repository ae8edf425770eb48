"""The box a board widget is shown in: the browser reports it, Python lays the drawing out for it.

:data:`BOX_JS` defines ``watchBox(model, box)`` (``board_box.js``): it sends ``{type: "size", width, height}``
when the box is first drawn and whenever it or the window changes size. :func:`esm_with_box` puts it in front of a
widget's ESM; :class:`BoxedBoard` is the Python side (``box``, :meth:`~BoxedBoard.resize`,
:meth:`~BoxedBoard.size_message`). Origin's board uses both (Evolution's board does the same in its own files).

>>> class Board(BoxedBoard):
...     drawn = 0
...     def refresh(self) -> None:
...         self.drawn += 1
>>> b = Board()
>>> b.size_message({"type": "size", "width": 480, "height": 700}), b.box, b.drawn
(True, (480.0, 700.0), 1)
>>> b.resize(120), b.box, b.drawn               # a size outside 200..8000 px is ignored
(None, (480.0, 700.0), 1)
>>> b.size_message({"type": "animal", "animal": 3})
False
"""

from __future__ import annotations

import pathlib
from typing import Any

__all__ = ["BOX_JS", "BoxedBoard", "esm_with_box"]

BOX_JS = (pathlib.Path(__file__).parent / "board_box.js").read_text(encoding="utf-8")


def esm_with_box(esm: pathlib.Path) -> str:
    """A widget's ESM (a file) with ``watchBox`` defined in front of it."""
    return BOX_JS + "\n" + esm.read_text(encoding="utf-8")


class BoxedBoard:
    """The Python side of a board laid out for its box: ``box`` is the last box reported (width, height in px;
    before that, the drawing's default width and no height); the class redraws with :meth:`refresh`."""

    #: the default width before the browser reports one (a subclass sets its drawing's default)
    default_width: float = 660.0

    @property
    def box(self) -> tuple[float, float | None]:
        return getattr(self, "_box", (self.default_width, None))

    def refresh(self) -> None:  # pragma: no cover - every board draws itself
        raise NotImplementedError

    def resize(self, width: float, height: float | None = None) -> None:
        """The browser's box for the drawing (px): lay it out again for it (a size outside 200..8000 px is
        ignored)."""
        if not 200 <= width <= 8000 or (height is not None and not 200 <= height <= 8000):
            return
        if (width, height) != self.box:
            self._box = (float(width), None if height is None else float(height))
            self.refresh()

    def size_message(self, content: Any) -> bool:
        """Handle ``{type: "size", width, height}`` from the browser; ``False`` for any other message."""
        if not isinstance(content, dict) or content.get("type") != "size":
            return False
        height = content.get("height")
        self.resize(float(content["width"]), None if height is None else float(height))
        return True
