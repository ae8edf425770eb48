"""The rulings the seeds settle (issue 22): each test quotes its seed line, checks the default (the seed's reading)
and the option that keeps the engine's earlier reading; records played before these rulings replay move for move
under the options of their version.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

import evo_lab
from evo_lab.core.errors import FormatError, IllegalActionError
from evo_lab.games.evolution.course.harness import run
from evo_lab.games.evolution.events import Ate, Attacked, ClimateHit, Extinct, Grew
from evo_lab.games.evolution.model import Player, Species
from evo_lab.games.evolution.phases.climate import climate_hit
from evo_lab.games.evolution.phases.play_cards import replace_trait
from evo_lab.games.evolution.phases.reveal import start_effects
from evo_lab.games.evolution.positions import from_boards
from evo_lab.games.evolution.rules import LEGACY_OPTIONS, GameConfigError, RuleOptions, course2016
from evo_lab.games.evolution.state import State
from evo_lab.games.evolution.traits import TRAIT_BIT
from evo_lab.games.evolution.words import event_words

HORNS, SCAV, CLIMB = TRAIT_BIT["horns"], TRAIT_BIT["scavenger"], TRAIT_BIT["climbing"]
LEGACY = Path(__file__).parent / "legacy"


def game(players: int = 2, variant: str = "official", **opts: object) -> object:
    return evo_lab.make_game("evolution", players=players, variant=variant, options=opts or None, seed=0)


# ----- R3: Intelligence against Horns (seed 004 line 71)


def _horned_prey(**opts: object) -> State:
    """P1: a Carnivore with Intelligence (body 4, pop 3) and a Scavenger; P2: a horned prey and a Scavenger."""
    return from_boards(
        game(**opts),
        [
            [(4, 3, 0, 0, ["carnivore", "intelligence"]), (1, 2, 0, 0, ["scavenger"])],
            [(1, 2, 0, 0, ["horns"]), (2, 2, 0, 0, ["scavenger"])],
        ],
        hands=[["fertile", "long-neck"], []],
        watering_hole=0,
    )


def test_intelligence_may_disable_the_preys_horns() -> None:
    """Seed 004 line 71: "A carnivore can use Intelligence to disable characteristics of other animals. He does
    this by choosing a hand card to discard, then activating intelligence and selecting the property desired.
    This property is now disabled in ALL species until the attack has been completed." """
    s = _horned_prey()
    acts = s.legal_actions()
    assert ("attack", 0, 1, 0) in acts and ("attack", 0, 1, 0, HORNS) in acts
    s.apply_action(("attack", 0, 1, 0, HORNS))
    assert all(a[0] == "discard" for a in s.legal_actions())  # the card is discarded first
    s.apply_action(s.legal_actions()[0])
    att, prey = s.players[0].species[0], s.players[1].species[0]
    assert (att.pop, att.food, prey.pop) == (3, 1, 1)  # not gored: the attacker keeps its population
    assert len(s.players[0].hand) == 1
    hit = next(e for e in s.new_events if isinstance(e, Attacked))
    assert not hit.horns and hit.disabled == "horns" and "Intelligence disabled Horns" in hit.text()


def test_plain_attack_on_horns_still_costs_the_attacker() -> None:
    """Seed 003 line 150: "a Carnivore must eat a species with Horns if that's the only legal option"; without
    Intelligence the Horns wound the attacker (reference §6.1)."""
    s = _horned_prey()
    s.apply_action(("attack", 0, 1, 0))
    assert s.players[0].species[0].pop == 2 and s.players[1].species[0].pop == 1


