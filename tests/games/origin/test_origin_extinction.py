"""Phase 4, extinction and the draw: deaths, the deal one card at a time (lazy chance nodes), the last turn, the
opening deal and the first player."""

from __future__ import annotations

from fractions import Fraction

from origin_helpers import animal, pos

import evo_lab
from evo_lab.games.origin.events import Dealt, Died


def deal_all(s) -> list[tuple[int, str]]:
    """Resolve the deal with the first card type left each time; the recipients in order."""
    got = []
    while s.node_name() == "deal":
        a = s.legal_actions()[0]
        got.append((a[1], s.game.card_ids[a[2]]))
        s.apply_action(a)
    return got


def test_unfed_animals_die_with_their_traits_and_links():
    """Seed: "all animals which are not fully fed are put into corresponding player's discard piles, along with
    their traits, and all the pairwise traits associated with them." """
    s = pos("$A big +, $B coop$A +, $C +", bank=0, deck=20)
    assert s.phase_name() == "deal"
    assert (
        s.names["A"] not in s.animal_by_id
        and s.links == []
        and set(s.rows[0]) == {s.names["B"], s.names["C"]}
    )
    assert len(s.discard_hidden[0]) == 1 and len(s.discard_open[0]) == 2  # the animal card; big, coop
    assert Died(0, s.names["A"], "starved") in s.events()


def test_food_tokens_are_removed_and_fat_stays():
    """Seed: "After that all food tokens except fat tokens are removed from the cards and set aside." """
    s = pos("$A + fat+", "$B +", bank=0, deck=20)
    a = animal(s, "A")
    assert (a.red, a.blue, a.fat_full) == (0, 0, 1)


def test_each_player_draws_one_plus_one_per_surviving_animal():
    """Seed: "Each player gets in total the following number of cards: 1 + the number of survived animals belonging
    to the player. If player hasn't any animals and cards in his hand then he takes 6 cards from the deck during
    this phase." (EW: 2, 3 and 6 cards)."""
    s = pos("$Q +", "$A +, $D +", "", bank=0, deck=32)
    got = deal_all(s)
    assert [p for p, _ in got] == [0, 1, 2, 0, 1, 2, 1, 2, 2, 2, 2]
    assert s.hand_sizes == [2, 3, 6]


def test_the_deal_goes_one_card_at_a_time_from_the_first_player_and_stops_when_the_deck_is_empty():
    """Seed: "Then the first player deals new cards : one at a time in order, beginning from the first player." and
    "If the deck is empty it's possible that one or more players get fewer cards then they are due." (EW: a deck of 4
    gives 2, 1, 1)."""
    s = pos("$A +", "$B +", "$C +", bank=0, deck=4, first=1, actor=1)
    got = deal_all(s)
    assert [p for p, _ in got] == [1, 2, 0, 1] and s.hand_sizes == [1, 2, 1]


def test_each_card_dealt_is_an_exact_chance_node_weighted_by_the_copies_left():
    """Reference: "Cards are dealt one at a time, in turn order from the first player" (each card a chance node:
    weight = copies left in the deck; the others see only that a card was dealt)."""
    s = pos("$A +", "$B +", bank=0, deck=["swim", "swim", "swim", "run"])
    assert s.node_name() == "deal"
    assert [(s.action_to_string(a), p) for a, p in s.chance_outcomes()] == [
        ("deal P1 swim", Fraction(3, 4)),
        ("deal P1 run", Fraction(1, 4)),
    ]
    a = ("deal", 0, s.game.card_index["swim"])
    assert s.masked_action_string(a, 1) == "deal P1 ?" and s.masked_action_string(a, 0) == "deal P1 swim"
    s.apply_action(a)
    assert Dealt(0, s.game.card_index["swim"]) in s.events()


def test_the_first_player_passes_clockwise_and_the_last_turn_follows_an_empty_deck():
    """Seed: "the role of first player passes clockwise from the first player of previous turn" and "After the deck
    is empty the last turn begins. After the extinction phase of the last turn the victory points are counted." """
    s = pos("$A +", "$B +", bank=0, deck=3, turn=4, first=1, actor=1)
    deal_all(s)
    assert s.turn == 5 and s.first == 0 and s.deck_n == 0 and s.is_last_turn()
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(s.legal_actions()[0])
        else:
            s.apply_action("pass")
    assert s.turn == 5 and s.final_scores is not None


def test_the_opening_deal_and_the_first_player_by_lot():
    """Seed: "The deck is shuffeld. Then each player gets 6 cards from the top of the deck to their hands. They roll
    dice to determine the first player." """
    g = evo_lab.make_game("origin", players=3, seed=1)
    s = g.new_initial_state()
    assert s.chance_outcomes() == [(("first", p), Fraction(1, 3)) for p in range(3)]
    s.apply_action("first P3")
    order = []
    while s.node_name() == "deal":
        order.append(s.legal_actions()[0][1])
        s.apply_action(s.legal_actions()[0])
    assert order == [2, 0, 1] * 6 and s.hand_sizes == [6, 6, 6] and s.turn == 1 and s.current_player() == 2
    assert s.deck_n == 84 - 18
