"""Origin's scenario presets (issue 20): each built from the position format, at the node and player its note
says, with the action it shows legal there, a teacher's note citing the rulebook or the card by name, listed in the
Explorer's scenario menu and opened by the presentation page's ``scenario_names``."""

from __future__ import annotations

import re

import pytest

from evo_lab.games.origin.scenarios import (
    UnknownScenarioError,
    scenario,
    scenario_info,
    scenarios,
    shown_action,
)
from evo_lab.views.games import view_for
from evo_lab.views.widgets import Explorer
from evo_lab.views.widgets.present import scenario_names


def test_at_least_six_scenarios_each_teachable():
    ids = [sc.id for sc in scenarios()]
    assert len(ids) >= 6 and len(set(ids)) == len(ids)
    for sc in scenarios():
        s = sc.build()
        s.check_invariants()
        assert s.node_name() == sc.node, sc.id
        assert (None if s.current_player() < 0 else f"P{s.current_player() + 1}") == sc.to_act, sc.id
        if sc.shows is not None:
            assert shown_action(sc.id, s) in s.legal_actions(), sc.id
        assert "rulebook (RightGames)" in sc.rule or f"the {sc.title.split()[0]} card" in sc.rule, sc.id
        # a teacher reads the rulebook's name and the card's, never a file, a section sign or a ruling's number
        assert not re.search(r"seed 00|\.md\b|§|\b[RO]\d+\b", sc.rule + sc.note), sc.id
        if "the kit's reading" in sc.rule:
            assert sc.rulings, sc.id  # ... which developers find in ``rulings``
        assert len(sc.note) > 150 and sc.title, sc.id


def test_scenarios_are_fresh_and_loadable_as_positions():
    a, b = scenario("running"), scenario("running")
    assert a is not b and a.to_dict() == b.to_dict()
    for sc in scenarios():
        s = sc.build()
        t = type(s).from_dict(s.to_dict())
        assert t.to_dict() == s.to_dict(), sc.id


def test_the_menu_and_the_present_page_find_them():
    view = view_for("origin")
    assert [i for _t, i in view.scenarios()] == [sc.id for sc in scenarios()]
    note = view.scenario_note("running")
    assert "Running" in note and "Origin of Species rulebook" in note
    assert set(scenario_names("origin")) >= {sc.id for sc in scenarios()}
    ex = Explorer("origin", scenario="tail_loss")
    assert ex.state.node_name() == "defend" and ex.state.to_dict() == scenario("tail_loss").to_dict()
    ex.files.game.value = "origin"
    assert [v for _t, v in ex.files.scenario.options] == [sc.id for sc in scenarios()]
    ex.files.scenario.value = "paired_traits"
    assert "Communication" in ex.files.scenario_note.value


def test_unknown_scenario_is_a_typed_error():
    with pytest.raises(UnknownScenarioError, match="running, tail_loss"):
        scenario_info("nope")
    with pytest.raises(KeyError):
        view_for("origin").scenario("nope")


def test_the_shown_actions_do_what_the_notes_say():
    s = scenario("paired_traits")
    s.apply_action(shown_action("paired_traits", s))
    fed = {a.id: a.red + a.blue for a in s.animals(0)}
    assert fed == {s.names["A"]: 1, s.names["B"]: 1, s.names["C"]: 1}  # one action, three animals fed
    t = scenario("tail_loss")
    t.apply_action(shown_action("tail_loss", t))
    prey = next(a for a in t.animals(1) if a.id == t.names["T"])
    assert prey.need == 1  # the Parasite is gone
    last = scenario("last_turn")
    assert last.is_last_turn() and not [a for a in last.legal_actions() if a[0] == "hibernate"]


def test_the_poisonous_note_names_exactly_the_animals_the_carnivore_may_attack():
    """The note of the poisonous-meal scenario says which of P2's animals the carnivore may attack and which one is
    camouflaged; both claims must match the attacks the engine offers (review: it once said only animal 1)."""
    sc = next(sc for sc in scenarios() if sc.id == "poisonous")
    s = sc.build()
    said = [s.describe_action(a) for a in s.legal_actions() if type(a).__name__ == "Attack"]
    legal = {int(m) for d in said for m in re.findall(r"attacks P2's animal (\d+)", d)}
    claim = sc.note.split("It may attack ", 1)[1].split(";", 1)[0]
    assert {int(n) for n in re.findall(r"P2's animal (\d+)", claim)} == legal == {1, 3}
    # the animal the note calls camouflaged is the one no attack reaches
    hidden = {int(n) for n in re.findall(r"animal (\d+) is camouflaged", sc.note)}
    assert hidden and not hidden & legal
