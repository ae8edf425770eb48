"""``ismcts``: single-observer information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012).

The search loop is :func:`evo_lab.core.search.ismcts` (shared by every game). :class:`SearchBot` is the
game-agnostic bot: it runs the loop with the hooks of the state's game (its kit module's
``search_hooks(**options)``: Evolution's and Origin's determinize with the observer, roll out cheaply and cut off
with a value estimate). :class:`ISMCTSBot` is Evo 2e's ``ismcts``, which plugs in Evo's hooks:

* **determinize**: ``state.determinize(player, rng)``, i.e. the game's observer redraws what ``player`` may not
  see (the others' hands, the bag's unique genes, a token only others peeked at);
* **key**: the observer's ``action_key``, so outcomes hidden from the searcher (a card an opponent draws, an
  opponent's sixth-sense peek) share one branch;
* **rollout**: a cheap policy (``"lite"``: climate-aware moves and births, cheapest bids; or ``"random"``);
* **stop / evaluate**: with ``cutoff_rounds=k`` a rollout ends after the k-th round end counted from the decision,
  and the greedy evaluation turns each player's MP-equivalent score into a win chance (softmax); at the end of
  the game each player gets ``1/k`` for a k-way shared win.

The move played is the most visited root action. ``bot.last_search`` keeps the root's per-action visits and
mean values (and the tree) for the lesson.

>>> import evo_lab
>>> from evo_lab.bots import ISMCTSBot
>>> s = evo_lab.Game(players=3, seed=2).new_initial_state_dealt()
>>> bot = ISMCTSBot(iterations=30, seed=1)
>>> a = bot(s)
>>> a in s.legal_actions(), bot.last_search.iterations
(True, 30)
>>> sum(r["visits"] for r in bot.last_search.actions)
30
>>> o = evo_lab.make_game("origin", players=2, seed=1).new_initial_state_dealt()
>>> SearchBot(iterations=20, seed=1, game="origin")(o) in o.legal_actions()
True
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ..core.registry import kit_module
from ..core.search import SearchHooks, SearchResult, ismcts, win_shares
from ..games.evo2e.actions import ATTACK, BIRTH, END, ESCAPE, FLIPPERS, INITIATIVE, MOVE, PASS, WINGS, Action
from ..games.evo2e.cards import WINDOWS
from .base import Bot, UnknownBotError, register
from .greedy import player_values

_WINDOWS = frozenset(w.node for w in WINDOWS.values() if w.node is not None)


def lite_policy(rng: Any) -> Callable[[Any], Any]:
    """A cheap rollout policy: moves that improve the climate state of a dinosaur's space, else end; births
    on the mildest space; the cheapest bid on a random lot; events passed; escapes taken."""

    def policy(s: Any) -> Any:
        acts = s.legal_actions()
        node = s.node
        if len(acts) == 1:
            return acts[0]
        g = s.game
        codes = g.section_codes[s.section]
        terr = g.space_terrain
        if node == "move":
            best, gain = [], 0
            attacks = []
            for a in acts:
                k = a.kind
                if k == MOVE or k == WINGS or k == FLIPPERS:
                    d = codes[terr[a.a]] - codes[terr[a.b]]
                    if d > gain:
                        best, gain = [a], d
                    elif d == gain and d > 0:
                        best.append(a)
                elif k == ATTACK:
                    attacks.append(a)
            if best:
                return best[int(rng.random() * len(best))]
            if attacks and rng.random() < 0.5:
                return attacks[int(rng.random() * len(attacks))]
            return Action(END)
        if node == "bid":
            lo = min(a.b for a in acts)
            cheap = [a for a in acts if a.b == lo]
            return cheap[int(rng.random() * len(cheap))]
        if node == "birth":
            best, bc = [], 9
            for a in acts:
                if a.kind != BIRTH:
                    continue
                c = codes[terr[a.a]]
                if c < bc:
                    best, bc = [a], c
                elif c == bc:
                    best.append(a)
            return best[int(rng.random() * len(best))] if best else acts[0]
        if node == "chameleon":
            esc = [a for a in acts if a.kind == ESCAPE]
            return esc[int(rng.random() * len(esc))] if esc else Action(PASS)
        if node == "adrenaline":
            return Action(INITIATIVE, 0)
        if node in _WINDOWS and node != "newborn_cards":  # card windows: keep the cards (egg thief: at random)
            return Action(PASS)
        return acts[int(rng.random() * len(acts))]

    return policy


def random_policy(rng: Any) -> Callable[[Any], Any]:
    def policy(s: Any) -> Any:
        acts = s.legal_actions()
        return acts[int(rng.random() * len(acts))]

    return policy


ROLLOUTS = {"lite": lite_policy, "random": random_policy}


def search_hooks(rollout: str = "lite", cutoff_rounds: int | None = 1, temperature: float = 3.0) -> SearchHooks:
    """Evo's :class:`~evo_lab.core.search.SearchHooks`: the ``rollout`` policy (``"lite"`` or ``"random"``),
    rollouts stopped after ``cutoff_rounds`` round ends counted from the decision (``None``: at the end of the
    game) and valued by a softmax (MP scale ``temperature``) of the greedy evaluation; win shares at the end."""
    if rollout not in ROLLOUTS:
        raise UnknownBotError(f"rollout must be one of {', '.join(ROLLOUTS)}, got {rollout!r}")
    if cutoff_rounds is not None and (not isinstance(cutoff_rounds, int) or cutoff_rounds < 1):
        raise UnknownBotError(f"cutoff_rounds must be a positive integer or None, got {cutoff_rounds!r}")
    temperature = float(temperature)

    def stop(root: Any) -> Callable[[Any], bool] | None:
        if cutoff_rounds is None:
            return None
        last = root.round + cutoff_rounds - 1
        return lambda s: s.round > last

    def evaluate(s: Any, player: int) -> list[float]:
        if s.is_terminal():
            return win_shares(s)
        vals = player_values(s, player)
        m = max(vals)
        ex = [math.exp((v - m) / temperature) for v in vals]
        tot = sum(ex)
        return [e / tot for e in ex]

    return SearchHooks(rollout=ROLLOUTS[rollout], stop=stop, evaluate=evaluate)


class SearchBot(Bot):
    """ISMCTS for any game: the core loop with the hooks of the state's game, ``kit.search_hooks(**options)``
    (a game without them gets :class:`~evo_lab.core.search.SearchHooks`' defaults). ``iterations`` (default
    200) and/or ``time_budget`` (seconds) bound each decision; ``c`` is the UCB exploration constant;
    ``options`` are the game's hook options (Evolution: ``rounds``, ``rollout``; Origin: ``turns``), checked
    when the bot is made for a game (``game=``). The move played is the most visited root action;
    ``last_search`` keeps the :class:`~evo_lab.core.search.SearchResult`."""

    name = "ismcts"
    omniscient = False

    def __init__(self, seed: int | None = None, iterations: int | None = 200, time_budget: float | None = None,
                 c: float = 0.7, game: str | None = None, **options: Any):
        super().__init__(seed)
        if iterations is None and time_budget is None:
            raise UnknownBotError("ismcts needs iterations or time_budget")
        if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1):
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
        self.last_search = ismcts(state, player, self.hooks(state), iterations=self.iterations,
                                  time_budget=self.time_budget, c=self.c, rng=self.rng)
        return self.last_search


@register
class ISMCTSBot(SearchBot):
    """Information-set MCTS. ``iterations`` (default 200) and/or ``time_budget`` (seconds) bound each
    decision (a time budget makes play depend on the machine's speed; tournaments that must replay exactly
    use iterations only). ``c``: UCB exploration constant; ``rollout``: ``"lite"`` or ``"random"``;
    ``cutoff_rounds``: stop rollouts after that many round ends and evaluate (``None``: play to the end);
    ``temperature``: MP scale of the softmax that turns cutoff evaluations into win chances."""

    name = "ismcts"
    omniscient = False
    game_id = "evo2e"

    def __init__(self, seed: int | None = None, iterations: int | None = 200, time_budget: float | None = None,
                 c: float = 0.7, rollout: str = "lite", cutoff_rounds: int | None = 1, temperature: float = 3.0):
        super().__init__(seed, iterations=iterations, time_budget=time_budget, c=c)
        search_hooks(rollout, cutoff_rounds, temperature)  # checks the options
        self.rollout = rollout
        self.cutoff_rounds = cutoff_rounds
        self.temperature = float(temperature)

    @classmethod
    def create(cls, seed: int | None = None, game: str | None = None, **options: Any) -> Bot:
        return cls(seed=seed, **options)

    def __repr__(self) -> str:
        return (f"ISMCTSBot(iterations={self.iterations}, time_budget={self.time_budget}, c={self.c}, "
                f"rollout={self.rollout!r}, cutoff_rounds={self.cutoff_rounds}, seed={self.seed})")

    # ----- the search
    def hooks(self, state: Any) -> SearchHooks:
        """Evo's hooks for :func:`~evo_lab.core.search.ismcts` (determinization and keys: the observer's)."""
        return search_hooks(self.rollout, self.cutoff_rounds, self.temperature)


__all__ = ["ROLLOUTS", "ISMCTSBot", "SearchBot", "SearchResult", "lite_policy", "random_policy", "search_hooks"]
