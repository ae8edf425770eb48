"""Evolution's table as a teacher reads it (issue 20, the review's findings on the Evolution and Climate kits):
the board lives in the shared board box and fills it, the Climate track is labelled (each space's climate in
words, its plant food and the species it hurts, the marker, the events in play), the status line lists only what
is offered, the piles and the food cards are said in words, the Climate tab cites the rulebook by name."""

from __future__ import annotations

import random
import re

import pytest

import evo_lab
from evo_lab.games.evolution.climate_scenarios import CLIMATE_SCENARIOS
from evo_lab.games.evolution.scenarios import scenario
from evo_lab.games.evolution.svg import MAX_ZOOM, font_sizes, table_svg
from evo_lab.games.evolution.words import node_words
from evo_lab.views.games.evolution.board import EvolutionBoard
from evo_lab.views.games.evolution.climate import SOURCE_NOTE, ClimatePanel
from evo_lab.views.widgets.board_box import BOX_JS, BoxedBoard
from evo_lab.views.widgets.session import Session

SCENARIOS = ("attack", "food_cards", "cooperation", "starvation", "climate_cold", "climate_event")


def _shown(svg: str) -> tuple[float, float, float]:
    """The table's shown width, height and zoom (shown size over its layout's size)."""
    vb_w = float(svg.split('viewBox="0 0 ')[1].split()[0])
    w = float(svg.split('" width="')[1].split('"')[0])
    h = float(svg.split('" height="')[1].split('"')[0])
    return w, h, w / vb_w


def _texts(svg: str) -> list[str]:
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


# ------------------------------------------------------------------ the shared board box, the table fills it
def test_the_board_uses_the_shared_board_box():
    b = EvolutionBoard(Session(scenario("attack")))
    assert isinstance(b, BoxedBoard) and BOX_JS in b._esm and "function watchBox" in b._esm
    assert "ResizeObserver" not in b._esm.replace(BOX_JS, "")  # one copy of the box code: the shared one
    b._on_msg(b, {"type": "size", "width": 1127, "height": 985}, [])
    assert b.box == (1127, 985)
    w, h, zoom = _shown(b.svg)
    assert w >= 1120 and zoom > 1.3
    b._on_msg(b, {"type": "size", "width": 90, "height": 985}, [])  # a nonsense size: ignored
    assert b.box == (1127, 985)


@pytest.mark.parametrize("name", SCENARIOS)
def test_the_table_fills_a_projector_and_keeps_text_readable_on_a_laptop(name):
    s = scenario(name)
    # the classroom page at 1920x1080 (the board's column 1127 px, 985 px below its top): filled across, and
    # zoomed up from its laid-out size
    w, h, zoom = _shown(table_svg(s, None, width=1127, height=985))
    assert w >= 1120 and h <= 985 + 1 and zoom > 1.05, (w, h, zoom)
    # the laptop (1280x720, the board's column 743 px): no empty strip beside the table, no text under 14 px
    svg = table_svg(s, None, width=743, height=572)
    w, h, zoom = _shown(svg)
    assert w >= 735 and 1 <= zoom <= MAX_ZOOM, (w, zoom)
    assert min(font_sizes(svg)) * zoom >= 14
    # JupyterLab at 1440x900 with its file browser open (a 548 px column): readable, not wider than the column
    svg = table_svg(s, None, width=548, height=600)
    w, _h, zoom = _shown(svg)
    assert w <= 549 and min(font_sizes(svg)) * zoom >= 14


def test_species_boards_stretch_to_fill_their_row():
    """At 1280x720 (a 743 px column) the species boards fill the table's width: wider than their own 172 px, the
    rightmost one at the table's right edge (no strip of 175 px beside the table, as the review saw)."""
    for name in ("attack", "climate_cold"):
        svg = table_svg(scenario(name), None, width=743, height=572)
        vb_w = float(svg.split('viewBox="0 0 ')[1].split()[0])
        boxes = re.findall(
            r'<g class="species[^"]*"[^>]*>\s*<rect x="([0-9.]+)" y="[0-9.]+" width="([0-9.]+)"', svg
        )
        assert boxes and min(float(w) for _x, w in boxes) > 172
        assert max(float(x) + float(w) for x, w in boxes) >= vb_w - 12, name


_BOARD = re.compile(
    r'<g class="species[^"]*"[^>]*>\s*<rect x="([0-9.-]+)" y="([0-9.-]+)" width="([0-9.]+)" height="([0-9.]+)"'
)


