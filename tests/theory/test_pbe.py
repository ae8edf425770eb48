"""Perfect Bayesian equilibria of two-type signalling games (exact), the intuitive criterion, and the engine's
face-down-card games of lesson 18."""

from __future__ import annotations

import itertools
from fractions import Fraction as F

import pytest

from evo_lab.theory.facedown import FaceDown, facedown_game, facedown_position, facedown_round, hand_prior
from evo_lab.theory.pbe import PBEError, SignallingGame, beer_quiche


def test_beer_quiche_has_two_pooling_equilibria_and_the_criterion_removes_quiche():
    g = beer_quiche()
    eqs = g.pure_equilibria()
    assert [(e.kind, e.sender["strong"]) for e in eqs] == [("pooling", "beer"), ("pooling", "quiche")]
    beer, quiche = eqs
    # off the path the receiver must duel, which needs a belief of at most 1/2 in the strong type
    assert beer.receiver["quiche"] == "duel" and beer.beliefs["quiche"] == (0, F(1, 2))
    assert quiche.beliefs["beer"] == (0, F(1, 2))
    assert [r.fails for r in g.intuitive_criterion(beer)] == [False]
    (r,) = g.intuitive_criterion(quiche)
    assert r.fails and r.dominated == ("weak",)


def test_with_a_weak_prior_only_hybrid_play_remains():
    g = beer_quiche(F(1, 5))
    assert g.pure_equilibria() == []
    (h,) = g.hybrid_equilibria()
    # the weak type mixes so that the receiver, after beer, believes strong with probability 1/2
    assert h.mixer == "weak" and h.mu == F(1, 2) and h.q == F(1, 4)


def test_every_reported_equilibrium_satisfies_the_definition():
    g = facedown_game(FaceDown(), F(1, 2))
    for e in g.pure_equilibria():
        for t in g.types:
            best = max(g.sender[(t, m, e.receiver[m])] for m in g.messages)
            assert g.sender[(t, e.sender[t], e.receiver[e.sender[t]])] == best
        for m, b in e.beliefs.items():
            mus = [b] if not isinstance(b, tuple) else [b[0], b[1]]
            assert all(e.receiver[m] in g.best_replies(m, mu) for mu in mus)
    # brute force: no pure profile the solver left out is an equilibrium for some on-path Bayes belief
    found = {(tuple(e.sender.values()), tuple(e.receiver.values())) for e in g.pure_equilibria()}
    for msgs in itertools.product(g.messages, repeat=2):
        for acts in itertools.product(g.actions, repeat=2):
            if (msgs, acts) not in found:
                assert g._support(dict(zip(g.types, msgs)), dict(zip(g.messages, acts))) is None or any(
                    g.sender[(t, m, acts[g.messages.index(m)])]
                    > g.sender[(t, mm, acts[g.messages.index(mm)])]
                    for t, mm in zip(g.types, msgs)
                    for m in g.messages
                )


def test_facedown_games_from_the_engine():
    s = facedown_position(FaceDown(), "strong")
    s.apply_action(next(a for a in s.legal_actions() if s.action_to_string(a).startswith("trait")))
    s.apply_action(("pass",))
    assert s.observation(1)["players"][0]["species"][0]["traits"] == [None]  # P2 cannot see the card
    assert facedown_round(FaceDown(), "strong", "face down", "hunt").scores[1] == 1  # the Carnivore starves
    cheap = facedown_game(FaceDown(), F(1, 2))
    assert [e.kind for e in cheap.pure_equilibria()] == ["pooling"]
    assert cheap.belief_interval("face down", "graze") == (F(1, 4), 1)
    low = facedown_game(FaceDown(), hand_prior("climbing", 4))
    (h,) = low.hybrid_equilibria()
    assert h.r == F(2, 3) and h.mu == F(1, 4)
    costly = facedown_game(
        FaceDown(prey_pop=3, receiver_pop=1, watering_hole=2, strong="burrowing", weak="carnivore"), F(7, 24)
    )
    kinds = {e.kind: e for e in costly.pure_equilibria()}
    assert set(kinds) == {"separating", "pooling"}
    assert [r.fails for r in costly.intuitive_criterion(kinds["pooling"])] == [True]


def test_hand_prior_is_hypergeometric():
    assert hand_prior("climbing", 1) == F(7, 129)
    assert hand_prior("climbing", 4) == 1 - F(122 * 121 * 120 * 119, 129 * 128 * 127 * 126)


def test_malformed_games_are_refused():
    with pytest.raises(PBEError):
        SignallingGame.from_table(("a", "b"), 1, ("m",), ("x",), {})
    with pytest.raises(PBEError):
        SignallingGame.from_table(("a", "b"), F(1, 2), ("m",), ("x",), {("a", "m", "x"): (1, 1)})
