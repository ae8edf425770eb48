"""A game tree with undo, redo and variations, for any game state (python-chess's GameNode, generalised).

Every node keeps a snapshot of its state, so moving around the tree is instant and undo never replays.
Playing a new action from a past point keeps the old line as a variation.

>>> import evo_lab, numpy as np
>>> tree = GameTree(evo_lab.Game(players=2).new_initial_state())
>>> rng = np.random.default_rng(1)
>>> for _ in range(3):
...     _ = tree.play_random(rng)
>>> tree.ply
3
>>> _ = tree.undo(); tree.ply
2
>>> _ = tree.redo(); tree.ply
3
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from typing import TYPE_CHECKING, Generic

from .errors import EvoLabError, FormatError, IllegalActionError, excerpt
from .protocol import StateT, sample_chance

if TYPE_CHECKING:
    from .draw import Random
    from .jsonio import JSONValue
    from .protocol import State


class HistoryError(EvoLabError, IndexError):
    """Undo at the start, redo at the end, or a node that is not in this tree."""


class Node(Generic[StateT]):
    """One position in the tree: the action that led here, its state, and its continuations."""

    __slots__ = ("parent", "action", "text", "state", "children", "selected", "comment", "ply")

    def __init__(self, parent: Node[StateT] | None, action: Hashable | None, text: str | None, state: StateT):
        self.parent = parent
        self.action = action
        self.text = text
        self.state = state
        self.children: list[Node[StateT]] = []
        self.selected = 0  # index of the child redo() follows
        self.comment = ""
        self.ply: int = 0 if parent is None else parent.ply + 1

    def is_mainline(self) -> bool:
        n = self
        while n.parent is not None:
            if n.parent.children[0] is not n:
                return False
            n = n.parent
        return True

    def actions(self) -> list[Hashable]:
        """The actions from the root to this node."""
        out: list[Hashable] = []
        n = self
        while n.parent is not None:
            out.append(n.action)
            n = n.parent
        return out[::-1]

    def __repr__(self) -> str:
        return f"<Node ply={self.ply} {self.text or 'root'} children={len(self.children)}>"


class GameTree(Generic[StateT]):
    """History with undo/redo and branching variations over a game state."""

    def __init__(self, state: StateT):
        self.root: Node[StateT] = Node(None, None, None, state.clone())
        self.current = self.root
        self._listeners: list[Callable[[GameTree[StateT]], None]] = []

    # ----- reading
    @property
    def state(self) -> StateT:
        """The current position (a snapshot owned by the tree: clone it before changing it)."""
        return self.current.state

    @property
    def ply(self) -> int:
        return self.current.ply

    def path(self) -> list[Node[StateT]]:
        """Nodes from the root to the current node."""
        out = []
        n: Node[StateT] | None = self.current
        while n is not None:
            out.append(n)
            n = n.parent
        return out[::-1]

    def line(self, node: Node[StateT] | None = None) -> list[Node[StateT]]:
        """The line through ``node`` (default: current): its path, then the selected continuations."""
        n = node or self.current
        out = []
        p: Node[StateT] | None = n
        while p is not None:
            out.append(p)
            p = p.parent
        out.reverse()
        while n.children:
            n = n.children[n.selected]
            out.append(n)
        return out

    def mainline(self) -> list[Node[StateT]]:
        """The main line: first children from the root."""
        out = [self.root]
        n = self.root
        while n.children:
            n = n.children[0]
            out.append(n)
        return out

    def variations(self, node: Node[StateT] | None = None) -> list[Node[StateT]]:
        """The alternatives at ``node``'s branching point: the children of its parent."""
        n = node or self.current
        return list(n.parent.children) if n.parent is not None else [n]

    def branch_points(self) -> list[Node[StateT]]:
        """Every node with more than one continuation."""
        out = []
        stack = [self.root]
        while stack:
            n = stack.pop()
            if len(n.children) > 1:
                out.append(n)
            stack.extend(reversed(n.children))
        return out

    def nodes(self) -> Iterator[Node[StateT]]:
        stack = [self.root]
        while stack:
            n = stack.pop()
            yield n
            stack.extend(reversed(n.children))

    # ----- moving
    def on_change(self, callback: Callable[[GameTree[StateT]], None]) -> None:
        """Call ``callback(tree)`` after every change of the current node."""
        self._listeners.append(callback)

    def _changed(self) -> None:
        for cb in list(self._listeners):
            cb(self)

    def play(self, action: Hashable | str) -> Node[StateT]:
        """Apply ``action`` (or its string) at the current node. An existing continuation is reused;
        a new one becomes a variation. Illegal actions raise and change nothing."""
        st = self.current.state
        if isinstance(action, str):
            action = st.parse_action(action)
        for i, c in enumerate(self.current.children):
            if c.action == action:
                self.current.selected = i
                self.current = c
                self._changed()
                return c
        new = st.clone()
        new.apply_action(action)  # raises on illegal input; the tree is untouched
        text = st.action_to_string(action)
        node = Node(self.current, action, text, new)
        self.current.children.append(node)
        self.current.selected = len(self.current.children) - 1
        self.current = node
        self._changed()
        return node

    def play_random(self, rng: Random, policy: Callable[[StateT], Hashable] | None = None) -> Node[StateT]:
        """Play one step: a chance outcome drawn by ``rng``, or ``policy(state)`` (default uniform)."""
        st = self.current.state
        if st.is_terminal():
            raise HistoryError("the game is over")
        if st.is_chance_node():
            return self.play(sample_chance(st, rng))
        if policy is None:
            acts = st.legal_actions()
            return self.play(acts[int(rng.random() * len(acts))])
        return self.play(policy(st))

    def undo(self) -> Node[StateT]:
        if self.current.parent is None:
            raise HistoryError("nothing to undo: at the start of the game")
        parent = self.current.parent
        parent.selected = parent.children.index(self.current)
        self.current = parent
        self._changed()
        return self.current

    def redo(self) -> Node[StateT]:
        if not self.current.children:
            raise HistoryError("nothing to redo: at the end of this line")
        self.current = self.current.children[self.current.selected]
        self._changed()
        return self.current

    def can_undo(self) -> bool:
        return self.current.parent is not None

    def can_redo(self) -> bool:
        return bool(self.current.children)

    def goto(self, node: Node[StateT]) -> Node[StateT]:
        """Make ``node`` (a node of this tree) current."""
        n: Node[StateT] | None = node
        while n is not None and n is not self.root:
            n = n.parent
        if n is not self.root:
            raise HistoryError("that node is not in this tree")
        # remember the way so that redo follows it
        p = node
        while p.parent is not None:
            p.parent.selected = p.parent.children.index(p)
            p = p.parent
        self.current = node
        self._changed()
        return node

    def goto_ply(self, ply: int) -> Node[StateT]:
        """Move along the current line to ``ply`` (0 = start)."""
        line = self.line()
        if not 0 <= ply < len(line):
            raise HistoryError(f"ply {ply} is outside this line (0..{len(line) - 1})")
        return self.goto(line[ply])

    def promote(self, node: Node[StateT] | None = None) -> None:
        """Make the line through ``node`` the main line."""
        n = node or self.current
        while n.parent is not None:
            kids = n.parent.children
            i = kids.index(n)
            kids.insert(0, kids.pop(i))
            n.parent.selected = 0
            n = n.parent

    # ----- files
    def to_dict(self) -> dict[str, object]:
        """The tree as JSON-able data (format version 2, flat: no nesting however long the game): the root
        position, then every other node in depth-first order as ``[parent, action]`` (``[parent, action,
        comment]`` when it has a comment), where ``parent`` is the index of an earlier node (0: the root, k:
        the k-th entry of ``nodes``); ``current`` is the index of the current node."""
        index: dict[int, int] = {id(self.root): 0}
        nodes: list[list[int | str | None]] = []
        for n in self.nodes():
            if n.parent is None:
                continue
            index[id(n)] = len(nodes) + 1
            nodes.append([index[id(n.parent)], n.text] + ([n.comment] if n.comment else []))
        return {
            "format": TREE_FORMAT,
            "version": TREE_VERSION,
            "root": self.root.state.to_dict(),
            "nodes": nodes,
            "current": index[id(self.current)],
        }

    @classmethod
    def from_dict(cls, data: object, state_from_dict: Callable[[JSONValue], StateT]) -> GameTree[StateT]:
        """Read a tree written by :meth:`to_dict` (version 2), or a version-1 file (nested lines, read without
        recursion). ``state_from_dict`` reads the root position. Every action is replayed with the rules; a
        bad entry raises :class:`FormatError` naming it."""
        if not isinstance(data, dict) or data.get("format") != TREE_FORMAT:
            raise FormatError("not an evo-lab tree", "format")
        version = data.get("version")
        if version not in (1, TREE_VERSION):
            raise FormatError(
                f"unsupported version {excerpt(version)} (this evo-lab reads 1 and {TREE_VERSION})", "version"
            )
        try:
            root = state_from_dict(data.get("root"))
        except FormatError as e:
            raise FormatError(e.message, f"root.{e.field}" if e.field != "<root>" else "root") from None
        tree = cls(root)
        if version == 1:
            _read_v1(tree, data.get("lines", []))
            _current_v1(tree, data.get("current", []))
        else:
            nodes = _read_v2(tree, data.get("nodes"))
            cur = data.get("current", 0)
            if isinstance(cur, bool) or not isinstance(cur, int) or not 0 <= cur <= len(nodes):
                raise FormatError(f"expected a node index 0..{len(nodes)}, got {excerpt(cur)}", "current")
            tree.current = tree.root
            tree.goto(([tree.root] + nodes)[cur])
        return tree


