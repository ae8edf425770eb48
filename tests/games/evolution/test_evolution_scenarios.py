"""Evolution's and Climate's scenario presets (issue 20): each is a position of the game's own format read back by
its loader, its teacher's note cites the seeds, the action it is about is legal, and what the note says happens
happens when the engine plays it; the Explorer's Game tab menu, ``Explorer(scenario=...)`` and the presentation
page find them as they find Evo 2e's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import evo_lab
from evo_lab.games.evolution.scenarios import (
    UnknownScenarioError,
    position,
    scenario,
    scenario_info,
    scenarios,
    scenarios_markdown,
)
from evo_lab.views.widgets import Explorer
from evo_lab.views.widgets.present import scenario_names

ROOT = Path(__file__).resolve().parents[3]
IDS = [sc.id for sc in scenarios()]


def test_at_least_six_presets_of_both_games_with_notes_citing_the_seeds():
    assert len(IDS) >= 6 and len(set(IDS)) == len(IDS)
    games = {sc.game for sc in scenarios()}
    assert {"evolution", "evolution-climate"} <= games
    for sc in scenarios():
        # the developers' citation: the seed lines; the teacher's: the rulebook by its name and section
        assert re.search(r"seed 00[234] lines? \d+", sc.source), sc.id
        assert "seed 0" not in sc.rule and re.search(
            r"(rulebook|rules|manual)\b.*?, '[A-Z][^']+'", sc.rule
        ), sc.id
        assert len(sc.note) > 120 and sc.title
        if sc.game == "evolution-climate":
            assert "seed 002" in sc.source and "Evolution: Climate rules" in sc.rule, sc.id


def test_the_kits_readings_are_said_in_words_and_numbered_for_developers():
    """Issue 20: a teacher reads the kit's reading in words, not "the kit's rulings R2 and R9"; the ruling's
    number stays in ``source`` for developers, a ruling of ``docs/evolution.md``."""
    doc = (ROOT / "docs" / "evolution.md").read_text(encoding="utf-8")
    rulings = set(re.findall(r"^\| (R\d+) \|", doc, re.M))
    for sc in scenarios():
        assert not re.search(r"\bR\d+\b|docs/|§", sc.rule + sc.note), sc.id
        cited = set(re.findall(r"\bR\d+\b", sc.source))
        assert ("the kit's reading" in sc.rule) == bool(cited) and cited <= rulings, sc.id


def test_the_rule_names_sections_the_seeds_have():
    """Each section a teacher's rule names ('Feeding Carnivores') is a heading or phrase of the seed it cites."""
    shared = next((d for d in (ROOT.parent / "shared", ROOT.parent.parent / "shared") if d.is_dir()), ROOT)
    seeds = sorted((shared / "seeds").glob("00[234]_*.txt"))
    if len(seeds) < 3:
        pytest.skip("shared seeds not available")
    text = " ".join(p.read_text(encoding="utf-8") for p in seeds).lower()
    for sc in scenarios():
        for section in re.findall(r", '([A-Z][^']+)'", sc.rule):
            for part in section.split(": "):
                assert part.lower().replace("-", "") in text.replace("-", ""), (sc.id, part)


@pytest.mark.parametrize("sid", IDS)
def test_each_preset_is_a_legal_position_of_the_games_format(sid):
    sc = scenario_info(sid)
    s = scenario(sid)
    assert s.game.name == "evolution" and evo_lab.core.registry.game_id(s) in ("evolution",)
    assert s.game.variant == ("climate" if sc.game == "evolution-climate" else "official")
    s.check_invariants()
    assert not s.is_chance_node() and not s.is_terminal()
    if sc.shows is not None:
        assert sc.shows in [s.action_to_string(a) for a in s.legal_actions()], sid
    again = type(s).from_json(s.to_json())  # the format round-trips
    assert again.to_dict() == s.to_dict()
    assert position(sc.game, **sc.position)["state"] == s.to_dict()["state"]


def _play(sid: str, action: str):
    s = scenario(sid)
    c = s.clone()
    c.apply_action(action)
    return s, c


