"""Ratings with intervals, win rates, head-to-head tables and paired tests for tournaments of any table size.

A game is ``(entrants, places)``: the entrant in each seat and its final place (1 = first, ties share a place).

**Rating: Plackett-Luce with a bootstrap over games** (:func:`pl_ratings`). The Plackett-Luce model gives each
entrant a strength ``γ``; a game's order is drawn by picking the winner among the players with probability
``γ_i / Σ γ``, then the second among the rest, and so on (for two players: the Bradley-Terry model, i.e. Elo's
formula). Tied places use Breslow's approximation (each tied player is chosen from the same remaining set); a
full tie carries no information. The strengths are fitted by maximum likelihood (Newton's method; the
log-likelihood is concave) with a weak prior: each entrant also won one and lost one game against a reference
player of strength 1, which keeps an entrant that never won (or never lost) finite. Ratings are shown on Elo's
scale, ``1500 + 400·log10(γ_i / geometric mean γ)``: 200 points apart means the better one finishes ahead about
76% of the time at two-player tables. The 95% interval is a percentile bootstrap that resamples **whole games**
with replacement (the decisions of one game are not independent: the game is the unit), refitting each time;
the bootstrap draws come from the tournament seed, so the intervals replay exactly.

**OpenSkill** (:func:`openskill_ratings`, when the ``openskill`` package is installed: ``pip install
'evo-lab[tournament]'``): its Plackett-Luce model's Bayesian online update over the games in order; ``mu`` and
``sigma`` (the posterior's spread, so ``mu ± 1.96 sigma`` is a 95% credible interval under the model's
assumptions; it does not account for games being replayed in another order).

**Win rates** count whole numbers, each with its Wilson interval (:func:`evo_lab.stats.first_place_counts`):
outright wins, and first places outright or shared; the share (a first place shared by ``k`` counts ``1/k``)
lies between the two rates.
**Head-to-head** (:func:`head_to_head`): for each pair, the games both played, how often each finished ahead,
and a two-sided exact sign test (ties dropped) with Holm's correction for the number of pairs.

>>> games = [([0, 1], [1, 2])] * 6 + [([1, 0], [2, 1])] * 2 + [([0, 1], [2, 1])] * 2
>>> r = pl_ratings(games, 2, seed=0, bootstrap=50)
>>> r[0]["rating"] > 1500 > r[1]["rating"], round(r[0]["rating"] + r[1]["rating"], 6)
(True, 3000.0)
>>> h = head_to_head(games, 2); h[0][1]["ahead"], h[0][1]["behind"], h[0][1]["games"]
(8, 2, 10)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..stats import first_place_counts, wilson_interval

__all__ = [
    "ELO",
    "Game",
    "fit_plackett_luce",
    "head_to_head",
    "holm",
    "openskill_ratings",
    "pl_ratings",
    "sign_test",
    "stages",
    "win_rates",
]

Game = tuple[Sequence[int], Sequence[int]]
#: Elo points per unit of log-strength.
ELO = 400 / math.log(10)


def stages(entrants: Sequence[int], places: Sequence[int]) -> list[tuple[list[int], list[int]]]:
    """The choice stages of one game: ``(chosen group, remaining set)`` from the first place down, without the
    last group (nothing is left to choose from).

    >>> stages([7, 8, 9], [2, 1, 2])
    [([8], [8, 7, 9])]
    """
    levels = sorted(set(places))
    out = []
    for i, lv in enumerate(levels[:-1]):
        chosen = [e for e, p in zip(entrants, places) if p == lv]
        rest = [e for lv2 in levels[i:] for e, p in zip(entrants, places) if p == lv2]
        out.append((chosen, rest))
    return out


def _matrices(
    games: Sequence[Game], n: int, prior: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Risk and choice count matrices (stages x (n + 1), column ``n`` the reference player), each stage's game
    (``-1`` for the prior's pseudo-games) and the prior weights."""
    rows_r, rows_g, game_of = [], [], []
    for gi, (ents, places) in enumerate(games):
        for chosen, rest in stages(ents, places):
            r = np.zeros(n + 1)
            g = np.zeros(n + 1)
            np.add.at(r, rest, 1)
            np.add.at(g, chosen, 1)
            rows_r.append(r)
            rows_g.append(g)
            game_of.append(gi)
    for i in range(n):  # the prior: i beat the reference once and lost to it once
        for win in (True, False):
            r = np.zeros(n + 1)
            r[[i, n]] = 1
            g = np.zeros(n + 1)
            g[i if win else n] = 1
            rows_r.append(r)
            rows_g.append(g)
            game_of.append(-1)
    base = np.where(np.array(game_of) < 0, prior, 0.0)
    return np.array(rows_r), np.array(rows_g), np.array(game_of), base


def _loglik(theta: np.ndarray, R: np.ndarray, G: np.ndarray, w: np.ndarray, c: np.ndarray) -> float:
    m = theta.max()
    lse = np.log(R @ np.exp(theta - m)) + m
    return float(w @ (G @ theta) - (w * c) @ lse)


def fit_plackett_luce(
    R: np.ndarray,
    G: np.ndarray,
    w: np.ndarray,
    n: int,
    tol: float = 1e-10,
    max_iter: int = 100,
    start: np.ndarray | None = None,
) -> np.ndarray:
    """The log-strengths (length ``n``; the reference player's is 0) maximising the weighted Breslow
    Plackett-Luce likelihood of the stages ``R`` (remaining sets), ``G`` (chosen groups) with weights ``w``;
    Newton's method from ``start`` (default all 0)."""
    theta = np.zeros(n + 1)
    if start is not None:
        theta[:n] = start
    c = G.sum(axis=1)
    wc = w * c
    ll = _loglik(theta, R, G, w, c)
    for _ in range(max_iter):
        e = np.exp(theta - theta.max())
        P = R * e / (R @ e)[:, None]
        grad = w @ G - wc @ P
        neg_h = np.diag(wc @ P) - (P.T * wc) @ P
        step = np.linalg.solve(neg_h[:n, :n], grad[:n])
        t = 1.0
        while True:
            cand = theta.copy()
            cand[:n] += t * step
            ll_new = _loglik(cand, R, G, w, c)
            if ll_new >= ll - 1e-12 or t < 1e-8:
                break
            t /= 2
        theta, ll = cand, ll_new
        if np.max(np.abs(t * step)) < tol:
            break
    return theta[:n]


def _elo(theta: np.ndarray) -> np.ndarray:
    return 1500 + ELO * (theta - theta.mean())


def pl_ratings(
    games: Sequence[Game],
    n: int,
    *,
    seed: int = 0,
    bootstrap: int = 200,
    prior: float = 1.0,
    level: float = 0.95,
) -> list[dict]:
    """Per entrant: ``rating`` (Elo scale, see the module docstring) and its bootstrap interval ``low``,
    ``high`` (``bootstrap`` resamples of whole games, seeded by ``seed``; ``0``: no interval)."""
    R, G, game_of, base = _matrices(games, n, prior)
    w = base + (game_of >= 0)
    theta = fit_plackett_luce(R, G, w, n)
    point = _elo(theta)
    out = [{"rating": float(point[i]), "low": math.nan, "high": math.nan} for i in range(n)]
    if bootstrap and games:
        rng = np.random.default_rng(np.random.SeedSequence([seed, 0x52415445]))
        draws = np.empty((bootstrap, n))
        ng = len(games)
        for b in range(bootstrap):
            counts = rng.multinomial(ng, np.full(ng, 1.0 / ng))
            wb = base + np.where(game_of >= 0, counts[np.maximum(game_of, 0)], 0)
            draws[b] = _elo(fit_plackett_luce(R, G, wb, n, start=theta))
        a = (1 - level) / 2
        lo, hi = np.quantile(draws, [a, 1 - a], axis=0)
        for i in range(n):
            out[i]["low"], out[i]["high"] = float(lo[i]), float(hi[i])
    return out


