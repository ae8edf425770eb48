"""The presets of *Evolution: Climate* (seed 002, the Climate rules), one Climate rule each; the scenario menu
(:mod:`.scenarios`) lists them after Evolution's, and first when the game picked is a Climate game.

Every one is a position of the Climate game (``game="evolution-climate"``) in the format :func:`.scenario_base.position`
writes; ``tests/games/evolution/test_evolution_scenarios.py`` plays each and checks that what its note says happens.

>>> [sc.id for sc in CLIMATE_SCENARIOS][:2]
['climate_cold', 'climate_event']
>>> all(sc.game == "evolution-climate" for sc in CLIMATE_SCENARIOS), len(CLIMATE_SCENARIOS) >= 6
(True, True)
"""

from __future__ import annotations

from .scenario_base import CLIMATE, CLIMATE_READING, READING, Scenario

__all__ = ["CLIMATE_SCENARIOS"]

_GAME = "evolution-climate"
#: event cards in play that the marker's way does not move into (an event strikes only where the marker moves in)
_QUIET_COLD_DROUGHT = {"cold": "Blizzard", "hot": "Drought"}
_QUIET_HEAT_WAVE = {"cold": "Blizzard", "hot": "Heat Wave"}

CLIMATE_SCENARIOS: tuple[Scenario, ...] = (
    Scenario(
        "climate_cold",
        "Snowflakes bring the Ice Age",
        "Evolution: Climate. The marker stands on Cold (-2) and the three food cards placed carry two snowflakes "
        "and no sun: more than double, so at the reveal the marker moves 2 spaces, to Ice Age (-4): 15 plant food "
        "less, and species of body size 1 to 4 lose 2 population unless Heavy Fur or Migratory protects them. P3 "
        "passes last and the cards are revealed: compare P1's Heavy Fur species with P2's.",
        f"{CLIMATE}, 'Contribute Food and Climate Change', 'Feeding: Climate change' and 'Overview' (Heavy "
        f"Fur); {READING}: {CLIMATE_READING}",
        "pass",
        game=_GAME,
        source="seed 002 lines 25 and 36; seed 002 line 3 (Heavy Fur); docs/evolution.md R16, R19",
        position=dict(
            boards=[
                [(2, 3, 0, 0, ["heavy-fur"]), (4, 2, 0, 0, [])],
                [(2, 3, 0, 0, ["foraging"])],
                [(5, 2, 0, 0, [])],
            ],
            food_cards=["horns+1~snow", "climbing+2~snow", "fertile+3"],
            hands=[[], [], ["burrowing"]],
            watering_hole=10,
            phase="play",
            turn=2,
            climate=-2,
            events={"cold": "Ice Storm", "hot": "Heat Wave"},
        ),
    ),
    Scenario(
        "climate_event",
        "An event card strikes",
        "Evolution: Climate. The marker stands on Cold (-2); the cold event Blizzard lies under Frigid and Ice Age. "
        "The food cards carry two snowflakes and one sun: the marker moves 1 space, into Frigid, and the Blizzard "
        "strikes instead of the zone: food -4 and every species of body 1 to 6 without protection loses 1 "
        "population. Afterwards the Blizzard leaves the game and a new cold event is drawn.",
        f"{CLIMATE}, 'Feeding: Climate change' ('Whenever the temperature cube moves into a climate region with "
        f"a climate event card attached to it ...'); {READING}: {CLIMATE_READING}",
        "pass",
        game=_GAME,
        source="seed 002 line 36; docs/evolution.md R16, R19",
        position=dict(
            boards=[[(2, 3, 0, 0, ["migratory"])], [(3, 2, 0, 0, [])], [(1, 2, 0, 0, ["heavy-fur"])]],
            food_cards=["horns+1~snow", "climbing+2~snow", "fertile+1~sun"],
            hands=[[], [], ["burrowing"]],
            watering_hole=6,
            phase="play",
            turn=2,
            climate=-2,
            events={"cold": "Blizzard", "hot": "Heat Wave"},
        ),
    ),
    Scenario(
        "climate_one_space",
        "Two suns against one snowflake: one space",
        "Evolution: Climate. The marker stands on Warm (+1). The food cards placed carry two suns and one snowflake: "
        "the sun side is greater, but not more than double the snowflakes, so at the reveal the marker moves 1 "
        "space towards the heat, into Hot (+2), not 2. Hot takes 3 plant food and costs species of body 5 or 6 one "
        "population: P2's body 5 species drops to 1. Ask: which card would P3 place to send the marker 2 spaces, "
        "or to keep it on Warm? (Equal suns and snowflakes: it stays.)",
        f"{CLIMATE}, 'Feeding: Climate change' ('if either side is greater than the other move the temperature "
        f"cube 1 space in that climate direction ... If however the greater side is more than doubled ... move the "
        f"temperature cube 2 space'); {READING}: {CLIMATE_READING}",
        "pass",
        game=_GAME,
        source="seed 002 line 36; docs/evolution.md R16, R19",
        position=dict(
            boards=[[(2, 2, 0, 0, [])], [(5, 2, 0, 0, [])], [(3, 2, 0, 0, [])]],
            food_cards=["climbing+1~sun", "fertile+1~sun", "horns+1~snow"],
            hands=[[], [], ["burrowing"]],
            watering_hole=6,
            phase="play",
            turn=2,
            climate=1,
            events=_QUIET_COLD_DROUGHT,
        ),
    ),
    Scenario(
        "climate_scorching",
        "Scorching heat strikes the large species",
        "Evolution: Climate. The marker stands on Hot (+2) and the food cards carry two suns and no snowflake: the "
        "marker moves 2 spaces, to Scorching (+4), the hottest zone. Heat strikes the other end of the body "
        "sizes from cold: in Scorching every species of body size 3 to 6 loses 2 population and 15 plant food "
        "dry up, while the small species are spared. P1's body 2 species keeps its population, P2's body 4 "
        "species drops from 3 to 1 and P3's body 6 species goes extinct.",
        f"{CLIMATE}, 'Overview' ('the climate can swing between scorching hot and icy cold') and 'Feeding: "
        f"Climate change'; {READING}: {CLIMATE_READING}",
        "pass",
        game=_GAME,
        source="seed 002 lines 3 and 36; docs/evolution.md R16, R19",
        position=dict(
            boards=[[(2, 2, 0, 0, [])], [(4, 3, 0, 0, [])], [(6, 2, 0, 0, ["carnivore"])]],
            food_cards=["climbing+1~sun", "fertile+4~sun", "horns+2"],
            hands=[[], [], ["foraging"]],
            watering_hole=20,
            phase="play",
            turn=2,
            climate=2,
            events=_QUIET_HEAT_WAVE,
        ),
    ),
    Scenario(
        "climate_shade",
        "Nocturnal and Burrowing shelter from the sun",
        "Evolution: Climate. The marker stands on Warm (+1); the food cards carry one sun and no snowflake, so the "
        "marker moves 2 spaces, into Sweltering (+3), where species of body size 4 to 6 lose 1 population. Three "
        "species of body 5 stand in the heat: P1's has Nocturnal, P2's Burrowing, P3's neither. Only P3's loses "
        "population (2 to 1): Nocturnal and Burrowing protect from the sun. Heavy Fur protects from the cold "
        "only: P3's fur does not help here.",
        f"{CLIMATE}, 'Overview' ('Nocturnal or Burrowing will provide protection from the cruel desert sun') and "
        f"'Feeding: Climate change'; {READING}: {CLIMATE_READING}",
        "pass",
        game=_GAME,
        source="seed 002 lines 3 and 36; docs/evolution.md R16, R19",
        position=dict(
            boards=[
                [(5, 2, 0, 0, ["nocturnal"])],
                [(5, 2, 0, 0, ["burrowing"])],
                [(5, 2, 0, 0, ["heavy-fur"])],
            ],
            food_cards=["climbing+1~sun", "fertile+3", "horns+2"],
            hands=[[], [], ["foraging"]],
            watering_hole=8,
            phase="play",
            turn=2,
            climate=1,
            events=_QUIET_HEAT_WAVE,
        ),
    ),
    Scenario(
        "climate_four_traits",
        "A fourth trait on a species",
        "Evolution: Climate. P1's species 1 already has three traits (Foraging, Cooperation, Long Neck), the "
        "most the base game allows. In Climate a species may carry up to 4 traits (3 in a 2-player game): P1 may "
        "play Heavy Fur on it as a fourth trait, face down, without discarding one. Select the species and the "
        "card: the Actions tab offers the play. Opened as a game without Climate, the same position offers only "
        "replacing one of the three.",
        f"{CLIMATE}, 'Overview' ('Each species may have up to 4 traits (instead of 3)') and 'Adapt and Evolve' "
        "('when playing climate you may have up to 4 traits')",
        None,
        game=_GAME,
        source="seed 002 lines 6 and 27",
        position=dict(
            boards=[
                [(2, 3, 0, 0, ["foraging", "cooperation", "long-neck"])],
                [(3, 2, 0, 0, [])],
                [(1, 2, 0, 0, [])],
            ],
            food_cards=["climbing+3", "fertile+3", "horns+2"],
            hands=[["heavy-fur+1"], [], []],
            watering_hole=4,
            phase="play",
            turn=0,
            events=_QUIET_COLD_DROUGHT,
        ),
    ),
    Scenario(
        "climate_event_leaves",
        "A used event leaves: the next one is drawn",
        "Evolution: Climate. The marker stands on Temperate (0) and the food cards carry one sun: the marker "
        "moves 2 spaces into Hot (+2), where the hot event Heat Wave lies, and the Heat Wave strikes instead of the "
        "zone: 4 plant food less, and species of body 3 to 6 lose 1 population (P1's drops to 1). Feed the three "
        "species to the end of the round: this Heat Wave card is removed from the game (the Climate tab counts the "
        "event cards left) and a new hot event is drawn from the hot deck and put under its regions, a chance "
        "step of the Actions tab.",
        f"{CLIMATE}, 'Feeding: Climate change' ('After the round the climate event is removed from game and a new "
        f"event from the same climate deck gets drawn'); {READING}: {CLIMATE_READING}",
        "pass",
        game=_GAME,
        source="seed 002 lines 16 and 36; docs/evolution.md R16, R19",
        position=dict(
            boards=[[(3, 2, 0, 0, [])], [(1, 1, 0, 0, [])], [(2, 1, 0, 0, [])]],
            food_cards=["climbing+1~sun", "fertile-1", "horns+2"],
            hands=[[], [], ["foraging"]],
            watering_hole=10,
            phase="play",
            turn=2,
            events={"cold": "Blizzard", "hot": "Heat Wave"},
        ),
    ),
)
