"""``Session``: the game tree, the viewer and the bots behind every panel of the kit (no widgets here), for
any registered game.

All panels of :class:`~evo_lab.views.widgets.Explorer` share one session: they act through it and redraw
when it calls them back. What differs per game (its bots, which chance nodes resolve at once, what a phase and
a round are) comes from the game's view plugin (:func:`evo_lab.views.games.view_for`).

>>> s = Session(players=2, seed=3)                       # Evo 2e by default
>>> _ = s.play_to("setup"); s.state.phase_name()
'mutation'
>>> text = s.state.action_to_string(s.state.legal_actions()[0]); _ = s.play(text)
>>> s.tree.ply > 0, s.undo().ply == s.tree.ply
(True, True)
>>> e = Session("evolution", players=3, seed=1); _ = e.play_to("setup"); e.state.phase
'food'
>>> e.bot_names()
['random', 'greedy', 'lively']
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from evo_lab.core.errors import EvoLabError, FormatError, excerpt
from evo_lab.core.protocol import sample_chance
from evo_lab.core.jsonio import MAX_BYTES
from evo_lab.core.records import load_position, load_record, read_json
from evo_lab.core.registry import make_game
from evo_lab.core.tree import MAX_V1_DEPTH, GameTree, HistoryError, Node
from evo_lab.views.games import GameView, view_for
from evo_lab.views.games.base import registry_id

__all__ = ["DEFAULT_GAME", "Session", "SessionError", "bot_names", "make_policy"]

#: The game a session starts when given nothing (the kit's first game).
DEFAULT_GAME = "evo2e"


class SessionError(EvoLabError, ValueError):
    """A request the session cannot carry out (unknown bot, a decision with no bot to make it, bad file)."""


def bot_names(game: Any = DEFAULT_GAME) -> list[str]:
    """Bots available to make decisions in ``game`` (a game, a state or a registry name; its view plugin)."""
    return list(view_for(game).bots(_game_of(game)))


def make_policy(name: str, seed: int | None = None, game: Any = DEFAULT_GAME) -> Callable[[Any], Any]:
    """A ``policy(state) -> action`` for bot ``name`` of ``game`` (default: Evo 2e's ``evo_lab.bots``)."""
    bots = view_for(game).bots(_game_of(game))
    if name not in bots:
        raise SessionError(f"unknown bot {name!r}; this game has: {', '.join(bots)}")
    try:
        return bots[name](seed)
    except (KeyError, ValueError) as e:
        raise SessionError(str(e).strip("'\"")) from None


def _game_of(game: Any) -> Any:
    if isinstance(game, str):
        return make_game(game)
    return getattr(game, "game", game)


def _is_fresh(state: Any) -> bool:
    """Whether ``state`` is its game's initial state (nothing applied, not a loaded position)."""
    try:
        return not state.history() and state.to_json() == state.game.new_initial_state().to_json()
    except Exception:  # noqa: BLE001 - a game without positions: not fresh
        return False


class Session:
    """A game tree with a viewer, a random source for chance, and bots; notifies listeners on every change.

    ``Session(source=None, *, players=4, seed=0, board=None, viewer=None, bot="random", auto_roll=True,
    server_files=True, **options)``: ``source`` is a state, a game, a :class:`~evo_lab.GameTree`, a registry id
    (``"evolution"``: a new game with ``players``, ``seed`` and ``options``) or ``None`` (a new Evo 2e game).
    ``server_files=False`` (the classroom page): no file of the machine running the kernel is read or written
    on a visitor's behalf (:meth:`load` of a path is refused; the widgets offer upload and download only).
    """

    def __init__(
        self,
        source: Any = None,
        *,
        players: int = 4,
        seed: int | None = 0,
        board: Any = None,
        viewer: int | None = None,
        bot: str = "random",
        auto_roll: bool = True,
        server_files: bool = True,
        **options: Any,
    ):
        #: whether the people using this session may name files of the server (False on the classroom page);
        #: a plain attribute, not a widget trait: no message from a browser can change it
        self.server_files = bool(server_files)
        self._listeners: list[Callable[[str], None]] = []
        self._batch = 0
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.viewer = viewer
        self.bot = bot
        #: resolve at once the chance nodes the view plugin names (Evo: the combat die after an attack)
        self.auto_roll = auto_roll
        self._policies: dict[str, Callable] = {}
        self.error = ""
        #: trees replaced by :meth:`open`, most recent last (Undo at an opened position's start returns to them);
        #: and those Undo left, for Redo
        self._before: list[GameTree] = []
        self._after: list[GameTree] = []
        if board is not None:
            options["board"] = board
        self._set_tree(self._tree_from(source, players, seed, options))

    # ----- plumbing
    @staticmethod
    def _tree_from(source: Any, players: int, seed: int | None, options: dict) -> GameTree:
        if source is None or isinstance(source, str):
            try:
                source = make_game(source or DEFAULT_GAME, players=players, seed=seed, **options)
            except (TypeError, ValueError) as e:
                raise SessionError(str(e)) from None
        if isinstance(source, GameTree):
            return source
        if hasattr(source, "legal_actions") and hasattr(source, "clone"):
            return GameTree(source)
        if hasattr(source, "new_initial_state"):
            return GameTree(source.new_initial_state())
        raise SessionError(f"expected a state, a game, a GameTree or a game id, got {type(source).__name__}")

    def _set_tree(self, tree: GameTree) -> None:
        self.tree = tree
        self.view: GameView = view_for(tree.state.game)
        self._policies.clear()
        tree.on_change(lambda _t: self._notify("move"))
        if self.viewer is not None and not 0 <= self.viewer < self.game.players:
            self.viewer = None

    def on_change(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(what)`` after each change: ``"move"``, ``"game"`` (new tree), ``"viewer"``, ``"error"``."""
        self._listeners.append(callback)

    def listeners(self) -> list[Callable[[str], None]]:
        """The callbacks registered so far (the explorer drops a replaced board's and panels' callbacks)."""
        return list(self._listeners)

    def put_first(self, callbacks: list[Callable[[str], None]]) -> None:
        """Call ``callbacks`` (already registered) before the others, in this order (the explorer puts itself
        and the board first: the board's new picture leaves before the other panels redraw)."""
        ids = set(map(id, callbacks))
        self._listeners = list(callbacks) + [cb for cb in self._listeners if id(cb) not in ids]

    def drop_listeners(self, callbacks: list[Callable[[str], None]]) -> None:
        """Stop calling ``callbacks`` (widgets that were replaced)."""
        gone = set(map(id, callbacks))
        self._listeners = [cb for cb in self._listeners if id(cb) not in gone]

    def _notify(self, what: str) -> None:
        if self._batch:
            return
        for cb in list(self._listeners):
            if any(cb is x for x in self._listeners):  # not dropped by an earlier callback
                cb(what)

    @property
    def state(self) -> Any:
        return self.tree.state

    @property
    def game(self) -> Any:
        return self.tree.state.game

    @property
    def game_id(self) -> str:
        """The registry id of the current game (``"evolution-climate"`` for a Climate game)."""
        return registry_id(self.game)

    def _fail(self, message: str) -> str:
        self.error = message
        self._notify("error")
        return message

    # ----- acting
    def play(self, action: Any) -> Node:
        """Apply an action (or its string) at the current node; raises a ``ValueError`` subclass if illegal."""
        self.error = ""
        if not self.auto_roll:
            return self.tree.play(action)
        self._batch += 1
        try:
            node = self.tree.play(action)
            while self.state.is_chance_node() and self.view.auto_chance(self.state):
                node = self.tree.play(sample_chance(self.state, self.rng))
        finally:
            self._batch -= 1
        self._notify("move")
        return node

    def try_play(self, action: Any) -> str:
        """Like :meth:`play` but returns the error message ("" on success) instead of raising."""
        try:
            self.play(action)
        except (ValueError, HistoryError) as e:
            return self._fail(str(e))
        return ""

    def bot_names(self) -> list[str]:
        """The bots this game offers (its view plugin's)."""
        return list(self.view.bots(self.game))

    def policy(self, name: str | None = None) -> Callable[[Any], Any]:
        name = name or self.bot
        if name not in self._policies:
            seed = None if self.seed is None else int(self.seed) + 7919 * (len(self._policies) + 1)
            self._policies[name] = make_policy(name, seed, self.game)
        return self._policies[name]

    def step(self, bot: str | None = None) -> Node:
        """One step: a chance outcome drawn with the session's generator, or the bot's decision.

        ``bot=""`` means "a human decides": stepping a decision then raises :class:`SessionError`."""
        st = self.state
        if st.is_terminal():
            raise SessionError("the game is over")
        if st.is_chance_node():
            return self.play(sample_chance(st, self.rng))
        name = self.bot if bot is None else bot
        if not name:
            raise SessionError(f"P{st.current_player() + 1} must decide: pick an action or choose a bot")
        return self.play(self.policy(name)(st))

    def play_to(self, until: str = "phase", bot: str | None = None, max_actions: int = 20000) -> int:
        """Step until the phase (``"phase"``), the round (``"round"``), setup (``"setup"``: the first decision)
        or the game (``"end"``) is over. Returns the number of actions played; one notification at the end."""
        if until not in ("phase", "round", "setup", "end"):
            raise SessionError(f"until must be 'phase', 'round', 'setup' or 'end', got {until!r}")
        v = self.view
        phase, rnd = v.phase_key(self.state), v.round_key(self.state)
        n = 0
        self._batch += 1
        try:
            while not self.state.is_terminal() and n < max_actions:
                s = self.state
                if until == "setup" and not s.is_chance_node():
                    break
                if until == "phase" and n and (v.phase_key(s) != phase or v.round_key(s) != rnd):
                    break
                if until == "round" and n and v.round_key(s) != rnd:
                    break
                self.step(bot)
                n += 1
        finally:
            self._batch -= 1
            self._notify("move")
        return n

    def deal(self) -> int:
        """Resolve the setup's chance nodes of a fresh game (nothing happens for any other position)."""
        return self.play_to("setup") if self.tree.ply == 0 and _is_fresh(self.state) else 0

    def undo(self) -> Node:
        """One move back; at the start of a position opened with :meth:`open`, back to the tree it replaced."""
        if self.tree.can_undo() or not self._before:
            return self.tree.undo()
        self._after.append(self.tree)
        self._swap(self._before.pop())
        return self.tree.current

    def redo(self) -> Node:
        """One move forward; at the end of the line of a tree that Undo returned to, the opened position again."""
        if self.tree.can_redo() or not self._after:
            return self.tree.redo()
        self._before.append(self.tree)
        self._swap(self._after.pop())
        return self.tree.current

    def can_undo(self) -> bool:
        return self.tree.can_undo() or bool(self._before)

    def can_redo(self) -> bool:
        return self.tree.can_redo() or bool(self._after)

    def _swap(self, tree: GameTree) -> None:
        self._set_tree(tree)
        self._notify("game")

    def open(self, state: Any) -> None:
        """Make ``state`` (any game's) the root of a new tree, keeping the current tree for Undo (a preset, a
        position set up in the editor)."""
        if not (hasattr(state, "legal_actions") and hasattr(state, "clone")):
            raise SessionError(f"expected a game state, got {type(state).__name__}")
        self._before.append(self.tree)
        self._after.clear()
        self._swap(GameTree(state))

    def scenarios(self) -> list[tuple[str, str]]:
        """The current game's presets, ``(title, id)`` (its view plugin's; Evo 2e: :mod:`evo_lab.games.evo2e.scenarios`)."""
        return self.view.scenarios()

    def open_scenario(self, name: str, game: Any = None) -> Any:
        """Open the preset ``name`` of the current game (or of registry id ``game``) as with :meth:`open`;
        returns its state. An unknown name raises :class:`SessionError` listing the presets."""
        view = self.view if game is None else view_for(game)
        try:
            state = view.scenario(name)
        except KeyError as e:
            raise SessionError(str(e.args[0] if e.args else e)) from None
        self.open(state)
        return state

    def goto(self, node: Node) -> Node:
        return self.tree.goto(node)

    def goto_ply(self, ply: int) -> Node:
        return self.tree.goto_ply(ply)

    def set_viewer(self, viewer: int | None) -> None:
        """Act as player ``viewer`` (their hidden information only) or ``None`` (the omniscient teacher)."""
        if viewer is not None and not 0 <= viewer < self.game.players:
            raise SessionError(f"viewer must be None or a player 0..{self.game.players - 1}, got {viewer!r}")
        self.viewer = viewer
        self._notify("viewer")

    def observation(self) -> dict:
        return self.state.observation(self.viewer)

    # ----- games and files
    def new_game(
        self,
        players: int = 4,
        seed: int | None = 0,
        board: Any = None,
        deal: bool = True,
        *,
        game: str | None = None,
        **options: Any,
    ) -> None:
        """Start a new game: registry id ``game`` (default: the current game's) with ``players``, ``seed`` and
        the game's ``options`` (Evo 2e: ``board``); ``deal``: resolve setup's chance nodes with the session
        generator."""
        if board is not None:
            options["board"] = board
        try:
            new = make_game(game or self.game_id, players=players, seed=seed, **options)
        except TypeError as e:
            raise SessionError(str(e)) from None
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self._before.clear()
        self._after.clear()
        self._set_tree(GameTree(new.new_initial_state()))
        if deal:
            self._batch += 1
            try:
                self.play_to("setup")
            finally:
                self._batch -= 1
        self._notify("game")

    def save(self, kind: str = "tree") -> str:
        """The current game as JSON text: ``"tree"`` (every line), ``"record"`` (current line) or ``"position"``."""
        if kind == "tree":
            return json.dumps(self.tree.to_dict())
        if kind == "record":
            return self.state.record_json()
        if kind == "position":
            return self.state.to_json()
        raise SessionError(f"kind must be 'tree', 'record' or 'position', got {kind!r}")

    def load(self, text: str | bytes | Path, kind: str | None = None, name: str | None = None) -> str:
        """Load JSON text (or a file path) written by :meth:`save`. ``kind`` (``"tree"``, ``"record"`` or
        ``"position"``) is what to make of it: a tree keeps every line, a record the line of play that leads to
        the current position (variations dropped), a position only that position (no history to undo); ``None``
        takes what the text holds. A record or position asked for as a tree is a tree of what it holds.
        Returns the kind loaded.

        Any registered game's files load (the envelope's game id picks the game), so a session can switch
        games this way.

        ``name``: the file the text came from (an upload), named in the errors like a path.

        Raises :class:`~evo_lab.FormatError` naming the file (a path or ``name``) and the bad field, or
        :class:`SessionError` for an empty text or a missing file; the session is unchanged then.

        >>> s = Session(players=2, seed=1)
        >>> s.load("  ")
        Traceback (most recent call last):
        ...
        evo_lab.views.widgets.session.SessionError: nothing to load: the text is empty
        """
        if kind not in (None, "tree", "record", "position"):
            raise SessionError(f"kind must be 'tree', 'record', 'position' or None, got {kind!r}")
        where = f"{name}: " if name else ""
        if isinstance(text, Path):
            self.check_server_files("read")
            where = f"{text}: "
            try:
                with open(text, "rb") as f:  # at most the size limit is read (/dev/zero is refused, not read)
                    text = f.read(MAX_BYTES + 1)
            except FileNotFoundError:
                raise SessionError(f"{where}no such file") from None
            except OSError as e:
                raise SessionError(f"{where}cannot read the file ({e.strerror or e})") from None
        if not str(text if not isinstance(text, bytes) else text.decode("utf-8", "replace")).strip():
            raise SessionError(f"{where or ''}nothing to load: the {'file' if where else 'text'} is empty")
        source = where[:-2] or None
        try:  # size and nesting are checked before parsing (a tree file nests one level per ply in version 1)
            data = read_json(text, source, max_depth=MAX_V1_DEPTH)
            tree, fmt = self._tree_of(data, kind)
        except FormatError as e:
            raise e.at(source) from None
        self._before.clear()
        self._after.clear()
        self._set_tree(tree)
        self._notify("game")
        return fmt

    def check_server_files(self, verb: str = "read") -> None:
        """Raise :class:`SessionError` when this session may not ``verb`` ("read" or "write") a server file.

        >>> Session(players=2, server_files=False).check_server_files("write")
        Traceback (most recent call last):
        ...
        evo_lab.views.widgets.session.SessionError: this page cannot write files on the server: use the download buttons
        """
        if not self.server_files:
            how = "Open a file (upload)" if verb == "read" else "the download buttons"
            raise SessionError(f"this page cannot {verb} files on the server: use {how}")

    @staticmethod
    def _tree_of(data: Any, kind: str | None) -> tuple[GameTree, str]:
        fmt = data.get("format") if isinstance(data, dict) else None
        names = {"evo-lab-tree": "tree", "evo-lab-record": "record", "evo-lab-position": "position"}
        if not isinstance(fmt, str) or fmt not in names:
            raise FormatError(
                f"expected an evo-lab tree, record or position, got format {excerpt(fmt)}", "format"
            )
        have = names[fmt]
        want = kind or have
        if have == "tree":  # the root is a position in the envelope: its game id picks the game
            tree = GameTree.from_dict(data, load_position)
        elif have == "record":
            end = load_record(data)  # validates, naming the bad entry
            start = (
                type(end).from_dict(data["start"], end.game)
                if "start" in data
                else end.game.new_initial_state()
            )
            tree = GameTree(start)
            for a in end.history():
                tree.play(a)
        else:
            tree = GameTree(load_position(data))
        if want == "record" and have == "tree":
            line = tree.path()
            tree = GameTree(line[0].state)
            for n in line[1:]:
                tree.play(n.action)
        elif want == "position" and have != "position":
            tree = GameTree(tree.state.clone())
        return tree, want