#: The tree format this evo-lab writes (version 1, nested, is still read).
TREE_FORMAT = "evo-lab-tree"
TREE_VERSION = 2
#: Most nodes a tree file may hold (each keeps a snapshot of its position: memory grows with them).
MAX_TREE_NODES = 20_000
#: Deepest nesting of a version-1 tree file (two levels per ply: 1,000 plies; evo-lab 0.1 could not write more
#: than about 490).
MAX_V1_DEPTH = 2_100


def _play_at(tree: GameTree[StateT], node: Node[StateT], action: object, where: str) -> Node[StateT]:
    if not isinstance(action, str):
        raise FormatError(f"expected an action string, got {excerpt(action)}", where)
    tree.current = node
    try:
        return tree.play(action)
    except (FormatError, IllegalActionError) as e:
        raise FormatError(f"illegal action {excerpt(action)}: {e}", where) from None


def _comment(v: object, where: str) -> str:
    if not isinstance(v, str) or len(v) > 10_000:
        raise FormatError(f"expected a comment string of at most 10000 characters, got {excerpt(v)}", where)
    return v


def _read_v2(tree: GameTree[StateT], nodes: object) -> list[Node[StateT]]:
    if not isinstance(nodes, list):
        raise FormatError(f"expected a list of [parent, action] entries, got {excerpt(nodes)}", "nodes")
    if len(nodes) > MAX_TREE_NODES:
        raise FormatError(f"{len(nodes)} nodes, more than the {MAX_TREE_NODES} a tree file may hold", "nodes")
    made: list[Node[StateT]] = []
    for i, it in enumerate(nodes):
        where = f"nodes[{i}]"
        if not isinstance(it, list) or len(it) not in (2, 3):
            raise FormatError(
                f"expected [parent, action] or [parent, action, comment], got {excerpt(it)}", where
            )
        parent = it[0]
        if isinstance(parent, bool) or not isinstance(parent, int) or not 0 <= parent <= i:
            raise FormatError(
                f"expected the index of an earlier node 0..{i}, got {excerpt(parent)}", f"{where}[0]"
            )
        child = _play_at(tree, tree.root if parent == 0 else made[parent - 1], it[1], f"{where}[1]")
        if len(it) == 3:
            child.comment = _comment(it[2], f"{where}[2]")
        made.append(child)
    return made


