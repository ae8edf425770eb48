"""The view plugin of *Evolution: The Origin of Species* (``evo_lab.games.origin``): the defaults of
:class:`~evo_lab.views.games.base.GameView` (the game's own ``to_svg(viewer)`` as the board, its actions in words
by ``describe_action``, a random bot and its ``bots.greedy_policy``), with the game's own word for a round: the
seed calls the cycle of development, food bank, feeding and extinction a *turn* ("After the deck is empty the
last turn begins"), and the state counts it in ``state.turn``."""

from __future__ import annotations

from evo_lab.views.games.base import GameView

__all__ = ["OriginView"]


class OriginView(GameView):
    """Origin of Species in the explorer."""

    name = "origin"
    round_word = "turn"
