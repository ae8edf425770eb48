"""Evolution in the explorer: the table widget (clicks select a species or a card and play a marked attack), the
Attack tab against the engine's ``attack_report`` and its attack effects (meat, Horns, Scavenger, Cooperation),
what a player's view hides, the bots, and the words."""

from __future__ import annotations

import re

import numpy as np
import pytest

import evo_lab
from evo_lab.core.protocol import play_out
from evo_lab.games.evolution.positions import from_boards
from evo_lab.games.evolution.words import label_words, trait_words
from evo_lab.views.games.evolution.attack import attack_outcome, attack_rows, carnivores
from evo_lab.views.widgets import Explorer


def _table(players: int = 3):
    """P1: a carnivore (body 4, pop 3, Cooperation) and two Cooperation species to its right; P2: Horns, a
    Scavenger, a Climbing species; P3: Hard Shell next to a Warning Call species."""
    g = evo_lab.make_game("evolution", players=players)
    return from_boards(
        g,
        [
            [(4, 3, 0, 0, ["carnivore", "cooperation"]), (1, 2, 0, 0, ["cooperation"]), (1, 2, 0, 0, [])],
            [(2, 2, 0, 0, ["horns"]), (2, 2, 0, 0, ["scavenger"]), (3, 1, 0, 0, ["climbing"])],
            [(5, 1, 0, 0, ["hard-shell"]), (1, 1, 0, 0, ["warning-call"])],
        ],
        watering_hole=3,
    )


def _feeding_positions(n: int = 12):
    """Seeded random games stopped in feeding turns where a face-up carnivore is on the table."""
    out = []
    for seed in range(60):
        g = evo_lab.make_game("evolution", players=4, seed=seed)
        s = g.new_initial_state()
        rng = np.random.default_rng(seed)
        pol = lambda st: st.legal_actions()[int(rng.integers(len(st.legal_actions())))]  # noqa: E731
        play_out(
            s,
            pol,
            rng,
            stop=lambda st: st.phase == "feed" and not st.is_chance_node() and bool(carnivores(st)),
        )
        if not s.is_terminal():
            out.append(s)
        if len(out) >= n:
            break
    return out


# ---------------------------------------------------------------- the attack tab
def test_attack_rows_are_the_engines_report_and_legal_moves():
    states = _feeding_positions()
    assert len(states) >= 6
    for s in states:
        legal = {s.action_to_string(a) for a in s.legal_actions() if a[0] == "attack"}
        seen = set()
        for p, i in carnivores(s):
            rows = attack_rows(s, p, i)
            assert [(r.target[0], r.target[1], r.blocker) for r in rows] == s.attack_report(i, p)
            for r in rows:
                for text in ([r.legal] if r.legal else []) + r.negate:
                    assert text in legal and s.parse_action(text)[1:4] == (i, *r.target)
                    seen.add(text)
                if r.blocker is None and not r.legal:
                    assert r.why_not  # the engine's reason (not the turn, fed, ...)
        assert seen == legal  # every legal attack is offered by the tab


def test_attack_panel_shows_feasible_and_blocked_with_the_blocking_trait():
    s = _table()
    ex = Explorer(s)
    panel = ex.attack
    assert panel.attacker.value == "0.0"  # the player to act's carnivore
    html = panel.table.value
    for q, j, blocker in s.attack_report(0, 0):
        cell = re.search(
            rf"<td class='wrap'>P{q + 1}&#x27;s species {j + 1} [^<]*</td><td class='wrap'>(.*?)</td>", html
        )
        assert cell, (q, j)
        if blocker is None:
            assert "possible" in cell.group(1)
        else:
            assert (
                f"blocked by <b>{trait_words(s.game, blocker) if blocker != 'body-size' else 'body size'}"
                in cell.group(1)
            )
    # Climbing and Warning Call block (seed 004 line 69, reference §6.2), said with their printed names and why
    assert "blocked by <b>Climbing (the carnivore does not climb)" in html
    assert "blocked by <b>Warning Call (a neighbour warns it; the carnivore has no Ambush)" in html
    assert "Who may attack whom" in panel.overview.value and "may attack" in panel.overview.value
    # attacking from the panel plays through the engine
    want = next(v for _l, v in panel.choice.options if v.endswith("P2.2"))
    panel.choice.value = want
    assert panel.play() == "" and ex.tree.current.text == want


