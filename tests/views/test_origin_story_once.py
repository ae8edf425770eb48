"""Origin's Story tab tells each move once (review: "P2's animal 1 uses Mimicry: the attack turns onto P2's animal
3" was followed by "P2's animal 1 turns the attack onto P2's animal 3 (Mimicry)", an eat by "takes 1 red token from
the food bank"), and the Odds tab says Mimicry's choice without doubled parentheses or a trait that reads as the
decoy's."""

from __future__ import annotations

import re

import numpy as np
import pytest

import evo_lab
from evo_lab.core.chance import sample_chance
from evo_lab.core.story import seeded_bots
from evo_lab.core.tree import GameTree
from evo_lab.games.origin.scenarios import scenario
from evo_lab.games.origin.words import retold
from evo_lab.views.games import view_for
from evo_lab.views.games.origin.odds_panel import _heading, tree_html
from evo_lab.games.origin.odds import open_attack

#: A line's subject and verb: "P2's animal 1 takes", "P1 plays", "the Running die shows".
_SUBJECT = re.compile(
    r"^\s*(?:chance: )?(P\d's animal \d+|P\d|the Running die|the dice)(?: \([^)]*\))?\s+(\S+)", re.I
)


def _key(line: str) -> tuple[str, ...] | None:
    """A line's subject, verb and where it says the thing came from ("Cooperation", "from its kill"): two lines
    with the same key tell the same thing."""
    m = _SUBJECT.match(line)
    if m is None:
        return None
    came = re.search(r"\(([^()]*)\)\s*$|( from [a-z ]+)", line)
    return (*m.group(1, 2), came.group(0) if came else "")


_SKIPPED = {"Dealt", "Born", "TraitPlayed", "Passed", "FoodRolled", "Attacked"}


def _played(seed: int, players: int) -> GameTree:
    game = evo_lab.make_game("origin", players=players, seed=seed)
    tree = GameTree(game.new_initial_state())
    bots = seeded_bots("lively", players, seed, game="origin")
    rng = np.random.default_rng(seed)
    while not tree.state.is_terminal():
        s = tree.state
        tree.play(
            sample_chance(s, rng) if s.is_chance_node() else bots[s.current_player()](s, s.current_player())
        )
    return tree


@pytest.mark.parametrize(("seed", "players"), [(3, 3), (1, 2), (5, 4)])
def test_each_move_is_told_once(seed, players):
    tree = _played(seed, players)
    view = view_for(tree.state.game)
    kinds: set[str] = set()
    for node in tree.path()[1:]:
        lines = view.story_lines(node)
        before, after = node.parent.state, node.state
        kinds.add(node.action[0])
        new = [e for e in after.events()[len(before.events()) :] if type(e).__name__ not in _SKIPPED]
        # at most the action's line plus one per event that is not the action told again
        assert len(lines) <= 1 + sum(not retold(node.action, e) for e in new), lines
        keys = [k for k in map(_key, lines) if k]
        assert len(keys) == len(set(keys)), lines  # no move said twice with the same animal and verb
        text = "\n".join(lines)
        assert text.count("the attack onto") <= 1 and text.count("Running die shows") <= 1, lines
        assert not ("is chosen to start" in text and "is the first player" in text), lines
    # the seeded games use the moves the review saw doubled
    assert {"eat", "roll", "first"} <= kinds
    if (seed, players) == (3, 3):
        assert {"mimic", "tail", "graze", "hibernate", "fat", "share"} <= kinds
    rounds = view.story_rounds(tree.path())
    story = [x for _r, ls in rounds for x in ls]
    # an event's line (indented under its move) never says again what the line before it said
    again = [
        (a, b) for a, b in zip(story, story[1:]) if b.startswith("  ") and _key(a) and _key(a) == _key(b)
    ]
    assert not again, again
    eats = [x for x in story if re.search(r"takes 1 red token from the food bank(?! too)", x)]
    assert not eats, eats  # an animal's own eating is told by its action (Communication's token is told)


def test_mimicry_and_the_running_die_in_the_story():
    tree = GameTree(scenario("mimicry"))
    view = view_for(tree.state.game)
    s = tree.state
    mimic = next(a for a in s.legal_actions() if a[0] == "mimic" and a[2] == s.names["R"])  # onto the runner
    lines = view.story_lines(tree.play(mimic))
    assert lines == [
        "P2's animal 1 (Mimicry, Fat Tissue) uses Mimicry: the attack turns onto P2's animal 2 (Running)"
    ]
    lines = view.story_lines(tree.play(("roll", 1)))
    # the die's line that names the animal is kept, the action's "the animal is caught" is not
    assert lines[0].strip() == "the Running die shows 1: P2's animal 2 cannot run away", lines
    assert sum("Running die" in x for x in lines) == 1 and " eats P2's animal 2" in lines[1], lines


def test_a_defender_that_uses_no_defence_is_told_once():
    tree = GameTree(scenario("mimicry"))
    view = view_for(tree.state.game)
    accept = next(a for a in tree.state.legal_actions() if a[0] == "accept")
    lines = view.story_lines(tree.play(accept))
    assert lines[0].endswith("uses no defence") and " eats " in lines[1], lines
    assert not any("is eaten" in x for x in lines), lines


def test_the_odds_tab_says_mimicry_choice_once_and_plainly():
    s = scenario("mimicry")
    under_way = open_attack(s)
    assert under_way is not None
    html = tree_html(under_way)
    text = re.sub(r"<[^>]+>", "", html).replace("&#x27;", "'")
    assert "Mimicry: turn the attack onto P2's animal 2 (it has Running); keeps the most points" in text, text
    assert "Mimicry: turn the attack onto P2's animal 3 (it has no traits)" in text, text
    assert ") (" not in text and "))" not in text, text
    assert "Mimicry turns the attack onto P2's animal 2; P2's animal 2 is eaten" in text, text
    assert "(Mimicry)" not in text, text  # never after the decoy, where it reads as the decoy's trait


def test_the_odds_headings_are_at_least_the_text_size():
    style = _heading("An attack").value
    m = re.search(r"font-size:\s*max\(16px,\s*([\d.]+)em\)", style)
    assert m and float(m.group(1)) >= 1, style
