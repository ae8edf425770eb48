"""Lesson 07b's panel: one lot, four auction formats, Evo's cap, budgets and vials as sliders.

:func:`format_table` is the computation (tested); :class:`FormatsPanel` puts it behind ipywidgets sliders.

>>> rows = format_table([5, 3, 2])
>>> [(r["format"], r["revenue"]) for r in rows][:2]
[('second-price', '3'), ('English clock', '4')]
"""

from __future__ import annotations

from collections.abc import Sequence

from evo_lab.theory.formats import dominant_outcome, equilibrium_range, make_lot

__all__ = ["FormatsPanel", "format_table"]


def _span(lo: float, hi: float, spec: str = "g") -> str:
    a, b = format(round(lo, 2), spec), format(round(hi, 2), spec)
    return a if a == b else f"{a} to {b}"


def format_table(
    values: Sequence[float],
    *,
    budgets: Sequence[int] | None = None,
    vials: Sequence[int] | None = None,
    cap: int = 6,
) -> list[dict[str, str]]:
    """One row per format: ``{"format", "solution", "winner", "revenue", "efficiency"}`` (strings). Second-price
    and English: the drop levels (:func:`~evo_lab.theory.formats.dominant_outcome`); first-price and all-pay: every pure equilibrium, or (two bidders, no
    pure one) the vertices of the mixed equilibria."""
    lot = make_lot(values, budgets=budgets, vials=vials, bids=range(0, cap + 1))
    rows = []
    for fmt, name in (("second", "second-price"), ("english", "English clock")):
        o = dominant_outcome(lot, fmt)
        winner = "-" if o.winner is None else f"P{o.winner + 1}"  # the drop levels always pick one winner
        rows.append(
            {
                "format": name,
                "solution": "drop levels (truthful)",
                "winner": winner,
                "revenue": f"{o.revenue:g}",
                "efficiency": f"{o.efficiency:.2f}",
            }
        )
    for fmt, name in (("first", "first-price"), ("allpay", "all-pay")):
        r = equilibrium_range(lot, fmt)
        if r["count"] == 0:
            rows.append(
                {
                    "format": name,
                    "solution": "no pure equilibrium (mixed: two bidders only)",
                    "winner": "-",
                    "revenue": "-",
                    "efficiency": "-",
                }
            )
            continue
        winners = sorted({f"P{i + 1}" for o in r["outcomes"] for i, p in enumerate(o.win) if p > 1e-9})
        rows.append(
            {
                "format": name,
                "solution": f"{r['count']} {r['kind']} equilibria",
                "winner": "/".join(winners),
                "revenue": _span(r["revenue"][0], r["revenue"][1]),
                "efficiency": _span(r["efficiency"][0], r["efficiency"][1], ".2f"),
            }
        )
    return rows


def _html(rows: list[dict[str, str]]) -> str:
    head = "".join(f"<th>{k}</th>" for k in rows[0])
    body = "".join("<tr>" + "".join(f"<td>{v}</td>" for v in r.values()) + "</tr>" for r in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


class FormatsPanel:
    """Sliders for each bidder's value, MP and vials and for the cap; the table of :func:`format_table` below.
    ``.widget`` is what to display."""

    def __init__(
        self,
        values: Sequence[float] = (5, 3, 2),
        budgets: Sequence[int] = (12, 12, 12),
        vials: Sequence[int] = (0, 0, 0),
        cap: int = 6,
    ) -> None:
        import ipywidgets as W

        n = len(values)
        self.values = [
            W.FloatSlider(value=v, min=0, max=10, step=0.5, description=f"P{i + 1} value")
            for i, v in enumerate(values)
        ]
        self.budgets = [
            W.IntSlider(value=b, min=0, max=12, description=f"P{i + 1} MP") for i, b in enumerate(budgets)
        ]
        self.vials = [
            W.IntSlider(value=v, min=0, max=3, description=f"P{i + 1} vials") for i, v in enumerate(vials)
        ]
        self.cap = W.IntSlider(value=cap, min=1, max=10, description="highest bid")
        self.out = W.HTML()
        for w in self.values + self.budgets + self.vials + [self.cap]:
            w.observe(lambda _change: self.update(), names="value")
        cols = [W.VBox([self.values[i], self.budgets[i], self.vials[i]]) for i in range(n)]
        self.widget = W.VBox([W.HBox(cols), self.cap, self.out])
        self.update()

    def rows(self) -> list[dict[str, str]]:
        return format_table(
            [w.value for w in self.values],
            budgets=[w.value for w in self.budgets],
            vials=[w.value for w in self.vials],
            cap=self.cap.value,
        )

    def update(self) -> None:
        self.out.value = _html(self.rows())
