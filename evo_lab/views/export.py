"""Export a game for the classroom, for any registered game: the board as a standalone SVG document, the game as
a readable story (Markdown or HTML, round by round from the game's events, through its view plugin's
:meth:`~evo_lab.views.games.base.GameView.story_rounds`), the record as the core's JSON envelope. The
Explorer's *Export* buttons (:class:`evo_lab.views.widgets.download.ExportBar`) download these through the
browser; the PNG is drawn in the browser from :func:`export_svg` on a canvas.

Every function takes a state, a :class:`~evo_lab.GameTree` or a :class:`~evo_lab.views.widgets.Session`; a state
is told from the start of its history (``state.start()``, so a loaded position's story starts there).
``viewer``: what that player may see (``None``: the omniscient teacher).

>>> import json, evo_lab
>>> s = evo_lab.make_game("origin", players=2, seed=1).new_initial_state()
>>> for _ in range(6):
...     s.apply_action(s.legal_actions()[0])
>>> export_svg(s).startswith('<?xml version="1.0" encoding="UTF-8"?>')
True
>>> md = export_story(s, "markdown"); md.splitlines()[0]
'# Evolution: The Origin of Species, 2 players'
>>> md.splitlines()[2]
'Turn 0, setup: cards are dealt (chance); food bank 0, deck 79; move 6 of the game. Told as seen by the teacher \
(everything).'
>>> "## Setup" in md and "<li>Chance: P1 is chosen to start</li>" in export_story(s, "html")
True
>>> json.loads(export_record(s))["format"], len(json.loads(export_record(s))["actions"])
('evo-lab-record', 6)
>>> export_filename(s, "svg")
'origin-move6-board.svg'
"""

from __future__ import annotations

import json
import re
from html import escape, unescape
from typing import Any

from evo_lab.core.errors import EvoLabError
from evo_lab.core.tree import GameTree
from evo_lab.views.games import view_for
from evo_lab.views.games.base import registry_id

__all__ = [
    "EXPORTS",
    "ExportError",
    "export_filename",
    "export_payload",
    "export_record",
    "export_story",
    "export_svg",
    "tree_of",
]

#: What the Explorer exports: ``kind -> (file suffix, MIME type)``. ``png`` is rendered in the browser from
#: the SVG; ``tree`` is every line of the game tree (the Game tab's Load reads all three JSON kinds).
EXPORTS = {
    "svg": ("board.svg", "image/svg+xml"),
    "png": ("board.png", "image/png"),
    "markdown": ("story.md", "text/markdown"),
    "html": ("story.html", "text/html"),
    "record": ("record.json", "application/json"),
    "tree": ("tree.json", "application/json"),
    "position": ("position.json", "application/json"),
}
_XML = '<?xml version="1.0" encoding="UTF-8"?>\n'
_TAG = re.compile(r"<[^>]+>")


class ExportError(EvoLabError, ValueError):
    """An export that cannot be made (an unknown kind or format)."""


def tree_of(source: Any) -> GameTree:
    """The game tree of ``source``: a session's or a tree itself, or a state's history replayed from its start."""
    tree = getattr(source, "tree", source)
    if isinstance(tree, GameTree):
        return tree
    if not hasattr(source, "history") or not hasattr(source, "start"):
        raise ExportError(f"expected a state, a GameTree or a Session, got {type(source).__name__}")
    out = GameTree(source.start())
    for a in source.history():
        out.play(a)
    return out


def _viewer(source: Any, viewer: Any) -> int | None:
    """``viewer`` if given, else a session's own viewer (a tree or a state: the teacher)."""
    if viewer != "session":
        return viewer
    return getattr(source, "viewer", None) if hasattr(source, "tree") else None


def export_svg(source: Any, viewer: Any = "session") -> str:
    """The board at the current position as a standalone SVG file (XML declaration, ``xmlns``, width and height),
    drawn by the game's view plugin (:meth:`~evo_lab.views.games.base.GameView.board_svg`) as ``viewer`` sees it
    (default: a session's viewer, else the teacher)."""
    state = tree_of(source).state
    svg = view_for(state.game).board_svg(state, _viewer(source, viewer)).strip()
    if not svg.startswith("<svg"):
        raise ExportError(f"{state.game.name}: the board is not an SVG drawing")
    if "xmlns=" not in svg.split(">", 1)[0]:
        svg = '<svg xmlns="http://www.w3.org/2000/svg"' + svg[4:]
    return _XML + svg + "\n"


