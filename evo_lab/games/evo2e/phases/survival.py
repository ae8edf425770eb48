"""Survival phase (rulebook, "Survival phase"; ruling R13).

"On ideal terrain, all the dinosaurs survive. On deadly terrain, all the dinosaurs die. On hot terrain, the
player can enable one of his dinosaurs to survive for each thermoregulation layer on his board. All the other
dinosaurs die. On cold terrain, the player can enable one of his dinosaurs to survive for each fur layer on his
board. All the other dinosaurs die. Each player removes the dead dinosaurs in the order of his choice and stops
if he only has two remaining on the board." (three with Regeneration; Cave dweller saves one in a deadly area;
Geysers makes cold harmless).

Steps: ``SURVIVAL_START``; ``SURVIVAL_CARDS`` (card window of timing ``survival``: Geysers); ``SURVIVAL_PLAYER``
(per player in track order; decision node ``survive``: ``remove X``, one per death, only when the owner really
chooses: if every candidate must die they are removed without a decision). Then scoring (:mod:`.scoring`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import cards, genes, ops, rules
from .. import events as E
from ..actions import REMOVE, Action
from ..flow import SURVIVAL, Node, Step, register_node, register_step

if TYPE_CHECKING:
    from ..state import State

__all__ = ["survival_groups", "survival_candidates"]


@register_step(Step.SURVIVAL_START)
def _start(s: State) -> bool:
    s.phase = SURVIVAL
    cards.open_window(s, "survival", s.order)
    return False


def _groups(s: State, p: int, section: int | None = None) -> list[list[int]]:
    g = s.game
    codes = g.section_codes[s.section if section is None else section]
    terrain = g.space_terrain
    groups: list[list[int]] = [[], [], []]
    occ = s.occupants
    for sp in range(g.n):
        if occ[sp] == p:
            c = codes[terrain[sp]]
            if c:
                groups[c - 1].append(sp)
    return groups


def _due(s: State, p: int, groups: list[list[int]], allow: list[int]) -> int:
    excess = 0
    for gr, a in zip(groups, allow):
        if len(gr) > a:
            excess += len(gr) - a
    return rules.deaths_allowed(s.count[p], excess, genes.floor(s, p))


def survival_groups(s: State, p: int, section: int | None = None) -> tuple[list[list[int]], list[int], int]:
    """(spaces of ``p``'s dinosaurs on hot, cold and deadly terrain, how many of each may survive, deaths due)
    under the wheel's current ``section`` (or another one, for forecasts)."""
    groups = _groups(s, p, section)
    allow = genes.survival_allowance(s, p)
    return groups, allow, _due(s, p, groups, allow)


def survival_candidates(s: State, p: int) -> list[int]:
    """The dinosaurs ``p`` may choose to remove next ("in the order of his choice")."""
    groups, allow, due = survival_groups(s, p)
    if due <= 0:
        return []
    return sorted(sp for gr, a in zip(groups, allow) if len(gr) > a for sp in gr)


@register_step(Step.SURVIVAL_PLAYER)
def _player(s: State) -> bool:
    if s.survival_index >= s.game.players:
        s.step = Step.SCORING
        return False
    p = s.order[s.survival_index]
    groups = _groups(s, p)
    if not (groups[0] or groups[1] or groups[2]):  # all on ideal terrain: nothing can die
        s.survival_index += 1
        return False
    allow = genes.survival_allowance(s, p)
    due = _due(s, p, groups, allow)
    if due <= 0:
        s.survival_index += 1
        return False
    cands = [sp for gr, a in zip(groups, allow) if len(gr) > a for sp in gr]
    if len(cands) == due:  # no choice: every candidate dies
        for sp in cands:
            ops.kill(s, sp)
            ops.event(s, E.Starved("starved", p, sp))
        s.survival_index += 1
        return False
    s.node, s.actor = "survive", p
    return True


def _survive_decisions(s: State) -> list[Action]:
    return [Action(REMOVE, sp) for sp in survival_candidates(s, s.actor)]


def _remove_apply(s: State, a: Action) -> None:
    ops.kill(s, a.a)
    ops.event(s, E.Starved("starved", s.actor, a.a))


def _explain(s: State, a: Action, text: str) -> tuple[str, str] | None:
    return f"{text!r}: that dinosaur is not one that must die", "not_doomed"


register_node(
    Node(
        "survive",
        SURVIVAL,
        _remove_apply,
        decisions=_survive_decisions,
        kinds=frozenset({REMOVE}),
        verb="remove a dinosaur that dies",
        who="owner",
        explain=_explain,
        doc="`remove X` when the owner really chooses which dinosaur dies",
    )
)
