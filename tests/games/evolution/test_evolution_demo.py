"""``make demo GAME=evolution`` (``evo-lab demo --game evolution --players 4 --seed 1``) shows the game (issue 20):
its lively bots make carnivores that attack, species that grow and species that go extinct, and the story says it
in words ("P2's species 2 (carnivore, body 2, population 2) attacks P3's species 3 ...")."""

from __future__ import annotations

import re

import numpy as np
import pytest

import evo_lab
from evo_lab.cli import main
from evo_lab.core.protocol import play_out
from evo_lab.core.registry import kit_module
from evo_lab.games.evolution.lively import lively_policy


@pytest.mark.parametrize("gid", ["evolution", "evolution-climate"])
def test_the_seeded_demo_attacks_grows_and_goes_extinct(gid):
    _final, lines = kit_module(gid).tell(evo_lab.make_game(gid, players=4, seed=1), 1, None, None)
    attacks = [
        x for x in lines if re.search(r"\(carnivore, body \d, population \d\) attacks P\d's species \d", x)
    ]
    assert len(attacks) >= 3, "the carnivores hunt"
    assert any("goes extinct" in x for x in lines)
    assert any("+1 body size" in x for x in lines) and any("+1 population" in x for x in lines)
    assert any("eats" in x and "(its kill)" in x for x in lines)
    assert not any(re.search(r"\bP\d\.\d|attack \d P|[a-z]+[+-]\d\b", x) for x in lines), "no notation"


def test_the_cli_demo_names_its_bots_and_tells_attacks(capsys):
    assert main(["demo", "--game", "evolution", "--players", "4", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Evolution (North Star Games) demo: 4 players, seed 1; lively bots")
    assert " attacks P" in out and "Winner:" in out


def test_lively_bot_only_plays_legal_actions_and_makes_carnivores():
    carnivores = 0
    for seed in range(6):
        s = evo_lab.make_game("evolution", players=3, seed=seed).new_initial_state()
        play_out(s, lively_policy(np.random.default_rng(seed)), np.random.default_rng(seed + 10))
        assert s.is_terminal()
        carnivores += sum(
            1 for a in s.history() if a[0] == "trait" and s.game.deck.cards[a[2]].trait == "carnivore"
        )
    assert carnivores >= 6
