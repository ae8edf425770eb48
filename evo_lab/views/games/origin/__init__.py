"""The view plugin of *Evolution: The Origin of Species* (``evo_lab.games.origin``): the table widget
(:mod:`.board`: animals as cards with their trait cards, food and fat tokens, paired traits linked, the food bank and
its dice; click an animal to see what it may do and, for a carnivore, the exact odds of each attack), the Odds tab
(:mod:`.odds_panel`: the food bank, the feeding race, an attack's outcome tree), the scenarios of
:mod:`evo_lab.games.origin.scenarios`, and every action in words (:mod:`evo_lab.games.origin.words`). The seed
calls the cycle of development, food bank, feeding and extinction a *turn* ("After the deck is empty the last turn
begins"), and the state counts it in ``state.turn``.

>>> import evo_lab
>>> from evo_lab.views.games import view_for
>>> s = evo_lab.make_game("origin", players=3, seed=2).new_initial_state_dealt()
>>> v = view_for(s.game)
>>> type(v).__name__, sorted(v.bots(s.game))
('OriginView', ['greedy', 'lively', 'random'])
>>> v.action_words(s, s.legal_actions()[0], viewer=1)           # P1's card is P1's secret
'P1 plays a card face down as a new animal'
>>> v.node_words(s)
'play a card or pass'
"""

from __future__ import annotations

from html import escape
from typing import Any

import numpy as np

from evo_lab.views.games.base import GameView, PolicyFactory, random_policy

__all__ = ["OriginView"]

#: The action kinds whose second slot is an animal of the player to act (or the attacked animal).
_ANIMAL_SLOT = ("eat", "fat", "pirate", "graze", "hibernate", "run", "accept", "tail", "mimic", "attack")