def test_attack_effects_come_from_the_engine():
    """Seed 003 lines 143-145: the carnivore takes meat equal to the prey's body size; the prey loses 1
    population. Line 149: Scavengers eat when a carnivore eats, Cooperation feeds the species to the right.
    Line 150 / reference §6.1: Horns cost the attacker 1 population."""
    s = _table()
    horns = attack_outcome(s, s.parse_action("attack 1 P2.1"))
    assert horns.horns and horns.attacker_pop == -1 and horns.prey_pop == -1
    assert horns.attacker_food == 2  # prey body 2; the attacker (pop 3 -> 2) has room
    assert (1, 1, 1, "scavenger") in horns.others  # P2's Scavenger
    assert (0, 1, 1, "cooperation") in horns.others and (0, 2, 1, "cooperation") in horns.others  # the chain
    plain = attack_outcome(s, s.parse_action("attack 1 P2.2"))
    assert not plain.horns and plain.attacker_pop == 0 and plain.attacker_food == 2
    kill = attack_outcome(s, s.parse_action("attack 1 P3.2"))
    assert (2, 1) in kill.extinct and kill.prey_pop == -1 and kill.attacker_food == 1
    assert s.to_json() == _table().to_json()  # the position itself is untouched
    # and the tab says it
    ex = Explorer(s)
    assert "Horns: -1 population" in ex.attack.table.value and "(Scavenger)" in ex.attack.table.value


def test_attack_tab_for_someone_elses_carnivore_and_another_viewer():
    s = _table()
    ex = Explorer(s)
    ex.set_viewer(1)  # P2 watches: sees the report, may not attack for P1
    assert "blocked by" in ex.attack.table.value and not ex.attack.choice.options
    assert ex.attack.play_button.disabled


# ---------------------------------------------------------------- the table widget
def test_click_selects_a_species_the_picker_follows_and_a_marked_prey_is_attacked():
    ex = Explorer(_table())
    b, pk = ex.board, ex.picker
    assert b.click_species(0, 1) == "" and b.selected == "0.1"
    first = ex.state.parse_action(pk.choices()[0][1])
    assert first == ("eat", 1)
    assert "species 2 (body 1, population 2) is selected on the board" in pk.head.value
    b.click_species(0, 0)  # the carnivore: its prey are marked
    m = b.marks()
    assert set(m.targets) == {r.target for r in attack_rows(ex.state, 0, 0) if r.legal}
    assert m.blocked[(1, 2)] == "climbing" and 'class="species target"' in b.svg
    assert ex.attack.attacker.value == "0.0"  # the attack tab follows the board
    assert all(ex.state.parse_action(v)[0] == "attack" for _l, v in pk.choices()[:5])
    ply = ex.tree.ply
    assert b.click_species(1, 1) == "attack 1 P2.2"  # click the marked prey: the attack is played
    assert ex.tree.ply == ply + 1 and ex.state.players[1].species[1].pop == 1
    b.click_species(0, 0)
    b._on_msg(b, {"type": "species", "player": 1, "species": 2}, [])  # blocked: only selects
    assert b.selected == "1.2" and ex.tree.ply == ply + 1


def test_cards_in_hand_are_clickable_in_the_play_phase():
    ex = Explorer(evo_lab.make_game("evolution", players=3, seed=4))
    s = ex.session
    while s.state.phase != "play":
        s.step("random")
    b, pk = ex.board, ex.picker
    p = s.state.current_player()
    hand = s.observation()["players"][p]["hand"]
    assert b.svg.count('class="card') >= len(hand) and hand
    b.click_card(hand[0])
    assert b.card == hand[0] and f"the card <b>{label_words(s.state.game, hand[0])}</b>" in pk.head.value
    k = s.state.game.label_kind[hand[0]]
    first = s.state.parse_action(pk.choices()[0][1])
    assert k in first and first[0] in ("trait", "body", "pop", "new", "replace")
    b.click_species(p, 0)  # card and species: "trait 1 <card>" etc. first
    first = s.state.parse_action(pk.choices()[0][1])
    assert first[1] == 0 and first[2] == k
    pk.select.value = pk.choices()[0][1]
    assert pk.play_selected() == "" and b.card == ""  # the card left the hand: deselected


