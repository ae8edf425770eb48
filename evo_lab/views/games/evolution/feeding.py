"""What each feeding of the player to act yields, found by playing it on a copy of the state through the engine
(``apply_action``) and reading the rules' events: the food every species takes and from where (the watering hole,
the bank), what Foraging and Cooperation add (seed 003 lines 132, 149), what Intelligence takes from the bank
(seed 004 lines 50-57), the fat stored (course). Nothing of the feeding rules is re-implemented here: the kit's
"food each feeding step yields".

>>> import evo_lab
>>> from evo_lab.games.evolution.positions import from_boards
>>> g = evo_lab.make_game("evolution", players=2)
>>> s = from_boards(g, [[(1, 3, 0, 0, ["foraging", "cooperation"]), (1, 2, 0, 0, [])], [(2, 2, 0, 0, [])]], watering_hole=5)
>>> rows = feeding_rows(s)
>>> [(r.action, r.food, r.watering_hole) for r in rows]
[('eat 1', {(0, 0): 2, (0, 1): 2}, 1), ('eat 2', {(0, 1): 1}, 4)]
>>> rows[0].lines[0]
"P1's species 1 (body 1, population 3) eats 1 food from the watering hole"
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from evo_lab.games.evolution.words import step_words

__all__ = ["FeedingRow", "feeding_rows"]


@dataclass
class FeedingRow:
    """One feeding the player to act may choose (not an attack: the Attack table shows those): its action
    string, the food each species takes (``{(player, species): amount}``), the fat stored, the watering hole after
    it, and every event in words."""

    action: str
    food: dict[tuple[int, int], int] = field(default_factory=dict)
    fat: dict[tuple[int, int], int] = field(default_factory=dict)
    watering_hole: int = 0
    lines: list[str] = field(default_factory=list)


def feeding_rows(state: Any) -> list[FeedingRow]:
    """Every non-attack feeding of the player to act (eat, eat with Intelligence, store fat), played on a copy:
    ``[]`` outside a feeding turn. An Intelligence feeding discards the first card the engine offers (the player
    chooses which when playing)."""
    if state.is_terminal() or state.is_chance_node() or state.phase != "feed":
        return []
    out = []
    for a in state.legal_actions():
        if a[0] not in ("eat", "store"):
            continue
        c = state.clone()
        c.apply_action(a)
        events = list(c.events(last=True))
        if getattr(c, "intel", None) is not None and not c.is_chance_node():
            c.apply_action(c.legal_actions()[0])
            events = list(c.events(last=True))
        row = FeedingRow(state.action_to_string(a), watering_hole=c.observation(None)["wh"])
        row.lines.extend(step_words(state.game, events, state))
        for e in events:
            kind = type(e).__name__
            if kind == "Ate":
                key = (e.player, e.species)
                row.food[key] = row.food.get(key, 0) + e.amount
            elif kind == "Stored":
                key = (e.player, e.species)
                row.fat[key] = row.fat.get(key, 0) + e.amount
        out.append(row)
    return out
