"""The shape of the code (issues 10 and 17): every game lives in ``evo_lab/games/<id>/`` with the modules every
game has, every module of the package is short and so are its functions, ``State`` is a thin facade, nothing
outside a game imports its private names, nothing outside the game calls a private method of its states, the public names are
importable from ``evo_lab`` and the old shim paths are gone (issue 17)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "evo_lab" / "games" / "evo2e"
#: methods of ``State`` that are the game's own plumbing (``StateBase`` calls them; nobody else may)
PRIVATE = {
    "_apply",
    "_chance_weights",
    "_legal_actions",
    "_push",
    "_run",
    "_decisions",
    "_explain_illegal",
    "_compute_chance_weights",
    "_card_of",
    "_reveal",
    "_bid",
    "_kill",
    "_event",
    "_play",
    "_pass",
}


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
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in PRIVATE
            ):
                if not (isinstance(node.func.value, ast.Name) and node.func.value.id == "self"):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} .{node.func.attr}()")
    assert not offenders, offenders


#: The public names of issue 17 (item 0), importable from ``evo_lab`` itself.
PUBLIC = [
    "Game",
    "State",
    "Board",
    "BoardError",
    "make_game",
    "registered_games",
    "load_position",
    "load_record",
    "build_position",
    "Explorer",
    "PositionEditor",
    "BoardEditor",
    "DataEditor",
    "DataPack",
    "load_data",
    "DataError",
    "Action",
    "GameTree",
    "simulate",
    "make_bot",
]
#: Old import paths that only re-exported (removed in 0.2.0; CHANGELOG.md says where each name moved).
GONE = [
    "evo_lab.engine",
    "evo_lab.datapack",
    "evo_lab.scenarios",
    "evo_lab.views.widgets.odds_bridge",
    "evo_lab.views.widgets.panels",
    "evo_lab.board",
    "evo_lab.board_file",
    "evo_lab.board_gen",
    "evo_lab.story",
    "evo_lab.testing",
    "evo_lab.words",
    "evo_lab.views.words",
    "evo_lab.odds",
    "evo_lab.interop.encoding",
    "evo_lab.views.svg",
    "evo_lab.bots.greedy",
    "evo_lab.bots.lively",
    "evo_lab.views.games.evolution.svg",
    "evo_lab.lessons.tables",
    "evo_lab.interop.spiel",
    "evo_lab.core.badinput",
    "evo_lab.core.badinput_samples",
]


def test_public_names_are_importable_from_evo_lab():
    import evo_lab
    from evo_lab.core.tree import GameTree
    from evo_lab.games.evo2e import Game, State, build_position
    from evo_lab.games.evo2e.board import Board
    from evo_lab.games.evo2e.datapack import DataPack

    for name in PUBLIC:
        assert getattr(evo_lab, name) is not None, name
    assert evo_lab.Game is Game and evo_lab.State is State and evo_lab.build_position is build_position
    assert evo_lab.Board is Board and evo_lab.DataPack is DataPack and evo_lab.GameTree is GameTree
    assert evo_lab.make_game("evo2e", players=3).__class__ is Game


@pytest.mark.parametrize("name", GONE)
def test_deleted_shim_paths_are_gone(name):
    """Checked on the files (an editable install's finder may still map the old names to another checkout)."""
    path = ROOT.joinpath(*name.split("."))
    assert not path.with_suffix(".py").exists() and not path.is_dir(), f"{name} is back"


GAMES = ROOT / "evo_lab" / "games"
#: The games with a package of their own (``evo1e`` is a variant of ``evo2e``, in a package that reuses it).
TEMPLATE_GAMES = ["evo2e", "evolution", "origin"]
#: The modules every game package has today (the flow template, ``flow.py`` and ``phases/``, comes next).
TEMPLATE_MODULES = ["game.py", "observer.py", "events.py", "notation.py"]


@pytest.mark.parametrize("game", TEMPLATE_GAMES)
def test_every_game_package_has_the_template_modules(game):
    missing = [m for m in TEMPLATE_MODULES if not (GAMES / game / m).is_file()]
    assert not missing, f"evo_lab/games/{game}/ lacks {missing}"


@pytest.mark.parametrize(
    "path", _modules(ROOT / "evo_lab"), ids=lambda p: str(p.relative_to(ROOT / "evo_lab"))
)
def test_every_module_is_short_and_so_are_its_functions(path):
    text = path.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 500, f"{path.relative_to(ROOT)}: {len(text.splitlines())} lines"
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            n = node.end_lineno - node.lineno + 1
            assert n <= 80, f"{path.relative_to(ROOT)}:{node.lineno} {node.name}() has {n} lines"


def _imported(path: Path, node: ast.ImportFrom) -> str:
    """The absolute module an ``import from`` names (relative imports resolved against ``path``)."""
    if not node.level:
        return node.module or ""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    parts = parts[: len(parts) - node.level]
    return ".".join(parts + ([node.module] if node.module else []))


def _game_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if parts[:2] == ["evo_lab", "games"] and len(parts) > 2 else None


def test_nothing_outside_a_game_imports_its_private_names():
    """A module of ``evo_lab``, ``scripts`` or ``examples`` outside ``evo_lab/games/<id>/`` imports only public
    names (no ``_x``) from that game's package."""
    offenders = []
    for path in _modules(ROOT / "evo_lab") + _modules(ROOT / "scripts") + _modules(ROOT / "examples"):
        rel = path.relative_to(ROOT).parts
        own = rel[2] if rel[:2] == ("evo_lab", "games") and len(rel) > 3 else None
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                game = _game_of(_imported(path, node))
                if game is not None and game != own:
                    offenders += [
                        f"{path.relative_to(ROOT)}:{node.lineno} {a.name} from evo_lab.games.{game}"
                        for a in node.names
                        if a.name.startswith("_")
                    ]
    assert not offenders, offenders


CORE = ROOT / "evo_lab" / "core"


def games_imported(path: Path, text: str | None = None) -> list[str]:
    """The imports of the module at ``path`` (``text``: its source, default: the file's) that reach into
    ``evo_lab.games``: ``import evo_lab.games...``, ``from evo_lab.games... import``, ``from evo_lab import games``
    and the relative forms (``from ..games import``, ``from .. import games``), at any depth of the module
    (inside functions too)."""
    found = []
    source = path.read_text(encoding="utf-8") if text is None else text
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [f"{node.lineno}: import {a.name}" for a in node.names if _game_module(a.name)]
        elif isinstance(node, ast.ImportFrom):
            module = _imported(path, node)
            if _game_module(module) or any(_game_module(f"{module}.{a.name}") for a in node.names):
                names = ", ".join(a.name for a in node.names)
                found.append(f"{node.lineno}: from {'.' * node.level}{node.module or ''} import {names}")
    return found


def _game_module(module: str) -> bool:
    return module == "evo_lab.games" or module.startswith("evo_lab.games.")


@pytest.mark.parametrize("path", _modules(CORE), ids=lambda p: str(p.relative_to(CORE)))
def test_core_imports_no_game(path):
    """The core knows no game (issue 17): no module of ``evo_lab/core`` imports ``evo_lab.games`` (the registry
    finds the games through their registrations; the bad-input campaign, which knows them, is
    ``evo_lab/badinput``)."""
    found = games_imported(path)
    assert not found, f"{path.relative_to(ROOT)} imports a game: {found}"


@pytest.mark.parametrize(
    "code",
    [
        "import evo_lab.games.origin",
        "from evo_lab.games.evo2e.board import Board",
        "from evo_lab import games",
        "from ..games.origin.data import load_pack",
        "from .. import games",
        "def f():\n    from ..games import evolution",
    ],
)
def test_the_core_import_check_catches_every_form(code):
    """Each way of importing a game is caught in a module of the core (relative imports resolved from there)."""
    assert len(games_imported(CORE / "probe.py", code)) == 1


def test_the_core_import_check_passes_core_imports():
    code = "from .errors import FormatError\nfrom ..bots.registry import make_bot\nimport importlib\n"
    assert games_imported(CORE / "probe.py", code) == []
