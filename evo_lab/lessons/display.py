"""Boards and widgets in the lessons, each with a static fallback that every renderer can show.

A notebook opened before it runs is *untrusted*: JupyterLab then refuses SVG outputs (they could hold
scripts) and shows the text fallback, ``<IPython.core.display.SVG object>``; a widget without a live kernel
shows its ``repr``; GitHub and nbviewer run no kernel at all. :func:`board` therefore sends the board as SVG
*and* as a PNG drawn with matplotlib, and :func:`show_widget` sends the live widget with a PNG or a sentence in
its place (``scripts/clean_notebooks.py`` drops the live part from committed notebooks, whose model ids change
every run).

>>> import evo_lab
>>> b = board_bundle(evo_lab.Game(players=2, seed=1).new_initial_state(), title="start")
>>> sorted(b)
['image/png', 'image/svg+xml', 'text/plain']
"""

from __future__ import annotations

import base64
from typing import Any

from evo_lab.games.evo2e.board import hex_center
from evo_lab.games.evo2e.svg import CLIMATE_COLOURS, PLAYER_COLOURS, SEA_COLOUR, TERRAIN_COLOURS

from .static import _pyplot

__all__ = ["board", "board_bundle", "board_png", "show_widget", "widget_bundle"]


def board_png(
    state: Any, *, title: str | None = None, highlight: dict[int, str] | None = None, dpi: int = 96
) -> bytes:
    """The board of ``state`` (terrain, climate state, dinosaurs in seat colours) as a PNG, via matplotlib.

    Uses only public data: ``state.game.board`` (axial cells, terrain, labels), ``state.observation()`` and
    ``state.terrain_states()``."""
    import io

    from matplotlib.patches import RegularPolygon

    plt = _pyplot()
    b = state.game.board
    obs = state.observation()
    climate = state.terrain_states()
    centres = [hex_center(q, r, 1.0) for q, r in b.axial]
    xs, ys = [x for x, _ in centres], [y for _, y in centres]
    w = (max(xs) - min(xs)) + 3.0
    h = (max(ys) - min(ys)) + 3.0
    fig, ax = plt.subplots(figsize=(min(8.0, 0.75 * w + 1), min(7.5, 0.75 * h + 1.2)), dpi=dpi)
    fig.patch.set_facecolor(SEA_COLOUR)
    for i, (x, y) in enumerate(centres):
        terrain = b.terrain[i]
        edge = (highlight or {}).get(i, "#5a4a32")
        ax.add_patch(
            RegularPolygon(
                (x, -y),
                numVertices=6,
                radius=0.98,
                orientation=0.0,
                facecolor=TERRAIN_COLOURS[terrain],
                edgecolor=edge,
                linewidth=3 if i in (highlight or {}) else 0.8,
            )
        )
        ax.text(x, -y + 0.55, b.labels[i], ha="center", va="center", fontsize=6, color="#222")
        st = climate[terrain]
        ax.add_patch(plt.Circle((x + 0.55, -y - 0.45), 0.16, color=CLIMATE_COLOURS[st]))
        owner = obs["board"][i]
        if owner >= 0:
            ax.add_patch(
                plt.Circle(
                    (x, -y - 0.05), 0.38, facecolor=PLAYER_COLOURS[owner], edgecolor="black", linewidth=0.8
                )
            )
            ax.text(
                x,
                -y - 0.05,
                f"P{owner + 1}",
                ha="center",
                va="center",
                fontsize=6,
                color="white",
                fontweight="bold",
            )
    handles = [
        plt.Line2D([], [], marker="o", linestyle="", color=CLIMATE_COLOURS[s], label=f"{t}: {s}")
        for t, s in climate.items()
    ]
    ax.legend(
        handles=handles,
        loc="upper center",
        bbox_to_anchor=(0.5, 0.0),
        ncol=4,
        fontsize=7,
        frameon=False,
        labelcolor="white",
    )
    heading = title if title is not None else f"Round {obs['round']}, {obs['phase']}"
    ax.set_title(heading + (" (reconstructed board)" if b.reconstructed else ""), color="white", fontsize=10)
    ax.set_xlim(min(xs) - 1.5, max(xs) + 1.5)
    ax.set_ylim(-max(ys) - 1.5, -min(ys) + 1.5)
    ax.set_aspect("equal")
    ax.axis("off")
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Software": None}, facecolor=fig.get_facecolor())
    plt.close(fig)
    return buf.getvalue()


def board_bundle(state: Any, *, title: str | None = None, highlight: dict[int, str] | None = None) -> dict:
    """SVG (the engine's drawing), its PNG twin and a text line, for one output."""
    svg = state.to_svg(highlight=highlight, **({} if title is None else {"title": title}))
    first = str(state).splitlines()[1] if "\n" in str(state) else str(state)
    return {
        "image/svg+xml": svg,
        "image/png": base64.b64encode(board_png(state, title=title, highlight=highlight)).decode("ascii"),
        "text/plain": f"[board: {title or first}]",
    }


def board(state: Any, *, title: str | None = None, highlight: dict[int, str] | None = None) -> None:
    """Display the board of ``state`` so that every renderer shows it (SVG when trusted, else the PNG)."""
    from IPython.display import display

    display(board_bundle(state, title=title, highlight=highlight), raw=True)


def _html_parts(widget: Any) -> list[str]:
    """The ``value`` of every HTML widget inside ``widget`` (depth first): its readable static content."""
    import ipywidgets as W

    if isinstance(widget, (W.HTML, W.HTMLMath)):
        return [widget.value] if widget.value else []
    out: list[str] = []
    for child in getattr(widget, "children", ()) or ():
        out.extend(_html_parts(child))
    return out


def widget_bundle(widget: Any, *, static: bytes | None = None, alt: str | None = None) -> dict:
    """The live widget's view plus a static stand-in: a PNG (``static``), else the HTML of the widget's
    text parts, and a sentence (``alt``)."""
    bundle = dict(widget._repr_mimebundle_() or {})
    name = type(widget).__name__
    bundle["text/plain"] = alt or (f"[interactive {name}: run this notebook in JupyterLab to use it]")
    if static is not None:
        bundle["image/png"] = base64.b64encode(static).decode("ascii")
    else:
        parts = _html_parts(widget)
        if parts:
            bundle["text/html"] = (
                "<div class='evo-static'><p><i>Static copy of an interactive panel; run the "
                "notebook to use it.</i></p>" + "".join(f"<div>{p}</div>" for p in parts) + "</div>"
            )
    return bundle


def show_widget(widget: Any, *, static: bytes | None = None, alt: str | None = None) -> None:
    """Display a widget with a static stand-in for renderers without a kernel."""
    from IPython.display import display

    display(widget_bundle(widget, static=static, alt=alt), raw=True)
