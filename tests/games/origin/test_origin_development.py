"""Phase 1, development: cards as animals or as traits, the placement rules, paired traits, passing."""

from __future__ import annotations

import pytest
from origin_helpers import act, animal, pos, texts

from evo_lab.core.errors import IllegalActionError


def dev(*animals, hands, **kw):
    return pos(*animals, phase="development", hands=hands, **kw)


def test_a_card_is_played_as_an_animal_or_as_one_of_its_traits():
    """Seed: "Each player may play each card either as an animal or as a trait of an existing animal." and "Some
    cards have two traits, but only one trait can be used - the chosen one." """
    s = dev("$A", "$B", hands=["pois/carn", ""])
    assert texts(s) == [
        "animal pois/carn",
        "trait pois from pois/carn on $A",
        "trait carn from pois/carn on $A",
        "pass",
    ]
    act(s, "trait carn from pois/carn on $A")
    a = animal(s, "A")
    assert [s.game.abbr[t] for t, _ in a.traits] == ["carn"] and a.need == 2 and s.hand_sizes[0] == 0


def test_an_animal_card_lies_face_down():
    """Seed: "Each player may play each card either as an animal" ... Reference: "face down, as a new animal" (the
    others see that a card became an animal, not which card)."""
    s = dev("", "", hands=["swim", ""])
    act(s, "animal swim")
    (aid,) = s.rows[0]
    assert s.game.card_ids[s.animal_by_id[aid].card] == "swim"
    a = s.history()[-1]
    start = s.start()  # the position the action was played in
    assert (
        start.masked_action_string(a, 1) == "animal ?" and start.masked_action_string(a, 0) == "animal swim"
    )
    assert (
        s.observation(1)["animals"][0][0]["card"] is None
        and s.observation(0)["animals"][0][0]["card"] == "swim"
    )


def test_no_animal_has_two_identical_traits_except_fat_tissue():
    """Seed: "No animal can have two identical traits except" ... Reference: "Fat Tissue, which stacks without
    limit." """
    s = dev("$A carn fat", "$B", hands=["pois/carn graze/fat", ""])
    t = texts(s)
    assert "trait carn from pois/carn on $A" not in t and "trait fat from graze/fat on $A" in t
    with pytest.raises(IllegalActionError) as e:
        act(s, "trait carn from pois/carn on $A")
    assert e.value.reason == "duplicate_trait"


def test_scavenger_and_carnivorous_exclude_each_other():
    """Reference: "Scavenger and Carnivorous cannot be on the same animal." """
    s = dev("$A carn, $B scav, $C", "", hands=["scav hib/carn", ""])
    t = texts(s)
    assert "trait scav from scav on $A" not in t and "trait carn from hib/carn on $B" not in t
    assert "trait scav from scav on $C" in t and "trait carn from hib/carn on $C" in t
    with pytest.raises(IllegalActionError) as e:
        act(s, "trait scav from scav on $A")
    assert e.value.reason == "excluded_trait"


def test_parasite_goes_only_on_another_players_animal_one_per_animal():
    """Reference: "Parasite, which may be played only on another player's animal." and "So at most one Parasite per
    animal (MC says this explicitly)." """
    s = dev("$A", "$B, $C para", hands=["para/fat", ""])
    assert [x for x in texts(s) if x.startswith("trait para")] == ["trait para from para/fat on $B"]
    with pytest.raises(IllegalActionError) as e:
        act(s, "trait para from para/fat on $A")
    assert e.value.reason == "not_opponent_animal"


def test_paired_traits_join_two_own_animals_and_never_twice_the_same_pair():
    """Seed: "No duplet of animals can have two identical pairwise traits. However an animal can have several
    different pairwise traits with another animal." """
    s = dev("$A, $B, $C", "$X", hands=["coop/fat coop/fat comm/carn", ""])
    coop = [x for x in texts(s) if x.startswith("trait coop")]
    assert coop == [
        "trait coop from coop/fat on $A+$B",
        "trait coop from coop/fat on $A+$C",
        "trait coop from coop/fat on $B+$C",
    ]
    act(s, "trait coop from coop/fat on $A+$B")  # P2 has no card: passes by himself, P1 again
    t = texts(s)
    assert "trait coop from coop/fat on $A+$B" not in t and "trait coop from coop/fat on $B+$C" in t
    assert "trait comm from comm/carn on $A+$B" in t
    with pytest.raises(IllegalActionError) as e:
        act(s, "trait coop from coop/fat on $B+$A")
    assert e.value.reason == "already_linked"
    with pytest.raises(IllegalActionError) as e:
        act(s, "trait coop from coop/fat on $A+$X")
    assert e.value.reason == "not_own_animal"


def test_symbiosis_names_the_symbiont_first():
    """Reference: "When played, one animal is named the" ... symbiont, the protector; "The other animal cannot be
    attacked while the symbiont is alive" """
    s = dev("$A, $B", "", hands=["symb", ""])
    assert [x for x in texts(s) if x.startswith("trait")] == [
        "trait symb from symb on $A+$B",
        "trait symb from symb on $B+$A",
    ]
    act(s, "trait symb from symb on $B+$A")
    assert animal(s, "A").protectors == 1 and animal(s, "B").protectors == 0


def test_one_card_a_turn_clockwise_and_a_pass_is_final():
    """Reference: "On their turn a player plays one card from hand" ... "A player who passes plays no more cards
    this phase. The phase ends when everyone has passed." """
    s = dev("", "", "", hands=["swim swim", "run", "tail tail"])
    act(s, "animal swim")
    assert s.current_player() == 1
    act(s, "pass")
    act(s, "animal tail")
    act(s, "animal swim")
    assert s.current_player() == 2  # P2 passed: skipped for the rest of the phase
    act(s, "pass")  # P1 has no card left: passes by himself; everyone passed
    assert s.passed == [True, True, True] and s.phase_name() == "food" and s.is_chance_node()


def test_a_player_without_cards_passes_by_himself():
    """Seed: "The player who can't or doesn't want to act passes." """
    s = dev("$A", "$B", hands=["", "swim"])
    assert s.current_player() == 1 and s.passed == [True, False]


def test_illegal_plays_raise_typed_errors_and_leave_the_state_untouched():
    """Reference: "Traits go on your own animals. The exception is Parasite" (and the other placement rules)."""
    s = dev("$A, $B", "$X", hands=["camo/fat symb", ""])
    before = s.to_json()
    for text, reason in (
        ("trait camo from camo/fat on $X", "not_own_animal"),
        ("trait symb from symb on $A+$A", "same_animal"),
        ("trait symb from symb on $A", "needs_pair"),
        ("animal swim", "no_card"),
        ("eat $A", "wrong_phase"),
    ):
        with pytest.raises(IllegalActionError) as e:
            act(s, text)
        assert e.value.reason == reason, text
        assert s.to_json() == before