def test_intelligence_may_disable_scavenger_in_all_species() -> None:
    """Seed 004 line 71: the property is "disabled in ALL species until the attack has been completed": with
    Scavenger disabled, no Scavenger eats from this attack, the attacker's own neither."""
    s = _horned_prey()
    assert ("attack", 0, 1, 0, SCAV) in s.legal_actions()
    s.apply_action(("attack", 0, 1, 0, SCAV))
    s.apply_action(s.legal_actions()[0])
    assert s.players[0].species[1].food == 0 and s.players[1].species[1].food == 0
    assert s.players[0].species[0].pop == 2  # Horns were not disabled: the attacker is gored
    s2 = _horned_prey()
    s2.apply_action(("attack", 0, 1, 0))
    assert s2.players[0].species[1].food == 1 and s2.players[1].species[1].food == 1


def test_intelligence_blockers_option_keeps_ruling_r3() -> None:
    """Option ``intelligence_disables="blockers"`` (ruling R3 before issue 22): only a trait that blocks the attack
    may be disabled, so Horns always wound and Scavengers always eat."""
    s = _horned_prey(intelligence_disables="blockers")
    assert [a for a in s.legal_actions() if a[0] == "attack" and len(a) == 5] == []
    g = game(intelligence_disables="blockers")
    s = from_boards(
        g,
        [[(4, 2, 0, 0, ["carnivore", "intelligence"])], [(1, 1, 0, 0, ["climbing"])]],
        hands=[["horns"], []],
        watering_hole=0,
    )
    assert s.legal_actions() == [("attack", 0, 1, 0, CLIMB)]


def test_a_blocked_attack_still_offers_only_the_blocker() -> None:
    """A Climbing prey with Horns: only one property is disabled per attack, so the attacker disables the
    Climbing and is gored by the Horns (seed 004 line 71: "selecting the property desired")."""
    s = from_boards(
        game(),
        [[(4, 3, 0, 0, ["carnivore", "intelligence"])], [(1, 2, 0, 0, ["climbing", "horns"])]],
        hands=[["fertile"], []],
        watering_hole=3,
    )
    assert s.legal_actions() == [("attack", 0, 1, 0, CLIMB)]
    s.apply_action(s.legal_actions()[0])
    s.apply_action(s.legal_actions()[0])
    assert s.players[0].species[0].pop == 2


def test_attack_tab_names_what_intelligence_can_disable() -> None:
    pytest.importorskip("ipywidgets")
    from evo_lab.views.games.evolution.attack import attack_rows

    rows = attack_rows(_horned_prey(), 0, 0)
    prey = next(r for r in rows if r.target == (1, 0))
    assert prey.blocker is None and prey.legal == "attack 1 P2.1"
    assert prey.negate == ["attack 1 P2.1 negate horns", "attack 1 P2.1 negate scavenger"]


# ----- R20: a non-Carnivore's Intelligence is used before eating (seed 004 lines 46-57)


def _to_reveal(s: State) -> State:
    while s.phase == "play":
        s.apply_action(("pass",))
    return s


def _herbivores(first: int = 0, **opts: object) -> State:
    g = game(**opts)
    return from_boards(
        g,
        [[(2, 3, 0, 0, ["intelligence"])], [(2, 2, 0, 0, ["intelligence"]), (1, 1, 0, 0, [])]],
        hands=[["horns", "fertile"], ["climbing"]],
        watering_hole=5,
        phase="play",
        turn=first,
        first=first,
    )


def test_herbivore_intelligence_before_eating_from_the_starting_player() -> None:
    """Seed 004 lines 46-57: "Before eating ... Animals with the properties Long Neck, Fertile, Fat Tissue,
    Intelligence (only as herbivores) can now use these, starting with the starting player, by clicking them
    ("Run") ... In order to use intelligence, you must first select a card to be discarded." """
    s = _to_reveal(_herbivores(first=1))
    assert (s.phase, s.current_player(), s.asking) == ("feed", 1, 0)
    assert s.legal_actions() == [("eat", 0, "intel"), ("pass",)]
    assert "P2 does not use the Intelligence of its species 1" in s.describe_action(("pass",))
    s.apply_action(("pass",))  # P2 declines
    assert (s.current_player(), s.asking) == (0, 0)
    s.apply_action(("eat", 0, "intel"))
    s.apply_action(s.legal_actions()[0])  # discard a card
    sp = s.players[0].species[0]
    assert (
        sp.food == s.options.intelligence_food == 2 and s.watering_hole == 5 and len(s.players[0].hand) == 1
    )
    # feeding starts with the starting player; Intelligence is not a feeding any more this round
    assert s.asking == -1 and s.current_player() == 1
    assert all(len(a) == 2 for a in s.legal_actions())
    with pytest.raises(IllegalActionError) as e:
        s.apply_action(("eat", 0, "intel"))
    assert e.value.reason == "before_eating"


