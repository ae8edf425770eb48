"""Carnivorous and every trait that takes part in an attack: the static defences (Camouflage / Sharp Vision, High
Body Weight, Swimming, Burrowing, Symbiosis), the active ones (Running, Mimicry, Tail Loss), Poisonous, Scavenger.
Scenarios after evolution-web's trait specs (re-expressed, not copied), in the builder's text form."""

from __future__ import annotations

from fractions import Fraction

from origin_helpers import act, animal, acts, kinds, pos, texts

from evo_lab.games.origin.attack import attackable
from evo_lab.games.origin.events import Died, Killed, Poisoned


# ---------------------------------------------------------------- Carnivorous
def test_carnivore_kill_gives_two_blue_and_the_prey_goes_to_its_owners_discard():
    """Seed: "animal gets 2 blue food tokens if attack was successful" and "Eaten animal, all traits including
    pairwise traits associated with it are put into corresponding players's discard piles." Reference: "If the
    attack succeeds, the prey is killed and the carnivore gets 2 blue tokens." """
    s = pos("$A carn, $W graze", "$B", bank=3)
    act(s, "attack $A $B")
    a = animal(s, "A")
    assert s.names["B"] not in s.animal_by_id and s.rows[1] == []
    assert (a.red, a.blue) == (0, 2)
    assert len(s.discard_hidden[1]) == 1 and s.discard_open[1] == []
    assert any(isinstance(e, Killed) for e in s.events())
    assert s.node_name() == "feed" and s.current_player() == 0 and kinds(s) == {"graze", "end"}


def test_carnivore_attacks_any_player_even_its_owner_but_never_itself():
    """Seed: "Animal with ... trait can attack another animal of any player, attacker's owner as well." """
    s = pos("$A carn, $B, $W graze", "$C", bank=3)
    assert texts(s, "attack") == ["attack $A $B", "attack $A $W", "attack $A $C"]


def test_attack_is_the_turns_eating_action_and_each_carnivore_attacks_once_per_turn():
    """Seed: "animal can attack only once during feeding phase" ... Reference: "Each carnivore attacks at most once
    per turn (EW cooldown is TURN)." """
    s = pos("$Q carn fat, $W carn, $G graze", "$X, $Y, $Z", bank=1)
    act(s, "attack $Q $X")
    assert kinds(s) == {"graze", "end"}  # no second eating action this turn
    act(s, "end")
    act(s, "eat $Y")  # P2 takes the last red token
    assert s.current_player() == 0 and s.bank == 0
    assert {a[1] for a in acts(s, "attack")} == {s.names["W"]}  # $Q already attacked this turn


def test_a_fed_carnivore_attacks_only_with_an_empty_fat_slot():
    """Seed: "It cannot attack if it has already fed and hasn't empty" ... Reference: "It may attack only while it
    can still take food: hungry, or fed with an empty fat slot" """
    full = pos("$A carn ++, $W graze", "$B", bank=3)
    assert acts(full, "attack") == []
    fat = pos("$A carn ++ fat, $W graze", "$B", bank=3)
    assert texts(fat, "attack") == ["attack $A $W", "attack $A $B"]


def test_food_from_a_kill_beyond_the_need_fills_fat():
    """Reference: "A test shows that surplus from a kill fills fat." and "Food received beyond the requirement goes
    into empty fat slots." (EW: a carnivore with 3 fat slots kills its prey, ends with food 2, two fat filled)."""
    s = pos("$A carn ++ fat fat fat, $W graze", "$B", bank=3)
    act(s, "attack $A $B")
    a = animal(s, "A")
    assert (a.red + a.blue, a.fat, a.fat_full) == (2, 3, 2)


# ---------------------------------------------------------------- static defences
def test_camouflage_needs_a_carnivore_with_sharp_vision():
    """Reference: "Can be attacked only by a carnivore with Sharp Vision." and "Lets its carnivore attack Camouflage
    animals." Seed: "defends animal from attack if attacker has't" """
    s = pos("$A carn, $V carn vision, $W graze", "$C camo", bank=3)
    assert "attack $A $C" not in texts(s) and "attack $V $C" in texts(s)