def _boards(svg: str) -> list[tuple[float, float, float, float]]:
    """The species boards' rectangles ``(x, y, width, height)`` in the table's user units."""
    return [(float(x), float(y), float(w), float(h)) for x, y, w, h in _BOARD.findall(svg)]


def _played(game: str, players: int, seed: int, moves: int):
    """A game of ``players`` played by random moves for ``moves`` decisions (boards with several traits)."""
    st = evo_lab.make_game(game, players=players, seed=seed).new_initial_state_dealt()
    r = random.Random(seed)
    done = 0
    while not st.is_terminal() and done < moves:
        if st.is_chance_node():
            outcomes = st.chance_outcomes()
            st.apply_action(r.choices([a for a, _p in outcomes], [float(p) for _a, p in outcomes])[0])
            continue
        st.apply_action(r.choice(st.legal_actions()))
        done += 1
    return st


def test_species_boards_never_overlap_at_any_box_size():
    """The review saw, in JupyterLab at 1280x720 with the file browser open (a ~420 px column), three players'
    columns 125 px wide with boards 172 px wide: P2's boards on P1's and P3's, their text cut. At every box from
    300 px wide and 500 px high up, in both games, no two species boards intersect, none leaves the table and no
    text is under 14 px."""
    states = [scenario(n) for n in SCENARIOS]
    states += [_played("evolution", 3, 4, 40), _played("evolution-climate", 4, 2, 60)]
    states += [_played("evolution", 5, 3, 70)]
    assert any(len(st.players) >= 4 for st in states)
    for st in states:
        for width in range(300, 1201, 50):
            for height in (500, 620, 750, 1000):
                svg = table_svg(st, None, width=width, height=height)
                vb_w = float(svg.split('viewBox="0 0 ')[1].split()[0])
                boxes = _boards(svg)
                assert len(boxes) == sum(len(p.species) for p in st.players)
                for i, (x, y, w, h) in enumerate(boxes):
                    assert x >= 0 and x + w <= vb_w + 0.5, (width, height, x, w, vb_w)
                    for x2, y2, w2, h2 in boxes[i + 1 :]:
                        apart = x + w <= x2 or x2 + w2 <= x or y + h <= y2 or y2 + h2 <= y
                        assert apart, (width, height, (x, y, w, h), (x2, y2, w2, h2))
                assert min(font_sizes(svg)) >= 14


# ------------------------------------------------------------------ the Climate track, labelled
def _zone(svg: str, pos: int) -> str:
    return svg.split(f'data-position="{pos}"')[1].split("</g>")[0]


def test_the_climate_track_is_labelled():
    s = scenario("climate_cold")
    g = s.game
    svg = table_svg(s, None, width=743, height=572)
    texts = " ".join(_texts(svg))
    for z in g.pack.zones:  # each space: its plant food on it, its name and track position on hover
        assert re.search(rf'<g class="climate-zone[^"]*" data-position="{z.position}"', svg)
        zone = _zone(svg, z.position)
        assert f"<title>{z.name}: position {z.position:+d} on the track; " in zone
        assert f">{z.food:+d}</text>" in zone
    here = re.findall(r'<g class="climate-zone here" data-position="(-?\d)"', svg)
    assert here == [str(s.observation(None)["climate"]["position"])]  # the marker's space, and only it
    # the caption says the marker's space, both scales named (position on the track, plant food), the loss and
    # the traits that protect, and the events in play with the spaces they cover
    assert "Climate \u25bc Cold (position -2 on the track): plant food -3 a round; body 1-2 lose 1" in texts
    assert "Heavy Fur or Migratory" in texts and "Ice Storm (Frigid to Cold)" in texts
    # Ice Age takes 15 plant food and costs body 1-4 two population; Temperate nothing (in the titles)
    assert "plant food -15 a round; body 1-4 lose 2 population" in _zone(svg, -4)
    assert "<title>Temperate: position +0 on the track; plant food +0 a round</title>" in _zone(svg, 0)
    for pos in (-3, -2):  # the event cards in play marked in the spaces they cover (Ice Storm: -3 and -2)
        assert "Ice Storm" in _zone(svg, pos) and 'class="event"' in _zone(svg, pos)
    assert "Ice Storm" not in _zone(svg, -4)
    assert (
        min(font_sizes(svg)) >= 14 and "textLength" not in svg.split("climate-caption")[-1].split("</g>")[0]
    )
    # a game without Climate has no track
    assert "climate-zone" not in table_svg(scenario("attack"), None)


