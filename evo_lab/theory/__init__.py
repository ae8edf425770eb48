"""Game theory on real Evo positions: the gene auction as a game and gene values from simulation."""

from .auction import (
                      GameTooLargeError,
                      MixedEquilibrium,
                      NormalFormAuction,
                      NotAuctionError,
                      SequentialSolution,
                      TheoryError,
                      ValuationError,
                      Valuations,
                      bot_auction,
                      check_auction,
                      lot_names,
                      normal_form,
                      solve_sequential,
                      teaching_position,
                      valuations,
)

__all__ = [
    "GameTooLargeError", "MixedEquilibrium", "NormalFormAuction", "NotAuctionError", "SequentialSolution",
    "TheoryError", "ValuationError", "Valuations", "bot_auction", "check_auction", "lot_names", "normal_form",
    "solve_sequential", "teaching_position", "valuations",
]
from .values import GeneValues, gene_value_chart, gene_values, lot_valuations

__all__ += ["GeneValues", "gene_value_chart", "gene_values", "lot_valuations"]
