"""``GameView``: the view plugin protocol, with defaults that work for any game of the shared core.

A plugin overrides what its game needs; everything else comes from the state protocol: the board is
``state.to_svg(viewer)`` in an HTML widget, actions are said by ``state.describe_action``, a hidden history item
by the observer's masked string, the bots are a seeded random bot and ``greedy_policy(rng)`` of the game
package's ``bots`` module when there is one.

>>> import evo_lab
>>> v = GameView()
>>> s = evo_lab.make_game("evolution", players=2, seed=1).new_initial_state_dealt()
>>> v.round_key(s), v.phase_key(s), sorted(v.bots(s.game))
(1, 'food', ['greedy', 'random'])
>>> v.action_words(s, s.legal_actions()[0], viewer=1)       # P1's food card is P1's secret
'P1 food P1 ? (hidden)'
"""

from __future__ import annotations

import importlib
import re
from html import escape
from typing import Any
from collections.abc import Callable

import numpy as np

from evo_lab.core.draw import draw
from evo_lab.core.words import capitalised

__all__ = [
    "GameView",
    "Policy",
    "PolicyFactory",
    "keeps_selection",
    "merge_deals",
    "random_policy",
    "registry_id",
    "starts_fresh",
]

Policy = Callable[[Any], Any]
#: ``factory(seed) -> policy(state) -> action``
PolicyFactory = Callable[[int | None], Policy]


def random_policy(seed: int | None = None) -> Policy:
    """A uniformly random legal action, drawn with :func:`evo_lab.core.draw.draw` (seeded, reproducible)."""
    rng = np.random.default_rng(seed)

    def policy(state: Any) -> Any:
        acts = state.legal_actions()
        return acts[draw([1] * len(acts), rng)]

    return policy


def registry_id(game: Any) -> str:
    """The registry id that builds games like ``game`` (``"evolution-climate"`` for a Climate game): among the
    ids registered for its class, the one whose fixed options the game matches most."""
    from evo_lab.core.registry import game_info, registered_games

    name = getattr(game, "name", "")
    best, score = name, -1
    for gid in registered_games():
        if gid != name and not gid.startswith(name + "-"):
            continue
        entry = game_info(gid)
        try:
            if entry.load() is not type(game):
                continue
        except ImportError:  # pragma: no cover - a broken registration must not break the explorer
            continue
        opts = entry.options
        if all(getattr(game, k, None) == v for k, v in opts.items()) and len(opts) > score:
            best, score = gid, len(opts)
    return best


def _player(p: int) -> str:
    return f"P{p + 1}"


_DEAL = re.compile(r"chance: (P\d+) (draws|is dealt) (.+)")
_HIDDEN = "a card (hidden)"


def merge_deals(lines: list[str]) -> list[str]:
    """A run of deal lines ("chance: P2 draws Horns (food +1)", one per card) as one line per player, in the order
    they first drew: "chance: P2 draws 4 cards: Horns (food +1), ..." (a story is not a list of every card dealt);
    the cards a viewer may not see are counted ("chance: P2 draws 4 cards (hidden)").

    >>> merge_deals(["chance: P1 is dealt Swimming", "chance: P2 is dealt a card (hidden)",
    ...              "chance: P1 is dealt Piracy", "chance: P2 is dealt a card (hidden)", "P1 passes"])
    ['chance: P1 is dealt 2 cards: Swimming, Piracy', 'chance: P2 is dealt 2 cards (hidden)', 'P1 passes']
    """
    out: list[str] = []
    run: dict[tuple[str, str], list[str]] = {}

    def flush() -> None:
        for (who, verb), cards in run.items():
            if len(cards) == 1:
                out.append(f"chance: {who} {verb} {cards[0]}")
            elif all(c == _HIDDEN for c in cards):
                out.append(f"chance: {who} {verb} {len(cards)} cards (hidden)")
            else:
                out.append(f"chance: {who} {verb} {len(cards)} cards: {', '.join(cards)}")
        run.clear()

    for line in lines:
        m = _DEAL.fullmatch(line)
        if m:
            run.setdefault((m.group(1), m.group(2)), []).append(m.group(3))
        else:
            flush()
            out.append(line)
    flush()
    return out


def keeps_selection(state: Any, owner: int) -> bool:
    """Whether a piece of player ``owner`` stays selected after a move: while its move is still being resolved
    (a chance node, e.g. the Running die) or while its owner is the player to act; the next player's turn starts
    with nothing selected (a stale selection would mark prey that no one may attack now)."""
    if state.is_terminal():
        return False
    return state.is_chance_node() or state.current_player() == owner


