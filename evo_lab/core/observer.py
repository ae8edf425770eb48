"""Observers: what each player may see, decided by one visibility rule (OpenSpiel's observer split).

A game describes its hidden information as :class:`Secret` values: a card hand, the order of a pile, a token only
its peeker saw. Its :class:`Observer` subclass answers one question, :meth:`Observer.sees` ("may ``viewer``
see this secret?"), and every view is derived from that answer:

* :meth:`Observer.observation` - a JSON-able dict (the game builds it, asking ``sees`` for each secret);
* :meth:`Observer.string` - that dict as canonical JSON;
* :meth:`Observer.tensor` - that dict encoded as a fixed-length vector (the game's :meth:`encode`);
* :meth:`Observer.mask_action` and :meth:`Observer.action_key` - a history item as the viewer saw it (an
  outcome that reveals a secret the viewer may not see is masked);
* :meth:`Observer.information_state_string` - the masked history plus the current observation;
* :meth:`Observer.determinize` - a state where everything the viewer may not see is redrawn.

``viewer=None`` is the omniscient teacher, who sees everything.

>>> sec = Secret("hand", owner=1)
>>> ob = Observer()
>>> ob.sees(None, None, sec), ob.sees(None, 1, sec), ob.sees(None, 0, sec)
(True, True, False)
>>> ob.sees(None, 0, Secret("pile"))   # no owner: nobody sees it until it is revealed
False
"""

from __future__ import annotations

import json
from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from .protocol import StateT

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
    from typing_extensions import TypeVar as TypeVarWithDefault

    from .protocol import Game

    #: The game an observer belongs to (``Any`` for a bare ``Observer``: PEP 696 default, the type checker's).
    ObservedGameT = TypeVarWithDefault("ObservedGameT", bound="Game", default=Any)
else:
    ObservedGameT = TypeVar("ObservedGameT", bound="Game")

__all__ = ["Secret", "Observer", "HIDDEN"]

#: The value an observation shows in place of something the viewer may not see.
HIDDEN = None


@dataclass(frozen=True)
class Secret:
    """One piece of hidden information: its ``kind`` (``"hand"``, ``"pile"``, ``"bag"``, ``"peek"``, ...)
    and the player who may see it (``owner``; ``None``: nobody until it is revealed)."""

    kind: str
    owner: int | None = None


class Observer(Generic[StateT, ObservedGameT]):
    """Base class of the games' observers, of the game's own state and game types (``class OriginObserver(
    Observer["OriginState", "OriginGame"])``). Subclasses implement :meth:`observation`, :meth:`action_secret`, :meth:`encode`
    and :meth:`determinize`, and override :meth:`sees` only to widen the default rule (an owner sees their own
    secrets; the teacher sees everything; nobody else sees anything)."""

    #: the game observed (``None`` only for a bare ``Observer()``, as in the examples above)
    game: ObservedGameT

    def __init__(self, game: ObservedGameT | None = None):
        self.game = game  # type: ignore[assignment]

    # (an ``action`` below is one of the game's own actions, ``Any`` here: each game narrows it)

    # (an ``action`` below is one of the game's own: ``Any`` here, each game narrows it to its action type)

    # ----- the one visibility rule
    def sees(self, state: StateT, viewer: int | None, secret: Secret) -> bool:
        """May ``viewer`` see ``secret`` in ``state``? The only place a game decides visibility."""
        if viewer is None:
            return True
        return secret.owner is not None and secret.owner == viewer

    # ----- views derived from it
    def observation(self, state: StateT, viewer: int | None) -> dict[str, Any]:  # pragma: no cover - abstract
        """What ``viewer`` may know, as JSON-able data."""
        raise NotImplementedError

    def string(self, state: StateT, viewer: int | None) -> str:
        """The observation as canonical JSON (sorted keys, no spaces)."""
        return json.dumps(self.observation(state, viewer), sort_keys=True, separators=(",", ":"))

    def encode(self, observation: dict[str, Any]) -> npt.NDArray[np.generic]:  # pragma: no cover - abstract
        """The observation dict as a fixed-length ``numpy`` vector (the game's tensor layout)."""
        raise NotImplementedError

    def tensor(self, state: StateT, viewer: int | None) -> npt.NDArray[np.generic]:
        """The observation as a vector: :meth:`encode` of :meth:`observation`, so the tensor can never show
        more than the dict does."""
        return self.encode(self.observation(state, viewer))

    def action_secret(self, state: StateT, action: Any) -> Secret | None:
        """The secret that applying ``action`` at ``state`` reveals to its owner (``None``: public)."""
        return None

    def masked_text(self, state: StateT, action: Any, secret: Secret) -> str:
        """How a hidden history item reads to someone who may not see it (``"card P2 ?"``)."""
        kind = getattr(action, "kind", type(action).__name__)
        who = f" P{secret.owner + 1}" if secret.owner is not None else ""
        return f"{kind}{who} ?"

    def visible(self, state: StateT, action: Any, viewer: int | None) -> bool:
        """Whether ``viewer`` sees which ``action`` was applied at ``state``."""
        sec = self.action_secret(state, action)
        return sec is None or self.sees(state, viewer, sec)

    def mask_action(self, state: StateT, action: Any, viewer: int | None) -> str:
        """``action`` (applied at ``state``) as ``viewer`` saw it."""
        sec = self.action_secret(state, action)
        if sec is None or self.sees(state, viewer, sec):
            return state.action_to_string(action)
        return self.masked_text(state, action, sec)

    def action_key(self, state: StateT, action: Hashable, viewer: int | None) -> Hashable:
        """A hashable key of ``action`` as ``viewer`` saw it: the action itself when visible, else the masked
        text (the key of a search tree over ``viewer``'s information sets)."""
        sec = self.action_secret(state, action)
        if sec is None or self.sees(state, viewer, sec):
            return action
        return ("hidden", self.masked_text(state, action, sec))

    def information_state_string(self, state: StateT, viewer: int) -> str:
        """The history as ``viewer`` saw it (hidden items masked) and the current observation."""
        items = [self.mask_action(before, a, viewer) for before, a in state.replay()]
        return "|".join(items) + "#" + self.string(state, viewer)

    def determinize(
        self, state: StateT, viewer: int, rng: np.random.Generator
    ) -> StateT:  # pragma: no cover - abstract
        """A copy of ``state`` where what ``viewer`` may not see is redrawn from its exact distribution given
        what ``viewer`` knows."""
        raise NotImplementedError
