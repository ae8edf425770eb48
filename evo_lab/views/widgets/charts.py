"""Small SVG charts for the panels (bar chart, heatmap), drawn in Python and shown in ``ipywidgets.HTML``.

They replace plotly figures shown through an ``Output`` widget: capturing output into an ``Output`` widget while
Voila executes a notebook goes through nbclient's mock output widget, which sends comm messages on an
asynchronous channel without waiting for them, and Voila then stalls on some loads ("Executing 4 of 15"; see
``docs/kit.md``). An SVG string in an HTML widget is one plain state update, costs no JavaScript, scales with the
panel (``viewBox``, ``width: 100%``) and is the same in JupyterLab, Notebook 7, VS Code and Voila. The panels still
offer the plotly figure of each chart (``figure()`` methods) for a notebook that wants one.

>>> svg = bar_svg(["a", "b"], [0.25, 0.75], title="Two bars", colours=["#2e9e44", "#c92a2a"], percent=True)
>>> svg.count('class="bar"'), "75.0%" in svg
(2, True)
>>> heat = heatmap_svg([[0.5, 1.0], [0.5, 0.0]], x=[1, 2], y=[0, 1], title="Sections", xlabel="round", ylabel="section")
>>> heat.count('class="cell"')
4
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

__all__ = ["bar_svg", "heatmap_svg", "viridis"]

_VIRIDIS = ((68, 1, 84), (59, 82, 139), (33, 145, 140), (94, 201, 98), (253, 231, 37))


def viridis(x: float) -> str:
    """A colour of the viridis scale for ``x`` in [0, 1]."""
    x = min(1.0, max(0.0, float(x))) * (len(_VIRIDIS) - 1)
    i = min(int(x), len(_VIRIDIS) - 2)
    t = x - i
    c = [round(a + (b - a) * t) for a, b in zip(_VIRIDIS[i], _VIRIDIS[i + 1])]
    return f"#{c[0]:02x}{c[1]:02x}{c[2]:02x}"


def _head(width: int, height: int, cls: str, title: str) -> list[str]:
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="evo-chart {cls}" viewBox="0 0 {width} {height}" '
        f'width="100%" style="max-width:{width}px;display:block" role="img" aria-label="{escape(title)}">',
        f'<text class="chart-title" x="{width / 2}" y="16" text-anchor="middle" font-size="13" '
        f'font-weight="bold" font-family="sans-serif">{escape(title)}</text>',
    ]


def bar_svg(
    labels: Sequence[str],
    values: Sequence[float],
    *,
    title: str = "",
    colours: Sequence[str] | None = None,
    percent: bool = False,
    width: int = 420,
    height: int = 200,
    xlabel: str = "",
) -> str:
    """Vertical bars with their value on top (as a percentage when ``percent``) and the labels below."""
    out = _head(width, height, "evo-bars", title)
    n = max(1, len(values))
    top, bottom, left, right = 40, 20 + (16 if xlabel else 0), 8, 8
    ph = height - top - bottom
    vmax = max([v for v in values if v] + [1e-12]) if not percent else max(max(values, default=0), 1e-12)
    slot = (width - left - right) / n
    bw = slot * 0.7
    out.append(f'<line x1="{left}" y1="{top + ph}" x2="{width - right}" y2="{top + ph}" stroke="#888"/>')
    for i, (lab, v) in enumerate(zip(labels, values)):
        h = ph * (v / vmax) if vmax else 0
        x = left + i * slot + (slot - bw) / 2
        col = colours[i] if colours else "#7b3fa6"
        val = f"{v * 100:.1f}%" if percent else (f"{v:g}" if isinstance(v, int) else f"{v:.3g}")
        out.append(
            f'<rect class="bar" x="{x:.1f}" y="{top + ph - h:.1f}" width="{bw:.1f}" height="{h:.1f}" '
            f'fill="{col}"><title>{escape(str(lab))}: {val}</title></rect>'
        )
        out.append(
            f'<text x="{x + bw / 2:.1f}" y="{top + ph - h - 3:.1f}" text-anchor="middle" font-size="10" '
            f'font-family="sans-serif">{val}</text>'
        )
        out.append(
            f'<text class="bar-label" x="{x + bw / 2:.1f}" y="{top + ph + 13}" text-anchor="middle" '
            f'font-size="{10 if len(str(lab)) * 6 < slot else 8}" font-family="sans-serif">'
            f"{escape(str(lab))}</text>"
        )
    if xlabel:
        out.append(
            f'<text x="{width / 2}" y="{height - 4}" text-anchor="middle" font-size="11" '
            f'font-family="sans-serif">{escape(xlabel)}</text>'
        )
    out.append("</svg>")
    return "".join(out)


def heatmap_svg(
    z: Sequence[Sequence[float]],
    *,
    x: Sequence,
    y: Sequence,
    title: str = "",
    xlabel: str = "",
    ylabel: str = "",
    width: int = 420,
    height: int = 230,
) -> str:
    """``z[row][column]`` in [0, 1] as coloured cells (viridis), rows ``y`` bottom-up, columns ``x``; each
    cell shows its percentage and has a tooltip."""
    out = _head(width, height, "evo-heatmap", title)
    rows, cols = len(y), max(1, len(x))
    left, top, bottom, right = 44, 26, 34, 6
    cw = (width - left - right) / cols
    ch = (height - top - bottom) / max(1, rows)
    for r in range(rows):
        cy = top + (rows - 1 - r) * ch
        out.append(
            f'<text x="{left - 6}" y="{cy + ch / 2 + 4:.1f}" text-anchor="end" font-size="10" '
            f'font-family="sans-serif">{escape(str(y[r]))}</text>'
        )
        for c in range(len(x)):
            v = float(z[r][c]) if r < len(z) and c < len(z[r]) else 0.0
            cx = left + c * cw
            out.append(
                f'<rect class="cell" x="{cx:.1f}" y="{cy:.1f}" width="{cw:.1f}" height="{ch:.1f}" '
                f'fill="{viridis(v)}" stroke="#fff" stroke-width="0.5"><title>{escape(xlabel)} {x[c]}, '
                f"{escape(ylabel)} {y[r]}: {v * 100:.1f}%</title></rect>"
            )
            if v >= 0.005 and cw >= 22:
                out.append(
                    f'<text x="{cx + cw / 2:.1f}" y="{cy + ch / 2 + 3:.1f}" text-anchor="middle" '
                    f'font-size="9" font-family="sans-serif" fill="{"#000" if v > 0.6 else "#fff"}">'
                    f"{v * 100:.0f}%</text>"
                )
    for c in range(len(x)):
        out.append(
            f'<text x="{left + c * cw + cw / 2:.1f}" y="{top + rows * ch + 13:.1f}" text-anchor="middle" '
            f'font-size="10" font-family="sans-serif">{escape(str(x[c]))}</text>'
        )
    out.append(
        f'<text x="{left + (width - left - right) / 2:.1f}" y="{height - 4}" text-anchor="middle" '
        f'font-size="11" font-family="sans-serif">{escape(xlabel)}</text>'
    )
    out.append(
        f'<text x="12" y="{top + rows * ch / 2:.1f}" text-anchor="middle" font-size="11" '
        f'font-family="sans-serif" transform="rotate(-90 12 {top + rows * ch / 2:.1f})">{escape(ylabel)}</text>'
    )
    out.append("</svg>")
    return "".join(out)
