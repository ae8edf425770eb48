"""A tournament's folder: every game's record, the game and fault logs, the leaderboard (CSV, HTML, a plot).

:func:`write_report` writes into ``out``::

    records/game-00000.json   each game's record (the game's own format: evo_lab.load_record, the Explorer)
    games.jsonl               one line per game: seats, bots, scores, places, win shares, faults, record file
    faults.jsonl              one line per fault: bot, game, seat, ply, kind, message, detail, position, record
    leaderboard.csv           one row per bot (rating and interval, outright wins and first places with their
                              intervals, the share of first places, place, faults)
    head_to_head.csv          one row per ordered pair of bots
    leaderboard.html          the leaderboard, the plot, the head-to-head table and the faults, in one page
    ratings.svg               the plot: ratings and outright win rates with their 95% intervals
    tournament.json           the configuration, the bots and the leaderboard
    timing.json               the wall time and each bot's time per decision (the only file that differs
                              between two runs with the same seed)

Everything but ``timing.json`` (and the bots' own ``logs/``) is a function of the seed and the bots' answers.
"""

from __future__ import annotations

import csv
import html
import io
import json
import math
from pathlib import Path
from typing import Any

from .runner import TournamentResult

__all__ = [
    "head_to_head_csv",
    "leaderboard_csv",
    "leaderboard_html",
    "plot_svg",
    "record_name",
    "write_report",
]

LEADERBOARD_COLUMNS = (
    "rank",
    "bot",
    "spec",
    "rating",
    "rating_low",
    "rating_high",
    "games",
    "wins",
    "win_rate",
    "win_low",
    "win_high",
    "firsts",
    "first_rate",
    "first_low",
    "first_high",
    "share",
    "share_rate",
    "mean_place",
    "faulted_games",
    "faults",
    "openskill_mu",
    "openskill_sigma",
)
H2H_COLUMNS = ("bot", "opponent", "games", "ahead", "tied", "behind", "share", "low", "high", "p", "p_holm")


def record_name(game: int) -> str:
    """The record file of game ``game`` inside the folder."""
    return f"records/game-{game:05d}.json"


def _num(v: Any) -> Any:
    if isinstance(v, float):
        return "" if math.isnan(v) else round(v, 6)
    return v


def _csv(rows: list[dict], columns: tuple[str, ...]) -> str:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=list(columns), lineterminator="\n", extrasaction="ignore")
    w.writeheader()
    for r in rows:
        w.writerow({c: _num(r.get(c, "")) for c in columns})
    return buf.getvalue()


def leaderboard_csv(board: list[dict]) -> str:
    return _csv(board, LEADERBOARD_COLUMNS)


def head_to_head_csv(result: TournamentResult, h2h: list[list[dict]]) -> str:
    labels = result.labels
    rows = [
        {"bot": labels[a], "opponent": labels[b], **h2h[a][b]}
        for a in range(len(labels))
        for b in range(len(labels))
        if a != b and h2h[a][b]["games"]
    ]
    return _csv(rows, H2H_COLUMNS)


def plot_svg(board: list[dict]) -> str:
    """Ratings (left) and outright win rates (right) with their 95% intervals, best first, as SVG text (matplotlib,
    without pyplot; deterministic ids)."""
    import matplotlib
    from matplotlib.figure import Figure

    names = [r["bot"] for r in board][::-1]
    ys = list(range(len(names)))
    with matplotlib.rc_context({"svg.hashsalt": "evo-lab-tournament", "svg.fonttype": "none"}):
        fig = Figure(figsize=(9, 0.9 + 0.38 * len(names)), layout="constrained")
        ax1, ax2 = fig.subplots(1, 2, sharey=True)
        for ax, key, lo, hi, label in (
            (ax1, "rating", "rating_low", "rating_high", "rating (Elo scale)"),
            (ax2, "win_rate", "win_low", "win_high", "outright win rate"),
        ):
            vals = [r[key] for r in board][::-1]
            los = [r[lo] for r in board][::-1]
            his = [r[hi] for r in board][::-1]
            err = [
                [0 if math.isnan(v - a) else v - a for v, a in zip(vals, los)],
                [0 if math.isnan(b - v) else b - v for v, b in zip(vals, his)],
            ]
            ax.errorbar(vals, ys, xerr=err, fmt="o", color="#2a6f97", ecolor="#7aa6c2", capsize=3)
            ax.set_xlabel(f"{label}, 95% interval")
            ax.grid(axis="x", alpha=0.3)
        ax1.axvline(1500, color="#999", lw=0.8)
        ax2.set_xlim(-0.02, 1.02)
        ax1.set_yticks(ys, names)
        buf = io.StringIO()
        fig.savefig(buf, format="svg", metadata={"Date": None})
    return buf.getvalue()


