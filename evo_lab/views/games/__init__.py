"""View plugins: what the :class:`~evo_lab.views.widgets.Explorer` shows differently for each game.

The explorer itself (session, stepper, undo/redo, history, variations, action picker, "view as", game files,
story) knows no game. A *view plugin* is a :class:`~evo_lab.views.games.base.GameView` subclass that says which
board widget to draw, which extra inspector tabs to add, which bots to offer and how to say an action in
words. Each game names its plugin in its registration (``GameInfo.view``, :mod:`evo_lab.core.registry`); a
game without one gets the :class:`~evo_lab.views.games.base.GameView` defaults: its ``state.to_svg(viewer)`` as
the board, the actions in words by ``state.describe_action``, a random bot and the greedy bot of its ``bots``
module if it has one.

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
>>> type(view_for(evo_lab.make_game("evo1e", players=3))).__name__
'Evo1eView'
>>> type(view_for("no-such-game")).__name__            # any other game: the defaults
'GameView'
>>> view_for("evolution-climate").name                 # a registry id: its game's plugin
'evolution'
"""

from __future__ import annotations

from typing import Any

from evo_lab.core.registry import UnknownGameError, game_info

from .base import GameView

__all__ = ["GameView", "view_class", "view_for"]

_CACHE: dict[str, GameView] = {}


def _name(game: Any) -> str:
    return game if isinstance(game, str) else str(getattr(game, "name", ""))


def view_class(game: Any) -> type:
    """The plugin class for ``game`` (a game, a state or a registry id): its registration's ``view``, or the
    :class:`GameView` defaults for a game that names none (or is not registered)."""
    game = getattr(game, "game", game)  # a state: its game
    try:
        info = game_info(_name(game))
    except UnknownGameError:
        return GameView
    return info.view_class() if info.view else GameView


def view_for(game: Any) -> GameView:
    """The plugin instance for ``game`` (plugins hold no state: one instance per game name)."""
    game = getattr(game, "game", game)
    key = _name(game)
    view = _CACHE.get(key)
    if view is None:
        view = _CACHE[key] = view_class(game)()
    return view
