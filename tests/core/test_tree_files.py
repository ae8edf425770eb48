"""Trees of any length save and load without recursion (issue 18, point 5): the flat format (version 2), the
nested files of evo-lab 0.1 (version 1) still read, and the Game tab's Save of a long game."""

from __future__ import annotations

import json

import numpy as np
import pytest

import evo_lab
from evo_lab.core.jsonio import json_depth
from evo_lab.core.tree import MAX_TREE_NODES, MAX_V1_DEPTH, TREE_VERSION, GameTree, load_tree


def _long_game_pack() -> evo_lab.DataPack:
    """Evo 2e with a climate pile of 100 tokens of each kind: a game of thousands of plies (the shipped pile
    ends a game after a few hundred)."""
    d = evo_lab.load_data().to_dict()
    for t in d["climate"]["tokens"]["kinds"]:
        t["count"] = 100
    return evo_lab.load_data(d)


def _random_tree(game, plies: int, seed: int = 5) -> GameTree:
    tree = GameTree(game.new_initial_state())
    rng = np.random.default_rng(seed)
    while tree.ply < plies and not tree.state.is_terminal():
        tree.play_random(rng)
    return tree


def _v1_dict(tree: GameTree) -> dict:
    """The tree as evo-lab 0.1 wrote it (nested ``lines``), built without recursion."""

    def entry(n):
        return {"action": n.text, **({"comment": n.comment} if n.comment else {}), "children": []}

    lines: list = []
    stack = [(tree.root, lines)]
    while stack:
        node, out = stack.pop()
        for c in node.children:
            e = entry(c)
            out.append(e)
            stack.append((c, e["children"]))
    return {
        "format": "evo-lab-tree",
        "version": 1,
        "root": tree.root.state.to_dict(),
        "lines": lines,
        "current": [n.text for n in tree.path()[1:]],
    }


def test_a_5000_ply_tree_round_trips():
    tree = _random_tree(evo_lab.Game(players=3, seed=5, data=_long_game_pack()), 5000)
    assert tree.ply == 5000
    tree.goto_ply(4990)
    tree.play_random(np.random.default_rng(9)).comment = "a variation near the end"
    text = json.dumps(tree.to_dict())
    back = load_tree(text, "long.json")
    assert back.to_dict() == tree.to_dict() and back.ply == tree.ply
    assert back.state.to_json() == tree.state.to_json()
    assert (
        len(back.mainline()) == 5001
        and back.mainline()[-1].state.to_json() == tree.mainline()[-1].state.to_json()
    )
    assert json.loads(text)["version"] == TREE_VERSION and max(len(x) for x in json.loads(text)["nodes"]) <= 3


def test_the_game_tab_saves_and_loads_a_long_game_as_a_tree():
    """The issue's 8-player Origin game of about 500 plies failed in ``Session.save("tree")``."""
    from evo_lab.views.widgets.session import Session

    s = Session("origin", players=8, seed=1)
    rng = np.random.default_rng(1)
    while not s.state.is_terminal():
        s.tree.play_random(rng)
    assert s.tree.ply > 400
    text = s.save("tree")
    other = Session(players=2, seed=0)
    assert other.load(text) == "tree"
    assert other.state.to_json() == s.state.to_json() and other.tree.ply == s.tree.ply


def test_old_nested_tree_files_still_read_without_recursion():
    tree = _random_tree(evo_lab.make_game("evolution", players=3, seed=2), 380, seed=2)
    tree.goto_ply(100)
    tree.play_random(np.random.default_rng(3)).comment = "side line"
    tree.goto_ply(tree.ply)  # stay on the side line: "current" follows it
    old = _v1_dict(tree)
    back = GameTree.from_dict(json.loads(json.dumps(old)), evo_lab.load_position)
    assert back.to_dict() == tree.to_dict()
    # as text: nesting of two levels per ply, parsed (bounded) and read with a stack
    assert load_tree(json.dumps(old)).to_dict() == tree.to_dict()


def test_old_nested_trees_deeper_than_pythons_recursion_limit_read():
    tree = _random_tree(evo_lab.Game(players=3, seed=5, data=_long_game_pack()), 900)
    text = _v1_text(tree)
    assert json_depth(text) > 1000  # json.loads alone would stop with RecursionError
    assert load_tree(text).to_dict() == tree.to_dict()


def _v1_text(tree: GameTree) -> str:
    """Version-1 text of a main line deeper than ``json.dumps`` can nest (written by hand)."""
    parts = [f'{{"action": {json.dumps(n.text)}, "children": [' for n in tree.mainline()[1:]]
    body = "".join(parts) + "]}" * len(parts)
    root = json.dumps(tree.root.state.to_dict())
    cur = json.dumps([n.text for n in tree.path()[1:]])
    return f'{{"format": "evo-lab-tree", "version": 1, "root": {root}, "lines": [{body}], "current": {cur}}}'


def test_tree_files_are_bounded():
    tree = _random_tree(evo_lab.Game(players=2, seed=1), 20)
    d = tree.to_dict()
    d["nodes"] = d["nodes"] + [[0, d["nodes"][0][1]]] * MAX_TREE_NODES
    with pytest.raises(evo_lab.FormatError) as e:
        GameTree.from_dict(d, evo_lab.load_position)
    assert e.value.field == "nodes" and str(MAX_TREE_NODES) in str(e.value)
    with pytest.raises(evo_lab.FormatError) as e:
        load_tree("[" * (MAX_V1_DEPTH + 1) + "]" * (MAX_V1_DEPTH + 1), "deep.json")
    assert str(e.value).startswith("deep.json: nested deeper than")
    bad = tree.to_dict()
    bad["nodes"][3][0] = 7
    with pytest.raises(evo_lab.FormatError) as e:
        load_tree(bad, "t.json")
    assert e.value.field == "nodes[3][0]" and e.value.source == "t.json"
    bad = tree.to_dict()
    bad["current"] = 10**18
    with pytest.raises(evo_lab.FormatError) as e:
        load_tree(bad)
    assert e.value.field == "current"
