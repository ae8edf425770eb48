"""Inspector panels (ipywidgets) over a shared :class:`~evo_lab.views.widgets.session.Session`: the action
picker, the combat inspector, the climate panel, the auction panel and the players panel.

Each panel is an ``ipywidgets.VBox`` that redraws itself when the session changes.

>>> from evo_lab.views.widgets.session import Session
>>> s = Session(players=2, seed=1); _ = s.play_to("setup")
>>> picker = ActionPicker(s)
>>> picker.choices()[0][1].startswith("bid")
True
"""

from __future__ import annotations

import json
import math
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as W
import plotly.graph_objects as go
import plotly.io as pio
from IPython.display import display

from evo_lab.views.snapshot import assumed_values
from evo_lab.views.svg import CLIMATE_COLOURS, PLAYER_COLOURS, PLAYER_NAMES, TERRAIN_COLOURS

from . import odds_bridge
from .session import Session

__all__ = [
    "ActionPicker",
    "AuctionPanel",
    "ClimatePanel",
    "CombatInspector",
    "PlayersPanel",
    "PlotOutput",
    "badge_html",
    "fmt_prob",
    "wheel_svg",
]

DATA_DOC = "docs/data.md"


def fmt_prob(p: Fraction) -> str:
    """``Fraction(2, 3)`` -> ``'2/3 (66.7%)'``.

    >>> fmt_prob(Fraction(1, 6))
    '1/6 (16.7%)'
    """
    return f"{p.numerator}/{p.denominator} ({float(p) * 100:.1f}%)" if p.denominator != 1 else f"{p} ({float(p) * 100:.0f}%)"


def badge_html(game: Any, parts: tuple[str, ...] | None = None) -> str:
    """A small badge when the data behind a view includes assumed values ("" when none)."""
    vals = assumed_values(game, parts)
    if not vals:
        return ""
    tip = escape("Assumed defaults, not printed facts:\n" + "\n".join(vals[:30]) + ("\n..." if len(vals) > 30 else ""))
    return (f'<span class="evo-assumed" title="{tip}" style="background:#ffe08a;color:#5a4500;border:1px solid #d9a600;'
            f'border-radius:10px;padding:1px 8px;font-size:12px;cursor:help">assumed data ({len(vals)}), '
            f"see {DATA_DOC}</span>")


def _player(p: int) -> str:
    return (f'<span style="color:{PLAYER_COLOURS[p]};font-weight:bold">P{p + 1}</span>' if 0 <= p < len(PLAYER_COLOURS)
            else f"P{p + 1}")


class PlotOutput(W.Output):
    """A plotly figure shown through the plotly mime type (JupyterLab, Notebook 7, VS Code, Voila), not a
    ``FigureWidget``: that one ships 5 MB of JavaScript per chart. Change :attr:`figure`, then :meth:`render`."""

    def __init__(self, figure: go.Figure, **kw: Any):
        super().__init__(**kw)
        self.figure = figure
        self._shown = ""

    def render(self) -> None:
        text = pio.to_json(self.figure, validate=False)
        if text == self._shown:
            return
        from IPython import get_ipython

        if get_ipython() is None:  # a plain script: nothing to display into
            self._shown = text
            return
        self._shown = text
        self.clear_output(wait=True)
        with self:
            display({"application/vnd.plotly.v1+json": json.loads(text),
                     "text/plain": f"<plotly figure: {self.figure.layout.title.text or ''}>"}, raw=True)


