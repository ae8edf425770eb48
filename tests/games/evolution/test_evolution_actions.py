"""Evolution's actions are typed (issue 17, item 1): every action the game lists at a decision or a chance node,
records, parses or decodes is an instance of the class of :data:`~evo_lab.games.evolution.actions.ACTION_TYPES`
for its kind and length, and equal to the plain tuple of the same fields."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest

import evo_lab
from evo_lab.core.errors import IllegalActionError
from evo_lab.games.evolution.actions import ACTION_TYPES, as_action
from evo_lab.games.evolution.codec import ActionCodec

GAMES = [
    ("evolution", 2, 11),
    ("evolution", 4, 12),
    ("evolution", 6, 13),
    ("evolution-climate", 3, 14),
    ("evolution-climate", 5, 15),
    ("evolution-course2016", 4, 16),
]


def _check(a: object) -> str:
    """``a`` is the typed action of its shape; returns its kind."""
    assert isinstance(a, tuple) and a and isinstance(a[0], str), a
    cls = ACTION_TYPES.get((a[0], len(a)))
    assert cls is not None, f"no action class for {a!r}"
    assert type(a) is cls, f"{a!r} is a {type(a).__name__}, not a {cls.__name__}"
    assert a.kind == a[0]  # type: ignore[attr-defined]
    plain = tuple(a)
    assert a == plain and hash(a) == hash(plain)
    return a[0]


@pytest.mark.parametrize(("game_id", "players", "seed"), GAMES)
def test_every_listed_action_is_typed(game_id: str, players: int, seed: int) -> None:
    """Seeded random games to the end, through every phase and node: each action of ``legal_actions()`` (the
    decisions and the chance outcomes), the history, and the actions in the JSON record."""
    game = evo_lab.make_game(game_id, players=players, seed=seed)
    rng = np.random.default_rng(seed)
    kinds: Counter[str] = Counter()
    nodes: set[str] = set()
    for _ in range(2):
        s = game.new_initial_state()
        while not s.is_terminal():
            nodes.add(s.node_name())
            acts = s.legal_actions()
            assert acts
            for a in acts:
                kinds[_check(a)] += 1
            a = acts[int(rng.random() * len(acts))]
            s.apply_action(tuple(a))  # a plain tuple: the record keeps the listed typed action
        for a in s.history():
            _check(a)
    # every phase seen: the deal, food cards, plays, feeding (and Climate's event cards)
    assert {"draw", "food", "play", "feed"} <= nodes
    assert {"card", "food", "pass", "eat"} <= set(kinds)
    assert {"new", "body", "pop", "trait"} <= set(kinds)
    if game_id == "evolution-climate":
        assert "event" in nodes and "event" in kinds and "drop" in kinds
    # the record is unchanged JSON (lists), and its replay gives typed actions again
    record = json.loads(s.record_json())
    again = evo_lab.load_record(json.dumps(record))
    assert [tuple(a) for a in again.history()] == [tuple(a) for a in s.history()]
    for a in again.history():
        _check(a)


def test_attacks_discards_and_intelligence_are_typed() -> None:
    """The rarer feeding nodes (attacks with and without Intelligence, the discard it costs, the before-eating
    question) over seeded games of the official game, and of its option where a non-Carnivore's Intelligence is
    one of its feedings (``herbivore_intelligence="feeding_turn"``)."""
    seen: Counter[str] = Counter()
    rng = np.random.default_rng(7)
    wanted = ("attack/4", "attack/5", "discard/2", "intelligence", "eat/3")
    for seed in range(80):  # deterministic; stops once every wanted kind was listed (about 10 games)
        if all(seen[w] for w in wanted):
            break
        options = {"herbivore_intelligence": "feeding_turn"} if seed % 2 else {}
        s = evo_lab.make_game("evolution", players=4, seed=seed, options=options).new_initial_state()
        while not s.is_terminal():
            acts = s.legal_actions()
            for a in acts:
                _check(a)
                seen[f"{a[0]}/{len(a)}"] += 1
            seen[s.node_name()] += 1
            s.apply_action(acts[int(rng.random() * len(acts))])
    assert [w for w in wanted if not seen[w]] == []


def test_parsed_decoded_and_coerced_actions_are_typed() -> None:
    """Strings, lists and codes become typed actions; junk raises the typed error and changes nothing."""
    s = evo_lab.make_game("evolution", players=3, seed=2).new_initial_state_dealt()
    codec = ActionCodec(s.game)
    for a in s.legal_actions():
        _check(s.parse_action(s.action_to_string(a)))
        _check(s.coerce_action(list(a)))
        _check(codec.decode(codec.encode(a)))
    _check(s.parse_action("attack 1 P2.3 negate climbing"))
    assert as_action(("eat",)) is None and as_action(["pass"]) == ("pass",)
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply_action(("no-such-kind", 1))
    with pytest.raises(IllegalActionError):
        s.apply_action(("eat", 0, 1, 2, 3, 4))
    assert s.to_json() == before