def test_the_notes_say_what_the_engine_does():
    s, c = _play("attack", "attack 1 P2.2")  # meat = prey body, Cooperation, Scavenger
    report = {(q, j): b for q, j, b in s.attack_report(0, 0)}
    assert report[(1, 2)] == "climbing" and report[(2, 1)] == "warning-call" and report[(2, 0)] == "body-size"
    assert report[(2, 2)] is None  # the Warning Call species itself may be attacked
    assert c.players[0].species[0].food == 2 and c.players[0].species[1].food == 1
    assert c.players[1].species[1].food == 1  # P2's Scavenger ate
    s, c = _play("intelligence_horns", "attack 1 P2.1")
    assert c.players[0].species[0].pop == 1  # gored
    s, c = _play("intelligence_horns", "attack 1 P2.1 negate horns")
    c.apply_action(c.legal_actions()[0])  # the card discarded for Intelligence
    assert c.players[0].species[0].pop == 2 and not c.players[0].hand
    s = scenario("forced_horns")
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["attack 1 P2.1"]
    s, c = _play("forced_horns", "attack 1 P2.1")
    assert not any(sp.has("carnivore") for sp in c.players[0].species)  # killed by the Horns
    s, c = _play("cooperation", "eat 1")
    assert s.observation(None)["wh"] - c.observation(None)["wh"] == 6
    s, c = _play("fat_tissue", "eat 1")
    assert c.players[0].species[0].fat == 1
    s, c = _play("starvation", "eat 1")
    while c.is_chance_node():
        c.apply_action(c.legal_actions()[0])
    assert len(c.players[0].species) == 1 and c.round == s.round + 1
    s = scenario("food_cards")
    assert s.phase == "food" and s.current_player() == 2 and all(a[0] == "food" for a in s.legal_actions())


def test_climate_presets_move_the_marker_and_strike():
    s, c = _play("climate_cold", "pass")
    hit = [e for e in c.new_events if type(e).__name__ == "ClimateHit"]
    assert c.observation(None)["climate"]["position"] == -4 and hit[0].name == "Ice Age"
    heavy_fur = c.players[0].species[0]
    assert heavy_fur.has("heavy-fur") and heavy_fur.pop == 3  # protected
    assert c.players[1].species[0].pop == 1  # 3 - 2
    _s, c = _play("climate_event", "pass")
    hit = [e for e in c.new_events if type(e).__name__ == "ClimateHit"]
    assert c.observation(None)["climate"]["position"] == -3 and hit[0].name == "Blizzard"


def _climate_hits(c) -> list:
    return [e for e in c.new_events if type(e).__name__ == "ClimateHit"]


def _bodies(c) -> list[list[tuple[int, int]]]:
    return [[(sp.body, sp.pop) for sp in p.species] for p in c.players]


def test_climate_has_at_least_six_presets_of_its_own_each_with_the_climate_rules():
    climate = [sc for sc in scenarios() if sc.game == "evolution-climate"]
    assert len(climate) >= 6
    for sc in climate:
        assert "Evolution: Climate rules (North Star Games), '" in sc.rule, sc.id
        assert "Climate" not in sc.title, sc.id  # the menu adds the game's name where it is needed, once


def test_climate_one_space_unless_more_than_double():
    """Seed 002 line 36: "if either side is greater than the other move the temperature cube 1 space in that
    climate direction ... If however the greater side is more than doubled compared to the losing climate move
    the temperature cube 2 space"."""
    s, c = _play("climate_one_space", "pass")
    moved = [e for e in c.new_events if type(e).__name__ == "ClimateMoved"]
    assert (moved[0].sun, moved[0].snow) == (2, 1) and (s.climate_pos, c.climate_pos) == (1, 2)
    assert _climate_hits(c)[0].name == "Hot" and _bodies(c) == [[(2, 2)], [(5, 1)], [(3, 2)]]


def test_climate_scorching_strikes_the_large_bodies():
    """Seed 002 line 3: "the climate can swing between scorching hot and icy cold"; line 36: two suns to none is
    more than double, 2 spaces; Scorching strikes body sizes 3 to 6 (assumed data, ruling R16)."""
    s, c = _play("climate_scorching", "pass")
    hit = _climate_hits(c)[0]
    assert c.climate_pos == 4 and (hit.name, hit.food, hit.loss) == ("Scorching", -15, 2)
    assert _bodies(c) == [[(2, 2)], [(4, 1)], []]  # the small species spared, body 6 extinct
    assert c.observation(None)["wh"] == 20 + 7 - 15


