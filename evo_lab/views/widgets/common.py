"""What every panel shares (any game): the panel base class, the kit's style sheet, the assumed-data badge,
player names and probabilities in words.

>>> fmt_prob(Fraction(1, 6))
'1/6 (16.7%)'
>>> "P2" in player_html(1)
True
"""

from __future__ import annotations

import pathlib
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as W

from evo_lab.views.colours import SEAT_COLOURS
from evo_lab.views.games import view_for
from evo_lab.core.words import prob_words

from .session import Session

__all__ = [
    "DATA_DOC",
    "KIT_CSS",
    "Panel",
    "badge_html",
    "error_html",
    "fmt_prob",
    "player_cards",
    "player_html",
    "row",
]

#: Where Evo 2e's data and its provenance are described (each game's view plugin names its own: ``data_doc``).
DATA_DOC = "docs/data.md"
#: The explorer's layout rules (``kit.css``); the board widget loads them, and each panel carries them too so
#: that a panel shown alone is laid out the same.
KIT_CSS = (pathlib.Path(__file__).parent / "kit.css").read_text(encoding="utf-8")


def fmt_prob(p: Fraction) -> str:
    """``Fraction(2, 3)`` -> ``'2/3 (66.7%)'``."""
    return prob_words(p)


def badge_html(game: Any, parts: tuple[str, ...] | None = None) -> str:
    """A small badge when the data behind a view includes assumed values ("" when none). The count is the
    number of assumed values of those data parts (all parts when ``parts`` is None: the game's view plugin
    says which; in Evo 2e, the same count the board's badge shows)."""
    view = view_for(game)
    vals = view.assumed_values(game, parts)
    if not vals:
        return ""
    tip = escape(
        "Assumed defaults, not printed facts:\n"
        + "\n".join(vals[:30])
        + ("\n..." if len(vals) > 30 else "")
        + f"\nSources and reasons: {view.data_doc_words(game)}"
    )
    return (
        f'<span class="evo-assumed" title="{tip}" style="background:#ffe08a;color:#5a4500;border:1px solid #d9a600;'
        f'border-radius:10px;padding:1px 8px;font-size:12px;cursor:help;white-space:nowrap">'
        f"assumed data ({len(vals)}): hover for the list</span>"
    )


def player_html(p: int) -> str:
    """``P3`` in the player's colour."""
    return (
        f'<span style="color:{SEAT_COLOURS[p]};font-weight:bold">P{p + 1}</span>'
        if 0 <= p < len(SEAT_COLOURS)
        else f"P{p + 1}"
    )


def player_cards(cards: list[tuple[str, list[tuple[str, str]]]]) -> str:
    """The players side by side as cards that wrap onto the next line in a narrow panel (a table of every player
    would be wider than the inspector's column in JupyterLab with its file browser open): each card is
    ``(title_html, [(label, value_html), ...])``, the labels in words, the values already escaped.

    >>> html = player_cards([(player_html(0), [("points", "7"), ("hand", "no cards")])])
    >>> html.count("evo-player-card'"), "<span class='evo-field-name'>points:</span> 7</div>" in html
    (1, True)
    """
    out = []
    for title, fields in cards:
        rows = "".join(
            f"<div class='evo-field'><span class='evo-field-name'>{escape(label)}:</span> {value}</div>"
            for label, value in fields
        )
        out.append(f"<div class='evo-player-card'><div class='evo-player-title'>{title}</div>{rows}</div>")
    return "<div class='evo-player-cards'>" + "".join(out) + "</div>"


def error_html(message: str) -> str:
    return f'<span style="color:#b00020">{escape(message)}</span>' if message else ""


def row(children: list, **layout: Any) -> W.Box:
    """A row that wraps onto the next line instead of squeezing its children."""
    box = W.HBox(
        children, layout=W.Layout(flex_flow="row wrap", align_items="center", width="100%", **layout)
    )
    box.add_class("evo-row")
    return box


class Panel(W.VBox):
    """A panel over a :class:`Session`: redraws itself (:meth:`refresh`) when the session changes."""

    def __init__(self, session: Session, children: list | tuple = (), **kw: Any):
        self.style_sheet = W.HTML(f"<style>{KIT_CSS}</style>", layout=W.Layout(display="none"))
        kw.setdefault("layout", W.Layout(width="100%", min_width="0"))
        super().__init__(children=[self.style_sheet, *children], **kw)
        self.add_class("evo-panel")
        self.session = session
        session.on_change(self._changed)

    def _changed(self, what: str) -> None:
        if what != "error":
            self.refresh()

    def refresh(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError
