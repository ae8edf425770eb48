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
from ...core.chance_words import event_rows
from ...core.words import pct, plural

__all__ = ["AnalysisTab", "bars_svg", "score_rows", "status_html"]

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
    width, left, right = 560, 8, 20
    wrapped = [_wrap(lab) for lab in labels]
    title_lines = _wrap(title, 72)
    tops, y = [], 14 + 17 * len(title_lines)
    for lines in wrapped:
        tops.append(y)
        y += 17 * len(lines) + 24
    height = y + 4

    def x(v: float) -> float:
        return left + (v - lo) / (hi - lo) * (width - left - right)

    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="evo-chart analysis" viewBox="0 0 {width} {height}" '
        f'width="100%" style="max-width:{width}px;display:block" role="img" aria-label="{escape(title)}">'
    )
    out = [
        head,
        f'<text x="{width / 2}" y="16" text-anchor="middle" font-size="14">'
        + "".join(
            f'<tspan x="{width / 2}" dy="{0 if j == 0 else 17}">{escape(t)}</tspan>'
            for j, t in enumerate(title_lines)
        )
        + "</text>",
        f'<line x1="{x(0):.1f}" y1="{tops[0] if tops else 24}" x2="{x(0):.1f}" y2="{height - 4}" stroke="#999"/>',
    ]
    for k, (lab, lines, v, (a, b)) in enumerate(zip(labels, wrapped, values, intervals)):
        y = tops[k]
        x0, x1 = sorted((x(0), x(v)))
        cls, col = ("best", BEST) if k == best else ("bar", OTHER)
        spans = "".join(
            f'<tspan x="{left}" dy="{0 if j == 0 else 17}">{escape(t)}</tspan>' for j, t in enumerate(lines)
        )
        out.append(
            f'<text x="{left}" y="{y + 12}" font-size="14">{spans} <tspan fill="#555">{v:+.2f}</tspan></text>'
        )
        bar_y = y + 17 * len(lines)
        interval = f"95% interval {a:+.2f} to {b:+.2f}" if b > a else "exact" if a == b == v else ""
        out.append(
            f'<rect class="{cls}" x="{x0:.1f}" y="{bar_y:.1f}" width="{max(x1 - x0, 1):.1f}" height="14" '
            f'fill="{col}"><title>{escape(lab)}: value {v:+.2f}{", " + interval if interval else ""}'
            "</title></rect>"
        )
        if b > a:
            out.append(
                f'<line x1="{x(a):.1f}" y1="{bar_y + 7:.1f}" x2="{x(b):.1f}" y2="{bar_y + 7:.1f}" '
                f'stroke="#222" stroke-width="1.5"/>'
            )
    out.append("</svg>")
    return "".join(out)


def _wrap(text: str, width: int = 66, lines: int = 2) -> list[str]:
    """``text`` on at most ``lines`` lines of about ``width`` characters (an ellipsis ends a longer one)."""
    out: list[str] = []
    rest = text
    while rest and len(out) < lines:
        if len(rest) <= width:
            out.append(rest)
            rest = ""
            break
        cut = rest.rfind(" ", 0, width + 1)
        cut = cut if cut > width // 2 else width
        out.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest:
        out[-1] = out[-1][: width - 1].rstrip() + "…"
    return out


def _table(rows: list[tuple[str, float]], head: str, right: str, limit: int = 8) -> str:
    cell = (
        "padding:3px 14px 3px 0;line-height:1.35"  # the columns apart, with or without the kit's style sheet
    )
    body = "".join(
        f"<tr><td style='{cell}'>{escape(k)}</td><td style='{cell};text-align:right'>{pct(p)}</td></tr>"
        for k, p in rows[:limit]
    )
    more = (
        f"<tr><td colspan=2 style='{cell}'>and {len(rows) - limit} more</td></tr>"
        if len(rows) > limit
        else ""
    )
    return (
        f"<table style='font-size:14px;max-width:100%'><tr><th style='{cell};text-align:left'>{escape(head)}</th>"
        f"<th style='{cell};text-align:right'>{escape(right)}</th></tr>{body}{more}</table>"
    )


#: Fewer playouts of the best action than this and the tab says the figures are rough.
FEW_PLAYOUTS = 100


def _many(unit: str) -> str:
    """A score unit in the plural ("points"; "MP" stays)."""
    return unit if unit == "MP" else plural(2, unit).split(" ", 1)[1]


def _unit_words(x: float, unit: str) -> str:
    return f"{x:g} {_many(unit)}" if unit == "MP" or not float(x).is_integer() else plural(int(x), unit)


def score_rows(scores: dict[float, float], unit: str, most: int = 7) -> list[tuple[str, float]]:
    """The viewer's final score as table rows: each score, or (more than ``most`` different scores) ranges of
    about equal width ("10 to 14 points").

    >>> score_rows({3.0: 0.5, 4.0: 0.5}, "point")
    [('3 points', 0.5), ('4 points', 0.5)]
    >>> score_rows({float(k): 0.1 for k in range(10)}, "MP", most=3)
    [('0 to 3 MP', 0.4), ('4 to 7 MP', 0.4), ('8 to 9 MP', 0.2)]
    """
    keys = sorted(scores)
    if len(keys) <= most:
        return [(_unit_words(k, unit), scores[k]) for k in keys]
    lo, hi = math.floor(keys[0]), math.floor(keys[-1])
    width = max(1, math.ceil((hi - lo + 1) / most))
    out: list[tuple[str, float]] = []
    for start in range(lo, hi + 1, width):
        end = min(start + width - 1, hi)
        share = sum(q for k, q in scores.items() if start <= k < end + 1)
        if share:
            words = _unit_words(end, unit).split(" ", 1)[1]
            out.append((f"{start:g} to {end:g} {words}", share))
    return out


