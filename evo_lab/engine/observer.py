"""Evo 2e's observer (interim: delegates to ``State``; the engine-architecture work moves the visibility rule here)."""

from __future__ import annotations

from typing import Any, Hashable

from ..core.observer import Observer


class EvoObserver(Observer):
    def observation(self, state: Any, viewer: int | None) -> dict:
        return state.observation(viewer)

    def mask_action(self, state: Any, action: Any, viewer: int | None) -> str:
        return state.masked_action_string(action, viewer)

    def action_key(self, state: Any, action: Any, viewer: int | None) -> Hashable:
        text = state.masked_action_string(action, viewer)
        return ("hidden", text) if text.endswith("?") else action

    def determinize(self, state: Any, viewer: int, rng: Any) -> Any:
        return state.determinize(viewer, rng)
