"""Evo first edition (``evo1e``), a variant of Evo 2e: one test per first-edition difference, each quoting
``../shared/reference/evo2e-data.md`` (its "first edition" row) or the GiochinScatola 1e turn summary it cites;
a seeded fuzz with invariants and JSON round trips; the bots play it."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

import evo_lab
from evo_lab.bots import RandomBot
from evo_lab.games.evo2e.bots import GreedyBot, ISMCTSBot
from evo_lab.games.evo2e.game import GameConfigError
from evo_lab.games.evo2e.invariants import check_state


def _play(seed: int, players: int = 4, options=None, until=None, policy=None):
    """A seeded random game; yields (state before, action) at every node; stops when ``until(state)``."""
    s = evo_lab.make_game("evo1e", players=players, seed=seed, options=options).new_initial_state()
    r = random.Random(seed)
    while not s.is_terminal():
        if until is not None and until(s):
            return s
        if s.is_chance_node():
            outs = s.chance_outcomes()
            a = r.choices([o for o, _ in outs], [float(p) for _, p in outs])[0]
        else:
            a = r.choice(s.legal_actions())
        yield s, a
        s.apply_action(a)
    yield s, None


def _states(seed: int, **kw):
    yield from _play(seed, **kw)


def test_players_dinosaurs_start_and_mp():
    """ "first edition: 3-5 players, 10 dinosaurs, 1 starting dinosaur, 10 MP"."""
    for n in (3, 4, 5):
        g = evo_lab.make_game("evo1e", players=n, seed=1)
        s = g.new_initial_state()
        assert s.count == [1] * n and s.mp == [10] * n and g.max_dinos == 10
    for n in (2, 6):
        with pytest.raises(GameConfigError):
            evo_lab.make_game("evo1e", players=n)


def test_the_62_genes():
    """ "62 genes (tail 6, leg 12, horn 8, egg 8, fur 8, parasol 8, mutant 6, card 6)"; no unique genes."""
    g = evo_lab.make_game("evo1e", players=4, seed=1)
    names = {x.name: x.count for x in g.data.normal_genes}
    assert names == {
        "Tail": 6,
        "Leg": 12,
        "Horn": 8,
        "Egg": 8,
        "Fur": 8,
        "Parasol": 8,
        "Mutant": 6,
        "Card": 6,
    }
    assert sum(names.values()) == 62 and g.n_unique == 0 and sum(g.bag0) == 62


def test_starting_hands_of_three_cards():
    """Wikipedia: "Players start with three Event cards" (each dealt as an exact chance node)."""
    for s, a in _play(3):
        if s.round == 1:
            assert [len(h) for h in s.hands] == [3, 3, 3, 3]
            break


def test_climate_is_an_exact_d6_on_the_cycle():
    """ "climate by d6 on a cycle desert-plains-hills-mountains-hills-plains (4/6 on, 1/6 stay, 1/6 back)"."""
    seen = 0
    for s, a in (x for seed in range(6) for x in _play(seed)):
        if s.node_name() == "climate_die":
            probs = {s.action_to_string(o): p for o, p in s.chance_outcomes()}
            assert probs == {
                "token on": Fraction(2, 3),
                "token stay": Fraction(1, 6),
                "token back": Fraction(1, 6),
            }
            before = s.section
            t = s.clone()
            t.apply_action(a)
            if t.node_name() != "climate_cards":  # no Prescience window: the wheel moved by the roll
                shift = {"token on": 1, "token stay": 0, "token back": -1}[s.action_to_string(a)]
                assert t.section == (before + shift) % 6
                seen += 1
    assert seen >= 8
    wheel = [sec.name.split()[0] for sec in evo_lab.make_game("evo1e", players=3).data.wheel]
    assert wheel == ["desert", "plains", "hills", "mountains", "hills", "plains"]


def test_initiative_by_longest_tail_then_fewest_dinosaurs():
    """ "longest tail has initiative"; "If tie, least Dinos first" (GiochinScatola 1e turn summary)."""
    checked = 0
    for seed in range(4):
        for s, a in _play(seed):
            if s.node_name() == "climate_die":
                g = s.game
                keys = [(-s.genes[g.n_normal * p + g.tail_slot], s.count[p]) for p in s.order]
                assert keys == sorted(keys)
                checked += 1
    assert checked > 20


def _horn_table(diff: int) -> Fraction:
    return Fraction({-1: 1, 0: 2, 1: 4}.get(diff, 0 if diff <= -2 else 5), 6)


@pytest.mark.parametrize("losing", ["dies", "stays"])
def test_combat_table_and_the_losing_attacker(losing):
    """ "horns difference <= -2: 0, -1: 1/6, 0: 2/6, +1: 4/6, >= +2: 5/6"; "the attacker can lose" (ruling E3:
    it is removed; option ``losing_attacker="stays"`` keeps both, as in 2e)."""
    fights = losses = 0
    for seed in range(40):
        for s, a in _play(seed, options={"losing_attacker": losing}):
            if s.node_name() != "die":
                continue
            src, dst = s.pending
            att, dfd = s.occupants[src], s.occupants[dst]
            diff = s.attack_strength(att) - s.defence_strength(dfd)
            outs = s.chance_outcomes()
            assert all(p == Fraction(1, 6) for _, p in outs) and len(outs) == 6
            wins = sum(p for o, p in outs if _wins(s, o))
            assert wins == _horn_table(diff)
            fights += 1
            lose = next((o for o, _ in outs if not _wins(s, o)), None)
            t = s.clone()
            t.apply_action(lose)
            assert t.occupants[dst] == dfd
            assert t.occupants[src] == (-1 if losing == "dies" else att)
            assert t.count[att] == s.count[att] - (losing == "dies")
            losses += 1
        if fights >= 6:
            break
    assert fights >= 6 and losses >= 6


def _wins(s, o) -> bool:
    t = s.clone()
    src, dst = s.pending
    att = s.occupants[src]
    t.apply_action(o)
    return t.occupants[dst] == att or (t.occupants[dst] != s.occupants[dst])


def test_cards_unplayable_in_rounds_one_and_two():
    """ "3 event cards unplayable in rounds 1-2": no `play` before round 3, plays from round 3 on."""
    late = 0
    for seed in range(12):
        for s, a in _play(seed):
            if s.is_chance_node() or s.is_terminal():
                continue
            plays = [x for x in s.legal_actions() if x.kind == "play"]
            if s.round <= 2:
                assert not plays and s.node_name() not in (
                    "climate_cards",
                    "birth_cards",
                    "survival_cards",
                    "newborn_cards",
                )
            else:
                late += bool(plays)
    assert late > 0


def test_meteor_track_with_a_die_roll():
    """ "a meteor track with a die roll": "If space has number, first player rolls die. If greater than number,
    no impact" (GiochinScatola). The game ends only by the meteor, after the track's unnumbered rounds."""
    rounds = set()
    for seed in range(30):
        last = None
        for s, a in _play(seed, players=3):
            if s.node_name() == "meteor":
                n = s.game.meteor_track[s.round - 1]
                outs = s.chance_outcomes()
                assert [p for _, p in outs] == [Fraction(1, 6)] * 6
                hits = [o for o, _ in outs if _ends(s, o)]
                assert len(hits) == n
            last = s
        assert last.is_terminal()
        rounds.add(last.round)
    track = evo_lab.make_game("evo1e", players=3).meteor_track
    first = next(i for i, x in enumerate(track) if x) + 1
    assert min(rounds) >= first and len(rounds) > 1


