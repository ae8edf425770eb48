"""Phase 3, the feeding flow: one eating action a turn, free actions, rounds, passing (rulings O2, O3), the end."""

from __future__ import annotations

import pytest
from origin_helpers import act, acts, animal, kinds, pos, texts

from evo_lab.core.errors import IllegalActionError


def test_a_player_takes_one_red_token_per_turn():
    """Seed: "During this phase players in order take one red food token from the food bank and put it on the top
    of one of their animals." (EW feeding spec: a second token in the same turn is refused)."""
    s = pos("$A, $B", "$C, $D", bank=4)
    act(s, "eat $A")
    assert s.current_player() == 1 and s.bank == 3  # nothing else to do: the turn ended by itself
    with pytest.raises(IllegalActionError) as e:
        act(s, "eat $A")
    assert e.value.reason == "not_own_animal"
    act(s, "eat $C")
    act(s, "eat $B")
    assert s.bank == 1 and [animal(s, n).food for n in "ABCD"] == [1, 1, 1, 0] and s.current_player() == 1


def test_free_actions_keep_the_turn_until_it_is_ended():
    """Reference: "In the same action the player may also use" ... free traits: "Piracy, Grazing, Hibernation, and so
    on" """
    s = pos("$A graze, $B", "$C", bank=5)
    act(s, "eat $B")
    assert kinds(s) == {"graze", "end"} and s.current_player() == 0
    with pytest.raises(IllegalActionError) as e:
        act(s, "eat $A")
    assert e.value.reason == "already_ate"
    act(s, "graze $A")  # the turn ends by itself: nothing is left to do
    assert s.current_player() == 1 and s.bank == 3


def test_rounds_go_clockwise_from_the_first_player_and_skip_players_with_nothing_to_do():
    """Reference: "Players act in rounds, clockwise from the first player." """
    s = pos("$A big", "$B +", "$C big", bank=6, first=1, actor=1)
    assert s.current_player() == 2  # P2 has nothing to do: skipped
    r = s.round_id
    act(s, "eat $C")
    assert s.current_player() == 0 and s.round_id == r
    act(s, "eat $A")
    assert s.current_player() == 2 and s.round_id == r + 1


def test_a_player_may_pass_while_food_remains_and_the_pass_is_final():
    """Seed: "The player who can't or doesn't want to act passes." Reference: "Open question: whether a player may
    voluntarily pass while they still have hungry animals and red tokens remain." (rulings O2, O3)."""
    s = pos("$A big", "$B big", bank=6)
    assert texts(s) == ["eat $A", "pass"]
    act(s, "pass")
    act(s, "eat $B")
    assert s.current_player() == 1 and s.passed[0]  # P1 is out for the rest of the phase
    strict = pos("$A big", "$B big", bank=6, options={"voluntary_pass": False})
    assert texts(strict) == ["eat $A"]
    with pytest.raises(IllegalActionError) as e:
        act(strict, "pass")
    assert e.value.reason == "must_eat"


def test_a_non_final_pass_only_ends_that_turn():
    """Reference: "EW lets players end their turn, and on time-out it forces a mandatory action." (ruling O3 with
    pass_is_final=False: the player is asked again next round)."""
    s = pos("$A big", "$B big", bank=6, options={"pass_is_final": False})
    act(s, "pass")
    act(s, "eat $B")
    assert s.current_player() == 0 and not s.passed[0] and "eat $A" in texts(s)


def test_pass_and_end_are_not_interchangeable():
    """Reference: "In one action a player does one of two things" ... "takes one red token from the bank" """
    s = pos("$A graze", "$B", bank=3)
    with pytest.raises(IllegalActionError) as e:
        act(s, "end")
    assert e.value.reason == "use_pass"
    act(s, "graze $A")
    assert s.current_player() == 0 and acts(s, "pass") == [] and texts(s) == ["eat $A", "end"]


def test_the_phase_ends_when_nobody_can_act_and_red_tokens_are_set_aside():
    """Seed: "Any remaining red tokens in the food bank are set aside." Reference: "The phase ends when nobody can or
    wants to act (bank empty, or everyone passes)" """
    s = pos("$A", "$B", bank=9, deck=10)
    act(s, "eat $A")
    act(s, "eat $B")  # both fed, nothing left to do: extinction, then the deal
    assert s.phase_name() == "deal" and s.bank == 0


def test_after_the_defence_the_turn_goes_back_to_the_attacker():
    """Reference: "Each is offered to the defender." (the defender decides, then the attacker's turn goes on)."""
    s = pos("$A carn, $W graze", "$B mimic, $C", bank=3)
    act(s, "attack $A $B")
    assert s.node_name() == "defend" and s.current_player() == 1
    act(s, "accept $B")
    assert s.node_name() == "feed" and s.current_player() == 0 and kinds(s) == {"graze", "end"}
