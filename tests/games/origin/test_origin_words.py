"""Words, not identifiers, in everything a person reads of *The Origin of Species* (issue 20): the action lists
(every legal action and chance outcome, as the Explorer's picker and history say them), the status lines, the
printed state (``str(state)``), the table (the SVG's text), what the board says about a selected animal, the Odds
tab and the demo story. An identifier is a snake_case name (``fat_tissue``), an animal id (``A5``), a card id
(``pois/carn``) or trait abbreviation (``carn``, ``symb``), raw notation (``attack A3 A5``) or a node id said as a
word (``to feed``, ``(food)``)."""

from __future__ import annotations

import html
import re

import numpy as np
import pytest

import evo_lab
from evo_lab.core.protocol import sample_chance
from evo_lab.games.origin.lively import lively_policy
from evo_lab.games.origin.scenarios import scenarios
from evo_lab.games.origin.story import play_story
from evo_lab.views.games import view_for
from evo_lab.views.widgets import Explorer

GAME = evo_lab.make_game("origin", players=3)
NODES = ("first", "deal", "develop", "food", "feed", "defend", "share", "run", "rolloff")
#: Trait abbreviations of the notation that are not English words.
ABBREVIATIONS = ("carn", "scav", "symb", "comm", "hib", "pois", "coop", "camo", "para", "swim", "burrow")
PATTERNS = {
    "snake_case name": re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b"),
    "animal id": re.compile(r"\bA\d+\b"),
    "card id": re.compile(r"\b[a-z]+/[a-z]+\b"),
    "trait abbreviation": re.compile(r"\b(?:" + "|".join(ABBREVIATIONS) + r")\b"),
    "raw action": re.compile(r"\b(?:attack|eat|tail|mimic|share|deal|food|roll|first|rolloff) (?:A|P)\d"),
    "node id as a word": re.compile(r"(?:\(|\bto |: )(?:" + "|".join(NODES) + r")\b(?![ -]\w)"),
    "a word glossed by itself": re.compile(r"\b(\w+) \(\1\)", re.IGNORECASE),
}
_TAGS = re.compile(r"<(style|script)\b.*?</\1>|<[^>]+>", re.DOTALL)


def identifiers(texts, where: str) -> list[str]:
    out = []
    for t in texts:
        for name, rx in PATTERNS.items():
            m = rx.search(t)
            if m:
                out.append(f"{where}: {name} {m.group(0)!r} in {t[:200]!r}")
    return out


def html_lines(markup: str) -> list[str]:
    tips = [html.unescape(m) for m in re.findall(r"<title>(.*?)</title>", markup, re.DOTALL)]
    body = html.unescape(_TAGS.sub("\n", markup))
    return tips + [x.strip() for x in body.splitlines() if x.strip()]


def test_the_scan_catches_identifiers_and_passes_words():
    bad = [
        "carnivore A1 attacks A3",
        "P1 plays trait carn from pois/carn on A3",
        "A3 gets 1 red (tail_loss)",
        "P1 to feed",
        "chance (food)",
        "share coop A3 A5",
        "P2 plays Swimming (swim) on A4",
    ]
    assert all(identifiers([b], "t") for b in bad)
    good = [
        "P1's animal 1 (Carnivorous, Swimming) attacks P2's animal 3 (Running)",
        "P1 to feed an animal",
        "Turn 3, the food bank: the food dice are rolled",
        "P2 plays High Body Weight (from the card High Body Weight / Fat Tissue) on animal 2",
        "P1 to take food, attack or use a trait",
        "eaten: 1/2",
    ]
    assert identifiers(good, "t") == []


