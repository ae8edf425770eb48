"""The good files the bad-input campaign (:mod:`evo_lab.badinput.campaign`) starts from, and each loader it feeds.

Samples come from seeded random play of every registered game (positions at several points of a game, records
from the start and from a loaded position, trees with a variation), plus each game's shipped data pack, Evo 2e
boards (standard and generated), the compact position text of Evo 2e, and the NEU course's harness inputs. A
*loader* takes the mutated text of a file and returns what it built (or raises); :func:`playable` checks that what
it built is usable: its invariants hold and every legal action applies.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ..core.conformance import walk
from ..core.protocol import sample_chance

__all__ = ["GAMES", "KINDS", "applicable", "samples", "LOADERS", "playable", "PLAYERS"]

#: Every registered game the campaign covers.
GAMES = ("evo2e", "evo1e", "evolution", "evolution-climate", "evolution-course2016", "origin")
#: Every loader kind: positions, records, trees, the Explorer's upload (any of the three), Evo 2e's position
#: text, boards, data packs, the course harness input.
KINDS = ("position", "record", "tree", "upload", "text", "board", "pack", "harness")
PLAYERS = {
    "evo2e": 3,
    "evo1e": 3,
    "evolution": 3,
    "evolution-climate": 3,
    "evolution-course2016": 3,
    "origin": 3,
}
_ONLY = {"text": ("evo2e",), "board": ("evo2e",), "harness": ("evolution-course2016",)}
#: Plies at which positions are sampled in each seeded game (the last state of a shorter game is used).
PLIES = (0, 4, 25, 70, 160, 400)


def applicable(game: str, kind: str) -> bool:
    """Whether loader ``kind`` reads files of ``game``."""
    return game in _ONLY.get(kind, GAMES)


def _make(game: str, seed: int) -> Any:
    from ..core.registry import make_game

    return make_game(game, players=PLAYERS[game], seed=seed)


@functools.cache
def _states(game: str) -> tuple:
    """Clones of states at :data:`PLIES` of two seeded random games."""
    out = []
    for seed in (1, 2):
        want = list(PLIES)
        last = None
        for i, s, _a in walk(lambda sd: _make(game, sd), seed, max(PLIES)):
            last = s
            if want and i == want[0]:
                out.append(s.clone())
                want.pop(0)
        if want and last is not None:
            out.append(last.clone())
    return tuple(out)


def _record_from(state: Any, plies: int, seed: int) -> dict:
    """A record starting at loaded position ``state`` and ``plies`` random plies on."""
    s = type(state).from_dict(state.to_dict(), state.game)
    rng = np.random.default_rng(seed)
    for _ in range(plies):
        if s.is_terminal():
            break
        acts = s.legal_actions()
        s.apply_action(sample_chance(s, rng) if s.is_chance_node() else acts[int(rng.random() * len(acts))])
    return s.to_record()


def _tree_from(state: Any, seed: int) -> dict:
    from ..core.tree import GameTree

    rng = np.random.default_rng(seed)
    tree = GameTree(type(state).from_dict(state.to_dict(), state.game))
    for _ in range(12):
        if tree.state.is_terminal():
            break
        tree.play_random(rng)
    if tree.ply > 3:
        tree.goto_ply(tree.ply - 3)
        if not tree.state.is_terminal():
            tree.play_random(rng).comment = "a variation"
    return tree.to_dict()


@functools.cache
def _samples(game: str, kind: str) -> tuple:
    states = _states(game)
    if kind == "position":
        return tuple(s.to_dict() for s in states)
    if kind == "record":
        return tuple(
            [states[-1].to_record(), states[2].to_record()]
            + [_record_from(s, 10, k) for k, s in enumerate(states[1:4])]
        )
    if kind == "tree":
        return tuple(_tree_from(s, k) for k, s in enumerate(states[1:5]))
    if kind == "upload":
        return (_samples(game, "tree")[0], _samples(game, "record")[2], _samples(game, "position")[3])
    if kind == "text":
        return tuple(s.position_text() for s in states[1:] if s.phase_name() != "setup")
    if kind == "board":
        from ..games.evo2e.board import Board

        return tuple(
            [Board.standard(p).to_dict() for p in (2, 3, 4, 5)]
            + [Board.generate(p, seed=p).to_dict() for p in (3, 5)]
        )
    if kind == "pack":
        return (_pack_dict(game),)
    if kind == "harness":
        return _harness_inputs()
    raise ValueError(f"unknown loader kind {kind!r}")


def samples(game: str, kind: str) -> tuple:
    """The good files (dicts, or text for ``"text"``) loader ``kind`` of ``game`` starts from (cached)."""
    return _samples(game, kind)


def _pack_dict(game: str) -> dict:
    if game in ("evo2e", "evo1e"):
        from ..games.evo2e.datapack import load_data

        return load_data(default_dir=("data", game)).to_dict()
    if game.startswith("evolution"):
        from ..games.evolution.data import load_pack

        return load_pack().to_dict()
    from ..games.origin.data import load_pack as load_origin

    return load_origin().to_dict()


def _harness_inputs() -> tuple:
    """Course harness inputs ``[name, value]``: the TestFest pairs when the shared folder is there, else the
    harness module's own examples."""
    out = []
    for cand in (
        Path(__file__).resolve().parents[3] / "shared" / "peer-tests",
        Path("/work/shared/peer-tests"),
    ):
        if cand.is_dir():
            for name in ("xattack", "xfeed", "xstep", "xstep4", "xsilly"):
                for f in sorted((cand / name).glob("*-in.json"))[:6]:
                    out.append((name, json.loads(f.read_text(encoding="utf-8"))))
            break
    if not out:
        sp = [["food", 0], ["body", 1], ["population", 2], ["traits", ["carnivore"]]]
        out = [
            ("xattack", [sp, sp, False, False]),
            ("xfeed", [[["id", 1], ["species", [sp]], ["bag", 0]], 3, []]),
        ]
    return tuple(out)


