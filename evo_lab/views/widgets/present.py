"""The classroom presentation page: only the Explorer, its board scaled to the window, big fonts, no page scroll
(the inspector column scrolls inside itself). ``evo-lab lab --present [--game G] [--scenario S]`` (``make present``)
serves ``evo_lab/views/present.ipynb`` with Voila; the notebook calls :func:`present_page`, which reads the
choice from the environment the command sets (``EVO_PRESENT_GAME``, ``EVO_PRESENT_SCENARIO``,
``EVO_PRESENT_PLAYERS``, ``EVO_PRESENT_SEED``) and from the page's address, which Voila hands to the kernel as
``QUERY_STRING`` (``.../present.ipynb?game=origin&players=3``; the address wins).

The page is read-only to its visitors (docs/security.md): the address takes only a registered game, a player
count in the game's range, a seed and a *named* scenario, never a path; the Game tab reads and writes no server
file (uploads and downloads only). Anything else shows one line in the page (:func:`present_page`), never a
traceback.

A scenario is a name of the game's scenario presets (:func:`scenario_names`; the Game tab's menu then shows it
with its teacher note; a preset wins over a builder of the same name) or of :data:`SCENARIOS`
(:func:`register_scenario` adds one), or, from the operator's own command line only, a file (a tree, record or
position JSON, loaded through :meth:`Session.load`).

>>> ex = present("origin", players=2, seed=1)
>>> "evo-present" in ex._dom_classes, ex.session.game_id, ex.session.server_files
(True, 'origin', False)
>>> choice_from({"QUERY_STRING": "game=evolution&players=3", "EVO_PRESENT_GAME": "evo2e", "EVO_PRESENT_SEED": "4"})
{'game': 'evolution', 'scenario': None, 'players': 3, 'seed': 4}
>>> choice_from({"QUERY_STRING": "scenario=/etc/passwd"})
Traceback (most recent call last):
...
evo_lab.views.widgets.present.PresentError: scenario '/etc/passwd': not a scenario of evo2e; the page's address takes one of: attack, auction, chameleon, ...
>>> present("evo2e", scenario="no-such-thing")
Traceback (most recent call last):
...
evo_lab.views.widgets.session.SessionError: unknown scenario 'no-such-thing' for evo2e: give a file (a tree, record or position JSON) or one of: attack, auction, chameleon, ...
"""

from __future__ import annotations

import os
import pathlib
import sys
import traceback
from collections.abc import Callable, Mapping
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as W
from IPython.display import HTML

from evo_lab.core.errors import EvoLabError
from evo_lab.core.registry import game_info, registered_games
from evo_lab.core.tree import GameTree

from .explorer import Explorer
from .session import SessionError

__all__ = [
    "MAX_SEED",
    "PRESENT_CSS",
    "SCENARIOS",
    "PresentError",
    "choice_from",
    "present",
    "present_from_env",
    "present_page",
    "players_note",
    "register_scenario",
    "scenario_names",
]

#: The largest seed the page's address takes.
MAX_SEED = 2**63 - 1


class PresentError(SessionError):
    """A choice of the presentation page (its address or ``EVO_PRESENT_*``) that it does not take."""


#: The presentation page's style sheet (``present.css``): scaled board, big fonts, no page scroll.
PRESENT_CSS = (pathlib.Path(__file__).parent / "present.css").read_text(encoding="utf-8")


def _evolution_attacks(players: int, seed: int | None) -> GameTree:
    """Evolution at a feeding turn after two attacks (:func:`evo_lab.views.games.evolution.demo.attack_tree`)."""
    from evo_lab.views.games.evolution.demo import attack_tree

    return attack_tree(seed=4 if seed is None else seed, players=players)


#: ``game id -> {scenario name -> builder(players, seed) -> GameTree or state}``.
SCENARIOS: dict[str, dict[str, Callable[[int, int | None], Any]]] = {
    "evolution": {"attacks": _evolution_attacks},
}


def register_scenario(game: str, name: str, builder: Callable[[int, int | None], Any]) -> None:
    """Offer ``builder(players, seed)`` (a GameTree or a state) as scenario ``name`` of game ``game``."""
    SCENARIOS.setdefault(game, {})[name] = builder


