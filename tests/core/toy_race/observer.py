"""What each player of a toy race may see: the positions and rolls, their own card; a card is public once used."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from evo_lab.core.observer import HIDDEN, Observer, Secret

from .notation import Deal
from .phases.race import CARD_WEIGHTS

if TYPE_CHECKING:
    from .game import Game  # noqa: F401 - named in the base class: Observer["State", "Game"]
    from .state import State


class RaceObserver(Observer["State", "Game"]):
    def observation(self, state: State, viewer: int | None) -> dict[str, object]:
        n = state.game.players
        cards = [
            state.cards[p]
            if p < len(state.cards) and (state.used[p] or self.sees(state, viewer, Secret("card", p)))
            else HIDDEN
            for p in range(n)
        ]
        return {
            "viewer": viewer,
            "to_act": state.current_player(),
            "node": state.node,
            "pos": list(state.pos),
            "used": list(state.used),
            "roll": state.roll,
            "cards": cards,
            "dealt": len(state.cards),
        }

    def encode(self, obs: dict[str, object]) -> npt.NDArray[np.generic]:
        pos, used, dealt = obs["pos"], obs["used"], obs["cards"]
        assert isinstance(pos, list) and isinstance(used, list) and isinstance(dealt, list)
        n = len(pos)
        cards = [-1 if c is None else c for c in dealt]
        return np.array(
            pos + [int(u) for u in used] + cards + [obs["roll"], obs["to_act"]],
            dtype=np.float32,
        ).reshape(3 * n + 2)

    def action_secret(self, state: State, action: Hashable) -> Secret | None:
        return Secret("card", action.player) if isinstance(action, Deal) else None

    def determinize(self, state: State, viewer: int, rng: np.random.Generator) -> State:
        """Every card ``viewer`` does not see (another player's, unused) redrawn from the deal's weights (the
        deals are independent, so that is the exact distribution given what ``viewer`` knows)."""
        from evo_lab.core.draw import draw

        d = state.clone()
        for p in range(len(d.cards)):
            if p != viewer and not d.used[p]:
                d.cards[p] = draw(list(CARD_WEIGHTS), rng)
        return d