class _Panel(W.VBox):
    def __init__(self, session: Session, **kw: Any):
        super().__init__(**kw)
        self.session = session
        session.on_change(self._changed)

    def _changed(self, what: str) -> None:
        if what != "error":
            self.refresh()

    def refresh(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


# ====================================================================== action picker
class ActionPicker(_Panel):
    """The legal actions of the player to act, in words, with their immediate odds; chance outcomes with
    their exact probabilities. ``Play`` applies the chosen one through the engine."""

    def __init__(self, session: Session):
        self.head = W.HTML()
        self.select = W.Select(options=[], rows=10, layout=W.Layout(width="100%"))
        self.play_button = W.Button(description="Play", button_style="primary", icon="play")
        self.message = W.HTML()
        self.play_button.on_click(lambda _b: self.play_selected())
        super().__init__(session, children=[self.head, self.select, W.HBox([self.play_button]), self.message],
                         layout=W.Layout(width="100%"))
        self.add_class("evo-action-picker")
        self.refresh()

    def choices(self) -> list[tuple[str, str]]:
        """``(label in words with odds, action string)`` for every legal action or chance outcome."""
        st = self.session.state
        cur = st.current_player()
        if st.is_terminal():
            return []
        v = self.session.viewer
        if st.is_chance_node():
            if v is not None and st.node_name() in ("exclude", "gene", "card", "peek"):
                return []  # the outcomes would show what is left in the bag or the deck: step instead
            return [(f"{st.action_to_string(a)}  [{fmt_prob(p)}]", st.action_to_string(a))
                    for a, p in st.chance_outcomes()]
        if v is not None and v != cur:
            return []
        out = []
        for a in st.legal_actions():
            label = st.describe_action(a)
            if a.kind == "attack":
                label = f"{label} ({float(st.attack_probability(a.a, a.b)) * 100:.1f}%)"
            out.append((label, st.action_to_string(a)))
        return out

    def refresh(self) -> None:
        st = self.session.state
        cur = st.current_player()
        if st.is_terminal():
            head = "Game over: " + ", ".join(f"{_player(p)} {mp} MP" for p, mp in enumerate(st.returns()))
        elif st.is_chance_node():
            head = f"Chance: <b>{escape(st.node_name())}</b> (choose an outcome, or Step for a random one)"
        elif self.session.viewer is not None and self.session.viewer != cur:
            head = f"Waiting for {_player(cur)} ({escape(st.node_name())}); you view as {_player(self.session.viewer)}"
        else:
            head = f"{_player(cur)} to <b>{escape(st.node_name())}</b>"
        self.head.value = f'<div style="font-size:14px">{head}</div>'
        opts = self.choices()
        self.select.options = opts
        self.select.value = opts[0][1] if opts else None
        self.play_button.disabled = not opts

    def play_selected(self) -> str:
        """Apply the selected action; returns the error message ("" when played)."""
        if self.select.value is None:
            return ""
        err = self.session.try_play(self.select.value)
        self.message.value = f'<span style="color:#b00020">{escape(err)}</span>' if err else ""
        return err


# ====================================================================== combat inspector
class CombatInspector(_Panel):
    """Exact attack odds: pick an attacker and a defender (or use the board's selection), or set horns and
    modifiers with the sliders; the die-face breakdown, a plotly chart and the attack plan with the movement
    points left."""

    def __init__(self, session: Session, board: Any = None):
        style = {"description_width": "110px"}
        self.attacker = W.Dropdown(description="Attacker", options=[("(sliders)", -1)], value=-1, style=style)
        self.defender = W.Dropdown(description="Defender", options=[("(sliders)", -1)], value=-1, style=style)
        self.att = W.IntSlider(description="Attack horns", min=0, max=8, value=1, style=style)
        self.dfn = W.IntSlider(description="Defence horns", min=0, max=8, value=0, style=style)
        self.large_horn = W.Checkbox(description="large horn (+2)", indent=False)
        self.frenzied = W.Checkbox(description="frenzied attack (+2)", indent=False)
        self.bony = W.Checkbox(description="bony plates (+2 def.)", indent=False)
        self.result = W.HTML()
        self.plan = W.HTML()
        self.badge = W.HTML()
        self.figure = go.Figure(layout={"height": 230, "margin": {"l": 40, "r": 10, "t": 30, "b": 40},
                                        "title": "Die faces: share of the win", "yaxis": {"tickformat": ".0%"},
                                        "showlegend": False})
        self.figure.add_bar(x=[], y=[], marker_color=[])
        self.chart = PlotOutput(self.figure)
        self._syncing = False
        for w in (self.att, self.dfn, self.large_horn, self.frenzied, self.bony):
            w.observe(lambda _c: self._compute(), "value")
        self.attacker.observe(lambda _c: self._from_board(), "value")
        self.defender.observe(lambda _c: self._from_board(), "value")
        super().__init__(session, children=[
            self.badge, W.HBox([self.attacker, self.defender]), W.HBox([self.att, self.dfn]),
            W.HBox([self.large_horn, self.frenzied, self.bony]), self.result, self.plan, self.chart])
        self.add_class("evo-combat")
        self.board = board
        if board is not None:
            board.observe(self._board_selected, "selected")
        self.refresh()

    def _board_selected(self, change: dict) -> None:
        sp = change["new"]
        if sp >= 0 and sp in {v for _, v in self.attacker.options}:
            attacks = [it["dst"] for it in self.board.snapshot.get("targets", {}).get(str(sp), [])
                       if it["kind"] == "attack"]
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

    def refresh(self) -> None:
        st = self.session.state
        L = st.game.labels
        opts = [("(sliders)", -1)] + [(f"{L[i]} (P{o + 1})", i) for i, o in enumerate(st.occ) if o >= 0]
        a, d = self.attacker.value, self.defender.value
        self._syncing = True
        try:
            self.attacker.options = opts
            self.defender.options = opts
            vals = {v for _, v in opts}
            self.attacker.value = a if a in vals else -1
            self.defender.value = d if d in vals else -1
        finally:
            self._syncing = False
        self.badge.value = badge_html(st.game, ("die",))
        self._from_board()

    def _from_board(self) -> None:
        if self._syncing:
            return
        st = self.session.state
        a, d = self.attacker.value, self.defender.value
        self._syncing = True
        try:
            if a is not None and a >= 0 and st.occ[a] >= 0:
                p = st.occ[a]
                self.att.value = st.gene_counts(p)["horn"]
                self.large_horn.value = st.has(p, "large_horn")
                self.frenzied.value = bool(st.frenzied(p))
            if d is not None and d >= 0 and st.occ[d] >= 0:
                q = st.occ[d]
                self.dfn.value = st.gene_counts(q)["horn"]
                self.bony.value = st.has(q, "bony_plates")
        finally:
            self._syncing = False
        self._compute()

    def odds(self) -> dict:
        """The current exact odds (``odds_bridge.combat`` result)."""
        return odds_bridge.combat(self.session.game, self.att.value, self.dfn.value, large_horn=self.large_horn.value,
                                  bony_plates=self.bony.value, frenzied=self.frenzied.value)

    def _compute(self) -> None:
        if self._syncing:
            return
        r = self.odds()
        rows = "".join(
            f"<tr><td>{escape(f['name'])}</td><td>{f['count']}</td>"
            f"<td style='color:{'#1b7a35' if f['wins'] else '#b00020'}'>{'wins' if f['wins'] else 'fails'}</td>"
            f"<td>{f['contribution']}</td></tr>" for f in r["faces"].values())
        self.result.value = (
            f"<div style='font-size:15px'>Attack {r['attack']} vs defence {r['defence']} horns: the attack succeeds with "
            f"<b>{fmt_prob(r['probability'])}</b></div>"
            f"<table class='evo-faces' style='border-collapse:collapse'><tr><th>face</th><th>on the die</th>"
            f"<th>result</th><th>share</th></tr>{rows}</table>")
        st = self.session.state
        a, d = self.attacker.value, self.defender.value
        plan = ""
        if (a is not None and d is not None and a >= 0 and d >= 0 and st.occ[a] >= 0 and st.occ[d] >= 0
                and st.occ[a] != st.occ[d]):
            mp = st.mp_left if st.node_name() == "move" and st.current_player() == st.occ[a] else st.movement_points(st.occ[a])
            try:
                pl = odds_bridge.attack_plan(st, a, d, movement_points=mp)
                L = st.game.labels
                path = "-".join(L[x] for x in pl["path"]) if pl["path"] else "none"
                plan = (f"Attack plan with {mp} movement point{'s' if mp != 1 else ''}: beat {L[d]} this turn with "
                        f"<b>{fmt_prob(pl['probability'])}</b> (path {path})")
            except ValueError as e:
                plan = f"Attack plan: {escape(str(e))}"
        self.plan.value = plan
        names = [f["name"] for f in r["faces"].values()]
        n = sum(f["count"] for f in r["faces"].values())
        with self.figure.batch_update():
            bar = self.figure.data[0]
            bar.x = names
            bar.y = [f["count"] / n for f in r["faces"].values()]
            bar.marker.color = ["#2e9e44" if f["wins"] else "#c92a2a" for f in r["faces"].values()]
            self.figure.layout.title.text = f"Die faces (green wins): {float(r['probability']) * 100:.1f}%"
        self.chart.render()


# ====================================================================== climate
def wheel_svg(game: Any, section: int, size: int = 220, highlight: dict[int, float] | None = None) -> str:
    """The climate wheel: one ring sector per section, split into the terrains' states; the current section
    is marked. ``highlight``: section -> probability shown around the rim.

    >>> import evo_lab
    >>> svg = wheel_svg(evo_lab.Game(players=2), 1)
    >>> svg.count('class="sector') == 6 * 4
    True
    """
    d = game.data
    n = len(d.wheel)
    terrains = list(d.terrains)
    cx = cy = size / 2
    r0, r1 = size * 0.16, size * 0.42
    out = [(f'<svg xmlns="http://www.w3.org/2000/svg" class="evo-wheel" width="{size}" height="{size}" '
            f'viewBox="0 0 {size} {size}" data-section="{section}">')]
    ring = (r1 - r0) / len(terrains)

    def pt(r: float, ang: float) -> str:
        return f"{cx + r * math.cos(ang):.1f},{cy + r * math.sin(ang):.1f}"

    for k, sec in enumerate(d.wheel):
        a0 = -math.pi / 2 + (k - 0.5) * 2 * math.pi / n
        a1 = a0 + 2 * math.pi / n
        for j, t in enumerate(terrains):
            ra, rb = r0 + j * ring, r0 + (j + 1) * ring
            st = sec.states[t]
            out.append(f'<path class="sector" data-section="{k}" data-terrain="{t}" d="M{pt(ra, a0)} L{pt(rb, a0)} '
                       f'A{rb:.1f},{rb:.1f} 0 0 1 {pt(rb, a1)} L{pt(ra, a1)} A{ra:.1f},{ra:.1f} 0 0 0 {pt(ra, a0)} Z" '
                       f'fill="{CLIMATE_COLOURS[st]}" stroke="{TERRAIN_COLOURS[t]}" stroke-width="2">'
                       f"<title>section {k} ({escape(sec.name)}): {t} {st}</title></path>")
        mid = (a0 + a1) / 2
        out.append(f'<text x="{cx + (r1 + 11) * math.cos(mid):.1f}" y="{cy + (r1 + 11) * math.sin(mid) + 4:.1f}" '
                   f'text-anchor="middle" font-size="11" font-family="sans-serif">{k}</text>')
        if highlight and highlight.get(k):
            out.append(f'<text x="{cx + (r1 + 2) * math.cos(mid) * 0.55:.1f}" y="{cy + (r1 + 2) * math.sin(mid) * 0.55:.1f}" '
                       f'font-size="9" text-anchor="middle" fill="#fff">{highlight[k] * 100:.0f}%</text>')
        if k == section:
            out.append(f'<path class="current" d="M{pt(r0 - 2, a0)} L{pt(r1 + 2, a0)} A{r1 + 2:.1f},{r1 + 2:.1f} 0 0 1 '
                       f'{pt(r1 + 2, a1)} L{pt(r0 - 2, a1)} A{r0 - 2:.1f},{r0 - 2:.1f} 0 0 0 {pt(r0 - 2, a0)} Z" '
                       f'fill="none" stroke="#ff00cc" stroke-width="3"/>')
    out.append(f'<text x="{cx}" y="{cy + 4}" text-anchor="middle" font-size="11" font-family="sans-serif">'
               f"now {section}</text>")
    legend = " ".join(f"{t[0].upper()}" for t in terrains)
    out.append(f'<text x="4" y="{size - 4}" font-size="9" font-family="sans-serif">rings inside-out: {legend}</text>')
    out.append("</svg>")
    return "".join(out)


class ClimatePanel(_Panel):
    """The wheel, the exact section trajectory of the coming rounds (plotly heatmap), the game-length odds,
    and a what-if: choose the next token and see (or play) where the wheel goes."""

    def __init__(self, session: Session):
        self.badge = W.HTML()
        self.wheel = W.HTML()
        self.summary = W.HTML()
        self.whatif = W.Dropdown(description="Next token", options=[], style={"description_width": "90px"})
        self.whatif_out = W.HTML()
        self.reveal = W.Button(description="Reveal it", icon="eye",
                               tooltip="play this token (only when the climate token is due)")
        self.reveal.on_click(lambda _b: self.reveal_choice())
        self.trajectory = go.Figure(layout={"height": 260, "margin": {"l": 50, "r": 10, "t": 30, "b": 40},
                                            "title": "Wheel section in the coming rounds",
                                            "xaxis_title": "round", "yaxis_title": "section"})
        self.trajectory.add_heatmap(z=[[0]], x=[0], y=[0], colorscale="Viridis", zmin=0, zmax=1)
        self.length = go.Figure(layout={"height": 200, "margin": {"l": 50, "r": 10, "t": 30, "b": 40},
                                        "title": "Rounds the game lasts", "yaxis": {"tickformat": ".0%"}})
        self.length.add_bar(x=[], y=[], marker_color="#7b3fa6")
        self.trajectory_chart = PlotOutput(self.trajectory)
        self.length_chart = PlotOutput(self.length)
        self.whatif.observe(lambda _c: self._whatif(), "value")
        self._key: Any = None
        super().__init__(session, children=[
            self.badge, W.HBox([self.wheel, W.VBox([self.summary, self.whatif, self.whatif_out, self.reveal])]),
            self.trajectory_chart, self.length_chart])
        self.add_class("evo-climate")
        self.refresh()

    def forecast(self) -> dict:
        return odds_bridge.climate(self.session.state, viewer=self.session.viewer)

    def refresh(self) -> None:
        st = self.session.state
        key = (id(st.game), st.section, tuple(st.revealed), st.node_name() == "token", self.session.viewer,
               st.next_token, st.is_terminal())
        if key == self._key:
            return
        self._key = key
        g = st.game
        self.badge.value = badge_html(g, ("climate",))
        fc = self.forecast()
        nxt = fc["sections"][0] if fc["sections"] else {}
        self.wheel.value = wheel_svg(g, st.section, highlight={k: float(v) for k, v in nxt.items()})
        states = ", ".join(f"<b>{t}</b> <span style='color:{CLIMATE_COLOURS[s]}'>{s}</span>"
                           for t, s in st.terrain_states().items())
        exp = sum((k * p for k, p in fc["game_length"].items()), Fraction(0))
        self.summary.value = (f"<div>Section <b>{st.section}</b> ({escape(g.data.wheel[st.section].name)}): {states}</div>"
                              f"<div>Tokens revealed: {len(st.revealed)} of {g.pile_length - 1}; "
                              f"expected game length {float(exp):.2f} rounds</div>")
        n = g.n_sections
        with self.trajectory.batch_update():
            hm = self.trajectory.data[0]
            hm.x = fc["rounds"]
            hm.y = list(range(n))
            hm.z = [[float(fc["sections"][k].get(s, 0)) for k in range(len(fc["rounds"]))] for s in range(n)]
        with self.length.batch_update():
            b = self.length.data[0]
            b.x = list(fc["game_length"])
            b.y = [float(v) for v in fc["game_length"].values()]
        self.trajectory_chart.render()
        self.length_chart.render()
        outs = odds_bridge.next_token_outcomes(st)
        keep = self.whatif.value
        self.whatif.options = [(f"{tid} ({fmt_prob(p)})", tid) for tid, p, _ in outs]
        ids = [tid for tid, _, _ in outs]
        self.whatif.value = keep if keep in ids else (ids[0] if ids else None)
        self._whatif()

    def _whatif(self) -> None:
        st = self.session.state
        tid = self.whatif.value
        due = st.node_name() == "token"
        self.reveal.disabled = not (due and tid)
        if not tid:
            self.whatif_out.value = ""
            return
        sec = next((s for t, _, s in odds_bridge.next_token_outcomes(st) if t == tid), None)
        if sec is None:
            self.whatif_out.value = "The meteorite ends the game at once."
            return
        states = ", ".join(f"{t} <span style='color:{CLIMATE_COLOURS[s]}'>{s}</span>"
                           for t, s in st.terrain_states(sec).items())
        self.whatif_out.value = f"then section <b>{sec}</b>: {states}" + ("" if due else " <i>(not due now)</i>")

    def reveal_choice(self) -> str:
        """Play the chosen token (a what-if branch in the history); returns the error message or ""."""
        if not self.whatif.value:
            return "no token chosen"
        return self.session.try_play(f"token {self.whatif.value}")


# ====================================================================== auction
class AuctionPanel(_Panel):
    """The biology lab: lots, markers and bids, who was displaced, prices after vials; bid from here."""

    def __init__(self, session: Session):
        self.table = W.HTML()
        self.lot = W.Dropdown(description="Lot", options=[], style={"description_width": "40px"},
                              layout=W.Layout(width="220px"))
        self.value = W.Dropdown(description="Bid", options=[], style={"description_width": "40px"},
                                layout=W.Layout(width="160px"))
        self.bid_button = W.Button(description="Bid", button_style="warning", icon="gavel")
        self.message = W.HTML()
        self.lot.observe(lambda _c: self._values(), "value")
        self.bid_button.on_click(lambda _b: self.bid())
        super().__init__(session, children=[self.table, W.HBox([self.lot, self.value, self.bid_button]), self.message])
        self.add_class("evo-auction")
        self.refresh()

    def _legal_bids(self) -> dict[int, list[int]]:
        st = self.session.state
        if st.node_name() != "bid" or (self.session.viewer is not None and self.session.viewer != st.current_player()):
            return {}
        out: dict[int, list[int]] = {}
        for a in st.legal_actions():
            out.setdefault(a.a, []).append(a.b)
        return out

    def refresh(self) -> None:
        st = self.session.state
        obs = self.session.observation()
        auc = obs.get("auction")
        if not auc:
            self.table.value = "<i>No auction now (the biology lab opens in the mutation phase).</i>"
        else:
            rows = []
            for lot in auc["lots"]:
                h = lot["holder"]
                rows.append(f"<tr><td>{lot['lot']}</td><td>{escape(str(lot['item']))}</td>"
                            f"<td>{_player(h) if h is not None else '-'}</td><td>{'' if lot['bid'] is None else lot['bid']}</td>"
                            f"<td>{'' if lot['price'] is None else lot['price']}</td></tr>")
            extra = []
            if auc.get("bidder") is not None:
                extra.append(f"{_player(auc['bidder'])} bids now")
            if auc.get("displaced") is not None:
                extra.append(f"{_player(auc['displaced'])} was displaced from lot {auc.get('banned_lot')} "
                             "and must bid on another lot")
            vials = ", ".join(f"{_player(p)} {st.vials(p)}" for p in range(st.game.players))
            self.table.value = (
                "<table class='evo-lots' style='border-collapse:collapse'><tr><th>lot</th><th>item</th><th>marker</th>"
                f"<th>bid</th><th>price after vials</th></tr>{''.join(rows)}</table>"
                f"<div>{'; '.join(extra)}</div><div style='font-size:12px'>vials: {vials}</div>")
        bids = self._legal_bids()
        self.lot.options = [(f"lot {k} ({self._item(k)})", k) for k in sorted(bids)]
        self.lot.value = min(bids) if bids else None
        self._values()
        self.bid_button.disabled = not bids

    def _item(self, lot: int) -> str:
        auc = self.session.state.auction()
        return str(auc["lots"][lot]["item"]) if lot < len(auc["lots"]) else "?"

    def _values(self) -> None:
        bids = self._legal_bids()
        vs = bids.get(self.lot.value, []) if self.lot.value is not None else []
        st = self.session.state
        vial = st.vials(st.current_player()) if st.current_player() >= 0 else 0
        self.value.options = [(f"{v} (pay {max(0, v - vial)})", v) for v in vs]
        self.value.value = vs[0] if vs else None

    def bid(self, lot: int | None = None, value: int | None = None) -> str:
        """Bid ``value`` on ``lot`` (default: the chosen ones) for the player to act; returns the error or ""."""
        lot = self.lot.value if lot is None else lot
        value = self.value.value if value is None else value
        if lot is None or value is None:
            return "no bid chosen"
        err = self.session.try_play(f"bid {value} on lot {lot}")
        self.message.value = f'<span style="color:#b00020">{escape(err)}</span>' if err else ""
        return err


# ====================================================================== players
class PlayersPanel(_Panel):
    """Each clan's MP, dinosaurs, genes and cards, as the chosen viewer may see them."""

    def __init__(self, session: Session):
        self.table = W.HTML()
        super().__init__(session, children=[self.table])
        self.add_class("evo-players")
        self.refresh()

    def refresh(self) -> None:
        obs = self.session.observation()
        st = self.session.state
        rows = []
        for info in obs["players"]:
            p = info["player"]
            genes = ", ".join(f"{k} {v}" for k, v in info["genes"].items() if v) or "-"
            hand = ", ".join(info["hand"]) if "hand" in info else f"{info['cards']} hidden"
            rows.append(f"<tr><td>{_player(p)} {PLAYER_NAMES[p]}</td><td>{info.get('mp', '?')}</td>"
                        f"<td>{info['dinosaurs']}</td><td>{info['movement_points']}</td><td>{info['eggs']}</td>"
                        f"<td>{escape(genes)}</td><td>{escape(', '.join(info['unique']) or '-')}</td>"
                        f"<td>{escape(hand or '-')}</td></tr>")
        v = obs["viewer"]
        who = "the omniscient teacher (everything)" if v is None else f"{_player(v)} (own hidden information only)"
        nxt = obs["climate"].get("next_token", "hidden")
        init = " ".join(_player(p) for p in st.order)
        self.table.value = (
            f"<div>Viewing as {who}. Initiative: {init or '-'}. Next climate token: {escape(str(nxt or 'not drawn'))}</div>"
            "<table class='evo-players-table' style='border-collapse:collapse'><tr><th>clan</th><th>MP</th>"
            "<th>dinosaurs</th><th>moves</th><th>eggs</th><th>genes</th><th>unique</th><th>cards</th></tr>"
            + "".join(rows) + "</table>")
