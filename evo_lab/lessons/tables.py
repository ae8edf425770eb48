"""Card-game tables in the lessons (games without a hex board, such as *Evolution: The Origin of Species*).

:func:`table` sends the engine's own drawing (``state.to_svg()``) together with the engine's text picture
(``str(state)``) as ONE output: a trusted notebook, nbconvert's HTML, GitHub and nbviewer show the SVG; an untrusted
notebook (which refuses SVG) shows the text table instead of ``<IPython.core.display.SVG object>``.

>>> from evo_lab.games.origin import build_position
>>> b = table_bundle(build_position(players=2, phase="food", animals=["$A fat", "$B"]), title="two animals")
>>> sorted(b), b["image/svg+xml"].startswith("<svg"), b["text/plain"].splitlines()[1]
(['image/svg+xml', 'text/plain'], True, 'food bank 0, deck 81')
"""

from __future__ import annotations

from typing import Any

__all__ = ["table", "table_bundle"]


def table_bundle(state: Any, *, title: str | None = None, viewer: int | None = None) -> dict[str, str]:
    """The SVG of ``state`` as ``viewer`` sees it (``None``: the teacher) and its text twin."""
    kw: dict[str, Any] = {"viewer": viewer}
    if title is not None:
        kw["title"] = title
    return {"image/svg+xml": state.to_svg(**kw), "text/plain": str(state)}


def table(state: Any, *, title: str | None = None, viewer: int | None = None) -> None:
    """Display the table of ``state`` so that every renderer shows it."""
    from IPython.display import display

    display(table_bundle(state, title=title, viewer=viewer), raw=True)