def _every_action_said(state) -> list[str]:
    view = view_for(state.game)
    out = []
    acts = [a for a, _p in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
    for a in acts[:60]:
        out.append(view.action_words(state, a))
        out.append(view.action_words(state, a, viewer=(state.current_player() + 1) % state.game.players))
        if not state.is_chance_node():
            out.append(view.choice_label(state, a))
    return out


@pytest.mark.parametrize("players,seed,bots", [(3, 2, "random"), (4, 1, "lively")])
def test_actions_status_and_printed_state_are_words(players, seed, bots):
    g = evo_lab.make_game("origin", players=players, seed=seed)
    s = g.new_initial_state()
    rng = np.random.default_rng(seed)
    policy = lively_policy(np.random.default_rng(seed))
    view = view_for(g)
    problems: list[str] = []
    n = 0
    while not s.is_terminal() and n < 900:
        if n % 3 == 0:
            where = f"{players}p seed {seed} move {n} ({s.node_name()})"
            texts = _every_action_said(s) + str(s).splitlines() + [view.node_words(s)]
            texts += html_lines(view.who_html(s)) + html_lines(s.to_svg()) + html_lines(s.to_svg(viewer=1))
            problems += identifiers(texts, where)
        if s.is_chance_node():
            s.apply_action(sample_chance(s, rng))
        elif bots == "lively":
            s.apply_action(policy(s))
        else:
            acts = s.legal_actions()
            s.apply_action(acts[int(rng.integers(len(acts)))])
        n += 1
    problems += identifiers(str(s).splitlines() + html_lines(view.game_over_html(s)), "the end")
    assert not problems, "\n".join(problems[:30])


def test_the_explorer_board_inspector_and_odds_tab_are_words():
    problems = []
    for sc in scenarios():
        ex = Explorer("origin", scenario=sc.id)
        for p in range(ex.state.game.players):
            for a in ex.state.animals(p):
                ex.board.click_animal(a.id) if ex.board.selected != a.id else None
                texts = html_lines(ex.board.info) + html_lines(ex.board.svg) + [ex.board.status]
                texts += html_lines(ex.picker.head.value) + [label for label, _v in ex.picker.select.options]
                problems += identifiers(texts, f"scenario {sc.id}, animal {a.id} selected")
        ex.odds.race_button.click()
        texts = (
            html_lines(ex.odds.bank.value) + html_lines(ex.odds.race.value) + html_lines(ex.odds.attack.value)
        )
        texts += html_lines(ex.stepper.status.value) if hasattr(ex.stepper, "status") else []
        problems += identifiers(texts, f"scenario {sc.id} odds tab")
    assert not problems, "\n".join(problems[:30])


def test_the_story_is_words():
    view = view_for(GAME)
    ex = Explorer(evo_lab.make_game("origin", players=3, seed=4), seed=4, bot="lively")
    for _ in range(150):
        if ex.state.is_terminal():
            break
        ex.stepper.b_step.click()
    path = ex.session.tree.path()
    lines = [x for node in path[1:] for x in view.story_lines(node)]
    assert len(lines) > 100
    assert not identifiers(lines, "story tab")
    _final, demo = play_story(evo_lab.make_game("origin", players=4, seed=1), seed=1)
    assert not identifiers(demo, "demo")


@pytest.mark.parametrize(
    "players,said",
    [
        (2, "one die plus 2 (1d6 + 2)"),
        (3, "two dice (2d6)"),
        (4, "two dice plus 2 (2d6 + 2)"),
        (5, "three dice plus 2 (3d6 + 2)"),
    ],
)
def test_the_food_dice_are_said_in_words_on_the_table_and_the_odds_tab(players, said):
    """Review (issue 20): the header said "dice: 2d6"; the dice per player count are the reference's table
    (§4.2), said once, by :func:`evo_lab.games.origin.words.dice_words`, on the table and in the Odds tab."""
    from evo_lab.games.origin.words import dice_words
    from evo_lab.views.games.origin.odds_panel import OddsPanel
    from evo_lab.views.widgets.session import Session

    g = evo_lab.make_game("origin", players=players, seed=1)
    assert dice_words(*g.food_dice) == said
    s = g.new_initial_state_dealt()
    texts = [html.unescape(t) for t in re.findall(r">([^<>]+)</text>", s.to_svg())]
    assert said in texts and not any(t.startswith("dice:") for t in texts)
    assert said in OddsPanel(Session(s)).bank.value


def test_story_and_action_lines_have_their_subject():
    """Every line of the demo story and every action list line of a seeded lively game starts with its subject:
    a player (P2 passes), a player's animal (P1's animal 1 takes a red food token), a turn, the dice or the
    game (review of issue 20: lines without their subject)."""
    final, lines = play_story(evo_lab.make_game("origin", players=3, seed=1), seed=1)
    subject = re.compile(
        r"^(P\d\b|P\d's animal \d|Turn \d|Setup|Hands|The (dice|Running die|game)|Points|Winner|No animal dies)"
    )
    assert not [x for x in lines if not subject.match(x.strip())], lines
    g = evo_lab.make_game("origin", players=3, seed=1)
    s = g.new_initial_state()
    view = view_for(g)
    policy = lively_policy(np.random.default_rng(1))
    rng = np.random.default_rng(1)
    seen = 0
    while not s.is_terminal() and seen < 400:
        if s.is_chance_node():
            s.apply_action(sample_chance(s, rng))
            continue
        me = f"P{s.current_player() + 1}"
        for a in s.legal_actions():
            label = view.choice_label(s, a)
            assert label.startswith(me), label
            seen += 1
        s.apply_action(policy(s))
