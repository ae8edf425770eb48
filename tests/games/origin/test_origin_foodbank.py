"""Phase 2, the food bank: the dice per player count as ONE exact chance node (a sum of dice, integer weights)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from origin_helpers import pos

import evo_lab
from evo_lab.games.origin.phases.foodbank import distribution, exact, mean

TABLE = {2: (1, 2), 3: (2, 0), 4: (2, 2), 5: (3, 2), 6: (3, 4), 7: (4, 2), 8: (4, 4)}


def brute(dice: int, plus: int) -> dict[int, Fraction]:
    """The distribution by listing every roll (independent of the engine's convolution)."""
    out: dict[int, int] = {}
    for roll in itertools.product(range(1, 7), repeat=dice):
        out[sum(roll) + plus] = out.get(sum(roll) + plus, 0) + 1
    n = 6**dice
    return {k: Fraction(v, n) for k, v in sorted(out.items())}


@pytest.mark.parametrize("players", sorted(TABLE))
def test_the_food_dice_per_player_count(players):
    """Reference: "| 2 | 1d6 + 2 | 3–8 |" ... "| 3 | 2d6 | 2–12 |" ... "| 4 | 2d6 + 2 | 4–14 |" and "Do not roll a
    uniform number between min and max" """
    g = evo_lab.make_game("origin", players=players)
    assert g.food_dice == TABLE[players]
    s = pos(players=players, phase="food")
    outs = s.chance_outcomes()
    assert {a[1]: p for a, p in outs} == brute(*TABLE[players])
    assert sum(p for _, p in outs) == 1 and all(isinstance(p, Fraction) for _, p in outs)


def test_the_ranges_of_the_base_game():
    """Reference: "| 2 | 1d6 + 2 | 3–8 |" ... "| 3 | 2d6 | 2–12 |" ... "| 4 | 2d6 + 2 | 4–14 |" """
    for players, (lo, hi) in ((2, (3, 8)), (3, (2, 12)), (4, (4, 14))):
        totals, weights = distribution(*TABLE[players])
        assert (totals[0], totals[-1]) == (lo, hi) and all(isinstance(w, int) for w in weights)
    assert exact(2, 0)[7] == Fraction(1, 6) and mean(2, 2) == 9


def test_the_six_player_conflict_is_an_option():
    """Reference: "| 6 | 3d6 + 4 (EW) or 3d6 + 3 (Artem) |" (ruling O1: EW by default)."""
    assert evo_lab.make_game("origin", players=6).food_dice == (3, 4)
    alt = evo_lab.make_game("origin", players=6, options={"six_player_bonus": 3})
    assert alt.food_dice == (3, 3) and alt.food_outcomes[0] == ("food", 6)


def test_the_roll_refills_the_bank_and_feeding_begins():
    """Seed: "The first player rolls the dice. Then the corresponding number of red tokens is put in the center of
    the table. That is a food bank for current turn." """
    s = pos("$A", "$B", phase="food")
    s.apply_action("food 5")
    assert s.bank == 5 and s.phase_name() == "feeding" and s.current_player() == 0
