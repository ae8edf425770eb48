"""The table of a card game in a lesson (games without a hex board: North Star's *Evolution*, *Evolution: The
Origin of Species*): the engine's own drawing, ``state.to_svg()``, with a text twin, as ONE output.

An untrusted notebook (not yet run) refuses SVG and shows the ``text/plain`` part instead of
``<IPython.core.display.SVG object>``; nbconvert's HTML, GitHub and nbviewer show the SVG. The text twin is the
engine's own text picture (``str(state)``, the teacher's) when the game has one and the table is the teacher's,
else :func:`table_text`: every species as the viewer sees it (from ``state.observation(viewer)``), so no renderer
shows a bare repr.

>>> import evo_lab
>>> s = evo_lab.make_game("evolution", players=2, seed=1).new_initial_state_dealt()
>>> b = table_bundle(s, title="the deal")
>>> sorted(b), b["text/plain"].splitlines()[0]
(['image/svg+xml', 'text/plain'], 'Evolution (North Star Games), 2 players')
>>> table_bundle(s, viewer=1, title="the deal")["text/plain"].splitlines()[0]     # a player's: what they see
'[table: the deal]'
>>> from evo_lab.games.origin import build_position
>>> b = table_bundle(build_position(players=2, phase="food", animals=["$A fat", "$B"]), title="two animals")
>>> b["image/svg+xml"].startswith("<svg"), b["text/plain"].splitlines()[1]
(True, 'food bank 0 red tokens, deck 81 cards')
"""

from __future__ import annotations

import inspect
from typing import Any

__all__ = ["table", "table_bundle", "table_text"]


def table_text(state: Any, viewer: int | None = None, title: str | None = None) -> str:
    """The text twin: the engine's text picture (``str(state)``, the teacher's) if its state class draws itself in
    text and ``viewer`` is the teacher, else one line per player: bag and species (body, population, food, traits)
    as ``viewer`` sees them."""
    draws_itself: bool = type(state).__str__ is not object.__str__  # type: ignore[comparison-overlap]
    if draws_itself and viewer is None:
        return str(state)
    obs = state.observation(viewer)
    lines = [f"[table: {title or repr(state)}]"]
    for p, pl in enumerate(obs.get("players", [])):
        sp = ", ".join(
            f"species {i + 1} body {x['body']} pop {x['pop']} food {x['food']}"
            + (f" [{' '.join(str(t) for t in x['traits'])}]" if x["traits"] else "")
            for i, x in enumerate(pl.get("species", []))
        )
        lines.append(f"P{p + 1} (bag {pl.get('bag')}): {sp or 'no species'}")
    if "wh" in obs:
        lines.append(f"watering hole: {obs['wh']} plant food")
    return "\n".join(lines)


def _svg(state: Any, viewer: int | None, title: str | None) -> str:
    """``state.to_svg(viewer)``, with the ``title`` when the drawing takes one (Origin's does)."""
    params = inspect.signature(state.to_svg).parameters
    takes_title = "title" in params or any(p.kind is p.VAR_KEYWORD for p in params.values())
    return (
        state.to_svg(viewer=viewer, title=title)
        if title is not None and takes_title
        else state.to_svg(viewer)
    )


def table_bundle(state: Any, *, viewer: int | None = None, title: str | None = None) -> dict[str, str]:
    """The SVG drawing of ``state`` as ``viewer`` sees it (``None``: the teacher) and its text twin."""
    return {"image/svg+xml": _svg(state, viewer, title), "text/plain": table_text(state, viewer, title)}


def table(state: Any, *, viewer: int | None = None, title: str | None = None) -> None:
    """Display the table of ``state`` so that every renderer shows it."""
    from IPython.display import display

    display(table_bundle(state, viewer=viewer, title=title), raw=True)
