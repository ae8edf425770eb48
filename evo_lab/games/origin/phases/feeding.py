"""Phase 3, feeding: turn after turn, each player takes one red token or attacks (or turns fat into food), plus
free trait actions, until nobody can or wants to act.

Seed: "Feeding phase consist of several rounds. During this phase players in order take one red food token from
the food bank and put it on the top of one of their animals." and "Feeding phase ends when no player can\\want play
traits or all animals fed and filled up their "fat tissues". Any remaining red tokens in the food bank are set
aside."

A feeding *turn* of one player:

* at most one **eating action** (ruling R7): ``("eat", animal)`` takes a red token from the bank; an attack
  (``("attack", carnivore, prey)``) or ``("fat", animal, k)`` (Fat Tissue) are trait hooks;
* any number of **free actions** of the player's traits (Piracy, Grazing, Hibernation; each with its own limit);
* ``("end",)`` once something was done, or ``("pass",)`` before (rulings O2, O3). When nothing but ``end`` is left
  the turn ends by itself; a player with nothing to do at all is skipped for that round.

Between the player's choices the rules run by themselves (:func:`advance`): paired triggers (``share``
decisions when two or more could fire), queued effects (a scavenger's meal), the open attack (the defender's
``defend`` decisions and the Running die), then the next turn. A new *round* begins each time the turn passes the
first player; the phase ends when no player who has not passed has an action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import attack
from .. import events as ev
from ..actions import END, PASS, Eat
from ..flow import FLOW, Node, Step, run_phase
from ..model import FEEDING, can_eat
from ..sharing import feed, fire, valid_shares

if TYPE_CHECKING:
    from ..actions import Action
    from ..state import OriginState

__all__ = ["start", "advance", "turn_options", "apply", "why_not", "DECISIONS"]

#: The decision kinds of the feeding phase, by node.
DECISIONS = {
    "feed": ("eat", "attack", "fat", "pirate", "graze", "hibernate", "end", "pass"),
    "defend": ("run", "tail", "mimic", "accept"),
    "share": ("share",),
}


def start(s: OriginState) -> None:
    """The feeding phase begins with the first player (a new round)."""
    s.phase = FEEDING
    s.passed = [False] * s.game.players
    s.round_id += 1
    s.actor = s.first
    s.acted = s.ate = False
    advance(s)


def turn_options(s: OriginState, p: int) -> tuple[list[Action], bool]:
    """The actions of player ``p``'s feeding turn and whether any of them does something (not just end/pass)."""
    g = s.game
    A = s.animal_by_id
    row = s.rows[p]
    out: list[Action] = []
    if not s.ate and s.bank > 0:
        eat = g.eat_actions  # the typed meals, built once a game (:mod:`..actions`)
        try:
            out = [eat[x] for x in row if can_eat(s, A[x])]
        except KeyError:  # a meal not built yet
            out = [eat.get(x) or eat.setdefault(x, Eat("eat", x)) for x in row if can_eat(s, A[x])]
    could_eat = bool(out)
    hooks = g.feed_hooks
    for x in row:
        a = A[x]
        m = a.mask
        if m & g.feed_mask:
            for bit, fn, _ in hooks:
                if m & bit:
                    out += fn(s, a)
    real = bool(out)
    free_to_stop = g.options.voluntary_pass or s.ate or not could_eat
    if s.acted:
        if free_to_stop:
            out.append(END)
    elif free_to_stop:
        out.append(PASS)
    return out, real


def _next_turn(s: OriginState) -> list[Action] | None:
    """The turn passes clockwise to the next player who has not passed and has something to do (a new round when it
    passes the first player); ``None`` when nobody has."""
    n = s.game.players
    s.acted = s.ate = False
    p = s.actor
    for _ in range(n):
        p = (p + 1) % n
        if p == s.first:
            s.round_id += 1
        if s.passed[p]:
            continue
        opts, real = turn_options(s, p)
        if real:
            s.actor = p
            return opts
    return None


def advance(s: OriginState, ended: bool = False) -> None:
    """Run the automatic steps until a decision or a chance node (or the end of the phase)."""
    g = s.game
    opts: list[Action] | None
    while True:
        if s.pending_shares:
            opts = valid_shares(s)
            if len(opts) > 1:
                s.node, s.mover, s._legal = "share", s.animal_by_id[opts[0][3]].owner, opts
                return
            if opts:
                fire(s, opts[0])
                continue
            s.pending_shares = []
        if s.pending_effects:
            eff = s.pending_effects.pop(0)
            g.effects[eff[0]](s, eff)
            continue
        if s.attack is not None:
            if s.attack[2] == attack.ROLLING:
                s.node, s.mover, s._legal = "run", -1, None
                return
            opts = attack.options(s)
            if len(opts) == 1:
                attack.apply_defence(s, opts[0])
                continue
            s.node, s.mover, s._legal = "defend", s.animal_by_id[s.attack[1]].owner, opts
            return
        break
    opts = None
    if not ended:
        opts, real = turn_options(s, s.actor)
        if not real:
            opts = None
    if opts is None:
        opts = _next_turn(s)
    if opts is None:
        s.step = Step.EXTINCTION  # the phase is over
        return
    s.node, s.mover, s._legal = "feed", s.actor, opts