def test_the_before_eating_window_survives_a_json_round_trip() -> None:
    s = _to_reveal(_herbivores())
    back = type(s).from_json(s.to_json(), s.game)
    assert back.asking == s.asking == 0 and back.legal_actions() == s.legal_actions()
    assert s.observation(1)["asking"] == 0


def test_herbivore_intelligence_feeding_turn_option() -> None:
    """Option ``herbivore_intelligence="feeding_turn"`` (the engine before issue 22): Intelligence is one of the
    species' feedings, as often as it is hungry and its owner holds a card."""
    s = _to_reveal(_herbivores(herbivore_intelligence="feeding_turn"))
    assert s.asking == -1 and ("eat", 0, "intel") in s.legal_actions()
    s.apply_action(("eat", 0, "intel"))
    s.apply_action(s.legal_actions()[0])
    s.apply_action(("eat", 1))  # P2 feeds
    assert ("eat", 0, "intel") in s.legal_actions()  # again, on P1's next feeding


# ----- R18: start-of-feeding order (seed 002 line 35)


def _start_table(resolution: str) -> SimpleNamespace:
    o = replace(course2016(), fertile_needs_food=True, start_resolution=resolution)
    return SimpleNamespace(
        players=[
            Player([Species(1, 2, traits=["fertile", "long-neck"])]),
            Player([Species(1, 2, traits=["fertile", "long-neck"])]),
        ],
        watering_hole=1,
        options=o,
        new_events=[],
        first=0,
    )


def test_each_player_resolves_all_their_start_traits_first() -> None:
    """Seed 002 line 35: "If there is any conflict in resolution of leafy border cards, resolution proceeds
    clockwise from the first player, and each player resolves all their leafy border effects before the next
    begins." With one plant food on the watering hole, P1's Long Neck eats it before P2's Fertile looks."""
    t = _start_table("player")
    start_effects(t, "course")
    assert [(type(e).__name__, e.player) for e in t.new_events] == [("Grew", 0), ("Ate", 0)]
    assert [p.species[0].pop for p in t.players] == [3, 2] and t.watering_hole == 0


def test_start_traits_trait_by_trait_option() -> None:
    """Option ``start_resolution="trait"`` (the engine before issue 22, and the course's dealer.rkt): every
    Fertile first, then every Long Neck."""
    t = _start_table("trait")
    start_effects(t, "course")
    assert [(type(e).__name__, e.player) for e in t.new_events] == [("Grew", 0), ("Grew", 1), ("Ate", 0)]
    assert [p.species[0].pop for p in t.players] == [3, 3]


def test_climate_reveal_order_by_player() -> None:
    """Climate: Long Neck and Nocturnal act when the food is revealed; each player takes both before the next."""
    for resolution, want in (("player", [0, 0, 1, 1]), ("trait", [0, 1, 0, 1])):
        g = game(2, "climate", start_resolution=resolution)
        s = from_boards(
            g,
            [[(3, 3, 0, 0, ["long-neck", "nocturnal"])], [(3, 3, 0, 0, ["long-neck", "nocturnal"])]],
            watering_hole=0,
            phase="play",
        )
        _to_reveal(s)
        assert [e.player for e in s.new_events if isinstance(e, (Ate, Grew))] == want


# ----- R19: a Climate event strikes when the cube moves into its region (seed 002 line 36)