_STYLE = """body{font-family:system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:right;
white-space:nowrap}td.text{text-align:left;white-space:normal}
th{background:#f3f3f3}td.name,th.name{text-align:left}.note{color:#555;font-size:.9em}
code{background:#f5f5f5;padding:0 .2em}"""


def _table(head: list[str], rows: list[list[str]], name_cols: int = 1) -> str:
    th = "".join(
        f"<th{' class=name' if i < name_cols else ''}>{html.escape(h)}</th>" for i, h in enumerate(head)
    )
    body = "".join(
        "<tr>"
        + "".join(f"<td{' class=name' if i < name_cols else _text(c)}>{c}</td>" for i, c in enumerate(r))
        + "</tr>"
        for r in rows
    )
    return f"<table><tr>{th}</tr>{body}</table>"


def _text(cell: str) -> str:
    return " class=text" if cell.startswith("<span class=text>") else ""


def _interval(lo: float, hi: float, fmt: str) -> str:
    return "" if math.isnan(lo) else f"[{lo:{fmt}}, {hi:{fmt}}]"


def _h2h_html(result: TournamentResult, h2h: list[list[dict]], order: list[int]) -> str:
    labels = result.labels
    rows = []
    for a in order:
        cells = [html.escape(labels[a])]
        for b in order:
            c = h2h[a][b] if a != b else {}
            if not c or not c["games"]:
                cells.append("")
                continue
            shade = int(255 - 90 * abs(c["share"] - 0.5) * 2)
            colour = f"rgb({shade},255,{shade})" if c["share"] > 0.5 else f"rgb(255,{shade},{shade})"
            star = " *" if c["p_holm"] < 0.05 else ""
            cells.append(
                f'<span style="background:{colour}">{c["share"]:.2f}{star}</span> '
                f"<span class=note>({c['games']})</span>"
            )
        rows.append(cells)
    return _table(["row ahead of column"] + [labels[b] for b in order], rows)


def leaderboard_html(
    result: TournamentResult,
    board: list[dict[str, Any]],
    h2h: list[list[dict[str, Any]]],
    svg: str,
    command: str | None = None,
) -> str:
    """The tournament's page (no timing in it, so two runs with the same seed give the same page)."""
    c = result.config
    index = {lab: i for i, lab in enumerate(result.labels)}
    order = [index[r["bot"]] for r in board]
    cmd = f"<p>Command: <code>{html.escape(command)}</code></p>" if command else ""
    return f"""<!DOCTYPE html><html><head><meta charset="utf-8"><title>Tournament: {html.escape(c["game"])}</title>
<style>{_STYLE}</style></head><body>
<h1>Tournament: {html.escape(c["game"])}, {c["games"]} games</h1>
<p>{c["players"]}-seat tables, {html.escape(c["format"])} pairings, seed {c["seed"]}; a bot that faults
{"loses the game" if c["on_fault"] == "loses" else "is replaced by a random bot"}; time limit
{c["limits"]["time_limit"]} s per decision, memory limit {c["limits"]["memory_mb"]} MiB.</p>{cmd}
<h2>Leaderboard</h2>
{_leaderboard_table(board)}
<p class=note>Ratings: Plackett-Luce strengths on Elo's scale (1500 = the average bot; 200 points apart: the better
finishes ahead about 76% of the time at two-player tables), 95% intervals from {c.get("bootstrap", 0)} bootstrap
resamples of whole games. Won alone: the rate of outright wins; first places: outright or shared; each a whole
count with its 95% Wilson interval (a shared first place is not a fraction of a success). Two intervals that do not
overlap mean a difference; overlapping ones do not mean there is none: compare the pair in the head-to-head
table (see docs/tournaments.md).</p>
{svg[svg.find("<svg") :] if svg else ""}
<h2>Head to head</h2>
<p class=note>How often the row's bot finished ahead of the column's (ties count half), with the number of games
they shared; * marks a difference significant at 5% by an exact sign test, Holm-corrected over all pairs.</p>
{_h2h_html(result, h2h, order)}
<h2>Faults ({len(result.faults)})</h2>
{_fault_tables(result.faults)}
</body></html>
"""


