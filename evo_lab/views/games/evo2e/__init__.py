"""Evo 2e's view plugin: the hex board widget (anywidget, :mod:`.board_widget`), the Combat, Climate and Auction
tabs, Evo's players and story tabs, the bots of :mod:`evo_lab.bots`, and Evo's words (:mod:`evo_lab.games.evo2e.words`).

>>> import evo_lab
>>> from evo_lab.views.games import view_for
>>> v = view_for(evo_lab.Game(players=2))
>>> type(v).__name__, sorted(v.bots(None))
('Evo2eView', ['analysis', 'greedy', 'ismcts', 'lively', 'random'])
"""

from __future__ import annotations

from html import escape
from typing import Any

from evo_lab.views.games.base import GameView, PolicyFactory

__all__ = ["Evo2eView"]

#: Chance nodes whose outcomes a player may not see listed (they show what is left in the bag or the deck).
HIDDEN_CHANCE = ("exclude", "gene", "card", "peek")
#: Chance nodes resolved right after the decision that calls for them: the combat die, the killer babies' die.
AUTO_CHANCE = ("die", "kbdie")


class Evo2eView(GameView):
    """Evo (Second Edition) in the explorer; Evo first edition (``evo1e``) uses it too."""

    name = "evo2e"
    #: what a score is counted in (the Analysis tab): mutation points
    score_unit = "MP"

    # ----- words
    def header_html(self, game: Any) -> str:
        label = "Evo 2e" if game.name == "evo2e" else escape(game.title)
        from evo_lab.games.evo2e.words import board_words

        return f"{label}, {game.players} players, {escape(board_words(game.board.name))}"

    def action_words(self, state: Any, action: Any, viewer: int | None = None) -> str:
        from evo_lab.games.evo2e.words import action_words

        return action_words(state, action, viewer)

    def choice_label(self, state: Any, action: Any) -> str:
        from evo_lab.games.evo2e.words import choice_label

        return choice_label(state, action)

    def history_line(self, node: Any, viewer: int | None = None) -> str:
        from evo_lab.games.evo2e.words import history_line

        return history_line(node, viewer)

    def node_words(self, state: Any) -> str:
        from evo_lab.games.evo2e.words import node_words

        return node_words(state)

    def game_over_html(self, state: Any) -> str:
        from evo_lab.views.widgets.common import player_html
        from evo_lab.core.words import plural

        from .odds_bridge import rounds_played

        n = rounds_played(state)
        mp = ", ".join(f"{player_html(p)} {v} MP" for p, v in enumerate(state.returns()))
        return (
            f"game over after {plural(n, 'round')}, won by "
            + ", ".join(player_html(p) for p in state.winners())
            + f" ({mp})"
        )

    def status_html(self, state: Any, tree: Any) -> str:
        from evo_lab.core.words import capitalised
        from evo_lab.games.evo2e.svg import CLIMATE_COLOURS

        who = self.who_html(state)
        clim = ", ".join(
            f"{t} <span style='color:{CLIMATE_COLOURS[c]}'>{c}</span>"
            for t, c in state.terrain_states().items()
        )
        sep = "; " if state.is_chance_node() else ": "  # "phase; chance: the die is rolled" (not two colons)
        head = (
            f"<b>{who}</b>"
            if state.is_terminal()
            else f"<b>Round {state.round}</b>, {escape(state.phase_name())} phase{sep}{who}"
        )
        return (
            f"<div class='evo-status-main'>{capitalised(head)}</div><div class='evo-status-sub'>climate section "
            f"{state.section}: {clim}; {self.where_words(tree)}</div>"
        )

    def scores(self, state: Any) -> list:
        return list(state.returns())

    # ----- chance and bots
    def auto_chance(self, state: Any) -> bool:
        return state.node_name() in AUTO_CHANCE

    def hidden_chance(self, state: Any, viewer: int | None) -> bool:
        return viewer is not None and state.node_name() in HIDDEN_CHANCE

    def bots(self, game: Any) -> dict[str, PolicyFactory]:
        from evo_lab.bots import BOTS, make_bot

        def factory(name: str) -> PolicyFactory:
            def build(seed: int | None) -> Any:
                bot = make_bot(name, seed=seed)
                return lambda st: bot(st, st.current_player())

            return build

        return {name: factory(name) for name in BOTS}

    def story_rounds(self, path: list, viewer: int | None = None) -> list[tuple[Any, list[str]]]:
        """Each round in a few lines from the engine's events (:func:`evo_lab.views.summary.round_summary`:
        climate, auction, moves and fights, births, deaths, cards, scoring; hidden cards are not named)."""
        from evo_lab.core.words import capitalised
        from evo_lab.views.summary import round_summary, rounds_on_path

        return [(r, [capitalised(x) for x in round_summary(path, r)]) for r in rounds_on_path(path)]

    # ----- widgets
    def make_board(self, session: Any) -> Any:
        import ipywidgets as W

        from .board_widget import BoardWidget

        board = BoardWidget(session=session, layout=W.Layout(width="100%"))
        board.show_assumed = False  # the explorer's top bar says the assumed data once
        return board

    def extra_panels(self, session: Any, board: Any) -> list[tuple[str, str, Any]]:
        from .auction import AuctionPanel
        from .climate import ClimatePanel
        from .combat import CombatInspector

        return [
            ("Combat", "combat", CombatInspector(session, board=board)),
            ("Climate", "climate", ClimatePanel(session)),
            ("Auction", "auction", AuctionPanel(session)),
        ]

    def players_panel(self, session: Any) -> Any:
        from .players import PlayersPanel

        return PlayersPanel(session)

    def story_panel(self, session: Any) -> Any:
        from .players import StoryPanel

        return StoryPanel(session)

    # ----- the board's selection: a dinosaur's space
    def belongs(self, state: Any, action: Any, selected: Any) -> bool:
        from evo_lab.views.snapshot import BOARD_KINDS

        return action.kind in BOARD_KINDS and action.a == selected

    def selection_note(self, state: Any, selected: Any, n: int) -> str:
        from evo_lab.core.words import plural

        if not n:
            return ""
        return f"dinosaur on <b>{state.game.labels[selected]}</b> selected on the board: its {plural(n, 'action')} first"

    # ----- new games and data
    def new_game_fields(self) -> list:
        import ipywidgets as W

        style = {"description_width": "5em"}
        board = W.Dropdown(
            description="Board",
            options=[("standard for the player count", "")],
            style=style,
            layout=W.Layout(width="auto", min_width="290px"),
        )
        board_file = W.Text(
            description="or file",
            placeholder="path to a board JSON",
            style=style,
            layout=W.Layout(width="calc(100% - 4px)", max_width="460px"),
        )
        board_file.add_class("evo-server-path")  # a server file: hidden and refused on the classroom page
        return [board, board_file]

    def new_game_options(self, fields: list) -> dict:
        from evo_lab.games.evo2e.board import Board

        path = fields[1].value.strip() if len(fields) > 1 else ""
        return {"board": Board.load(path)} if path else {}

    def scenarios(self) -> list[tuple[str, str]]:
        from evo_lab.games.evo2e.scenarios import scenarios

        return [(sc.title, sc.id) for sc in scenarios()]

    def scenario(self, name: str) -> Any:
        from evo_lab.games.evo2e.scenarios import scenario

        return scenario(name)

    def scenario_note(self, name: str) -> str:
        from evo_lab.games.evo2e.scenarios import scenario_info

        sc = scenario_info(name)
        return f"{sc.note} ({sc.rule})"

    def data_doc(self, game: Any) -> str:
        return "docs/data.md"

    def assumed_values(self, game: Any, parts: tuple[str, ...] | None = None) -> list[str]:
        from evo_lab.views.snapshot import assumed_values

        return assumed_values(game, parts)
