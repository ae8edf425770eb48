"""Every game keeps the one template (issue 17, items 1, 4, 5): the same module set, a core Flow whose nodes are
the state's nodes, a view, the State / Game / view / kit contracts of core/protocol.py, typed events and actions,
short modules and functions. This fails when a game leaves the template."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import numpy as np
import pytest

import evo_lab
from evo_lab.core import protocol
from evo_lab.core.flow import Flow
from evo_lab.core.protocol import sample_chance
from evo_lab.core.registry import game_info

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "evo_lab" / "games"
#: The modules every game package has (a variant's own package needs only flow.py and phases/; the rest is its
#: parent's).
TEMPLATE = ("flow.py", "phases/__init__.py", "observer.py", "events.py", "notation.py", "info.py")
VARIANT_TEMPLATE = ("flow.py", "phases/__init__.py", "info.py")
IDS = evo_lab.registered_games()


def _package(gid: str) -> str:
    info = game_info(gid)
    mod = info.factory if isinstance(info.factory, str) else info.factory.__module__
    return mod.split(":")[0].split(".")[2]


def template_gaps(package: Path, parent: Path | None = None) -> list[str]:
    """What a game package lacks of the template (``parent``: the package of the game it is a variant of)."""
    own = VARIANT_TEMPLATE if parent is not None else TEMPLATE
    missing = [m for m in own if not (package / m).is_file()]
    if parent is not None:
        missing += [f"{parent.name}/{m}" for m in TEMPLATE if not (parent / m).is_file()]
    if (package / "phases").is_dir() and not [
        p for p in (package / "phases").glob("*.py") if p.name != "__init__.py"
    ]:
        missing.append("a phase module in phases/")
    return missing


@pytest.mark.parametrize("gid", IDS)
def test_the_game_package_has_the_template_modules(gid):
    info, pkg = game_info(gid), _package(gid)
    parent = _package(info.variant_of) if info.variant_of else None
    gaps = template_gaps(GAMES / pkg, GAMES / parent if parent is not None and parent != pkg else None)
    assert not gaps, f"{gid} ({pkg}) lacks {gaps}"


def test_a_game_that_leaves_the_template_is_caught(tmp_path):
    game = tmp_path / "newgame"
    (game / "phases").mkdir(parents=True)
    for m in ("flow.py", "phases/__init__.py", "observer.py", "info.py"):
        (game / m).write_text("")
    assert template_gaps(game) == ["events.py", "notation.py", "a phase module in phases/"]
    (game / "phases" / "play.py").write_text("")
    variant = tmp_path / "variant"
    variant.mkdir()
    (variant / "info.py").write_text("")
    assert template_gaps(variant, game) == [
        "flow.py",
        "phases/__init__.py",
        "newgame/events.py",
        "newgame/notation.py",
    ]


@pytest.mark.parametrize("gid", IDS)
def test_the_registration_names_a_view_and_a_kit(gid):
    info = game_info(gid)
    assert info.view and info.kit, f"{gid}: a registration needs a view and a kit module"
    view = info.view_class()()
    assert isinstance(view, protocol.ViewPlugin)
    assert isinstance(importlib.import_module(info.kit), protocol.KitModule)


def _play(gid: str, seed: int, actions: int = 400):
    info = game_info(gid)
    g = evo_lab.make_game(
        gid, players=info.min_players + seed % (info.max_players - info.min_players + 1), seed=seed
    )
    s = g.new_initial_state()
    rng = np.random.default_rng(seed)
    for _ in range(actions):
        yield s
        if s.is_terminal():
            return
        a = (
            sample_chance(s, rng)
            if s.is_chance_node()
            else s.legal_actions()[int(rng.random() * len(s.legal_actions()))]
        )
        s.apply_action(a)


@pytest.mark.parametrize("gid", IDS)
def test_the_state_runs_on_its_flow_and_keeps_the_contracts(gid):
    pkg = _package(gid)
    flow_mod = importlib.import_module(f"evo_lab.games.{pkg}.flow")
    flow = flow_mod.FLOW
    assert isinstance(flow, Flow) and all(isinstance(step, str) for step in flow.steps), gid  # str Enum steps
    seen = set()
    for seed in range(3):
        for s in _play(gid, seed):
            assert s.node_name() in flow.nodes, f"{gid}: node {s.node_name()!r} is not in its flow"
            assert (s.node_name() in flow.chance_nodes) == s.is_chance_node()
            seen.add(s.node_name())
            for e in s.events(last=True):
                assert isinstance(e, tuple) and hasattr(e, "_fields"), (
                    f"{gid}: event {e!r} is not a NamedTuple"
                )
                assert isinstance(e.text(s.game), str) and e.text(s.game)
            if not s.is_terminal():
                a = s.legal_actions()[0]
                typed = s.parse_action(s.action_to_string(a))
                assert typed == a and hasattr(typed, "_fields"), f"{gid}: {typed!r} is not a typed action"
        assert isinstance(s, protocol.State) and isinstance(s.game, protocol.Game)
    for name in seen:
        node = flow.nodes[name]
        assert node.verb or node.doc, f"{gid}: node {name!r} says nothing about itself"


@pytest.mark.parametrize("gid", IDS)
def test_events_tell_their_story(gid):
    s = evo_lab.make_game(gid, players=game_info(gid).min_players, seed=5).new_initial_state()
    rng = np.random.default_rng(5)
    told = 0
    for _ in range(300):
        if s.is_terminal():
            break
        before = s.clone()
        s.apply_action(sample_chance(s, rng) if s.is_chance_node() else s.legal_actions()[0])
        for e in s.events(last=True):
            lines = e.story(before, s)
            assert isinstance(lines, list) and all(isinstance(x, str) and x for x in lines)
            told += len(lines)
    everything, last = s.events(), s.events(last=True)
    assert told > 0 and everything[len(everything) - len(last) :] == last


def _modules() -> list[Path]:
    return sorted(p for base in (ROOT / "evo_lab" / "core", GAMES) for p in base.rglob("*.py"))


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_modules_and_functions_stay_short(path):
    text = path.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 500, f"{path.name}: {len(text.splitlines())} lines"
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            n = node.end_lineno - node.lineno + 1
            assert n <= 80, f"{path.name}:{node.lineno} {node.name}() has {n} lines"
