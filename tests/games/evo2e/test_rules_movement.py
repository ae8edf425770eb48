"""Movement phase and combat: shared points, legs, strong thighs, no passing through, attacks, protected
clans, wings, flippers, chameleon skin, frenzied attack, the combat table for every die face."""

from __future__ import annotations

from fractions import Fraction

import pytest
from helpers import movement, sp, strings

import evo_lab
from evo_lab.games.evo2e.actions import Action

# The 2-player board around C3/C4: C3 - B2 B3 C2 C4 D3 D4; C4 - B3 B4 C3 C5 D4 D5.
B = {"C3": 0, "C4": 0, "D4": 1, "D5": 1, "E4": 1}


def reject(s, action, reason):
    before = s.to_json()
    with pytest.raises(evo_lab.IllegalActionError) as e:
        s.apply_action(action)
    assert e.value.reason == reason, str(e.value)
    assert isinstance(e.value, ValueError)
    assert s.to_json() == before
    return e.value


@pytest.mark.parametrize(
    "genes,uniq,points", [({}, [], 2), ({"legs": 1}, [], 3), ({"legs": 2}, ["strong_thighs"], 6)]
)
def test_movement_points(genes, uniq, points):
    """ "Initially, each dinosaur species has 2 movement points. An extra point is acquired for each
    additional pair of legs." Strong thighs: "This gene provides you with 2 extra movement points.\""""
    s = movement(board=B, genes={0: genes}, uniq={0: uniq})
    assert s.node_name() == "move" and s.current_player() == 0 and s.phase_name() == "movement"
    assert s.mp_left == points == s.movement_points(0)


def test_points_are_shared_by_the_species():
    """ "The available movement points must be divided amongst all the dinosaurs of the species. Each
    movement point enables ONE dinosaur to move one space." Example: "a species that has 3 movement points
    could move 3 dinosaurs one space each, or one dinosaur 2 spaces and then another dinosaur a single
    space.\""""
    s = movement(board=B, genes={0: {"legs": 1}})
    s.apply_action("move C3-C2")
    s.apply_action("move C2-C1")
    assert s.mp_left == 1 and s.current_player() == 0
    s.apply_action("move C4-B4")
    # no point left: P1's turn ends by itself and P2 moves
    assert s.current_player() == 1 and s.mp_left == 2
    assert s.dinosaurs(0) == [sp(s, "B4"), sp(s, "C1")]


def test_no_moving_through_or_onto_occupied_spaces():
    """ "Dinosaurs are not allowed to move through or stop on a space that is already occupied by another
    dinosaur (friend or not).\""""
    s = movement(board=B)
    legal = strings(s)
    assert "move C3-C4" not in legal and "attack C3xC4" not in legal  # own dinosaur: neither
    assert "move C3-D4" not in legal and "attack C3xD4" in legal
    reject(s, "move C3-C4", "occupied")
    reject(s, "move C3-D4", "occupied")
    reject(s, "move C3-E3", "not_adjacent")
    reject(s, "move D4-D3", "not_your_dinosaur")
    # a dinosaur walled in by others has no move at all
    s = movement(board={"A1": 0, "B3": 1, "B4": 1, "C3": 1, "F2": 0})
    assert not any(x.startswith("move A1") for x in strings(s))


def test_not_required_to_use_all_points():
    """ "You are not required to use up all the available movement points.\""""
    s = movement(board=B)
    assert "end" in strings(s)
    s.apply_action("end")
    assert s.current_player() == 1


def test_attack_costs_one_point_and_winner_moves_in():
    """ "The moving player spends a movement point and indicates which space is being attacked. ... The
    attacking dinosaur wins and takes the place of the defeated animal. The losing dinosaur is removed from
    the game." "The attacking dinosaur loses. The two dinosaurs stay where they are.\""""
    s = movement(board=B)
    s.apply_action("attack C3xD4")
    assert s.is_chance_node() and s.node_name() == "die" and s.mp_left == 1
    s.apply_action("die claw")
    assert s.occupant(sp(s, "D4")) == 0 and s.occupant(sp(s, "C3")) == -1
    assert s.count == [2, 2] and s.last[:4] == ("fight", sp(s, "C3"), sp(s, "D4"), "win")
    s = movement(board=B)
    s.apply_action("attack C3xD4")
    s.apply_action("die cross")
    assert s.occupant(sp(s, "D4")) == 1 and s.occupant(sp(s, "C3")) == 0 and s.count == [2, 3]
    assert s.mp_left == 1 and s.current_player() == 0


