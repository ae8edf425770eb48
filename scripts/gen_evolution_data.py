"""Write the Evolution data pack (evo_lab/data/evolution/*.json) from the tables below.

    python scripts/gen_evolution_data.py

The per-card food values of North Star's decks are NOT public (reference evolution-northstar.md §7, §10): every
official or Climate food value, icon and event below is provenance ``assumed`` (a documented default an owner of
the game can replace by editing the JSON). The course-2016 deck is exact (mfelleisen/Evolution cards.rkt).
"""

from __future__ import annotations

import json
from pathlib import Path

from evo_lab.core.atomic import atomic_write_text

OUT = Path(__file__).resolve().parents[1] / "evo_lab" / "data" / "evolution"
REF = "reference evolution-northstar.md"
BASE_TRAITS = [
    "ambush",
    "burrowing",
    "climbing",
    "cooperation",
    "fat-tissue",
    "fertile",
    "foraging",
    "hard-shell",
    "herding",
    "horns",
    "intelligence",
    "long-neck",
    "pack-hunting",
    "scavenger",
    "symbiosis",
    "warning-call",
]
CLIMATE_TRAITS = ["heavy-fur", "migratory", "nocturnal"]
# assumed official food values: carnivores high, other traits -3..+5 (a review gives the range -3..+8, §7)
CARNIVORE_FOOD = [0, 1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6, 7, 7, 8, 8, 8]
OTHER_FOOD = [-3, -1, 1, 2, 3, 4, 5]
CLIMATE_FOOD = [-2, -1, 0, 1, 1, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6]


def header(part: str) -> dict:
    return {"format": "evo-lab-part", "part": part, "version": 1}


def counted(rows: list[tuple[str, int, int, int]], prov: str, src: str) -> list[dict]:
    """(trait, food, sun, snow) rows -> entries with a count per distinct card."""
    out: dict[tuple, int] = {}
    for r in rows:
        out[r] = out.get(r, 0) + 1
    return [
        {"trait": t, "food": f, "sun": su, "snow": sn, "count": c, "provenance": prov, "source": src}
        for (t, f, su, sn), c in sorted(out.items())
    ]


def icons(i: int) -> tuple[int, int]:
    """Assumed Climate icons: every third card a sun, the next a snowflake, the third none."""
    return ((1, 0), (0, 1), (0, 0))[i % 3]


def decks() -> dict:
    off = [("carnivore", f, 0, 0) for f in CARNIVORE_FOOD]
    off += [(t, f, 0, 0) for t in BASE_TRAITS for f in OTHER_FOOD]
    course = [("carnivore", f, 0, 0) for f in range(-8, 9)]
    course += [(t, f, 0, 0) for t in BASE_TRAITS if t != "intelligence" for f in range(-3, 4)]
    clim = []
    for i, (t, f, _, _) in enumerate(off):
        clim.append((t, f) + icons(i))
    for j, t in enumerate(CLIMATE_TRAITS):
        for k, f in enumerate(CLIMATE_FOOD):
            clim.append((t, f) + icons(j * 16 + k + 1))
    assert len(off) == 129 and len(course) == 122 and len(clim) == 177
    return {
        **header("decks"),
        "decks": {
            "official": {
                "size": 129,
                "size_provenance": "printed",
                "size_source": "seed 003 line 53 (129 Trait Cards); reference §7: 17 Carnivore + 7 of each other trait",
                "cards": counted(
                    off,
                    "assumed",
                    f"food values not public ({REF} §7, §10); assumed spread, "
                    "carnivores 0..8, other traits -3..+5",
                ),
            },
            "course2016": {
                "size": 122,
                "size_provenance": "high",
                "size_source": "mfelleisen/Evolution cards.rkt; peer-tests README (17 carnivores -8..+8, 15 "
                "other traits -3..+3, seven cards each)",
                "cards": counted(
                    course, "high", "mfelleisen/Evolution cards.rkt all-cards; " + REF + " §6.1"
                ),
            },
            "climate": {
                "size": 177,
                "size_provenance": "high",
                "size_source": "reference §8 (177 trait cards; coiledspring, fathergeek)",
                "cards": counted(
                    clim,
                    "assumed",
                    f"Climate card list, food values and Sun/Snowflake icons not "
                    f"public ({REF} §8, §10); base deck + 16 of each named "
                    "climate trait, icons assumed",
                ),
            },
        },
    }