def _climate_round(food: str | None, **opts: object) -> State:
    """P1 and P2 with one body-5 species each, the cube on Cool (-1), Blizzard (cold, regions -4..-3) in play;
    P1's food card (if any) is revealed at the start of feeding."""
    g = game(2, "climate", **opts)
    s = from_boards(
        g,
        [[(5, 3, 0, 0, [])], [(5, 3, 0, 0, [])]],
        hands=[[food] if food else [], []],
        watering_hole=9,
        phase="food" if food else "play",
    )
    s.events_in_play = {
        "cold": next(i for i, e in enumerate(g.pack.events) if e.name == "Blizzard"),
        "hot": -1,
    }
    if food:
        s.apply_action(("food", g.label_kind[food]))
    return s


def test_climate_event_strikes_when_the_cube_moves_into_its_region() -> None:
    """Seed 002 line 36: "Whenever the temperature cube moves into a climate region with a climate event card
    attached to it the climate will follow the properties of the event card for this round"."""
    s = _climate_round("fertile-3~snow")
    s.climate_pos = -1
    _to_reveal(s)
    assert s.climate_pos == -3 and s.event_used == "cold"
    assert [e.name for e in s.new_events if isinstance(e, ClimateHit)] == ["Blizzard"]
    assert [p.species[0].pop for p in s.players] == [2, 2]  # Blizzard: -1 population at every body size


def test_climate_event_does_not_strike_a_cube_that_stays() -> None:
    """The cube already sits in Blizzard's region and does not move (no icons): the zone's climate applies
    (Frigid: body 1-3 only), the event waits for a cube that moves in."""
    s = _climate_round(None)
    s.climate_pos = -3
    _to_reveal(s)
    assert s.climate_pos == -3 and s.event_used == ""
    assert [e.name for e in s.new_events if isinstance(e, ClimateHit)] == ["Frigid"]
    assert [p.species[0].pop for p in s.players] == [3, 3]


def test_climate_event_stay_option() -> None:
    """Option ``climate_event_on="stay"`` (the engine before issue 22): the event strikes whenever the cube is in
    its region."""
    s = _climate_round(None, climate_event_on="stay")
    s.climate_pos = -3
    _to_reveal(s)
    assert s.event_used == "cold" and [p.species[0].pop for p in s.players] == [2, 2]
    t = _climate_round(None)
    t.climate_pos = -3
    assert climate_hit(t, moved=False) == t.game.pack.zones[1].food  # the Frigid zone's food change


# ----- R17: the Climate deck by player count (seed 002 line 14)


@pytest.mark.parametrize(
    "players,seed_deck,table_deck", [(2, 97, 49), (3, 137, 77), (4, 137, 107), (5, 137, 137), (6, 137, 137)]
)
def test_climate_deck_by_player_count(players: int, seed_deck: int, table_deck: int) -> None:
    """Seed 002 line 14: "Set 40 cards from the draw deck, and place them to the side to form the end game deck
    ... When playing a 2-player game randomly remove 40 additional traits from the main deck and remove them
    completely from this game." Nothing else is removed (177 cards: reference §8). Option
    ``climate_removal="table"``: reference §8's table (ksuchak1990 blog), the engine before issue 22."""
    s = game(players, "climate").new_initial_state()
    assert (s.left, s.end_deck, s.game.deck.size) == (seed_deck, 40, 177)
    assert game(players, "climate", climate_removal="table").new_initial_state().left == table_deck


# ----- R5: food stored on a replaced Fat Tissue (course xstep4 and the base game)


def _step4(traits_after: str) -> list:
    conf = [
        [
            [
                ["id", 1],
                [
                    "species",
                    [
                        [
                            ["food", 0],
                            ["body", 3],
                            ["population", 1],
                            ["traits", ["fat-tissue"]],
                            ["fat-food", 2],
                        ]
                    ],
                ],
                ["bag", 0],
                ["cards", [[0, "carnivore"], [1, traits_after]]],
            ],
            [
                ["id", 2],
                ["species", [[["food", 0], ["body", 1], ["population", 1], ["traits", []]]]],
                ["bag", 0],
                ["cards", [[0, "horns"]]],
            ],
            [["id", 3], ["species", []], ["bag", 0], ["cards", [[0, "horns"]]]],
        ],
        0,
        [],
    ]
    return [conf, [[0, [], [], [], [[0, 0, 1]]], [0, [], [], [], []], [0, [], [], [], []]]]


