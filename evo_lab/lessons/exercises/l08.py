"""Lesson 08, the winner's curse: answers recomputed with ``evo_lab.theory.curse`` from the lesson's engine
position (seeded paired playouts)."""

from __future__ import annotations

import math

from ..checks import exercise

#: The lesson's set-up: P1's value of the vial at the start of round 3's bidding (3 players, game seed 3).
GENE, PLAYER, REF_N, REF_SEED, POOL_N, POOL_SEED, K = "vial", 0, 400, 8, 480, 9, 4
_MEMO: dict = {}


def _runs():
    if "runs" not in _MEMO:
        from evo_lab.theory.curse import paired_differences
        from evo_lab.theory.lab import auction_position

        s = auction_position(players=3, seed=3, round=3)
        ref = paired_differences(s, GENE, PLAYER, n=REF_N, seed=REF_SEED)
        pool = paired_differences(s, GENE, PLAYER, n=POOL_N, seed=POOL_SEED)
        _MEMO["runs"] = (ref, pool)
    return _MEMO["runs"]


def _table():
    from evo_lab.theory.curse import curse_table

    ref, pool = _runs()
    return curse_table(ref, K, range(1, 7), pool)


@exercise(
    "08.1",
    "number",
    "Two standard normals: E[max] = E[(X + Y + |X - Y|) / 2]; X - Y is normal with variance 2.",
    tolerance=0.001,
)
def _e1():
    from evo_lab.theory.curse import normal_max

    return normal_max(2)


@exercise(
    "08.2",
    "number",
    "Read the exact column of the table for N = 3 (two decimals).",
    tolerance=0.0051,
    facts=lambda: {"bias3": f"{_table()[2].bias:.2f}", "normal3": f"{_table()[2].normal:.2f}"},
)
def _e2():
    return round(_table()[2].bias, 2)


@exercise(
    "08.3",
    "number",
    "With two bidders E[X_(1)] + E[X_(2)] = 2 mu. What does that make E[X_(2)] - mu?",
    tolerance=0.0051,
    facts=lambda: {"bias2": f"{_table()[1].bias:.2f}"},
)
def _e3():
    return round(_table()[1].second, 2)


def _sigma() -> float:
    import numpy as np

    return float(np.std(_runs()[0], ddof=1))


def _k_facts() -> dict:
    from evo_lab.theory.curse import normal_max

    e5 = normal_max(5)
    return {"sigma": f"{_sigma():.2f}", "e5": f"{e5:.3f}", "kstar": f"{(_sigma() * e5 / 0.5) ** 2:.2f}"}


@exercise(
    "08.4", "integer", "Solve sigma * e_5 / sqrt(k) < 0.5 for the smallest whole k.", facts=lambda: _k_facts()
)
def _e4():
    from evo_lab.theory.curse import normal_max

    return math.floor((_sigma() * normal_max(5) / 0.5) ** 2) + 1


@exercise("08.5", "integer", "For each row compare the exact bias with the simulated interval [low, high].")
def _e5():
    return sum(1 for r in _table() if r.sim is not None and r.sim[1] <= r.bias <= r.sim[2])


@exercise(
    "08.6",
    "number",
    "Condition on a tie with the best rival: two signals equal t, the third uniform below t "
    "(mean t / 2). Add them up.",
    tolerance=0.005,
)
def _e6():
    from evo_lab.theory.common_value import equilibrium_bid

    return equilibrium_bid(0.6, 3)
