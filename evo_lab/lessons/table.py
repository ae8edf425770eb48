"""The table of a card game (North Star's *Evolution*) in a lesson: the engine's own drawing, ``state.to_svg()``,
with a text twin.

An untrusted notebook (not yet run) refuses SVG and shows the ``text/plain`` part instead; nbconvert's HTML,
GitHub and nbviewer show the SVG. The text twin lists every species as the viewer sees it (from
``state.observation(viewer)``), so no renderer shows a bare repr.

>>> import evo_lab
>>> s = evo_lab.make_game("evolution", players=2, seed=1).new_initial_state_dealt()
>>> b = table_bundle(s, title="the deal")
>>> sorted(b), b["text/plain"].splitlines()[0]
(['image/svg+xml', 'text/plain'], '[table: the deal]')
"""

from __future__ import annotations

from typing import Any

__all__ = ["table", "table_bundle", "table_text"]


def table_text(state: Any, viewer: int | None = None, title: str | None = None) -> str:
    """One line per player: bag and species (body, population, food, traits) as ``viewer`` sees them."""
    obs = state.observation(viewer)
    lines = [f"[table: {title or repr(state)}]"]
    for p, pl in enumerate(obs.get("players", [])):
        sp = ", ".join(f"species {i + 1} body {x['body']} pop {x['pop']} food {x['food']}"
                       + (f" [{' '.join(str(t) for t in x['traits'])}]" if x["traits"] else "")
                       for i, x in enumerate(pl.get("species", [])))
        lines.append(f"P{p + 1} (bag {pl.get('bag')}): {sp or 'no species'}")
    if "wh" in obs:
        lines.append(f"watering hole: {obs['wh']} plant food")
    return "\n".join(lines)


def table_bundle(state: Any, *, viewer: int | None = None, title: str | None = None) -> dict:
    """The SVG drawing and its text twin, for one output."""
    return {"image/svg+xml": state.to_svg(viewer), "text/plain": table_text(state, viewer, title)}


def table(state: Any, *, viewer: int | None = None, title: str | None = None) -> None:
    """Display the table of ``state`` so that every renderer shows it."""
    from IPython.display import display

    display(table_bundle(state, viewer=viewer, title=title), raw=True)