class OriginView(GameView):
    """Origin of Species in the explorer."""

    name = "origin"
    round_word = "turn"
    selection_traits = ("picked",)

    # ----- words
    def action_words(self, state: Any, action: Any, viewer: int | None = None) -> str:
        if isinstance(action, str):
            action = state.parse_action(action)
        text = state.action_to_string(action)
        if viewer is not None and state.masked_action_string(action, viewer) != text:
            if action[0] == "deal":
                return f"chance: P{action[1] + 1} is dealt a card (hidden)"
            return f"P{state.current_player() + 1} plays a card face down as a new animal"
        return ("chance: " if state.is_chance_node() else "") + state.describe_action(action)

    def choice_label(self, state: Any, action: Any) -> str:
        """The action as a sentence with its subject ("P1's animal 1 takes a red food token ...", "P2 passes"),
        so that a line read alone says whose move it is; an attack with the chance that it eats its prey."""
        words = state.describe_action(action)
        if action[0] == "attack":
            from evo_lab.games.origin.odds import OddsError, attack_odds
            from evo_lab.games.origin.words import animal_words

            from .inspect import odds_cell

            words = f"{animal_words(state, action[1], traits=False)} attacks {animal_words(state, action[2])}"
            try:
                odds = attack_odds(state, action[1], action[2])
            except OddsError:  # pragma: no cover - a legal attack always has odds
                return words
            p = odds.eaten
            ways = [w for w, q in (("runs away", odds.escaped), ("drops a trait", odds.tail)) if q]
            instead = f" (it {' or '.join(ways)})" if ways else ""
            words += (
                f": never eaten{instead}"
                if p == 0
                else ": eaten for sure"
                if p == 1
                else f": eaten {odds_cell(p)}"
            )
        elif action[0] in ("mimic", "run"):  # the attack goes on: the chance of each outcome
            from .inspect import defence_odds

            then = defence_odds(state, action)
            words += f": {then}" if then else ""
        return str(words)

    def node_name(self, state: Any) -> str:
        from evo_lab.games.origin.words import node_words

        return node_words(state)

    def node_words(self, state: Any) -> str:
        """What happens at the node, as the status line says it ("play a card or pass")."""
        return self.node_name(state)

    def who_html(self, state: Any) -> str:
        if state.is_chance_node() and not state.is_terminal():
            return f"{escape(self.node_name(state))} (chance)"
        return super().who_html(state)

    def status_html(self, state: Any, tree: Any) -> str:
        from evo_lab.core.words import capitalised
        from evo_lab.games.origin.words import phase_words

        who = self.who_html(state)
        head = (
            f"<b>{who}</b>"
            if state.is_terminal()
            else f"<b>Turn {state.turn}</b>, {escape(phase_words(state))}: {who}"
        )
        last = "; the last turn: the deck is empty" if state.is_last_turn() and state.turn else ""
        return (
            f"<div class='evo-status-main'>{capitalised(head)}</div><div class='evo-status-sub'>food bank "
            f"{state.bank}, deck {state.deck_n}; {self.where_words(tree)}{last}</div>"
        )

    def story_lines(self, node: Any, viewer: int | None = None) -> list[str]:
        """The action in words, then what it caused (the engine's events in words: the food it brought, the
        attack and its defence, the deaths), each move told once: an event that only retells the action is left
        out (:func:`~evo_lab.games.origin.words.retold`), and the Running die's action gives way to its event,
        which names the animal (:func:`~evo_lab.games.origin.words.story_head`)."""
        from evo_lab.games.origin.words import event_words, retold, story_head

        before, after = node.parent.state, node.state
        head = super().story_lines(node, viewer)
        action = before.parse_action(node.action) if isinstance(node.action, str) else node.action
        told = story_head(before, action, after, head[0])  # a hidden card's words are kept as they are
        skip = {"Dealt", "Born", "TraitPlayed", "Passed", "FoodRolled", "Attacked"}
        new = after.events()[len(before.events()) :]
        out = [] if told is None else [told]
        return out + [
            f"  {event_words(before, after, e)}"
            for e in new
            if type(e).__name__ not in skip and not retold(action, e)
        ]

    # ----- bots
    def bots(self, game: Any) -> dict[str, PolicyFactory]:
        from evo_lab.games.origin.bots import greedy_policy
        from evo_lab.games.origin.lively import lively_policy

        return {
            "random": random_policy,
            "greedy": lambda seed: greedy_policy(np.random.default_rng(seed)),
            "lively": lambda seed: lively_policy(np.random.default_rng(seed)),
        }

    def board_svg(self, state: Any, viewer: int | None = None) -> str:
        from evo_lab.games.origin.svg import table_svg

        return table_svg(state, viewer)

    # ----- widgets
    def make_board(self, session: Any) -> Any:
        from .board import OriginBoard

        return OriginBoard(session)

    def players_panel(self, session: Any) -> Any:
        from .players import PlayersPanel

        return PlayersPanel(session)

    def extra_panels(self, session: Any, board: Any) -> list[tuple[str, str, Any]]:
        from .odds_panel import OddsPanel

        return [("Odds", "odds", OddsPanel(session, board=board))]

    # ----- the board's selection: an animal
    def selection(self, board: Any) -> Any:
        sel = getattr(board, "selected", 0)
        return sel or None

    def belongs(self, state: Any, action: Any, selected: Any) -> bool:
        k = action[0]
        if k in _ANIMAL_SLOT:
            return action[1] == selected or (k == "attack" and action[2] == selected)
        if k == "trait":
            return selected in action[3:]
        if k == "share":
            return selected in action[2:]
        return False

    def selection_note(self, state: Any, selected: Any, n: int) -> str:
        from evo_lab.core.words import plural
        from evo_lab.games.origin.words import animal_words

        what = escape(animal_words(state, selected, traits=False))
        if n:
            listed = (
                f"its {plural(n, 'action')} {'are' if n > 1 else 'is'} listed first, then the other actions"
            )
            return f"{what} is selected on the board: {listed}"
        return f"{what} is selected on the board: it has nothing to do right now"

    # ----- scenarios and data
    def scenarios(self) -> list[tuple[str, str]]:
        from evo_lab.games.origin.scenarios import scenarios

        return [(sc.title, sc.id) for sc in scenarios()]

    def scenario(self, name: str) -> Any:
        from evo_lab.games.origin.scenarios import scenario

        return scenario(name)

    def scenario_note(self, name: str) -> str:
        from evo_lab.games.origin.scenarios import scenario_info

        sc = scenario_info(name)
        return f"{sc.note} ({sc.rule})"

    def data_doc(self, game: Any) -> str:
        return "docs/origin.md"