def test_same_dinosaur_may_attack_again():
    """ "It is perfectly possible to attack the same dinosaur more than once, even with the same attacker.
    The only thing to bear in mind is that combat always costs 1 movement point.\""""
    s = movement(board=B)
    s.apply_action("attack C3xD4")
    s.apply_action("die cross")
    assert "attack C3xD4" in strings(s)
    s.apply_action("attack C3xD4")
    s.apply_action("die cross")
    assert s.current_player() == 1  # both points spent


def test_protected_clans():
    """ "Important: a clan that only has two dinosaurs may not be attacked." Regeneration: "If you have only
    3, you cannot be attacked\""""
    s = movement(board={"C3": 0, "C4": 0, "D4": 1, "E4": 1})
    assert not any(x.startswith("attack") for x in strings(s))
    e = reject(s, "attack C3xD4", "protected")
    assert "protected" in str(e)
    s = movement(board=B)  # 3 dinosaurs: attackable
    assert "attack C3xD4" in strings(s)
    s = movement(board=B, uniq={1: ["regeneration"]})
    assert not any(x.startswith("attack") for x in strings(s))
    reject(s, "attack C3xD4", "protected")
    s = movement(board=dict(B, F2=1), uniq={1: ["regeneration"]})  # 4 with regeneration: attackable
    assert "attack C3xD4" in strings(s)


def test_wings():
    """Wings: "One of your dinosaurs can move 2 spaces by paying 1 movement point. The first space can
    contain a dinosaur (including another player's). This gene can only be used once per Movement phase.\""""
    s = movement(board={"A1": 0, "B3": 1, "B4": 1, "F2": 1, "F1": 0}, uniq={0: ["wings"]})
    legal = strings(s)
    # A1's neighbours B3 and B4 are both occupied: wings fly over them
    for dest in ("B2", "C3", "C4", "C5"):
        assert f"wings A1-{dest}" in legal
    assert "wings A1-B3" not in legal and "wings A1-A1" not in legal
    reject(s, "wings A1-B4", "occupied")
    s.apply_action("wings A1-C4")
    assert s.occupant(sp(s, "C4")) == 0 and s.mp_left == 1 and s.wings_used
    assert not any(x.startswith("wings") for x in strings(s))
    reject(s, "wings F1-D3", "already_used")
    s2 = movement(board={"A1": 0, "B3": 1, "B4": 1, "F2": 1, "F1": 0})
    reject(s2, "wings A1-C4", "missing_gene")


def test_wings_land_two_spaces_away():
    """Wings: "One of your dinosaurs can move 2 spaces by paying 1 movement point": the landing space is two
    steps from the start, never one next to it (a walk there costs one point anyway; ruling R7). Under
    evo-lab 0.1's rules (``wings_exact_two=False``) any space two steps along the graph was offered."""
    s = movement(board={"C3": 0, "F1": 0, "E4": 1, "E5": 1}, uniq={0: ["wings"]})
    g = s.game
    c3 = sp(s, "C3")
    landings = {a.b for a in s.legal_actions() if a.kind == "wings" and a.a == c3}
    two = {c for b in g.adj[c3] for c in g.adj[b]} - set(g.adj[c3]) - {c3}
    assert landings == {c for c in two if s.occupant(c) < 0} and landings
    assert not landings & set(g.adj[c3])
    reject(s, "wings C3-B3", "not_two_spaces")  # B3 is next to C3
    old = movement(
        board={"C3": 0, "F1": 0, "E4": 1, "E5": 1}, uniq={0: ["wings"]}, options={"wings_exact_two": False}
    )
    assert "wings C3-B3" in strings(old)


def test_wings_again_next_movement_phase():
    """ "This gene can only be used once per Movement phase." - the next movement phase resets it."""
    s = movement(board={"A1": 0, "F1": 0, "C5": 1, "C6": 1}, uniq={0: ["wings"]})
    s.apply_action("wings A1-C4")
    assert s.wings_used and not any(x.startswith("wings") for x in strings(s))
    pos = s.position()  # the same board at the start of a movement phase
    pos.node = pos.to_act = pos.movement_left = None
    assert pos.wings_used
    t = pos.build()
    assert not t.wings_used and any(x.startswith("wings") for x in strings(t))


