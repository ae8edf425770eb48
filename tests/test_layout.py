"""The shape of the code (issue 10): Evo 2e lives in ``evo_lab/games/evo2e/`` in short modules and functions,
``State`` is a thin facade, nothing outside the game calls a private method of its states, and the old import
paths still work."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "evo_lab" / "games" / "evo2e"
#: methods of ``State`` that are the game's own plumbing (``StateBase`` calls them; nobody else may)
PRIVATE = {"_apply", "_chance_weights", "_legal_actions", "_push", "_run", "_decisions", "_explain_illegal",
           "_compute_chance_weights", "_card_of", "_reveal", "_bid", "_kill", "_event", "_play", "_pass"}


def _modules(base: Path):
    return sorted(p for p in base.rglob("*.py"))


@pytest.mark.parametrize("path", _modules(GAME), ids=lambda p: str(p.relative_to(GAME)))
def test_game_modules_are_short_and_so_are_their_functions(path):
    text = path.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 500, f"{path.name}: {len(text.splitlines())} lines"
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            n = node.end_lineno - node.lineno + 1
            assert n <= 80, f"{path.name}:{node.lineno} {node.name}() has {n} lines"


def test_state_is_a_thin_facade():
    """Every method of ``State`` is a few lines: the rules live in the flow, the phases and the registries."""
    tree = ast.parse((GAME / "state.py").read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "State")
    sizes = {f.name: f.end_lineno - f.lineno + 1 for f in cls.body if isinstance(f, ast.FunctionDef)}
    assert max(sizes.values()) <= 30, sizes
    assert sum(sizes.values()) / len(sizes) < 8


def test_nothing_outside_the_game_calls_private_state_methods():
    offenders = []
    for path in _modules(ROOT / "evo_lab") + _modules(ROOT / "tests") + _modules(ROOT / "scripts"):
        if GAME in path.parents or path.name == "test_layout.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in PRIVATE:
                if not (isinstance(node.func.value, ast.Name) and node.func.value.id == "self"):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} .{node.func.attr}()")
    assert not offenders, offenders


def test_old_import_paths_still_work():
    import evo_lab
    from evo_lab.datapack import NORMAL_GENE_IDS, UNIQUE_GENE_IDS, load_data
    from evo_lab.engine import Action, Game, State, rules
    from evo_lab.engine.actions import MOVE
    from evo_lab.engine.observer import EvoObserver
    from evo_lab.engine.state import EMPTY_LOT, EVENT_LOT, PHASES
    from evo_lab.games.evo2e import build_position

    assert evo_lab.Game is Game and evo_lab.State is State and evo_lab.Action is Action and MOVE == "move"
    assert isinstance(Game(players=2).observer, EvoObserver) and rules.bid_price(3, 1) == 2
    assert len(UNIQUE_GENE_IDS) == 12 and NORMAL_GENE_IDS[0] == "legs" and load_data().name == "evo2e"
    assert (EMPTY_LOT, EVENT_LOT) == (-1, -2) and PHASES[0] == "setup" and evo_lab.build_position is build_position
    assert evo_lab.make_game("evo2e", players=3).__class__ is Game
