"""The node builders of :func:`~evo_lab.games.evo2e.builder.build_position`: each sets what its node needs,
then lets the game's flow run from the right step and checks it stops where asked."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from collections.abc import Callable

from ...core.errors import FormatError, excerpt
from . import genes as G
from .actions import Action
from .flow import (
    BIRTH_PHASE,
    CLIMATE,
    END_PHASE,
    INITIATIVE_PHASE,
    MOVEMENT,
    MUTATION,
    PHASES,
    SURVIVAL,
    Step,
    run,
)
from .phases.mutation import EVENT_LOT

if TYPE_CHECKING:
    from .builder_args import Args
    from .state import State

__all__ = ["BUILD", "build_setup"]


def _start(s: State, a: Args) -> None:
    """The phase from its start: the rules run to the first node (in a later phase if nothing happens here).
    The initiative track before the sort is ``order``."""
    s.phase = PHASES.index(a.phase) if a.phase != "initiative" else MUTATION
    if a.phase == "initiative":
        s.bids = [(p, 0) for p in s.order]
    s.step = _start_step(a.phase)
    run(s)


def _start_step(phase: str) -> Step:
    from .builder import START_STEP

    return START_STEP[phase]


def _run_to(s: State, a: Args, node: str, who: int | None = None) -> None:
    """Run the flow from the step set, and check it stops at ``node`` (for ``who``, when given)."""
    run(s)
    if s.node != node or (who is not None and s.actor != who):
        at = "the end" if s.node == "end" else f"{s.node}" + (f" for P{s.actor + 1}" if s.actor >= 0 else "")
        if who is not None:
            raise FormatError(
                f"P{who + 1} has no {node} decision in this position (the rules go on to {at})", "to_act"
            )
        raise FormatError(f"this position has no {node} node (the rules go on to {at})", "node")


def _who(s: State, a: Args) -> int | None:
    return None if a.to_act is None else a.player(a.to_act, "to_act")


def _from(s: State, players: tuple[int, ...], who: int | None) -> tuple[int, ...]:
    """The players of a window, starting at ``who``."""
    if who is None:
        return tuple(players)
    if who not in players:
        raise FormatError(f"P{who + 1} is not asked at this window", "to_act")
    return tuple(players[players.index(who) :])


def build_setup(a: Args) -> State:
    g = a.game
    s: State = g.new_initial_state()
    for u in a.excluded or ():
        if u not in g.unique_ids:
            raise FormatError(f"unknown unique gene {excerpt(u)}", "excluded")
        s.apply_action(Action("exclude", g.unique_ids.index(u)))
    for p in a.order or ():
        s.apply_action(Action("order", a.player(p, "order")))
    if s.node != a.node:
        raise FormatError(f"the setup goes on to {s.node}", "node")
    s._origin = None
    s._origin = s.to_dict()
    return s


def _move(s: State, a: Args) -> None:
    who = _who(s, a)
    s.phase = MOVEMENT
    s.mover = s.order.index(who) if who is not None else 0
    p = s.actor = s.order[s.mover]
    s.mp_left = (
        G.movement_points(s, p) if a.movement_left is None else _nonneg(a.movement_left, "movement_left")
    )
    s.wings_used, s.flippers_used = bool(a.wings_used), bool(a.flippers_used)
    s.step = Step.MOVEMENT_DECIDE
    _run_to(s, a, "move", who)


def _nonneg(v: object, field: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise FormatError(f"must be an integer >= 0, got {excerpt(v)}", field)
    return v


def _fight(s: State, a: Args) -> tuple[int, int, int, int]:
    g = a.game
    if not isinstance(a.attack, (list, tuple)) or len(a.attack) != 2:
        raise FormatError("must be (attacker's space, defender's space)", "attack")
    src, dst = a.space(a.attack[0], "attack"), a.space(a.attack[1], "attack")
    att, dfd = s.occupants[src], s.occupants[dst]
    if att < 0 or dfd < 0 or att == dfd or dst not in g.adj[src]:
        raise FormatError("the attacker and an enemy defender must stand on adjacent spaces", "attack")
    if s.count[dfd] <= G.floor(s, dfd) and a.node == "die":
        raise FormatError(f"P{dfd + 1}'s clan is protected", "attack")
    s.phase = MOVEMENT
    s.mover = s.order.index(att)
    full = G.movement_points(s, att) - 1
    s.mp_left = full if a.movement_left is None else _nonneg(a.movement_left, "movement_left")
    s.wings_used, s.flippers_used = bool(a.wings_used), bool(a.flippers_used)
    return src, dst, att, dfd


def _die(s: State, a: Args) -> None:
    src, dst, att, _ = _fight(s, a)
    if _who(s, a) not in (None, att):
        raise FormatError(f"the attack is P{att + 1}'s", "to_act")
    s.pending, s.node, s.actor, s.step = (src, dst), "die", att, Step.WAIT


def _chameleon(s: State, a: Args) -> None:
    src, dst, att, dfd = _fight(s, a)
    if _who(s, a) not in (None, dfd):
        raise FormatError(f"the beaten defender, P{dfd + 1}, decides", "to_act")
    escapes = tuple(t for t in a.game.adj[dst] if s.occupants[t] < 0 and t != src)
    if not G.has(s, dfd, "chameleon_skin") or not escapes:
        raise FormatError("the defender needs Chameleon skin and an empty space to escape to", "attack")
    s.pending, s.node, s.actor, s.step = (src, dst, att, escapes), "chameleon", dfd, Step.WAIT


def _climate(s: State, a: Args, step: Step, node: str) -> None:
    s.phase = CLIMATE
    s.step = step
    _run_to(s, a, node)


def _climate_cards(s: State, a: Args) -> None:
    if not s.revealed:
        raise FormatError("a climate card window follows a revealed token: give revealed=[...]", "revealed")
    who = _who(s, a)
    s.phase = CLIMATE
    if a.shift is not None:
        if isinstance(a.shift, bool) or not isinstance(a.shift, int):
            raise FormatError(f"must be an integer, got {excerpt(a.shift)}", "shift")
        s.prescience_shift = a.shift
    s.prescience_played = bool(a.prescience_played)
    s.window = _from(s, s.order, who)
    s.step = Step.CLIMATE_CARDS
    _run_to(s, a, "climate_cards", who)


def _mutation(s: State, a: Args) -> None:
    s.phase = MUTATION
    who = _who(s, a)
    if a.node == "gene":
        if len(s.lots) >= a.game.players:
            raise FormatError("every lot is drawn already", "lots")
        s.lots = s.lots or [EVENT_LOT]
        s.step = Step.DRAW_GENES
    elif a.node == "bid":
        if len(s.lots) < a.game.players:
            raise FormatError("bidding starts when every lot is drawn", "lots")
        if not s.to_bid and s.displaced < 0:
            raise FormatError("every player holds a lot: the auction is over", "bids")
        s.step = Step.BIDDING
    else:  # card, peek: after the payments
        if not s.bids or None in s.bids:
            raise FormatError("the auction must be complete (every lot held)", "bids")
        if a.node == "card":
            s.node, s.actor = "card", s.bids[0][0]  # type: ignore[index]  # the event card's lot is held
            s.step = Step.PEEK_MUTATION
            if who not in (None, s.actor) or not any(s.deck):
                raise FormatError(
                    f"lot 0's winner, P{s.actor + 1}, draws, from a deck that is not empty", "to_act"
                )
            return
        s.step = Step.PEEK_MUTATION
    _run_to(s, a, str(a.node), who)


def _adrenaline(s: State, a: Args) -> None:
    who = _who(s, a)
    holders = [p for p in s.order if G.has(s, p, "adrenaline_rush")]
    if not holders or who not in (None, holders[0]):
        raise FormatError("the owner of Adrenaline rush chooses here", "to_act")
    s.phase, s.node, s.actor, s.step = INITIATIVE_PHASE, "adrenaline", holders[0], Step.MOVEMENT_START


def _birth(s: State, a: Args) -> None:
    who = _who(s, a)
    s.phase = BIRTH_PHASE
    s.egg_round = 1 if a.egg_round is None else _nonneg(a.egg_round, "egg_round")
    if a.node == "birth_cards":
        s.window = _from(s, s.order, who)
        s.step = Step.BIRTH_CARDS
    elif a.node == "birth":
        s.birth_index = s.order.index(who) if who is not None else 0
        s.step = Step.BIRTH_TURN
    else:
        _newborn(s, a, who)
        if a.node == "kbdie":
            return
    _run_to(s, a, str(a.node), who)


def _newborn(s: State, a: Args, who: int | None) -> None:
    g = a.game
    if a.newborn is None:
        raise FormatError("name the newborn's space", "newborn")
    sp = a.space(a.newborn, "newborn")
    if a.node == "kbdie":
        mother = who
        if mother is None or not G.has(s, mother, "killer_babies") or s.occupants[sp] in (-1, mother):
            raise FormatError(
                "a killer baby needs its mother (to_act, with Killer babies) and an enemy dinosaur", "newborn"
            )
        s.pending, s.node, s.actor, s.step = (sp, mother), "kbdie", mother, Step.WAIT
        s.birth_index = s.order.index(mother)
        return
    mother = s.occupants[sp]
    if mother < 0:
        raise FormatError(f"no dinosaur on {g.labels[sp]}", "newborn")
    s.birth_index = s.order.index(mother)
    s.pending = (sp, mother)
    s.window = _from(s, tuple(q for q in s.order if q != mother), who)
    s.step = Step.NEWBORN_CARDS


def _survival(s: State, a: Args) -> None:
    who = _who(s, a)
    s.phase = SURVIVAL
    if a.node == "survival_cards":
        s.window = _from(s, s.order, who)
        s.step = Step.SURVIVAL_CARDS
    else:
        s.survival_index = s.order.index(who) if who is not None else 0
        s.step = Step.SURVIVAL_PLAYER
    _run_to(s, a, str(a.node), who)


def _end(s: State, a: Args) -> None:
    g = a.game
    if len(s.revealed) < g.pile_length - g.bottom:
        raise FormatError(
            f"the meteorite lies in the bottom {g.bottom} of the pile: at least "
            f"{g.pile_length - g.bottom} tokens are revealed first",
            "revealed",
        )
    s.phase, s.step = END_PHASE, Step.END
    run(s)


BUILD: dict[str, Callable[[Any, Any], None]] = {
    "start": _start,
    "move": _move,
    "die": _die,
    "chameleon": _chameleon,
    "token": lambda s, a: _climate(s, a, Step.CLIMATE_TOKEN, "token"),
    "peek": lambda s, a: (
        _climate(s, a, Step.PEEK_CLIMATE, "peek") if a.phase == "climate" else _mutation(s, a)
    ),
    "climate_cards": _climate_cards,
    "gene": _mutation,
    "bid": _mutation,
    "card": _mutation,
    "adrenaline": _adrenaline,
    "birth": _birth,
    "birth_cards": _birth,
    "newborn_cards": _birth,
    "kbdie": _birth,
    "survive": _survival,
    "survival_cards": _survival,
    "end": _end,
}
