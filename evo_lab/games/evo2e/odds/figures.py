"""Plotly figures for the odds: each function returns a ``plotly.graph_objects.Figure``. Where an exact
answer and a simulation both exist, they are drawn side by side (exact bars, simulated markers with 95%
Wilson intervals).

>>> fig = combat_heatmap(max_horns=3)
>>> fig.data[0].type
'heatmap'
"""

from __future__ import annotations

from fractions import Fraction

import plotly.graph_objects as go

from ..datapack import CLIMATE_STATES, DataPack
from .climate import ClimateForecast, ClimateSimulation
from .combat import CombatOdds, OddsError, combat_matrix
from .montecarlo import MonteCarloResult

STATE_COLOURS = {"ideal": "#4caf50", "hot": "#ff9800", "cold": "#2196f3", "deadly": "#212121"}


def combat_heatmap(max_horns: int = 6, data: DataPack | None = None) -> go.Figure:
    """Win chance of one attack for effective attack horns (rows) x defence horns (columns)."""
    m = combat_matrix(max_horns, max_horns, data)
    z = [[float(x) for x in row] for row in m]
    text = [[str(x) for x in row] for row in m]
    fig = go.Figure(
        go.Heatmap(
            z=z,
            x=list(range(max_horns + 1)),
            y=list(range(max_horns + 1)),
            text=text,
            texttemplate="%{text}",
            zmin=0,
            zmax=1,
            colorscale="Viridis",
            colorbar={"title": "P(win)"},
        )
    )
    fig.update_layout(
        title="Chance that one attack succeeds", xaxis_title="defence horns", yaxis_title="attack horns"
    )
    return fig


def face_breakdown_bar(odds: CombatOdds, simulated: dict[str, int] | None = None) -> go.Figure:
    """Each die symbol's share of the win chance; ``simulated`` (symbol -> winning rolls counted, with the
    key ``"_n"`` for the number of rolls) adds the observed shares."""
    kinds = list(odds.faces)
    exact = [float(odds.faces[k]["contribution"]) for k in kinds]
    fig = go.Figure(
        go.Bar(
            x=[odds.faces[k]["name"] for k in kinds],
            y=exact,
            name="exact",
            text=[str(odds.faces[k]["contribution"]) for k in kinds],
        )
    )
    if simulated:
        n = simulated.get("_n", 0)
        if n:
            fig.add_trace(
                go.Bar(
                    x=[odds.faces[k]["name"] for k in kinds],
                    y=[simulated.get(k, 0) / n for k in kinds],
                    name=f"simulated (n={n})",
                )
            )
    fig.update_layout(
        title=f"Attack {odds.attack} vs defence {odds.defence}: P(win) = {odds.probability}",
        yaxis_title="share of P(win)",
        barmode="group",
    )
    return fig


def climate_heatmap(forecast: ClimateForecast, simulated: ClimateSimulation | None = None) -> go.Figure:
    """Rounds x sections heatmap of the exact forecast (and of the simulation next to it if given)."""
    z = forecast.section_matrix()
    text = [
        [str(forecast.sections[k].get(s, Fraction(0))) for s in range(forecast.n_sections)]
        for k in range(len(forecast.rounds))
    ]
    cols = 2 if simulated is not None else 1
    from plotly.subplots import make_subplots

    fig = make_subplots(
        rows=1, cols=cols, subplot_titles=["exact"] + ([f"simulated (n={simulated.n})"] if simulated else [])
    )
    fig.add_trace(
        go.Heatmap(
            z=z,
            x=list(range(forecast.n_sections)),
            y=forecast.rounds,
            text=text,
            texttemplate="%{text}",
            zmin=0,
            zmax=float(z.max()) if z.size else 1,
            colorscale="Blues",
            colorbar={"title": "P"},
        ),
        row=1,
        col=1,
    )
    if simulated is not None:
        zs = [
            [simulated.frequency(k, s) for s in range(forecast.n_sections)]
            for k in range(len(simulated.rounds))
        ]
        fig.add_trace(
            go.Heatmap(
                z=zs,
                x=list(range(forecast.n_sections)),
                y=simulated.rounds,
                zmin=0,
                zmax=float(z.max()) if z.size else 1,
                colorscale="Blues",
                showscale=False,
            ),
            row=1,
            col=2,
        )
    fig.update_xaxes(title_text="wheel section")
    fig.update_yaxes(title_text="round", autorange="reversed")
    fig.update_layout(title="Where the climate wheel stands in each future round")
    return fig


