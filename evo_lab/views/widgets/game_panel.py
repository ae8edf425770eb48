"""The explorer's Game tab (ipywidgets) over a :class:`~evo_lab.views.widgets.session.Session`: the game's scenario
presets with their teacher notes, a new game of any registered game, load and save of a tree, record or position
as JSON (text, file or upload) and the exports.

>>> from evo_lab.views.widgets.session import Session
>>> gp = GamePanel(Session("origin", players=3, seed=1))
>>> gp.mark_scenario("mimicry"); gp.scenario.value
'mimicry'
"""

from __future__ import annotations

from html import escape
from pathlib import Path

import ipywidgets as W

from evo_lab.core.atomic import atomic_write_text
from evo_lab.core.registry import game_info, registered_games
from evo_lab.views.games import view_for

from .common import row
from .download import ExportBar
from .session import Session, SessionError

__all__ = ["SERVER_PATH_CLASS", "UPLOAD_LIMIT", "GamePanel"]

#: The largest game file the Game tab opens (an upload, or JSON in its text box), in bytes, checked before the
#: text is parsed: 1 MiB, some 25 times a whole game's tree (a 489-move 8-player Origin game's is 40 KB).
UPLOAD_LIMIT = 1 << 20

#: The CSS class of a *New game* field that names a file on the server (Evo 2e's board file): hidden, and
#: refused if filled, when the session may not touch server files (the classroom page).
SERVER_PATH_CLASS = "evo-server-path"


