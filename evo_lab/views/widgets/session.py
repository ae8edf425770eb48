"""``Session``: the game tree, the viewer and the bots behind every panel of the kit (no widgets here).

All panels of :class:`~evo_lab.views.widgets.Explorer` share one session: they act through it and redraw
when it calls them back.

>>> s = Session(players=2, seed=3)
>>> _ = s.play_to("setup"); s.state.phase_name()
'mutation'
>>> text = s.state.action_to_string(s.state.legal_actions()[0]); _ = s.play(text)
>>> s.tree.ply > 0, s.undo().ply == s.tree.ply
(True, True)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from evo_lab.board import Board
from evo_lab.bots import BOTS, make_bot
from evo_lab.core.errors import EvoLabError, FormatError
from evo_lab.core.protocol import sample_chance
from evo_lab.core.tree import GameTree, HistoryError, Node
from evo_lab.engine.game import Game
from evo_lab.engine.state import State

__all__ = ["Session", "SessionError", "bot_names", "make_policy"]


class SessionError(EvoLabError, ValueError):
    """A request the session cannot carry out (unknown bot, a decision with no bot to make it, bad file)."""


def bot_names() -> list[str]:
    """Bots available to make decisions (``evo_lab.bots.BOTS``)."""
    return list(BOTS)


def make_policy(name: str, seed: int | None = None) -> Callable[[State], Any]:
    """A ``policy(state) -> Action`` for bot ``name`` (``evo_lab.bots.make_bot``)."""
    try:
        bot = make_bot(name, seed=seed)
    except (KeyError, ValueError) as e:
        raise SessionError(str(e).strip("'\"")) from None
    return lambda st: bot(st, st.current_player())


class Session:
    """A game tree with a viewer, a random source for chance, and bots; notifies listeners on every change.

    ``Session(source=None, *, players=4, seed=0, board=None, viewer=None, bot="random", auto_roll=True)``: ``source`` is a
    :class:`~evo_lab.State`, a :class:`~evo_lab.Game`, a :class:`~evo_lab.GameTree` or ``None`` (a new game).
    """

    def __init__(self, source: Any = None, *, players: int = 4, seed: int | None = 0, board: Board | None = None,
                 viewer: int | None = None, bot: str = "random", auto_roll: bool = True):
        self._listeners: list[Callable[[str], None]] = []
        self._batch = 0
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.viewer = viewer
        self.bot = bot
        #: roll the combat die (and killer babies' die) right after the attack that calls for it
        self.auto_roll = auto_roll
        self._policies: dict[str, Callable] = {}
        self.error = ""
        self._set_tree(self._tree_from(source, players, seed, board))

    # ----- plumbing
    @staticmethod
    def _tree_from(source: Any, players: int, seed: int | None, board: Board | None) -> GameTree:
        if source is None:
            source = Game(players=players, seed=seed, board=board)
        if isinstance(source, GameTree):
            return source
        if isinstance(source, Game):
            return GameTree(source.new_initial_state())
        if isinstance(source, State):
            return GameTree(source)
        raise SessionError(f"expected a State, Game or GameTree, got {type(source).__name__}")

    def _set_tree(self, tree: GameTree) -> None:
        self.tree = tree
        tree.on_change(lambda _t: self._notify("move"))
        if self.viewer is not None and not 0 <= self.viewer < self.state.game.players:
            self.viewer = None

    def on_change(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(what)`` after each change: ``"move"``, ``"game"`` (new tree), ``"viewer"``, ``"error"``."""
        self._listeners.append(callback)

    def _notify(self, what: str) -> None:
        if self._batch:
            return
        for cb in list(self._listeners):
            cb(what)

    @property
    def state(self) -> State:
        return self.tree.state

    @property
    def game(self) -> Game:
        return self.tree.state.game

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
            while self.state.node_name() in ("die", "kbdie"):
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

    def policy(self, name: str | None = None) -> Callable[[State], Any]:
        name = name or self.bot
        if name not in self._policies:
            seed = None if self.seed is None else int(self.seed) + 7919 * (len(self._policies) + 1)
            self._policies[name] = make_policy(name, seed)
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
        st = self.state
        phase, rnd = st.phase, st.round
        n = 0
        self._batch += 1
        try:
            while not self.state.is_terminal() and n < max_actions:
                s = self.state
                if until == "setup" and not s.is_chance_node():
                    break
                if until == "phase" and n and (s.phase != phase or s.round != rnd):
                    break
                if until == "round" and n and s.round != rnd:
                    break
                self.step(bot)
                n += 1
        finally:
            self._batch -= 1
            self._notify("move")
        return n

    def undo(self) -> Node:
        return self.tree.undo()

    def redo(self) -> Node:
        return self.tree.redo()

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
    def new_game(self, players: int = 4, seed: int | None = 0, board: Board | str | None = None,
                 deal: bool = True) -> None:
        """Start a new game (``deal``: resolve setup's chance nodes with the session generator)."""
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self._policies.clear()
        self._set_tree(GameTree(Game(players=players, seed=seed, board=board).new_initial_state()))
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

    def load(self, text: str | bytes | Path, kind: str | None = None) -> str:
        """Load JSON text (or a file path) written by :meth:`save`. ``kind`` (``"tree"``, ``"record"`` or
        ``"position"``) is what to make of it: a tree keeps every line, a record the line of play that leads to
        the current position (variations dropped), a position only that position (no history to undo); ``None``
        takes what the text holds. A record or position asked for as a tree is a tree of what it holds.
        Returns the kind loaded.

        Raises :class:`~evo_lab.FormatError` naming the file (when a path is given) and the bad field, or
        :class:`SessionError` for an empty text or a missing file; the session is unchanged then.

        >>> s = Session(players=2, seed=1)
        >>> s.load("  ")
        Traceback (most recent call last):
        ...
        evo_lab.views.widgets.session.SessionError: nothing to load: the text is empty
        """
        if kind not in (None, "tree", "record", "position"):
            raise SessionError(f"kind must be 'tree', 'record', 'position' or None, got {kind!r}")
        where = ""
        if isinstance(text, Path):
            where = f"{text}: "
            try:
                text = text.read_text(encoding="utf-8")
            except FileNotFoundError:
                raise SessionError(f"{where}no such file") from None
            except OSError as e:
                raise SessionError(f"{where}cannot read the file ({e.strerror or e})") from None
        if not str(text if not isinstance(text, bytes) else text.decode("utf-8", "replace")).strip():
            raise SessionError(f"{where or ''}nothing to load: the {'file' if where else 'text'} is empty")
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as e:
            raise FormatError(f"{where}not valid JSON ({getattr(e, 'msg', e)} at line {getattr(e, 'lineno', '?')}, "
                              f"column {getattr(e, 'colno', '?')})", "") from None
        try:
            tree, fmt = self._tree_of(data, kind)
        except FormatError as e:
            if not where:
                raise
            err = FormatError(f"{where}{e}", "")
            err.field = e.field
            raise err from None
        self._set_tree(tree)
        self._notify("game")
        return fmt

    @staticmethod
    def _tree_of(data: Any, kind: str | None) -> tuple[GameTree, str]:
        fmt = data.get("format") if isinstance(data, dict) else None
        names = {"evo-lab-tree": "tree", "evo-lab-record": "record", "evo-lab-position": "position"}
        if fmt not in names:
            raise FormatError(f"expected an evo-lab tree, record or position, got format {fmt!r}", "format")
        have = names[fmt]
        want = kind or have
        if have == "tree":
            tree = GameTree.from_dict(data, State.from_dict)
        elif have == "record":
            game = State.from_record(data).game  # validates, naming the bad entry
            tree = GameTree(State.from_dict(data["start"], game) if "start" in data else game.new_initial_state())
            for t in data["actions"]:
                tree.play(t)
        else:
            tree = GameTree(State.from_dict(data))
        if want == "record" and have == "tree":
            line = tree.path()
            tree = GameTree(line[0].state)
            for n in line[1:]:
                tree.play(n.action)
        elif want == "position" and have != "position":
            tree = GameTree(tree.state.clone())
        return tree, want
