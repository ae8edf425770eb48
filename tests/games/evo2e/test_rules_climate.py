"""Climate phase: token reveal, wheel turn, the meteorite, the lazy climate pile, Prescience, sixth sense."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest
from helpers import build, strings

import evo_lab
from evo_lab.games.evo2e import rules


def at_token(players=2, section=1, **kw):
    """The start of the climate phase of round 1."""
    return build(players, section=section, phase="climate", **kw)


@pytest.mark.parametrize("token,shift", [("cw2", 2), ("cw1", 1), ("stay", 0), ("ccw1", -1)])
def test_token_turns_the_wheel(token, shift):
    """ "Token showing a clockwise arrow with 2: Move the climate wheel two sections clockwise. ...
    Token showing 0: The climate wheel remains unchanged. ... Token showing an anticlockwise arrow with 1:
    Move the climate wheel one section anticlockwise.\""""
    s = at_token(section=1)
    assert s.node_name() == "token" and s.round == 1 and s.phase_name() == "climate"
    before = list(s.tokens_left)
    s.apply_action(f"token {token}")
    k = s.game.token_ids.index(token)
    assert s.section == (1 + shift) % s.game.n_sections
    assert s.revealed == (k,)
    assert s.tokens_left[k] == before[k] - 1
    assert s.phase_name() == "mutation"


def test_wheel_wraps_around():
    """ "Move the climate wheel two sections clockwise" - the wheel is a circle of sections."""
    s = at_token(section=5)
    s.apply_action("token cw2")
    assert s.section == 1
    s = at_token(section=0)
    s.apply_action("token ccw1")
    assert s.section == 5


def test_section_sets_terrain_states():
    """ "The selected section determines the climate for the current round." (states from the data pack)"""
    s = at_token(section=1)
    s.apply_action("token stay")
    assert s.terrain_states() == dict(zip(s.game.data.terrains, s.game.data.section_states(1)))
    assert s.terrain_states() == {"desert": "hot", "plains": "ideal", "hills": "cold", "mountains": "deadly"}


def test_meteorite_ends_the_game_at_once():
    """ "If the meteorite token appears, the game stops immediately and the winner is determined.\""""
    s = at_token(board={"C3": 0, "C4": 0, "D4": 1}, mp=[7, 9], revealed=["cw1"] * 6 + ["cw2", "cw2", "stay"])
    assert s.tokens_left == [0, 0, 1, 2]
    outs = dict(s.chance_outcomes())
    assert outs[evo_lab.Action("token", s.game.meteorite)] == Fraction(1, 3)
    s.apply_action("token meteorite")
    assert s.is_terminal() and s.current_player() == evo_lab.TERMINAL
    assert s.returns() == [7, 9]  # no mutation, no scoring: the game stops at once
    assert s.round == 1 and s.ranking() == [2, 1] and s.winners() == [1]
    assert s.legal_actions() == []
    with pytest.raises(evo_lab.IllegalActionError) as e:
        s.apply_action("end")
    assert e.value.reason == "game_over"


@cache
def _engine_pile(remaining: tuple, pos: int, pile: int, bottom: int) -> dict:
    """Distribution of (game length in rounds, kind at each position) by the engine's token weights."""
    w, met = rules.climate_token_weights(list(remaining), pos, pile, bottom)
    total = sum(w) + met
    out: dict = {}
    if met:
        key = ("length", pos - 1)
        out[key] = out.get(key, 0) + Fraction(met, total)
    for k, x in enumerate(w):
        if not x:
            continue
        p = Fraction(x, total)
        out[(pos, k)] = out.get((pos, k), 0) + p
        rest = list(remaining)
        rest[k] -= 1
        for key, q in _engine_pile(tuple(rest), pos + 1, pile, bottom).items():
            out[key] = out.get(key, 0) + p * q
    return out


def test_lazy_pile_matches_the_physical_pile():
    """ "Make a face down pile of 3 climate tokens by shuffling the meteorite token and 2 other random
    tokens. Shuffle the remaining climate tokens and put them face down on top of this pile of 3." and
    "A game of EVO takes a certain number of rounds (between 9 and 11)": the meteorite is in each of the
    last three places with probability 1/3, and every other token is uniform over the 12 regular ones."""
    g = evo_lab.Game(players=3)
    assert g.pile_length == 12 and g.bottom == 3
    c = g.tokens0
    total = sum(c)
    dist = _engine_pile(tuple(c), 1, g.pile_length, g.bottom)
    assert {k: v for k, v in dist.items() if k[0] == "length"} == {
        ("length", 9): Fraction(1, 3),
        ("length", 10): Fraction(1, 3),
        ("length", 11): Fraction(1, 3),
    }
    for k, ck in enumerate(c):
        for pos in range(1, 10):  # the top 9 tokens: uniform over the 12 (the discarded one included)
            assert dist[(pos, k)] == Fraction(ck, total)
        assert dist[(10, k)] == Fraction(2, 3) * Fraction(ck, total)  # meteorite not in slot 1
        assert dist[(11, k)] == Fraction(1, 3) * Fraction(ck, total)  # meteorite in slot 3
    assert not any(k[0] == 12 for k in dist)


