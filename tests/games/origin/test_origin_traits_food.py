"""The feeding traits: Communication, Cooperation, Symbiosis (feeding side), Piracy, Grazing, Hibernation, Fat
Tissue, and the food need of Carnivorous, High Body Weight and Parasite. Scenarios after evolution-web's specs
(mind its naming swap: its TraitCooperation is the official Communication and vice versa)."""

from __future__ import annotations

from origin_helpers import act, acts, animal, pos, texts

from evo_lab.games.origin.events import Ate, Died


def foods(s, *names):
    return [animal(s, n).red + animal(s, n).blue for n in names]


# ---------------------------------------------------------------- Communication
def test_communication_takes_red_from_the_bank_while_any_remain():
    """Reference: "When one animal of the pair takes a red token from the bank, the other immediately takes a red
    token from the bank too, out of turn, if any remain." and "It chains through links." """
    s = pos("$A comm$B, $B comm$C, $C", "$X fat+", bank=2)
    act(s, "eat $A")
    assert foods(s, "A", "B", "C") == [1, 1, 0] and s.bank == 0
    s = pos("$A comm$B, $B comm$C, $C, $W graze", bank=5)
    act(s, "eat $A")
    assert foods(s, "A", "B", "C") == [1, 1, 1] and s.bank == 2


def test_communication_ignores_food_that_does_not_come_from_the_bank():
    """Reference: "When one animal of the pair takes a red token from the bank" (EW spec, in official names: neither
    Piracy nor a kill sets Communication off)."""
    s = pos("$A pirate comm$A1, $A1, $B carn comm$B1, $B1, $W graze", "$X + carn", bank=10)
    act(s, "pirate $A $X")
    act(s, "attack $B $X")
    assert foods(s, "A", "A1", "B", "B1") == [1, 0, 2, 0] and s.bank == 10


def test_each_paired_card_fires_once_per_round_whatever_order_the_owner_picks():
    """Reference: "Each paired card triggers at most once per feeding round (MC clarification; EW cooldown per
    round)." In a triangle of Communication cards every path of the owner's choices takes exactly four tokens."""
    start = pos("$A big comm$B comm$C, $B big comm$C, $C big, $W graze", bank=10)
    act(start, "eat $A")
    ends, frontier = [], [start]
    while frontier:
        s = frontier.pop()
        if s.node_name() == "share":
            for a in s.legal_actions():
                t = s.clone()
                t.apply_action(a)
                frontier.append(t)
        else:
            ends.append(s)
    assert len(ends) >= 2
    for s in ends:
        assert s.bank == 6 and sum(foods(s, "A", "B", "C")) == 4


def test_paired_limit_per_turn_option():
    """Reference: "Communication, Cooperation, Fat conversion, Grazing: once per round." (ruling O7; with
    paired_limit="turn" a card fires once in the whole feeding phase)."""
    for limit, expect in (("round", [2, 2]), ("turn", [1, 2])):
        s = pos("$A big comm$B, $B big, $W graze", "$X", bank=10, options={"paired_limit": limit})
        act(s, "eat $B")
        act(s, "end")
        act(s, "eat $X")
        act(s, "eat $B")
        assert foods(s, "A", "B") == expect, limit


# ---------------------------------------------------------------- Cooperation
def test_cooperation_gives_blue_and_the_owner_orders_simultaneous_triggers():
    """Reference: "When one animal of the pair receives a red or blue token, the other immediately receives 1 blue
    token (from the unlimited supply)." and "When several traits of one animal trigger at the same time, the owner
    picks their order." """
    s = pos("$A carn coop$B, $B carn coop$C coop$D, $C carn, $D carn, $W graze", "$X", bank=2)
    act(s, "eat $A")
    assert s.node_name() == "share" and s.current_player() == 0
    assert texts(s) == ["share coop $B $C", "share coop $B $D"]
    act(s, "share coop $B $D")
    assert foods(s, "A", "B", "C", "D") == [1, 1, 1, 1] and s.bank == 1
    assert [(animal(s, n).red, animal(s, n).blue) for n in "AB"] == [(1, 0), (0, 1)]