def test_climate_nocturnal_and_burrowing_shade_from_the_sun():
    """Seed 002 line 3: "Heavy Fur and Migratory can protect your species from the cold while being Nocturnal or
    Burrowing will provide protection from the cruel desert sun"."""
    s, c = _play("climate_shade", "pass")
    assert c.climate_pos == 3 and _climate_hits(c)[0].name == "Sweltering"
    assert _bodies(c) == [[(5, 2)], [(5, 2)], [(5, 1)]]  # Nocturnal, Burrowing kept; Heavy Fur does not shade
    assert c.players[2].species[0].has("heavy-fur")


def test_climate_a_fourth_trait():
    """Seed 002 line 27: "A species may not ... have more than 3 traits ... or when playing climate you may have
    up to 4 traits (or 3 traits when playing a 2-player game)"."""
    s = scenario("climate_four_traits")
    assert len(s.players[0].species[0].cards) == 3
    assert "trait 1 heavy-fur+1" in [s.action_to_string(a) for a in s.legal_actions()]
    c = s.clone()
    c.apply_action(s.parse_action("trait 1 heavy-fur+1"))
    assert len(c.players[0].species[0].cards) == 4
    base = position(
        "evolution",
        [[(2, 3, 0, 0, ["foraging", "cooperation", "long-neck"])], [(3, 2, 0, 0, [])], [(1, 2, 0, 0, [])]],
        hands=[["horns"], [], []],
        phase="play",
    )
    plain = type(s).from_dict(base)  # the same species without Climate: only a replacement
    kinds = {a[0] for a in plain.legal_actions()}
    assert "replace" in kinds and "trait" not in kinds


def test_climate_a_used_event_leaves_and_the_next_is_drawn():
    """Seed 002 line 36: "After the round the climate event is removed from game and a new event from the same
    climate deck gets drawn and put into play in its corresponding regions"."""
    s, c = _play("climate_event_leaves", "pass")
    assert c.climate_pos == 2 and _climate_hits(c)[0].name == "Heat Wave"
    assert _bodies(c) == [[(3, 1)], [(1, 1)], [(2, 1)]]
    wave = [e.name for e in s.game.pack.events].index("Heat Wave")
    assert s.events_in_play["hot"] == wave and s.event_pool[wave] == 2
    while not c.is_chance_node():  # the feeding to the end of the round
        c.apply_action(c.legal_actions()[0])
    assert c.events_in_play["hot"] == -1 and c.event_pool[wave] == 2  # the card used left the game
    draws = [c.action_to_string(a) for a in c.legal_actions()]
    assert draws and all(d.startswith("event hot") for d in draws)
    assert all(sp.pop == 1 for p in c.players for sp in p.species)  # every species fed: no extinction


def test_unknown_preset():
    with pytest.raises(UnknownScenarioError, match="the scenarios are attack"):
        scenario("nope")
    with pytest.raises(ValueError, match="no card 'nope'"):
        position("evolution", [[(1, 1, 0, 0, ["nope"])], [], []])


def test_the_explorer_menu_and_the_presentation_page_find_them():
    ex = Explorer(evo_lab.make_game("evolution", players=3, seed=1))
    files = ex.files
    assert [v for _t, v in files.scenario.options] == IDS and files.scenario_box.layout.display != "none"
    files.scenario.value = "intelligence_horns"
    assert "online Evolution game&#x27;s manual, &#x27;Feeding of carnivores" in files.scenario_note.value
    assert "seed 0" not in files.scenario_note.value
    files.scenario.value = "climate_cold"
    assert files.open_scenario() == "" and ex.state.game.variant == "climate"
    assert ex.state.to_dict() == scenario("climate_cold").to_dict()
    assert "Climate" in ex.header.value
    ex.stepper.b_undo.click()  # back to the game before
    assert ex.state.game.variant == "official"
    assert Explorer("evolution", scenario="attack").state.to_dict() == scenario("attack").to_dict()
    assert set(IDS) <= set(scenario_names("evolution"))


def test_docs_list_the_presets():
    text = (ROOT / "docs" / "evolution.md").read_text(encoding="utf-8")
    assert scenarios_markdown() in text, (
        "docs/evolution.md: paste evo_lab.games.evolution.scenarios.scenarios_markdown()"
    )
