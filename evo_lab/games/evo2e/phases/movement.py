"""Movement phase (rulebook, "Movement phase" and "Combat"; ruling R7, R8).

"Beginning with the starting player and continuing in initiative track order, each player moves their
dinosaurs." "The available movement points must be divided amongst all the dinosaurs of the species. Each
movement point enables ONE dinosaur to move one space." "Dinosaurs are not allowed to move through or stop on a
space that is already occupied by another dinosaur (friend or not). You are not required to use up all the
available movement points." "The only way to enter a space containing an enemy dinosaur is to start a fight":
one movement point and a roll of the combat die. "Important: a clan that only has two dinosaurs may not be
attacked."

Steps: ``MOVEMENT_START``, ``MOVEMENT_TURN`` (the next mover's points), ``MOVEMENT_DECIDE`` (decision node
``move``: ``move A-B``, ``attack AxB``, the genes' moves (Wings, Flippers), the movement cards (Frenzied attack),
``end``; a mover with nothing to move ends at once). Chance node ``die``: the combat die of an attack; a beaten
defender with Chameleon skin decides at node ``chameleon`` (:mod:`..genes`).
"""

from __future__ import annotations

from fractions import Fraction

from typing import TYPE_CHECKING

from ....core.errors import IllegalActionError
from .. import cards, genes, ops
from .. import events as E
from ..actions import ATTACK, DIE, END, FLIPPERS, MOVE, PLAY, WINGS, Action
from ..flow import MOVEMENT, Node, Step, register_node, register_step

if TYPE_CHECKING:
    from ..state import State

__all__ = ["move_actions", "explain_move", "attack_probability"]

_EVENT = {MOVE: E.Move, WINGS: E.Wings, FLIPPERS: E.Flippers}
_END = Action(END)


@register_step(Step.MOVEMENT_START)
def _start(s: State) -> bool:
    s.phase = MOVEMENT
    s.mover = 0
    s.frenzy = (0,) * s.game.players
    s.step = Step.MOVEMENT_TURN
    return False


@register_step(Step.MOVEMENT_TURN)
def _turn(s: State) -> bool:
    if s.mover >= s.game.players:
        s.step = Step.BIRTH_START
        return False
    p = s.order[s.mover]
    s.mp_left = genes.movement_points(s, p)
    s.wings_used = s.flippers_used = False
    s.actor = p
    s.step = Step.MOVEMENT_DECIDE
    return False


@register_step(Step.MOVEMENT_DECIDE)
def _decide(s: State) -> bool:
    """The mover decides, unless only ``end`` is left (or, with ``card_windows="all"``, only ``end`` and cards:
    stopping to play a card with nothing to move would show others that the player holds it)."""
    s.actor = s.order[s.mover]
    s.node = "move"
    acts = move_actions(s)
    if len(acts) == 1 or (s.game.options.card_windows == "all" and all(a.kind in (END, PLAY) for a in acts)):
        s.mover += 1
        s.step = Step.MOVEMENT_TURN
        return False
    s._legal = acts
    return True


def move_actions(s: State) -> list[Action]:
    """The mover's legal actions: every step to an adjacent empty space, every attack on an unprotected enemy
    next to one of its dinosaurs, the genes' moves, the movement cards it may play, and ``end``."""
    if s.mp_left <= 0:
        return [_END]
    g = s.game
    p = s.actor
    occ = s.occupants
    adj = g.adj
    count = s.count
    ustats = g.ustats
    uniq = s.unique_bits
    attackable = [count[q] > ustats[uniq[q]].protected_size for q in range(g.players)]
    hooks = genes.move_option_hooks(s, p)
    acts: list[Action] = []
    for sp in range(g.n):
        if occ[sp] != p:
            continue
        for t in adj[sp]:
            o = occ[t]
            if o < 0:
                acts.append(Action(MOVE, sp, t))
            elif o != p and attackable[o]:
                acts.append(Action(ATTACK, sp, t))
        for hook in hooks:
            hook(s, p, sp, acts)
    if s.hands[p]:
        acts.extend(cards.in_turn_plays(s, p, acts))
    acts.append(_END)
    return acts


def _move_apply(s: State, a: Action) -> None:
    k = a.kind
    if k == END:
        s.mover += 1
        s.step = Step.MOVEMENT_TURN
    elif k == ATTACK:
        s.mp_left -= 1
        s.pending = (a.a, a.b)
        s.node, s.step = "die", Step.WAIT
    elif k == PLAY:
        cards.play(s, a)
    else:  # a step: move, or a gene's move (wings, flippers)
        p = s.occupants[a.a]
        s.occupants[a.a] = -1
        s.occupants[a.b] = p
        s.mp_left -= 1
        if k != MOVE:
            for hook in genes.hooks(s, "move_apply", p):
                hook(s, a)
        ops.event(s, _EVENT.get(k, E.Move)(k, a.a, a.b))


