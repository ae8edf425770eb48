"""What each player of a toy race may see: the positions and rolls, their own card; a card is public once used."""

from __future__ import annotations

from typing import Any

import numpy as np

from evo_lab.core.observer import HIDDEN, Observer, Secret

from .phases.race import CARD_WEIGHTS


class RaceObserver(Observer):
    def observation(self, state: Any, viewer: int | None) -> dict:
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

    def encode(self, obs: dict) -> Any:
        n = len(obs["pos"])
        cards = [-1 if c is None else c for c in obs["cards"]]
        return np.array(
            obs["pos"] + [int(u) for u in obs["used"]] + cards + [obs["roll"], obs["to_act"]],
            dtype=np.float32,
        ).reshape(3 * n + 2)

    def action_secret(self, state: Any, action: Any) -> Secret | None:
        return Secret("card", action[1]) if action[0] == "deal" else None

    def determinize(self, state: Any, viewer: int, rng: Any) -> Any:
        """Every card ``viewer`` does not see (another player's, unused) redrawn from the deal's weights (the
        deals are independent, so that is the exact distribution given what ``viewer`` knows)."""
        from evo_lab.core.draw import draw

        d = state.clone()
        for p in range(len(d.cards)):
            if p != viewer and not d.used[p]:
                d.cards[p] = draw(list(CARD_WEIGHTS), rng)
        return d
