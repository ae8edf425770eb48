"""A few hundred seeded random games through the fuzzer (``scripts/fuzz_origin.py`` runs 10,000): every invariant
at every node, exact chance, text and codec round trips, JSON round trips, record replay; every fifth game with
non-default rule options. Also: the checker is not vacuous, and every node and decision kind is reached."""

from __future__ import annotations

from collections import Counter

import pytest

from evo_lab.games.origin import build_position
from evo_lab.games.origin.fuzz import fuzz_game
from evo_lab.games.origin.invariants import InvariantError

BATCH, BATCHES = 25, 12


@pytest.mark.slow
@pytest.mark.parametrize("batch", range(BATCHES))
def test_random_games(batch):
    for seed in range(batch * BATCH, (batch + 1) * BATCH):
        r = fuzz_game(2 + seed % 3, seed, json_every=11, codec_every=17, text_every=5)
        assert r["ok"], (seed, r["error"], r.get("trace"))


def test_more_players_with_two_sets():
    for seed, players in ((1, 5), (2, 6), (3, 7), (4, 8)):
        r = fuzz_game(players, 50_000 + seed, json_every=13, codec_every=0, text_every=9)
        assert r["ok"], (players, r["error"], r.get("trace"))


def test_every_node_and_decision_is_reached():
    nodes, kinds = Counter(), Counter()
    for seed in range(120):
        r = fuzz_game(2 + seed % 3, seed, json_every=0, codec_every=0, text_every=0, replay=False)
        nodes.update(r["nodes"])
        kinds.update(r["kinds"])
    assert set(nodes) == {
        "first",
        "deal",
        "develop",
        "food",
        "feed",
        "defend",
        "share",
        "run",
        "rolloff",
        "end",
    }
    assert set(kinds) == {
        "animal",
        "trait",
        "pass",
        "end",
        "eat",
        "attack",
        "fat",
        "pirate",
        "graze",
        "hibernate",
        "run",
        "accept",
        "tail",
        "mimic",
        "share",
    }


def test_the_checker_catches_broken_states():
    s = build_position(players=2, animals=["$A carn fat+, $B coop$A", "$C"], bank=3)
    s.check_invariants()
    breakers = (
        lambda t: t.deck.__setitem__(0, t.deck[0] + 1),
        lambda t: setattr(t.animal_by_id[1], "red", 9),
        lambda t: setattr(t.animal_by_id[1], "fat_full", 3),
        lambda t: t.hands[0].__setitem__(2, -1),
        lambda t: setattr(t, "bank", -1),
        lambda t: setattr(t.animal_by_id[2], "protectors", 1),
        lambda t: t.links[0].__setattr__("b", 3),
        lambda t: setattr(t, "node", "deal"),
    )
    for brk in breakers:
        t = s.clone()
        brk(t)
        with pytest.raises(InvariantError):
            t.check_invariants()
