"""The Explorer's **Analysis** tab, for every game: what each action of the player to act is worth, as that player
can see the game (:func:`evo_lab.analyse`), the best marked; what happens after (the next chance event, the final
scores); the game so far annotated with ``?`` and ``??`` (:mod:`evo_lab.core.annotate`).

The charts are SVG in ``HTML`` widgets (as every panel of the kit: they work in Voila and the presentation page);
:meth:`AnalysisTab.figure` gives the plotly bar chart with error bars. The tab analyses only while it is shown
(the Explorer tells it), with a small budget; **Deeper** spends more.

>>> import evo_lab
>>> from evo_lab.views.widgets.session import Session
>>> tab = AnalysisTab(Session(evo_lab.make_game("origin", players=2, seed=1)), iterations=30, seed=1)
>>> _ = tab.session.deal(); tab.show(True)
>>> tab.analysis.method, 'class="best"' in tab.chart.value
('sampled', True)
>>> len(tab.figure().data[0].y) == len(tab.session.state.legal_actions())
True
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

import ipywidgets as W

from ...core.analysis import MARK_THRESHOLDS, Analysis, AnalysisError, analyse

__all__ = ["AnalysisTab", "bars_svg"]

BEST, OTHER = "#2e9e44", "#6b7a99"


def bars_svg(
    labels: list[str], values: list[float], intervals: list[tuple[float, float]], best: int, title: str
) -> str:
    """Horizontal bars from 0 to each value with the interval as whiskers (none for an action with fewer than two
    playouts: its interval is unbounded); the best bar green (``class="best"``). Each action's words stand on a
    line of their own above its bar (actions in words are long: the whole width, not a narrow left column)."""
    intervals = [
        (a, b) if math.isfinite(a) and math.isfinite(b) else (v, v) for v, (a, b) in zip(values, intervals)
    ]
    lo = min([0.0] + [i[0] for i in intervals] + values)
    hi = max([0.0] + [i[1] for i in intervals] + values)
    if hi - lo < 1e-9:
        hi = lo + 1.0
    width, left, right, row = 560, 8, 20, 38
    height = 36 + row * len(labels)

    def x(v: float) -> float:
        return left + (v - lo) / (hi - lo) * (width - left - right)

    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="evo-chart analysis" viewBox="0 0 {width} {height}" '
        f'width="100%" style="max-width:{width}px;display:block" role="img" aria-label="{escape(title)}">'
    )
    out = [
        head,
        f'<text x="{width / 2}" y="16" text-anchor="middle" font-size="13">{escape(title)}</text>',
        f'<line x1="{x(0):.1f}" y1="24" x2="{x(0):.1f}" y2="{height - 8}" stroke="#999"/>',
    ]
    for k, (lab, v, (a, b)) in enumerate(zip(labels, values, intervals)):
        y = 26 + row * k
        x0, x1 = sorted((x(0), x(v)))
        cls, col = ("best", BEST) if k == best else ("bar", OTHER)
        text = (lab[:74] + "…") if len(lab) > 75 else lab
        out.append(
            f'<text x="{left}" y="{y + 12}" font-size="13">{escape(text)} '
            f'<tspan fill="#555">{v:+.2f}</tspan></text>'
        )
        out.append(
            f'<rect class="{cls}" x="{x0:.1f}" y="{y + 17}" width="{max(x1 - x0, 1):.1f}" height="14" '
            f'fill="{col}"><title>{escape(lab)}: {v:+.2f} [{a:+.2f}, {b:+.2f}]</title></rect>'
        )
        if b > a:
            out.append(
                f'<line x1="{x(a):.1f}" y1="{y + 24}" x2="{x(b):.1f}" y2="{y + 24}" '
                f'stroke="#222" stroke-width="1.5"/>'
            )
    out.append("</svg>")
    return "".join(out)


def _table(rows: list[tuple[str, float]], head: str, limit: int = 8) -> str:
    cell = "padding:2px 12px 2px 0"  # the columns apart, with or without the kit's style sheet
    body = "".join(
        f"<tr><td style='{cell}'>{escape(k)}</td><td style='{cell};text-align:right'>{p:.1%}</td></tr>"
        for k, p in rows[:limit]
    )
    more = f"<tr><td colspan=2>… {len(rows) - limit} more</td></tr>" if len(rows) > limit else ""
    return (
        f"<table><tr><th style='{cell};text-align:left'>{escape(head)}</th>"
        f"<th style='{cell};text-align:right'>chance</th></tr>{body}{more}</table>"
    )


class AnalysisTab(W.VBox):
    """The Analysis tab over a :class:`~evo_lab.views.widgets.session.Session`: ``iterations`` playouts per
    analysis (small: it runs at every move while shown), **Deeper** runs ``deep_seconds``; **Annotate**
    marks the decisions so far (``annotate_iterations`` playouts each). ``analysis``: the last result."""

    def __init__(
        self,
        session: Any,
        *,
        iterations: int = 100,
        deep_seconds: float = 5.0,
        annotate_iterations: int = 30,
        seed: int | None = 0,
    ):
        self.session, self.iterations, self.deep_seconds = session, iterations, deep_seconds
        self.annotate_iterations, self.seed = annotate_iterations, seed
        self.analysis: Analysis | None = None
        self.shown = False
        self.status, self.chart, self.after, self.history = W.HTML(), W.HTML(), W.HTML(), W.HTML()
        self.deeper = W.Button(description="Deeper", tooltip=f"analyse for {deep_seconds:g} s")
        self.refresh_button = W.Button(description="Analyse", tooltip=f"{iterations} playouts")
        self.annotate_button = W.Button(
            description="Annotate", tooltip="annotate the game so far", layout=W.Layout(width="auto")
        )
        self.deeper.on_click(lambda _b: self.refresh(deep=True))
        self.refresh_button.on_click(lambda _b: self.refresh())
        self.annotate_button.on_click(lambda _b: self.annotate())
        buttons = W.HBox(
            [self.refresh_button, self.deeper, self.annotate_button], layout=W.Layout(flex_flow="row wrap")
        )
        super().__init__([buttons, self.status, self.chart, self.after, self.history])
        session.on_change(self._changed)

    def show(self, shown: bool) -> None:
        """The Explorer calls this when the tab is selected (``True``) or left: it analyses only while shown."""
        self.shown = shown
        if shown:
            self.refresh()

    def _changed(self, what: str) -> None:
        if what in ("move", "game", "viewer"):
            self.analysis = None
            self.history.value = ""
            if self.shown:
                self.refresh()

    def refresh(self, deep: bool = False) -> None:
        """Analyse the current position (``deep``: for ``deep_seconds``) and redraw."""
        s = self.session.state
        if s.is_terminal() or s.is_chance_node():
            self._clear("The game is over." if s.is_terminal() else "Chance acts here: nothing to decide.")
            return
        p = s.current_player()
        v = self.session.viewer
        if v is not None and v != p:
            self._clear(
                f"P{p + 1} decides here: the analysis is for the player to act (view as P{p + 1} or as "
                "the teacher)."
            )
            return
        try:
            budget = {"seconds": self.deep_seconds} if deep else {"iterations": self.iterations}
            self.analysis = analyse(s, p, seed=self.seed, **budget)
        except AnalysisError as e:
            self._clear(str(e))
            return
        self._draw(p)

    def _clear(self, message: str) -> None:
        self.analysis = None
        self.status.value = f"<i>{escape(message)}</i>"
        self.chart.value = self.after.value = ""

    def _draw(self, p: int) -> None:
        a = self.analysis
        assert a is not None
        how = (
            f"exact: the whole remaining tree ({a.nodes:,} ends of the game)"
            if a.method == "exact"
            else f"sampled: {a.playouts:,} playouts in {a.seconds:.1f} s"
        )
        verdict = (
            "best action separated from the others at 95%"
            if a.separated
            else "the best action is not yet separated: try Deeper"
            if not a.decided
            else f"best action separated or equivalent (within {a.tolerance:.2f} points) to the others"
        )
        self.status.value = (
            f"<b>P{p + 1}</b>, as they can see the game (what they cannot see is redrawn, "
            f"never looked at). Value: expected final-score margin (own final score minus the best "
            f"other's). {how}; {verdict}."
        )
        labels = [self.words(e) for e in a]
        self.chart.value = bars_svg(
            labels,
            [e.value for e in a],
            [e.interval for e in a],
            0,
            "value of each action (95% interval); best in green",
        )
        best = a.best
        parts = [f"<b>After {escape(self.words(best))}</b>: win chance {best.win_probability:.0%}"]
        if best.next_event:
            parts.append(_table(list(best.next_event.items()), "next chance event"))
        if best.scores:
            parts.append(
                _table(
                    [(f"{k:g} points", q) for k, q in sorted(best.scores.items())],
                    f"P{p + 1}'s final score",
                )
            )
        self.after.value = "<div style='display:flex;gap:16px;flex-wrap:wrap'>" + "".join(parts) + "</div>"

    def words(self, entry: Any) -> str:
        """An analysed action in words, as the action list says it (the game view's ``choice_label``), or its
        notation if the view cannot say it."""
        try:
            return str(self.session.view.choice_label(self.session.state, entry.action))
        except Exception:  # noqa: BLE001 - words are a nicety: the notation is always there
            return str(entry.label)

    def annotate(self) -> None:
        """Analyse every decision of the game so far from its mover's view and list them with their marks."""
        from ...core.annotate import annotate, words

        s = self.session.state
        plies = annotate(s, iterations=self.annotate_iterations, seed=self.seed)
        befores = {i: b.clone() for i, (b, _a) in enumerate(s.replay()) if i in {q.ply for q in plies}}
        items = []
        for q in plies:
            colour = {"?": "#b45309", "??": "#b91c1c"}.get(q.mark, "inherit")
            best = (
                ""
                if not q.mark
                else f" <small>(best: {escape(words(befores[q.ply], q.analysis.best.action))}, "
                f"{q.loss:.1f} points better)</small>"
            )
            items.append(
                f"<li value='{q.ply + 1}' style='color:{colour}'>P{q.player + 1} "
                f"{escape(words(befores[q.ply], q.played))}<b>{q.mark}</b>{best}</li>"
            )
        self.history.value = (
            f"<p>? gives away more than {MARK_THRESHOLDS['?']:.0%} of the score scale (the "
            f"expected winning score), ?? more than {MARK_THRESHOLDS['??']:.0%}.</p>"
            f"<ol style='max-height:300px;overflow:auto'>{''.join(items)}</ol>"
        )

    def figure(self) -> Any:
        """The last analysis as a plotly bar chart with error bars (the best bar green)."""
        import plotly.graph_objects as go

        a = self.analysis
        if a is None:
            raise AnalysisError("nothing analysed yet: call refresh() at a decision")
        fig = go.Figure(
            go.Bar(
                x=[e.value for e in a],
                y=[self.words(e) for e in a],
                orientation="h",
                marker_color=[BEST] + [OTHER] * (len(a) - 1),
                error_x={
                    "type": "data",
                    "symmetric": False,
                    "array": [e.interval[1] - e.value for e in a],
                    "arrayminus": [e.value - e.interval[0] for e in a],
                },
            )
        )
        fig.update_layout(
            title="value of each action: expected final-score margin (95% interval)",
            yaxis={"autorange": "reversed"},
            margin={"l": 160, "t": 40},
        )
        return fig
