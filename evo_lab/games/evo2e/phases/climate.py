"""Climate phase (rulebook, "Climate phase").

"The starting player turns over the top climate token and applies its effect. If the meteorite token appears,
the game ends immediately and the winner is determined." Otherwise "the starting player modifies the climate by
turning the climate wheel in the direction shown on the revealed token".

Steps: ``ROUND_START``; ``CLIMATE_TOKEN`` (chance node ``token``: the next token of the lazy pile, see
``docs/engine.md``); ``CLIMATE_CARDS`` (the card window of timing ``climate``: Prescience replaces the token's
move, :mod:`..cards`); ``WHEEL`` (the wheel turns); ``PEEK_CLIMATE`` (chance node ``peek``: the next token is
fixed early when someone has Sixth sense, ruling R15). Nothing else to decide.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import events as E
from .. import ops
from ..actions import PEEK, TOKEN, Action
from ..cards import open_window
from ..flow import CLIMATE, END_PHASE, Node, Step, register_node, register_step

if TYPE_CHECKING:
    from ..state import State

__all__ = ["reveal", "needs_peek", "peek_step"]


@register_step(Step.ROUND_START)
def _round_start(s: State) -> bool:
    s.round += 1
    ops.event(s, E.Round("round", s.round))
    s.phase = CLIMATE
    s.step = Step.CLIMATE_TOKEN
    return False


@register_step(Step.CLIMATE_TOKEN)
def _climate_token(s: State) -> bool:
    if s.next_token is None:
        s.node = "token"
        return True
    tok, s.next_token = s.next_token, None
    reveal(s, tok)
    return False


def reveal(s: State, tok: int) -> None:
    """The token ``tok`` is turned over: the meteorite ends the game; another one opens the climate card window
    ("when the weather token is revealed"; Prescience "Cannot be played on the meteorite token")."""
    g = s.game
    ops.event(s, E.Token("token", tok))
    if tok == g.meteorite:
        s.phase = END_PHASE
        s.step = Step.END
        return
    s.tokens_left[tok] -= 1
    s.revealed = s.revealed + (tok,)
    s.prescience_shift = g.token_shifts[tok]
    s.prescience_played = False
    open_window(s, "climate", s.order)


@register_step(Step.WHEEL)
def _wheel(s: State) -> bool:
    """ "Token showing a clockwise arrow with 2: Move the climate wheel two sections clockwise" (and so on)."""
    old = s.section
    s.section = (s.section + s.prescience_shift) % s.game.n_sections
    ops.event(s, E.Wheel("wheel", old, s.section, s.prescience_shift, s.prescience_played))
    s.step = Step.PEEK_CLIMATE
    return False


def needs_peek(s: State) -> bool:
    """Whether the next token must be fixed now because someone may see it (a ``peek`` gene hook)."""
    if s.next_token is not None or s.phase == END_PHASE:
        return False
    if len(s.revealed) + 1 > s.game.pile_length:
        return False
    for bit, fn in s.game.hook_table["peek"]:
        if any(u & bit for u in s.unique_bits) and fn(s):
            return True
    return False


def peek_step(s: State, then: Step) -> bool:
    """Stop at the ``peek`` chance node if needed; the game goes on at ``then`` either way."""
    s.step = then
    if needs_peek(s):
        s.node = "peek"
        return True
    return False


@register_step(Step.PEEK_CLIMATE)
def _peek_climate(s: State) -> bool:
    return peek_step(s, Step.MUTATION_START)


def _token_apply(s: State, a: Action) -> None:
    reveal(s, a.a)


def _peek_apply(s: State, a: Action) -> None:
    s.next_token = a.a
    ops.event(s, E.Peek("peek", a.a))


register_node(
    Node(
        "token",
        CLIMATE,
        _token_apply,
        weights=lambda s: ops.token_outcomes(s, TOKEN),
        kinds=frozenset({TOKEN}),
        doc="climate phase: the next token of the pile (each of the first tokens uniform over those "
        "left; the meteorite equally likely in each of the bottom places)",
    )
)
register_node(
    Node(
        "peek",
        CLIMATE,
        _peek_apply,
        weights=lambda s: ops.token_outcomes(s, PEEK),
        kinds=frozenset({PEEK}),
        doc="Sixth sense: the next token is fixed early, seen by its holder",
    )
)