def test_bad_message_or_action_changes_nothing():
    ex = Explorer(_table())
    before = ex.state.to_json()
    ex.board._on_msg(ex.board, {"type": "action", "action": "attack 9 P9.9"}, [])
    assert ex.board.error and ex.state.to_json() == before
    ex.board._on_msg(ex.board, {"type": "species", "player": "x"}, [])
    assert "bad message" in ex.board.error and ex.state.to_json() == before


def test_a_players_view_hides_the_others_hands_and_face_down_cards():
    ex = Explorer(evo_lab.make_game("evolution", players=3, seed=2))
    s = ex.session
    while s.state.phase != "play":
        s.step("random")
    owner = s.state.current_player()
    s.play(next(a for a in s.state.legal_actions() if a[0] == "trait"))  # a trait card face down
    assert any(x.down for x in s.state.players[owner].species)
    other = (owner + 1) % 3
    ex.set_viewer(other)
    svg = ex.board.svg
    for q, pl in enumerate(s.state.players):
        labels = [s.state.game.labels[k] for k in pl.hand]
        if q == other:
            assert all(f'data-card="{x}"' in svg for x in labels)
        else:
            assert not any(f'data-card="{x}"' in svg for x in labels) and f"{len(labels)} card" in svg
    assert 'class="trait hidden"' in svg and "P" in ex.players.table.value
    ex.set_viewer(owner)
    assert "(face down: revealed at the feeding)" in ex.board.svg  # the owner sees their own face-down traits
    ex.set_viewer(None)
    assert 'class="trait hidden"' not in ex.board.svg  # the teacher sees every face-down trait
    # the history hides the face-down plays from the other viewer, not from the teacher
    ex.set_viewer(other)
    assert (
        "plays a trait card face down" in ex.stepper.moves.value
        or "puts a food card face down" in ex.story.text.value
    )


def test_board_draws_the_table_with_assumed_values_marked():
    ex = Explorer(evo_lab.make_game("evolution-climate", players=4, seed=3))
    svg = ex.board.svg
    assert "watering hole" in svg and svg.count('class="bag"') == 4 and "position +0 on the track" in svg
    # said once, under the action list (and in the badge), not again under the board nor on every card
    assert "Food values on the cards are assumed" not in svg
    assert "*" not in svg and "assumed" not in ex.picker.select.options[0][0]
    assert "assumed" in ex.picker.note.value  # said once under the action list
    assert "assumed data" in ex.header.value and "page on Evolution (North Star Games)" in ex.header.value
    ex.session.play_to("end", "greedy")
    assert ex.state.is_terminal() and "Game over" in ex.board.status and "won by" in ex.stepper.status.value


@pytest.mark.parametrize("bot", ["random", "greedy", "lively"])
def test_stepper_bots_play_a_round(bot):
    ex = Explorer(evo_lab.make_game("evolution", players=3, seed=6))
    assert set(ex.session.bot_names()) == {"random", "greedy", "lively"}
    ex.stepper.bot.value = bot
    r = ex.state.round
    ex.stepper.play_to("round")
    assert ex.state.round == r + 1 or ex.state.is_terminal()
    text = ex.story.text.value
    assert f"Round {r}</b>" in text and " eats " in text  # the engine's events are told in the story