def starts_fresh(state: Any) -> bool:
    """Whether ``state`` was reached from its game's initial state by its own history (the initial state itself,
    or a game played from it), not a set-up position: a scenario may be a set-up position with a move already
    applied (Origin's Tail Loss: the attack made, the defender to choose), which has a history but no start.
    The history is replayed from the game's initial state and the two positions compared."""
    try:
        start = state.game.new_initial_state()
        for action in state.history():
            start.apply_action(action)
        return bool(start.to_json() == state.to_json())
    except Exception:  # noqa: BLE001 - a game without positions, a history that does not replay: not a start
        return False


class GameView:
    """The defaults of every view plugin (see the module docstring). Plugins hold no state: each method gets
    the state, game or session it works on."""

    #: the ``game.name`` this plugin draws ("" for the defaults)
    name = ""
    #: what a round is called in the status line ("turn" in Origin of Species)
    round_word = "round"
    #: the board widget's traits that hold the selection (the action picker follows them)
    selection_traits: tuple[str, ...] = ("selected",)

    # ------------------------------------------------------------------ words
    def title(self, game: Any) -> str:
        return str(getattr(game, "title", "") or getattr(game, "name", "game"))

    def header_html(self, game: Any) -> str:
        """What the explorer's header says about the game ("Evolution (North Star Games), 4 players")."""
        variant = getattr(game, "variant", "")
        var = f" ({escape(str(variant))})" if variant and variant not in ("official", "base") else ""
        return f"{escape(self.title(game))}{var}, {game.players} players"

    def action_words(self, state: Any, action: Any, viewer: int | None = None) -> str:
        """``action`` (about to be applied at ``state``) in words with who does it, as ``viewer`` may see it: a
        secret of someone else is the observer's masked string."""
        if isinstance(action, str):
            action = state.parse_action(action)
        text = state.action_to_string(action)
        masked = state.masked_action_string(action, viewer) if viewer is not None else text
        if state.is_chance_node():
            if masked != text:
                return f"chance: {masked} (hidden)"
            return "chance: " + self._describe(state, action, text)
        who = _player(state.current_player())
        if masked != text:
            return f"{who} {masked} (hidden)"
        words = self._describe(state, action, text)
        return words if words.startswith(who) else f"{who} {words}"

    @staticmethod
    def _describe(state: Any, action: Any, text: str) -> str:
        describe = getattr(state, "describe_action", None)
        if describe is None:
            return text
        try:
            return str(describe(action))
        except Exception:  # noqa: BLE001 - a description must never break a view
            return text

    def choice_label(self, state: Any, action: Any) -> str:
        """An action of the player to act as the action list shows it (without "P1 " in front)."""
        words = self._describe(state, action, state.action_to_string(action))
        return words.removeprefix(_player(state.current_player()) + " ")

    def actions_note(self, state: Any) -> str:
        """A note said once under the action list (plain text; "" for none): Evolution says there that the
        cards' food values are assumed, instead of on every line."""
        return ""

    def history_line(self, node: Any, viewer: int | None = None) -> str:
        """A game-tree node as one line of the history: ``"13. P2 feeds species 1 from the watering hole"``."""
        if node.parent is None or node.action is None:
            return f"{node.ply}. start"
        return f"{node.ply}. {self.action_words(node.parent.state, node.action, viewer)}"

    def story_lines(self, node: Any, viewer: int | None = None) -> list[str]:
        """What the story tab says about a node: its action in words (plugins add what it caused)."""
        return [self.history_line(node, viewer).split(". ", 1)[-1]]

    def story_rounds(self, path: list, viewer: int | None = None) -> list[tuple[Any, list[str]]]:
        """``(round, lines)`` for every round along ``path`` (game-tree nodes, root first), oldest first: the
        story tab shows the last two, :func:`evo_lab.views.export.export_story` all of them. Default: each
        node's :meth:`story_lines` under the round it was played in (:meth:`round_key` of the state before)."""
        by_round: dict[Any, list[str]] = {}
        for node in path[1:]:
            by_round.setdefault(self.round_key(node.parent.state), []).extend(self.story_lines(node, viewer))
        return [(r, [capitalised(x) for x in merge_deals(lines)]) for r, lines in by_round.items()]

    def board_svg(self, state: Any, viewer: int | None = None) -> str:
        """The board as one standalone SVG document, as ``viewer`` may see it (the export's picture; default:
        the state's own ``to_svg``)."""
        from evo_lab.views.widgets.svg_board import svg_of

        return svg_of(state, viewer)

    def who_html(self, state: Any) -> str:
        """Who acts and what they must do, in words ("P1 to bid on a lot of the gene auction", "chance: the combat
        die is rolled")."""
        from evo_lab.views.widgets.common import player_html

        if state.is_terminal():
            return self.game_over_html(state)
        if state.is_chance_node():
            return f"chance: {escape(self.node_words(state))}"
        return f"{player_html(state.current_player())} to {escape(self.node_words(state))}"

    def game_over_html(self, state: Any) -> str:
        from evo_lab.views.widgets.common import player_html

        win = getattr(state, "winners", None)
        who = ", ".join(player_html(p) for p in win()) if win else ""
        scores = self.scores(state)
        pts = "; ".join(f"{player_html(p)} {v}" for p, v in enumerate(scores)) if scores else ""
        return "game over" + (f", won by {who}" if who else "") + (f" (scores: {pts})" if pts else "")

    def status_html(self, state: Any, tree: Any) -> str:
        """The stepper's status: round, phase, who acts, the position in the game."""
        who = self.who_html(state)
        r = self.round_key(state)
        # "Round 2, the deal; chance: P3 draws a card": a semicolon before chance's own colon (not two colons)
        sep = "; " if state.is_chance_node() and not state.is_terminal() else ": "
        if state.is_terminal():
            head = f"<b>{who}</b>"
        elif r is None:
            head = f"<b>{escape(self.phase_words(state))}</b>{sep}{who}"
        else:
            head = f"<b>{self.round_word.capitalize()} {r}</b>, {escape(self.phase_words(state))}{sep}{who}"
        return f"<div class='evo-status-main'>{capitalised(head)}</div><div class='evo-status-sub'>{self.where_words(tree)}</div>"

    def where_words(self, tree: Any) -> str:
        """Where the game shown is, in words a player reads beside the round: "the start of the game", "move 12 of
        the game" (counted from the game's start, moves before the tree's first position included), or, for a tree
        that starts at a set-up position (a scenario, a position file), "the start of the scenario" and "move 3 of
        the scenario" (not "move 0 of the game" in round 3)."""
        root = tree.path()[0].state
        cached = getattr(self, "_where_root", None)
        if cached is not None and cached[0] is root:
            played, fresh = cached[1], cached[2]
        else:
            history = getattr(root, "history", None)
            played = len(history()) if callable(history) else 0
            fresh = starts_fresh(root)  # a set-up position counts from itself, even with a move applied
            self._where_root = (root, played, fresh)
        if fresh:
            n = played + tree.ply
            return f"move {n} of the game" if n else "the start of the game"
        return f"move {tree.ply} of the scenario" if tree.ply else "the start of the scenario"

    def node_name(self, state: Any) -> str:
        """The id of the node the state waits at (for code; a person reads :meth:`node_words`)."""
        f = getattr(state, "node_name", None)
        return str(f()) if f else ("chance" if state.is_chance_node() else "decide")

    def node_words(self, state: Any) -> str:
        """What the state waits for, in words: the verb phrase of the player to act ("bid on a lot of the gene
        auction"), or what chance does ("the combat die is rolled"). Plugins say their game's; the default is the
        node's id with its underscores as spaces ("the deal" at a chance node named ``deal``)."""
        name = self.node_name(state).replace("_", " ")
        if state.is_chance_node():
            return "a chance outcome" if name == "chance" else f"the {name}"
        return name

    def phase_words(self, state: Any) -> str:
        """The phase in words for the status line ("movement phase"; Evolution: "the deal")."""
        return f"{self.phase_key(state)} phase"

    def scores(self, state: Any) -> list:
        """Points so far (``scores()`` or ``current_scores()`` of the state), or ``[]``."""
        for name in ("scores", "current_scores"):
            f = getattr(state, name, None)
            if callable(f):
                try:
                    return list(f())
                except Exception:  # noqa: BLE001
                    return []
        return []

    # ------------------------------------------------------------------ progress (Phase / Round buttons)
    def phase_key(self, state: Any) -> Any:
        f = getattr(state, "phase_name", None)
        return f() if callable(f) else getattr(state, "phase", None)

    def round_key(self, state: Any) -> Any:
        r = getattr(state, "round", None)
        return r if r is not None else getattr(state, "turn", None)

    # ------------------------------------------------------------------ chance
    def auto_chance(self, state: Any) -> bool:
        """Resolve this chance node at once after a decision (Evo's combat die); default: never."""
        return False

    def hidden_chance(self, state: Any, viewer: int | None) -> bool:
        """Whether listing this chance node's outcomes would tell ``viewer`` a secret (then the picker only
        offers Step): the observer marks an outcome secret."""
        if viewer is None:
            return False
        acts = state.legal_actions()
        secret = getattr(state.game.observer, "action_secret", None)
        return bool(acts) and secret is not None and secret(state, acts[0]) is not None

    # ------------------------------------------------------------------ bots
    def bots(self, game: Any) -> dict[str, PolicyFactory]:
        """``name -> factory(seed)`` of the bots offered in the stepper."""
        out: dict[str, PolicyFactory] = {"random": random_policy}
        mod = self._bots_module(game)
        greedy = getattr(mod, "greedy_policy", None)
        if greedy is not None:
            out["greedy"] = lambda seed: greedy(np.random.default_rng(seed))
        return out

    @staticmethod
    def _bots_module(game: Any) -> Any:
        pkg = type(game).__module__.rpartition(".")[0]
        try:
            return importlib.import_module(pkg + ".bots") if pkg else None
        except ImportError:
            return None

    # ------------------------------------------------------------------ widgets
    def make_board(self, session: Any) -> Any:
        from evo_lab.views.widgets.svg_board import SvgBoard

        return SvgBoard(session)

    def extra_panels(self, session: Any, board: Any) -> list[tuple[str, str, Any]]:
        """``(tab title, explorer attribute, widget)`` of the game's own inspector tabs."""
        return []

    def tabs_key(self, game: Any) -> Any:
        """What decides this game's inspector tabs besides the plugin (Evolution: whether it is a Climate game):
        the explorer rebuilds its game widgets when it changes."""
        return None

    def players_panel(self, session: Any) -> Any:
        from evo_lab.views.widgets.tables import GenericPlayersPanel

        return GenericPlayersPanel(session)

    def story_panel(self, session: Any) -> Any:
        from evo_lab.views.widgets.tables import GenericStoryPanel

        return GenericStoryPanel(session)

    # ------------------------------------------------------------------ the board's selection
    def selection(self, board: Any) -> Any:
        """What is selected on ``board`` (None: nothing)."""
        sel = getattr(board, "selected", None)
        return None if sel in (None, "", -1) else sel

    def belongs(self, state: Any, action: Any, selected: Any) -> bool:
        """Whether ``action`` is one of the selected piece's (listed first by the picker)."""
        return False

    def selection_note(self, state: Any, selected: Any, n: int) -> str:
        return ""

    # ------------------------------------------------------------------ new games and data
    def new_game_fields(self) -> list:
        """Extra widgets of the game files tab's *New game* row (Evo 2e: the board). A field that names a file
        on the server carries the CSS class ``evo-server-path`` (the classroom page hides and refuses it)."""
        return []

    def new_game_options(self, fields: list) -> dict:
        """The ``make_game`` options those fields hold."""
        return {}

    def scenarios(self) -> list[tuple[str, str]]:
        """Named preset positions a teacher opens from the game files tab: ``(title, id)`` (none by default)."""
        return []

    def scenario_menu(self, game_id: str) -> list[tuple[str, str]]:
        """The Scenario menu when the game ``game_id`` (a registry id) is picked: ``(title, id)``, that game's own
        presets first and any preset of another game labelled with it (default: :meth:`scenarios`)."""
        return self.scenarios()

    def scenario_game_note(self, name: str, game_id: str) -> str:
        """A line for the page when the preset ``name`` is a game other than ``game_id`` (its tabs change); ""
        when it is that game (the default)."""
        return ""

    def scenario(self, name: str) -> Any:
        """A new state of the preset ``name`` (a ``KeyError`` naming the known ids when there is none)."""
        known = [i for _t, i in self.scenarios()]
        raise KeyError(
            f"unknown scenario {name!r}; the scenarios are {', '.join(known) or '(none for this game)'}"
        )

    def scenario_note(self, name: str) -> str:
        """What to show with the preset ``name`` and the rule it illustrates (plain text; "" when none)."""
        return ""

    def data_doc(self, game: Any) -> str:
        """The document that lists the game's data and its provenance."""
        return f"docs/{getattr(game, 'name', 'data')}.md"

    def data_doc_words(self, game: Any) -> str:
        """Where a person reads the data's sources, in words (no file path): "the kit's documentation, its page on
        Evo (Second Edition)'s data"."""
        return f"the kit's documentation, its page on {getattr(game, 'title', 'the game')}'s data"

    def assumed_values(self, game: Any, parts: tuple[str, ...] | None = None) -> list[str]:
        """The assumed (not printed) data values behind the views: the data pack's ``assumed()``."""
        pack = getattr(game, "pack", None)
        f = getattr(pack, "assumed", None)
        try:
            vals = f() if callable(f) else []
        except Exception:  # noqa: BLE001
            return []
        return list(vals) if isinstance(vals, (list, tuple)) else []
