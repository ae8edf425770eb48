"""The step handlers Evo first edition replaces, and its two chance nodes.

A first-edition round (GiochinScatola 1e turn summary): "1. Initiative ... Longest Tail first. If tie, least
Dinos first. 2. Climate ... the first player rolls the die and moves the Climate marker. 3. Movement & Combat
4. Births 5. Survival & Mutation ... a mutation point for each surviving Dino. 6. Meteor & Evolution: Move meteor
one space closer to impact. If space has number, first player rolls die. If greater than number, no impact. Draw
new genes from bag and bid in player order." Movement, births, survival and the auction are Evo 2e's phases; the
handlers below change only where the round goes between them.

>>> import evo_lab
>>> s = evo_lab.make_game("evo1e", players=3, seed=0).new_initial_state()
>>> s.node_name(), s.is_chance_node()
('order', True)
"""

from __future__ import annotations

from typing import Any

from ..evo2e import events as E
from ..evo2e import ops
from ..evo2e.actions import DIE, TOKEN, Action
from ..evo2e.cards import open_window
from ..evo2e.flow import CLIMATE, END_PHASE, INITIATIVE_PHASE, MOVEMENT, STEPS, SURVIVAL, Node, Step, register_node

__all__ = ["STEP_OVERRIDES", "initiative_key", "meteor_outcomes"]


def _round_start(s: Any) -> bool:
    """Deal the starting hands first ("Players start with three Event cards", Wikipedia), one card at a time as
    Evo 2e's ``card`` chance node; then a round opens with the initiative."""
    g = s.game
    if s.round == 0 and any(s.deck):
        for p in range(g.players):
            if len(s.hands[p]) < g.data.setup["starting_cards"]:
                s.node, s.actor = "card", p
                return True
    s.round += 1
    ops.event(s, E.Round("round", s.round))
    s.step = Step.INITIATIVE
    return False


def initiative_key(s: Any, p: int) -> tuple[int, int]:
    """"Longest Tail first. If tie, least Dinos first" (tails: the portrait's one plus the tail genes won)."""
    return (-s.genes[s.game.n_normal * p + s.game.tail_slot], s.count[p])


def _initiative(s: Any) -> bool:
    """The track by :func:`initiative_key`; a remaining tie keeps the previous track order (ruling E2: the
    first round's order is the random setup order, standing in for "If still tie, roll dice")."""
    s.phase = INITIATIVE_PHASE
    s.order = tuple(sorted(s.order, key=lambda p: initiative_key(s, p)))
    ops.event(s, E.Initiative("initiative", s.order))
    s.step = Step.CLIMATE_TOKEN
    return False


def _climate(s: Any) -> bool:
    """"The first player rolls the die and moves the Climate marker": chance node ``climate_die``."""
    s.phase = CLIMATE
    s.node, s.actor = "climate_die", s.order[0]
    return True


def _climate_weights(s: Any) -> tuple[list[Action], list[int]]:
    """4/6 on, 1/6 stay, 1/6 back (the climate part's kinds, counted in die faces)."""
    g = s.game
    return [Action(TOKEN, k) for k in range(len(g.tokens0))], list(g.tokens0)


def _climate_apply(s: Any, a: Action) -> None:
    """The roll fixes the wheel's move; the climate card window (Prescience) may replace it ("Check if any player
    wants to play an event card to alter climate (only 1 can be played)")."""
    ops.event(s, E.Token("token", a.a))
    s.pshift = s.game.token_shifts[a.a]
    s.prescience_played = False
    open_window(s, "climate", s.order)


def _after_wheel(s: Any) -> bool:
    s.step = Step.MOVEMENT_START
    return False


def _scoring(s: Any) -> bool:
    """Evo 2e's scoring, then the meteor: no number on the space, the auction; a number ``n``, the die (impact on
    ``n`` or less); past the track's end, the impact."""
    STEPS[Step.SCORING](s)
    g = s.game
    track = g.meteor_track
    n = track[s.round - 1] if s.round <= len(track) else 6
    if n is None or n == 0:
        s.step = Step.MUTATION_START
        return False
    if n >= 6:
        s.step = Step.END
        return False
    s.phase = SURVIVAL
    s.node, s.actor = "meteor", s.order[0]
    return True


def meteor_outcomes(s: Any) -> tuple[list[Action], list[int]]:
    """The six faces of the die, one each (the die part's faces)."""
    g = s.game
    return [Action(DIE, i) for i in range(len(g.die_kinds))], list(g.die_weights)


def _meteor_apply(s: Any, a: Action) -> None:
    g = s.game
    n = g.meteor_track[s.round - 1]
    face = int(g.die_kinds[a.a]) if g.die_kinds[a.a].isdigit() else a.a + 1
    s.step = Step.END if face <= n else Step.MUTATION_START
    if s.step is Step.END:
        s.phase = END_PHASE


def _after_auction(s: Any) -> bool:
    s.step = Step.ROUND_START
    return False


STEP_OVERRIDES = {
    Step.ROUND_START: _round_start,
    Step.INITIATIVE: _initiative,
    Step.CLIMATE_TOKEN: _climate,
    Step.PEEK_CLIMATE: _after_wheel,
    Step.SCORING: _scoring,
    Step.PEEK_MUTATION: _after_auction,
}

register_node(Node("climate_die", CLIMATE, _climate_apply, weights=_climate_weights, kinds=frozenset({TOKEN}),
                   doc="Evo 1e climate: the d6 moves the climate marker on, keeps it or moves it back",
                   variant="evo1e"))
register_node(Node("meteor", MOVEMENT, _meteor_apply, weights=meteor_outcomes, kinds=frozenset({DIE}),
                   doc="Evo 1e meteor: the die against the number of the meteor track's space", variant="evo1e"))
