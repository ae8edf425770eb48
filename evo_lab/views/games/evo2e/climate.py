"""``ClimatePanel`` and ``wheel_svg``: the climate wheel, the exact section trajectory, the game length and a
what-if on the next token, all as the panel's viewer knows them.

>>> import evo_lab
>>> svg = wheel_svg(evo_lab.Game(players=2), 1)
>>> svg.count('class="sector') == 6 * 4
True
"""

from __future__ import annotations

import math
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as W
import plotly.graph_objects as go

from evo_lab.games.evo2e.svg import CLIMATE_COLOURS, TERRAIN_COLOURS
from evo_lab.core.words import plural
from evo_lab.games.evo2e.words import token_words

from . import odds_bridge
from evo_lab.views.widgets.charts import bar_svg, heatmap_svg
from evo_lab.views.widgets.common import Panel, badge_html, error_html, fmt_prob
from evo_lab.views.widgets.session import Session

__all__ = ["ClimatePanel", "LENGTH_TITLE", "wheel_legend_html", "wheel_svg"]

#: The game-length chart counts rounds played, as the game-over banner does ("game over after 10 rounds").
LENGTH_TITLE = "Rounds played before the meteorite ends the game"
_ORDINAL = ("inner", "second", "third", "fourth", "fifth", "sixth")


def section_words(name: str) -> str:
    """A wheel section's printed name without nested brackets: "plains (warming)" -> "plains, warming"."""
    return name.replace(" (", ", ").rstrip(")")


def wheel_svg(game: Any, section: int, size: int = 240, highlight: dict[int, float] | None = None) -> str:
    """The climate wheel: one ring sector per section, split into the terrains' states (rings inside-out in
    the data pack's terrain order, see :func:`wheel_legend_html`); the current section is outlined.
    ``highlight``: section -> probability, written outside the rim in purple, beyond the section number."""
    d = game.data
    n = len(d.wheel)
    terrains = list(d.terrains)
    cx = cy = size / 2
    r0, r1 = size * 0.12, size * 0.34
    out = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" class="evo-wheel" width="{size}" height="{size}" '
            f'viewBox="0 0 {size} {size}" data-section="{section}">'
        )
    ]
    ring = (r1 - r0) / len(terrains)

    def pt(r: float, ang: float) -> str:
        return f"{cx + r * math.cos(ang):.1f},{cy + r * math.sin(ang):.1f}"

    def at(r: float, ang: float, text: str, cls: str, extra: str = "") -> str:
        return (
            f'<text class="{cls}" x="{cx + r * math.cos(ang):.1f}" y="{cy + r * math.sin(ang) + 4:.1f}" '
            f'text-anchor="middle" font-size="11" font-family="sans-serif"{extra}>{text}</text>'
        )

    for k, sec in enumerate(d.wheel):
        a0 = -math.pi / 2 + (k - 0.5) * 2 * math.pi / n
        a1 = a0 + 2 * math.pi / n
        for j, t in enumerate(terrains):
            ra, rb = r0 + j * ring, r0 + (j + 1) * ring
            st = sec.states[t]
            out.append(
                f'<path class="sector" data-section="{k}" data-terrain="{t}" d="M{pt(ra, a0)} L{pt(rb, a0)} '
                f'A{rb:.1f},{rb:.1f} 0 0 1 {pt(rb, a1)} L{pt(ra, a1)} A{ra:.1f},{ra:.1f} 0 0 0 {pt(ra, a0)} Z" '
                f'fill="{CLIMATE_COLOURS[st]}" stroke="{TERRAIN_COLOURS[t]}" stroke-width="2">'
                f"<title>section {k}, {escape(section_words(sec.name))}: {t} {st}</title></path>"
            )
        mid = (a0 + a1) / 2
        out.append(at(r1 + 12, mid, f"{k}", "section-label", ' font-weight="bold"'))
        if highlight and highlight.get(k):
            out.append(at(r1 + 32, mid, f"{highlight[k] * 100:.0f}%", "chance-label", ' fill="#7b3fa6"'))
        if k == section:
            out.append(
                f'<path class="current" d="M{pt(r0 - 2, a0)} L{pt(r1 + 2, a0)} A{r1 + 2:.1f},{r1 + 2:.1f} 0 0 1 '
                f'{pt(r1 + 2, a1)} L{pt(r0 - 2, a1)} A{r0 - 2:.1f},{r0 - 2:.1f} 0 0 0 {pt(r0 - 2, a0)} Z" '
                f'fill="none" stroke="#ff00cc" stroke-width="3"/>'
            )
    out.append(
        f'<text x="{cx}" y="{cy + 4}" text-anchor="middle" font-size="11" font-family="sans-serif">'
        f"now {section}</text>"
    )
    out.append("</svg>")
    return "".join(out)


