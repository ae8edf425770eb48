"""Initiative and birth phases: the initiative example, adrenaline rush, egg rounds, adjacency, thick
shell, killer babies, the 8-dinosaur replacement, Swarm of rats, Egg thief."""

from __future__ import annotations

import pytest
from helpers import build, sp, strings

import evo_lab


def four_player_board(counts):
    g = evo_lab.Game(players=4)
    board, i = {}, 0
    for p, c in enumerate(counts):
        for _ in range(c):
            board[g.labels[i]] = p
            i += 1
    return board


def test_initiative_example_5_5_6_7():
    """ "Then they are sorted in increasing order by the number of dinosaurs on the board (retaining the
    order in the case of a tie). ... Example: Red and green each have 5 dinosaurs, blue 6 and yellow 7. The
    markers are therefore sorted into this order (5, 5, 6, 7).\""""
    # lot order (the biology lab's columns): yellow P4, blue P3, green P2, red P1
    board = four_player_board([5, 5, 6, 7])
    s = build(4, board=board, phase="initiative", order=[3, 2, 1, 0])  # the markers in lot order
    assert s.order == (1, 0, 2, 3)  # green (5) before red (5): the tie keeps the lot order
    assert [s.count[p] for p in s.order] == [5, 5, 6, 7]
    assert s.phase_name() == "movement" and s.current_player() == 1  # the new order moves first
    assert build(4, board=board, phase="initiative", order=[0, 1, 2, 3]).order == (0, 1, 2, 3)


def test_adrenaline_rush():
    """Adrenaline rush: "You can freely choose your spot on the initiative track during the initiative
    phase.\""""
    board = four_player_board([5, 5, 6, 7])
    s = build(4, board=board, uniq={3: ["adrenaline_rush"]}, phase="initiative", order=[3, 2, 1, 0])
    assert s.node_name() == "adrenaline" and s.current_player() == 3 and s.phase_name() == "initiative"
    assert strings(s) == ["initiative 1", "initiative 2", "initiative 3", "initiative 4"]
    s.apply_action("initiative 1")
    assert s.order == (3, 1, 0, 2) and s.current_player() == 3 and s.phase_name() == "movement"


def birth(players=2, order=None, **kw):
    """The start of a birth phase."""
    return build(players, phase="birth", order=order, **kw)


def test_birth_rounds_by_eggs_in_initiative_order():
    """ "Beginning with the starting player and continuing in initiative track order, each player can add
    new dinosaurs ... Once all the players have done this, players with two eggs repeat the process, then
    again for players with three eggs, and so on for players with more eggs.\""""
    s = birth(order=(1, 0), board={"C3": 0, "E5": 1}, genes={0: {"egg": 2}, 1: {"egg": 1}})
    assert s.phase_name() == "birth" and s.node_name() == "birth"
    seq = []
    while s.node_name() == "birth":
        seq.append(s.current_player())
        counts = list(s.count)
        s.apply_action(s.legal_actions()[0])
    assert seq == [1, 0, 1, 0, 0]  # round 1: P2, P1; round 2: P2, P1; round 3: P1 only
    assert counts == [3, 3] and s.phase_name() != "birth"


def test_birth_adjacent_to_own_dinosaur():
    """ "The player places a new dinosaur pawn on a space adjacent to one of his dinosaurs." (ruling 5: also
    next to one born earlier this phase)"""
    s = birth(board={"A1": 0, "B3": 1, "F2": 1}, genes={0: {"egg": 1}})
    assert sorted(strings(s)) == ["birth B4", "pass"]
    s.apply_action("birth B4")
    s.apply_action("pass")  # P2
    assert sorted(strings(s)) == sorted(["birth C4", "birth C5", "pass"])  # now next to B4 too
    s = birth(board={"A1": 0, "B3": 1, "F2": 1})
    with pytest.raises(evo_lab.IllegalActionError) as e:
        s.apply_action("birth B3")
    assert e.value.reason == "occupied"
    with pytest.raises(evo_lab.IllegalActionError) as e:
        s.apply_action("birth F1")
    assert e.value.reason == "too_far"


def test_thick_shell_range_three_on_the_land_graph():
    """Thick shell: "During the Birth phase, you can place your new dinosaurs up to 3 spaces away.\""""
    s = birth(board={"A1": 0, "F2": 1}, uniq={0: ["thick_shell"]})
    g = s.game
    dist = {sp(s, "A1"): 0}  # breadth-first search over the land graph, up to 3 steps
    frontier = [sp(s, "A1")]
    for d in (1, 2, 3):
        nxt = []
        for x in frontier:
            for t in g.adj[x]:
                if t not in dist:
                    dist[t] = d
                    nxt.append(t)
        frontier = nxt
    want = {t for t, d in dist.items() if 1 <= d <= 3 and s.occupants[t] < 0}
    got = {a.a for a in s.legal_actions() if a.kind == "birth"}
    assert got == want and sp(s, "D4") in got and sp(s, "E4") not in got
    assert all(g.board.distance(sp(s, "A1"), t) <= 3 for t in got)