def status_html(a: Analysis, p: int, unit: str) -> str:
    """What the analysis is and how sure it is, in short lines; a note when it used few playouts."""
    who = f"P{p + 1}"
    lines = [
        f"<b>{who} to act.</b> Each action is judged only from what {who} can see: cards {who} cannot see "
        "are dealt again at random for every game played out, never looked at.",
        f"<b>Value</b>: {who}'s final score minus the best other player's, on average ({_many(unit)}).",
    ]
    if a.method == "exact":
        lines.append(f"<b>Exact</b>: every way the game can end was counted ({a.nodes:,} endings).")
    else:
        n = a.best.visits
        lines.append(
            f"<b>Estimated</b> from {a.playouts:,} games played to the end by bots ({a.seconds:.1f} s); "
            f"{n} of them after the best action."
        )
    if a.separated:
        lines.append("The best action is clearly ahead of every other (95% sure).")
    elif a.decided:
        lines.append(
            f"The best action is ahead of the others or as good (within {a.tolerance:.2f} {_many(unit)}) as them."
        )
    else:
        lines.append("The best action is not yet clearly ahead of all others: press <b>Deeper</b>.")
    if a.method != "exact" and a.best.visits < FEW_PLAYOUTS:
        n = a.best.visits
        lo, hi = a.best.interval
        width = f"{hi - lo:.1f} {_many(unit)} wide" if math.isfinite(hi - lo) else "unbounded"
        lines.append(
            f"<span class='evo-note' style='color:#8a5a00'>Few games played out: {n} after the best action, "
            f"so its interval is {width} and each of those games counts {1 / max(n, 1):.0%} in the tables below; "
            "close bars may swap places. <b>Deeper</b> plays more.</span>"
        )
    return (
        "<div style='font-size:14px;line-height:1.45'>" + "".join(f"<div>{x}</div>" for x in lines) + "</div>"
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
            self.analysis = analyse(s, p, seed=self.seed, words=self.session.view, **budget)
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
        unit = self._unit()
        self.status.value = status_html(a, p, unit)
        labels = [self.words(e) for e in a]
        self.chart.value = bars_svg(
            labels,
            [e.value for e in a],
            [e.interval for e in a],
            0,
            f"What each action is worth to P{p + 1}: {_many(unit)} ahead of the best other player. "
            "Lines: 95% intervals. The best is green.",
        )
        best = a.best
        head = (
            f"<div style='flex-basis:100%'><b>After {escape(self.said(best))}</b>: P{p + 1} wins "
            f"{best.win_probability:.0%} of the games played out.</div>"
        )
        parts = [head]
        rows = event_rows(best.next_event_groups)
        if rows:
            parts.append(_table(rows, "what chance does next", "chance"))
        if best.scores:
            parts.append(_table(score_rows(best.scores, unit), f"P{p + 1}'s final score", "chance"))
        self.after.value = (
            "<div style='display:flex;gap:8px 24px;flex-wrap:wrap;align-items:flex-start'>"
            + "".join(parts)
            + "</div>"
        )

    def _unit(self) -> str:
        """What a score is counted in ("point"; Evo: "MP")."""
        return str(getattr(self.session.view, "score_unit", "point"))

    def said(self, entry: Any) -> str:
        """An analysed action as a sentence with its subject (the history's words: "P2 bids 0 for Egg")."""
        st = self.session.state
        try:
            return str(self.session.view.action_words(st, entry.action, self.session.viewer))
        except Exception:  # noqa: BLE001 - words are a nicety: the notation is always there
            return f"P{st.current_player() + 1} {entry.label}"

    def words(self, entry: Any) -> str:
        """An analysed action in words, as the action list says it (the game view's ``choice_label``), or its
        notation if the view cannot say it."""
        try:
            return str(self.session.view.choice_label(self.session.state, entry.action))
        except Exception:  # noqa: BLE001 - words are a nicety: the notation is always there
            return str(entry.label)

    def annotate(self) -> None:
        """Analyse every decision of the game so far from its mover's view and list them with their marks."""
        from ...core.annotate import annotate

        s, view, viewer = self.session.state, self.session.view, self.session.viewer
        plies = annotate(s, iterations=self.annotate_iterations, seed=self.seed)
        befores = {i: b.clone() for i, (b, _a) in enumerate(s.replay()) if i in {q.ply for q in plies}}
        unit = self._unit()
        items = []
        for q in plies:
            colour = {"?": "#b45309", "??": "#b91c1c"}.get(q.mark, "inherit")
            before = befores[q.ply]
            best = (
                ""
                if not q.mark
                else f" <small>&mdash; better: {escape(view.choice_label(before, q.analysis.best.action))}, "
                f"{_unit_words(round(q.loss, 1), unit)} more</small>"
            )
            items.append(
                f"<li value='{q.ply + 1}' style='color:{colour}'>"
                f"{escape(view.action_words(before, q.played, viewer))}<b>{q.mark}</b>{best}</li>"
            )
        self.history.value = (
            f"<p>? marks a move that gives away more than {MARK_THRESHOLDS['?']:.0%} of the score scale (the "
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