def test_high_body_weight_needs_a_big_carnivore_and_costs_one_food():
    """Reference: "Can be attacked only by a carnivore that also has High Body Weight." and "High Body Weight +1" """
    s = pos("$A carn, $M carn big, $W graze", "$C big, $D", bank=3)
    t = texts(s, "attack")
    assert "attack $A $C" not in t and "attack $M $C" in t and "attack $M $D" in t
    assert animal(s, "C").need == 2 and animal(s, "M").need == 3


def test_swimming_works_both_ways():
    """Reference: "Can be attacked only by a Swimming carnivore. A Swimming carnivore can attack only Swimming
    animals. The rule works both ways." """
    s = pos("$A carn, $S carn swim, $W graze", "$C swim, $D", bank=3)
    t = texts(s, "attack")
    assert "attack $A $C" not in t and "attack $A $D" in t
    assert [x for x in t if x.startswith("attack $S")] == ["attack $S $C"]


def test_burrowing_protects_only_a_fed_animal_and_fat_does_not_count():
    """Reference: "Cannot be attacked while fed. Fat tokens do not count as fed." (EW burrowing spec: a burrower
    with only fat left is eaten)."""
    s = pos("$A carn, $W graze", "$B burrow +, $C burrow fat+, $D burrow hib sleeping", bank=3)
    t = texts(s, "attack")
    assert "attack $A $B" not in t and "attack $A $C" in t
    assert "attack $A $D" not in t  # "An animal in Hibernation counts as fed."


def test_symbiosis_protects_while_the_symbiont_lives():
    """Reference: "The other animal cannot be attacked while the symbiont is alive" (EW: the hunter may eat the
    unprotected animal; afterwards its partner is fair game)."""
    s = pos("$A carn, $A2 carn, $W graze", "$S symb$P, $P", bank=3)
    t = texts(s, "attack")
    assert "attack $A $P" not in t and "attack $A $S" in t
    act(s, "attack $A $S")
    assert s.names["S"] not in s.animal_by_id and s.links == []
    assert attackable(s, animal(s, "A2"), animal(s, "P"))


# ---------------------------------------------------------------- Running
def test_running_is_an_exact_die_roll_four_to_six_escapes():
    """Reference: "When attacked, roll a die. On 4" ... "the animal escapes, and that carnivore cannot attack again
    this turn." The die is a chance node with six faces of probability 1/6."""
    s = pos("$A carn, $B carn, $W graze", "$R run", bank=3)
    act(s, "attack $A $R")
    assert s.node_name() == "run" and s.is_chance_node()
    assert s.chance_outcomes() == [(("roll", f), Fraction(1, 6)) for f in range(1, 7)]
    caught = s.clone()
    s.apply_action("roll 4")
    assert s.names["R"] in s.animal_by_id and animal(s, "A").food == 0
    assert acts(s, "attack") == []  # the turn's eating action is spent
    caught.apply_action("roll 3")
    assert caught.names["R"] not in caught.animal_by_id and animal(caught, "A").blue == 2


def test_running_cannot_be_refused_even_against_the_owners_own_carnivore():
    """Reference: "The owner cannot refuse to roll, even against their own carnivore (MC clarification)." """
    s = pos("$A carn, $R run, $W graze", "$X", bank=3)
    act(s, "attack $A $R")
    assert s.node_name() == "run"  # no decision: the die is rolled at once


def test_failed_running_leaves_tail_loss():
    """Reference: "If several apply, the defender chooses the order." (EW running spec: the runner is caught, then
    drops its Running card by Tail Loss; the carnivore gets one blue)."""
    s = pos("$A carn, $W graze", "$B run tail", bank=3)
    act(s, "attack $A $B")
    assert s.node_name() == "defend" and s.current_player() == 1
    assert sorted(texts(s)) == ["run $B", "tail $B run", "tail $B tail"]  # no "accept": Running is compulsory
    act(s, "run $B")
    s.apply_action("roll 2")
    assert sorted(texts(s)) == ["tail $B run", "tail $B tail"]
    act(s, "tail $B run")
    assert [s.game.abbr[t] for t, _ in animal(s, "B").traits] == ["tail"]
    assert animal(s, "A").blue == 1 and s.current_player() == 0