# ---------------------------------------------------------------------- loaders
def _load_position(game: str, text: str) -> Any:
    from ..core.records import load_position

    return load_position(text, "position.json")


def _load_record(game: str, text: str) -> Any:
    from ..core.records import load_record

    return load_record(text, "record.json")


def _load_tree(game: str, text: str) -> Any:
    from ..core.tree import load_tree

    return load_tree(text, "tree.json").state


def _load_upload(game: str, text: str) -> Any:
    from ..views.widgets.session import Session

    s = Session(players=2, seed=0)
    s.load(text.encode("utf-8"), name="upload.json")
    return s.state


def _load_text(game: str, text: str) -> Any:
    from ..games.evo2e.position import Position

    return Position.parse(text).build()


def _load_board(game: str, text: str) -> Any:
    from ..games.evo2e.board import Board
    from ..core.records import read_json

    doc: Any = read_json(
        text, "board.json"
    )  # the mutated file as parsed: the loader must refuse what is wrong
    b = Board.from_dict(doc, "board.json")
    return _make_with(game, board=b, players=min(b.players, 3))


def _load_pack(game: str, text: str) -> Any:
    from ..core.records import read_json

    d: Any = read_json(text, "pack.json")  # the mutated file as parsed: the loader must refuse what is wrong
    if game in ("evo2e", "evo1e"):
        from ..games.evo2e.datapack import load_data

        return _make_with(game, data=load_data(d))
    if game.startswith("evolution"):
        from ..games.evolution.data import load_pack

        return _make_with(game, data=load_pack(d))
    from ..games.origin.data import load_pack as load_origin

    return _make_with(game, data=load_origin(d))


def _make_with(game: str, **kw: Any) -> Any:
    from ..core.registry import make_game

    kw.setdefault("players", PLAYERS[game])
    return make_game(game, seed=0, **kw).new_initial_state()


def _load_harness(game: str, text: str) -> Any:
    """``text``: the harness name on the first line, then its one JSON input (as ``evo-lab evolution harness``
    reads it from stdin)."""
    from ..games.evolution.course.harness import read_input, run

    name, _, body = text.partition("\n")
    return run(name, read_input(body, "<stdin>"))


LOADERS: dict[str, Callable[[str, str], Any]] = {
    "position": _load_position,
    "record": _load_record,
    "tree": _load_tree,
    "upload": _load_upload,
    "text": _load_text,
    "board": _load_board,
    "pack": _load_pack,
    "harness": _load_harness,
}


def playable(kind: str, built: Any, plies: int = 30) -> None:
    """Raise unless what loader ``kind`` built is usable: a state whose invariants hold and where every legal
    action applies (a board or pack: a game whose first ``plies`` random plies hold every invariant); a
    harness answer is usable as it is. evo-lab's own errors from an action are fine (the action was refused
    cleanly)."""
    from ..core.errors import EvoLabError

    if kind == "harness":
        json.dumps(built)
        return
    s = built
    _invariants(s)
    if kind in ("board", "pack"):
        rng = np.random.default_rng(0)
        for _ in range(plies):
            if s.is_terminal():
                break
            acts = s.legal_actions()
            s.apply_action(
                sample_chance(s, rng) if s.is_chance_node() else acts[int(rng.random() * len(acts))]
            )
            _invariants(s)
        return
    if s.is_terminal():
        return
    for a in s.legal_actions()[:400]:
        c = s.clone()
        try:
            c.apply_action(a)
        except EvoLabError:
            continue
        _invariants(c)
        if not c.is_terminal():
            c.legal_actions()


def _invariants(s: Any) -> None:
    f = getattr(s, "check_loaded_invariants", None) or s.check_invariants
    f()