def test_state_uses_the_pile_weights_at_each_position():
    """The chance node of the 10th, 11th and 12th token: meteorite 1/3, 1/2, 1 ("the meteorite token
    somewhere in the bottom three")."""
    g = evo_lab.Game(players=2)
    for n_rev, p_met in ((0, 0), (8, 0), (9, Fraction(1, 3)), (10, Fraction(1, 2)), (11, 1)):
        s = at_token(pile=n_rev)  # that many tokens revealed
        left = s.tokens_left
        outs = dict(s.chance_outcomes())
        assert sum(outs.values()) == 1
        assert outs.get(evo_lab.Action("token", g.meteorite), 0) == p_met
        for kind, x in enumerate(left):
            if x and p_met != 1:
                assert outs[evo_lab.Action("token", kind)] == (1 - p_met) * Fraction(x, sum(left))


def test_prescience_replaces_the_token_effect():
    """Prescience: "The climate token does not take effect. Instead, move the climate wheel (one or two
    sections clockwise, or one section the other way) or leave it in place.\""""
    s = at_token(section=1, hands={1: ["prescience"]})
    s.apply_action("token cw2")
    assert s.node_name() == "climate_cards" and s.current_player() == 1
    assert sorted(strings(s)) == sorted(
        ["play prescience +2", "play prescience +1", "play prescience +0", "play prescience -1", "pass"]
    )
    s.apply_action("play prescience -1")
    assert s.section == 0 and s.hand(1) == [] and s.discard[s.game.card_ids.index("prescience")] == 1
    s = at_token(section=1, hands={1: ["prescience"]})
    s.apply_action("token cw2")
    s.apply_action("pass")
    assert s.section == 3 and s.hand(1) == ["prescience"]


def test_prescience_cannot_be_played_on_the_meteorite():
    """Prescience: "Cannot be played on the meteorite token.\""""
    s = at_token(hands={0: ["prescience"]}, revealed=["cw1"] * 6 + ["cw2", "cw2", "stay", "ccw1", "ccw1"])
    s.apply_action("token meteorite")
    assert s.is_terminal() and s.hand(0) == ["prescience"]


def test_sixth_sense_peeks_the_next_token():
    """Sixth sense: "You can look at the next climate token whenever you like." The peek is a chance
    node; the token revealed next round is the peeked one, seen only by its owner."""
    s = at_token(uniq={1: ["sixth_sense"]})
    s.apply_action("token stay")
    assert s.node_name() == "peek"
    s.apply_action("peek ccw1")
    assert s.next_token == s.game.token_ids.index("ccw1")
    assert s.observation(1)["climate"]["next_token"] == "ccw1"
    assert "next_token" not in s.observation(0)["climate"]
    s2 = at_token(section=2, uniq={1: ["sixth_sense"]}, next_token="ccw1")
    assert s2.revealed == (3,) and s2.section == 1  # revealed without a chance node


def test_prescience_choices_come_from_the_card_text():
    """Prescience: "move the climate wheel (one or two sections clockwise, or one section the other way) or
    leave it in place": the choices are the card's (``events.json`` ``shifts``), not the kinds of token in the
    pack. A pack whose tokens also turn the wheel three sections still offers the card's four moves."""
    raw = evo_lab.load_data().to_dict()
    climate = dict(raw["climate"])
    climate["tokens"] = dict(
        climate["tokens"],
        kinds=climate["tokens"]["kinds"] + [{"id": "cw3", "name": "clockwise 3", "shift": 3, "count": 1}],
    )
    pack = evo_lab.load_data(overrides={"climate": climate})
    s = at_token(data=pack, hands={1: ["prescience"]})
    s.apply_action("token cw3")
    assert sorted(a.b for a in s.legal_actions() if a.kind == "play") == [-1, 0, 1, 2]
    text = pack.card("prescience").text
    assert (
        "one or two sections clockwise, or one section the other way" in text and "leave it in place" in text
    )


def test_which_prescience_counts_when_two_are_played():
    """Two Prescience cards in one climate phase: the first one played counts and the window closes (ruling R9,
    option ``prescience_once_per_phase``); without that option every holder may play and the last one counts."""
    s = at_token(players=3, section=1, hands={1: ["prescience"], 2: ["prescience"]})
    s.apply_action("token stay")
    s.apply_action("play prescience +2")
    assert s.section == 3 and s.hand(2) == ["prescience"] and s.phase_name() == "mutation"
    s = at_token(
        players=3,
        section=1,
        hands={1: ["prescience"], 2: ["prescience"]},
        options={"prescience_once_per_phase": False},
    )
    s.apply_action("token stay")
    s.apply_action("play prescience +2")
    assert s.node_name() == "climate_cards" and s.current_player() == 2
    s.apply_action("play prescience -1")
    assert s.section == 0 and s.hand(2) == []
