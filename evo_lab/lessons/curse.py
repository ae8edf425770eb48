"""Lesson 08's panel: the winner's curse for a chosen number of bidders and samples per bidder.

:func:`curse_summary` is the computation (tested); :class:`CursePanel` puts it behind two sliders.

>>> curse_summary([0, 0, 3], bidders=2, k=1)["bias"]
'0.67'
"""

from __future__ import annotations

import math
from typing import Any
from collections.abc import Sequence

import numpy as np

from evo_lab.theory.curse import estimate_pmf, normal_max, order_statistics

__all__ = ["CursePanel", "curse_summary", "winner_distribution"]


def winner_distribution(pmf: Sequence[tuple[Any, Any]], bidders: int) -> list[tuple[float, float]]:
    """``[(x, P(X_(1) = x))]``: the distribution of the highest of ``bidders`` independent estimates."""
    out, F = [], 0
    for x, p in pmf:
        out.append((float(x), float((F + p) ** bidders - F**bidders)))
        F += p
    return out


def curse_summary(reference: Sequence[float], *, bidders: int, k: int) -> dict[str, str]:
    """Winner's bias (exact, empirical model), its normal approximation, and the break-even shades of naive bidders
    in Evo's open outbid auction (an English clock: the runner-up sets the price, as in a second-price auction) and,
    for contrast, in a sealed first-price auction, as strings with two decimals."""
    ref = [float(d) for d in reference]
    mu = sum(ref) / len(ref)
    e1, e2 = order_statistics(estimate_pmf(ref, k), bidders)
    sigma = float(np.std(ref, ddof=1)) if len(ref) > 1 else 0.0
    return {
        "true value": f"{mu:.2f}",
        "bias": f"{float(e1) - mu:.2f}",
        "normal approximation": f"{sigma / math.sqrt(k) * normal_max(bidders):.2f}",
        "shade, Evo's auction (English clock, like second-price)": f"{float(e2) - mu:.2f}",
        "shade, sealed first-price (not Evo's)": f"{float(e1) - mu:.2f}",
    }


class CursePanel:
    """Sliders for the number of bidders and the samples per bidder; the summary below. ``.widget``."""

    def __init__(self, reference: Sequence[float], bidders: int = 4, k: int = 4) -> None:
        import ipywidgets as W

        self.reference = list(reference)
        self.bidders = W.IntSlider(value=bidders, min=1, max=10, description="bidders N")
        self.k = W.IntSlider(value=k, min=1, max=32, description="samples k")  # the lesson quotes k = 16
        self.out = W.HTML()
        for w in (self.bidders, self.k):
            w.observe(lambda _change: self.update(), names="value")
        self.widget = W.VBox([W.HBox([self.bidders, self.k]), self.out])
        self.update()

    def update(self) -> None:
        rows = curse_summary(self.reference, bidders=self.bidders.value, k=self.k.value)
        body = "".join(f"<tr><td>{a}</td><td>{b} MP</td></tr>" for a, b in rows.items())
        self.out.value = (
            f"<p>{self.bidders.value} bidders, {self.k.value} paired playouts each:</p><table>{body}</table>"
        )