# ---------------------------------------------------------------- issue 20: the table, the inspector, Climate
def test_the_table_is_laid_out_for_its_box_with_readable_text():
    """No text under 14 px at the size the table is shown (the widget reports its box); a big box (a projector)
    zooms the table up to fill it, a narrow one (JupyterLab at 1280x720 with its file browser) puts fewer boards in
    a row instead of shrinking the text."""
    from evo_lab.games.evolution.svg import MAX_ZOOM, font_sizes, table_svg

    s = _table()
    for width, height in ((430, 560), (700, 560), (1100, 950), (1800, 1000)):
        svg = table_svg(s, None, width=width, height=height)
        vb_w = float(svg.split('viewBox="0 0 ')[1].split()[0])
        shown_w = float(svg.split('width="')[1].split('"')[0])
        zoom = shown_w / vb_w
        assert zoom >= 1 and shown_w <= width + 1, (width, shown_w)
        assert min(font_sizes(svg)) * zoom >= 14, (width, min(font_sizes(svg)), zoom)
        shown_h = float(svg.split('height="')[1].split('"')[0])
        if width >= 1100:
            assert zoom > 1.2 and (shown_h >= 0.85 * height or shown_w >= 0.85 * width), (width, zoom)
        assert zoom <= MAX_ZOOM + 1e-9
    ex = Explorer(s)
    before = ex.board.svg
    ex.board._on_msg(ex.board, {"type": "size", "width": 1400, "height": 900}, [])
    assert ex.board.box == (1400, 900) and ex.board.svg != before and 'data-zoom="1"' not in ex.board.svg
    ex.board._on_msg(ex.board, {"type": "size", "width": 5, "height": 900}, [])  # nonsense: ignored
    assert ex.board.box == (1400, 900)


def test_the_table_names_traits_and_says_the_assumed_values_once():
    ex = Explorer(_table())
    svg = ex.board.svg
    assert "Warning Call" in svg and "Hard Shell" in svg and "warning-call" not in svg.split("data-")[0]
    # the explorer says it under its action list and in its badge, not a third time under the board; the
    # printable page (no badge, no action list) says it once
    assert not re.findall(r">[^<]*assumed", svg) and "watering hole" in svg and "3 plant food" in svg
    assert "assumed" in ex.picker.note.value
    assert len(re.findall(r">[^<]*assumed", ex.state.to_svg())) == 1


def test_feeding_inspector_shows_what_each_feeding_yields():
    from evo_lab.games.evolution.scenarios import scenario

    ex = Explorer(scenario("cooperation"))
    html = ex.attack.feeding.value
    assert "what each choice of P1 yields" in html and "(Foraging)" in html and "(Cooperation)" in html
    row = re.search(
        r"P1 feeds its species 1 .*?</td><td class='wrap'>(.*?)</td><td>(\d+)</td>",
        html.replace("&#x27;", "'"),
    )
    assert row and int(row.group(2)) == 2  # 8 plant food - 6
    assert row.group(1).count("eats 1 food") == 6
    ex.set_viewer(1)  # another player does not see P1's options
    assert ex.attack.feeding.value == ""


def test_climate_tab_only_in_climate_games():
    from evo_lab.games.evolution.scenarios import scenario

    ex = Explorer(evo_lab.make_game("evolution", players=3, seed=1))
    titles = lambda: [ex.tabs.get_title(i) for i in range(len(ex.tabs.children))]  # noqa: E731
    assert "Climate" not in titles()
    ex.session.open_scenario("climate_cold", game="evolution")
    assert "Climate" in titles() and len(re.findall(r"class='evo-zone( here)?'", ex.climate.track.value)) == 9
    assert "Ice Age (position -4)" in ex.climate.forecast.value
    ex.play("pass")  # the reveal: the marker moves
    assert (
        "the marker is on Ice Age (position -4 on the track: plant food -15 a round)"
        in ex.climate.track.value
    )
    ex.session.undo()
    ex.session.undo()  # back to the official game
    assert "Climate" not in titles() and not hasattr(ex, "climate")
    assert scenario("climate_cold").game.variant == "climate"


def test_the_story_tab_names_each_species_that_dies_in_one_step():
    """Issue (new-user review): two extinctions in one step named the same species twice (indices of the row
    before the step, which closes up after each extinction); the attack was told twice."""
    ex = Explorer("evolution", scenario="attack")
    ex.session.play("attack 1 P2.1")
    s, r = ex.state, ex.state.round
    while not s.is_terminal() and s.round == r:
        ex.session.play(s.legal_actions()[-1])
        s = ex.state
    lines = [x for _, ls in ex.session.view.story_rounds(ex.session.tree.path(), None) for x in ls]
    assert sum("attacks P2's species 1" in x for x in lines) == 1
    assert [x.strip() for x in lines if "goes extinct" in x] == [
        "P2's species 1 (body 2) goes extinct; P2 draws 1 card",
        "P3's species 1 (body 5) goes extinct; P3 draws 1 card",
        "P3's species 2 (body 2) goes extinct; no card is drawn for it",
    ]
