"""A dice race with secret cards: the smallest game on evo-lab's template, test-only (docs/engine.md, "Adding a
game", walks through it). It registers with one :class:`~evo_lab.core.registry.GameInfo`, runs on a
:class:`~evo_lab.core.flow.Flow` with one phase module, says what each player may see with an
:class:`~evo_lab.core.observer.Observer`, and passes the conformance suite (``tests/core/test_toy_game.py``).

The rules: each player is dealt a secret card worth 0, 1 or 2 (weights 1, 2, 1). In turn, a player rolls a die
(1 to ``faces``) and then advances by the roll, or once per game *boosts*: advances by the roll plus the card,
showing it. The first to reach ``target`` wins.
"""

from typing import TYPE_CHECKING

from .game import Game, RaceOptions
from .info import INFO
from .state import State

__all__ = ["INFO", "Game", "RaceOptions", "State"]

if (
    TYPE_CHECKING
):  # mypy --strict checks the race against the core's contracts (tests/core/test_typed_core.py)
    from evo_lab.core import protocol

    def _keeps_the_contracts(
        state: State, game: Game
    ) -> tuple[protocol.State, protocol.Game, protocol.GameState]:
        return state, game, state