# ---------------------------------------------------------------- Mimicry
def test_mimicry_redirects_to_an_animal_the_carnivore_could_attack_and_is_optional():
    """Reference: "When attacked, the owner may redirect the attack to another of their own animals that this
    carnivore is able to attack." (ruling O5: the card says "may")."""
    s = pos("$A carn, $W graze", "$B mimic, $C, $D camo", bank=3)
    act(s, "attack $A $B")
    assert s.current_player() == 1 and sorted(texts(s)) == ["accept $B", "mimic $B $C"]
    act(s, "mimic $B $C")
    assert s.names["C"] not in s.animal_by_id and s.names["B"] in s.animal_by_id and animal(s, "A").blue == 2


def test_mimicry_compulsory_option_and_no_target_means_no_mimicry():
    """Reference: "EW's Russian text says the redirect is mandatory when possible." and "If no such animal exists,
    Mimicry does not work." """
    s = pos("$A carn, $W graze", "$B mimic, $C, $D", bank=3, options={"mimicry_compulsory": True})
    act(s, "attack $A $B")
    assert sorted(texts(s)) == ["mimic $B $C", "mimic $B $D"]
    t = pos("$A carn, $W graze", "$B mimic, $C camo", bank=3)
    act(t, "attack $A $B")
    assert (
        t.names["B"] not in t.animal_by_id and t.names["C"] in t.animal_by_id
    )  # no defence left: eaten at once


def test_mimicry_chains_and_each_card_redirects_once_per_turn():
    """Reference: "Redirect chains are possible (tests cover A→B→C→B)." and "Once per turn per animal (MC)." """
    s = pos("$A carn, $W graze", "$B mimic, $C mimic, $D", bank=3)
    act(s, "attack $A $B")
    act(s, "mimic $B $C")
    assert sorted(texts(s)) == ["accept $C", "mimic $C $B", "mimic $C $D"]
    act(s, "mimic $C $B")  # back to $B, whose Mimicry is spent: eaten
    assert s.names["B"] not in s.animal_by_id and {s.names["C"], s.names["D"]} <= set(s.animal_by_id)


def test_mimicry_never_redirects_to_the_attacker():
    """Reference: "the owner may redirect the attack to another of their own animals that this carnivore is able to
    attack" (EW mimicry spec: a carnivore attacking its owner's mimic)."""
    s = pos("$A carn, $B mimic carn, $C, $W graze", "$X", bank=3)
    act(s, "attack $A $B")
    assert sorted(texts(s)) == ["accept $B", "mimic $B $C", "mimic $B $W"]


# ---------------------------------------------------------------- Tail Loss
def test_tail_loss_may_drop_any_trait_card_paired_and_parasite_included():
    """Reference: "When attacked, discard this card or any other trait card of the animal, including paired traits
    and Parasite. The animal survives and the carnivore gets only 1 blue." Seed: "Thus defender animal can escape
    from negative traits such as" """
    s = pos("$A carn, $W graze", "$T tail para fat coop$U, $U", bank=3)
    act(s, "attack $A $T")
    assert sorted(texts(s)) == ["tail $T coop+$U", "tail $T fat", "tail $T para", "tail $T tail"]
    act(s, "tail $T para")
    t = animal(s, "T")
    assert t.need == 1 and s.game.card_ids[s.discard_open[1][0]].startswith("para")
    assert animal(s, "A").blue == 1 and s.names["T"] in s.animal_by_id


def test_tail_loss_gives_the_carnivore_one_blue_and_poison_does_not_pass():
    """Seed: "The carnivorous gets only one blue food token." Reference: "Poison does not pass in this case (MC)." """
    s = pos("$A carn, $W graze", "$P pois tail", bank=3)
    act(s, "attack $A $P")
    act(s, "tail $P tail")
    a = animal(s, "A")
    assert a.blue == 1 and not a.poisoned and not any(isinstance(e, Poisoned) for e in s.events())