def test_flippers():
    """Flippers: "One of your dinosaurs can move from one coastal space to another coastal space by paying
    1 movement point. A space is coastal if it is next to the sea.\""""
    s = movement(board={"A1": 0, "C3": 0, "F1": 1, "F2": 1}, uniq={0: ["flippers"]})
    g = s.game
    got = {(a.a, a.b) for a in s.legal_actions() if a.kind == "flippers"}
    want = {(sp(s, "A1"), t) for t in range(g.n) if g.coastal[t] and s.occupants[t] < 0}
    assert got == want and (sp(s, "D7"),) and (sp(s, "A1"), sp(s, "D7")) in got
    assert not any(a.a == sp(s, "C3") for a in s.legal_actions() if a.kind == "flippers")  # C3 is inland
    reject(s, "flippers C3-D7", "not_coastal")
    reject(s, "flippers A1-F2", "occupied")
    s.apply_action("flippers A1-D7")
    assert s.occupant(sp(s, "D7")) == 0 and s.mp_left == 1
    assert not any(a.kind == "flippers" for a in s.legal_actions())  # once per phase (ruling 3)


def _chameleon(board):
    s = movement(board=board, uniq={1: ["chameleon_skin"]})
    s.apply_action("attack C3xD4")
    s.apply_action("die claw")
    return s


def test_chameleon_skin_escape():
    """Chameleon skin: "When you lose a fight, your dinosaur can move onto an adjacent space (but not the
    one from which the attacker came) instead of being killed.\""""
    s = _chameleon({"C3": 0, "C4": 0, "D4": 1, "D5": 1, "E4": 1})
    assert s.node_name() == "chameleon" and s.current_player() == 1
    esc = {s.game.labels[a.a] for a in s.legal_actions() if a.kind == "escape"}
    assert esc == {"D3", "E3"}  # D4's empty neighbours except C3 (the attacker's origin)
    assert "pass" in strings(s)
    s.apply_action("escape E3")
    assert s.occupant(sp(s, "E3")) == 1 and s.occupant(sp(s, "D4")) == 0 and s.count == [2, 3]
    assert s.current_player() == 0 and s.mp_left == 1
    s = _chameleon({"C3": 0, "C4": 0, "D4": 1, "D5": 1, "E4": 1})
    s.apply_action("pass")
    assert s.occupant(sp(s, "D4")) == 0 and s.count == [2, 2]


def test_chameleon_skin_no_space_dies():
    """Chameleon skin: "If no legal space is available, it dies." (no decision then)"""
    s = _chameleon({"C3": 0, "C4": 0, "D3": 0, "E3": 0, "D4": 1, "D5": 1, "E4": 1})
    assert s.node_name() == "move" and s.occupant(sp(s, "D4")) == 0 and s.count == [4, 2]


FACES = ("cross", "claw", "equals", "plus", "two_plus")