class GamePanel(W.VBox):
    """New game (any registered game: players, seed, and the game's own fields, such as Evo 2e's board) and
    load/save of a tree, record or position as JSON text or a file (any game's: the file names its game).

    When the session may not touch server files (``session.server_files`` false: the classroom page), the File
    box and the fields that name a server file are hidden, and :meth:`save`, :meth:`load` and :meth:`new_game`
    refuse a path even if a browser sets those widgets' values: files come in by upload (at most
    :data:`UPLOAD_LIMIT` bytes) and go out by download (Save sends the JSON to the browser)."""

    def __init__(self, session: Session):
        self.session = session
        style = {"description_width": "5em"}
        scenarios = self._scenario_widgets()
        new_game = self._new_game_widgets(style)
        files = self._file_widgets(style)
        self.exports = ExportBar(session)
        self._game_picked()
        super().__init__(
            children=[scenarios, *new_game, *files, self.exports],
            layout=W.Layout(width="100%", min_width="0"),
        )
        self.add_class("evo-game-panel")
        if not session.server_files:
            self.path.disabled = True
            self.path.layout.display = "none"
        session.on_change(lambda what: self._follow() if what == "game" else None)

    def _scenario_widgets(self) -> W.VBox:
        """The Scenario menu, its Open button and the teacher note of the preset picked."""
        # the whole line, under its heading: a title is long ("Evolution without Climate: A carnivore ...")
        self.scenario = W.Dropdown(layout=W.Layout(flex="1 1 100%", min_width="0"))
        self.b_scenario = W.Button(
            description="Open scenario",
            icon="folder-open",
            tooltip="Open the preset position (Undo at its start returns to this game)",
            layout=W.Layout(width="auto", min_width="140px"),
        )
        self.scenario_note = W.HTML(layout=W.Layout(width="100%"))
        #: what the last Open scenario did (and the game it changed to), under the menu where it is seen
        self.scenario_said = W.HTML(layout=W.Layout(width="100%"))
        # (the preset opened, the line said), until the game changes
        self._opened: tuple[str, str] | None = None
        self.scenario_box = W.VBox(
            [
                W.HTML("<b>Scenarios</b>: preset positions to teach from"),
                row([self.scenario, self.b_scenario]),
                self.scenario_said,
                self.scenario_note,
            ],
            layout=W.Layout(width="100%"),
        )
        self.b_scenario.on_click(lambda _b: self.open_scenario())
        self.scenario.observe(lambda _c: self._scenario_picked(), "value")
        return self.scenario_box

    def _new_game_widgets(self, style: dict) -> list:
        """New game: the game, players, seed and the game's own fields (its view plugin's)."""
        session = self.session
        games = registered_games()
        self.game = W.Dropdown(
            description="Game",
            options=[(game_info(g).title, g) for g in games],
            value=session.game_id if session.game_id in games else games[0],
            style=style,
            layout=W.Layout(width="auto", min_width="330px"),
        )
        self.players = W.BoundedIntText(
            description="Players",
            min=2,
            max=8,
            value=session.game.players,
            style=style,
            layout=W.Layout(width="140px"),
        )
        self.seed = W.IntText(
            description="Seed", value=session.seed or 0, style=style, layout=W.Layout(width="160px")
        )
        self.fields_box = W.VBox(layout=W.Layout(width="100%"))
        self.fields: list = []
        self.b_new = W.Button(description="New game", icon="plus", button_style="success")
        self.b_new.on_click(lambda _b: self.new_game())
        self.game.observe(lambda _c: self._game_picked(), "value")
        return [
            W.HTML("<b>New game</b>"),
            self.game,
            row([self.players, self.seed]),
            self.fields_box,
            self.b_new,
        ]

    def _file_widgets(self, style: dict) -> list:
        """Save and load (the kind, the text box, a server file when allowed, an upload) and the message line."""
        self.kind = W.ToggleButtons(
            options=[("game tree", "tree"), ("record", "record"), ("position", "position")], value="tree"
        )
        self.text = W.Textarea(
            placeholder="JSON of an evo-lab tree, record or position",
            layout=W.Layout(width="100%", height="120px"),
        )
        self.path = W.Text(
            description="File",
            placeholder="game.json (or leave empty: the text box)",
            style=style,
            layout=W.Layout(flex="1 1 220px", min_width="200px", max_width="420px"),
        )
        self.b_save = W.Button(description="Save", icon="download")
        self.b_load = W.Button(description="Load", icon="upload")
        self.upload = W.FileUpload(
            accept=".json,application/json",
            multiple=False,
            description="Open a file",
            layout=W.Layout(width="auto"),
        )
        self.upload.observe(self._uploaded, "value")
        self.message = W.HTML()
        self.b_save.on_click(lambda _b: self.save())
        self.b_load.on_click(lambda _b: self.load())
        how = (
            "Save writes the text box (and the file if a path is given); Load reads the file if a path is given, "
            "else the text box, as the kind chosen here"
            if self.session.server_files
            else "Save writes the text box and downloads the file; Load reads the text box, as the kind chosen here"
        )
        return [
            W.HTML("<b>Save and load</b>: " + how),
            self.kind,
            self.text,
            row([self.path, self.b_save, self.b_load]),
            row(
                [
                    self.upload,
                    W.HTML(
                        "a tree, record or position JSON from this computer, read as the kind chosen above"
                    ),
                ]
            ),
            self.message,
        ]

    def _game_picked(self) -> None:
        """The player range and the game's own fields for the game picked in the dropdown."""
        entry = game_info(self.game.value)
        lo, hi = entry.min_players, entry.max_players
        self.players.min, self.players.max = min(lo, self.players.min), max(hi, self.players.max)
        self.players.value = min(max(self.players.value, lo), hi)
        self.players.min, self.players.max = lo, hi
        view = view_for(self._game_name())
        self.fields = view.new_game_fields()
        if not self.session.server_files:
            for w in self._path_fields():
                w.disabled = True
                w.layout.display = "none"
        self.fields_box.children = tuple(self.fields)
        presets = view.scenario_menu(self.game.value)  # the game's own first, another game's labelled with it
        self.scenario.options = presets
        self.scenario.value = presets[0][1] if presets else None
        self.scenario_box.layout.display = "" if presets else "none"
        self._scenario_picked()

    def _scenario_picked(self) -> None:
        """The teacher note of the preset picked (its view plugin's ``scenario_note``)."""
        note = game_note = ""
        if self.scenario.value is not None:
            view = view_for(self._game_name())
            note = view.scenario_note(self.scenario.value)
            game_note = view.scenario_game_note(self.scenario.value, self.game.value)
        # a preset of another game says so first (the game, and the tabs, change when it opens)
        html = f"<div class='evo-note'><b>{escape(game_note)}</b></div>" if game_note else ""
        self.scenario_note.value = html + (f"<div class='evo-note'>{escape(note)}</div>" if note else "")
        # the line of the open stays while its preset is the one picked
        opened = self._opened if self._opened and self._opened[0] == self.scenario.value else None
        self.scenario_said.value = (
            f"<div class='evo-note' style='color:#1b7a35'>{escape(opened[1])}</div>" if opened else ""
        )

    def mark_scenario(self, name: str) -> None:
        """The Scenario menu shows preset ``name`` (the one on the board) and its teacher note."""
        if name in {i for _t, i in self.scenario.options}:
            self.scenario.value = name

    def open_scenario(self, name: str | None = None) -> str:
        """Open the preset picked (or ``name``) of the game picked; returns the error message or ""."""
        name = self.scenario.value if name is None else name
        title = dict((i, t) for t, i in self.scenario.options).get(name, name)
        try:
            if name is None:
                raise SessionError("this game has no scenarios")
            view = view_for(self._game_name())
            game_note = view.scenario_game_note(name, self.game.value)
            self.session.open_scenario(name, game=self._game_name())
        except (ValueError, KeyError, SessionError) as e:
            msg = str(e.args[0] if isinstance(e, KeyError) and e.args else e)
            self._say(msg, ok=False)
            return msg
        said = f"opened the scenario {title!r}: Undo at its start returns to the game before"
        said = f"{said}. {game_note}" if game_note else said
        self._say(said)
        # a preset of another game rebuilt the menu for that game (its own presets first): the menu shows the
        # preset opened, with its note, and the line of the open (the game it changed to) under the menu
        self._opened = (name, said[0].upper() + said[1:])
        self.mark_scenario(name)
        self._scenario_picked()
        return ""

    def _follow(self) -> None:
        """A game loaded or started elsewhere: the dropdown shows it."""
        self._opened = None
        self.scenario_said.value = ""
        gid = self.session.game_id
        if gid in {v for _t, v in self.game.options} and gid != self.game.value:
            self.game.value = gid
            self.players.value = self.session.game.players

    def _say(self, msg: str, ok: bool = True) -> None:
        self.message.value = f'<span style="color:{"#1b7a35" if ok else "#b00020"}">{escape(msg)}</span>'

    def new_game(self) -> str:
        """Start the game set in the fields; returns the error message or ""."""
        try:
            if any(str(getattr(w, "value", "")).strip() for w in self._path_fields()):
                self.session.check_server_files("read")
            view = view_for(self._game_name())
            options = view.new_game_options(self.fields)
            self.session.new_game(
                players=self.players.value, seed=self.seed.value, game=self.game.value, **options
            )
        except (ValueError, OSError) as e:
            self._say(str(e), ok=False)
            return str(e)
        self._say(
            f"new {self.players.value}-player game of {game_info(self.game.value).title}, "
            f"seed {self.seed.value}"
        )
        return ""

    def _path_fields(self) -> list:
        """The *New game* fields that name a file on the server (marked :data:`SERVER_PATH_CLASS`)."""
        return [w for w in self.fields if SERVER_PATH_CLASS in getattr(w, "_dom_classes", ())]

    def _game_name(self) -> str:
        """The ``game.name`` of the game picked (the key of its view plugin)."""
        cls = game_info(self.game.value).load()
        return str(getattr(cls, "name", "") or self.game.value)

    def save(self) -> str:
        """Write the chosen kind of JSON into the text box (and the file if given); returns the text."""
        try:
            if self.path.value.strip():
                self.session.check_server_files("write")
            text = self.session.save(self.kind.value)
        except (ValueError, SessionError) as e:
            self._say(str(e), ok=False)
            return ""
        self.text.value = text
        if self.path.value.strip():
            try:
                # the old file stays whole if this fails
                atomic_write_text(Path(self.path.value.strip()), text)
            except OSError as e:
                self._say(
                    f"cannot write {self.path.value.strip()}: {e.strerror or e} (the file is unchanged)",
                    ok=False,
                )
                return ""
        if not self.session.server_files:  # the classroom page: the file goes to the visitor's browser
            name = f"{self.session.game_id}-move{self.session.tree.ply}-{self.kind.value}.json"
            self.exports.downloader.download(name, text, "application/json")
            self._say(f"saved the {self.kind.value} ({len(text)} characters) and sent {name} to the browser")
            return text
        self._say(f"saved the {self.kind.value} ({len(text)} characters)")
        return text

    def load(self) -> str:
        """Load the file at the typed path if one is given, else the JSON in the text box, as the kind chosen
        above (a tree, a record's line of play, or a position). Errors leave the game unchanged and say what
        was wrong; returns the error or ""."""
        src = self.path.value.strip()
        try:
            if src:
                self.session.check_server_files("read")
                fmt = self.session.load(Path(src), kind=self.kind.value)
            elif self.text.value.strip():
                _check_size(len(self.text.value.encode("utf-8")), "the text box")
                fmt = self.session.load(self.text.value, kind=self.kind.value)
            else:
                raise SessionError(
                    "nothing to load: type a file path, or paste the JSON of a game tree, record "
                    "or position into the text box"
                )
        except (ValueError, OSError) as e:
            self._say(str(e), ok=False)
            return str(e)
        where = f"from {src}" if src else "from the text box"
        self._say(f"loaded {'an' if fmt[0] in 'aeiou' else 'a'} {fmt} {where}")
        return ""

    def open_upload(self, name: str, content: bytes | str) -> str:
        """Load an uploaded file's ``content`` through the same validating path as Load (:meth:`Session.load`,
        as the kind chosen above); errors name the file and the field and leave the game unchanged. A file of
        more than :data:`UPLOAD_LIMIT` bytes is refused before it is parsed. Returns the error or ""."""
        name = _excerpt(name)
        try:
            size = len(content.encode("utf-8")) if isinstance(content, str) else memoryview(content).nbytes
            _check_size(size, name)  # before parsing: a huge file is refused without being read
            fmt = self.session.load(
                bytes(content) if not isinstance(content, str) else content, kind=self.kind.value, name=name
            )
        except (ValueError, OSError) as e:
            self._say(str(e), ok=False)
            return str(e)
        self._say(f"opened {name}: {'an' if fmt[0] in 'aeiou' else 'a'} {fmt}")
        return ""

    def _uploaded(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        f = files[0]
        try:
            self.open_upload(str(f.get("name") or "upload"), f.get("content", b""))
        finally:
            self.upload.value = ()  # the same file can be opened again


def _check_size(size: int, what: str) -> None:
    """Refuse a file of more than :data:`UPLOAD_LIMIT` bytes before it is parsed."""
    if size > UPLOAD_LIMIT:
        raise SessionError(
            f"{what}: {size:,} bytes is too large to open here (the limit is {UPLOAD_LIMIT:,} bytes)"
        )


def _excerpt(text: str, limit: int = 60) -> str:
    """``text`` cut to ``limit`` characters (a file name sent by a browser can be of any length)."""
    return text if len(text) <= limit else text[: limit - 3] + "..."