def apply(s: OriginState, a: Action) -> None:
    """Apply a feeding decision (or the Running die) and run on to the next decision."""
    k = a[0]
    ended = False
    if k == "eat":
        x = s.animal_by_id[a[1]]
        s.bank -= 1
        s.ate = s.acted = True
        feed(s, x, 1, False, "bank", from_bank=True)
    elif k == "end":
        ended = True
    elif k == "pass":
        if s.game.options.pass_is_final:
            s.passed[s.actor] = True
        s.emit(ev.Passed(s.actor, "feeding"))
        ended = True
    elif k == "share":
        fire(s, a)
    elif k == "roll":
        attack.roll(s, a[1])
    elif k in DECISIONS["defend"]:
        attack.apply_defence(s, a)
    else:
        s.game.actions[k](s, a)
    advance(s, ended)


def why_not(s: OriginState, a: Action) -> tuple[str, str]:
    """Why ``a`` is not legal at this feeding node: ``(message, reason)``."""
    node = s.node
    kinds = DECISIONS.get(node, ())
    k = a[0] if isinstance(a, tuple) and a else None
    if k not in kinds:
        who = f"P{s.mover + 1}" if s.mover >= 0 else "chance"
        return (
            f"{who} must choose one of: {', '.join(kinds)} (this is a {node!r} decision)",
            "wrong_phase" if k not in sum(DECISIONS.values(), ()) else "wrong_step",
        )
    if k in ("eat", "attack", "fat") and s.ate:
        return "this turn's eating action (food, attack or fat) is already taken", "already_ate"
    if k == "eat" and s.bank <= 0:
        return "the food bank is empty", "bank_empty"
    if k == "pass" and s.acted:
        return "you already acted this turn: end it instead of passing", "use_end"
    if k == "end" and not s.acted:
        return "nothing done yet this turn: pass instead", "use_pass"
    if k in ("pass", "end"):
        return "a red token can still be taken: take food first (voluntary_pass=False)", "must_eat"
    ids = [x for x in a[1:] if isinstance(x, int)]
    if len(a) > 1 and isinstance(a[1], int) and a[1] not in s.animal_by_id:
        return f"there is no animal A{a[1]}", "no_such_animal"
    if (
        k in ("eat", "attack", "fat", "pirate", "graze", "hibernate")
        and s.animal_by_id[a[1]].owner != s.actor
    ):
        return f"A{a[1]} is not one of P{s.actor + 1}'s animals", "not_own_animal"
    if k == "attack" and len(ids) == 2 and ids[1] in s.animal_by_id:
        return f"A{a[1]} cannot attack A{a[2]} now (a defence, a used or full carnivore)", "cannot_attack"
    return f"{k} is not possible here now", "not_legal"


def _feed_decisions(s: OriginState) -> list[Action]:
    return turn_options(s, s.actor)[0]


def _why(s: OriginState, a: Action, text: str) -> tuple[str, str]:
    return why_not(s, a)


run_phase(Step.FEEDING, start)
FLOW.add(
    Node(
        "feed",
        FEEDING,
        apply,
        decisions=_feed_decisions,
        kinds=frozenset(DECISIONS["feed"]),
        verb="take food, attack, use a trait, end the turn or pass",
        who="each player in turn from the first",
        explain=_why,
        doc="seed: 'players in order take one red food token from the food bank' (one eating "
        "action a turn, any number of free trait actions: ruling R7)",
    )
)
FLOW.add(
    Node(
        "defend",
        FEEDING,
        apply,
        decisions=attack.options,
        kinds=frozenset(DECISIONS["defend"]),
        verb="choose a defence or accept the attack",
        who="the owner of the attacked animal",
        explain=_why,
        doc="reference §5: the defender chooses among Running, Tail Loss and Mimicry (ruling R4)",
    )
)
FLOW.add(
    Node(
        "share",
        FEEDING,
        apply,
        decisions=valid_shares,
        kinds=frozenset(DECISIONS["share"]),
        verb="choose the paired trait that fires next",
        who="the owner of the fed animals",
        explain=_why,
        doc="reference §5: when several traits trigger at once the owner picks their order (ruling R1)",
    )
)
FLOW.add(
    Node(
        "run",
        FEEDING,
        apply,
        weights=lambda s: (s.game.roll_outcomes, s.game.roll_weights),
        kinds=frozenset({"roll"}),
        who="chance (the defender's die)",
        doc="Running: the die decides whether the attacked animal escapes (reference §5)",
    )
)
