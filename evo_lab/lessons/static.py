"""Static twins of the lessons' plotly figures, so that every chart survives export.

A plotly chart lives in a notebook as ``application/vnd.plotly.v1+json``: JupyterLab draws it, but nbconvert's
HTML, GitHub and nbviewer show nothing. :func:`show` displays ONE output that carries both the interactive
figure and a PNG drawn by matplotlib from the same figure object (:func:`to_png`), so a live JupyterLab shows
the interactive chart and every static renderer shows the picture.

Measured on the course machine (2 cores): kaleido 1.5 with Debian's Chromium took 3.2 s for the first PNG and
4.2 s for the next one (it starts a browser per call) and needs a Chromium at run time; matplotlib (Agg, no
browser, wheels for every platform) draws a lesson chart in about 0.1 s. So the twin is matplotlib's.

The converter reads the figure's own data (``fig.data``/``fig.layout``): bar (grouped, stacked, horizontal,
error bars), scatter (lines, markers, error bars), heatmap (with its cell text), histogram, subplots side by
side, horizontal lines, logarithmic axes, and a sunburst (drawn as the bar chart of its first ring).

>>> import plotly.graph_objects as go
>>> png = to_png(go.Figure(go.Bar(x=["a", "b"], y=[1, 2]), layout={"title": "t"}))
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import io
from typing import Any

__all__ = ["to_png", "show", "figure_bundle"]

_PALETTE = ("#636efa", "#ef553b", "#00cc96", "#ab63fa", "#ffa15a", "#19d3f3", "#ff6692", "#b6e880")
_CMAPS = {
    "viridis": "viridis",
    "rdbu": "RdBu",
    "blues": "Blues",
    "reds": "Reds",
    "greens": "Greens",
    "ylorrd": "YlOrRd",
    "hot": "hot",
    "greys": "Greys",
    "purples": "Purples",
    "ylgnbu": "YlGnBu",
}


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt

    return plt


def _text(title: Any) -> str:
    if title is None:
        return ""
    t = getattr(title, "text", title)
    return "" if t is None else str(t).replace("<br>", "\n").replace("<b>", "").replace("</b>", "")


def _seq(x: Any) -> list:
    """A trace field (list, tuple, numpy array or None) as a list."""
    return [] if x is None else list(x)


def _axis_key(trace: Any, letter: str) -> str:
    ref = getattr(trace, f"{letter}axis", None) or letter
    return f"{letter}axis" + ref[1:]


def _panels(fig: Any) -> list[str]:
    """The x axes used by the traces, left to right (one matplotlib panel each)."""
    keys: list[str] = []
    for tr in fig.data:
        if tr.type in ("sunburst", "treemap", "pie"):
            k = "xaxis"
        else:
            k = _axis_key(tr, "x")
        if k not in keys:
            keys.append(k)

    def left(k: str) -> float:
        dom = getattr(fig.layout[k], "domain", None) if k in fig.layout else None
        return float(dom[0]) if dom else 0.0

    return sorted(keys or ["xaxis"], key=left)


def _colour(trace: Any, i: int) -> Any:
    marker = getattr(trace, "marker", None)
    c = getattr(marker, "color", None) if marker is not None else None
    if c is None or (isinstance(c, (list, tuple)) and not all(isinstance(x, str) for x in c)):
        return _PALETTE[i % len(_PALETTE)]
    return [_rgb(x) for x in c] if isinstance(c, (list, tuple)) else _rgb(c)


def _errors(trace: Any, letter: str = "y") -> Any:
    e = getattr(trace, f"error_{letter}", None)
    if e is None or getattr(e, "array", None) is None:
        return None
    up = list(e.array)
    down = list(e.arrayminus) if getattr(e, "arrayminus", None) is not None else up
    return [down, up]


def _bars(ax: Any, traces: list[tuple[int, Any]], barmode: str | None) -> None:
    cats: list[Any] = []
    for _, tr in traces:
        for x in _seq(tr.y if tr.orientation == "h" else tr.x):
            if x not in cats:
                cats.append(x)
    pos = {c: k for k, c in enumerate(cats)}
    n, width = len(traces), 0.8
    bottom = [0.0] * len(cats)
    for j, (i, tr) in enumerate(traces):
        horizontal = tr.orientation == "h"
        keys, vals = (tr.y, tr.x) if horizontal else (tr.x, tr.y)
        keys, vals = _seq(keys), [float(v) for v in _seq(vals)]
        xs: list[float]
        if barmode in ("stack", "relative", "overlay") or n == 1:
            xs, w = [float(pos[k]) for k in keys], width
        else:
            xs, w = [pos[k] - width / 2 + (j + 0.5) * width / n for k in keys], width / n
        base = [bottom[pos[k]] for k in keys] if barmode in ("stack", "relative") else None
        kw = dict(color=_colour(tr, i), label=tr.name or None, alpha=0.6 if barmode == "overlay" else 1.0)
        err = _errors(tr, "x" if horizontal else "y")
        if horizontal:
            ax.barh(xs, vals, height=w, left=base, xerr=err, capsize=3, **kw)
        else:
            ax.bar(xs, vals, width=w, bottom=base, yerr=err, capsize=3, **kw)
        if base is not None:
            for k, v in zip(keys, vals):
                bottom[pos[k]] += v
    ticks = (
        (ax.set_yticks, ax.set_yticklabels)
        if traces and traces[0][1].orientation == "h"
        else (ax.set_xticks, ax.set_xticklabels)
    )
    ticks[0](range(len(cats)))
    ticks[1]([str(c) for c in cats], rotation=0 if len(cats) < 8 else 60, fontsize=8)


def _categorical(values: Any) -> bool:
    return any(isinstance(v, str) for v in _seq(values))


def _scatter(ax: Any, i: int, tr: Any, xcats: list[Any] | None) -> None:
    xs = _seq(tr.x) or list(range(len(_seq(tr.y))))
    if xcats is not None:
        xs = [xcats.index(x) if x in xcats else x for x in xs]
    mode = tr.mode or "lines+markers"
    style = ("-" if "lines" in mode else "") + ("o" if "markers" in mode else "")
    line = getattr(tr, "line", None)
    colour = getattr(line, "color", None) or (_colour(tr, i) if isinstance(_colour(tr, i), str) else None)
    ax.errorbar(
        xs,
        [float(v) for v in tr.y],
        yerr=_errors(tr),
        fmt=style or "-",
        color=colour,
        capsize=3,
        label=tr.name or None,
        markersize=5,
    )


def _rgb(c: Any) -> Any:
    """A plotly colour (``"rgb(1,2,3)"``, ``"rgba(..)"``, a name or ``#hex``) as matplotlib reads it."""
    if isinstance(c, str) and c.startswith("rgb"):
        parts = [float(x) for x in c[c.index("(") + 1 : c.rindex(")")].split(",")]
        rgb = tuple(x / 255.0 for x in parts[:3])
        return rgb + ((parts[3],) if len(parts) > 3 else ())
    return c


def _heatmap(fig: Any, ax: Any, tr: Any) -> None:
    import numpy as np

    z = np.array([[np.nan if v is None else float(v) for v in row] for row in tr.z], dtype=float)
    scale = tr.colorscale
    name = scale[0] if isinstance(scale, (list, tuple)) and scale and isinstance(scale[0], str) else None
    cmap: Any = "viridis"
    if isinstance(scale, (list, tuple)) and scale and isinstance(scale[0], (list, tuple)):
        from matplotlib.colors import LinearSegmentedColormap

        cmap = LinearSegmentedColormap.from_list("plotly", [(float(s), _rgb(c)) for s, c in scale])
    elif name:
        cmap = _CMAPS.get(name.lower(), "viridis")
    vmin = tr.zmin if tr.zmin is not None else np.nanmin(z)
    vmax = tr.zmax if tr.zmax is not None else np.nanmax(z)
    if tr.zmid is not None:
        half = max(abs(vmax - tr.zmid), abs(tr.zmid - vmin))
        vmin, vmax = tr.zmid - half, tr.zmid + half
    im = ax.imshow(z, aspect="auto", origin="lower", cmap=cmap, vmin=vmin, vmax=vmax)
    xs = list(tr.x) if tr.x is not None else list(range(z.shape[1]))
    ys = list(tr.y) if tr.y is not None else list(range(z.shape[0]))
    ax.set_xticks(range(len(xs)))
    ax.set_xticklabels(
        [str(x) for x in xs], rotation=0 if len(xs) < 8 else 90, fontsize=7 if len(xs) > 8 else 9
    )
    ax.set_yticks(range(len(ys)))
    ax.set_yticklabels([str(y) for y in ys], fontsize=7 if len(ys) > 8 else 9)
    text = tr.text
    if text is not None and z.size <= 120:
        for r, row in enumerate(text):
            for c, t in enumerate(row):
                if t not in (None, ""):
                    ax.text(
                        c,
                        r,
                        str(t),
                        ha="center",
                        va="center",
                        fontsize=7,
                        color="white" if (z[r, c] - vmin) < 0.5 * (vmax - vmin) else "black",
                    )
    ax.figure.colorbar(im, ax=ax, fraction=0.05)


def _sunburst(ax: Any, tr: Any) -> None:
    ids = list(tr.ids if tr.ids is not None else tr.labels)
    parents, values, labels = list(tr.parents), [float(v) for v in tr.values], list(tr.labels)
    roots = [i for i, p in enumerate(parents) if p in ("", None)]
    ring = [i for i, p in enumerate(parents) if len(roots) == 1 and p == ids[roots[0]]] or roots
    ring = sorted(ring, key=lambda i: -values[i])[:15][::-1]
    ax.barh([str(labels[i]) for i in ring], [values[i] for i in ring], color=_PALETTE[0])
    ax.set_xlabel("value of the first ring (a sunburst in the interactive chart)")


def _draw_panel(fig: Any, ax: Any, key: str, traces: list[tuple[int, Any]]) -> None:
    bars = [(i, t) for i, t in traces if t.type in ("bar", "histogram")]
    xcats: list[Any] | None = None
    if bars:
        if all(t.type == "histogram" for _, t in bars):
            for i, t in bars:
                ax.hist(
                    [float(v) for v in t.x], bins=20, alpha=0.6, label=t.name or None, color=_colour(t, i)
                )
        else:
            _bars(ax, [(i, t) for i, t in bars if t.type == "bar"], fig.layout.barmode)
            first = bars[0][1]
            xcats = []
            for _, t in bars:
                for x in _seq(t.x):
                    if x not in xcats:
                        xcats.append(x)
            if not _categorical(xcats) and first.orientation != "h":
                ax.set_xticklabels([str(c) for c in xcats])
    for i, tr in traces:
        if tr.type == "scatter":
            _scatter(ax, i, tr, xcats)
        elif tr.type == "heatmap":
            _heatmap(fig, ax, tr)
        elif tr.type in ("sunburst", "treemap"):
            _sunburst(ax, tr)
    lay = fig.layout
    xa = lay[key] if key in lay else None
    ya = lay["yaxis" + key[5:]] if ("yaxis" + key[5:]) in lay else None
    if xa is not None and xa.title is not None:
        ax.set_xlabel(_text(xa.title))
    if xa is not None and xa.type == "log":
        ax.set_xscale("log")
    if ya is not None and ya.type == "log":
        ax.set_yscale("log")
    if ya is not None:
        if ya.title is not None:
            ax.set_ylabel(_text(ya.title))
        if ya.range is not None:
            ax.set_ylim(*ya.range)
        if ya.tickformat and "%" in ya.tickformat:
            from matplotlib.ticker import PercentFormatter

            ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    for shape in lay.shapes or ():
        if shape.type == "line" and shape.xref in ("paper", "x domain") and shape.y0 == shape.y1:
            ax.axhline(float(shape.y0), linestyle=":", color="grey")
    if any(t.name for _, t in traces if t.type not in ("heatmap", "sunburst", "treemap")) and len(traces) > 1:
        ax.legend(fontsize=8)


def to_png(fig: Any, *, width: float = 7.5, height: float | None = None, dpi: int = 96) -> bytes:
    """A PNG of the plotly figure ``fig`` drawn by matplotlib (deterministic bytes for the same versions)."""
    plt = _pyplot()
    panels = _panels(fig)
    h = height or max(3.0, min(6.5, float(fig.layout.height or 420) / 96.0))
    mfig, axes = plt.subplots(1, len(panels), figsize=(width, h), dpi=dpi, squeeze=False)
    sub_titles = [a.text for a in (fig.layout.annotations or ()) if a.xref == "paper" and a.yref == "paper"]
    for k, (key, ax) in enumerate(zip(panels, axes[0])):
        traces = [
            (i, t)
            for i, t in enumerate(fig.data)
            if (t.type in ("sunburst", "treemap", "pie") and key == "xaxis")
            or (t.type not in ("sunburst", "treemap", "pie") and _axis_key(t, "x") == key)
        ]
        _draw_panel(fig, ax, key, traces)
        if len(panels) > 1 and k < len(sub_titles):
            ax.set_title(_text(sub_titles[k]), fontsize=10)
    mfig.suptitle(_text(fig.layout.title), fontsize=11)
    mfig.tight_layout()
    buf = io.BytesIO()
    mfig.savefig(buf, format="png", metadata={"Software": None})
    plt.close(mfig)
    return buf.getvalue()


def figure_bundle(fig: Any, alt: str | None = None) -> dict[str, Any]:
    """The MIME bundle of one output: the interactive plotly JSON, a static PNG and a text line."""
    import base64

    return {
        "application/vnd.plotly.v1+json": fig.to_plotly_json()
        | {"config": {"plotlyServerURL": "https://plot.ly"}},
        "image/png": base64.b64encode(to_png(fig)).decode("ascii"),
        "text/plain": alt or f"[chart: {_text(fig.layout.title) or 'plotly figure'}]",
    }


def show(fig: Any, alt: str | None = None) -> None:
    """Display ``fig`` as one output with an interactive chart and its static PNG twin."""
    from IPython.display import display

    display(figure_bundle(fig, alt), raw=True)
