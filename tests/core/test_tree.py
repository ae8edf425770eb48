"""GameTree: undo, redo, variations, promotion, goto, listeners and the tree's JSON."""

from __future__ import annotations

import json

import numpy as np
import pytest
from helpers import movement, reach

import evo_lab
from evo_lab.core.tree import HistoryError

B = {"C3": 0, "C4": 0, "D4": 1, "D5": 1, "E4": 1}


def tree_at_move():
    return evo_lab.GameTree(movement(board=B))


def test_play_undo_redo():
    t = tree_at_move()
    start = t.state.to_json()
    t.play("move C3-C2")
    t.play("move C2-C1")
    assert t.ply == 2 and t.state.current_player() == 1
    t.undo()
    assert t.ply == 1 and t.state.mp_left == 1 and t.current.text == "move C3-C2"
    t.undo()
    assert t.state.to_json() == start and not t.can_undo()
    with pytest.raises(HistoryError):
        t.undo()
    t.redo()
    t.redo()
    assert t.ply == 2 and not t.can_redo()
    with pytest.raises(HistoryError):
        t.redo()


def test_undo_restores_exact_positions_through_chance():
    """Undo is exact across chance nodes (each node keeps its own snapshot)."""
    t = evo_lab.GameTree(evo_lab.Game(players=3).new_initial_state())
    rng = np.random.default_rng(2)
    snaps = [t.state.to_json()]
    for _ in range(120):
        if t.state.is_terminal():
            break
        t.play_random(rng)
        snaps.append(t.state.to_json())
    for k in range(len(snaps) - 1, -1, -1):
        assert t.state.to_json() == snaps[k]
        if k:
            t.undo()


def test_variations_keep_the_old_line():
    """A new action from a past point keeps the old line as a variation (python-chess's variations)."""
    t = tree_at_move()
    t.play("move C3-C2")
    a = t.play("move C2-C1")
    t.undo()
    b = t.play("move C2-D2")
    parent = b.parent
    assert [c.text for c in parent.children] == ["move C2-C1", "move C2-D2"]
    assert t.variations() == [a, b] and t.branch_points() == [parent]
    assert [n.text for n in t.mainline()[1:]] == ["move C3-C2", "move C2-C1"]
    assert [n.text for n in t.line()[1:]] == ["move C3-C2", "move C2-D2"]
    t.promote()
    assert [n.text for n in t.mainline()[1:]] == ["move C3-C2", "move C2-D2"]
    # playing an existing continuation reuses the node
    t.undo()
    assert t.play("move C2-C1") is a and len(parent.children) == 2
    assert not a.is_mainline() and b.is_mainline()


def test_illegal_play_leaves_the_tree_untouched():
    t = tree_at_move()
    before = t.state.to_json()
    with pytest.raises(evo_lab.IllegalActionError):
        t.play("move C3-C4")
    with pytest.raises(evo_lab.FormatError):
        t.play("jump")
    assert t.ply == 0 and t.root.children == [] and t.state.to_json() == before


def test_goto_and_listeners():
    t = tree_at_move()
    seen = []
    t.on_change(lambda tree: seen.append(tree.ply))
    t.play("move C3-C2")
    n2 = t.play("move C2-C1")
    t.goto_ply(0)
    assert t.ply == 0
    t.goto(n2)
    assert t.current is n2
    with pytest.raises(HistoryError):
        t.goto_ply(9)
    other = tree_at_move()
    with pytest.raises(HistoryError):
        t.goto(other.root)
    assert seen == [1, 2, 0, 2]
    assert n2.actions() == [
        evo_lab.Action(
            "move",
            n2.parent.parent.state.game.label_index["C3"],
            n2.parent.parent.state.game.label_index["C2"],
        ),
        n2.action,
    ]


def test_tree_json_round_trip():
    t = tree_at_move()
    t.play("move C3-C2")
    t.play("move C2-C1")
    t.undo()
    t.play("move C2-D2").comment = "the other way"
    d = json.loads(json.dumps(t.to_dict()))
    back = evo_lab.GameTree.from_dict(d, evo_lab.State.from_dict)
    assert back.to_dict() == t.to_dict()
    assert back.state.to_json() == t.state.to_json()
    assert [c.text for c in back.root.children[0].children] == ["move C2-C1", "move C2-D2"]
    bad = json.loads(json.dumps(d))
    assert bad["nodes"][1][:2] == [1, "move C2-C1"]
    bad["nodes"][1][1] = "move C2-C4"
    with pytest.raises(evo_lab.FormatError) as e:
        evo_lab.GameTree.from_dict(bad, evo_lab.State.from_dict)
    assert e.value.field == "nodes[1][1]"
    with pytest.raises(evo_lab.FormatError):
        evo_lab.GameTree.from_dict({"format": "x"}, evo_lab.State.from_dict)


def test_tree_play_rejects_out_of_range_actions_with_a_typed_error():
    tree = evo_lab.GameTree(reach(2, {"move"}))
    with pytest.raises(evo_lab.IllegalActionError):
        tree.play(evo_lab.Action("move", 999, 1000))
    assert tree.ply == 0
