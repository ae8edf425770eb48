"""Hidden information: one observer decides what each player sees, and the card windows do not tell anyone who
holds a card. Rulebook, "Event cards": "These cards are kept secret until they are used"."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import reach

import evo_lab
from evo_lab.core.observer import Secret
from evo_lab.games.evo2e.actions import PASS, PLAY

# (card, builder arguments to the start of its window's phase, the two players who swap it, the observer)
WINDOWS = [
    ("prescience", dict(phase="climate"), (0, 1), 2),
    ("swarm_of_rats", dict(phase="birth"), (0, 1), 2),
    ("geysers", dict(phase="survival", section=1), (1, 2), 0),
    (
        "egg_thief",
        dict(
            phase="birth",
            node="birth",
            to_act="P1",
            dinosaurs={"P1": ["A1", "A2", "A3", "B1"], "P2": ["F1", "F2"], "P3": ["E4", "E5"]},
        ),
        (1, 2),
        0,
    ),
]
OTHER = {"prescience": "geysers", "swarm_of_rats": "geysers", "geysers": "prescience", "egg_thief": "geysers"}


def _trace(s, viewer: int, steps: int = 40) -> list:
    """What ``viewer`` sees while everyone keeps their cards: at each node the node, the player to act, the
    viewer's observation and information state (births and moves take the first action, cards are passed)."""
    out = []
    phase = s.phase_name()
    rng = np.random.default_rng(0)
    for _ in range(steps):
        if s.is_terminal() or s.phase_name() != phase:
            break
        out.append(
            (
                s.node_name(),
                s.current_player(),
                s.observation_string(viewer),
                s.information_state_string(viewer),
            )
        )
        if s.is_chance_node():
            s.apply_action(evo_lab.sample_chance(s, rng))
            continue
        acts = s.legal_actions()
        s.apply_action(next((a for a in acts if a.kind == PASS), acts[0]))
    return out


@pytest.mark.parametrize("card,kw,holders,viewer", WINDOWS, ids=[w[0] for w in WINDOWS])
def test_nobody_learns_who_holds_a_card(card, kw, holders, viewer):
    """Two positions that differ only in which of two players holds the card (each holds one card, so the hand
    sizes are the same): the third player observes the same things, has the same information state and sees
    the same sequence of decision nodes (a player without a playable card answers the window with ``pass``)."""
    a, b = holders
    traces = []
    for x, y in ((a, b), (b, a)):
        hands = {f"P{x + 1}": [card], f"P{y + 1}": [OTHER[card]]}
        s = evo_lab.build_position(
            3, hands=hands, revealed=["cw1"] if kw["phase"] == "climate" else None, **kw
        )
        if card == "egg_thief":
            s.apply_action("birth C1")  # P1's fifth dinosaur: the window after a birth opens
        traces.append(_trace(s, viewer))
    assert len(traces[0]) >= 2
    assert [t[:2] for t in traces[0]] == [t[:2] for t in traces[1]]  # the same decision nodes
    assert traces[0] == traces[1]  # and nothing else differs either
    asked = {t[1] for t in traces[0] if t[0].endswith("_cards")}
    assert {a, b} <= asked  # both were asked, holder or not


def test_with_holders_only_windows_the_sequence_gives_the_holder_away():
    """Option ``card_windows="holders"`` (evo-lab 0.1): only holders are asked, so the others see who holds it."""
    seqs = []
    for holder, other in ((0, 1), (1, 0)):
        s = evo_lab.build_position(
            3,
            phase="climate",
            options={"card_windows": "holders"},
            hands={f"P{holder + 1}": ["prescience"], f"P{other + 1}": ["geysers"]},
        )
        seqs.append([t[:2] for t in _trace(s, 2)])
    assert seqs[0] != seqs[1]


def test_a_player_without_a_playable_card_only_passes():
    s = evo_lab.build_position(
        3,
        phase="climate",
        node="climate_cards",
        revealed=["cw1"],
        to_act="P1",
        hands={"P1": ["geysers"], "P2": ["prescience"]},
    )
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["pass"]
    s.apply_action("pass")
    assert s.current_player() == 1 and sum(a.kind == PLAY for a in s.legal_actions()) == 4
    t = evo_lab.build_position(
        3, phase="climate", node="climate_cards", revealed=["cw1"], hands={"P2": ["prescience"]}
    )
    assert (
        t.node_name() == "climate_cards" and t.current_player() == 1
    )  # P1 holds nothing (public): not asked


def test_one_rule_decides_every_view():
    """The observer's ``sees`` is the only visibility rule: observations, masked history, information-state
    strings, tensors and determinization all follow it."""
    s = evo_lab.build_position(
        3,
        phase="movement",
        hands={"P1": ["geysers"], "P2": ["prescience"]},
        unique={"P3": ["sixth_sense"]},
        next_token="cw2",
        options={"open_mp": False},
    )
    ob = s.game.observer
    for viewer in (0, 1, 2):
        obs = s.observation(viewer)
        for q in range(3):
            assert ("hand" in obs["players"][q]) == ob.sees(s, viewer, Secret("hand", q))
            assert ("mp" in obs["players"][q]) == ob.sees(s, viewer, Secret("mp", q))
        assert ("next_token" in obs["climate"]) == ob.sees(s, viewer, Secret("next_token")) == (viewer == 2)
        assert (ob.tensor(s, viewer) == ob.encode(obs)).all()
        d = s.determinize(viewer, np.random.default_rng(viewer))
        assert d.observation(viewer) == obs
        assert d.hands[viewer] == s.hands[viewer]
    card = evo_lab.build_position(
        2, phase="mutation", node="card", lots=["event", "horn"], bids={0: ("P2", 0), 1: ("P1", 0)}
    )
    a = card.legal_actions()[0]
    assert card.masked_action_string(a, 0) == "card P2 ?" and card.masked_action_string(
        a, 1
    ) == card.action_to_string(a)


def test_masked_action_strings_hide_other_players_draws():
    s = reach(3, {"card"})
    card = s.legal_actions()[0]
    other = (s.actor + 1) % s.players
    assert s.masked_action_string(card, other) == f"card P{s.actor + 1} ?"
    assert s.masked_action_string(card, s.actor) == s.action_to_string(card)
    assert s.masked_action_string(card, None) == s.action_to_string(card)


def test_determinize_at_a_window_redraws_the_actors_hand():
    """At a card window the node says nothing about the actor's hand (R18), so another player's
    determinization redraws it like any hand; every action of the redrawn position is playable. With
    ``card_windows="holders"`` the node shows a playable card, which is kept."""
    for windows in ("all", "holders"):
        s = reach(
            3, {"climate_cards", "birth_cards", "survival_cards", "newborn_cards"}, card_windows=windows
        )
        other = (s.actor + 1) % s.players
        kinds = set()
        for seed in range(30):
            d = s.determinize(other, np.random.default_rng(seed))
            assert d.current_player() == s.actor and d.observation(other) == s.observation(other)
            for a in d.legal_actions():
                d.clone().apply_action(a)
            kinds.add(any(a.kind == PLAY for a in d.legal_actions()))
        assert kinds == ({True} if windows == "holders" else {True, False})