def _plain(html: str) -> str:
    """Text of a bit of the views' HTML (tags dropped, entities read)."""
    parts = [" ".join(unescape(_TAG.sub("", part)).split()) for part in re.split(r"</div>|<br\s*/?>", html)]
    return "; ".join(p for p in parts if p)


def story_parts(source: Any, viewer: Any = "session") -> tuple[str, str, list[tuple[str, list[str]]]]:
    """``(title, where the game stands, [(round heading, lines)])``: the whole line of play to the current
    position, round by round, as ``viewer`` may see it."""
    tree = tree_of(source)
    who = _viewer(source, viewer)
    state = tree.state
    view = view_for(state.game)
    title = _plain(view.header_html(state.game))
    rounds = []
    for r, lines in view.story_rounds(tree.path(), who):
        head = f"{view.round_word.capitalize()} {r}" if r not in (None, 0) else "Setup"
        rounds.append((head, list(lines)))
    status = _plain(view.status_html(state, tree))
    seen = "the teacher (everything)" if who is None else f"player {who + 1} (own hidden information only)"
    return title, f"{status}. Told as seen by {seen}.", rounds


def export_story(source: Any, fmt: str = "markdown", viewer: Any = "session") -> str:
    """The game so far as a readable story: ``fmt`` ``"markdown"`` (``#`` title, ``##`` per round, ``-`` lines) or
    ``"html"`` (a standalone page). The lines come from the game's events (Evo 2e: the round summaries of
    :mod:`evo_lab.views.summary`; Evolution: each action and what it caused; any game: its actions in words)."""
    if fmt not in ("markdown", "md", "html"):
        raise ExportError(f"fmt must be 'markdown' or 'html', got {fmt!r}")
    title, status, rounds = story_parts(source, viewer)
    if fmt == "html":
        body = (
            "".join(
                f"<h2>{escape(h)}</h2>\n<ul>\n"
                + "".join(f"<li>{escape(x.strip())}</li>\n" for x in lines)
                + "</ul>\n"
                for h, lines in rounds
            )
            or "<p><i>Nothing has happened yet.</i></p>\n"
        )
        return (
            f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{escape(title)}</title>\n'
            "<style>body{font-family:sans-serif;max-width:50em;margin:2em auto;line-height:1.4}</style>\n"
            f"</head>\n<body>\n<h1>{escape(title)}</h1>\n<p>{escape(status)}</p>\n{body}</body>\n</html>\n"
        )
    out = [f"# {title}", "", status, ""]
    for head, lines in rounds:
        out += [f"## {head}", ""] + [f"- {_md(x.strip())}" for x in lines] + [""]
    if not rounds:
        out += ["*Nothing has happened yet.*", ""]
    return "\n".join(out)


def _md(text: str) -> str:
    """A line with Markdown's markup characters escaped (a story line is plain text)."""
    return re.sub(r"([\\`*_\[\]#<>|])", r"\\\1", text)


def export_record(source: Any, kind: str = "record") -> str:
    """The game as the core's JSON envelope: ``"record"`` (the line of play to the current position, readable by
    :func:`evo_lab.core.records.load_record`), ``"position"`` (the current position only) or ``"tree"`` (every
    line of the game tree). The Game tab's Load and upload read all three back."""
    tree = tree_of(source)
    if kind == "record":
        return tree.state.record_json(indent=1)
    if kind == "position":
        return tree.state.to_json(indent=1)
    if kind == "tree":
        return json.dumps(tree.to_dict(), indent=1)
    raise ExportError(f"kind must be 'record', 'position' or 'tree', got {kind!r}")


def export_filename(source: Any, kind: str) -> str:
    """The download's file name: ``<game id>-move<ply>-<what>.<ext>`` (``evo2e-move12-board.png``)."""
    if kind not in EXPORTS:
        raise ExportError(f"kind must be one of {', '.join(EXPORTS)}, got {kind!r}")
    tree = tree_of(source)
    return f"{registry_id(tree.state.game)}-move{tree.ply}-{EXPORTS[kind][0]}"


def export_payload(source: Any, kind: str) -> dict:
    """``{"filename", "mime", "text", "render"}`` for the browser: the file's text (the SVG for a PNG, with
    ``render="png"``: the browser draws it on a canvas)."""
    if kind in ("svg", "png"):
        text = export_svg(source)
    elif kind in ("markdown", "html"):
        text = export_story(source, kind)
    else:
        text = export_record(source, kind)
    return {
        "filename": export_filename(source, kind),
        "mime": EXPORTS[kind][1],
        "text": text,
        "render": "png" if kind == "png" else "",
    }