def trait_texts() -> dict:
    T = [
        (
            "ambush",
            "Ambush",
            "Negates Warning Call when this Carnivore attacks.",
            "seed 004 line 69; reference §6.2 rule 1",
            "printed",
        ),
        (
            "burrowing",
            "Burrowing",
            "Cannot be attacked while its food equals its population (fed).",
            "reference §6.2 rule 2; mfelleisen board.rkt attackable?",
            "high",
        ),
        (
            "carnivore",
            "Carnivore",
            "Must attack to eat; can never eat plant food.",
            "seed 003 lines 134-145; seed 002 line 40",
            "printed",
        ),
        (
            "climbing",
            "Climbing",
            "Cannot be attacked by a Carnivore without Climbing.",
            "reference §6.2 rule 3",
            "high",
        ),
        (
            "cooperation",
            "Cooperation",
            "Every time this species takes food, your species to its right takes 1 food from the same source.",
            "seed 003 line 149 (eat meat with Cooperation); mfelleisen dealer.rkt feed-a-player-s-species",
            "high",
        ),
        (
            "fat-tissue",
            "Fat Tissue",
            "When fed, may store food on this card up to its body size; before food cards are revealed the stored food moves onto the population.",
            "seed 004 lines 52-55, 65; reference §4 (fat-tissue transfer at start of feeding)",
            "high",
        ),
        (
            "fertile",
            "Fertile",
            "Before food cards are revealed, +1 population if there is food on the watering hole.",
            "seed 004 lines 50-55; reference §4 (fertile at start of feeding)",
            "medium",
        ),
        (
            "foraging",
            "Foraging",
            "Takes 1 additional plant food every time it eats plant food.",
            "seed 003 line 132; seed 004 line 65",
            "printed",
        ),
        (
            "hard-shell",
            "Hard Shell",
            "+4 body size when determining if it can be attacked.",
            "reference §6.1 (Hard Shell +4), §6.2 rule 5",
            "high",
        ),
        (
            "herding",
            "Defensive Herding",
            "Cannot be attacked unless the Carnivore's population is larger than this species'.",
            "reference §3 (herding = Defensive Herding), §6.2 rule 4",
            "high",
        ),
        (
            "horns",
            "Horns",
            "A Carnivore attacking this species loses 1 population.",
            "seed 003 line 150; reference §6.1",
            "high",
        ),
        (
            "intelligence",
            "Intelligence",
            "Discard a card from hand: a Carnivore negates one trait for its attack; a non-Carnivore takes plant food from the food bank.",
            "seed 004 lines 55-57, 71",
            "medium",
        ),
        (
            "long-neck",
            "Long Neck",
            "When food cards are revealed, takes 1 plant food from the food bank.",
            "seed 004 lines 50-55; reference §4 (long-neck at start of feeding)",
            "medium",
        ),
        (
            "pack-hunting",
            "Pack Hunting",
            "Its body size is body size + population when attacking.",
            "reference §6.2 rules 4-5",
            "high",
        ),
        (
            "scavenger",
            "Scavenger",
            "Takes 1 meat food every time a Carnivore eats.",
            "seed 003 line 149; mfelleisen next.rkt feed-scavengers",
            "high",
        ),
        (
            "symbiosis",
            "Symbiosis",
            "Cannot be attacked if your species to its right has a larger body size.",
            "reference §6.3 (official Symbiosis)",
            "medium",
        ),
        (
            "warning-call",
            "Warning Call",
            "Your species adjacent to this one cannot be attacked unless the Carnivore has Ambush.",
            "seed 004 line 69; reference §6.2 rule 1",
            "high",
        ),
        (
            "heavy-fur",
            "Heavy Fur",
            "Protects this species from cold climate effects.",
            "seed 002 line 3; reference §8",
            "medium",
        ),
        (
            "migratory",
            "Migratory",
            "Protects this species from cold climate effects.",
            "seed 002 line 3; reference §8",
            "medium",
        ),
        (
            "nocturnal",
            "Nocturnal",
            "Protects this species from heat; takes 1 extra plant food from the bank when food cards are revealed (assumed amount).",
            "seed 002 line 3; reference §8 (heat protection and extra food)",
            "assumed",
        ),
    ]
    return {
        **header("traits"),
        "traits": [{"id": i, "name": n, "text": t, "source": s, "provenance": p} for i, n, t, s, p in T],
    }


