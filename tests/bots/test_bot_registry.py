"""Bots per game through one registry (issue 11 item 4, issue 12 item 3): ``make_bot(name, game=..., seed=...)``,
``bot_names(game)``, generic ``random``/``ismcts``, the games' own bots, ``UnknownBotError`` naming the game and
its bots, and bots that follow the state's game when made without one."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

import evo_lab
from evo_lab.bots import BOTS, PolicyBot, RandomBot, SearchBot, UnknownBotError, bot_names, make_bot
from evo_lab.games.evo2e.bots import GreedyBot, ISMCTSBot
from evo_lab.core.protocol import sample_chance

GAMES = ("evo2e", "evolution", "evolution-climate", "origin")


def decision_state(game: str, players: int = 2, seed: int = 3, skip: int = 0):
    """A decision node of ``game`` after ``skip`` random decisions (chance sampled from ``seed``)."""
    s = evo_lab.make_game(game, players=players, seed=seed).new_initial_state()
    rng = np.random.default_rng(seed)
    done = -1
    while True:
        while s.is_chance_node():
            s.apply_action(sample_chance(s, rng))
        done += 1
        if done >= skip or s.is_terminal():
            return s
        acts = s.legal_actions()
        s.apply_action(acts[int(rng.integers(len(acts)))])


def test_bot_names_per_game():
    assert bot_names("evo2e") == sorted(BOTS) == ["analysis", "greedy", "ismcts", "lively", "random"]
    assert bot_names("evolution") == ["analysis", "course", "greedy", "ismcts", "lively", "random"]
    assert bot_names("evolution-climate") == bot_names("evolution")  # a variant shares its game's bots
    assert bot_names("origin") == ["analysis", "greedy", "ismcts", "lively", "random"]
    assert bot_names() == bot_names("evo2e")  # the default game
    s = decision_state("origin")
    assert bot_names(s) == bot_names("origin") == bot_names(s.game)


def test_generic_and_game_specific_classes():
    assert isinstance(make_bot("random", game="origin"), RandomBot)
    assert type(make_bot("ismcts", game="origin")) is SearchBot
    assert type(make_bot("ismcts", game="evolution")) is SearchBot
    assert type(make_bot("ismcts", game="evo2e")) is ISMCTSBot  # Evo keeps its own search bot
    assert type(make_bot("ismcts")) is ISMCTSBot
    assert isinstance(make_bot("greedy"), GreedyBot)
    g = make_bot("greedy", game="evolution", seed=4)
    assert isinstance(g, PolicyBot) and g.game_id == "evolution" and g.seed == 4
    assert make_bot("course", game="evolution-course2016").game_id == "evolution"


@pytest.mark.parametrize("game", ["evolution", "origin", "evo2e"])
def test_unknown_bot_names_the_game_and_its_bots(game):
    with pytest.raises(UnknownBotError) as e:
        make_bot("nonsense", game=game)
    msg = str(e.value)
    assert f"'{game}'" in msg and "nonsense" in msg
    for name in bot_names(game):
        assert name in msg


def test_unknown_bot_for_this_game_and_bad_options():
    with pytest.raises(UnknownBotError, match="'origin'.*analysis, greedy, ismcts, lively, random"):
        make_bot("course", game="origin")
    with pytest.raises(UnknownBotError, match="bad options"):
        make_bot("ismcts", game="origin", rounds=2)  # Origin's hooks take turns, not rounds
    with pytest.raises(UnknownBotError, match="bad options"):
        make_bot("greedy", game="origin", depth=3)
    with pytest.raises(UnknownBotError, match="iterations"):
        make_bot("ismcts", game="evolution", iterations=0)
    with pytest.raises(evo_lab.UnknownGameError, match="chess"):
        make_bot("random", game="chess")
    # without a game, Evo's table first, then the first game that has the name; otherwise every game's bots
    with pytest.raises(UnknownBotError, match="course \\(evolution\\)"):
        make_bot("nonsense")


@pytest.mark.parametrize("game", GAMES)
def test_every_bot_of_every_game_plays_legally_and_replays_by_seed(game):
    s = decision_state(game, skip=3)
    for name in bot_names(game):
        opts = {"iterations": 8} if name in ("ismcts", "analysis") else {}
        a = make_bot(name, game=game, seed=5, **opts)(s.clone())
        assert a in s.legal_actions(), (game, name, a)
        b = make_bot(name, game=game, seed=5, **opts)(s.clone())
        assert a == b, (game, name)


def test_a_bot_made_without_a_game_follows_the_state():
    """``make_bot("greedy")`` is Evo's (backwards compatible), but on an Origin state it plays Origin's greedy
    with the same seed: the state decides."""
    o = decision_state("origin", skip=2)
    auto = make_bot("greedy", seed=9)
    assert isinstance(auto, GreedyBot)
    assert auto(o.clone()) == make_bot("greedy", game="origin", seed=9)(o.clone())
    e = decision_state("evo2e")
    assert auto(e) in e.legal_actions()
    course = make_bot("course", seed=2)  # only Evolution has it
    assert course.game_id == "evolution"
    # a bot made *for* one game refuses another's state with a typed error
    from evo_lab.bots import BotError

    with pytest.raises(BotError, match="make_bot\\('greedy', game='evo2e'\\)"):
        make_bot("greedy", game="origin")(e)


def test_policy_bot_reset_and_pickle_replay():
    s = decision_state("evolution", skip=4)
    bot = make_bot("greedy", game="evolution", seed=3)
    first = bot(s.clone())
    bot.reset(3)
    assert bot(s.clone()) == first
    clone = pickle.loads(pickle.dumps(make_bot("greedy", game="evolution", seed=3)))
    assert clone(s.clone()) == first


def test_ismcts_uses_the_game_hooks_and_is_seeded():
    s = decision_state("origin", players=3, skip=2)
    bot = make_bot("ismcts", game="origin", seed=1, iterations=12, turns=1)
    a = bot(s.clone())
    assert bot.last_search is not None and bot.last_search.iterations == 12
    assert a == bot.last_search.chosen
    assert make_bot("ismcts", game="origin", seed=1, iterations=12, turns=1)(s.clone()) == a


def test_top_level_make_bot_is_the_registry():
    assert evo_lab.make_bot is make_bot
