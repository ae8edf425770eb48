"""The table in words (what ``str(state)`` prints; the teacher's view: every card named), from the state itself.

>>> from evo_lab.games.origin import build_position
>>> s = build_position(players=2, bank=4, animals=["$A carn fat+ +, $B coop$C, $C", "$D camo"], hands=["swim", ""])
>>> print(text_table(s).splitlines()[3])
  animal 1 (card Swimming): Carnivorous, Fat Tissue; food 1 of 2, fat 1 of 1
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.words import plural

if TYPE_CHECKING:
    from .model import Animal
    from .state import OriginState

__all__ = ["text_table"]


def text_table(s: OriginState) -> str:
    """The table in words (what ``str(state)`` prints; the teacher's view: every card named)."""
    from .words import hand_words, node_words, phase_words, traits_of

    g = s.game
    cp = s.current_player()
    head = f"Evolution: The Origin of Species, {g.players} players; "
    head += (
        "the game is over"
        if s.is_terminal()
        else f"turn {s.turn}, {phase_words(s)}"
        + (f", P{cp + 1} to {node_words(s)}" if cp >= 0 else f": {node_words(s)}")
    )
    lines = [
        head,
        f"food bank {plural(s.bank, 'red token')}, deck {plural(s.deck_n, 'card')}"
        + (" (the last turn)" if s.deck_n == 0 and s.turn else ""),
    ]
    for p in range(g.players):
        hand = {c: k for c, k in enumerate(s.hands[p]) if k}
        passed = " (passed)" if s.passed[p] and s.phase_name() in ("development", "feeding") else ""
        lines.append(
            f"P{p + 1}{passed}: hand {hand_words(g, hand)}; discard pile "
            f"{plural(len(s.discard_open[p]) + len(s.discard_hidden[p]), 'card')}"
        )
        if not s.animals(p):
            lines.append("  no animals")
        for i, a in enumerate(s.animals(p)):
            names = [n for n in traits_of(s, _Own(a)) if n]
            links = [
                f"{g.trait_names[L.kind]} with animal {_num(s, L.other(a.id))}"
                for L in s.links
                if a.id in (L.a, L.b)
            ]
            food = f"food {a.red + a.blue} of {a.need}" + (f", fat {a.fat_full} of {a.fat}" if a.fat else "")
            flags = "".join(
                f", {w}" for w, on in (("hibernating", a.sleeping), ("poisoned", a.poisoned)) if on
            )
            lines.append(
                f"  animal {i + 1} (card {g.card_names[a.card]}): {', '.join(names + links) or 'no traits'}; "
                f"{food}{flags}"
            )
    if s.final_scores is not None:
        lines.append(
            "points: "
            + ", ".join(f"P{p + 1} {v}" for p, v in enumerate(s.final_scores))
            + ("" if s.winner < 0 else f"; P{s.winner + 1} wins")
        )
    return "\n".join(lines)


class _Own:
    """An animal without its paired traits (the text table lists those with their partners)."""

    def __init__(self, a: Animal) -> None:
        self.id, self.traits = -1, a.traits


def _num(s: OriginState, aid: int) -> int:
    from .words import animal_place

    place = animal_place(s, aid)
    return place[1] if place else 0