def climate() -> dict:
    names = ["Ice Age", "Frigid", "Cold", "Cool", "Temperate", "Warm", "Hot", "Sweltering", "Scorching"]
    # (plant food change on the watering hole, population lost, body sizes hit): cold hits small bodies, heat big ones
    effects = [
        (-15, 2, [1, 2, 3, 4]),
        (-6, 1, [1, 2, 3]),
        (-3, 1, [1, 2]),
        (0, 0, []),
        (0, 0, []),
        (0, 0, []),
        (-3, 1, [5, 6]),
        (-6, 1, [4, 5, 6]),
        (-15, 2, [3, 4, 5, 6]),
    ]
    zones = []
    for i, (n, (food, loss, bodies)) in enumerate(zip(names, effects)):
        zones.append(
            {
                "position": i - 4,
                "name": n,
                "food": food,
                "loss": loss,
                "bodies": bodies,
                "kind": "cold" if i < 4 else ("hot" if i > 4 else "temperate"),
                "provenance": "printed" if n in ("Ice Age", "Temperate", "Scorching") else "assumed",
                "source": (
                    "reference §8 (track from Ice Age to Scorching, starts Temperate, 4 steps each way; "
                    "extreme zones remove up to 15 food and hit a widening body-size band)"
                )
                + ("" if n in ("Ice Age", "Temperate", "Scorching") else "; zone name and effect assumed"),
            }
        )
    cold_ev = [
        ("Blizzard", -4, 1, [1, 2, 3, 4, 5, 6]),
        ("Ice Storm", -2, 1, [1, 2, 3]),
        ("Deep Freeze", -8, 2, [1, 2]),
        ("Early Winter", -3, 0, []),
        ("Glacier Advance", -5, 1, [1, 2, 3, 4]),
    ]
    hot_ev = [
        ("Heat Wave", -4, 1, [3, 4, 5, 6]),
        ("Wildfire", -6, 1, [1, 2, 3, 4, 5, 6]),
        ("Drought", -8, 0, []),
        ("Meteor Strike", 0, 2, [5, 6]),
        ("Dust Storm", -3, 1, [4, 5, 6]),
    ]
    events = []
    pairs = {"cold": [(-4, -3), (-3, -2), (-2, -1)], "hot": [(1, 2), (2, 3), (3, 4)]}
    for deck, rows in (("cold", cold_ev), ("hot", hot_ev)):
        for j, (n, food, loss, bodies) in enumerate(rows):
            lo, hi = pairs[deck][j % 3]
            named = n in ("Heat Wave", "Wildfire", "Meteor Strike")
            events.append(
                {
                    "name": n,
                    "deck": deck,
                    "count": 3,
                    "food": food,
                    "loss": loss,
                    "bodies": bodies,
                    "regions": [lo, hi],
                    "provenance": "assumed",
                    "source": (
                        "reference §8 (30 event cards, cold and hot decks; events named in reviews: "
                        "meteor strikes, heat waves, wildfires, ice age)"
                        if named
                        else "reference §8 (30 event cards, cold and hot decks)"
                    )
                    + "; text, count and effect assumed",
                }
            )
    return {
        **header("climate"),
        "start": 0,
        "start_provenance": "printed",
        "start_source": "seed 002 line 12 (cube on Temperate)",
        "zones": zones,
        "events": events,
        "protection": {
            "cold": ["heavy-fur", "migratory"],
            "hot": ["nocturnal", "burrowing"],
            "provenance": "printed",
            "source": "seed 002 line 3 (Heavy Fur and Migratory protect from the cold; Nocturnal or Burrowing from the sun)",
        },
        "removal": {
            "2": "half",
            "3": 60,
            "4": 30,
            "5": 0,
            "6": 0,
            "provenance": "medium",
            "source": "reference §8 (deck sizing, ksuchak1990)",
        },
        "end_deck": 40,
        "end_deck_provenance": "printed",
        "end_deck_source": "seed 002 line 14 (set 40 cards aside as the end game deck)",
    }