def test_the_climate_track_is_one_line_and_the_species_show_on_a_laptop():
    """The review: at 1280x720 the track (two rows of tall spaces) took the middle of the column and the species
    boards started at its bottom edge. The track is one line and a row of species boards fits in the box under
    it (572 px high); at 1920x1080 the table zooms up as plain Evolution's does."""
    for name in ("climate_cold", "climate_event"):
        s = scenario(name)
        for width in (548, 743, 1127):
            svg = table_svg(s, None, width=width, height=572)
            tops = {
                float(y)
                for y in re.findall(
                    r'<g class="climate-zone[^"]*"[^>]*>(?:<title>[^<]*</title>)?'
                    r'<rect x="[0-9.]+" y="([0-9.]+)"',
                    svg,
                )
            }
            assert len(tops) == 1, (name, width, tops)  # one line of spaces
            _w, _h, zoom = _shown(svg)
            first = min(y for _x, y, _bw, _bh in _boards(svg))
            # a whole row of species boards (and more) on the first screen, at 1280x720 in the classroom page
            # (743 px) or JupyterLab with its file browser open (548 px); the review saw them from 660 px down
            assert first * zoom + 150 <= 572, (name, width, first * zoom)
        _w, _h, zoom = _shown(table_svg(s, None, width=1127, height=985))
        assert zoom > 1.3, zoom


# ------------------------------------------------------------------ words
def test_piles_and_food_cards_are_said_in_words():
    svg = table_svg(scenario("climate_cold"), None, width=743, height=572)
    texts = _texts(svg)
    assert "draw pile: 131 cards" in texts and "discard pile: 0 cards" in texts
    assert "end-game deck: 40 cards (last round)" in texts
    assert "food cards: face down until revealed" in texts and texts.count("food card placed") == 3
    joined = " ".join(texts)
    assert "end deck" not in joined and "food card down" not in joined and "+ 40" not in joined
    # a player who sees no food card (P2 looks at the others' face-down cards): no value shown on them
    other = table_svg(scenario("climate_cold"), 1, width=743, height=572)
    cards = re.findall(r'<g class="food-card">(.*?)</g>', other)
    assert len(cards) == 3 and sum("food +" in c or "food -" in c for c in cards) == 1  # only P2's own card


def _states(seed: int, game: str = "evolution"):
    st = evo_lab.make_game(game, players=3, seed=seed).new_initial_state_dealt()
    r = random.Random(seed)
    for _ in range(400):
        if st.is_terminal():
            return
        if st.is_chance_node():
            outcomes = st.chance_outcomes()
            st.apply_action(r.choices([a for a, _p in outcomes], [float(p) for _a, p in outcomes])[0])
            continue
        yield st
        st.apply_action(r.choice(st.legal_actions()))


@pytest.mark.parametrize("game", ["evolution", "evolution-climate"])
def test_the_status_line_says_only_what_is_offered(game):
    """ "or pass" only when passing is a legal action; "attack" only when an attack is; every kind of action
    offered is named (issue 20: "P1 to feed a species or pass" appeared when passing was not offered)."""
    seen = set()
    for seed in (1, 2):
        for st in _states(seed, game):
            words = node_words(st)
            kinds = {a[0] for a in st.legal_actions()}
            if st.phase == "feed" and getattr(st, "intel", None) is None and getattr(st, "asking", -1) < 0:
                assert ("attack with a carnivore" in words) == ("attack" in kinds), (words, kinds)
                assert ("feed a species" in words) == ("eat" in kinds), (words, kinds)
                assert ("forgo feeding" in words) == ("pass" in kinds), (words, kinds)
                assert "or pass" not in words
                seen.add(("feed", words))
            if st.phase == "play":
                assert ("pass" in words) == ("pass" in kinds) and ("new species" in words) == ("new" in kinds)
                seen.add(("play", words))
            assert "_" not in words and "  " not in words
    assert any(p == "feed" and "pass" not in w for p, w in seen)  # a real turn where passing is not offered


def test_the_board_status_line_for_the_scenarios():
    assert (
        EvolutionBoard(Session(scenario("attack"))).status
        == "P1 to feed a species or attack with a carnivore"
    )
    assert EvolutionBoard(Session(scenario("starvation"))).status == "P1 to feed a species"
    assert (
        EvolutionBoard(Session(scenario("food_cards"))).status
        == "P3 to put a card face down as their food card"
    )
    play = EvolutionBoard(Session(scenario("climate_cold"))).status
    assert play.startswith("P3 to play a card (a trait, a new species") and play.endswith(", or pass")


