"""``make demo GAME=origin`` (``evo-lab demo --game origin --players 4 --seed 1``, issue 20): the lively bots
grow, attack, feed and go extinct, and the story says it in words, one heading per phase of each turn."""

from __future__ import annotations

import re

import numpy as np
from origin_helpers import pos

import evo_lab
from evo_lab.bots import bot_names, make_bot
from evo_lab.cli import main
from evo_lab.core.registry import kit_module
from evo_lab.games.origin.lively import lively_policy


def _demo() -> list[str]:
    _final, lines = kit_module("origin").tell(evo_lab.make_game("origin", players=4, seed=1), 1, None, None)
    return lines


def test_the_seed_1_demo_has_attacks_kills_defences_and_deaths():
    lines = _demo()
    attacks = [x for x in lines if " attacks " in x]
    assert len(attacks) >= 3, "the seed-1 demo must show fights"
    assert re.search(r"P\d's animal \d \(.*Carnivorous.*\) attacks P\d's animal \d", attacks[0])
    assert any(" eats " in x for x in lines) and any("dies of hunger" in x for x in lines)
    assert any("Tail Loss" in x or "runs away" in x or "Mimicry)" in x for x in lines)  # a defence is used
    assert any("a new animal" in x for x in lines) and any(" plays Carnivorous on " in x for x in lines)
    assert lines[-1].startswith("Winner: P") and lines[-2].startswith("Points: ")


def test_the_end_of_the_game_is_told_last_under_the_extinction_heading():
    """The last turn's extinction heading comes before the line that ends the game (it came after it), and
    nothing of the game is told after the end line but the points and the winner."""
    lines = _demo()
    over = [i for i, x in enumerate(lines) if x.strip().startswith("The game is over")]
    assert len(over) == 1
    heading = max(i for i, x in enumerate(lines) if re.fullmatch(r"Turn \d+: extinction", x))
    assert heading < over[0]
    assert lines[over[0] + 1 :] == [x for x in lines[-2:] if x.startswith(("Points: ", "Winner: "))]


def test_one_heading_per_phase_of_each_turn():
    headings = [x for x in _demo() if not x.startswith(" ")][:-2]
    assert len(headings) == len(set(headings)), "a heading repeats"
    turn6 = [h for h in headings if h.startswith("Turn 6")]
    assert turn6 == ["Turn 6: development", "Turn 6: the food bank", "Turn 6: feeding", "Turn 6: extinction"]
    assert "Turn 1: extinction" in headings and headings.index("Turn 1: extinction") < headings.index(
        "Turn 1: the deal"
    )


def test_the_cli_demo_names_its_bots_and_is_reproducible(capsys):
    assert main(["demo", "--game", "origin", "--players", "4", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Evolution: The Origin of Species demo: 4 players, seed 1; lively bots"
    assert " attacks " in out and out.splitlines()[1:] == _demo()


def test_the_lively_bot_is_registered_and_hunts():
    assert "lively" in bot_names("origin")
    bot = make_bot("lively", game="origin", seed=3)
    s = pos("$C carn, $E", "$P, $Q run", bank=2)
    assert bot(s, 0) == ("attack", s.names["C"], s.names["P"])  # the sure kill before the runner
    own = pos("$C carn, $E", "$Q camo", bank=2)  # only its own animal: it eats instead
    assert lively_policy(np.random.default_rng(0))(own)[0] == "eat"
