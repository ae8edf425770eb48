"""``OriginBoard``: the table of *The Origin of Species* as an anywidget (ESM ``board.js``, no build step). Python
draws the SVG (:func:`evo_lab.games.origin.svg.table_svg`, from the viewer's observation) and, under it, what the
selected animal may do (:func:`.inspect.animal_html`). The table is laid out for the width of the box the browser reports
(``{type: "size"}``, :mod:`evo_lab.views.widgets.board_box`). A click on an animal selects it; for a selected carnivore
every other animal is marked as a prey, with the exact chance that the attack eats it, or as blocked, with the
trait that protects it (:func:`evo_lab.games.origin.odds.attack_rows`); a click on a marked prey makes the attack
when the player to act may make it now. The same logic runs from Python (:meth:`OriginBoard.click_animal`).

>>> from evo_lab.games.origin.scenarios import scenario
>>> from evo_lab.views.widgets.session import Session
>>> b = OriginBoard(Session(scenario("running")))
>>> c, r = b.session.state.names["C"], b.session.state.names["R"]
>>> b.click_animal(c), b.selected == c, b.marks().targets[r]
('', True, 'eaten: 1/2 (50%)')
>>> "runs away" in b.info
True
>>> b.click_animal(r), b.session.state.node_name()          # the marked prey: attack it (Running's die)
('attack A1 A3', 'run')
>>> b.resize(450, 700); 'data-per-line="2"' in b.svg and 'width="450"' in b.svg   # a narrow column
True
"""

from __future__ import annotations

import pathlib
from fractions import Fraction
from typing import Any

import anywidget
import traitlets

from evo_lab.games.origin.odds import AttackOdds, OddsError, attack_rows
from evo_lab.games.origin.svg import WIDTH, Marks, table_svg
from evo_lab.games.origin.words import find_animal, owner_of
from evo_lab.views.games.base import keeps_selection
from evo_lab.views.widgets.board_box import BoxedBoard, esm_with_box
from evo_lab.views.widgets.common import KIT_CSS
from evo_lab.views.widgets.session import Session

from .inspect import animal_html, status_words

__all__ = ["OriginBoard", "actions_of", "chip", "percent"]

_HERE = pathlib.Path(__file__).parent


def chip(odds: AttackOdds) -> str:
    """The note on a prey of the selected carnivore: the exact chance that the attack eats it, or what happens
    instead when it never does ("never eaten: it drops a trait")."""
    p = odds.eaten
    if p == 1:
        return "eaten for sure"
    if p:
        return f"eaten: {p.numerator}/{p.denominator} ({percent(p)})"
    instead = [w for w, q in (("runs away", odds.escaped), ("drops a trait", odds.tail)) if q]
    return "never eaten: it " + " or ".join(instead) if instead else "never eaten"


def percent(p: Fraction) -> str:
    """A chance as a percentage, exact when it is a whole or half percent ("50%", "33.3%").

    >>> percent(Fraction(1, 2)), percent(Fraction(1, 3)), percent(Fraction(1, 8))
    ('50%', '33.3%', '12.5%')
    """
    x = p * 100
    return f"{x.numerator // x.denominator}%" if x.denominator == 1 else f"{float(x):.1f}%"


def actions_of(state: Any, aid: int) -> list:
    """The legal actions of the player to act that use animal ``aid`` (the picker lists them first)."""
    if state.is_terminal() or state.is_chance_node():
        return []
    out = []
    for a in state.legal_actions():
        k = a[0]
        if (
            k in ("eat", "fat", "pirate", "graze", "hibernate", "run", "accept", "tail", "mimic")
            and a[1] == aid
            or k == "attack"
            and aid in (a[1], a[2])
            or k == "trait"
            and aid in a[3:]
            or k == "share"
            and aid in (a[2], a[3])
        ):
            out.append(a)
    return out