def test_course_fat_food_goes_with_a_replaced_fat_tissue() -> None:
    """Course data definition (reference §3): "Species+ may add a 5th pair ["fat-food",Nat], present only with
    fat-tissue"; an RT that replaces the Fat Tissue leaves a species without it, so its fat food is gone."""
    out = run("xstep4", _step4("horns"))
    assert out[0][0][1][1] == [[["food", 0], ["body", 3], ["population", 1], ["traits", ["horns"]]]]


def test_fat_without_tissue_option() -> None:
    """Ruling R5 is assumed for the base game (the seeds are silent); option ``fat_without_tissue="kept"`` leaves
    the food on the species (the course harness before issue 22)."""
    for mode, fat in (("lost", 0), ("kept", 2)):
        o = replace(course2016(), fat_without_tissue=mode)
        t = SimpleNamespace(
            players=[Player([Species(3, 1, fat=2, traits=["fat-tissue"])])], options=o, discard=lambda k: None
        )
        replace_trait(t, 0, 0, 0, -1, "horns", False)
        assert t.players[0].species[0].fat == fat
    for mode, fat in (("lost", 0), ("kept", 2)):
        s = from_boards(
            game(fat_without_tissue=mode),
            [[(3, 2, 0, 2, ["fat-tissue", "horns"])], [(1, 1, 0, 0, [])]],
            hands=[["climbing"], []],
            phase="play",
        )
        k = s.players[0].hand[0]
        s.apply_action(("replace", 0, 0, k))
        assert s.players[0].species[0].fat == fat
        s.check_invariants()
    assert game().options.fat_without_tissue == "lost"


# ----- R21: food stored on the Fat Tissue of an extinct species (seed 004 line 81)

SEED_004_LINE_81 = (
    "When a species' population drops to 0, it becomes extinct and is immediately removed. All food "
    "chips left on the now extinct species are added to the victory points."
)


def _fat_prey(**opts: object) -> State:
    """P1: a Carnivore (body 5); P2: a fed Fat Tissue species (population 1, 1 food, 2 stored) and another;
    P2's bag holds 4."""
    return from_boards(
        game(**opts),
        [[(5, 2, 0, 0, ["carnivore"])], [(2, 1, 1, 2, ["fat-tissue"]), (1, 1, 0, 0, [])]],
        bags=[0, 4],
    )


def test_fat_of_an_extinct_species_goes_to_its_owners_bag() -> None:
    """Seed 004 line 81 (quoted in :data:`SEED_004_LINE_81`): the food stored on the Fat Tissue of a species
    that goes extinct is scored by its owner, with the food on its population track (ruling R1: the owner's)."""
    assert (
        "All food chips left on the now extinct species are added to the victory points" in SEED_004_LINE_81
    )
    s = _fat_prey()
    before = s.scores()
    s.apply_action(("attack", 0, 1, 0))
    assert len(s.players[1].species) == 1 and s.players[1].bag == 4 + 1 + 2  # its food, then its fat
    ext = next(e for e in s.new_events if isinstance(e, Extinct))
    assert ext.fat == 2 and "2 food stored on its Fat Tissue go into" in ext.text()
    assert "the 2 food stored on its Fat Tissue go into P2's food bag" in event_words(s.game, ext)
    # P2 loses the species' population (1) and trait (1) and scores its 3 food: the total does not move
    assert s.scores()[1] == before[1] - 1 - 1 + 3
    s.check_invariants()