def openskill_ratings(games: Sequence[Game], n: int) -> list[dict] | None:
    """Per entrant ``mu`` and ``sigma`` of OpenSkill's Plackett-Luce model updated over the games in order, or
    ``None`` without the ``openskill`` package. Games with every seat tied are skipped."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        return None
    model = PlackettLuce()
    ratings = [model.rating() for _ in range(n)]
    for ents, places in games:
        if len(set(places)) < 2:
            continue
        new = model.rate([[ratings[e]] for e in ents], ranks=[float(p) for p in places])
        for e, team in zip(ents, new):
            ratings[e] = team[0]
    return [{"mu": float(r.mu), "sigma": float(r.sigma)} for r in ratings]


def win_rates(outcomes: Sequence[dict[str, Any]], n: int) -> list[dict[str, Any]]:
    """Per entrant from the games' data (``table``, ``won``: the share of first place per seat, ``places``,
    ``faulted``): ``games``; first places as whole counts (:func:`evo_lab.stats.first_place_counts`): ``wins``
    (outright) with ``win_rate`` and its 95% Wilson interval ``win_low``, ``win_high``, ``firsts`` (outright or
    shared) with ``first_rate``, ``first_low``, ``first_high``, and ``share`` (a first place shared by ``k``
    counts ``1/k``) with ``share_rate``; the mean place and the games in which it faulted."""
    shares: list[list[float]] = [[] for _ in range(n)]
    faulted, place_sum = [0] * n, [0.0] * n
    for o in outcomes:
        for q, e in enumerate(o["table"]):
            shares[e].append(float(o["won"][q]))
            place_sum[e] += o["places"][q]
            faulted[e] += bool(o["faulted"][q])
    out = []
    for e in range(n):
        g = len(shares[e])
        out.append(
            {
                "games": g,
                **first_place_counts(shares[e]),
                "mean_place": place_sum[e] / g if g else math.nan,
                "faulted_games": faulted[e],
            }
        )
    return out


def sign_test(ahead: int, behind: int) -> float:
    """Two-sided exact sign test p-value of ``ahead`` against ``behind`` (ties dropped before).

    >>> round(sign_test(9, 1), 4), sign_test(0, 0)
    (0.0215, 1.0)
    """
    m = ahead + behind
    if m == 0:
        return 1.0
    k = min(ahead, behind)
    tail = sum(math.comb(m, i) for i in range(k + 1)) / 2**m
    return min(1.0, 2 * tail)


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of ``pvalues`` (family-wise error control over all of them).

    >>> holm([0.01, 0.04, 0.03])
    [0.03, 0.06, 0.06]
    """
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    out = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        out[i] = round(running, 12)
    return out


def head_to_head(games: Sequence[Game], n: int) -> list[list[dict]]:
    """``h[a][b]``: over the games where ``a`` and ``b`` both played, ``games``, ``ahead`` (a placed better),
    ``tied``, ``behind``, ``share`` (ahead + tied/2 over games) with its bounds ``low``, ``high`` (the low end
    of the Wilson interval of ``ahead`` and the high end of that of ``ahead + tied``: whole counts, between
    whose rates the share lies), the sign test's ``p`` and Holm's adjusted ``p_holm`` over all pairs."""
    cnt = np.zeros((n, n, 3), dtype=int)  # ahead, tied, behind
    for ents, places in games:
        for i, a in enumerate(ents):
            for j, b in enumerate(ents):
                if a != b:
                    pa, pb = places[i], places[j]
                    cnt[a, b, 0 if pa < pb else 1 if pa == pb else 2] += 1
    h: list[list[dict]] = [[{} for _ in range(n)] for _ in range(n)]
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    ps = [sign_test(int(cnt[a, b, 0]), int(cnt[a, b, 2])) for a, b in pairs]
    adj = dict(zip(pairs, holm(ps)))
    for a in range(n):
        for b in range(n):
            if a == b:
                continue
            ahead, tied, behind = (int(x) for x in cnt[a, b])
            g = ahead + tied + behind
            # the share (a tie counts half) lies between the rates of "ahead" and "ahead or tied", two whole
            # counts: the low end of the first Wilson interval and the high end of the second bound it
            lo, hi = wilson_interval(ahead, g)[0], wilson_interval(ahead + tied, g)[1]
            key = (min(a, b), max(a, b))
            h[a][b] = {
                "games": g,
                "ahead": ahead,
                "tied": tied,
                "behind": behind,
                "share": (ahead + tied / 2) / g if g else math.nan,
                "low": lo,
                "high": hi,
                "p": sign_test(ahead, behind),
                "p_holm": adj[key],
            }
    return h
