"""Words, not identifiers, wherever a person reads (issue 20): seeded games of every registered game are played in
the Explorer, and every string the kit shows at every position is scanned (every widget's text, titles and tooltips,
option labels, tab titles, the board's status line and the text of its SVG), with ``str(state)``, the demo story
(``evo-lab demo``) and the exported story. An identifier is a snake_case token (``birth_cards``), raw notation
(``P1.5``, ``horns+2``, ``new L ...``), a node id said as a name (``chance (chance)``, ``development - develop``,
``to adrenaline``), or a hyphenated id of the game's own data (``fat-tissue``) or its printed-name-less ids.

The action *notation* (what ``parse_action`` reads) may stay terse: it is checked only where the kit shows it.

What a teacher reads about the rules (scenario notes, event texts, the story, status lines, titles) also cites
the rulebook in words (:data:`CITATIONS`): no ruling number ("the kit's ruling R4"), section sign ("reference
§6"), project file ("docs/evolution.md") or course code ("NEU CS 4500"), and a count agrees with its noun ("1
card", "2 cards"). Seeded random games of every game at its smallest, middle and largest player counts are
scanned for these (:func:`test_every_line_of_seeded_games_is_words`).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator

import ipywidgets as W
import numpy as np
import pytest

import evo_lab
from evo_lab.core.protocol import sample_chance
from evo_lab.core.registry import game_info, kit_module
from evo_lab.views.export import export_story
from evo_lab.views.games import view_for
from evo_lab.views.widgets import Explorer

GAMES = evo_lab.registered_games()

#: Games whose words another branch owns (issue 20: Origin's strings are origin-kit's); a failure there is an
#: expected failure until that branch is merged, a pass is reported (strict=False keeps both green).
OWNED_ELSEWHERE: set[str] = set()

_TAGS = re.compile(r"<(style|script)\b.*?</\1>|<!--.*?-->|<[^>]+>", re.DOTALL)
_TITLE = re.compile(r"""\btitle=(["'])(.*?)\1""", re.DOTALL)
_SVG_TITLE = re.compile(r"<title>(.*?)</title>", re.DOTALL)

#: Identifier patterns that no person-facing text may contain.
PATTERNS = {
    "snake_case name": re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b"),
    "species notation": re.compile(r"\bP\d+\.\d+\b"),
    "card notation": re.compile(r"\b[a-z]+(?:-[a-z]+)*[+-]\d+(?![a-z])(?:~\w+)*"),
    "side notation": re.compile(r"\bnew [LR]\b"),
    "a name repeated as its own gloss": re.compile(r"\b([a-z]\w*) \(\1\)"),
    "a seed file cited": re.compile(r"\bseeds?[ /]0\d\d\b"),
    "a lot by its notation number": re.compile(r"\blots? 0\b"),
}

#: How a teacher must not read a rule's source, and counts that disagree with their noun.
CITATIONS = {
    "a ruling's number": re.compile(r"\b[RO]\d{1,2}\b"),
    "a section sign": re.compile(r"§"),
    "a project file": re.compile(r"\b(?:docs|seeds|evo_lab)/|\b[\w-]+\.(?:md|py|json|rkt)\b"),
    "a course code": re.compile(r"\bNEU\b|\bCS ?\d{4}\b"),
    "a count and its noun disagree": re.compile(
        r"(?<![\d.,/+-])\b(?:1 (?:(?:red|blue|yellow|food|fat|trait|event|extra|more|new) )*"
        r"(?:cards|tokens|dinosaurs|animals|points|genes|traits|snowflakes|sun icons|players|species boards)"
        r"|(?:0|[2-9]|\d\d+) (?:(?:red|blue|yellow|food|fat|trait|event|extra|more|new) )*"
        r"(?:card|token|dinosaur|animal|point|gene|trait|snowflake|sun icon|player|species board)"
        r"(?![-\w]| (?:cards?|tokens?)\b))\b"
    ),
    "a count and its verb disagree": re.compile(
        r"\b1 (?:\w+ ){1,6}(?:go|form|are|were)\b|\b(?:0|[2-9]) \w+s is\b"
    ),
}
#: Every pattern of the scans that read the rules' words (scenario notes, events, the story, titles).
WORDS = {**PATTERNS, **CITATIONS}

#: A sentence without its subject: an action line of the action list or the history that starts with the verb
#: ("passes", "feeds their species 2") does not say who acts; "their species" does not say whose.
SUBJECTLESS = re.compile(r"^(?:passes|feeds|bids|attacks|plays|discards|stores)\b|\btheir species\b")


def html_texts(markup: str) -> list[str]:
    """The text a person reads in ``markup``: its lines, and its tooltips (``title`` attributes and SVG
    ``<title>`` elements); style sheets and scripts are not read."""
    tips = [html.unescape(m.group(2)) for m in _TITLE.finditer(markup)]
    tips += [html.unescape(m.group(1)) for m in _SVG_TITLE.finditer(markup)]
    body = html.unescape(_TAGS.sub("\n", markup))
    return tips + [line.strip() for line in body.splitlines() if line.strip()]


def widget_texts(w: W.Widget) -> Iterator[str]:
    """Every string ``w`` and its children show: HTML and labels, descriptions, tooltips, placeholders, option
    labels, tab titles, and an anywidget's ``status``, ``error`` and ``svg`` (not what a person typed)."""
    if isinstance(w, W.Tab):
        yield from (w.get_title(i) or "" for i in range(len(w.children)))
    if isinstance(w, (W.HTML, W.HTMLMath, W.Label)):
        yield from html_texts(w.value)
    for name in ("description", "tooltip", "placeholder"):
        v = getattr(w, name, None)
        if isinstance(v, str) and v:
            yield v
    yield from getattr(w, "_options_labels", ()) or ()
    if not isinstance(w, (W.HTML, W.Text, W.Textarea)):
        for name in ("status", "error", "svg"):
            if w.has_trait(name) and isinstance(getattr(w, name), str):
                yield from html_texts(getattr(w, name))
    snap = getattr(w, "snapshot", None)
    if isinstance(snap, dict):  # Evo 2e's board widget draws its texts from this dict in the browser
        yield from _snapshot_texts(snap)
    for c in getattr(w, "children", ()) or ():
        yield from widget_texts(c)


def _snapshot_texts(d: object) -> Iterator[str]:
    """The strings of a board snapshot that the browser shows (titles, status, texts, assumed values)."""
    if isinstance(d, dict):
        for k, v in d.items():
            if k in ("title", "status", "text", "assumed") and isinstance(v, str):
                yield v
            elif k == "assumed" and isinstance(v, list):
                yield from (x for x in v if isinstance(x, str))
            else:
                yield from _snapshot_texts(v)
    elif isinstance(d, list):
        for x in d:
            yield from _snapshot_texts(x)


def vocabulary(game) -> set[str]:
    """The game's own ids that are not words: hyphenated or snake_case trait, gene, card, token and event ids of
    its data (the printed names must be shown instead)."""
    ids: set[str] = set()
    for name in ("gene_ids", "unique_ids", "card_ids", "token_ids", "labels"):
        v = getattr(game, name, None)
        if isinstance(v, (list, tuple)):
            ids.update(x for x in v if isinstance(x, str))
    pack = getattr(game, "pack", None)
    for name in ("traits",):
        v = getattr(pack, name, None)
        if isinstance(v, dict):
            ids.update(x for x in v if isinstance(x, str))
    try:
        from evo_lab.games.evolution.traits import TRAIT_IDS

        if getattr(game, "name", "") == "evolution":
            ids.update(TRAIT_IDS)
    except ImportError:  # pragma: no cover
        pass
    return {x for x in ids if re.fullmatch(r"[a-z]+(?:[-_][a-z0-9]+)+", x)}


def problems_in(
    texts: Iterable[str],
    vocab: set[str],
    nodes: set[str],
    where: str,
    patterns: dict[str, re.Pattern[str]] = PATTERNS,
) -> dict[str, str]:
    """``{offending token: where it was seen and the text}`` for every identifier in ``texts`` (and every match of
    ``patterns``: :data:`WORDS` adds the :data:`CITATIONS`)."""
    vocab_rx = (
        re.compile(
            r"(?<![\w-])(" + "|".join(map(re.escape, sorted(vocab, key=len, reverse=True))) + r")(?![\w-])"
        )
        if vocab
        else None
    )
    ids = "|".join(map(re.escape, sorted(nodes)))
    # a node id in a gloss ("(chance)", "development - develop,") or as the whole verb ("P1 to adrenaline",
    # "chance: token"); "P1 to move, attack, ..." is a phrase that starts with a word that is also an id
    node_rx = (
        re.compile(rf"(?:\(|\s-\s)({ids})(?=\s*(?:$|[),;.(]))|(?:\bto\s|:\s)({ids})(?=\s*(?:$|[);(.]))")
        if nodes
        else None
    )
    out: dict[str, str] = {}
    for t in texts:
        found = [(name, m.group(0)) for name, rx in patterns.items() for m in rx.finditer(t)]
        if vocab_rx is not None:
            found += [("an id of the game's data", m.group(1)) for m in vocab_rx.finditer(t)]
        if node_rx is not None:
            found += [("a node id", m.group(0)) for m in node_rx.finditer(t)]
        for kind, token in found:
            out.setdefault(f"{kind}: {token}", f"{where}: {t[:240]!r}")
    return out


def _players(gid: str) -> int:
    lo, hi = game_info(gid).min_players, game_info(gid).max_players
    return min(max(lo, 3), hi)


#: The node names that are words of the game and never ids (a verb the status line may say as it is).
def _node_ids(state) -> set[str]:
    name = state.node_name() if hasattr(state, "node_name") else ""
    return {name} if name else set()


def _xfail_elsewhere(gid: str, problems: dict) -> None:
    if problems and gid in OWNED_ELSEWHERE:
        pytest.xfail(
            f"{gid}'s words belong to another branch; {len(problems)} identifiers left, e.g. "
            + "; ".join(f"{k} ({v})" for k, v in list(problems.items())[:3])
        )


def _report(problems: dict) -> str:
    return "\n".join(f"{k}  <-  {v}" for k, v in list(problems.items())[:40]) + (
        f"\n... and {len(problems) - 40} more" if len(problems) > 40 else ""
    )


@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("viewer", [None, 1])
def test_the_explorer_shows_words(gid, viewer):
    """Every position of a seeded game (random decisions, chance from the seed), as the teacher and as player 2:
    every string of the Explorer, and ``str(state)``."""
    seed = 3
    ex = Explorer(evo_lab.make_game(gid, players=_players(gid), seed=seed), seed=seed, viewer=viewer)
    vocab = vocabulary(ex.session.game)
    nodes: set[str] = set()
    problems: dict[str, str] = {}
    rng = np.random.default_rng(seed)
    for ply in range(700):
        st = ex.state
        if st.is_terminal():
            break
        nodes |= _node_ids(st)
        if ply < 250 or ply % 7 == 0:
            where = f"{gid} move {ex.session.tree.ply} ({st.node_name() if hasattr(st, 'node_name') else ''})"
            problems.update(problems_in(widget_texts(ex), vocab, nodes, where + " explorer"))
            problems.update(problems_in(str(st).splitlines(), vocab, nodes, where + " str(state)"))
        if st.is_chance_node():
            ex.session.play(sample_chance(st, rng))
        else:
            acts = st.legal_actions()
            ex.session.play(acts[int(rng.integers(len(acts)))])
    problems.update(problems_in(widget_texts(ex), vocab, nodes, f"{gid} last position explorer"))
    problems.update(
        problems_in(
            export_story(ex.session.tree, "markdown", viewer=viewer).splitlines(),
            vocab,
            nodes,
            f"{gid} exported story",
        )
    )
    _xfail_elsewhere(gid, problems)
    assert not problems, _report(problems)


@pytest.mark.parametrize("gid", GAMES)
def test_the_demo_story_is_told_in_words(gid):
    """``evo-lab demo --game G`` (``make demo``): the seeded story of the game's kit module, every line."""
    game = evo_lab.make_game(gid, players=_players(gid) if gid != "evo2e" else 4, seed=1)
    _final, lines = kit_module(gid).tell(game, 1, None, None)
    problems = problems_in(lines, vocabulary(game), set(), f"{gid} demo")
    _xfail_elsewhere(gid, problems)
    assert not problems, _report(problems)


def test_the_scan_catches_identifiers():
    """The scan itself: each kind of identifier the issue quotes is caught, plain words are not."""
    game = evo_lab.make_game("evolution", players=3)
    bad = [
        "P1 (red) to birth_cards",
        "P4 plays frenzied_attack",
        "P1: new L carnivore+3",
        "P3: attack 1 P1.5",
        "Round 2, deal phase: chance (chance)",
        "development - develop, P2 to act",
        "blocked by fat-tissue",
        "P1 to adrenaline",
        "passes",
        "feeds their species 2 (body 1, population 2) from the watering hole",
        "attack: seed 003 lines 138-145 and 149-150",
        "bids 0 on lot 0 (the event card)",
        "the kit's rulings R2 and R9",
        "the kit's ruling O6",
        "the kit's reference notes on Origin §6",
        "(docs/evolution.md R16)",
        "Evolution, NEU CS 4500 course 2016",
        "P1 is owed 1 cards",
        "the 1 food stored on its Fat Tissue go into P1's food bag",
        "1 card now form the draw pile",
        "P2 draws 2 card",
        "the carnivore gets 2 blue token",
        "1 red food tokens are left",
    ]
    found = problems_in(bad, vocabulary(game), {"develop", "adrenaline", "chance"}, "test", WORDS)
    found.update({t: repr(t) for t in bad if SUBJECTLESS.search(t)})
    for text in bad:
        assert any(repr(text[:240]) in v for v in found.values()), text
    good = [
        "P3's species 1 (carnivore, body 3) attacks P1's species 5",
        "P4 plays Frenzied Attack",
        "Round 2, the deal: P2 draws a card",
        "P1 to develop a trait or pass",
        "1 dinosaur, 2 dinosaurs",
        "food +2 (assumed)",
        "face-down trait",
        "P1-P4",
        "board standard-3p",
        "P2 passes",
        "P1 feeds its species 2 (body 1, population 2) from the watering hole",
        "Evolution rulebook (North Star Games), 'Feeding Carnivores'; the kit's reading (documented on the kit's "
        "Evolution page, under Rulings): Scavengers eat clockwise from the attacking player",
        "Evolution, 2016 course rules",
        "P1 is owed 1 card; P2 draws 2 cards; 0 cards now form the draw pile; 1 card now forms it",
        "the 1 food stored on its Fat Tissue goes into P1's food bag; the 2 food stored go",
        "Ice Age (-4): 15 plant food less; 2d6 + 2; a roll of 1 to 6; P1-P4; round 2 of 3",
        "2 trait cards, 1 trait card, 3 red food tokens, 1 blue token, 0 cards",
        "P1 bids 0 for the event card",
        "the climate token 'stay' (no change) is revealed",
    ]
    assert problems_in(good, vocabulary(game), {"develop", "chance"}, "test", WORDS) == {}
    assert not [t for t in good if SUBJECTLESS.search(t)]


@pytest.mark.parametrize("gid", GAMES)
def test_node_words_are_phrases(gid):
    """Each game's view says every node it reaches as a phrase of words (the status line's "P1 to ..."), not
    its id."""
    view = view_for(evo_lab.make_game(gid, players=_players(gid)))
    s = evo_lab.make_game(gid, players=_players(gid), seed=2).new_initial_state()
    rng = np.random.default_rng(2)
    bad = {}
    for _ in range(600):
        if s.is_terminal():
            break
        name = s.node_name()
        words = view.node_words(s)
        if not words or "_" in words or words == name or " " not in words:
            bad[f"node {name}"] = repr(words)
        s.apply_action(
            sample_chance(s, rng)
            if s.is_chance_node()
            else s.legal_actions()[int(rng.integers(len(s.legal_actions())))]
        )
    _xfail_elsewhere(gid, bad)
    assert not bad, bad


@pytest.mark.parametrize("gid", GAMES)
def test_teacher_notes_cite_the_rulebook_by_name(gid):
    """Every scenario of the game's menu (its title, the note and the rule the Game tab shows): the rulebook and
    the cards by their names and sections in words, the kit's own readings in words, never a project file ("seed
    003 lines 138-145", "docs/evolution.md"), a ruling's number ("R4") or a section sign ("§6"); and the game's
    title and summary as the registry gives them to the menus and tables."""
    game = evo_lab.make_game(gid, players=_players(gid))
    view = view_for(game)
    notes = [text for title, sid in view.scenarios() for text in (title, view.scenario_note(sid))]
    info = game_info(gid)
    notes += [info.title, info.summary, view.title(game)]
    problems = problems_in(notes, vocabulary(game), set(), f"{gid} scenario notes and titles", WORDS)
    assert not problems, _report(problems)


@pytest.mark.parametrize("gid", GAMES)
def test_the_action_list_says_who_acts(gid):
    """Every line of the action list at the positions of a seeded game has its subject: "P2 passes", not
    "passes"; for Evo 2e the subject is the dinosaur ("P2's dinosaur on D5 attacks P1's dinosaur on C4")."""
    s = evo_lab.make_game(gid, players=_players(gid), seed=5).new_initial_state()
    view = view_for(s.game)
    rng = np.random.default_rng(5)
    bad: dict[str, str] = {}
    for _ in range(300):
        if s.is_terminal():
            break
        if not s.is_chance_node():
            for a in s.legal_actions():
                label = view.choice_label(s, a)
                if SUBJECTLESS.search(label.strip()):
                    bad.setdefault(label.split(" (")[0], label)
        s.apply_action(
            sample_chance(s, rng)
            if s.is_chance_node()
            else s.legal_actions()[int(rng.integers(len(s.legal_actions())))]
        )
    _xfail_elsewhere(gid, bad)
    assert not bad, bad


def _player_counts(gid: str) -> list[int]:
    info = game_info(gid)
    return sorted({info.min_players, _players(gid), info.max_players})


def _event_texts(before, after, e) -> list[str]:
    """An event as a person reads it: its text and its lines in the story; Origin's story tells its events with
    :func:`evo_lab.games.origin.words.event_words` (its ``event.text`` is the developer's log,
    ``state.event_log()``, with animal ids)."""
    if after.game.name == "origin":
        from evo_lab.games.origin.words import event_words

        return [event_words(before, after, e)]
    return [e.text(after.game), *e.story(before, after)]


def _says_pass(words: str) -> bool:
    return bool(re.search(r"\bor (?:pass|forgo)\b|^pass\b", words))


@pytest.mark.parametrize("gid", GAMES)
def test_every_line_of_seeded_games_is_words(gid):
    """Seeded random games (3 seeds at the smallest, a middle and the largest player count; decisions and chance
    from the seed), read as the teacher reads them: what each node waits for (the status line's "P1 to ..."),
    every line of the action list, ``str(state)`` every few moves, the text and story lines of every event, and
    the told story of the whole game. No identifier and no internal citation (:data:`WORDS`), plurals right, and
    the status line offers a pass only where a pass is legal ("P1 to feed a species or pass")."""
    game = evo_lab.make_game(gid, players=_players(gid))
    view, vocab = view_for(game), vocabulary(game)
    problems: dict[str, str] = {}
    for n in _player_counts(gid):
        for seed in range(3):
            g = evo_lab.make_game(gid, players=n, seed=seed)
            s, rng, nodes = g.new_initial_state(), np.random.default_rng(seed), set()
            for ply in range(1500):
                if s.is_terminal():
                    break
                nodes |= _node_ids(s)
                where = f"{gid} {n} players seed {seed} move {ply} ({s.node_name()})"
                texts = [view.node_words(s)]
                if ply % 5 == 0:
                    texts += str(s).splitlines()
                if s.is_chance_node():
                    a = sample_chance(s, rng)
                else:
                    acts = s.legal_actions()
                    texts += [view.choice_label(s, x) for x in acts[:80]]
                    if _says_pass(texts[0]) and not any(
                        s.action_to_string(x).split()[0] == "pass" for x in acts
                    ):
                        problems[f"a pass that is not offered: {texts[0]}"] = where
                    a = acts[int(rng.integers(len(acts)))]
                before = s.clone()
                s.apply_action(a)
                texts += [t for e in s.events(last=True) for t in _event_texts(before, s, e)]
                problems.update(problems_in(texts, vocab, nodes, where, WORDS))
            story = export_story(s, "markdown").splitlines()
            problems.update(problems_in(story, vocab, nodes, f"{gid} {n} players seed {seed} story", WORDS))
    _xfail_elsewhere(gid, problems)
    assert not problems, _report(problems)


#: Notation and layout faults of a chance event's words: the engine's prefix, a colon after a colon ("the deal:
#: chance: ..."), parentheses in parentheses ("(1/2 (50.0%))").
EVENT_FAULTS = {
    "a 'chance:' prefix": re.compile(r"\bchance:"),
    "a colon after a colon": re.compile(r":[^:]*:"),
    "nested parentheses": re.compile(r"\([^()]*\("),
    "a masked notation mark": re.compile(r"(?<![\w])\?(?![\w])"),
}


@pytest.mark.parametrize("gid", GAMES)
def test_the_analysis_tab_says_chance_events_in_words(gid):
    """The Analysis tab at several decisions of a seeded game: every string it shows (status, chart, the "what
    chance does next" and final score tables, the annotated history) and every row of every action's next
    chance event table are words: no identifier, no notation, no "chance:" prefix, no doubled colon, no nested
    parentheses; a chance node with many outcomes is one row, not one row per card."""
    from evo_lab.core.chance_words import event_rows

    ex = Explorer(evo_lab.make_game(gid, players=game_info(gid).min_players, seed=2), seed=2)
    tab = ex.analysis
    tab.iterations, tab.annotate_iterations = 150, 4
    vocab = vocabulary(ex.session.game)
    problems: dict[str, str] = {}
    rng = np.random.default_rng(2)
    seen_rows = 0
    decisions = 0
    for ply in range(160):
        st = ex.state
        if st.is_terminal() or decisions >= 3:
            break
        if not st.is_chance_node() and len(st.legal_actions()) > 1 and ply % 9 == 0:
            decisions += 1
            tab.show(True)
            a = tab.analysis
            assert a is not None
            if decisions == 1:
                tab.annotate()
            where = f"{gid} move {ex.session.tree.ply} analysis"
            problems.update(problems_in(widget_texts(tab), vocab, set(), where + " tab"))
            for e in a:
                rows = event_rows(e.next_event_groups)
                seen_rows += len(rows)
                assert len(rows) <= 12, rows  # a card draw is one row, not one per card
                texts = [t for t, _p in rows]
                problems.update(problems_in(texts, vocab, set(), where + " next chance event"))
                for t in texts:
                    for kind, rx in EVENT_FAULTS.items():
                        if rx.search(t):
                            problems.setdefault(f"{kind}: {t}", where)
            tab.show(False)
        acts = st.chance_outcomes() if st.is_chance_node() else None
        if acts is not None:
            ex.session.play(sample_chance(st, rng))
        else:
            legal = st.legal_actions()
            ex.session.play(legal[int(rng.integers(len(legal)))])
    assert decisions >= 1 and seen_rows >= 1
    assert not problems, _report(problems)


def test_event_groups_say_many_outcomes_as_one_row():
    """A node with more outcomes than a table shows is one row with its count and chance per outcome."""
    from evo_lab.core.chance_words import EventGroup, SeenEvent, group_events

    cards = [(SeenEvent(f"P1 draws card {k}", "P1 draws a card", 171, 1 / 171), 0.5 / 40) for k in range(40)]
    hidden = [(SeenEvent("P2 draws a card (hidden)", "P2 draws a card", 120, 3 / 120), 0.5)]
    groups = group_events(cards + hidden)
    assert [g.node for g in groups] == ["P1 draws a card", "P2 draws a card"] or groups[0].probability == 0.5
    rows = [r for g in groups for r in g.rows()]
    assert ("P1 draws a card: any of 171 outcomes, each 1 in 171", pytest.approx(0.5)) in rows
    assert ("P2 draws a card (hidden)", 0.5) in rows
    assert EventGroup("x", 1, 120, 3 / 120, {f"c{k}": 0.1 for k in range(10)}).rows()[0][0] == (
        "x: any of 120 outcomes, the likeliest about 1 in 40"
    )