def test_fat_of_a_species_killed_by_the_climate_goes_to_its_owners_bag() -> None:
    """Climate (seed 002 line 43 is silent about the food on an extinct species): the official ruling applies.
    The Cold zone (-2) costs body 1-2 one population at the reveal; Fat Tissue has moved 1 of its 3 stored food
    onto the population first (ruling R4), which goes to the owner's bag (R1), the other 2 with it (R21)."""
    s = from_boards(
        game(2, "climate"),
        [[(2, 1, 0, 3, ["fat-tissue"]), (5, 1, 0, 0, [])], [(5, 2, 0, 0, [])]],
        watering_hole=9,
        phase="play",
        bags=[1, 0],
    )
    s.climate_pos, s.events_in_play = -2, {"cold": -1, "hot": -1}
    _to_reveal(s)
    assert [sp.body for sp in s.players[0].species] == [5] and s.players[0].bag == 1 + 1 + 2
    assert next(e for e in s.new_events if isinstance(e, Extinct)).fat == 2


def test_fat_at_extinction_lost_option() -> None:
    """Option ``fat_at_extinction="lost"`` (the engine before, and the course's preset: its dealer removes the
    species with its tokens): the fat leaves with the board; version-1 records were played under it."""
    s = _fat_prey(fat_at_extinction="lost")
    s.apply_action(("attack", 0, 1, 0))
    assert s.players[1].bag == 4 + 1
    assert next(e for e in s.new_events if isinstance(e, Extinct)).fat == 0
    assert course2016().fat_at_extinction == "lost" and LEGACY_OPTIONS["fat_at_extinction"] == "lost"
    assert game().options.fat_at_extinction == "bag"
    with pytest.raises(GameConfigError, match="fat_at_extinction"):
        RuleOptions.from_dict({"fat_at_extinction": "attacker"})


# ----- the options and the records written before the rulings


def test_ruling_options_are_checked() -> None:
    with pytest.raises(GameConfigError, match="intelligence_disables"):
        RuleOptions.from_dict({"intelligence_disables": "some"})
    assert RuleOptions.from_dict(LEGACY_OPTIONS).herbivore_intelligence == "feeding_turn"


@pytest.mark.parametrize("name", ["official_4p_seed50", "climate_2p_seed4", "climate_3p_seed7"])
def test_records_of_version_one_replay_under_the_old_rulings(name: str) -> None:
    """Seeded random games recorded by the engine before issue 22 (game version 1) replay move for move under
    :data:`LEGACY_OPTIONS` and end in the same position; under today's defaults they cannot be replayed (each
    meets a ruling that changed: the official game a herbivore's Intelligence, Climate the deck size or an event
    that no longer strikes)."""
    rec = json.loads((LEGACY / f"{name}.record.json").read_text())
    final = json.loads((LEGACY / f"{name}.final.json").read_text())
    assert rec["game_version"] == 1
    s = State.from_record(rec)
    assert s.state_dict() == final and s.is_terminal()
    assert {k: getattr(s.game.options, k) for k in LEGACY_OPTIONS} == LEGACY_OPTIONS
    again = State.from_record(s.to_record())  # written as version 2, with the old rulings named
    assert again.state_dict() == final
    try:
        same = State.from_record(dict(rec, game_version=2)).state_dict() == final
    except FormatError:  # an action of the old game is not legal under today's rulings
        same = False
    assert not same


def test_greedy_bot_sees_what_intelligence_buys() -> None:
    """The greedy bot looks at an Intelligence attack with its discard made: sparing a population is worth more
    than the card it costs, so against Horns it disables them."""
    import numpy as np

    from evo_lab.games.evolution.bots import greedy_policy

    s = from_boards(
        game(),
        [[(4, 3, 0, 0, ["carnivore", "intelligence"])], [(1, 2, 0, 0, ["horns"])]],
        hands=[["fertile"], []],
        watering_hole=0,
    )
    assert greedy_policy(np.random.default_rng(0))(s) == ("attack", 0, 1, 0, HORNS)
