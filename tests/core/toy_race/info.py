"""The toy race's one registration (the tests call ``evo_lab.core.registry.register(INFO)``; a game of the package
would call ``register`` here, as ``evo_lab/games/<id>/info.py`` do)."""

from evo_lab.core.registry import GameInfo

from .game import Game

INFO = GameInfo(
    id="toy-race",
    title="Toy dice race",
    factory=Game,
    players=range(2, 5),
    summary="Roll, advance, boost once with a secret card; first to the target wins.",
    rules=("docs/engine.md",),
    view="evo_lab.views.games.base:GameView",
)