def _excerpt(value: str, limit: int = 40) -> str:
    """``repr`` of ``value`` cut to about ``limit`` characters (an address can be long)."""
    return repr(value if len(value) <= limit else value[:limit] + "...")


def choice_from(environ: Mapping[str, str] | None = None) -> dict:
    """``{"game", "scenario", "players", "seed"}`` from ``EVO_PRESENT_*`` (set by the operator's command line)
    and the page's ``QUERY_STRING`` (which wins), checked: a registered game, a player count in its range, a
    seed in ``0..MAX_SEED``; a scenario from the address must be one of the game's named scenarios (only the
    command line may name a file). Anything else raises :class:`PresentError` naming the choice."""
    env = os.environ if environ is None else environ
    query = {k: v[-1] for k, v in parse_qs(env.get("QUERY_STRING", "")).items()}
    out: dict[str, Any] = {}
    for key, default in (("game", "evo2e"), ("scenario", None), ("players", None), ("seed", "0")):
        out[key] = query.get(key) or env.get(f"EVO_PRESENT_{key.upper()}") or default
    games = registered_games()
    if out["game"] not in games:
        raise PresentError(
            f"game {_excerpt(out['game'])}: not a game of this page; it shows {', '.join(games)}"
        )
    info = game_info(out["game"])
    lo, hi = info.min_players, info.max_players
    for key, low, high in (("players", lo, hi), ("seed", 0, MAX_SEED)):
        if out[key] is None:
            continue
        text = str(out[key]).strip()
        if not (text.isascii() and text.isdigit() and len(text) <= 19 and low <= int(text) <= high):
            what = f"{lo} to {hi} for {out['game']}" if key == "players" else "a whole number from 0"
            raise PresentError(f"{key} {_excerpt(str(out[key]))}: expected {what}")
        out[key] = int(text)
    if query.get("scenario"):
        names = scenario_names(out["game"])
        if out["scenario"] not in names:
            raise PresentError(
                f"scenario {_excerpt(out['scenario'])}: not a scenario of {out['game']}; the page's "
                f"address takes one of: {', '.join(names) or '(none for this game)'}"
            )
    return out


def present(
    game: str = "evo2e",
    scenario: str | None = None,
    players: int | None = None,
    seed: int | None = 0,
    **options: Any,
) -> Explorer:
    """An Explorer for the presentation page: game ``game`` (a registry id) with ``players`` (default: the
    game's smallest count, at least 3) and ``seed``, at ``scenario`` (a name of :data:`SCENARIOS` or a JSON file
    the operator names), with the page's style (board scaled to the window, big fonts). Its Game tab touches no
    server file (``server_files=False`` unless ``options`` say otherwise)."""
    info = game_info(game)
    lo, hi = info.min_players, info.max_players
    n = players if players is not None else min(max(lo, 3), hi)
    options.setdefault("server_files", False)  # the page's visitors read and write no server file
    if scenario and scenario in _presets(game):  # the Game tab's menu shows it, with its teacher note
        ex = Explorer(game, scenario=scenario, seed=seed, deal=False, **options)
    elif scenario:
        source = _scenario(game, scenario, n, seed)
        ex = Explorer(source, seed=seed, deal=False, **options)
    else:
        ex = Explorer(game, players=n, seed=seed, **options)
    ex.add_class("evo-present")
    ex.left.layout = W.Layout(flex="1 1 58%", min_width="360px", max_width="none")
    style = W.HTML(f"<style>{PRESENT_CSS}</style>", layout=W.Layout(display="none"))
    note = players_note(scenario, players, ex.session.game.players)
    ex.note = W.HTML(note, layout=W.Layout(display="" if note else "none"))
    ex.note.add_class("evo-present-note")
    top = ex.children[0]  # the header and "View as": the note goes on their line, where there is room
    top.children = (*top.children, ex.note)
    ex.children = (style, *ex.children)
    return ex