def test_the_climate_tab_cites_the_rulebook_by_name():
    p = ClimatePanel(Session(scenario("climate_cold")))
    text = p.track.value + p.forecast.value + p.table.value
    assert "docs/" not in text and "R16" not in text and "(docs" not in text
    assert "Evolution: Climate rules (North Star Games" in text and SOURCE_NOTE.split(":")[0] in text
    assert "assumption" in text
    assert "((" not in re.sub(r"<[^>]+>", "", text)  # no nested parentheses


def test_the_attack_tab_says_who_eats_what_in_words():
    from evo_lab.views.games.evolution.attack import AttackPanel, who_attacks_whom

    s = scenario("attack")
    line = who_attacks_whom(s)[0]
    assert line.endswith("blocked: 1 by Climbing, 1 by body size, 1 by Warning Call"), line
    panel = AttackPanel(Session(s))
    text = re.sub(r"<[^>]+>", " ", panel.head.value + panel.table.value + panel.overview.value)
    assert "the carnivore eats 2 food" in text and "takes 1 food (Scavenger)" in text
    assert (
        "has eaten 0 of the 3 food it needs" in text
        and " +1 (" not in text
        and not re.search(r"\bgains\b", text)
    )
    assert "face-up Carnivores;" not in text
    # the feeding table: the food in all and per species, then each step of the rules (Foraging, Cooperation)
    feed = AttackPanel(Session(scenario("cooperation"))).feeding.value
    assert "6 food in all</b>: P1&#x27;s species 1 (body 1, population 3) takes 2;" in feed
    assert feed.count("<li>") >= 6 and "(Foraging)" in feed and "(Cooperation)" in feed


def test_the_attack_tab_without_a_carnivore_says_so_without_empty_controls():
    """The review saw an empty "Attack" dropdown and a pink "Attack" button on a table with no carnivore."""
    from evo_lab.views.games.evolution.attack import AttackPanel

    panel = AttackPanel(Session(scenario("starvation")))
    assert "No carnivore can attack now" in panel.head.value
    assert panel.attacker.layout.display == "none" and panel.controls.layout.display == "none"
    # a carnivore whose owner may not attack now (the food cards are being chosen): the reason, no controls
    panel = AttackPanel(Session(scenario("food_cards")))
    assert panel.attacker.layout.display != "none" and panel.controls.layout.display == "none"
    assert "on their own turn at the feeding" in panel.table.value
    # a carnivore that may attack: the controls are shown
    panel = AttackPanel(Session(scenario("attack")))
    assert panel.controls.layout.display != "none" and panel.choice.options and not panel.play_button.disabled


def test_the_chance_heading_says_press_step():
    """ "Chance: P2 draws a card (Step)" read as code: a capitalised sentence and what to press."""
    st = evo_lab.make_game("evolution", players=3, seed=1).new_initial_state()
    assert st.is_chance_node()
    status = EvolutionBoard(Session(st)).status
    assert status.startswith("Chance: ") and status[8].isupper() and status.endswith(". Press Step."), status
    assert "(Step)" not in status


def test_the_climate_tab_and_the_board_name_both_scales():
    """The review: the Climate tab said "Frigid -3" (a position on the track), the board "food -6" (plant food):
    one track, two numbers, neither named. Both now say which is which."""
    s = scenario("climate_cold")
    p = ClimatePanel(Session(s))
    assert "the marker is on Cold (position -2 on the track: plant food -3 a round)" in p.track.value
    frigid = p.track.value.split("Frigid")[1].split("</div></div>")[0]
    assert "position -3" in frigid and "plant food -6" in frigid
    assert "Frigid (position -3)" in p.table.value and "(position -2)" in p.forecast.value
    svg = table_svg(s, None, width=743, height=572)
    assert "<title>Frigid: position -3 on the track; plant food -6 a round;" in svg
    assert "(position -2 on the track): plant food -3 a round" in " ".join(_texts(svg))


# ------------------------------------------------------------------ Climate: icons on the cards, the first row on screen
def _food_card_of(svg: str, q: int) -> str:
    return next(c for c in re.findall(r'<g class="food-card">(.*?)</g>', svg) if f"<title>P{q + 1}'s" in c)


