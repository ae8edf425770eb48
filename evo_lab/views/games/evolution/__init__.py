"""Evolution's view plugin (North Star's *Evolution*, *Climate* and the course-2016 variant): the table widget
(:mod:`.board`: species boards, hands, the watering hole, the bags; click a species or a card), the Attack tab
(:mod:`.attack`), the random and greedy bots of :mod:`evo_lab.games.evolution.bots`, and the actions in words
with hidden cards said as hidden.

>>> import evo_lab
>>> from evo_lab.views.games import view_for
>>> s = evo_lab.make_game("evolution", players=2, seed=1).new_initial_state_dealt()
>>> v = view_for(s.game)
>>> type(v).__name__, sorted(v.bots(s.game))
('EvolutionView', ['greedy', 'random'])
>>> v.action_words(s, s.legal_actions()[0], viewer=1)
'P1 puts a food card face down'
"""

from __future__ import annotations

from typing import Any

import numpy as np

from evo_lab.views.games.base import GameView, PolicyFactory, random_policy

__all__ = ["EvolutionView"]

#: Per action kind: the slot that holds the species index (of the player to act) and the card kind.
_SPECIES_SLOT = {"trait": 1, "body": 1, "pop": 1, "replace": 1, "drop": 1, "eat": 1, "store": 1, "attack": 1}
_CARD_SLOT = {"food": 1, "discard": 1, "trait": 2, "body": 2, "pop": 2, "replace": 3, "new": 2}
#: A decision the observer hides from the other players, in words.
_HIDDEN_WORDS = {"food": "puts a food card face down", "trait": "plays a trait card face down",
                 "replace": "replaces a trait with a card face down"}


class EvolutionView(GameView):
    """Evolution in the explorer."""

    name = "evolution"
    selection_traits = ("selected", "card")

    # ----- words
    def action_words(self, state: Any, action: Any, viewer: int | None = None) -> str:
        if isinstance(action, str):
            action = state.parse_action(action)
        text = state.action_to_string(action)
        if viewer is None or state.masked_action_string(action, viewer) == text:
            return ("chance: " if state.is_chance_node() else "") + state.describe_action(action)
        if state.is_chance_node():
            p = state.pending[0][0] if state.pending else -1
            return f"chance: P{p + 1} draws a card (hidden)"
        return f"P{state.current_player() + 1} {_HIDDEN_WORDS.get(action[0], 'plays a card face down')}"

    def choice_label(self, state: Any, action: Any) -> str:
        label = super().choice_label(state, action)
        if action[0] == "food" and state.game.deck.assumed:
            label += " (assumed value)"
        return label

    def header_html(self, game: Any) -> str:
        from html import escape

        var = {"official": "", "climate": " (Climate)", "course2016": " (course 2016)"}.get(game.options.variant, "")
        return f"{escape(game.title)}{var}, {game.players} players"

    def story_lines(self, node: Any, viewer: int | None = None) -> list[str]:
        """The action in words, then what the engine says happened (food eaten, attacks, extinctions, the
        reveal): its events are public."""
        head = super().story_lines(node, viewer)
        return head + [f"  {e.text(node.state.game)}" for e in node.state.events(last=True)]

    # ----- bots
    def bots(self, game: Any) -> dict[str, PolicyFactory]:
        from evo_lab.games.evolution.bots import greedy_policy

        return {"random": random_policy, "greedy": lambda seed: greedy_policy(np.random.default_rng(seed))}

    def board_svg(self, state: Any, viewer: int | None = None) -> str:
        """The table as the board widget draws it (species boards, hands as ``viewer`` may see them)."""
        from evo_lab.games.evolution.svg import table_svg

        return table_svg(state, viewer)

    # ----- widgets
    def make_board(self, session: Any) -> Any:
        from .board import EvolutionBoard

        return EvolutionBoard(session)

    def extra_panels(self, session: Any, board: Any) -> list[tuple[str, str, Any]]:
        from .attack import AttackPanel

        return [("Attack", "attack", AttackPanel(session, board=board))]

    # ----- the board's selection: a species and/or a card of the hand
    def selection(self, board: Any) -> Any:
        from .board import parse_key

        sp = parse_key(getattr(board, "selected", ""))
        card = getattr(board, "card", "")
        return (sp, card) if sp is not None or card else None

    def belongs(self, state: Any, action: Any, selected: Any) -> bool:
        sp, card = selected
        k = action[0]
        if card:
            slot = _CARD_SLOT.get(k)
            if slot is None or state.game.labels[action[slot]] != card:
                return False
        if sp is None:
            return True
        q, j = sp
        if q == state.current_player() and k in _SPECIES_SLOT:
            return action[_SPECIES_SLOT[k]] == j
        return k == "attack" and (action[2], action[3]) == (q, j)

    def selection_note(self, state: Any, selected: Any, n: int) -> str:
        from evo_lab.views.widgets.common import player_html
        from evo_lab.core.words import plural

        sp, card = selected
        what = []
        if sp is not None:
            what.append(f"{player_html(sp[0])} species {sp[1] + 1}")
        if card:
            what.append(f"card <b>{card}</b>")
        first = f"its {plural(n, 'action')} first" if n else "no action of it now"
        return f"{' and '.join(what)} selected on the board: {first}"

    def data_doc(self, game: Any) -> str:
        return "docs/evolution.md"
