"""``EvolutionBoard``: Evolution's table as an anywidget (ESM ``board.js``, no build step). Python draws the SVG
(:func:`evo_lab.games.evolution.svg.table_svg`, from the viewer's observation); a click on a species selects it, a click on a card of
the viewer's hand selects the card, and a click on a species marked as prey of the selected carnivore plays
that attack through the engine. The same logic runs from Python (:meth:`click_species`, :meth:`click_card`).

>>> import evo_lab
>>> from evo_lab.games.evolution.positions import from_boards
>>> from evo_lab.views.widgets.session import Session
>>> g = evo_lab.make_game("evolution", players=2)
>>> b = EvolutionBoard(Session(from_boards(g, [[(4, 2, 0, 0, ["carnivore"])], [(2, 2, 0, 0, [])]], watering_hole=3)))
>>> b.click_species(0, 0), b.selected, sorted(b.marks().targets)
('', '0.0', [(1, 0)])
>>> b.click_species(1, 0), b.session.state.players[1].species[0].pop     # the marked prey: attack it
('attack 1 P2.1', 1)
"""

from __future__ import annotations

import pathlib
from typing import Any

import anywidget
import traitlets

from evo_lab.games.evolution.svg import WIDTH, Marks, table_svg
from evo_lab.views.games.base import keeps_selection
from evo_lab.views.widgets.board_box import BoxedBoard, esm_with_box
from evo_lab.views.widgets.common import KIT_CSS
from evo_lab.views.widgets.session import Session

from .attack import attack_rows

__all__ = ["EvolutionBoard", "parse_key"]

_HERE = pathlib.Path(__file__).parent


def parse_key(key: str) -> tuple[int, int] | None:
    """``"1.2"`` -> ``(1, 2)`` (player, species index); ``""`` -> None."""
    if not key:
        return None
    q, _, j = key.partition(".")
    return int(q), int(j)


class EvolutionBoard(anywidget.AnyWidget, BoxedBoard):
    """The table of a :class:`Session` of Evolution: species boards, hands, the watering hole, the bags.

    ``selected``: the selected species as ``"player.index"`` (0-based, ``""``: none); ``card``: the selected card
    label of the viewer's hand (``""``: none). The browser reports the box the table is shown in (the shared
    :class:`~evo_lab.views.widgets.board_box.BoxedBoard`, as Origin's board) and the table is laid out for it
    (:func:`~evo_lab.games.evolution.svg.table_svg`: its width filled, zoomed on a projector)."""

    _esm = esm_with_box(_HERE / "board.js")
    default_width = float(WIDTH)
    _css = (_HERE / "board.css").read_text(encoding="utf-8") + "\n" + KIT_CSS
    svg = traitlets.Unicode("").tag(sync=True)
    ply = traitlets.Int(0).tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True)
    card = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)

    def __init__(self, session: Session, **kw: Any):
        super().__init__(**kw)
        self.session = session
        session.on_change(self._on_session)
        self.on_msg(self._on_msg)
        self.refresh()

    # ----- what is selected and marked
    def species(self) -> tuple[int, int] | None:
        return parse_key(self.selected)

    def hand(self) -> list[str]:
        """The card labels the viewer sees in the hand of the player to act (the teacher: every hand's)."""
        st = self.session.state
        obs = self.session.observation()
        cur = st.current_player()
        out: list[str] = []
        for q, pl in enumerate(obs["players"]):
            if isinstance(pl["hand"], list) and (q == cur or self.session.viewer == q):
                out += pl["hand"]
        return out

    def marks(self) -> Marks:
        """The selection, and for a selected carnivore its possible prey (click to attack, when the player to
        act may) and the species it may not attack with the trait that blocks it (``state.attack_report``)."""
        st = self.session.state
        sel = self.species()
        targets: dict = {}
        blocked: dict = {}
        if sel is not None and st.players[sel[0]].species[sel[1]].has("carnivore"):
            v = self.session.viewer
            for r in attack_rows(st, *sel):
                if r.blocker is not None:
                    blocked[r.target] = r.blocker
                elif r.legal and (v is None or v == sel[0]):
                    targets[r.target] = r.legal
        return Marks(sel, self.card, targets, blocked)

    def _valid(self) -> None:
        """Drop a selection that no longer exists (a species gone extinct, a card played)."""
        sel = self.species()
        players = self.session.state.players
        if sel is not None and not (sel[0] < len(players) and sel[1] < len(players[sel[0]].species)):
            self.selected = ""
        if self.card and self.card not in self.hand():
            self.card = ""

    # ----- drawing
    def refresh(self) -> None:
        s = self.session
        with self.hold_sync():
            self._valid()
            self.svg = table_svg(
                s.state, s.viewer, self.marks(), width=self.box[0], height=self.box[1], assumed_note=False
            )
            self.ply = s.tree.ply
            self.status = _status(s)
            self.error = s.error

    def _on_session(self, what: str) -> None:
        if what == "error":
            self.error = self.session.error
            return
        sel = self.species()
        if what == "move" and sel is not None and not keeps_selection(self.session.state, sel[0]):
            self.selected = (
                ""  # the turn passed on: the last player's species is no longer what the table is about
            )
        self.refresh()

    # ----- interaction (the browser sends the same)
    def click_species(self, player: int, index: int) -> str:
        """A click on species ``index`` of ``player``: attack it if it is a marked prey of the selected
        carnivore, else select it (or deselect it). Returns the action played, or ``""``."""
        action = self.marks().targets.get((player, index))
        if action:
            return action if self.play(action) else ""
        key = f"{player}.{index}"
        self.selected = "" if self.selected == key else key
        self.refresh()
        return ""

    def click_card(self, label: str) -> str:
        """A click on a card of the hand: select it (or deselect it); the action list puts its uses first."""
        self.card = "" if self.card == label or label not in self.hand() else label
        self.refresh()
        return ""

    def play(self, action: str) -> bool:
        """Apply ``action`` through the engine; an illegal or unreadable one shows its error and changes
        nothing."""
        err = self.session.try_play(action)
        if err:
            self.error = err
            return False
        return True

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        try:
            if self.size_message(content):
                return
            if content.get("type") == "species":
                self.click_species(int(content["player"]), int(content["species"]))
            elif content.get("type") == "card":
                self.click_card(str(content.get("card", "")))
            elif content.get("type") == "action":
                self.play(str(content.get("action", "")))
        except (KeyError, TypeError, ValueError) as e:
            self.error = f"bad message from the board: {e}"


def _status(s: Session) -> str:
    """The board's status line in words: who acts and what they are offered ("P2 to attack with a carnivore or
    feed a species")."""
    from evo_lab.games.evolution.words import node_words

    st = s.state
    if st.is_terminal():
        return "Game over: " + ", ".join(f"P{p + 1}" for p in st.winners()) + " won"
    if st.is_chance_node():
        return f"Chance: {_capital(node_words(st))}. Press Step."
    return f"P{st.current_player() + 1} to {node_words(st)}"


def _capital(words: str) -> str:
    """``words`` with a capital first letter ("P2 draws a card", "The climate moves")."""
    return words[:1].upper() + words[1:]
