"""The classroom presentation page: only the Explorer, its board scaled to the window, big fonts, no page scroll
(the inspector column scrolls inside itself). ``evo-lab lab --present [--game G] [--scenario S]`` (``make present``)
serves ``notebooks/present.ipynb`` with Voila; the notebook calls :func:`present_from_env`, which reads the
choice from the environment the command sets (``EVO_PRESENT_GAME``, ``EVO_PRESENT_SCENARIO``,
``EVO_PRESENT_PLAYERS``, ``EVO_PRESENT_SEED``) and from the page's address, which Voila hands to the kernel as
``QUERY_STRING`` (``.../present.ipynb?game=origin&players=3``; the address wins).

A scenario is a file (a tree, record or position JSON, loaded through :meth:`Session.load`) or a name of
:data:`SCENARIOS` (:func:`register_scenario` adds one) or of the game's scenario presets (:func:`scenario_names`).

>>> ex = present("origin", players=2, seed=1)
>>> "evo-present" in ex._dom_classes, ex.session.game_id
(True, 'origin')
>>> choice_from({"QUERY_STRING": "game=evolution&players=3", "EVO_PRESENT_GAME": "evo2e", "EVO_PRESENT_SEED": "4"})
{'game': 'evolution', 'scenario': None, 'players': 3, 'seed': 4}
>>> present("evo2e", scenario="no-such-thing")
Traceback (most recent call last):
...
evo_lab.views.widgets.session.SessionError: unknown scenario 'no-such-thing' for evo2e: give a file (a tree, record or position JSON) or one of: attack, auction, chameleon, ...
"""

from __future__ import annotations

import os
import pathlib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as W

from evo_lab.core.registry import game_info
from evo_lab.core.tree import GameTree

from .explorer import Explorer
from .session import SessionError

__all__ = ["PRESENT_CSS", "SCENARIOS", "choice_from", "present", "present_from_env", "register_scenario",
           "scenario_names"]

#: The presentation page's style sheet (``present.css``): scaled board, big fonts, no page scroll.
PRESENT_CSS = (pathlib.Path(__file__).parent / "present.css").read_text(encoding="utf-8")


def _evo2e_attack(players: int, seed: int | None) -> GameTree:
    """Evo 2e at a movement phase with a legal attack (:func:`evo_lab.views.demo_positions.attack_position`),
    its whole game in the history."""
    from evo_lab.views.demo_positions import attack_position

    pos = attack_position(seed or 0, players=players)
    tree = GameTree(pos.state.start())
    for a in pos.state.history():
        tree.play(a)
    return tree


def _evolution_attacks(players: int, seed: int | None) -> GameTree:
    """Evolution at a feeding turn after two attacks (:func:`evo_lab.views.games.evolution.demo.attack_tree`)."""
    from evo_lab.views.games.evolution.demo import attack_tree

    return attack_tree(seed=4 if seed is None else seed, players=players)


#: ``game id -> {scenario name -> builder(players, seed) -> GameTree or state}``.
SCENARIOS: dict[str, dict[str, Callable[[int, int | None], Any]]] = {
    "evo2e": {"attack": _evo2e_attack},
    "evolution": {"attacks": _evolution_attacks},
}


def register_scenario(game: str, name: str, builder: Callable[[int, int | None], Any]) -> None:
    """Offer ``builder(players, seed)`` (a GameTree or a state) as scenario ``name`` of game ``game``."""
    SCENARIOS.setdefault(game, {})[name] = builder


def choice_from(environ: Mapping[str, str] | None = None) -> dict:
    """``{"game", "scenario", "players", "seed"}`` from ``EVO_PRESENT_*`` and the page's ``QUERY_STRING``
    (which wins); numbers are checked (a bad one raises :class:`SessionError` naming it)."""
    env = os.environ if environ is None else environ
    query = {k: v[-1] for k, v in parse_qs(env.get("QUERY_STRING", "")).items()}
    out: dict[str, Any] = {}
    for key, default in (("game", "evo2e"), ("scenario", None), ("players", None), ("seed", "0")):
        out[key] = query.get(key) or env.get(f"EVO_PRESENT_{key.upper()}") or default
    for key in ("players", "seed"):
        if out[key] is not None:
            try:
                out[key] = int(out[key])
            except ValueError:
                raise SessionError(f"{key} must be a whole number, got {out[key]!r}") from None
    return out


def present(game: str = "evo2e", scenario: str | None = None, players: int | None = None, seed: int | None = 0,
            **options: Any) -> Explorer:
    """An Explorer for the presentation page: game ``game`` (a registry id) with ``players`` (default: the
    game's smallest count, at least 3) and ``seed``, at ``scenario`` (a name of :data:`SCENARIOS` or a JSON file),
    with the page's style (board scaled to the window, big fonts)."""
    info = game_info(game)
    lo, hi = info.min_players, info.max_players
    n = players if players is not None else min(max(lo, 3), hi)
    if scenario:
        source = _scenario(game, scenario, n, seed)
        ex = Explorer(source, seed=seed, deal=False, **options)
    else:
        ex = Explorer(game, players=n, seed=seed, **options)
    ex.add_class("evo-present")
    ex.left.layout = W.Layout(flex="1 1 58%", min_width="360px", max_width="none")
    ex.children = (W.HTML(f"<style>{PRESENT_CSS}</style>", layout=W.Layout(display="none")), *ex.children)
    return ex


def scenario_names(game: str) -> list[str]:
    """The named scenarios of ``game`` the page opens: :data:`SCENARIOS` and the game's presets (its view plugin's
    ``scenarios()``, the Game tab's menu: for Evo 2e, :mod:`evo_lab.scenarios`).

    >>> "attack" in scenario_names("evo2e") and "chameleon" in scenario_names("evo2e")
    True
    """
    from ..games import view_for

    return sorted(set(SCENARIOS.get(game, {})) | {i for _t, i in view_for(game).scenarios()})


def _scenario(game: str, scenario: str, players: int, seed: int | None) -> Any:
    named = SCENARIOS.get(game, {})
    if scenario in named:
        return named[scenario](players, seed)
    from ..games import view_for

    view = view_for(game)
    presets = [i for _t, i in view.scenarios()]  # the game's scenario presets (the Game tab's menu)
    if scenario in presets:
        return view.scenario(scenario)
    path = Path(scenario)
    if path.suffix == ".json" or path.exists():
        from .session import Session

        s = Session(game, players=players, seed=seed)
        s.load(path)
        return s.tree
    have = ", ".join(sorted(set(named) | set(presets))) or "(none for this game)"
    raise SessionError(f"unknown scenario {scenario!r} for {game}: give a file (a tree, record or position JSON) or "
                       f"one of: {have}")


def present_from_env(environ: Mapping[str, str] | None = None) -> Explorer:
    """:func:`present` with the choice of :func:`choice_from` (what ``notebooks/present.ipynb`` shows)."""
    return present(**choice_from(environ))