def _die_apply(s: State, a: Action) -> None:
    """Combat: "The attacking dinosaur wins and takes the place of the defeated animal. The losing dinosaur is
    removed from the game" or "The attacking dinosaur loses. The two dinosaurs stay where they are." A gene of
    the beaten defender may act first (Chameleon skin)."""
    g = s.game
    src, dst = s.pending
    att, dfd = s.occupants[src], s.occupants[dst]
    face = a.a
    win = g.die_symbols[face].succeeds(genes.attack_strength(s, att), genes.defence_strength(s, dfd))
    ops.event(s, E.Fight("fight", src, dst, "win" if win else "lose", g.die_kinds[face]))
    s.step = Step.MOVEMENT_DECIDE
    if win:
        for hook in genes.hooks(s, "defeated", dfd):
            if hook(s, src, dst, att, dfd):
                return
        ops.kill(s, dst)
        s.occupants[src] = -1
        s.occupants[dst] = att
    else:
        g.attack_lost(s, src, dst)
    s.pending = ()


def attack_probability(s: State, attacker_space: int, defender_space: int) -> Fraction:
    """Exact chance that the dinosaur on ``attacker_space`` beats the one on ``defender_space``."""
    from .. import rules

    a, d = s.occupants[attacker_space], s.occupants[defender_space]
    if a < 0 or d < 0:
        raise IllegalActionError("both spaces must hold a dinosaur", "empty_space")
    g = s.game
    return rules.attack_probability(
        g.data.die_faces, g.data.die_symbols, genes.attack_strength(s, a), genes.defence_strength(s, d)
    )


def explain_move(s: State, a: Action, text: str) -> tuple[str, str] | None:
    g = s.game
    p = s.actor
    if a.kind not in (MOVE, ATTACK, WINGS, FLIPPERS):
        return None
    if not (0 <= a.a < g.n and 0 <= a.b < g.n):
        return f"{text!r}: no such space", "unknown_space"
    if s.occupants[a.a] != p:
        return f"{text!r}: P{p + 1} has no dinosaur on {g.labels[a.a]}", "not_your_dinosaur"
    if s.mp_left <= 0:
        return f"{text!r}: no movement points left", "no_movement_points"
    if a.kind == MOVE:
        if a.b not in g.adj[a.a]:
            return f"{text!r}: {g.labels[a.b]} is not adjacent to {g.labels[a.a]}", "not_adjacent"
        if s.occupants[a.b] >= 0:
            return (
                f"{text!r}: {g.labels[a.b]} is occupied (dinosaurs may not move through or stop on an "
                f"occupied space; attack an enemy instead)"
            ), "occupied"
    if a.kind == ATTACK:
        q = s.occupants[a.b]
        if a.b not in g.adj[a.a]:
            return f"{text!r}: {g.labels[a.b]} is not adjacent", "not_adjacent"
        if q < 0:
            return f"{text!r}: {g.labels[a.b]} is empty, move there instead", "nothing_to_attack"
        if q == p:
            return f"{text!r}: you cannot attack your own dinosaur", "own_dinosaur"
        if s.count[q] <= genes.floor(s, q):
            return (
                f"{text!r}: P{q + 1}'s clan is protected (only {s.count[q]} dinosaurs on the board)",
                "protected",
            )
    if a.kind in (WINGS, FLIPPERS):
        if not genes.has(s, p, a.kind):
            return f"{text!r}: P{p + 1} does not have {a.kind}", "missing_gene"
        for hook in genes.hooks(s, "explain", p):
            why: tuple[str, str] | None = hook(s, a, text)
            if why is not None:
                return why
    return None


register_node(
    Node(
        "move",
        MOVEMENT,
        _move_apply,
        decisions=move_actions,
        kinds=frozenset({MOVE, ATTACK, WINGS, FLIPPERS, END, PLAY}),
        verb="move, attack, play a card or end movement",
        who="mover",
        explain=explain_move,
        doc="`move A-B`, `attack AxB`, `wings A-B`, `flippers A-B`, `play frenzied_attack`, `end`",
    )
)
register_node(
    Node(
        "die",
        MOVEMENT,
        _die_apply,
        weights=lambda s: s.game.die_outcomes,
        kinds=frozenset({DIE}),
        doc="the combat die of an attack (`die claw`, ...; one outcome per symbol, weighted by faces)",
    )
)
