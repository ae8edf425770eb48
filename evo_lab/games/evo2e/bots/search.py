"""Evo 2e's ``ismcts``: information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012) with Evo's
hooks. The search loop is :func:`evo_lab.core.search.ismcts` and the generic bot
:class:`evo_lab.bots.ismcts.SearchBot` (shared by every game); :class:`ISMCTSBot` plugs in Evo's hooks:

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
>>> s = evo_lab.Game(players=3, seed=2).new_initial_state_dealt()
>>> bot = ISMCTSBot(iterations=30, seed=1)
>>> a = bot(s)
>>> a in s.legal_actions(), bot.last_search.iterations
(True, 30)
>>> sum(r["visits"] for r in bot.last_search.actions)
30
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ....bots.base import Bot, UnknownBotError
from ....bots.ismcts import SearchBot
from ....core.search import SearchHooks, win_shares
from ..actions import ATTACK, BIRTH, END, ESCAPE, FLIPPERS, INITIATIVE, MOVE, PASS, WINGS, Action
from ..cards import WINDOWS
from .greedy import player_values

if TYPE_CHECKING:
    import numpy as np
    from ..state import State

_WINDOWS = frozenset(w.node for w in WINDOWS.values() if w.node is not None)


def lite_policy(rng: np.random.Generator) -> Callable[[State], Action]:
    """A cheap rollout policy: moves that improve the climate state of a dinosaur's space, else end; births
    on the mildest space; the cheapest bid on a random lot; events passed; escapes taken."""

    def policy(s: State) -> Action:
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
        if (
            node in _WINDOWS and node != "newborn_cards"
        ):  # card windows: keep the cards (egg thief: at random)
            return Action(PASS)
        return acts[int(rng.random() * len(acts))]

    return policy


def random_policy(rng: np.random.Generator) -> Callable[[State], Action]:
    def policy(s: State) -> Action:
        acts = s.legal_actions()
        return acts[int(rng.random() * len(acts))]

    return policy


ROLLOUTS = {"lite": lite_policy, "random": random_policy}


def search_hooks(
    rollout: str = "lite", cutoff_rounds: int | None = 1, temperature: float = 3.0
) -> SearchHooks:
    """Evo's :class:`~evo_lab.core.search.SearchHooks`: the ``rollout`` policy (``"lite"`` or ``"random"``),
    rollouts stopped after ``cutoff_rounds`` round ends counted from the decision (``None``: at the end of the
    game) and valued by a softmax (MP scale ``temperature``) of the greedy evaluation; win shares at the end."""
    if rollout not in ROLLOUTS:
        raise UnknownBotError(f"rollout must be one of {', '.join(ROLLOUTS)}, got {rollout!r}")
    if cutoff_rounds is not None and (not isinstance(cutoff_rounds, int) or cutoff_rounds < 1):
        raise UnknownBotError(f"cutoff_rounds must be a positive integer or None, got {cutoff_rounds!r}")
    temperature = float(temperature)

    def stop(root: State) -> Callable[[State], bool] | None:
        if cutoff_rounds is None:
            return None
        last = root.round + cutoff_rounds - 1
        return lambda s: s.round > last

    def evaluate(s: State, player: int) -> list[float]:
        if s.is_terminal():
            return win_shares(s)
        vals = player_values(s, player)
        m = max(vals)
        ex = [math.exp((v - m) / temperature) for v in vals]
        tot = sum(ex)
        return [e / tot for e in ex]

    return SearchHooks(rollout=ROLLOUTS[rollout], stop=stop, evaluate=evaluate)


class ISMCTSBot(SearchBot):
    """Information-set MCTS. ``iterations`` (default 200) and/or ``time_budget`` (seconds) bound each
    decision (a time budget makes play depend on the machine's speed; tournaments that must replay exactly
    use iterations only). ``c``: UCB exploration constant; ``rollout``: ``"lite"`` or ``"random"``;
    ``cutoff_rounds``: stop rollouts after that many round ends and evaluate (``None``: play to the end);
    ``temperature``: MP scale of the softmax that turns cutoff evaluations into win chances."""

    name = "ismcts"
    omniscient = False
    game_id = "evo2e"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = 200,
        time_budget: float | None = None,
        c: float = 0.7,
        rollout: str = "lite",
        cutoff_rounds: int | None = 1,
        temperature: float = 3.0,
    ):
        super().__init__(seed, iterations=iterations, time_budget=time_budget, c=c)
        search_hooks(rollout, cutoff_rounds, temperature)  # checks the options
        self.rollout = rollout
        self.cutoff_rounds = cutoff_rounds
        self.temperature = float(temperature)

    @classmethod
    def create(cls, seed: int | None = None, game: str | None = None, **options: Any) -> Bot:
        return cls(seed=seed, **options)

    def __repr__(self) -> str:
        return (
            f"ISMCTSBot(iterations={self.iterations}, time_budget={self.time_budget}, c={self.c}, "
            f"rollout={self.rollout!r}, cutoff_rounds={self.cutoff_rounds}, seed={self.seed})"
        )

    # ----- the search
    def hooks(self, state: State) -> SearchHooks:
        """Evo's hooks for :func:`~evo_lab.core.search.ismcts` (determinization and keys: the observer's)."""
        return search_hooks(self.rollout, self.cutoff_rounds, self.temperature)


__all__ = ["ROLLOUTS", "ISMCTSBot", "lite_policy", "random_policy", "search_hooks"]