def test_killer_babies_both_outcomes():
    """Killer babies: "You can add new dinosaurs to occupied spaces. Roll a die for each dinosaur so added.
    The opposing dinosaur is eliminated on a roll of claw, claw-with-equals or claw-with-plus. On a roll of
    cross or claw-with-two-plusses, your dinosaur dies.\""""
    board = {"A1": 0, "B3": 1, "B4": 1, "F2": 1}
    for face, enemy_dies in (
        ("claw", True),
        ("equals", True),
        ("plus", True),
        ("cross", False),
        ("two_plus", False),
    ):
        s = birth(board=board, uniq={0: ["killer_babies"]})
        assert "birth B3" in strings(s) and "birth B4" in strings(s)
        s.apply_action("birth B3")
        assert s.node_name() == "kbdie" and s.is_chance_node()
        s.apply_action(f"die {face}")
        if enemy_dies:
            assert s.occupant(sp(s, "B3")) == 0 and s.count == [2, 2]
        else:
            assert s.occupant(sp(s, "B3")) == 1 and s.count == [1, 3]


def test_killer_babies_against_chameleon_skin():
    """Killer babies: "The opposing dinosaur is eliminated on a roll of claw, claw-with-equals or claw-with-plus";
    Chameleon skin: "When you lose a fight, your dinosaur can move onto an adjacent space". A killer baby is a
    birth, not a fight (no attack, no movement point): the dinosaur it lands on is eliminated even with
    Chameleon skin, and no escape is offered (ruling R20)."""
    s = birth(board={"A1": 0, "B3": 1, "B4": 1, "F2": 1}, uniq={0: ["killer_babies"], 1: ["chameleon_skin"]})
    s.apply_action("birth B3")
    s.apply_action("die claw")
    assert s.node_name() != "chameleon" and s.occupant(sp(s, "B3")) == 0 and s.count == [2, 2]


def test_killer_babies_respect_protected_clans():
    """ "a clan that only has two dinosaurs may not be attacked" - nor hit by killer babies (ruling 5)."""
    s = birth(board={"A1": 0, "B3": 1, "F2": 1}, uniq={0: ["killer_babies"]})
    assert "birth B3" not in strings(s)
    with pytest.raises(evo_lab.IllegalActionError) as e:
        s.apply_action("birth B3")
    assert e.value.reason == "protected"


def test_eight_dinosaur_replacement():
    """ "A player who already has all 8 dinosaurs on the board is allowed to eliminate one of them in order
    to bring a new one on elsewhere.\""""
    eight = {lab: 0 for lab in ("A1", "B1", "B2", "B3", "B4", "C1", "C2", "C3")}
    s = birth(board=dict(eight, F2=1, F1=1))
    acts = [a for a in s.legal_actions() if a.kind == "birth"]
    assert acts and all(a.b >= 0 for a in acts)
    assert all(a.a != a.b for a in acts)
    with pytest.raises(evo_lab.IllegalActionError) as e:
        s.apply_action("birth C4")
    assert e.value.reason == "no_reserve"
    s.apply_action("birth D4 replacing A1")
    assert s.count[0] == 8 and s.occupant(sp(s, "A1")) == -1 and s.occupant(sp(s, "D4")) == 0


def test_swarm_of_rats():
    """Swarm of rats: "To be played during the Birth phase. There are no births at all during this
    phase.\""""
    s = birth(board={"C3": 0, "E5": 1}, hands={1: ["swarm_of_rats"]})
    assert s.node_name() == "birth_cards" and s.current_player() == 1
    assert strings(s) == ["play swarm_of_rats", "pass"]
    s.apply_action("play swarm_of_rats")
    assert s.count == [1, 1] and s.phase_name() != "birth" and s.hand(1) == []
    s = birth(board={"C3": 0, "E5": 1}, hands={1: ["swarm_of_rats"]})
    s.apply_action("pass")
    assert s.node_name() == "birth" and s.hand(1) == ["swarm_of_rats"]


def test_egg_thief():
    """Egg thief: "To be played during the Birth phase, just after an opponent has placed a new dinosaur.
    Replace a dinosaur that has just been born with one of your own taken from your reserve. That dinosaur
    must belong to an opponent who has at least 4 of them.\""""
    s = birth(board={"C3": 0, "C4": 0, "C5": 0, "E5": 1}, hands={1: ["egg_thief"]}, node="birth")
    s.apply_action("birth D4")
    assert s.node_name() == "newborn_cards" and s.current_player() == 1
    assert strings(s) == ["play egg_thief", "pass"]
    s.apply_action("play egg_thief")
    assert s.occupant(sp(s, "D4")) == 1 and s.count == [3, 2] and s.hand(1) == []
    # the victim would only have 3: no window
    s = birth(board={"C3": 0, "C4": 0, "E5": 1}, hands={1: ["egg_thief"]}, node="birth")
    s.apply_action("birth D4")
    assert s.node_name() != "newborn_cards" and s.occupant(sp(s, "D4")) == 0


def test_egg_thief_pass_keeps_the_card():
    """Event cards are played at their timing window as an optional decision (a pass is always legal)."""
    s = birth(board={"C3": 0, "C4": 0, "C5": 0, "E5": 1}, hands={1: ["egg_thief"]}, node="birth")
    s.apply_action("birth D4")
    s.apply_action("pass")
    assert s.occupant(sp(s, "D4")) == 0 and s.hand(1) == ["egg_thief"] and s.count == [4, 1]
