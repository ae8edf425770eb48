"""``evo_lab.core.chance``: exact enumeration over chance nodes for any game (issue 20; the analysis board of issue
22 uses the same). Probabilities sum to exactly 1, agree with seeded sampling, the budget raises a typed error,
expectimax picks the best action, and the walked state is never changed. Checked on a small game written here
(values by hand) and on two real games (Origin's dice and Running die, Evo 2e's combat die)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from evo_lab.core.chance import (
    ChanceBudgetError,
    action_values,
    expected_value,
    expectimax,
    leaves,
    outcome_distribution,
    outcome_tree,
    sample_distribution,
)
from evo_lab.core.errors import EvoLabError
from evo_lab.games.origin import build_position
from evo_lab.theory.food_race import race_policy


class Coins:
    """A small game: player 0 chooses ``"one"`` (flip one coin) or ``"two"`` (flip two); the score is the number of
    heads, minus 1 for choosing two. Exact values: one 1/2, two 2 * 1/2 - 1 = 0."""

    def __init__(self) -> None:
        self.choice: str | None = None
        self.flips: list[int] = []

    def clone(self) -> Coins:
        c = Coins()
        c.choice, c.flips = self.choice, list(self.flips)
        return c

    def _need(self) -> int:
        return {"one": 1, "two": 2}.get(self.choice or "", 0)

    def is_terminal(self) -> bool:
        return self.choice is not None and len(self.flips) == self._need()

    def is_chance_node(self) -> bool:
        return self.choice is not None and not self.is_terminal()

    def current_player(self) -> int:
        return -1 if self.is_chance_node() else 0

    def legal_actions(self) -> list:
        return [0, 1] if self.is_chance_node() else ["one", "two"]

    def chance_outcomes(self) -> list:
        return [(0, Fraction(1, 2)), (1, Fraction(1, 2))]

    def apply_action(self, a) -> None:
        if self.choice is None:
            self.choice = a
        else:
            self.flips.append(a)

    def score(self) -> Fraction:
        return Fraction(sum(self.flips) - (self.choice == "two"))


def test_exact_values_on_a_small_game():
    s = Coins()
    s.apply_action("two")
    d = outcome_distribution(s, key=lambda t: sum(t.flips))
    assert d == {0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}
    assert [leaf.probability for leaf in leaves(s)] == [Fraction(1, 4)] * 4
    assert expected_value(s, lambda t: t.score()) == 0
    root = Coins()
    assert action_values(root, lambda t: t.score()) == {"one": (Fraction(1, 2),), "two": (Fraction(0),)}
    best = expectimax(root, lambda t: t.score())
    assert best.action == "one" and best.values == (Fraction(1, 2),) and best.nodes == 1 + 3 + 7
    # no policy and no chooser: the decision node is a leaf
    assert outcome_distribution(root, key=lambda t: t.choice) == {None: 1}


def test_the_walk_never_changes_the_state_and_stops_where_asked():
    s = build_position(players=2, phase="food", animals=["$A, $B", "$C"], deck=10)
    before = s.to_json()
    d = outcome_distribution(s, key=lambda t: t.bank)  # stops at the first decision
    assert sorted(d) == list(range(3, 9)) and set(d.values()) == {Fraction(1, 6)}
    assert s.to_json() == before
    tree = outcome_tree(s)
    assert tree.kind == "chance" and len(tree.children) == 6 and tree.size() == 7
    assert sum(x.reach for x in tree.leaves()) == 1


def test_probabilities_sum_to_one_and_agree_with_sampling():
    """A whole feeding phase: the bank is rolled, the carnivore attacks another player's animal whenever it may
    (the first it is offered: Running's die), everything else follows the course's race policy; extinction
    follows."""
    s = build_position(players=3, phase="food", animals=["$A carn, $B", "$C run, $D", "$E tail"], deck=12)
    mine = {s.names["A"], s.names["B"]}

    def hunter(t):
        attacks = [a for a in t.legal_actions() if a[0] == "attack" and a[2] not in mine]
        return attacks[0] if attacks else race_policy(t)

    def key(t):
        return tuple(sorted(a.id for q in range(3) for a in t.animals(q)))

    until = lambda t: t.phase_name() != "feeding" and t.node_name() != "food"
    exact = outcome_distribution(s, key, until=until, policy=hunter)
    assert sum(exact.values()) == 1 and len(exact) > 3
    tree = outcome_tree(s, until=until, policy=hunter)
    assert any(c.state.node_name() == "run" for c in tree.leaves()) is False and tree.size() > 20
    sampled = sample_distribution(
        s, key, rng=np.random.default_rng(7), samples=1500, until=until, policy=hunter
    )
    for k, p in exact.items():
        se = (float(p) * (1 - float(p)) / 1500) ** 0.5
        assert abs(float(sampled.get(k, 0)) - float(p)) <= 4 * se + 1e-9, (k, p, sampled.get(k))
    assert set(sampled) <= set(exact)


def test_another_game_evo2e_combat_die():
    from evo_lab.games.evo2e.scenarios import scenario

    s = scenario("attack")
    s.apply_action("attack D5xD4")
    d = outcome_distribution(s, key=lambda t: len(t.dinosaurs(0)), until=lambda t: not t.is_chance_node())
    assert d == {3: Fraction(1, 3), 2: Fraction(2, 3)}  # the scenario note: 2/3 to win at +1


def test_the_budget_raises_a_typed_error():
    s = build_position(players=2, phase="food", animals=["$A", "$B"])
    with pytest.raises(ChanceBudgetError) as e:
        leaves(s, max_nodes=4)
    assert isinstance(e.value, EvoLabError) and e.value.limit == 4 and e.value.reason == "chance_budget"
    assert len(leaves(s, max_nodes=7)) == 6  # the root and its six outcomes
    with pytest.raises(ValueError):
        leaves(s, max_nodes=0)


def test_expectimax_chooses_for_the_named_players_only():
    s = build_position(players=2, bank=3, animals=["$C carn", "$T tail run"])
    s.apply_action(("attack", s.names["C"], s.names["T"]))
    until = lambda t: t.node_name() == "feed"
    best = expectimax(s, lambda t: t.current_scores(), players=[1], until=until)
    assert s.action_to_string(best.action) == f"run A{s.names['T']}" and best.values[1] == Fraction(7, 2)
    # the same tree drawn: P2's choice, then the die under "run", then P2's choice again after a failed roll
    tree = outcome_tree(s, until=until, branch=lambda t: t.node_name() == "defend")
    assert tree.kind == "choice" and tree.player == 1 and len(tree.children) == 3
    run = tree.children[0]
    assert run.kind == "chance" and [c.probability for c in run.children] == [Fraction(1, 6)] * 6
    # following P2's first legal action instead (a policy): run, then the first tail
    first = expected_value(
        s, lambda t: t.current_scores()[1], until=until, policy=lambda t: t.legal_actions()[0]
    )
    assert first == Fraction(7, 2)
