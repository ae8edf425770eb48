"""A lively bot for Evolution: it plays like people new to the game, so that a demo shows the game's life (the
greedy bot, which weighs every card against the points it is worth, mostly grows herbivores and rarely hunts).

It keeps a card or two, turns a species into a Carnivore and makes it bigger than the others, grows its other
species' population, starts new species, gives its species traits; at the feeding its carnivores attack the largest
prey they may (another player's first), its herbivores eat where they are hungriest. So carnivores appear, attack,
eat and wound themselves on Horns, prey shrink and species go extinct. All its choices are legal actions of the
engine (``state.legal_actions()``), chosen with a seeded ``numpy`` generator.

>>> import evo_lab, numpy as np
>>> from evo_lab.core.protocol import play_out
>>> s = evo_lab.make_game("evolution", players=3, seed=1).new_initial_state()
>>> _ = play_out(s, lively_policy(np.random.default_rng(0)), np.random.default_rng(1))
>>> s.is_terminal()
True
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from .state import State
    from .table import Action

__all__ = ["lively_policy"]


def _card_trait(s: State, kind: int) -> str:
    return s.game.deck.cards[kind].trait


def _food_choice(s: State, acts: list[Action], rng: np.random.Generator) -> Hashable:
    """A food card: mostly a generous one (the highest plant food), now and then any."""
    cards = s.game.deck.cards
    if rng.random() < 0.75:
        return max(acts, key=lambda a: (cards[a[1]].food, a[1]))
    return acts[int(rng.integers(len(acts)))]


def _play_choice(s: State, acts: list[Action], rng: np.random.Generator, keep: int) -> Hashable:
    """One card play (or pass): a Carnivore first, then bigger carnivores, more population, new species, traits."""
    p = s.current_player()
    pl = s.players[p]
    if len(pl.hand) <= keep or rng.random() < 0.12:
        return ("pass",)
    legal = set(acts)
    row = pl.species
    carn = [i for i, x in enumerate(row) if "carnivore" in x.trait_names()]
    biggest = max((x.body for q, o in enumerate(s.players) if q != p for x in o.species), default=0)
    plans: list[Action] = []
    for k in sorted(set(pl.hand), key=lambda k: s.game.deck.cards[k].food):
        if _card_trait(s, k) == "carnivore" and not carn and len(row) >= 2:
            host = max(range(len(row)), key=lambda i: (row[i].body, -len(row[i].traits)))
            plans.append(("trait", host, k))
        plans += [("body", i, k) for i in carn if row[i].body <= biggest]
        plans += [("pop", i, k) for i, x in enumerate(row) if x.pop < 3 and i not in carn]
        if len(row) < 3:
            plans.append(("new", "R", k))
        if _card_trait(s, k) != "carnivore":
            plans += [("trait", i, k) for i in range(len(row)) if i not in carn or rng.random() < 0.3]
    plans = [a for a in plans if a in legal]
    if not plans:
        return ("pass",)
    return plans[0] if rng.random() < 0.6 else plans[int(rng.integers(len(plans)))]


def _feed_choice(s: State, acts: list[Action], rng: np.random.Generator) -> Hashable:
    """A feeding: the attack on the largest prey (another player's first), else the hungriest species eats."""
    p = s.current_player()
    kinds = {a[0] for a in acts}
    if "discard" in kinds:  # the card Intelligence costs: the one worth least as food
        cards = s.game.deck.cards
        return min(acts, key=lambda a: (cards[a[1]].food, a[1]))
    if ("pass",) in acts and any(len(a) == 3 and a[0] == "eat" for a in acts):  # Intelligence before eating
        return next(a for a in acts if a[0] == "eat") if rng.random() < 0.5 else ("pass",)
    attacks = [a for a in acts if a[0] == "attack"]
    if attacks:

        def prey(a: Action) -> tuple[bool, bool, int, int]:
            target = s.players[a[2]].species[a[3]]
            return (a[2] != p, len(a) == 4 and not target.has("horns"), target.body, -target.pop)

        return max(attacks, key=prey)
    eats = [a for a in acts if a[0] in ("eat", "store")]
    if eats:
        row = s.players[p].species
        return max(eats, key=lambda a: (row[a[1]].pop - row[a[1]].food, len(a) == 2))
    return acts[0]


def lively_policy(rng: np.random.Generator, keep: int = 1) -> Callable[[State], Hashable]:
    """The lively policy (see the module doc); ``keep``: cards it keeps in hand at the end of its play turn."""

    def policy(s: State) -> Hashable:
        acts: list[Action] = s.legal_actions()
        if len(acts) == 1:
            return acts[0]
        if s.phase == "food":
            return _food_choice(s, acts, rng)
        if s.phase == "play":
            return _play_choice(s, acts, rng, keep)
        return _feed_choice(s, acts, rng)

    return policy