def test_tail_loss_drops_a_paired_card_from_both_animals_and_an_empty_fat_first():
    """Reference: "discard this card or any other trait card of the animal, including paired traits" (ruling R5: an
    empty Fat Tissue card goes before a full one)."""
    s = pos("$A carn, $W graze", "$T tail coop$U fat fat+, $U", bank=3)
    act(s, "attack $A $T")
    act(s, "tail $T fat")
    t = animal(s, "T")
    assert (t.fat, t.fat_full) == (1, 1)
    s2 = pos("$A carn, $W graze", "$T tail coop$U, $U", bank=3)
    act(s2, "attack $A $T")
    act(s2, "tail $T coop+$U")
    assert s2.links == [] and s2.game.card_ids[s2.discard_open[1][0]].startswith("coop")


def test_tail_loss_is_compulsory_unless_the_option_says_otherwise():
    """Reference: "When attacked, discard this card or any other trait card of the animal" (ruling O6; with
    tail_loss_compulsory=False the defender may accept the attack, e.g. to poison the carnivore)."""
    s = pos("$A carn, $W graze", "$T tail pois", bank=3)
    act(s, "attack $A $T")
    assert "accept $T" not in texts(s)
    s2 = pos("$A carn, $W graze", "$T tail pois", bank=3, options={"tail_loss_compulsory": False})
    act(s2, "attack $A $T")
    act(s2, "accept $T")
    assert animal(s2, "A").poisoned and s2.names["T"] not in s2.animal_by_id


# ---------------------------------------------------------------- Poisonous
def test_a_poisoned_carnivore_dies_in_the_extinction_phase_even_when_fed():
    """Reference: "A carnivore that eats this animal dies in the extinction phase of the same turn." and "Poisoned
    carnivores also die now" """
    s = pos("$A carn, $W +", "$X pois", bank=0, deck=10)
    act(s, "attack $A $X")
    assert s.phase_name() == "deal"  # nothing left to do: extinction ran
    assert s.names["A"] not in s.animal_by_id and s.names["W"] in s.animal_by_id
    assert Died(0, s.names["A"], "poisoned") in s.events()


def test_a_poisoned_carnivore_still_eats_until_the_extinction():
    """Reference: "It may still eat and use its traits until then (EW)." """
    s = pos("$A carn big, $W graze", "$X pois, $Y", bank=3, deck=10)
    act(s, "attack $A $X")
    assert animal(s, "A").poisoned
    act(s, "end")
    act(s, "eat $Y")
    assert s.current_player() == 0 and "eat $A" in texts(s)


# ---------------------------------------------------------------- Scavenger
def test_one_scavenger_feeds_from_the_carnivores_owner_clockwise():
    """Reference: "Only one Scavenger on the table benefits. The search starts with the attacking carnivore owner's
    animals and goes clockwise." (EW scavenger spec with three players)."""
    s = pos("$A carn, $B carn, $C carn, $D scav, $E", "$A1 scav, $B1", "$A2 scav, $B2", bank=0)
    act(s, "attack $A $B1")
    assert [animal(s, n).food for n in ("D", "A1", "A2")] == [1, 0, 0]
    act(s, "attack $B $E")  # $D is full: the next player's scavenger
    assert [animal(s, n).food for n in ("D", "A1", "A2")] == [1, 1, 0]
    act(s, "attack $C $B2")  # the last action of the phase: tokens are gone now
    fed = [e.animal for e in s.events() if getattr(e, "source", "") == "scavenger"]
    assert fed == [s.names["D"], s.names["A1"], s.names["A2"]]


def test_a_scavenger_gets_food_when_another_scavenger_is_eaten():
    """Reference: "Whenever another animal is eaten (not starved), one Scavenger gets 1 blue token." (EW: killing a
    scavenger feeds the next one)."""
    s = pos("$A carn, $B scav, $W graze", "$C scav fat", bank=1)
    act(s, "attack $A $B")
    assert animal(s, "A").food == 2 and animal(s, "C").blue == 1


def test_starvation_feeds_no_scavenger():
    """Reference: "Nothing is gained for deaths in the extinction phase." """
    s = pos("$A, $B", "$S scav", bank=0, deck=10)
    assert s.phase_name() == "deal" and not any(getattr(e, "source", "") == "scavenger" for e in s.events())