def test_cooperation_answers_kills_piracy_and_scavenging_but_not_fat():
    """Reference: "When one animal of the pair receives a red or blue token" ... "EW: converting fat does not trigger
    it." """
    s = pos("$A carn coop$B, $B, $W graze", "$X", bank=3)
    act(s, "attack $A $X")
    assert foods(s, "A", "B") == [2, 1]
    s = pos("$P pirate coop$Q, $Q, $W graze", "$X big +", bank=3)
    act(s, "pirate $P $X")
    assert foods(s, "P", "Q") == [1, 1]
    s = pos("$F fat+ coop$G, $G, $W graze", bank=3)
    act(s, "fat $F 1")
    assert foods(s, "F", "G") == [1, 0]


def test_cooperation_chain_stops_at_full_animals():
    """Reference: "When one animal of the pair receives a red or blue token, the other immediately receives 1 blue
    token" (EW spec: a partner that cannot take food gets nothing, and passes nothing on)."""
    s = pos("$A + coop$B, $B coop$C, $C +, $W graze", bank=10)
    assert "eat $A" not in texts(s)
    act(s, "eat $B")
    assert foods(s, "A", "B", "C") == [1, 1, 1] and s.bank == 9


# ---------------------------------------------------------------- Symbiosis (feeding)
def test_a_protected_animal_eats_only_after_its_symbionts_are_fed():
    """Reference: "The other animal cannot be attacked while the symbiont is alive, and it may take food only after
    the symbiont is fed." (EW symbiosis spec: a protected carnivore can neither eat nor hunt)."""
    s = pos("$A carn, $B carn fat fat symb$A, $C carn symb$A symb$B, $D, $W graze", "$X", bank=12)
    assert {a[1] for a in acts(s, "eat")} == {s.names[n] for n in ("C", "D", "W")}
    assert not any(a[1] in (s.names["A"], s.names["B"]) for a in acts(s, "attack"))
    act(s, "eat $C")
    act(s, "end")
    act(s, "eat $X")
    assert "eat $B" not in texts(s)
    act(s, "eat $C")  # $C fed: $B may eat now, $A still waits for $B
    act(s, "end")
    assert s.current_player() == 0 and "eat $B" in texts(s) and "eat $A" not in texts(s)


def test_cooperation_waits_for_the_symbiont():
    """Reference: "it may take food only after the symbiont is fed" (a Cooperation token cannot reach a protected
    animal whose symbiont is still hungry)."""
    s = pos("$S carn coop$P symb$P, $P, $W graze", bank=5)
    act(s, "eat $S")
    assert foods(s, "S", "P") == [1, 0]
    s = pos("$S coop$P symb$P, $P, $W graze", bank=5)
    act(s, "eat $S")
    assert foods(s, "S", "P") == [1, 1]


# ---------------------------------------------------------------- Piracy
def test_piracy_steals_from_an_animal_that_has_food_but_is_not_fed():
    """Reference: "the animal takes one red or blue token from another animal that has received food this turn but
    is not yet fed. The pirate receives it as blue." and "EW forbids using Piracy to fill fat: the pirate must itself
    be hungry." (EW piracy spec)."""
    s = pos("$A pirate, $B pirate, $E pirate + fat", "$A1 big +, $B1 big + fat+, $C1 +, $D1 fat+", bank=0)
    victims = {x for x in ("A1", "B1")}
    assert sorted(texts(s, "pirate")) == sorted(f"pirate ${p} ${v}" for p in "AB" for v in victims)
    act(s, "pirate $A $A1")
    assert (animal(s, "A").blue, animal(s, "A1").red) == (1, 0)
    assert texts(s, "pirate") == ["pirate $B $B1"]
    s2 = pos("$E pirate + fat", "$A1 big +", bank=0, options={"piracy_needs_hunger": False})
    assert texts(s2, "pirate") == ["pirate $E $A1"]


def test_piracy_is_free_once_per_turn_and_combines_with_eating():
    """Reference: "In its owner's feeding phase, once per turn" ... "Can be combined with taking a red token or
    attacking in the same action (MC clarification)." """
    s = pos("$P pirate big para, $W graze", "$X big +, $Y big +", bank=5)
    act(s, "pirate $P $X")
    assert "eat $P" in texts(s) and acts(s, "pirate") == []
    act(s, "eat $P")
    assert animal(s, "P").food == 2


# ---------------------------------------------------------------- Grazing
def test_grazing_destroys_red_tokens_and_several_grazers_work_in_one_turn():
    """Reference: "In each of its owner's feeding phases, destroy one red token in the bank." and "Several grazers
    can all be used in the same action (MC clarification)." (EW grazing spec)."""
    s = pos("$A graze carn, $B + graze, $C + graze", "$X", bank=7)
    for g in "ABC":
        act(s, f"graze ${g}")
    assert s.bank == 4 and "eat $A" in texts(s) and acts(s, "graze") == []
    act(s, "eat $A")
    assert s.bank == 3


