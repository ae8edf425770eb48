"""Typed actions (issue 17): every action Origin of Species hands out (legal decisions at every node, chance
outcomes, parsed strings, decoded codes) is an instance of its class in ``actions.ACTION_TYPES``, equal to the plain
tuple of the same shape; plain tuples and lists are still accepted and are recorded as the typed action."""

from __future__ import annotations

import collections
import json

import numpy as np
import pytest
from origin_helpers import act, pos

import evo_lab
from evo_lab.games.origin.actions import (
    ACTION_CLASSES,
    ACTION_TYPES,
    Attack,
    Eat,
    PlayTrait,
    as_action,
)
from evo_lab.games.origin.codec import ActionCodec

NODE_KINDS = {
    "first": {"first"},
    "deal": {"deal"},
    "develop": {"animal", "trait", "pass"},
    "food": {"food"},
    "feed": {"eat", "attack", "fat", "pirate", "graze", "hibernate", "end", "pass"},
    "defend": {"run", "tail", "mimic", "accept"},
    "share": {"share"},
    "run": {"roll"},
    "rolloff": {"rolloff"},
}


def _check(s, a) -> tuple[str, int]:
    key = (a[0], len(a))
    assert type(a) is ACTION_TYPES[key], (s.node_name(), a)  # its class, not a plain tuple
    assert a[0] in NODE_KINDS[s.node_name()], (s.node_name(), a)
    assert a == tuple(a) and a.kind == a[0]
    return key


def test_every_listed_action_of_seeded_random_games_is_typed():
    seen: collections.Counter[tuple[str, int]] = collections.Counter()
    nodes: set[str] = set()
    for seed in range(12):
        players = 2 + seed % 4
        g = evo_lab.make_game("origin", players=players, seed=seed)
        rng = np.random.default_rng(seed)
        s = g.new_initial_state()
        while not s.is_terminal():
            nodes.add(s.node_name())
            acts = s.legal_actions()
            assert acts
            for a in acts:
                seen[_check(s, a)] += 1
            if s.is_chance_node():
                outs, _ = s.chance_weights()
                assert all(type(o) in ACTION_CLASSES for o in outs)
            s.apply_action(acts[int(rng.random() * len(acts))])
        assert all(type(a) in ACTION_CLASSES for a in s.history())
    assert {"first", "deal", "develop", "food", "feed"} <= nodes  # every phase of a game
    # the shapes of the common play (the rare defences and triggers are checked at their positions below)
    assert {("animal", 2), ("trait", 4), ("trait", 5), ("pass", 1), ("eat", 2), ("attack", 3)} <= set(seen)
    assert {("deal", 3), ("first", 2), ("food", 2)} <= set(seen)


@pytest.mark.parametrize(
    "animals, bank, move, node",
    [
        # Running and Tail Loss offered to the defender, then the die
        (["$A carn, $W graze", "$B run tail"], 3, "attack $A $B", "defend"),
        # Mimicry (or be eaten)
        (["$A carn, $W graze", "$B mimic, $C, $D camo"], 3, "attack $A $B", "defend"),
        # the Running die alone
        (["$A carn, $B carn, $W graze", "$R run"], 3, "attack $A $R", "run"),
        # two Cooperation triggers at once: the owner orders them
        (["$A carn coop$B, $B carn coop$C coop$D, $C carn, $D carn, $W graze", "$X"], 2, "eat $A", "share"),
        # Fat Tissue, Piracy, Grazing, Hibernation in a feeding turn
        (["$A pirate fat+ hib, $W graze", "$X + carn"], 3, None, "feed"),
    ],
)
def test_defences_triggers_dice_and_trait_actions_are_typed(animals, bank, move, node):
    s = pos(*animals, bank=bank)
    if move is not None:
        act(s, move)
    assert s.node_name() == node
    kinds = {a[0] for a in s.legal_actions() if _check(s, a)}
    assert kinds >= {"fat", "pirate", "graze", "hibernate"} if node == "feed" else len(kinds) >= 1
    while not s.is_terminal() and s.node_name() in ("defend", "share", "run"):
        a = s.legal_actions()[0]
        _check(s, a)
        s.apply_action(a)


def test_plain_tuples_and_lists_are_accepted_and_recorded_typed():
    s = pos("$A carn, $B", "$C", bank=3)
    aid, cid = s.names["A"], s.names["C"]
    assert ("attack", aid, cid) in s.legal_actions()
    s.apply_action(("attack", aid, cid))  # a plain tuple
    last = s.history()[-1]
    assert type(last) is Attack and last == ("attack", aid, cid) and last.target == cid
    t = pos("$A, $B", "$C", bank=3)
    t.apply_action(["eat", t.names["A"]])  # a list (as JSON gives it)
    assert type(t.history()[-1]) is Eat
    assert json.loads(json.dumps(t.history()[-1])) == ["eat", t.names["A"]]  # JSON: the same list


def test_parse_codec_and_as_action_give_typed_actions():
    g = evo_lab.make_game("origin", players=2, seed=5)
    s = g.new_initial_state_dealt(np.random.default_rng(5))
    codec = ActionCodec(g)
    for a in s.legal_actions():
        assert type(s.parse_action(s.action_to_string(a))) is type(a)
        assert type(codec.decode(codec.encode(a))) is type(a) and codec.decode(codec.encode(a)) == a
    assert as_action(("trait", 1, 0, 3)) == PlayTrait("trait", 1, 0, 3)
    assert as_action(("trait", 1)) is None and as_action("eat A1") is None and as_action(()) is None


def test_the_same_play_is_one_object_per_game():
    g = evo_lab.make_game("origin", players=2, seed=2)
    s = g.new_initial_state_dealt(np.random.default_rng(2))
    first = s.legal_actions()
    again = s.clone().legal_actions()
    assert all(a is b for a, b in zip(first, again))  # built once a game, found again by their integers
