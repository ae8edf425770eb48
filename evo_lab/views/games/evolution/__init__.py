"""Evolution's view plugin (North Star's *Evolution*, *Climate* and the course-2016 variant): the table widget
(:mod:`.board`: species boards, hands, the watering hole, the bags; click a species or a card), the Attack tab
(:mod:`.attack`: the attack and feeding inspector), the Climate tab of Climate games (:mod:`.climate`), the random and greedy bots of :mod:`evo_lab.games.evolution.bots`, and the actions in words
with hidden cards said as hidden.

>>> import evo_lab
>>> from evo_lab.views.games import view_for
>>> s = evo_lab.make_game("evolution", players=2, seed=1).new_initial_state_dealt()
>>> v = view_for(s.game)
>>> type(v).__name__, sorted(v.bots(s.game))
('EvolutionView', ['greedy', 'lively', 'random'])
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
_HIDDEN_WORDS = {
    "food": "puts a food card face down",
    "trait": "plays a trait card face down",
    "replace": "replaces a trait with a card face down",
}


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
        """An action of the player to act as the action list shows it: the whole sentence, with its subject
        ("P2 passes", "P1 feeds its species 2 (body 3, population 2) from the watering hole")."""
        return str(state.describe_action(action))

    def node_words(self, state: Any) -> str:
        from evo_lab.games.evolution.words import node_words

        return node_words(state)

    def phase_words(self, state: Any) -> str:
        from evo_lab.games.evolution.words import phase_words

        return phase_words(state)

    def actions_note(self, state: Any) -> str:
        """Said once under the action list (not on every line): the cards' food values are assumed."""
        if not state.game.deck.assumed or state.is_terminal():
            return ""
        return (
            "Food +3 or food -3 on a card: what it adds to (or takes from) the watering hole when played as the "
            "round's food card. These values are assumed: the official ones are not public."
        )

    def assumed_values(self, game: Any, parts: tuple[str, ...] | None = None) -> list[str]:
        """The data pack's assumed values in words ("Intelligence food (official setup)")."""
        return [_assumed_words(v) for v in super().assumed_values(game, parts)]

    def header_html(self, game: Any) -> str:
        from html import escape

        title = {
            "climate": "Evolution: Climate (North Star Games)",
            "course2016": "Evolution, as the 2016 course played it",
        }.get(game.options.variant, game.title)
        return f"{escape(title)}, {game.players} players"

    def story_lines(self, node: Any, viewer: int | None = None) -> list[str]:
        """The action in words, then what the engine says happened (food eaten, attacks, extinctions, the
        reveal): its events are public."""
        from evo_lab.games.evolution.words import event_words, step_words

        head = super().story_lines(node, viewer)
        events = node.state.events(last=True)
        if node.parent is None:
            return head + [f"  {event_words(node.state.game, e)}" for e in events]
        # species named as they were before the action (a second extinction of the action is named right); an
        # attack's own event adds only its Horns wound (the head line says the attack)
        before = node.parent.state
        action = node.action if isinstance(node.action, tuple) else None
        return head + [f"  {t}" for t in step_words(node.state.game, events, before, action)]

    # ----- bots
    def bots(self, game: Any) -> dict[str, PolicyFactory]:
        from evo_lab.games.evolution.bots import greedy_policy
        from evo_lab.games.evolution.lively import lively_policy

        return {
            "random": random_policy,
            "greedy": lambda seed: greedy_policy(np.random.default_rng(seed)),
            "lively": lambda seed: lively_policy(np.random.default_rng(seed)),
        }

    def board_svg(self, state: Any, viewer: int | None = None) -> str:
        """The table as the board widget draws it (species boards, hands as ``viewer`` may see them)."""
        from evo_lab.games.evolution.svg import table_svg

        return table_svg(state, viewer)

    # ----- widgets
    def make_board(self, session: Any) -> Any:
        from .board import EvolutionBoard

        return EvolutionBoard(session)

    def players_panel(self, session: Any) -> Any:
        from .players import PlayersPanel

        return PlayersPanel(session)

    def extra_panels(self, session: Any, board: Any) -> list[tuple[str, str, Any]]:
        from .attack import AttackPanel

        out = [("Attack", "attack", AttackPanel(session, board=board))]
        if self.tabs_key(session.game):
            from .climate import ClimatePanel

            out.append(("Climate", "climate", ClimatePanel(session)))
        return out

    def tabs_key(self, game: Any) -> Any:
        """Climate games have a Climate tab: the explorer rebuilds its tabs when this changes."""
        return getattr(game, "variant", "") == "climate"

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
        from html import escape

        from evo_lab.games.evolution.words import label_words, species_words

        sp, card = selected
        what = []
        if sp is not None:
            what.append(escape(species_words(state, *sp)))
        if card:
            what.append(f"the card <b>{escape(label_words(state.game, card))}</b>")
        return _selected_words(" and ".join(what), n, both=len(what) > 1)

    def data_doc(self, game: Any) -> str:
        return "docs/evolution.md"

    # ----- scenarios (the Game tab's menu): evo_lab.games.evolution.scenarios
    def scenarios(self) -> list[tuple[str, str]]:
        """Every preset of Evolution and Evolution: Climate, ``(title, id)`` (the menu of a game picked:
        :meth:`scenario_menu`)."""
        from evo_lab.games.evolution.scenarios import scenarios

        return [(sc.title, sc.id) for sc in scenarios()]

    def scenario_menu(self, game_id: str) -> list[tuple[str, str]]:
        """The Scenario menu when ``game_id`` is picked: that game's own presets first, by their titles, then the
        other game's, each title after the game it opens ("Evolution without Climate: A carnivore picks its
        prey"), so that a preset that changes the game says so in the menu.

        >>> from evo_lab.views.games import view_for
        >>> menu = view_for("evolution").scenario_menu("evolution-climate")
        >>> menu[0], menu[-1][0]
        (('Snowflakes bring the Ice Age', 'climate_cold'), 'Evolution without Climate: Food cards set the plant food')
        >>> view_for("evolution").scenario_menu("evolution")[-1][0]
        'Evolution with Climate: A used event leaves: the next one is drawn'
        """
        from evo_lab.games.evolution.scenarios import scenarios

        own = [(sc.title, sc.id) for sc in scenarios() if sc.game == game_id]
        other = [(f"{_GAME_WORDS[sc.game]}: {sc.title}", sc.id) for sc in scenarios() if sc.game != game_id]
        return own + other

    def scenario(self, name: str) -> Any:
        from evo_lab.games.evolution.scenarios import scenario

        return scenario(name)

    def scenario_note(self, name: str) -> str:
        from evo_lab.games.evolution.scenarios import scenario_info

        sc = scenario_info(name)
        return f"{sc.note} ({sc.rule})"

    def scenario_game_note(self, name: str, game_id: str) -> str:
        """The line said when the preset ``name`` is a game other than ``game_id`` (and so the tabs change).

        >>> from evo_lab.views.games import view_for
        >>> view_for("evolution").scenario_game_note("attack", "evolution-climate")
        'This scenario is a game of Evolution without Climate: the Climate tab is not shown.'
        >>> view_for("evolution").scenario_game_note("climate_cold", "evolution")
        'This scenario is a game of Evolution with Climate: the Climate tab is shown.'
        >>> view_for("evolution").scenario_game_note("attack", "evolution")
        ''
        """
        from evo_lab.games.evolution.scenarios import scenario_info

        target = scenario_info(name).game
        if target == game_id:
            return ""
        tab = "the Climate tab is shown" if target == "evolution-climate" else "the Climate tab is not shown"
        if "climate" not in (target + game_id):
            tab = "North Star's rules, not the 2016 course's"
        return f"This scenario is a game of {_GAME_WORDS[target]}: {tab}."


