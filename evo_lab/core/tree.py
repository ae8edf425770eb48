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

from typing import Any, Callable, Hashable, Iterator

from .errors import EvoLabError, FormatError
from .protocol import sample_chance


class HistoryError(EvoLabError, IndexError):
    """Undo at the start, redo at the end, or a node that is not in this tree."""


class Node:
    """One position in the tree: the action that led here, its state, and its continuations."""

    __slots__ = ("parent", "action", "text", "state", "children", "selected", "comment", "ply")

    def __init__(self, parent: "Node | None", action: Hashable | None, text: str | None, state: Any):
        self.parent = parent
        self.action = action
        self.text = text
        self.state = state
        self.children: list[Node] = []
        self.selected = 0  # index of the child redo() follows
        self.comment = ""
        self.ply = 0 if parent is None else parent.ply + 1

    def is_mainline(self) -> bool:
        n = self
        while n.parent is not None:
            if n.parent.children[0] is not n:
                return False
            n = n.parent
        return True

    def actions(self) -> list[Hashable]:
        """The actions from the root to this node."""
        out = []
        n = self
        while n.parent is not None:
            out.append(n.action)
            n = n.parent
        return out[::-1]

    def __repr__(self) -> str:
        return f"<Node ply={self.ply} {self.text or 'root'} children={len(self.children)}>"


class GameTree:
    """History with undo/redo and branching variations over a game state."""

    def __init__(self, state: Any):
        self.root = Node(None, None, None, state.clone())
        self.current = self.root
        self._listeners: list[Callable[["GameTree"], None]] = []

    # ----- reading
    @property
    def state(self) -> Any:
        """The current position (a snapshot owned by the tree: clone it before changing it)."""
        return self.current.state

    @property
    def ply(self) -> int:
        return self.current.ply

    def path(self) -> list[Node]:
        """Nodes from the root to the current node."""
        out = []
        n: Node | None = self.current
        while n is not None:
            out.append(n)
            n = n.parent
        return out[::-1]

    def line(self, node: Node | None = None) -> list[Node]:
        """The line through ``node`` (default: current): its path, then the selected continuations."""
        n = node or self.current
        out = []
        p: Node | None = n
        while p is not None:
            out.append(p)
            p = p.parent
        out.reverse()
        while n.children:
            n = n.children[n.selected]
            out.append(n)
        return out

    def mainline(self) -> list[Node]:
        """The main line: first children from the root."""
        out = [self.root]
        n = self.root
        while n.children:
            n = n.children[0]
            out.append(n)
        return out

    def variations(self, node: Node | None = None) -> list[Node]:
        """The alternatives at ``node``'s branching point: the children of its parent."""
        n = node or self.current
        return list(n.parent.children) if n.parent is not None else [n]

    def branch_points(self) -> list[Node]:
        """Every node with more than one continuation."""
        out = []
        stack = [self.root]
        while stack:
            n = stack.pop()
            if len(n.children) > 1:
                out.append(n)
            stack.extend(reversed(n.children))
        return out

    def nodes(self) -> Iterator[Node]:
        stack = [self.root]
        while stack:
            n = stack.pop()
            yield n
            stack.extend(reversed(n.children))

    # ----- moving
    def on_change(self, callback: Callable[["GameTree"], None]) -> None:
        """Call ``callback(tree)`` after every change of the current node."""
        self._listeners.append(callback)

    def _changed(self) -> None:
        for cb in list(self._listeners):
            cb(self)

    def play(self, action: Hashable | str) -> Node:
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

    def play_random(self, rng: Any, policy: Callable[[Any], Hashable] | None = None) -> Node:
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

    def undo(self) -> Node:
        if self.current.parent is None:
            raise HistoryError("nothing to undo: at the start of the game")
        parent = self.current.parent
        parent.selected = parent.children.index(self.current)
        self.current = parent
        self._changed()
        return self.current

    def redo(self) -> Node:
        if not self.current.children:
            raise HistoryError("nothing to redo: at the end of this line")
        self.current = self.current.children[self.current.selected]
        self._changed()
        return self.current

    def can_undo(self) -> bool:
        return self.current.parent is not None

    def can_redo(self) -> bool:
        return bool(self.current.children)

    def goto(self, node: Node) -> Node:
        """Make ``node`` (a node of this tree) current."""
        n: Node | None = node
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

    def goto_ply(self, ply: int) -> Node:
        """Move along the current line to ``ply`` (0 = start)."""
        line = self.line()
        if not 0 <= ply < len(line):
            raise HistoryError(f"ply {ply} is outside this line (0..{len(line) - 1})")
        return self.goto(line[ply])

    def promote(self, node: Node | None = None) -> None:
        """Make the line through ``node`` the main line."""
        n = node or self.current
        while n.parent is not None:
            kids = n.parent.children
            i = kids.index(n)
            kids.insert(0, kids.pop(i))
            n.parent.selected = 0
            n = n.parent

    # ----- files
    def to_dict(self) -> dict:
        """The tree as nested JSON-able dicts: the root position and every line's action strings."""

        def enc(n: Node) -> list:
            return [{"action": c.text, "comment": c.comment, "children": enc(c)} if c.comment or c.children
                    else {"action": c.text} for c in n.children]

        return {"format": "evo-lab-tree", "version": 1, "root": self.root.state.to_dict(),
                "lines": enc(self.root), "current": [n.text for n in self.path()[1:]]}

    @classmethod
    def from_dict(cls, data: dict, state_from_dict: Callable[[dict], Any]) -> "GameTree":
        if not isinstance(data, dict) or data.get("format") != "evo-lab-tree":
            raise FormatError("not an evo-lab tree", "format")
        if data.get("version") != 1:
            raise FormatError(f"unsupported version {data.get('version')!r}", "version")
        tree = cls(state_from_dict(data.get("root")))

        def dec(node: Node, items: Any, where: str) -> None:
            if not isinstance(items, list):
                raise FormatError("must be a list", where)
            for i, it in enumerate(items):
                if not isinstance(it, dict) or not isinstance(it.get("action"), str):
                    raise FormatError("each line entry needs an 'action' string", f"{where}[{i}]")
                tree.current = node
                try:
                    child = tree.play(it["action"])
                except ValueError as e:
                    raise FormatError(f"illegal action {it['action']!r}: {e}", f"{where}[{i}].action") from None
                child.comment = str(it.get("comment", ""))
                dec(child, it.get("children", []), f"{where}[{i}].children")

        dec(tree.root, data.get("lines", []), "lines")
        tree.current = tree.root
        for i, text in enumerate(data.get("current", [])):
            match = [c for c in tree.current.children if c.text == text]
            if not match:
                raise FormatError(f"no line continues with {text!r}", f"current[{i}]")
            tree.current = match[0]
        return tree
