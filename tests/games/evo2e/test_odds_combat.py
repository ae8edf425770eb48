"""Combat odds: pinned default-die values, brute force, simulation, custom packs, typed errors, CLI."""

import copy
import json
from fractions import Fraction

import numpy as np
import pytest

from evo_lab import load_data
from evo_lab.cli import main
from evo_lab.games.evo2e.odds import (
    OddsError,
    combat_matrix,
    combat_odds,
    combat_table,
    killer_babies_odds,
    odds_by_difference,
)
from evo_lab.stats import wilson_interval


def test_pinned_default_die():
    t = combat_table(range(-4, 6))
    assert t[-1] == Fraction(1, 6)
    assert t[0] == Fraction(1, 3)
    assert t[1] == Fraction(2, 3)
    assert all(t[k] == Fraction(5, 6) for k in range(2, 6))
    assert t[-4] == t[-2] == Fraction(1, 6)  # the claw always wins


def test_modifiers_add_bonuses():
    assert combat_odds(0, 0, large_horn=True).probability == Fraction(5, 6)
    assert combat_odds(0, 0, frenzied=True).attack == 2
    assert combat_odds(1, 0, bony_plates=True).probability == Fraction(1, 6)
    o = combat_odds(1, 1, large_horn=True, frenzied=True, bony_plates=True)
    assert (o.attack, o.defence, o.difference) == (5, 3, 2)


def _brute(pack, att, dfd):
    return Fraction(sum(pack.die_symbols[f].succeeds(att, dfd) for f in pack.die_faces), len(pack.die_faces))


def test_matches_brute_force_and_faces_sum():
    pack = load_data()
    for a in range(5):
        for d in range(5):
            for lh in (False, True):
                for bp in (False, True):
                    o = combat_odds(a, d, large_horn=lh, bony_plates=bp)
                    assert o.probability == _brute(pack, a + 2 * lh, d + 2 * bp)
                    assert sum(f["contribution"] for f in o.faces.values()) == o.probability
                    assert sum(f["count"] for f in o.faces.values()) == len(pack.die_faces)
    m = combat_matrix(3, 3)
    assert m[2][1] == odds_by_difference(1)


def test_matches_seeded_simulation():
    pack = load_data()
    rng = np.random.default_rng(11)
    rolls = rng.integers(0, len(pack.die_faces), 20_000)
    for diff in (-1, 0, 1, 2):
        att, dfd = (diff, 0) if diff >= 0 else (0, -diff)
        wins = sum(pack.die_symbols[pack.die_faces[i]].succeeds(att, dfd) for i in rolls)
        lo, hi = wilson_interval(wins, len(rolls), z=4.0)
        assert lo <= float(combat_odds(att, dfd).probability) <= hi


def test_transcribed_die_changes_answers():
    pack = load_data()
    die = copy.deepcopy(pack.raw["die"])
    die["faces"] = ["cross", "cross", "claw", "equals", "plus", "two_plus"]
    mine = load_data(overrides={"die": die})
    assert combat_odds(0, 0, data=mine).probability == Fraction(1, 3)
    assert combat_odds(1, 0, data=mine).probability == Fraction(1, 2)
    assert killer_babies_odds(mine).baby_dies == Fraction(1, 2)


def test_killer_babies():
    k = killer_babies_odds()
    assert (k.enemy_dies, k.baby_dies) == (Fraction(2, 3), Fraction(1, 3))
    assert k.faces["two_plus"] == (1, "baby_dies")


@pytest.mark.parametrize("args", [(-1, 0), (0, -2), (1.5, 0), ("2", 0), (True, 0)])
def test_bad_horns_raise_typed_error(args):
    with pytest.raises(OddsError) as e:
        combat_odds(*args)
    assert isinstance(e.value, ValueError)
    assert "horns" in str(e.value)


def test_bad_data_raises():
    with pytest.raises(OddsError):
        combat_odds(0, 0, data={"faces": []})


def test_cli_combat_json(capsys):
    assert main(["odds", "combat", "--attacker-horns", "1", "--defender-horns", "0", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["probability"] == "2/3"
    assert out["float"] == pytest.approx(2 / 3)
    assert out["faces"]["plus"] == {
        "name": "Claw with plus sign",
        "count": 2,
        "wins": True,
        "contribution": "1/3",
    }
    assert (
        main(
            [
                "odds",
                "combat",
                "--attacker-horns",
                "0",
                "--defender-horns",
                "0",
                "--bony-plates",
                "--large-horn",
                "--frenzied",
            ]
        )
        == 0
    )
    assert "P(win) = 5/6" in capsys.readouterr().out


def test_cli_combat_negative_horns_is_an_error(capsys):
    assert main(["odds", "combat", "--attacker-horns", "-1", "--defender-horns", "0"]) == 2
    assert "cannot be negative" in capsys.readouterr().err
