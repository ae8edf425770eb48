"""``lively``: a bot that plays the way people new to the game do, for demos and classrooms: its dinosaurs walk
to better climate, attack when the odds look good, lay every egg they can and bid a little on what they want.

It is not strong (``greedy`` and ``ismcts`` are the bots to beat); it makes games where things happen: moves,
fights, births and deaths, in every round. Seeded, so a demo replays exactly. It uses the public state API only
(legal actions, occupants, space states, attack probabilities, the observation).

>>> import evo_lab
>>> from evo_lab.bots import make_bot
>>> bot = make_bot("lively", seed=1)
>>> s = evo_lab.Game(players=3, seed=2).new_initial_state_dealt()
>>> bot(s) in s.legal_actions()
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....bots.base import Bot

if TYPE_CHECKING:
    from ..actions import Action
    from ..state import State

#: How much a dinosaur likes each climate state (moves go towards higher values).
CLIMATE_VALUE = {"ideal": 3.0, "hot": 1.0, "cold": 1.0, "deadly": -4.0}
#: One attack is tried when its chance of success is at least this.
ATTACK_AT = 0.4
#: The chance that a dinosaur wanders to an equally good space instead of stopping (keeps the board moving).
WANDER = 0.35


class LivelyBot(Bot):
    """Moves towards better climate and towards beatable enemies, attacks at ``ATTACK_AT`` or better, lays
    every egg (killer babies too), bids low on genes it can use; every choice has a little seeded noise."""

    name = "lively"
    omniscient = False
    game_id = "evo2e"

    def act(self, state: State, player: int) -> Action:
        acts = state.legal_actions()
        scored = [
            (self._score(state, player, a) + 0.01 * float(self.rng.random()), i) for i, a in enumerate(acts)
        ]
        return acts[max(scored)[1]]

    # ----- one score per action kind
    def _score(self, state: State, player: int, a: Action) -> float:
        k = a.kind
        if k == "attack":
            p = float(state.attack_probability(a.a, a.b))
            return 4.0 + 4.0 * p if p >= ATTACK_AT else -2.0
        if k in ("move", "wings", "flippers"):
            return self._move_value(state, player, a.a, a.b) - (0.3 if k != "move" else 0.0)
        if k == "end":
            return 0.0
        if k == "birth":
            if state.occupant(a.a) >= 0:  # a killer baby onto an enemy
                return 6.0
            return 5.0 + CLIMATE_VALUE.get(state.space_state(a.a), 0.0) - (3.0 if a.b >= 0 else 0.0)
        if k == "escape":
            return CLIMATE_VALUE.get(state.space_state(a.a), 0.0)
        if k == "bid":
            return self._bid_value(state, player, a)
        if k == "play":
            return 1.0 if self.rng.random() < 0.6 else -1.0
        if k == "remove":
            return -CLIMATE_VALUE.get(state.space_state(a.a), 0.0)  # give up the worst-placed dinosaur
        return float(self.rng.random())  # initiative places, pass: any

    def _move_value(self, state: State, player: int, src: int, dst: int) -> float:
        gain = CLIMATE_VALUE.get(state.space_state(dst), 0.0) - CLIMATE_VALUE.get(state.space_state(src), 0.0)
        g = state.game
        for nb in g.adj[dst]:
            q = state.occupant(nb)
            if 0 <= q != player and not state.is_protected(q) and nb != src:
                p = (
                    float(state.attack_probability(src, nb))
                    if nb in g.adj[src]
                    else _odds_from(state, player, q)
                )
                if p >= ATTACK_AT:
                    gain += 1.5  # next to a beatable enemy: an attack can follow
                    break
        if gain <= 0 and self.rng.random() < WANDER and state.space_state(dst) != "deadly":
            gain = 0.5  # wander on
        return gain

    def _bid_value(self, state: State, player: int, a: Action) -> float:
        lots = state.auction()["lots"]
        item = str(lots[a.a]["item"]) if a.a < len(lots) else ""
        want = {"event card": 1.0, "egg": 2.0, "legs": 1.5, "horn": 1.5, "fur": 1.0, "thermo": 1.0}.get(
            item, 1.2
        )
        mp = state.observation(player)["players"][player].get("mp") or 0
        cost = a.b / max(1, mp)
        return want * (1.0 if a.b <= 2 else 0.5) - 3.0 * cost + 0.5 * float(self.rng.random())


def _odds_from(state: State, player: int, enemy: int) -> float:
    """The chance that ``player``'s dinosaur beats one of ``enemy``'s: the attack probability from any of
    ``player``'s dinosaurs to any of ``enemy``'s (the same for all of a clan's dinosaurs)."""
    mine, theirs = state.dinosaurs(player), state.dinosaurs(enemy)
    if not mine or not theirs:
        return 0.0
    return float(state.attack_probability(mine[0], theirs[0]))
