"""Birth phase (rulebook, "Birth phase"; rulings R5, R6, R11, R12).

"Beginning with the starting player and continuing in initiative track order, each player can add new dinosaurs
as follows: The player places a new dinosaur pawn on a space adjacent to one of his dinosaurs. Once all the
players have done this, players with two eggs repeat the process, then again for players with three eggs, and
so on for players with more eggs. A player who already has all 8 dinosaurs on the board is allowed to eliminate
one of them in order to bring a new one on elsewhere."

Steps: ``BIRTH_START``; ``BIRTH_CARDS`` (card window of timing ``birth``: Swarm of rats); ``BIRTH_TURN``
(decision node ``birth``: ``birth X``, ``birth X replacing Y`` with all 8 on the board, or ``pass``; a player
with no legal space is skipped); chance node ``kbdie`` (a killer baby's die, :mod:`..genes`: Killer babies);
``NEWBORN_CARDS`` (card window of timing ``birth_after_placement`` just after each birth: Egg thief).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import cards, genes, ops
from .. import events as E
from ..actions import BIRTH, DIE, PASS, Action
from ..flow import BIRTH_PHASE, Node, Step, register_node, register_step

if TYPE_CHECKING:
    from ..state import State

__all__ = ["birth_targets", "birth_actions", "explain_birth", "after_birth"]


@register_step(Step.BIRTH_START)
def _start(s: State) -> bool:
    s.phase = BIRTH_PHASE
    cards.open_window(s, "birth", s.order)
    return False


@register_step(Step.BIRTH_TURN)
def _turn(s: State) -> bool:
    n = s.game.players
    if s.birth_index >= n:
        s.egg_round += 1
        s.birth_index = 0
        if s.egg_round > max(genes.eggs(s, q) for q in range(n)):
            s.step = Step.SURVIVAL_START
        return False
    p = s.order[s.birth_index]
    if genes.eggs(s, p) < s.egg_round:
        s.birth_index += 1
        return False
    s.actor = p
    s.node = "birth"
    acts = birth_actions(s)
    if not acts:
        s.birth_index += 1
        return False
    s._legal = acts
    return True


def birth_targets(s: State, p: int, removed: int = -1) -> list[int]:
    """Where ``p``'s newborn may go (R6): next to one of its dinosaurs (Thick shell: "up to 3 spaces away", on
    the land graph), never on the dinosaur removed first; Killer babies: "You can add new dinosaurs to occupied
    spaces" (an enemy, not of a protected clan). With no dinosaur on the board: the game's hook
    ``orphan_birth_spaces`` (Evo 2e: none; Evo first edition: any empty space)."""
    g = s.game
    occ = s.occupants
    if s.count[p] == 0:  # no dinosaur to be born next to: the game's hook (Evo first edition: anywhere)
        return sorted(t for t in g.orphan_birth_spaces(s, p) if t != removed)
    rng = genes.birth_range(s, p)
    onto = genes.births_onto(s, p)
    attackable = [s.count[q] > genes.floor(s, q) for q in range(g.players)] if onto else None
    within = g.within_table(rng)
    out = set()
    for sp in range(g.n):
        if occ[sp] != p or sp == removed:
            continue
        for t in within[sp]:
            if t == removed:
                continue
            o = occ[t]
            if o < 0 or (onto and o != p and attackable[o]):  # type: ignore[index]
                out.add(t)
    return sorted(out)


def birth_actions(s: State) -> list[Action]:
    """ "A player who already has all 8 dinosaurs on the board is allowed to eliminate one of them in order to
    bring a new one on elsewhere." Births are optional (ruling R5, option ``birth_optional``)."""
    g = s.game
    p = s.actor
    if s.count[p] < g.max_dinos:
        acts = [Action(BIRTH, t) for t in birth_targets(s, p)]
    else:
        acts = []
        for y in range(g.n):
            if s.occupants[y] == p:
                acts.extend(Action(BIRTH, t, y) for t in birth_targets(s, p, y))
    if acts and g.options.birth_optional:
        acts.append(Action(PASS))
    return acts


def _birth_apply(s: State, a: Action) -> None:
    p = s.actor
    if a.kind == PASS:
        s.birth_index += 1
        s.step = Step.BIRTH_TURN
        return
    space, removed = a.a, a.b
    if removed >= 0:
        ops.kill(s, removed)
    if s.occupants[space] >= 0:  # a killer baby: roll the die
        s.pending = (space, p)
        s.node, s.step = "kbdie", Step.WAIT
        return
    s.occupants[space] = p
    s.count[p] += 1
    ops.event(s, E.Birth("birth", p, space))
    after_birth(s, p, space)


def after_birth(s: State, p: int, space: int) -> None:
    """A dinosaur of ``p`` was just born on ``space``: the window of timing ``birth_after_placement`` opens for
    ``p``'s opponents (Egg thief: "just after an opponent has placed a new dinosaur")."""
    cards.open_window(s, "birth_after_placement", tuple(q for q in s.order if q != p))
    s.pending = (space, p)


def _kbdie_apply(s: State, a: Action) -> None:
    """Killer babies: "The opposing dinosaur is eliminated on a roll of claw, claw-with-equals or claw-with-plus.
    On a roll of cross or claw-with-two-plusses, your dinosaur dies." (``die.json``: ``killer_baby``). The enemy
    is not in a fight, so Chameleon skin does not save it (ruling R20)."""
    g = s.game
    space, p = s.pending
    face = a.a
    if g.die_symbols[face].killer_baby == "enemy_dies":
        ops.kill(s, space)
        s.occupants[space] = p
        s.count[p] += 1
        ops.event(s, E.KillerBaby("killer_baby", p, space, "enemy_dies", g.die_kinds[face]))
        after_birth(s, p, space)
    else:
        ops.event(s, E.KillerBaby("killer_baby", p, space, "baby_dies", g.die_kinds[face]))
        s.pending = ()
        s.birth_index += 1
        s.step = Step.BIRTH_TURN


def explain_birth(s: State, a: Action, text: str) -> tuple[str, str] | None:
    if a.kind != BIRTH:
        return None
    g = s.game
    p = s.actor
    if not 0 <= a.a < g.n:
        return f"{text!r}: no such space", "unknown_space"
    if s.count[p] >= g.max_dinos and a.b < 0:
        return f"{text!r}: all {g.max_dinos} dinosaurs are on the board; name one to remove", "no_reserve"
    q = s.occupants[a.a]
    if q == p:
        return f"{text!r}: {g.labels[a.a]} is occupied by your own dinosaur", "occupied"
    if q >= 0 and not genes.births_onto(s, p):
        return f"{text!r}: {g.labels[a.a]} is occupied (killer babies needed)", "occupied"
    if q >= 0 and s.count[q] <= genes.floor(s, q):
        return f"{text!r}: P{q + 1}'s clan is protected", "protected"
    return f"{text!r}: {g.labels[a.a]} is not next to one of your dinosaurs", "too_far"


register_node(
    Node(
        "birth",
        BIRTH_PHASE,
        _birth_apply,
        decisions=birth_actions,
        kinds=frozenset({BIRTH, PASS}),
        verb="place a new dinosaur or pass",
        who="player",
        explain=explain_birth,
        doc="`birth X`, `birth X replacing Y` (8 on the board), or `pass`",
    )
)
register_node(
    Node(
        "kbdie",
        BIRTH_PHASE,
        _kbdie_apply,
        weights=lambda s: s.game.die_outcomes,
        kinds=frozenset({DIE}),
        doc="the die of a killer baby",
    )
)
