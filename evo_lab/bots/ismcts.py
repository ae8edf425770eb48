"""``ismcts`` for every game: single-observer information-set Monte Carlo tree search (Cowling, Powley &
Whitehouse 2012).

The search loop is :func:`evo_lab.core.search.ismcts` (shared by every game). :class:`SearchBot` is the
game-agnostic bot: it runs the loop with the hooks of the state's game (its kit module's
``search_hooks(**options)``: Evolution's and Origin's determinize with the observer, roll out cheaply and cut off
with a value estimate). Evo 2e's own ``ismcts`` (its rollouts, cutoff and options) is
:class:`evo_lab.games.evo2e.bots.ISMCTSBot`. The move played is the most visited root action; ``bot.last_search``
keeps the root's per-action visits and mean values (and the tree) for the lesson.

>>> import evo_lab
>>> o = evo_lab.make_game("origin", players=2, seed=1).new_initial_state_dealt()
>>> bot = SearchBot(iterations=20, seed=1, game="origin")
>>> bot(o) in o.legal_actions(), bot.last_search.iterations
(True, 20)
"""

from __future__ import annotations

from typing import Any

from ..core.registry import kit_module
from ..core.search import SearchHooks, SearchResult, ismcts
from .base import Bot, UnknownBotError


class SearchBot(Bot):
    """ISMCTS for any game: the core loop with the hooks of the state's game, ``kit.search_hooks(**options)``
    (a game without them gets :class:`~evo_lab.core.search.SearchHooks`' defaults). ``iterations`` (default
    200) and/or ``time_budget`` (seconds) bound each decision; ``c`` is the UCB exploration constant;
    ``options`` are the game's hook options (Evolution: ``rounds``, ``rollout``; Origin: ``turns``), checked
    when the bot is made for a game (``game=``). The move played is the most visited root action;
    ``last_search`` keeps the :class:`~evo_lab.core.search.SearchResult`."""

    name = "ismcts"
    omniscient = False

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = 200,
        time_budget: float | None = None,
        c: float = 0.7,
        game: str | None = None,
        **options: Any,
    ):
        super().__init__(seed)
        if iterations is None and time_budget is None:
            raise UnknownBotError("ismcts needs iterations or time_budget")
        if iterations is not None and (
            isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1
        ):
            raise UnknownBotError(f"iterations must be a positive integer, got {iterations!r}")
        if time_budget is not None and not time_budget > 0:
            raise UnknownBotError(f"time_budget must be positive seconds, got {time_budget!r}")
        self.iterations = iterations
        self.time_budget = time_budget
        self.c = float(c)
        self.options = dict(options)
        self.last_search: SearchResult | None = None
        self._hooks: dict[str, SearchHooks] = {}
        if game is not None:
            self._game_hooks(game)  # bad options fail now, not in the middle of a game

    @classmethod
    def create(cls, seed: int | None = None, game: str | None = None, **options: Any) -> Bot:
        return cls(seed=seed, game=game, **options)

    def _game_hooks(self, game: str) -> SearchHooks:
        h = self._hooks.get(game)
        if h is None:
            make = getattr(kit_module(game), "search_hooks", None)
            if make is None:
                if self.options:
                    raise UnknownBotError(f"game {game!r} has no search hooks to take {sorted(self.options)}")
                h = SearchHooks()
            else:
                try:
                    h = make(**self.options)
                except TypeError as e:
                    raise UnknownBotError(f"bad options for bot 'ismcts' ({game}): {e}") from None
            self._hooks[game] = h
        return h

    def hooks(self, state: Any) -> SearchHooks:
        """The hooks for a search from ``state``: its game's (built once per game)."""
        return self._game_hooks(state.game.name)

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"SearchBot(iterations={self.iterations}, time_budget={self.time_budget}, c={self.c}{opts}, seed={self.seed})"

    def act(self, state: Any, player: int) -> Any:
        return self.search(state, player).chosen

    def search(self, state: Any, player: int | None = None) -> SearchResult:
        """Run one search from ``state`` for ``player`` (default: the player to act); sets ``last_search``."""
        if player is None:
            player = state.current_player()
        self.last_search = ismcts(
            state,
            player,
            self.hooks(state),
            iterations=self.iterations,
            time_budget=self.time_budget,
            c=self.c,
            rng=self.rng,
        )
        return self.last_search


__all__ = ["SearchBot", "SearchResult"]
