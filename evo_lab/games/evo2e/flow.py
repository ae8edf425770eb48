"""The flow of an Evo 2e game on the core template (:class:`evo_lab.core.flow.Flow`): the :class:`Step` enum,
the game's :data:`FLOW` (its table of steps and nodes), and the short driver.

A round is a fixed sequence of *steps* (rulebook, "Flow of the game": climate, mutation, initiative, movement,
birth, survival). Each phase module (:mod:`.phases`) registers the handlers of its steps and the *nodes* where
the game waits: a chance node (outcomes with integer weights) or a decision (a player's legal actions). The
driver, :func:`run`, calls step handlers until one stops at a node; :func:`apply` applies an action at the
current node and runs on. Nothing else drives the game. A variant (Evo first edition) runs its own flow, this
one with some step handlers replaced (``game.flow``: :meth:`~evo_lab.core.flow.Flow.variant`).

>>> import evo_lab
>>> s = evo_lab.Game(players=2).new_initial_state()
>>> s.step is Step.SETUP_EXCLUDE, s.node_name(), NODES["exclude"].chance
(True, 'exclude', True)
>>> NODES["move"].verb
'move, attack, play a card or end movement'
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from ...core.errors import excerpt
from ...core.flow import Flow, Node
from ...core.protocol import CHANCE, TERMINAL
from .actions import Action

if TYPE_CHECKING:
    from .state import State

__all__ = [
    "Step",
    "Node",
    "FLOW",
    "NODES",
    "STEPS",
    "PHASES",
    "register_node",
    "register_step",
    "run",
    "apply",
    "current_player",
    "decisions",
    "chance_weights",
    "CHANCE_NODES",
    "DECISION_NODES",
]

#: The phases in ``state.phase`` order ("setup" before the first round, "end" once the meteorite fell).
PHASES = ("setup", "climate", "mutation", "initiative", "movement", "birth", "survival", "end")
SETUP, CLIMATE, MUTATION, INITIATIVE_PHASE, MOVEMENT, BIRTH_PHASE, SURVIVAL, END_PHASE = range(8)


class Step(str, Enum):
    """Where in the round the game is. A ``str`` enum: positions store the value (``"movement_turn"``)."""

    SETUP_EXCLUDE = "setup_exclude"  # unique genes left out of the bag (chance)
    SETUP_ORDER = "setup_order"  # the random starting order (chance)
    ROUND_START = "round_start"
    CLIMATE_TOKEN = "climate_token"  # the next token (chance), or the one sixth sense already fixed
    CLIMATE_CARDS = "climate_cards"  # the card window after a token is revealed (Prescience)
    WHEEL = "wheel"  # the wheel turns by the token's (or the card's) shift
    PEEK_CLIMATE = "peek_climate"  # sixth sense sees the next token
    MUTATION_START = "mutation_start"
    DRAW_GENES = "draw_genes"  # the lots (chance)
    BIDDING = "bidding"
    AUCTION_PAY = "auction_pay"  # payments, genes, the event card (chance)
    PEEK_MUTATION = "peek_mutation"  # sixth sense won this round sees the next token
    INITIATIVE = "initiative"  # the new track (adrenaline rush decides)
    MOVEMENT_START = "movement_start"
    MOVEMENT_TURN = "movement_turn"  # the next mover's points
    MOVEMENT_DECIDE = "movement_decide"  # the mover decides (or has nothing to do)
    BIRTH_START = "birth_start"
    BIRTH_CARDS = "birth_cards"  # the card window at the start of the birth phase (Swarm of rats)
    BIRTH_TURN = "birth_turn"  # the next birth, by egg rounds in track order
    NEWBORN_CARDS = "newborn_cards"  # the card window just after a birth (Egg thief)
    SURVIVAL_START = "survival_start"
    SURVIVAL_CARDS = "survival_cards"  # the card window at the start of the survival phase (Geysers)
    SURVIVAL_PLAYER = "survival_player"  # the climate kills, player by player
    SCORING = "scoring"  # 1 MP per dinosaur on the board
    END = "end"  # the meteorite: final ranking
    WAIT = "wait"  # a node is resolving (a die, a chameleon escape): its apply moves on


#: Evo 2e's steps and nodes (the phase modules, the genes and the card windows register theirs on it).
FLOW: Flow[State, Action] = Flow("evo2e", PHASES, wait=Step.WAIT, terminal_phase=END_PHASE)


def _end_node_apply(s: State, a: Action) -> None:  # pragma: no cover - apply_action refuses first
    raise RuntimeError("the game is over")


FLOW.add(
    Node(
        "end",
        END_PHASE,
        _end_node_apply,
        decisions=lambda s: [],
        verb="nothing: the game is over",
        doc="the meteorite fell",
    )
)

#: The tables of :data:`FLOW` under the names the phase modules and the loaders use.
NODES = FLOW.nodes
STEPS = FLOW.steps
CHANCE_NODES = FLOW.chance_nodes
DECISION_NODES = FLOW.decision_nodes
_APPLY = FLOW.apply_fns
_DECIDE = FLOW.decision_fns
_WEIGHTS = FLOW.weight_fns
register_node = FLOW.add
register_step = FLOW.step


def run(s: State) -> None:
    """Advance through everything the rules decide alone, up to the next decision, chance node or the end (the
    game's flow: :data:`FLOW`, or a variant's with some handlers replaced, docs/engine.md)."""
    s.game.flow.run(s)


def apply(s: State, a: Action) -> None:
    """Apply ``a`` (already checked legal) at the current node, then run on."""
    s.log = ()
    s.game.flow.apply(s, a)


def decisions(s: State) -> list[Action]:
    """The legal decisions at the current (decision) node."""
    return _DECIDE[s.node](s)


def chance_weights(s: State) -> tuple[list[Action], list[int]]:
    """Outcomes and integer weights at the current chance node."""
    return _WEIGHTS[s.node](s)


def current_player(s: State) -> int:
    node = s.node
    if node in CHANCE_NODES:
        return CHANCE
    if node == "end":
        return TERMINAL
    return s.actor


def explain(s: State, a: Action) -> tuple[str, str]:
    """Why ``a`` is not legal here: ``(message, reason code)``. The node's own ``explain`` names the rule."""
    from .actions import CHANCE_KINDS

    node = s.node
    try:
        text = s.action_to_string(a)
    except Exception:  # noqa: BLE001 - arguments out of range still get a message
        text = excerpt(a)
    if node in CHANCE_NODES:
        if a.kind not in CHANCE_KINDS:
            return (
                f"{excerpt(text)}: this is a chance node ({node}); apply one of its outcomes",
                "chance_node",
            )
        return f"{excerpt(text)} is not an outcome of this chance node ({node})", "not_an_outcome"
    if a.kind in CHANCE_KINDS:
        return f"{excerpt(text)} is a chance outcome, but P{s.actor + 1} must decide ({node})", "not_chance"
    spec = NODES.get(node)
    who = f"P{s.actor + 1}"
    if spec is None or a.kind not in spec.kinds:
        verb = spec.verb if spec is not None else node
        return (
            f"{excerpt(text)} is not possible now: {PHASES[s.phase]} phase, {who} must {verb}",
            "wrong_phase",
        )
    why = spec.explain(s, a, text) if spec.explain is not None else None
    if why is not None:
        return why
    if a.kind == "play":
        return f"{excerpt(text)}: {who} cannot play that card now", "card_not_playable"
    return f"{excerpt(text)} is not legal here", "not_legal"