def wheel_legend_html(game: Any) -> str:
    """What the wheel's rings and colours mean: one line per ring (terrain), one swatch per climate state."""
    terrains = list(game.data.terrains)
    rings = "".join(
        f"<div><span style='display:inline-block;width:10px;height:10px;border:2px solid "
        f"{TERRAIN_COLOURS[t]};margin-right:4px'></span>{_ORDINAL[j] if j < len(_ORDINAL) else j + 1} "
        f"ring: <b>{t}</b></div>"
        for j, t in enumerate(terrains)
    )
    states = " ".join(
        f"<span style='white-space:nowrap'><span style='display:inline-block;width:10px;height:10px;"
        f"background:{c};margin-right:3px'></span>{s}</span>"
        for s, c in CLIMATE_COLOURS.items()
    )
    return (
        f"<div class='evo-wheel-legend' style='font-size:12px'>{rings}<div>{states}</div>"
        "<div>numbers: wheel sections; <span style='color:#7b3fa6'>purple %</span>: next round's chances</div></div>"
    )


class ClimatePanel(Panel):
    """The wheel, the exact section trajectory of the coming rounds, the game-length odds, and a what-if:
    choose the next token and see (or play) where the wheel goes. Everything uses the viewer's knowledge: a
    token seen with sixth sense is certain for its holder and for the teacher."""

    def __init__(self, session: Session):
        self.badge = W.HTML()
        self.wheel = W.HTML()
        self.legend = W.HTML()
        self.summary = W.HTML()
        self.whatif = W.Dropdown(options=[], layout=W.Layout(width="calc(100% - 4px)", min_width="230px"))
        self.whatif_out = W.HTML()
        self.reveal = W.Button(
            description="Reveal it",
            icon="eye",
            tooltip="play this token (only when the climate token is due)",
        )
        self.reveal.on_click(lambda _b: self.reveal_choice())
        self.message = W.HTML()
        self.trajectory_chart = W.HTML()
        self.length_chart = W.HTML()
        self.whatif.observe(lambda _c: self._whatif(), "value")
        self._key: Any = None
        self._fc: dict = {}
        side = W.VBox(
            [
                self.summary,
                W.HTML("<b>What if the next token is</b>"),
                self.whatif,
                self.whatif_out,
                self.reveal,
                self.message,
            ],
            layout=W.Layout(flex="1 1 250px", min_width="240px"),
        )
        wheel = W.VBox([self.wheel, self.legend], layout=W.Layout(flex="0 0 auto"))
        wheel.add_class("evo-wheel-box")
        super().__init__(
            session,
            [
                self.badge,
                W.HBox([wheel, side], layout=W.Layout(flex_flow="row wrap")),
                self.trajectory_chart,
                self.length_chart,
            ],
        )
        self.add_class("evo-climate")
        self.refresh()

    def forecast(self) -> dict:
        """The exact forecast as the viewer knows it (``odds_bridge.climate``)."""
        return odds_bridge.climate(self.session.state, viewer=self.session.viewer)

    def outcomes(self) -> list[tuple[str, Fraction, int | None]]:
        """The next token's possible outcomes as the viewer knows them."""
        return odds_bridge.next_token_outcomes(self.session.state, self.session.viewer)

    def refresh(self) -> None:
        st = self.session.state
        obs = self.session.observation()
        key = (
            id(st.game),
            st.section,
            tuple(obs["climate"]["revealed"]),
            st.node_name(),
            self.session.viewer,
            obs["climate"].get("next_token"),
            st.is_terminal(),
        )
        if key == self._key:
            return
        self._key = key
        g = st.game
        self.badge.value = badge_html(g, ("climate",))
        fc = self._fc = self.forecast()
        nxt = fc["sections"][0] if fc["sections"] else {}
        self.wheel.value = wheel_svg(g, st.section, highlight={k: float(v) for k, v in nxt.items()})
        self.legend.value = wheel_legend_html(g)
        self.summary.value = self._summary(st, obs, fc)
        n = g.n_sections
        self.trajectory_chart.value = heatmap_svg(
            [[float(fc["sections"][k].get(s, 0)) for k in range(len(fc["rounds"]))] for s in range(n)],
            x=fc["rounds"],
            y=list(range(n)),
            title="Wheel section in the coming rounds",
            xlabel="round",
            ylabel="section",
        )
        self.length_chart.value = bar_svg(
            [str(k) for k in fc["game_length"]],
            [float(v) for v in fc["game_length"].values()],
            percent=True,
            title=LENGTH_TITLE,
            xlabel="rounds played",
        )
        outs = self.outcomes()
        keep = self.whatif.value
        self.whatif.options = [(f"{token_words(g, tid)}: {fmt_prob(p)}", tid) for tid, p, _ in outs]
        ids = [tid for tid, _, _ in outs]
        self.whatif.value = keep if keep in ids else (ids[0] if ids else None)
        self._whatif()

    def _summary(self, st: Any, obs: dict, fc: dict) -> str:
        g = st.game
        states = ", ".join(
            f"<b>{t}</b> <span style='color:{CLIMATE_COLOURS[s]}'>{s}</span>"
            for t, s in st.terrain_states().items()
        )
        exp = sum((k * p for k, p in fc["game_length"].items()), Fraction(0))
        shown = len(obs["climate"]["revealed"])
        known = obs["climate"].get("next_token")
        seen = (
            f"<div>The next token is known: <b>{escape(token_words(g, known))}</b> (sixth sense)</div>"
            if known
            else ""
        )
        return (
            f"<div>The climate wheel is at section <b>{st.section}</b>, "
            f"{escape(section_words(g.data.wheel[st.section].name))}. {states}</div>"
            f"<div>{plural(shown, 'token')} of the pile's {g.pile_length} revealed ({g.pile_length - 1} climate "
            f"tokens and the meteorite, which lies among the last {g.bottom})</div>{seen}"
            f"<div>Expected length: {float(exp):.2f} rounds played</div>"
        )

    def _whatif(self) -> None:
        st = self.session.state
        tid = self.whatif.value
        due = st.node_name() == "token"
        self.reveal.disabled = not (due and tid)
        if not tid:
            self.whatif_out.value = ""
            return
        sec = next((s for t, _, s in self.outcomes() if t == tid), None)
        if sec is None:
            self.whatif_out.value = "The meteorite ends the game at once."
            return
        states = ", ".join(
            f"{t} <span style='color:{CLIMATE_COLOURS[s]}'>{s}</span>"
            for t, s in st.terrain_states(sec).items()
        )
        self.whatif_out.value = f"then section <b>{sec}</b>: {states}" + (
            "" if due else " <i>(not due now)</i>"
        )

    def reveal_choice(self) -> str:
        """Play the chosen token (a what-if branch in the history); returns the error message or ""."""
        if not self.whatif.value:
            return "no token chosen"
        err = self.session.try_play(f"token {self.whatif.value}")
        self.message.value = error_html(err)
        return err

    # ----- the charts as plotly figures, for a notebook cell of their own
    def figures(self) -> tuple[go.Figure, go.Figure]:
        """``(trajectory heatmap, game-length bars)`` as plotly figures of the current forecast."""
        fc = self.forecast()
        n = self.session.game.n_sections
        heat = go.Figure(
            layout={
                "title": "Wheel section in the coming rounds",
                "xaxis_title": "round",
                "yaxis_title": "section",
            }
        )
        heat.add_heatmap(
            z=[[float(fc["sections"][k].get(s, 0)) for k in range(len(fc["rounds"]))] for s in range(n)],
            x=fc["rounds"],
            y=list(range(n)),
            colorscale="Viridis",
            zmin=0,
            zmax=1,
        )
        bars = go.Figure(
            layout={"title": LENGTH_TITLE, "yaxis": {"tickformat": ".0%"}, "xaxis_title": "rounds played"}
        )
        bars.add_bar(
            x=list(fc["game_length"]),
            y=[float(v) for v in fc["game_length"].values()],
            marker_color="#7b3fa6",
        )
        return heat, bars
