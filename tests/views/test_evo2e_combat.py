"""Evo 2e's Combat tab after an attack (issue 20): the attack just played is shown by default (attacker, defender,
spaces, horns counted, its exact chance, the face rolled and what happened), the what-if controls stay, and their
words say what they are (no "(sliders)")."""

from __future__ import annotations

import html
import re
from fractions import Fraction

import evo_lab
from evo_lab.views.games.evo2e.combat import BY_HAND
from evo_lab.views.games.evo2e.last_fight import last_fight


def _text(markup: str) -> str:
    text = html.unescape(re.sub(r"<[^>]+>", " ", markup))
    return re.sub(r"\s+([.,:;)])", r"\1", re.sub(r"\s+", " ", text))


def _attacked() -> tuple:
    ex = evo_lab.Explorer(scenario="attack")
    st = ex.session.state
    a = next(x for x in st.legal_actions() if x.kind == "attack")
    p, q = st.occupant(a.a), st.occupant(a.b)
    ex.session.play(a)  # Evo rolls its own dice: the die follows at once
    return ex, a, p, q


def test_the_attack_just_played_is_shown():
    ex, a, p, q = _attacked()
    L = ex.session.game.labels
    f = last_fight(ex.session.tree)
    assert f is not None and (f.src, f.dst, f.attacker, f.defender) == (a.a, a.b, p, q)
    assert f.probability == f.before.attack_probability(a.a, a.b)  # the engine's exact chance
    fight = ex.session.state.events(last=True)[-1]
    assert fight.kind == "fight" and (fight.face, fight.result) == (f.face, f.result)
    text = _text(ex.combat.last.value)
    assert f"P{p + 1}'s dinosaur on {L[a.a]}" in text and f"P{q + 1}'s dinosaur on {L[a.b]}" in text
    name = ex.session.game.data.die_symbols[f.face].name
    assert f"The combat die showed {name}" in text and "(rolled)" in text
    assert ("The attack succeeded" if f.result == "win" else "The attack failed") in text
    assert f"{f.probability.numerator}/{f.probability.denominator}, " in text  # "2/3, 66.7%": no nesting
    assert ex.combat.last.value.count("rolled") == 2  # one face outlined (its class and its words)
    # the what-if shows the same fight (the attacker where it stands now; horns as they were)
    c = ex.combat
    assert c.odds()["probability"] == f.probability
    assert c.attacker.value in (a.a, a.b) and ex.session.state.occupant(c.attacker.value) == p


def test_what_if_controls_say_what_they_are():
    ex, _a, _p, _q = _attacked()
    c = ex.combat
    labels = [lab for lab, _v in c.attacker.options]
    assert labels[0] == BY_HAND and not any("sliders" in x for x in labels)
    assert all(re.fullmatch(r"P\d's dinosaur on [A-Z]\d+", x) for x in labels[1:])
    assert "What if" in c.whatif.value
    # another choice still works, and the attack shown stays the one played
    c.attacker.value = c.defender.value = -1
    c.large_horn.value = c.frenzied.value = c.bony.value = False
    c.att.value, c.dfn.value = 1, 0
    assert c.odds()["probability"] == Fraction(2, 3)  # 1 horn against none: the claws and the equals sign
    assert "against a defender with 0 horns" in _text(c.result.value)
    assert "The attack just played" in c.last.value


def test_no_attack_no_block_and_a_new_round_clears_it():
    ex = evo_lab.Explorer(scenario="attack")
    assert ex.combat.last.value == ""
    ex, _a, _p, _q = _attacked()
    r = ex.session.state.round
    for _ in range(400):
        if ex.session.state.is_terminal() or ex.session.state.round != r:
            break
        ex.session.step("random")
    if ex.session.state.round != r and last_fight(ex.session.tree) is None:
        assert ex.combat.last.value == ""


def test_the_horn_sliders_say_they_count_without_the_bonuses():
    """The slider reads 2 while the sentence says "4 horns" when the large horn is ticked: the slider's label
    says it counts the horns before the bonuses (a note under the sliders), and the sentence adds them."""
    ex, _a, _p, _q = _attacked()
    c = ex.combat
    assert "before the bonuses below" in c.horns_note.value
    assert c.att.description == "Attack horns" and c.dfn.description == "Defence horns"
    c.attacker.value = c.defender.value = -1
    c.frenzied.value = c.bony.value = False
    c.large_horn.value = True
    c.att.value, c.dfn.value = 2, 0
    assert "with 4 horns" in _text(c.result.value)  # 2 on the slider + 2 for the large horn


def test_the_explorer_shows_the_assumed_data_badge_once():
    """The explorer's top bar says "assumed data (N)"; its board does not say it again (a board on its own
    still does)."""
    from evo_lab.views.games.evo2e.board_widget import BoardWidget

    ex, _a, _p, _q = _attacked()
    assert ex.board.show_assumed is False
    assert BoardWidget(players=2, seed=1).show_assumed is True