def terrain_state_chart(forecast: ClimateForecast, terrain: str) -> go.Figure:
    """Stacked bars: P(ideal/hot/cold/deadly) for ``terrain`` in each future round."""
    if forecast.terrain_states and terrain not in forecast.terrain_states[0]:
        raise OddsError(f"unknown terrain {terrain!r}; terrains are {list(forecast.terrain_states[0])}")
    fig = go.Figure()
    for c in CLIMATE_STATES:
        ys = [float(ts[terrain][c]) for ts in forecast.terrain_states]
        fig.add_trace(
            go.Bar(
                x=forecast.rounds,
                y=ys,
                name=c,
                marker_color=STATE_COLOURS[c],
                text=[str(ts[terrain][c]) for ts in forecast.terrain_states],
            )
        )
    fig.update_layout(
        barmode="stack",
        title=f"Climate on {terrain} by round",
        xaxis_title="round",
        yaxis_title="probability",
    )
    return fig


def game_length_bar(
    exact: dict[int, Fraction] | ClimateForecast,
    simulated: ClimateSimulation | MonteCarloResult | dict[int, int] | None = None,
) -> go.Figure:
    """Exact game-length bars; ``simulated`` (a ``ClimateSimulation``, a ``MonteCarloResult`` or a dict of
    counts) adds observed frequencies with Wilson intervals."""
    from ....stats import wilson_interval

    dist = exact.game_length if isinstance(exact, ClimateForecast) else exact
    xs = sorted(dist)
    fig = go.Figure(
        go.Bar(x=xs, y=[float(dist[x]) for x in xs], name="exact", text=[str(dist[x]) for x in xs])
    )
    if simulated is not None:
        counts = simulated if isinstance(simulated, dict) else simulated.game_length
        n = sum(counts.values())
    if simulated is not None and n > 0:  # a run that stopped before the end of the game has no lengths
        keys = sorted(set(xs) | set(counts))
        freq = [counts.get(k, 0) / n for k in keys]
        ivs = [wilson_interval(counts.get(k, 0), n) for k in keys]
        fig.add_trace(
            go.Scatter(
                x=keys,
                y=freq,
                mode="markers",
                name=f"simulated (n={n})",
                error_y={
                    "type": "data",
                    "symmetric": False,
                    "array": [hi - f for f, (lo, hi) in zip(freq, ivs)],
                    "arrayminus": [f - lo for f, (lo, hi) in zip(freq, ivs)],
                },
            )
        )
    fig.update_layout(title="How many rounds the game lasts", xaxis_title="rounds", yaxis_title="probability")
    return fig


def mc_histogram(result: MonteCarloResult, player: int | None = None) -> go.Figure:
    """Final-MP histogram per player (or one player), with the win probability and its interval in the
    legend."""
    if not isinstance(result, MonteCarloResult):
        raise OddsError("mc_histogram needs a MonteCarloResult")
    players = range(result.players) if player is None else [player]
    fig = go.Figure()
    for p in players:
        lo, hi = result.win_interval[p]
        fig.add_trace(
            go.Histogram(
                x=result.final_mp[:, p],
                name=(f"P{p + 1}: win {result.win_probability[p]:.2f} [{lo:.2f}, {hi:.2f}]"),
                opacity=0.6,
            )
        )
    fig.update_layout(
        barmode="overlay",
        title=f"Final MP over {result.n} samples (seed {result.seed}, until the end of the {result.until})",
        xaxis_title="MP",
        yaxis_title="samples",
    )
    return fig


def win_probability_bar(result: MonteCarloResult) -> go.Figure:
    """Win probability per player with 95% Wilson intervals."""
    ps = list(range(result.players))
    wp = result.win_probability
    iv = result.win_interval
    fig = go.Figure(
        go.Bar(
            x=[f"P{p + 1}" for p in ps],
            y=wp,
            error_y={
                "type": "data",
                "symmetric": False,
                "array": [iv[p][1] - wp[p] for p in ps],
                "arrayminus": [wp[p] - iv[p][0] for p in ps],
            },
        )
    )
    fig.update_layout(title=f"Win probability ({result.n} samples, seed {result.seed})", yaxis_title="P(win)")
    return fig
