"""View plugins: what the :class:`~evo_lab.views.widgets.Explorer` shows differently for each game.

The explorer itself (session, stepper, undo/redo, history, variations, action picker, "view as", game files,
story) knows no game. A *view plugin* is a :class:`~evo_lab.views.games.base.GameView` subclass that says which
board widget to draw, which extra inspector tabs to add, which bots to offer and how to say an action in
words. Plugins are found by the game's registry name (``game.name``); a game without one gets the
:class:`~evo_lab.views.games.base.GameView` defaults: its ``state.to_svg(viewer)`` as the board, the actions in
words by ``state.describe_action``, a random bot and the greedy bot of its ``bots`` module if it has one.

=============  ====================================================================================
game           plugin
=============  ====================================================================================
``evo2e``      :mod:`evo_lab.views.games.evo2e` (hex board widget, Combat, Climate, Auction tabs)
``evo1e``      :mod:`evo_lab.views.games.evo1e` (the defaults, with Evo's words)
``evolution``  :mod:`evo_lab.views.games.evolution` (the table widget: species boards, hands; Attack tab)
``origin``     :mod:`evo_lab.views.games.origin` (the defaults; a round is a "turn")
=============  ====================================================================================

>>> import evo_lab
>>> view_for(evo_lab.make_game("evolution", players=2)).name
'evolution'
>>> type(view_for("no-such-game")).__name__            # any other game: the defaults
'GameView'
>>> view_for("evolution-climate").name                 # a registry id: its game's plugin
'evolution'
"""

from __future__ import annotations

import importlib
from typing import Any

from .base import GameView

__all__ = ["GameView", "register_view", "view_class", "view_for"]

_VIEWS: dict[str, Any] = {
    "evo2e": "evo_lab.views.games.evo2e:Evo2eView",
    "evo1e": "evo_lab.views.games.evo1e:Evo1eView",
    "evolution": "evo_lab.views.games.evolution:EvolutionView",
    "origin": "evo_lab.views.games.origin:OriginView",
}
_CACHE: dict[str, GameView] = {}


def register_view(game_name: str, factory: str | type) -> None:
    """Use ``factory`` (a :class:`GameView` subclass or ``"module:Class"``, imported on first use) for the
    games whose ``game.name`` is ``game_name``."""
    _VIEWS[game_name] = factory
    _CACHE.pop(game_name, None)


def _name(game: Any) -> str:
    """The ``game.name`` of a game, or of a registry id (``"evolution-climate"`` is an ``evolution`` game)."""
    if not isinstance(game, str):
        return str(getattr(game, "name", ""))
    if game in _VIEWS:
        return game
    from evo_lab.core.registry import UnknownGameError, game_entry

    try:
        return str(getattr(game_entry(game).load(), "name", "") or game)
    except (UnknownGameError, ImportError):
        return game


def view_class(game: Any) -> type:
    """The plugin class for ``game`` (a game, a state or a registry name)."""
    game = getattr(game, "game", game)  # a state: its game
    spec = _VIEWS.get(_name(game), GameView)
    if isinstance(spec, str):
        mod, _, attr = spec.partition(":")
        spec = getattr(importlib.import_module(mod), attr)
        _VIEWS[_name(game)] = spec
    return spec


def view_for(game: Any) -> GameView:
    """The plugin instance for ``game`` (plugins hold no state: one instance per game name)."""
    game = getattr(game, "game", game)
    key = _name(game)
    view = _CACHE.get(key)
    if view is None:
        view = _CACHE[key] = view_class(game)()
    return view