def _leaderboard_table(board: list[dict[str, Any]]) -> str:
    """The leaderboard as an HTML table: rank, bot, rating, games, win rate, place, faults (OpenSkill if rated)."""
    has_os = bool(board) and "openskill_mu" in board[0]
    head = [
        "#",
        "bot",
        "rating",
        "95% interval",
        "games",
        "won alone",
        "95% interval",
        "first places",
        "95% interval",
        "mean place",
        "faults",
    ] + (["OpenSkill μ ± σ"] if has_os else [])
    rows = []
    for r in board:
        row = [
            str(r["rank"]),
            html.escape(r["bot"]),
            f"{r['rating']:.0f}",
            _interval(r["rating_low"], r["rating_high"], ".0f"),
            str(r["games"]),
            "" if math.isnan(r["win_rate"]) else f"{r['win_rate']:.3f}",
            _interval(r["win_low"], r["win_high"], ".3f") if r["games"] else "",
            "" if math.isnan(r["first_rate"]) else f"{r['first_rate']:.3f}",
            _interval(r["first_low"], r["first_high"], ".3f") if r["games"] else "",
            "" if math.isnan(r["mean_place"]) else f"{r['mean_place']:.2f}",
            str(r["faults"]),
        ]
        if has_os:
            row.append(f"{r['openskill_mu']:.1f} ± {r['openskill_sigma']:.1f}")
        rows.append(row)
    return _table(head, rows, name_cols=2)


def _fault_tables(faults: list[dict[str, Any]]) -> str:
    """The faults per bot and kind, then the first 50 faults with their records."""
    counts: dict[tuple[str, str], int] = {}
    for f in faults:
        counts[(f["bot"], f["kind"])] = counts.get((f["bot"], f["kind"]), 0) + 1
    if not counts:
        return "<p>None.</p>\n"
    fault_rows = [[html.escape(b), html.escape(k), str(n)] for (b, k), n in sorted(counts.items())]
    first = [
        [
            html.escape(f["bot"]),
            str(f["game"]),
            f"P{f['seat'] + 1}",
            str(f["ply"]),
            html.escape(f["kind"]),
            f"<span class=text>{html.escape(f['message'][:160])}</span>",
            f'<a href="{record_name(f["game"])}">record</a>',
        ]
        for f in faults[:50]
    ]
    more = (
        "<p class=note>The first 50 are shown; faults.jsonl has them all, with the positions.</p>"
        if len(faults) > 50
        else ""
    )
    head = ["bot", "game", "seat", "ply", "kind", "what happened", ""]
    return "\n".join([_table(["bot", "kind", "games"], fault_rows, 2), _table(head, first, 1), more])


def write_report(result: TournamentResult, out: str | Path, command: str | None = None) -> Path:
    """Write the tournament's folder (see the module docstring); returns its path."""
    out = Path(out)
    (out / "records").mkdir(parents=True, exist_ok=True)
    for g, rec in zip(result.games, result.records):
        (out / record_name(g["game"])).write_text(rec + "\n", encoding="utf-8")
    with open(out / "games.jsonl", "w", encoding="utf-8") as f:
        for g in result.games:
            f.write(json.dumps({**g, "record": record_name(g["game"])}) + "\n")
    with open(out / "faults.jsonl", "w", encoding="utf-8") as f:
        f.writelines(json.dumps({**flt, "record": record_name(flt["game"])}) + "\n" for flt in result.faults)
    board = result.leaderboard()
    h2h = result.head_to_head()
    (out / "leaderboard.csv").write_text(leaderboard_csv(board), encoding="utf-8")
    (out / "head_to_head.csv").write_text(head_to_head_csv(result, h2h), encoding="utf-8")
    svg = plot_svg(board)
    (out / "ratings.svg").write_text(svg, encoding="utf-8")
    (out / "leaderboard.html").write_text(
        leaderboard_html(result, board, h2h, svg, command), encoding="utf-8"
    )
    summary = {
        "format": "evo-lab-tournament",
        "version": 1,
        "config": result.config,
        "entrants": result.entrants,
        "leaderboard": [{k: _num(v) for k, v in r.items()} for r in board],
        "faults": len(result.faults),
    }
    (out / "tournament.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    (out / "timing.json").write_text(json.dumps(result.timing, indent=1) + "\n", encoding="utf-8")
    return out