class OriginBoard(anywidget.AnyWidget, BoxedBoard):
    """The table of a :class:`Session` of *The Origin of Species*. ``selected``: the id of the selected animal
    (0: none); ``info``: what it may do, as HTML. The browser reports the box the table is shown in
    (:class:`~evo_lab.views.widgets.board_box.BoxedBoard`) and the table is laid out for its width
    (:func:`evo_lab.games.origin.svg.layout_for`: animals to a line, wrapped header, zoom on a projector)."""

    _esm = esm_with_box(_HERE / "board.js")
    default_width = float(WIDTH)
    _css = (_HERE / "board.css").read_text(encoding="utf-8") + "\n" + KIT_CSS
    svg = traitlets.Unicode("").tag(sync=True)
    ply = traitlets.Int(0).tag(sync=True)
    selected = traitlets.Int(0).tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    info = traitlets.Unicode("").tag(sync=True)
    #: the selection once the table showing it has been sent: the action list and the Odds tab follow this one,
    #: so that the browser repaints before they are worked out
    picked = traitlets.Int(0)

    def __init__(self, session: Session, **kw: Any):
        super().__init__(**kw)
        self.session = session
        self._rows: list = []
        session.on_change(self._on_session)
        self.on_msg(self._on_msg)
        self.refresh()

    # ----- what is selected and marked
    def marks(self) -> Marks:
        """The selected animal, the animals the player to act may use and, for a selected carnivore, its prey
        (with the chance of a kill; clickable when the attack is legal now and the viewer may make it) and the
        animals a trait protects from it."""
        st = self.session.state
        m = Marks(selected=self.selected)
        if not st.is_terminal() and not st.is_chance_node():
            for a in st.legal_actions():
                if len(a) > 1 and isinstance(a[1], int) and a[0] not in ("animal", "trait", "share"):
                    m.active.add(a[1])
        v = self.session.viewer
        for r in self._rows:
            if r.odds is not None:
                m.targets[r.target] = chip(r.odds)
                owner = owner_of(st, self.selected)
                if r.now and (v is None or v == owner):
                    m.actions[r.target] = st.action_to_string(("attack", self.selected, r.target))
            else:
                m.blocked[r.target] = r.blocked
        return m

    def _prey(self) -> list:
        st = self.session.state
        a = find_animal(st, self.selected) if self.selected else None
        if a is None or st.game.CARN not in {t for t, _c in a.traits}:
            return []
        try:
            return attack_rows(st, self.selected)
        except OddsError:
            return []

    # ----- drawing
    def refresh(self, selected: int | None = None) -> None:
        """Redraw (with the selection ``selected`` when given: the new selection and its drawing reach the
        browser in one message)."""
        s = self.session
        st = s.state
        with self.hold_sync():
            if selected is not None:
                self.selected = selected
            if self.selected and find_animal(st, self.selected) is None:
                self.selected = 0
            self._rows = self._prey()
            w, h = self.box
            self.svg = table_svg(st, s.viewer, self.marks(), title=False, width=w, height=h)
            self.ply = s.tree.ply
            self.status = status_words(st)
            self.info = animal_html(st, self.selected, self._rows, s.viewer) if self.selected else ""
            self.error = s.error
        self.picked = self.selected

    def _on_session(self, what: str) -> None:
        if what == "error":
            self.error = self.session.error
            return
        st = self.session.state
        a = find_animal(st, self.selected) if self.selected else None
        if what == "move" and a is not None and not keeps_selection(st, a.owner):
            self.refresh(
                0
            )  # a move passed the turn on: the last player's animal is no longer what the table is about
            return
        self.refresh()

    # ----- interaction (the browser sends the same)
    def click_animal(self, aid: int) -> str:
        """A click on animal ``aid``: attack it if it is a marked prey the player to act may attack now, else
        select it (or deselect it). Returns the action played, or ``""``."""
        action = self.marks().actions.get(aid) if self.selected else None
        if action:
            return action if self.play(action) else ""
        self.refresh(0 if self.selected == aid else aid)
        return ""

    def play(self, action: str) -> bool:
        """Apply ``action`` through the engine; an illegal or unreadable one shows its error and changes nothing."""
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
            if content.get("type") == "animal":
                self.click_animal(int(content["animal"]))
            elif content.get("type") == "action":
                self.play(str(content.get("action", "")))
        except (KeyError, TypeError, ValueError) as e:
            self.error = f"bad message from the board: {e}"