def players_note(scenario: str | None, asked: int | None, shown: int) -> str:
    """The page's line when its address (``?players=``) or ``--players`` asked for ``asked`` players but scenario
    ``scenario`` is set up for ``shown``: the scenario's count wins, and the page says so ("" when it did not).

    >>> players_note("attack", 3, 4)
    'The scenario “attack” is set up for 4 players, so it is shown with 4 (the page was asked for 3).'
    >>> players_note("attack", 4, 4), players_note(None, 3, 3)
    ('', '')
    """
    if scenario is None or asked is None or asked == shown:
        return ""
    name = escape(Path(scenario).name if Path(scenario).suffix == ".json" else scenario)
    return (
        f"The scenario “{name}” is set up for {shown} players, so it is shown with {shown} (the page was asked "
        f"for {asked})."
    )


def scenario_names(game: str) -> list[str]:
    """The named scenarios of ``game`` the page opens: :data:`SCENARIOS` and the game's presets (its view plugin's
    ``scenarios()``, the Game tab's menu: for Evo 2e, :mod:`evo_lab.games.evo2e.scenarios`).

    >>> "attack" in scenario_names("evo2e") and "chameleon" in scenario_names("evo2e")
    True
    """
    from ..games import view_for

    return sorted(set(SCENARIOS.get(game, {})) | {i for _t, i in view_for(game).scenarios()})


def _presets(game: str) -> list[str]:
    """The ids of ``game``'s scenario presets (its view plugin's, the Game tab's menu)."""
    from ..games import view_for

    return [i for _t, i in view_for(game).scenarios()]


def _scenario(game: str, scenario: str, players: int, seed: int | None) -> Any:
    """The source of scenario ``scenario``: a game preset first (it has a teacher note; Evo 2e's "attack"
    preset over the random attack of :data:`SCENARIOS`), then a :data:`SCENARIOS` builder, then a file."""
    from ..games import view_for

    presets = _presets(game)
    if scenario in presets:
        return view_for(game).scenario(scenario)
    named = SCENARIOS.get(game, {})
    if scenario in named:
        return named[scenario](players, seed)
    path = Path(scenario)
    if path.suffix == ".json" or path.exists():
        from .session import Session

        s = Session(game, players=players, seed=seed)
        s.load(path)
        return s.tree
    have = ", ".join(sorted(set(named) | set(presets))) or "(none for this game)"
    raise SessionError(
        f"unknown scenario {scenario!r} for {game}: give a file (a tree, record or position JSON) or "
        f"one of: {have}"
    )


def present_from_env(environ: Mapping[str, str] | None = None) -> Explorer:
    """:func:`present` with the choice of :func:`choice_from`."""
    return present(**choice_from(environ))


def present_page(environ: Mapping[str, str] | None = None) -> Explorer | HTML:
    """What ``evo_lab/views/present.ipynb`` shows: :func:`present_from_env`, or, when the choice is refused or the
    game cannot be opened, one line saying why as plain HTML (in the page as served, even before its widgets
    load). Never a traceback: an unexpected error's traceback goes to the server's log (the kernel's own standard
    error), not to the page.

    >>> page = present_page({"QUERY_STRING": "game=bogus"})
    >>> print(page.data)
    <div class='evo-present-error' style='font-size:18px;padding:12px'>This page cannot open: game 'bogus': not a game of this page; it shows evo2e, evo1e, evolution, evolution-climate, evolution-course2016, origin</div>
    """
    try:
        return present_from_env(environ)
    except (EvoLabError, ValueError, OSError, KeyError) as e:
        msg = str(e.args[0]) if isinstance(e, KeyError) and e.args else str(e)
    except Exception as e:  # noqa: BLE001 - the page shows one line; the operator's log gets the traceback
        traceback.print_exc(file=sys.__stderr__)
        msg = f"the page could not open ({type(e).__name__}); the server's log says more"
    line = " ".join(msg.split())
    line = line if len(line) <= 300 else line[:297] + "..."
    return HTML(
        f"<div class='evo-present-error' style='font-size:18px;padding:12px'>This page cannot open: "
        f"{escape(line, quote=False)}</div>"
    )