def _ends(s, o) -> bool:
    t = s.clone()
    t.apply_action(o)
    return t.is_terminal()


@pytest.mark.slow
def test_fuzz_invariants_and_json_round_trips():
    """A few hundred seeded games: every position keeps the invariants; every 25th round-trips through JSON."""
    for seed in range(200):
        players = 3 + seed % 3
        for i, (s, a) in enumerate(_play(seed, players=players)):
            check_state(s)
            if i % 25 == 0:
                t = evo_lab.load_position(s.to_json())
                assert t.to_json() == s.to_json() and t.game.name == "evo1e"
        assert s.is_terminal()


def test_record_replays_and_data_is_its_own_pack():
    """A record of a 1e game replays move for move; positions name the evo1e pack by fingerprint."""
    for s, a in _play(7):
        pass
    rec = s.to_record()
    t = evo_lab.load_record(rec)
    assert t.to_json() == s.to_json()
    assert s.game.to_dict()["data"]["name"] == "evo1e"
    assert evo_lab.make_game("evo2e", players=4).data.name == "evo2e"


def test_bots_play_it():
    """The bots need no change: random, greedy and ISMCTS pick legal actions in a 1e game."""
    s = evo_lab.make_game("evo1e", players=3, seed=4).new_initial_state()
    bots = [RandomBot(seed=1), GreedyBot(), ISMCTSBot(iterations=20, seed=2)]
    r = random.Random(0)
    steps = 0
    while not s.is_terminal() and steps < 300:
        if s.is_chance_node():
            s.apply_action(r.choice([o for o, _ in s.chance_outcomes()]))
        else:
            p = s.current_player()
            a = bots[p].act(s, p)
            assert a in s.legal_actions()
            s.apply_action(a)
        steps += 1


def test_docs_evo1e_examples_run():
    import doctest
    from pathlib import Path

    res = doctest.testfile(
        str(Path(__file__).resolve().parents[3] / "docs" / "evo1e.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS,
    )
    assert res.attempted > 0 and res.failed == 0
