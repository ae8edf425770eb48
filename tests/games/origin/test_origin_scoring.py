"""The end of the game: points, paired traits (ruling O4), the tie-breaks and the roll-off (ruling O9)."""

from __future__ import annotations

from fractions import Fraction

from origin_helpers import pos

from evo_lab.games.origin.phases.scoring import scores


def finish(s):
    """Play the position out with passes (it is the last turn: the deck is empty)."""
    while s.node_name() not in ("end", "rolloff"):
        s.apply_action(s.legal_actions()[0] if s.is_chance_node() else "pass")
    return s


def test_points_for_animals_traits_and_extra_food():
    """Reference: "Each surviving animal scores 2." ... "Each trait card on it scores 1." ... "Carnivorous +1, High
    Body Weight +1, Parasite +2 (so a Parasite card is worth 3 to the animal's owner)." """
    s = pos("$A carn big fat, $B", "$C para camo", phase="food")
    assert scores(s) == [2 + 2 + 2 + 1 + 2, 2 + 3 + 1]


def test_a_paired_card_scores_once_or_on_both_animals():
    """Reference: "Are paired traits scored once per pair card (EW) or once per animal?" (ruling O4; EW's end spec:
    four animals with one paired card score 9)."""
    s = pos("$A, $B, $C coop$D, $D", phase="food")
    assert scores(s) == [9, 0]
    t = pos("$A, $B, $C coop$D, $D", phase="food", options={"paired_score": "animal"})
    assert scores(t) == [10, 0]


def test_only_survivors_score_at_the_end():
    """Seed: "After the extinction phase of the last turn the victory points are counted." (EW's end spec: the
    hungry animals die first)."""
    s = finish(pos("$A +, $B", "$C + camo vision", "$D + coop$X, $X +, $E, $F", players=3, bank=0, deck=0))
    assert s.final_scores == [2, 4, 5] and s.winners() == [2] and s.returns() == [0.0, 0.0, 1.0]


def test_equal_points_go_to_the_bigger_discard_pile():
    """Reference: "Tie-break (WP): 1) more victory points, 2) more cards in the player's discard pile, 3) a die
    roll." """
    s = finish(pos("$A +", "$B +", bank=0, deck=0, discard=[0, 2]))
    assert s.final_scores == [2, 2] and s.winners() == [1] and s.ranking() == [2, 1]


def test_a_full_tie_is_a_roll_off_chance_node_or_a_shared_win():
    """Reference: "EW implements it as score → scoreDead (for each animal that died: 1 + number of its traits) →
    random." (ruling O9)."""
    s = finish(pos("$A +", "$B +", bank=0, deck=0))
    assert s.node_name() == "rolloff" and s.chance_outcomes() == [
        (("rolloff", 0), Fraction(1, 2)),
        (("rolloff", 1), Fraction(1, 2)),
    ]
    s.apply_action("rolloff P2")
    assert s.is_terminal() and s.winners() == [1] and s.returns() == [0.0, 1.0] and s.ranking() == [2, 1]
    t = finish(pos("$A +", "$B +", bank=0, deck=0, options={"tiebreak_roll": False}))
    assert t.is_terminal() and t.winners() == [0, 1] and t.returns() == [0.5, 0.5]
