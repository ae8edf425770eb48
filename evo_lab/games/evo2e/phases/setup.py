"""Setting up the game (rulebook, "Setting up the game").

"Put all the normal gene tokens into the bag (36 in total). Add 8 unique gene tokens at random from the stock of
12." "Randomly determine a starting turn order by mixing up the players' clan markers". "each player places a
dinosaur token on each of the two starting areas nearest to them": seat *i* takes the board's start areas *i*
(ruling R17). Each player receives 6 MP.

Steps: ``SETUP_EXCLUDE`` (chance node ``exclude``: one unique gene that stays out, uniform, until 4 are out),
``SETUP_ORDER`` (chance node ``order``: the next clan marker on the track, uniform). Nothing to decide.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import EXCLUDE, ORDER, Action
from ..flow import SETUP, Node, Step, register_node, register_step

if TYPE_CHECKING:
    from ..state import State

__all__ = ["init_state"]


def init_state(s: State) -> None:
    """The root of the game tree: every field of a fresh game, before the setup's chance nodes."""
    g = s.game
    n = g.players
    st = g.data.setup
    s.phase, s.round = SETUP, 0
    s.occupants = [-1] * g.n
    for p in range(n):
        for sp in g.starts[p][: st["starting_dinosaurs"]]:
            s.occupants[sp] = p
    s.count = [min(st["starting_dinosaurs"], len(g.starts[p])) for p in range(n)]
    s.mp = [st["starting_mp"]] * n
    s.genes = [0] * (g.n_normal * n)
    s.unique_bits = [0] * n
    s.hands = tuple(() for _ in range(n))
    s.bag = list(g.bag0)
    s.excluded = ()
    s.deck = list(g.deck0)
    s.discard = [0] * len(g.deck0)
    s.section = g.data.initial_section
    s.tokens_left = list(g.tokens0)
    s.revealed = ()
    s.next_token = None
    s.order = ()
    s.lots, s.bids, s.holding, s.to_bid, s.paid = [], [], [-1] * n, [], [0] * n
    s.displaced = s.banned = -1
    s.mover = s.mp_left = 0
    s.wings_used = s.flippers_used = False
    s.frenzy = (0,) * n
    s.egg_round = s.birth_index = s.survival_index = 0
    s.window = ()
    s.geysers = s.prescience_shift = 0
    s.prescience_played = False
    s.last, s.log = (), ()
    s.step, s.node, s.actor, s.pending = Step.SETUP_EXCLUDE, "", -1, ()


@register_step(Step.SETUP_EXCLUDE)
def _exclude_step(s: State) -> bool:
    g = s.game
    if len(s.excluded) < g.excluded_count:
        s.node = "exclude"
        return True
    for i in range(g.n_unique):
        if i not in s.excluded:
            s.bag[g.n_normal + i] = 1
    s.step = Step.SETUP_ORDER
    return False


@register_step(Step.SETUP_ORDER)
def _order_step(s: State) -> bool:
    n = s.game.players
    if len(s.order) < n - 1:
        s.node = "order"
        return True
    s.order = s.order + tuple(p for p in range(n) if p not in s.order)
    s.step = Step.ROUND_START
    return False


def _exclude_weights(s: State) -> tuple[list[Action], list[int]]:
    outs = [Action(EXCLUDE, i) for i in range(s.game.n_unique) if i not in s.excluded]
    return outs, [1] * len(outs)


def _exclude_apply(s: State, a: Action) -> None:
    s.excluded = s.excluded + (a.a,)


def _order_weights(s: State) -> tuple[list[Action], list[int]]:
    outs = [Action(ORDER, p) for p in range(s.game.players) if p not in s.order]
    return outs, [1] * len(outs)


def _order_apply(s: State, a: Action) -> None:
    s.order = s.order + (a.a,)


register_node(
    Node(
        "exclude",
        SETUP,
        _exclude_apply,
        weights=_exclude_weights,
        kinds=frozenset({EXCLUDE}),
        doc="setup: one of the unique genes stays out of the bag (each uniform)",
    )
)
register_node(
    Node(
        "order",
        SETUP,
        _order_apply,
        weights=_order_weights,
        kinds=frozenset({ORDER}),
        doc="setup: the next clan marker on the initiative track (uniform)",
    )
)