def setup() -> dict:
    def v(value, prov, src):
        return {"value": value, "provenance": prov, "source": src}

    return {
        **header("setup"),
        "variants": {
            "official": {
                "players": v(
                    [2, 6], "printed", "seed 003 line 84 (2-player and 6-player rules); reference §7"
                ),
                "hand_base": v(3, "printed", "seed 003 line 88 (3 cards plus 1 for each species)"),
                "hand_per_species": v(1, "printed", "seed 003 line 88"),
                "max_traits": v(3, "printed", "seed 003 line 106 (no more than 3 Trait Cards)"),
                "max_traits_2p": v(2, "printed", "seed 003 line 187 (2 players: a maximum of 2 traits)"),
                "max_track": v(
                    6,
                    "printed",
                    "seed 002 line 29 (body size or population greater than 6 not allowed); reference §6.3",
                ),
                "new_species_body": v(
                    1, "printed", "seed 003 line 65 (marker on 1 of the Body Size track); seed 002 line 28"
                ),
                "new_species_pop": v(1, "printed", "seed 003 line 66"),
                "hard_shell": v(4, "high", "reference §6.1 (Hard Shell +4)"),
                "horns": v(1, "high", "reference §6.1 (attacker loses 1 population)"),
                "remove_2p": v(40, "printed", "seed 003 line 186 (2 players: remove 40 random Trait Cards)"),
                "intelligence_food": v(
                    2, "assumed", "seed 004 lines 55-57 name Intelligence's herbivore use but not the amount"
                ),
            },
            "climate": {
                "players": v([2, 6], "printed", "seed 002 line 26 (6-player game); reference §8"),
                "hand_base": v(4, "printed", "seed 002 line 5 (4 cards +1 per species)"),
                "hand_per_species": v(1, "printed", "seed 002 line 5"),
                "max_traits": v(4, "printed", "seed 002 line 6 and line 27 (up to 4 traits)"),
                "max_traits_2p": v(3, "printed", "seed 002 line 27 (3 traits in a 2-player game)"),
                "max_track": v(6, "printed", "seed 002 line 29"),
                "new_species_body": v(1, "printed", "seed 002 line 28"),
                "new_species_pop": v(1, "printed", "seed 002 line 28"),
                "hard_shell": v(4, "high", "reference §6.1"),
                "horns": v(1, "high", "reference §6.1"),
                "remove_2p": v(40, "printed", "seed 002 line 14 (2 players: remove 40 additional traits)"),
                "intelligence_food": v(2, "assumed", "seed 004 lines 55-57"),
            },
            "course2016": {
                "players": v(
                    [3, 8], "high", "mfelleisen dealer.rkt MIN-PLAYERS/MAX-PLAYERS; peer-tests README"
                ),
                "hand_base": v(3, "high", "mfelleisen player-internal.rkt CARD-PER-PLAYER"),
                "hand_per_species": v(1, "high", "mfelleisen player-internal.rkt CARDS-PER-BOARD"),
                "max_traits": v(3, "high", "mfelleisen board.rkt MAX-TRAITS"),
                "max_traits_2p": v(3, "high", "course has no 2-player game"),
                "max_track": v(7, "high", "mfelleisen board.rkt MAX-BODY/MAX-POPULATION; peer-tests README"),
                "new_species_body": v(
                    0, "high", "mfelleisen board.rkt species defaults (body 0, population 1)"
                ),
                "new_species_pop": v(1, "high", "mfelleisen board.rkt"),
                "hard_shell": v(4, "high", "mfelleisen board.rkt HARD-SHELL-ATTACK"),
                "horns": v(1, "high", "mfelleisen board.rkt HORN-DAMAGE"),
                "remove_2p": v(0, "high", "course has no 2-player game"),
                "extinction_cards": v(2, "high", "mfelleisen next.rkt EXTINCTION-CARDS"),
                "intelligence_food": v(0, "high", "no Intelligence in the course deck"),
            },
        },
    }


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    parts = {"setup": setup(), "traits": trait_texts(), "decks": decks(), "climate": climate()}
    manifest = {
        "format": "evo-lab-pack",
        "version": 1,
        "name": "evolution",
        "title": "Evolution (North Star Games), Evolution: Climate, and the NEU course-2016 variant",
        "pack_version": "2026.12.0",
        "parts": {k: f"{k}.json" for k in parts},
        "notes": "Official and Climate food values, icons and events are ASSUMED (not public). See docs/evolution.md.",
    }
    atomic_write_text(OUT / "pack.json", json.dumps(manifest, indent=1) + "\n")
    for k, d in parts.items():
        atomic_write_text(OUT / f"{k}.json", json.dumps(d, indent=1) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
