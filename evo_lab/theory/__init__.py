"""Game theory on real Evo positions: the gene auction as a game (normal form and the engine's sequential
outbid game, with nashpy, exact enumeration and backward induction) and gene values from simulation.
See ``docs/theory.md``.

Hidden cards and signalling (needs ``open_spiel``, so not imported here): ``evo_lab.theory.signalling`` (the
Prescience window game as a pyspiel game; its data from a position, ``.signalling_spec``, needs no OpenSpiel),
``.signalling_solve`` (CFR, exploitability, sequence-form LP) and
``.signalling_exact`` (exact equilibrium, posteriors)."""

from .auction import (
    GameTooLargeError,
    MixedEquilibrium,
    NormalFormAuction,
    NotAuctionError,
    TheoryError,
    ValuationError,
    Valuations,
    check_auction,
    lot_names,
    normal_form,
    teaching_position,
    valuations,
)
from .outbid import SequentialSolution, bot_auction, solve_sequential
from .values import GeneValues, gene_value_chart, gene_values, lot_valuations

__all__ = [
    "GameTooLargeError",
    "GeneValues",
    "MixedEquilibrium",
    "NormalFormAuction",
    "NotAuctionError",
    "SequentialSolution",
    "TheoryError",
    "ValuationError",
    "Valuations",
    "bot_auction",
    "check_auction",
    "gene_value_chart",
    "gene_values",
    "lot_names",
    "lot_valuations",
    "normal_form",
    "solve_sequential",
    "teaching_position",
    "valuations",
]