def _read_v1(tree: GameTree[StateT], lines: object) -> None:
    """Version 1: ``lines`` nests ``{"action", "comment", "children"}`` one level per ply; read with a
    stack."""
    stack = [(tree.root, lines, "lines")]
    count = 0
    while stack:
        node, items, where = stack.pop()
        if not isinstance(items, list):
            raise FormatError(f"expected a list, got {excerpt(items)}", where)
        count += len(items)
        if count > MAX_TREE_NODES:
            raise FormatError(f"more than the {MAX_TREE_NODES} nodes a tree file may hold", where)
        todo = []
        for i, it in enumerate(items):
            if not isinstance(it, dict):
                raise FormatError("each line entry needs an 'action' string", f"{where}[{i}]")
            child = _play_at(tree, node, it.get("action"), f"{where}[{i}].action")
            if "comment" in it:
                child.comment = _comment(it["comment"], f"{where}[{i}].comment")
            todo.append((child, it.get("children", []), f"{where}[{i}].children"))
        stack.extend(reversed(todo))
    tree.current = tree.root


def _current_v1(tree: GameTree[StateT], current: object) -> None:
    if not isinstance(current, list):
        raise FormatError(f"expected a list of action strings, got {excerpt(current)}", "current")
    node = tree.root
    for i, text in enumerate(current):
        match = [c for c in node.children if c.text == text]
        if not match:
            raise FormatError(f"no line continues with {excerpt(text)}", f"current[{i}]")
        node = match[0]
    tree.goto(node)


def load_tree(data: object, source: str | None = None) -> GameTree[State]:
    """A :class:`GameTree` of whichever game its root position names, from a dict, JSON text or a
    :class:`~pathlib.Path` (version 2, or a nested version-1 file). Errors are :class:`FormatError` naming
    ``source`` (default: the path) and the field."""
    from .records import load_position, read_json, source_of

    source = source_of(data, source)
    try:
        return GameTree.from_dict(read_json(data, source, max_depth=MAX_V1_DEPTH), load_position)
    except FormatError as e:
        raise e.at(source) from None