def _selected_words(what: str, n: int, both: bool = False) -> str:
    """The line above the action list for a selection (``what``, already HTML) with ``n`` actions, in plain words.

    >>> _selected_words("P1's species 1", 0)
    "P1's species 1 is selected on the board: it has nothing to do right now"
    >>> _selected_words("P1's species 1 and the card Horns", 2, both=True)
    "P1's species 1 and the card Horns are selected on the board: their 2 actions are listed first, then the other actions"
    """
    from evo_lab.core.words import plural

    verb, it, its = ("are", "they have", "their") if both else ("is", "it has", "its")
    if n:
        listed = (
            f"{its} {plural(n, 'action')} {'are' if n > 1 else 'is'} listed first, then the other actions"
        )
        return f"{what} {verb} selected on the board: {listed}"
    return f"{what} {verb} selected on the board: {it} nothing to do right now"


#: The games the presets are of, as the scenario menu names them.
_GAME_WORDS = {"evolution": "Evolution without Climate", "evolution-climate": "Evolution with Climate"}


def _assumed_words(value: str) -> str:
    """One assumed value of the Evolution pack (``"setup/official intelligence_food"``, ``"decks/climate food
    values"``) in words ("Intelligence food (official setup)", "food values of the Climate deck").

    >>> _assumed_words("setup/climate intelligence_food"), _assumed_words("decks/official food values")
    ('Intelligence food (Climate setup)', 'food values of the official deck')
    """
    names = {"official": "official", "climate": "Climate", "course2016": "course 2016"}
    part, _, rest = value.partition(" ")
    kind, _, variant = part.partition("/")
    if kind == "setup" and variant:
        return f"{rest.replace('_', ' ').capitalize()} ({names.get(variant, variant)} setup)"
    if kind == "decks" and variant:
        return f"{rest} of the {names.get(variant, variant)} deck"
    return value
