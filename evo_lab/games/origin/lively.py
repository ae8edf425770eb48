"""Lively bots: *The Origin of Species* played the way people new to the game play it, so that a demo shows the
whole game: animals are born, grow traits, carnivores hunt, the food runs out and animals die.

The greedy bot (:mod:`.bots`) looks one move ahead and so rarely plays a carnivore (Carnivorous raises the
animal's need before it can pay off) and the demo then shows no attack. A lively bot:

* **development**: keeps two to four animals; makes a carnivore when the table has prey for it and it has none
  (Carnivorous is the only way to get food without the bank: seed, "Animal with "carnivorous" trait can attack
  another animal of any player"); protects its animals with defences (Running, Tail Loss, Mimicry, Camouflage,
  Burrowing, Swimming, High Body Weight, Poisonous), stores with Fat Tissue, plays Parasite on the leader's animals;
  when its animals already need more food than its share of the dice it stops growing (no new animal, no trait
  that needs food) but still plays the traits that cost no food;
* **feeding**: attacks another player's animal when it is worth it, by the exact odds of the attack
  (:func:`~.odds.attack_odds`: the chance of a kill times the points the kill takes from the rival); otherwise
  takes a red token for its hungriest animal, uses Piracy whenever it can, Grazing once its own animals are fed,
  fat and Hibernation when the bank is empty;
* **defence**: keeps the most points (:func:`evo_lab.core.chance.expectimax` over Running's die and its choices).

Each bot is seeded (``lively_policy(rng)``), so a demo with a seed is the same every time.

>>> import evo_lab, numpy as np
>>> from evo_lab.games.origin import build_position
>>> s = build_position(players=2, bank=4, animals=["$C carn, $E", "$P, $Q"])
>>> bot = lively_policy(np.random.default_rng(1))
>>> s.action_to_string(bot(s)) == f"attack A{s.names['C']} A{s.names['P']}"      # a sure kill of a rival's animal
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar, cast

import numpy as np

from ...core.chance import expectimax
from .odds import attack_odds, attack_over

if TYPE_CHECKING:
    from .actions import Action
    from .bots import Policy
    from .state import OriginState

__all__ = ["TRAIT_WEIGHTS", "lively_policy"]

#: How much a lively bot likes to play each trait on one of its own animals (Parasite: on a rival's).
TRAIT_WEIGHTS = {
    "carnivorous": 1.0,
    "fat_tissue": 1.5,
    "swimming": 1.5,
    "running": 2.0,
    "mimicry": 1.5,
    "scavenger": 1.0,
    "symbiosis": 1.0,
    "piracy": 1.0,
    "tail_loss": 2.0,
    "communication": 1.0,
    "grazing": 0.7,
    "high_body_weight": 1.5,
    "hibernation": 1.0,
    "poisonous": 1.5,
    "cooperation": 1.2,
    "burrowing": 1.2,
    "camouflage": 2.0,
    "sharp_vision": 0.3,
    "parasite": 2.0,
}


_T = TypeVar("_T")


def _pick(rng: np.random.Generator, items: Sequence[_T], weights: list[float]) -> _T:
    total = sum(weights)
    r = rng.random() * total
    for x, w in zip(items, weights):
        r -= w
        if r < 0:
            return x
    return items[-1]


def _missing(state: OriginState, p: int) -> int:
    return sum(max(0, a.need - a.food) for a in state.animals(p) if not a.sleeping)


def _develop(state: OriginState, acts: list[Action], rng: np.random.Generator) -> Action:
    g = state.game
    p = state.current_player()
    mine = state.animals(p)
    by_kind: dict[str, list[Action]] = {}
    for a in acts:
        by_kind.setdefault(a[0], []).append(a)
    animals, traits = by_kind.get("animal", []), by_kind.get("trait", [])
    dice, plus = g.food_dice
    share = (3.5 * dice + plus) / g.players
    hungry = _missing(state, p) > share * 1.6 + 1
    if animals and not hungry and (len(mine) < 2 or (len(mine) < 4 and rng.random() < 0.35)):
        return animals[int(rng.random() * len(animals))]
    if hungry:  # no new mouths: only traits that need no food, and Parasite on a rival
        traits = [a for a in traits if g.food_of[a[2]] == 0 or a[3] not in {x.id for x in mine}]
    if rng.random() < 0.12 or not traits:
        return ("pass",) if ("pass",) in acts else acts[0]
    carn = g.CARN
    prey = sum(len(state.animals(q)) for q in range(g.players) if q != p)
    has_carn = any(t == carn for a in mine for t, _ in a.traits)
    if prey and not has_carn and not hungry and rng.random() < 0.7:
        hunts = [a for a in traits if a[2] == carn]
        if hunts:
            return hunts[int(rng.random() * len(hunts))]
    leader = max((q for q in range(g.players) if q != p), key=lambda q: state.current_scores()[q])
    owner = {a.id: q for q in range(g.players) for a in state.animals(q)}
    weights = []
    for a in traits:
        tid = g.trait_ids[a[2]]
        w = TRAIT_WEIGHTS.get(tid, 1.0)
        if tid == "parasite" and owner.get(a[3]) == leader:
            w *= 2
        if tid == "sharp_vision" and any(x.id == a[3] and x.mask & g.bit[carn] for x in mine):
            w = 1.5
        weights.append(w)
    return _pick(rng, traits, weights)


def _attack_value(state: OriginState, a: Action) -> float:
    """The points a rival expects to lose (the chance of a kill times the prey's points, a dropped trait 1), from
    the exact odds of the attack; an attack on one's own animal is worth nothing."""
    me = state.current_player()
    prey = next((x for q in range(state.game.players) for x in state.animals(q) if x.id == a[2]), None)
    if prey is None or prey.owner == me:
        return 0.0
    odds = attack_odds(state, a[1], a[2])
    points = 2 + len(prey.traits)
    return float(odds.eaten) * points + float(odds.tail)


def _feed(state: OriginState, acts: list[Action], rng: np.random.Generator) -> Action:
    me = state.current_player()
    mine = {a.id: a for a in state.animals(me)}
    pirates = [a for a in acts if a[0] == "pirate"]
    if pirates:
        return pirates[0]
    attacks = [(v, a) for a in acts if a[0] == "attack" for v in [_attack_value(state, a)] if v >= 1.0]
    if attacks and rng.random() < 0.85:
        return max(attacks, key=lambda va: va[0])[1]
    hungry = [a for a in acts if a[0] == "eat" and mine[a[1]].food < mine[a[1]].need]
    if hungry:
        return max(hungry, key=lambda a: (mine[a[1]].need - mine[a[1]].food, -a[1]))
    if state.bank == 0:
        for kind in ("hibernate", "fat"):
            rescue = [a for a in acts if a[0] == kind and mine[a[1]].food < mine[a[1]].need]
            if rescue:
                return max(rescue, key=lambda a: a[2] if kind == "fat" else 0)
    graze = [a for a in acts if a[0] == "graze"]
    if graze and all(x.food >= x.need or x.sleeping for x in mine.values()):
        return graze[0]
    eats = [a for a in acts if a[0] == "eat"]
    if eats:
        return eats[0]
    for stop in (("end",), ("pass",)):
        if stop in acts:
            return stop
    return acts[0]


def _defend(state: OriginState) -> Action:
    best = expectimax(
        state,
        lambda t: t.current_scores(),
        players=[state.current_player()],
        until=attack_over,
        policy=lambda t: t.legal_actions()[0],
        max_nodes=5000,
    )
    return cast("Action", best.action) if best.action is not None else state.legal_actions()[0]


def lively_policy(rng: np.random.Generator) -> Policy:
    """A lively bot (see the module docstring), its random choices drawn from ``rng``."""

    def policy(state: OriginState) -> Action:
        acts: list[Action] = state.legal_actions()
        node = state.node_name()
        if len(acts) == 1:
            return acts[0]
        if node == "develop":
            return _develop(state, acts, rng)
        if node == "feed":
            return _feed(state, acts, rng)
        if node == "defend":
            return _defend(state)
        return acts[0]

    return policy