def test_climate_icons_on_the_food_cards_and_the_hand():
    """The review: the food cards showed only "food +1", never their suns or snowflakes, although the Climate
    scenarios are about counting them; a hand card showed an unlabelled orange dot. A card the viewer may see
    shows its icons (a sun, a snowflake), a face-down one nothing, and the legend says what they are."""
    # the food cards: horns+1 with a snowflake, climbing+2 with one, fertile+1 with a sun
    s = scenario("climate_event")
    teacher = table_svg(s, None, width=743, height=572)
    for q, kind, glyph in ((0, "snow", "\u2744"), (1, "snow", "\u2744"), (2, "sun", "\u2600")):
        card = _food_card_of(teacher, q)
        assert re.search(rf'<text class="{kind}"[^>]*>{glyph}</text>', card), (q, card)
        assert ("sun" if kind == "snow" else "snow") + '"' not in card
    p3 = table_svg(s, 2, width=743, height=572)  # P3 sees only its own food card and its hand
    assert 'class="sun"' in _food_card_of(p3, 2)
    for q in (0, 1):
        hidden = _food_card_of(p3, q)
        assert 'class="sun"' not in hidden and 'class="snow"' not in hidden
        assert "food +" not in hidden and "food -" not in hidden
    hand = re.findall(r'<g class="card[^"]*" data-player="2" data-card="([^"]+)"[^>]*>(.*?)</g>', p3)
    assert [label for label, _ in hand] == ["burrowing-3~sun"]
    assert re.search(r'<text class="sun"[^>]*>\u2600</text>', hand[0][1]) and "<circle" not in hand[0][1]
    legend = " ".join(t for t in re.findall(r'<text class="legend"[^>]*>([^<]*)</text>', p3))
    assert "\u2600 is a sun and \u2744 a snowflake" in legend
    assert min(font_sizes(p3)) >= 14
    # a game without Climate: no icons, no word of them
    plain = table_svg(scenario("food_cards"), None, width=743, height=572)
    assert 'class="sun"' not in plain and 'class="snow"' not in plain and "\u2600" not in plain


def test_climate_icons_with_a_count():
    """Two icons of a kind are drawn as two glyphs, more as a count and one glyph; a card without icons has none."""
    from types import SimpleNamespace

    from evo_lab.games.evolution.svg_parts import SNOW, SUN, climate_icons

    cards = [SimpleNamespace(sun=2, snow=0), SimpleNamespace(sun=0, snow=4), SimpleNamespace(sun=1, snow=1)]
    cards.append(SimpleNamespace(sun=0, snow=0))
    game = SimpleNamespace(label_kind={"a": 0, "b": 1, "c": 2, "d": 3}, deck=SimpleNamespace(cards=cards))
    assert climate_icons(game, "a") == [("sun", SUN * 2)]
    assert climate_icons(game, "b") == [("snow", f"4 {SNOW}")]
    assert climate_icons(game, "c") == [("sun", SUN), ("snow", SNOW)]
    assert climate_icons(game, "d") == [] and climate_icons(game, "unknown") == []


@pytest.mark.parametrize("name", [sc.id for sc in CLIMATE_SCENARIOS])
def test_the_first_row_of_species_is_on_the_first_screen_in_climate(name):
    """The review: at 1280x720 in the classroom page (the board's box 743x572) the Climate table ran off the
    bottom, and in JupyterLab (a 548 px column) the watering hole, the food cards, the piles, the caption and the
    track stacked so that no species showed on the first screen. Shown to the player to act (the hand drawn too),
    every Climate scenario's first row of species boards ends inside the box, its text at least 14 px."""
    s = scenario(name)
    viewer = s.current_player()
    assert isinstance(s.observation(viewer)["players"][viewer]["hand"], list)
    for width, height in ((743, 572), (548, 600), (1127, 985)):
        svg = table_svg(s, viewer, width=width, height=height)
        _w, _h, zoom = _shown(svg)
        boards = _boards(svg)
        top = min(y for _x, y, _bw, _bh in boards)
        first_row = [b for b in boards if b[1] < top + 1]
        bottom = max(y + bh for _x, y, _bw, bh in first_row) * zoom
        assert bottom <= height, (name, width, height, bottom)
        assert min(font_sizes(svg)) * zoom >= 14
    # the header (round, watering hole, food cards, piles, climate) is compact: the boards start in the upper half
    # of the laptop's box (the review saw them from 332 px down at 743 px, 408 px at 548 px)
    for width, height in ((743, 572), (548, 600)):
        svg = table_svg(s, viewer, width=width, height=height)
        top = min(y for _x, y, _bw, _bh in _boards(svg)) * _shown(svg)[2]
        assert top <= 0.55 * height, (name, width, top)
