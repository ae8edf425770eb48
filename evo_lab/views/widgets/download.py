"""Downloads through the browser, and the Explorer's *Export* row (any game).

:class:`Downloader` (an anywidget, ESM ``download.js``) sends a file's text to the browser, which saves it through
an ``<a download>`` anchor (a PNG is drawn from the SVG on a canvas first): no file on the server, the same in
Voila, JupyterLab, Notebook 7 and VS Code. :class:`ExportBar` is a row of buttons over a session: the board as
SVG or PNG, the story as Markdown or HTML, the record as JSON (:mod:`evo_lab.views.export` makes the files).

>>> from evo_lab.views.widgets.session import Session
>>> bar = ExportBar(Session("origin", players=2, seed=1))
>>> [b.description for b in bar.buttons.values()]
['Board SVG', 'Board PNG', 'Story (Markdown)', 'Story (HTML)', 'Record JSON']
>>> p = bar.export("record"); p["filename"], p["mime"]
('origin-move0-record.json', 'application/json')
>>> bar.downloader.sent[-1]["filename"]
'origin-move0-record.json'
"""

from __future__ import annotations

import pathlib
from html import escape
from typing import Any

import anywidget
import ipywidgets as W

from evo_lab.views.export import export_payload

from .common import row
from .session import Session

__all__ = ["Downloader", "ExportBar"]

_HERE = pathlib.Path(__file__).parent


class Downloader(anywidget.AnyWidget):
    """Saves files in the browser: :meth:`download` sends one; the browser answers ``done`` (with its size in
    bytes) or ``failed`` (with the reason), recorded in :attr:`answers` and passed to the ``on_answer``
    callbacks. :attr:`sent` keeps what was sent (file name, MIME type, size), newest last (at most 20)."""

    _esm = _HERE / "download.js"

    def __init__(self, **kw: Any):
        super().__init__(**kw)
        self.sent: list[dict] = []
        self.answers: list[dict] = []
        self._callbacks: list = []
        self._next = 0
        self.on_msg(self._on_msg)

    def download(
        self, filename: str, text: str, mime: str = "text/plain", render: str = "", scale: int = 2
    ) -> int:
        """Send ``text`` to be saved as ``filename`` (``render="png"``: ``text`` is an SVG to save as a PNG drawn
        ``scale`` times its size). Returns the download's id (the browser's answer carries it)."""
        if render not in ("", "png"):
            raise ValueError(f"render must be '' or 'png', got {render!r}")
        self._next += 1
        self.send(
            {
                "kind": "download",
                "id": self._next,
                "filename": filename,
                "mime": mime,
                "text": text,
                "render": render,
                "scale": scale,
            }
        )
        self.sent = (
            self.sent
            + [{"id": self._next, "filename": filename, "mime": mime, "chars": len(text), "render": render}]
        )[-20:]
        return self._next

    def on_answer(self, callback: Any) -> None:
        """Call ``callback(answer)`` when the browser says a download was saved or failed."""
        self._callbacks.append(callback)

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("kind") not in ("done", "failed"):
            return
        self.answers = (self.answers + [content])[-20:]
        for cb in list(self._callbacks):
            cb(content)


#: The export buttons: ``kind`` (of :data:`evo_lab.views.export.EXPORTS`) -> label, icon, tooltip.
BUTTONS = {
    "svg": ("Board SVG", "image", "the board as drawn now, as an SVG picture"),
    "png": ("Board PNG", "image", "the board as drawn now, as a PNG picture (drawn in the browser)"),
    "markdown": ("Story (Markdown)", "book", "the game so far in words, round by round, as Markdown"),
    "html": ("Story (HTML)", "book", "the game so far in words, round by round, as a web page"),
    "record": (
        "Record JSON",
        "file-code-o",
        "the record (every move to here) as JSON: Load or upload it back",
    ),
}


class ExportBar(W.VBox):
    """Buttons that download the session's game (as the session's viewer sees it): board SVG/PNG, story
    Markdown/HTML, record JSON; a line says what was sent and what the browser saved."""

    def __init__(self, session: Session):
        self.session = session
        self.downloader = Downloader()
        self.buttons = {
            kind: W.Button(description=label, icon=icon, tooltip=tip, layout=W.Layout(width="auto"))
            for kind, (label, icon, tip) in BUTTONS.items()
        }
        for kind, b in self.buttons.items():
            b.add_class(f"evo-export-{kind}")
            b.on_click(lambda _b, k=kind: self._clicked(k))
        self.message = W.HTML()
        self.downloader.on_answer(self._answered)
        super().__init__(
            children=[
                W.HTML(
                    "<b>Export</b> (downloads through the browser; the story and pictures "
                    "show what the current viewer may see)"
                ),
                row(list(self.buttons.values())),
                self.message,
                self.downloader,
            ],
            layout=W.Layout(width="100%", min_width="0"),
        )
        self.add_class("evo-export-bar")

    def export(self, kind: str) -> dict:
        """Make the ``kind`` file of the current game and send it to the browser; returns the payload
        (``filename``, ``mime``, ``text``, ``render``)."""
        p = export_payload(self.session, kind)
        self.downloader.download(p["filename"], p["text"], p["mime"], render=p["render"])
        return p

    def _clicked(self, kind: str) -> None:
        try:
            p = self.export(kind)
        except (ValueError, OSError) as e:
            self._say(f"could not export: {e}", ok=False)
            return
        self._say(f"sent {p['filename']} to the browser")

    def _answered(self, answer: dict) -> None:
        if answer.get("kind") == "done":
            self._say(f"downloaded {answer.get('filename')} ({answer.get('bytes')} bytes)")
        else:
            self._say(f"the browser could not save {answer.get('filename')}: {answer.get('error')}", ok=False)

    def _say(self, msg: str, ok: bool = True) -> None:
        self.message.value = f'<span style="color:{"#1b7a35" if ok else "#b00020"}">{escape(msg)}</span>'
