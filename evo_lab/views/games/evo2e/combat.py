"""``CombatInspector``: the attack just played (attacker, defender, spaces, horns, its exact chance, the die and what
happened: :mod:`.last_fight`), and exact attack odds for any two dinosaurs on the board or for horns set by hand.

>>> import evo_lab
>>> from evo_lab.views.widgets.session import Session
>>> c = CombatInspector(Session(players=2, seed=1))
>>> c.att.value, c.dfn.value = 1, 0
>>> c.odds()["probability"]
Fraction(2, 3)
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as W
import plotly.graph_objects as go

from evo_lab.core.words import plural

from . import odds_bridge
from .last_fight import fight_html, last_fight
from evo_lab.views.widgets.common import Panel, badge_html, fmt_prob, row
from evo_lab.views.widgets.session import Session

__all__ = ["CombatInspector"]

SLIDERS = -1
#: The choice of a side whose horns are set by hand on the sliders (no dinosaur of the board).
BY_HAND = "any dinosaur: horns set below"


class CombatInspector(Panel):
    """The attack just played this round (``last``), then what-if odds: pick an attacker and a defender (or use
    the board's selection), or set horns and modifiers by hand; the die's faces, the breakdown and the attack
    plan with the movement points left. After an attack the what-if shows the same two dinosaurs (a retry after
    a failure); after a move it follows the attacker to its new space; a dinosaur that is gone takes its side
    back to the horns set by hand."""

    def __init__(self, session: Session, board: Any = None):
        style = {"description_width": "initial"}
        wide = W.Layout(width="auto", min_width="170px")
        self.attacker = W.Dropdown(
            description="Attacker", options=[(BY_HAND, SLIDERS)], value=SLIDERS, style=style, layout=wide
        )
        self.defender = W.Dropdown(
            description="Defender",
            options=[(BY_HAND, SLIDERS)],
            value=SLIDERS,
            style=style,
            layout=W.Layout(width="auto", min_width="170px"),
        )
        slider = W.Layout(width="100%", min_width="240px")
        # the horns before the bonuses (the sentence below says the total: 2 here + large horn 2 = "4 horns")
        self.att = W.IntSlider(
            description="Attack horns",
            min=0,
            max=8,
            value=1,
            style=style,
            layout=slider,
        )
        self.dfn = W.IntSlider(
            description="Defence horns",
            min=0,
            max=8,
            value=0,
            style=style,
            layout=W.Layout(width="100%", min_width="240px"),
        )
        box = W.Layout(width="auto")
        self.large_horn = W.Checkbox(description="large horn (+2 attack)", indent=False, layout=box)
        self.frenzied = W.Checkbox(
            description="frenzied attack (+2 attack)", indent=False, layout=W.Layout(width="auto")
        )
        self.bony = W.Checkbox(
            description="bony plates (+2 defence)", indent=False, layout=W.Layout(width="auto")
        )
        self.last = W.HTML()
        self.whatif = W.HTML(
            "<div style='font-size:15px;margin-top:4px'><b>What if</b>: choose two dinosaurs of the board, or "
            "set the horns by hand, to see the chance of an attack.</div>"
        )
        self.horns_note = W.HTML(
            "<div class='evo-small'>The sliders count the horns before the bonuses below; the sentence under "
            "them counts the bonuses too.</div>"
        )
        self.result = W.HTML()
        self.plan = W.HTML()
        self.badge = W.HTML()
        self._syncing = False
        self._where: tuple[int, int] = (SLIDERS, SLIDERS)  # (space, owner) the attacker stood on
        self._fight_ply = -1  # the move of the attack shown last (a new one sets the what-if to its fighters)
        for w in (self.att, self.dfn, self.large_horn, self.frenzied, self.bony):
            w.observe(lambda _c: self._compute(), "value")
        self.attacker.observe(lambda _c: self._from_board(), "value")
        self.defender.observe(lambda _c: self._from_board(), "value")
        super().__init__(
            session,
            [
                self.badge,
                self.last,
                self.whatif,
                row([self.attacker, self.defender]),
                self.att,
                self.dfn,
                self.horns_note,
                row([self.large_horn, self.frenzied, self.bony]),
                self.result,
                self.plan,
            ],
        )
        self.add_class("evo-combat")
        self.board = board
        if board is not None:
            board.observe(self._board_selected, "selected")
        self.refresh()

    # ----- choosing the fighters
    def _board_selected(self, change: dict) -> None:
        sp = change["new"]
        if sp >= 0 and sp in {v for _, v in self.attacker.options}:
            attacks = [
                it["dst"]
                for it in self.board.snapshot.get("targets", {}).get(str(sp), [])
                if it["kind"] == "attack"
            ]
            if attacks and self.defender.value not in attacks:
                self._syncing = True  # one recomputation for both choices
                try:
                    self.defender.value = attacks[0]
                finally:
                    self._syncing = False
            self.attacker.value = sp
            self._from_board()

    def pick(self, attacker: int, defender: int) -> dict:
        """Inspect the fight between the dinosaurs on two spaces (ids); returns :meth:`odds`."""
        self.attacker.value = attacker
        self.defender.value = defender
        return self.odds()

    def _follow(self, st: Any, a: int, d: int) -> tuple[int, int]:
        """Where the chosen fighters are now: the attacker follows its own move; a side whose dinosaur is gone
        (or changed hands) goes back to the sliders, and a defender without an attacker with it."""
        last = tuple(st.last or ()) if st.events(last=True) else ()
        space, owner = self._where
        if (
            a >= 0
            and last
            and last[0] in ("move", "wings", "flippers")
            and last[1] == a
            and st.occupant(last[2]) == owner
        ):
            a = last[2]
        elif (
            a >= 0
            and last
            and last[0] == "fight"
            and last[1] == a
            and last[3] == "win"
            and st.occupant(last[2]) == owner
        ):
            a = last[2]
        if a >= 0 and st.occupant(a) != owner:
            a = SLIDERS
        if d >= 0 and (st.occupant(d) < 0 or a == SLIDERS or st.occupant(d) == st.occupant(a)):
            d = SLIDERS
        return a, d

    def refresh(self) -> None:
        st = self.session.state
        L = st.game.labels
        opts = [(BY_HAND, SLIDERS)] + [
            (f"P{st.occupant(i) + 1}'s dinosaur on {L[i]}", i)
            for i in range(st.game.n)
            if st.occupant(i) >= 0
        ]
        fight = last_fight(self.session.tree)
        self.last.value = fight_html(fight) if fight is not None else ""
        a, d = self._follow(st, self.attacker.value, self.defender.value)
        if fight is not None and fight.ply != self._fight_ply:  # a new attack: the what-if shows its fighters
            a = next((x for x in (fight.src, fight.dst) if st.occupant(x) == fight.attacker), SLIDERS)
            d = fight.dst if st.occupant(fight.dst) == fight.defender and a != SLIDERS else SLIDERS
            self._where = (a, fight.attacker if a != SLIDERS else SLIDERS)
            self._set_by_hand(fight)
        self._fight_ply = fight.ply if fight is not None else -1
        self._syncing = True
        try:
            self.attacker.options = opts
            self.defender.options = opts
            self.attacker.value = a
            self.defender.value = d
        finally:
            self._syncing = False
        self.badge.value = badge_html(st.game, ("die",))
        self._from_board()

    def _from_board(self) -> None:
        if self._syncing:
            return
        st = self.session.state
        a, d = self.attacker.value, self.defender.value
        self._where = (a, st.occupant(a) if a is not None and a >= 0 else SLIDERS)
        self._syncing = True
        try:
            if a is not None and a >= 0 and st.occupant(a) >= 0:
                p = st.occupant(a)
                self.att.value = st.gene_counts(p)["horn"]
                self.large_horn.value = st.has(p, "large_horn")
                self.frenzied.value = _frenzied(st, p)
            if d is not None and d >= 0 and st.occupant(d) >= 0:
                q = st.occupant(d)
                self.dfn.value = st.gene_counts(q)["horn"]
                self.bony.value = st.has(q, "bony_plates")
        finally:
            self._syncing = False
        self._compute()

    def _set_by_hand(self, fight: Any) -> None:
        """The sliders and boxes to the horns and modifiers of ``fight`` (a side gone from the board keeps them)."""
        self._syncing = True
        try:
            self.att.value = fight.before.gene_counts(fight.attacker)["horn"]
            self.dfn.value = fight.before.gene_counts(fight.defender)["horn"]
            mods = fight.modifiers
            self.large_horn.value, self.frenzied.value = mods["large_horn"], mods["frenzied"]
            self.bony.value = mods["bony_plates"]
        finally:
            self._syncing = False

    # ----- the odds
    def odds(self) -> dict:
        """The current exact odds (``odds_bridge.combat`` result)."""
        return odds_bridge.combat(
            self.session.game,
            self.att.value,
            self.dfn.value,
            large_horn=self.large_horn.value,
            bony_plates=self.bony.value,
            frenzied=self.frenzied.value,
        )

    def figure(self) -> go.Figure:
        """The die-face chart as a plotly figure (for a notebook cell of its own)."""
        r = self.odds()
        n = sum(f["count"] for f in r["faces"].values())
        fig = go.Figure(layout={"title": "Die faces (green wins)", "yaxis": {"tickformat": ".0%"}})
        fig.add_bar(
            x=[f["name"] for f in r["faces"].values()],
            y=[f["count"] / n for f in r["faces"].values()],
            marker_color=["#2e9e44" if f["wins"] else "#c92a2a" for f in r["faces"].values()],
        )
        return fig

    def _who(self, space: int, horns: int, side: str) -> str:
        st = self.session.state
        if space is None or space < 0 or st.occupant(space) < 0:
            return f"{side} with {plural(horns, 'horn')}"
        return f"P{st.occupant(space) + 1}'s dinosaur on {st.game.labels[space]} ({plural(horns, 'horn')})"

    def _compute(self) -> None:
        if self._syncing:
            return
        r = self.odds()
        a, d = self.attacker.value, self.defender.value
        rows = "".join(
            f"<tr><td class='wrap'>{escape(f['name'])}</td><td>{f['count']}</td>"
            f"<td style='color:{'#1b7a35' if f['wins'] else '#b00020'}'>{'wins' if f['wins'] else 'fails'}</td>"
            f"<td>{f['contribution']}</td></tr>"
            for f in r["faces"].values()
        )
        self.result.value = (
            f"<div style='font-size:15px'>{escape(self._who(a, r['attack'], 'An attacker'))} against "
            f"{escape(self._who(d, r['defence'], 'a defender'))}: the attack succeeds with "
            f"<b>{fmt_prob(r['probability'])}</b></div>"
            "<div class='evo-table-wrap'><table class='evo-table evo-faces'><tr><th>face</th><th>faces on the die</th>"
            f"<th>result</th><th>share of the roll</th></tr>{rows}</table></div>"
        )
        self.plan.value = self._plan_text(a, d)

    def _plan_text(self, a: int, d: int) -> str:
        st = self.session.state
        if (
            a is None
            or d is None
            or a < 0
            or d < 0
            or st.occupant(a) < 0
            or st.occupant(d) < 0
            or st.occupant(a) == st.occupant(d)
        ):
            return ""
        p = st.occupant(a)
        own_turn = st.node_name() == "move" and st.current_player() == p
        mp = int(st.observation(None).get("movement_points_left") or 0) if own_turn else st.movement_points(p)
        L = st.game.labels
        try:
            pl = odds_bridge.attack_plan(st, a, d, movement_points=mp)
        except ValueError as e:
            return f"Attack plan: {escape(str(e))}"
        when = "this turn" if own_turn else "in a turn of its own"
        head = f"Attack plan with {plural(mp, 'movement point')} ({when}): "
        if pl["probability"] == 0:
            return head + f"{L[d]} cannot be taken: {escape(pl['reason'] or 'no chance')}"
        path = "-".join(L[x] for x in pl["path"])
        return head + f"take {L[d]} with <b>{fmt_prob(pl['probability'])}</b> (walk {path}, then attack)"


def _frenzied(st: Any, p: int) -> bool:
    """Whether ``p`` played Frenzied attack this movement phase (a played card is public)."""
    return bool(st.frenzied(p))