def test_grazing_refreshes_each_round():
    """Reference: "Communication, Cooperation, Fat conversion, Grazing: once per round." """
    s = pos("$A graze big", "$X big", bank=10)
    act(s, "graze $A")
    act(s, "eat $A")
    act(s, "eat $X")
    assert s.current_player() == 0 and "graze $A" in texts(s)


# ---------------------------------------------------------------- Hibernation
def test_hibernation_makes_the_animal_fed_and_closes_it_to_food():
    """Reference: "In its owner's feeding phase, the animal becomes fed for this turn." and "While hibernating it
    cannot receive any food, fat included." """
    s = pos("$A hib fat fat coop$B, $B, $W graze", "$X", bank=5, deck=12)
    act(s, "hibernate $A")
    a = animal(s, "A")
    assert a.sleeping and "eat $A" not in texts(s)
    act(s, "eat $B")
    assert foods(s, "A", "B") == [0, 1] and a.fat_full == 0


def test_hibernation_not_two_turns_running_nor_in_the_last_turn():
    """Reference: "Not usable in two consecutive turns, nor in the last turn of the game." """
    assert acts(pos("$A hib slept, $W graze", bank=5, deck=10), "hibernate") == []
    assert acts(pos("$A hib, $W graze", bank=5, deck=0), "hibernate") == []
    assert texts(pos("$A hib, $W graze", bank=5, deck=10), "hibernate") == ["hibernate $A"]
    assert acts(pos("$A hib +, $W graze", bank=5, deck=10), "hibernate") == []  # EW: not when full


def test_a_hibernating_animal_survives_the_extinction_with_its_fat():
    """Reference: "An animal in Hibernation counts as fed." (EW: hibernation does not touch stored fat)."""
    s = pos("$A hib fat+ fat+", "$X", bank=0, deck=30)
    act(s, "hibernate $A")
    assert s.phase_name() == "deal"
    assert (
        s.names["A"] in s.animal_by_id and animal(s, "A").fat_full == 2 and s.names["X"] not in s.animal_by_id
    )


# ---------------------------------------------------------------- Fat Tissue
def test_fat_turns_into_food_instead_of_taking_food():
    """Reference: "In their own feeding action, instead of taking food, the player may turn stored yellow tokens
    into blue tokens on the same animal." (EW fat spec: the player picks how many)."""
    s = pos("$A big fat+ fat+ fat+ fat+, $B fat+ +, $W graze", bank=12)
    assert texts(s, "fat") == ["fat $A 1", "fat $A 2"]
    act(s, "fat $A 2")
    a = animal(s, "A")
    assert (a.blue, a.fat_full) == (2, 2) and acts(s, "eat") == [] and acts(s, "fat") == []


def test_fat_alone_does_not_feed_an_animal():
    """Reference: "Fat alone does not make the animal fed." (EW: an animal with only stored fat that does not use it
    dies)."""
    s = pos("$A fat+", "$X", bank=0, deck=10)
    assert texts(s) == ["fat $A 1", "pass"]
    act(s, "pass")
    assert s.names["A"] not in s.animal_by_id and Died(0, s.names["A"], "starved") in s.events()


def test_food_beyond_the_need_goes_into_empty_fat_then_is_refused():
    """Reference: "Food received beyond the requirement goes into empty fat slots. An animal whose requirement and
    fat are both full cannot take more food" """
    s = pos("$A + fat, $B, $W graze", "$X", bank=5)
    act(s, "eat $A")
    a = animal(s, "A")
    assert (a.red, a.fat_full) == (1, 1)
    assert [e for e in s.events() if isinstance(e, Ate)][-1].fat == 1
    act(s, "end")
    act(s, "eat $X")
    assert "eat $A" not in texts(s)


# ---------------------------------------------------------------- food need of the traits
def test_traits_that_raise_the_food_need():
    """Reference: "Carnivorous +1" ... "High Body Weight +1" ... "Parasite +2" ... "All other base traits +0." """
    s = pos("$A carn, $B big, $C carn big fat swim run", "$D para, $E para carn big")
    assert [animal(s, n).need for n in "ABCDE"] == [2, 2, 3, 3, 5]