def _wins(face, att, dfd):
    return {
        "cross": False,
        "claw": True,
        "equals": att >= dfd,
        "plus": att > dfd,
        "two_plus": att >= dfd + 2,
    }[face]


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize(
    "att_horns,def_horns", [(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (0, 2), (0, 3), (2, 2), (3, 1)]
)
def test_combat_table(face, att_horns, def_horns):
    """ "Cross: Attack fails. ... Claw: Attack succeeds. ... Claw with equals sign: If the attacking dinosaur
    has at least as many horns as the defender then the attack succeeds (if neither of the two dinosaurs
    has a horn, the attack succeeds). ... Claw with plus sign: If the attacking dinosaur has more horns than
    the defender then the attack succeeds. ... Claw with two plus signs: If the attacking dinosaur has at
    least two horns more than the defender then the attack succeeds.\""""
    s = movement(board=B, genes={0: {"horn": att_horns}, 1: {"horn": def_horns}})
    s.apply_action("attack C3xD4")
    s.apply_action(f"die {face}")
    win = _wins(face, att_horns, def_horns)
    assert s.occupant(sp(s, "D4")) == (0 if win else 1)
    assert s.count == ([2, 2] if win else [2, 3])


@pytest.mark.parametrize(
    "diff,p",
    [
        (-3, Fraction(1, 6)),
        (-1, Fraction(1, 6)),
        (0, Fraction(2, 6)),
        (1, Fraction(4, 6)),
        (2, Fraction(5, 6)),
        (4, Fraction(5, 6)),
    ],
)
def test_attack_probability_and_die_outcomes(diff, p):
    """The die: "1 combat die" with cross, claw, claw-equals, claw-plus (x2), claw-two-plus (data pack);
    each face's outcome as in the combat table."""
    att, dfd = max(0, diff), max(0, -diff)
    s = movement(board=B, genes={0: {"horn": att}, 1: {"horn": dfd}})
    assert s.attack_probability(sp(s, "C3"), sp(s, "D4")) == p
    s.apply_action("attack C3xD4")
    outs = s.chance_outcomes()
    assert sum(q for _, q in outs) == 1
    assert dict(outs) == {
        Action("die", 0): Fraction(1, 6),
        Action("die", 1): Fraction(1, 6),
        Action("die", 2): Fraction(1, 6),
        Action("die", 3): Fraction(2, 6),
        Action("die", 4): Fraction(1, 6),
    }
    assert sum(q for a, q in outs if _wins(s.game.die_kinds[a.a], att, dfd)) == p


def test_large_horn_and_bony_plates():
    """Large horn: "This gene acts like 2 horns when attacking". Bony plates: "This gene acts like 2 horns
    when defending (when one of your dinosaurs is attacked).\""""
    s = movement(board=B, uniq={0: ["large_horn"], 1: ["bony_plates"]})
    assert s.attack_strength(0) == 2 and s.defence_strength(0) == 0
    assert s.attack_strength(1) == 0 and s.defence_strength(1) == 2
    assert s.attack_probability(sp(s, "C3"), sp(s, "D4")) == Fraction(2, 6)  # 2 v 2
    s = movement(board=B, uniq={0: ["large_horn"]}, genes={0: {"horn": 0}})
    s.apply_action("attack C3xD4")
    s.apply_action("die two_plus")  # 2 horns v 0: two plus succeeds
    assert s.occupant(sp(s, "D4")) == 0
    s = movement(board=B, uniq={1: ["bony_plates"]}, genes={0: {"horn": 1}})
    s.apply_action("attack C3xD4")
    s.apply_action("die equals")  # 1 v 2: equals fails
    assert s.occupant(sp(s, "D4")) == 1


def test_frenzied_attack():
    """Frenzied attack: "To be played during the Movement phase, before launching an attack. During this
    phase, all your dinosaurs are considered to have 2 extra horns, but only when attacking.\""""
    s = movement(board=B, hands={0: ["frenzied_attack"]})
    assert "play frenzied_attack" in strings(s)
    s.apply_action("play frenzied_attack")
    assert s.attack_strength(0) == 2 and s.defence_strength(0) == 0 and s.hand(0) == []
    assert s.mp_left == 2 and "play frenzied_attack" not in strings(s)
    s.apply_action("attack C3xD4")
    s.apply_action("die two_plus")
    assert s.occupant(sp(s, "D4")) == 0
    # no attack possible (protected clan): the card is not offered (ruling R10)
    s = movement(board={"C3": 0, "C4": 0, "D4": 1, "E4": 1}, hands={0: ["frenzied_attack"]})
    assert "play frenzied_attack" not in strings(s)
    reject(s, "play frenzied_attack", "card_not_playable")


def test_a_second_frenzied_attack_may_be_played():
    """Event cards: "More than one may be played in a given round or phase as long as the correct timing for
    playing the card is respected." A second Frenzied attack in the same movement phase adds its 2 horns too
    (ruling R19, option ``frenzied_attack_stacks``)."""
    s = movement(board=B, hands={0: ["frenzied_attack", "frenzied_attack"]})
    s.apply_action("play frenzied_attack")
    assert s.attack_strength(0) == 2 and "play frenzied_attack" in strings(s)
    s.apply_action("play frenzied_attack")
    assert s.attack_strength(0) == 4 and s.hand(0) == [] and s.frenzied(0) == 4
    assert s.attack_probability(sp(s, "C3"), sp(s, "D4")) == Fraction(5, 6)  # only the cross fails
    one = movement(
        board=B, hands={0: ["frenzied_attack", "frenzied_attack"]}, options={"frenzied_attack_stacks": False}
    )
    one.apply_action("play frenzied_attack")
    assert "play frenzied_attack" not in strings(one) and one.hand(0) == ["frenzied_attack"]


def test_frenzy_lasts_only_this_phase():
    """ "During this phase" - the bonus is gone in the next movement phase."""
    s = movement(board=B, hands={0: ["frenzied_attack"]})
    s.apply_action("play frenzied_attack")
    assert s.attack_strength(0) == 2
    pos = s.position()  # the same position, at the start of a movement phase: the bonus is reset
    pos.node = pos.to_act = pos.movement_left = None
    assert pos.frenzy == {"P1": 2} and pos.build().attack_strength(0) == 0


def test_illegal_actions_name_the_reason():
    """Illegal input raises a typed error saying why and leaves the state unchanged."""
    s = movement(board=dict(B, F2=0))
    reject(s, "bid 1 on lot 1", "wrong_phase")
    reject(s, "die claw", "not_chance")
    reject(s, "birth C2", "wrong_phase")
    s.apply_action("move C3-C2")
    s.apply_action("move C2-C1")
    assert s.current_player() == 1
    reject(s, "move C4-C5", "not_your_dinosaur")
    s.apply_action("attack D4xC4")
    reject(s, "move D5-C5", "chance_node")
    reject(s, "token cw1", "not_an_outcome")
