"""Rule options: every place the three variants differ, and every ruling where the sources are silent, is one
named field here (Evo's ``RuleOptions`` style). A variant is a preset of these fields plus its data
(python-chess ``variant.py`` style: hooks and data, not forks).

>>> official().body_size_rule, course2016().body_size_rule
(True, False)
>>> climate().climate, climate().max_traits
(True, 4)
>>> RuleOptions.from_dict({"excess_food_to": "attacker"}, base=official()).excess_food_to
'attacker'
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...core.errors import GameConfigError, excerpt
from ...core.options import RuleOptionsBase, option

__all__ = [
    "RuleOptions",
    "GameConfigError",
    "VARIANTS",
    "CHOICES",
    "LEGACY_OPTIONS",
    "official",
    "climate",
    "course2016",
    "variant_options",
]


#: The values of the rulings' options (issue 22), the default first.
CHOICES: dict[str, tuple[str, ...]] = {
    "intelligence_disables": ("any", "blockers"),
    "herbivore_intelligence": ("before_eating", "feeding_turn"),
    "start_resolution": ("player", "trait"),
    "climate_event_on": ("move", "stay"),
    "climate_removal": ("seed", "table"),
    "fat_without_tissue": ("lost", "kept"),
    "fat_at_extinction": ("bag", "lost"),
}

#: The rulings of the engine before issue 22 (every ruling the seeds settle, back to its old reading): records of
#: game version 1 were played under them.
LEGACY_OPTIONS: dict[str, str] = {
    "intelligence_disables": "blockers",
    "herbivore_intelligence": "feeding_turn",
    "start_resolution": "trait",
    "climate_event_on": "stay",
    "climate_removal": "table",
    "fat_at_extinction": "lost",
}


@dataclass(frozen=True)
class RuleOptions(RuleOptionsBase):
    """The rules of one variant. Defaults are the official game; docs/evolution.md lists each field's source."""

    #: The variant these options preset: "official", "climate" or "course2016" (:data:`VARIANTS`).
    variant: str = "official"
    #: The deck of the pack to play with (``decks.json``: "official", "climate", "course2016").
    deck: str = "official"
    #: Seed 003 line 140, seed 002 line 40: "the Carnivore has to be bigger than the species it attacks".
    body_size_rule: bool = True
    #: Official Symbiosis (reference §6.3); the course's final attackable? ignores it (§6.2).
    symbiosis_protects: bool = True
    #: Seed 002 line 40: "A player may attack any species, including their own". Course: never (dealer.rkt).
    attack_own: bool = True
    #: Course data definition FeedChoice ``false``: a player may forgo attacking / storing fat (§3).
    may_decline: bool = False
    #: Where meat comes from: "bank" (seed 003 line 143) or "watering_hole" (course dealer.rkt feed1).
    meat_source: str = "bank"
    #: Meat per successful attack: "body" (defender's body size, seed 003 line 143) or "one" (course).
    meat_amount: str = "body"
    #: Course: food is food -- every token comes from the watering hole, Foraging applies to every feeding and
    #: Cooperation feeds a Carnivore neighbour too (dealer.rkt "allison's test"). Official: plant and meat differ
    #: (seed 003 lines 132, 149; seed 002 line 40: Carnivores never eat plant food, even via Cooperation).
    food_is_food: bool = False
    #: Ruling R1: excess food of an attacked species goes to its owner's bag (seed 002 line 41) -- seed 003
    #: line 145 says the attacker's; "lost" is the course's kill1 (food clipped).
    excess_food_to: str = "owner"
    #: "overflow" (official: a fed Fat Tissue species keeps eating into its fat, seed 004 line 65) or
    #: "store" (course: an explicit store [species, n] from the watering hole, no triggers).
    fat_mode: str = "overflow"
    #: Extinction draws: "traits" (one card per trait discarded, seed 003 line 166) or a fixed number (course 2).
    extinction_cards: str = "traits"
    #: Start of feeding: "official" (Fertile and Fat Tissue before the reveal, Long Neck at the reveal, seed 004
    #: lines 48-57) or "course" (food first, then fertile -> long-neck -> fat-tissue, reference §4).
    start_order: str = "official"
    #: Fertile needs food on the watering hole (official text, seed 004 line 50ff); the course always grows.
    fertile_needs_food: bool = True
    #: Long Neck food: "bank" (official) or "watering_hole" (course dealer.rkt feeding).
    long_neck_source: str = "bank"
    #: Feeding ends when the watering hole is empty (course dealer.rkt feeding) instead of when no one can eat
    #: (seed 003 line 155; seed 004 line 69: carnivores keep attacking after the plant food is gone).
    stop_when_empty: bool = False
    #: A player that cannot feed (or declines) is out for the rest of the feeding (course queue) instead of
    #: being skipped only while it cannot feed (seed 004 line 61).
    drop_when_done: bool = False
    #: Food cards: summed then applied (seed 003 line 118-120) or applied one by one, never below 0 (course).
    food_cards_one_by_one: bool = False
    #: Course: new traits only on a species created this turn (BT) or by replacement (RT); official: any species.
    traits_only_on_new: bool = False
    #: Official replacement only when the species is full (seed 003 line 106); course RT at any time.
    replace_any_time: bool = False
    #: Scoring: "official" (bag + population + traits, seed 003 lines 176-178) or "course" (bag + species +
    #: traits, mfelleisen player-internal.rkt score).
    scoring: str = "official"
    #: End of game: "reshuffle" (seed 003 lines 168-172), "end_deck" (Climate, seed 002 line 47) or
    #: "short" (course: over when the deck cannot cover every player's cards, dealer.rkt over?).
    end_rule: str = "reshuffle"
    #: Climate track, events and heat/cold traits (seed 002).
    climate: bool = False
    #: Ruling R2: Cooperation food for a meat meal comes from the same source as the meal (seed 002 line 39).
    cooperation_same_source: bool = True
    #: Ruling R3: Intelligence (non-carnivore) plant food from the bank (the amount is setup data, assumed).
    intelligence: bool = True
    #: Ruling R3: what a Carnivore's Intelligence may disable. "any" (seed 004 line 71: the attacker discards a
    #: card and selects "the property desired", disabled "in ALL species until the attack has been completed":
    #: a defence that blocks the attack, the prey's Horns, or Scavenger) or "blockers" (only a trait that
    #: blocks the attack: the engine before issue 22, under which Horns always cost the attacker).
    intelligence_disables: str = option("any", choices=CHOICES["intelligence_disables"])
    #: Ruling R20: when a non-Carnivore uses Intelligence. "before_eating" (seed 004 lines 46-57: once a round,
    #: with Long Neck, Fertile and Fat Tissue, after the food cards are turned up, from the starting player) or
    #: "feeding_turn" (as one of its feedings, as often as it is hungry: the engine before issue 22).
    herbivore_intelligence: str = option("before_eating", choices=CHOICES["herbivore_intelligence"])
    #: Ruling R18: the start-of-feeding traits resolve "player" by player, each resolving all of theirs before
    #: the next (seed 002 line 35; seed 004 line 57 "starting with the starting player"), or "trait" by trait
    #: across all players (the engine before issue 22; the course's dealer.rkt).
    start_resolution: str = option("player", choices=CHOICES["start_resolution"])
    #: Ruling R19 (Climate): an event card strikes when the cube "move"s into one of its regions (seed 002
    #: line 36: "Whenever the temperature cube moves into a climate region with a climate event card") or
    #: whenever the cube "stay"s in them, moved or not (the engine before issue 22).
    climate_event_on: str = option("move", choices=CHOICES["climate_event_on"])
    #: Ruling R17 (Climate): cards removed unseen at setup. "seed" (seed 002 line 14: 40 set aside as the end
    #: game deck; with 2 players 40 more traits removed; nothing else) or "table" (reference §8's deck sizing
    #: from the ksuchak1990 blog: 2 players half the deck, 3: 60, 4: 30, 5-6: none; the engine before issue 22).
    climate_removal: str = option("seed", choices=CHOICES["climate_removal"])
    #: Ruling R5: food stored on Fat Tissue when that trait is replaced or discarded: "lost" (back to the bank
    #: with the card; **assumed**, the seeds are silent; the course's data definition: fat-food is "present only
    #: with fat-tissue") or "kept" on the species, unusable until a new Fat Tissue (the course harness before
    #: issue 22).
    fat_without_tissue: str = option("lost", choices=CHOICES["fat_without_tissue"], assumed=True)
    #: Ruling R21: food stored on the Fat Tissue of a species that goes extinct. "bag" (seed 004 line 81: "All
    #: food chips left on the now extinct species are added to the victory points": into its owner's food bag)
    #: or "lost" (gone with the species board: the engine before, and the course, whose dealer removes the
    #: species with its tokens and clips food it cannot keep: ``excess_food_to="lost"``).
    fat_at_extinction: str = option("bag", choices=CHOICES["fat_at_extinction"])
    #: Setup constants (the Game fills them from the pack's setup part, with provenance there): the most traits
    #: on a species.
    max_traits: int = 3
    #: Setup: the top of the body-size and population tracks.
    max_track: int = 6
    #: Setup: what Hard Shell adds to the body size a Carnivore must exceed (reference §6.1: +4).
    hard_shell: int = 4
    #: Setup: the population a Carnivore loses attacking a species with Horns.
    horns: int = 1
    #: Setup: cards dealt to each player every round, before the per-species cards.
    hand_base: int = 3
    #: Setup: cards dealt per species a player has.
    hand_per_species: int = 1
    #: Setup: the body size of a new species.
    new_body: int = 1
    #: Setup: the population of a new species.
    new_pop: int = 1
    #: Setup: the plant food an Intelligence species takes from the bank (ruling R3, assumed).
    intelligence_food: int = 2
    #: Species boards in the box (seed 003 line 54: 24; Climate 20, reference §8); 0 = no limit (course).
    boards: int = 24

    def check(self) -> None:
        """The string options' values and the numbers' bounds (:data:`OPTION_CHOICES`, :data:`OPTION_RANGES`):
        a number bounded before it sizes anything (issue 18)."""
        for k, allowed in OPTION_CHOICES.items():
            v = getattr(self, k)
            if v not in allowed:
                raise GameConfigError(
                    f"rule option {k!r} must be one of {', '.join(allowed)}, got {excerpt(v)}"
                )
        for k, (lo, hi) in OPTION_RANGES.items():
            v = getattr(self, k)
            if not lo <= v <= hi:
                raise GameConfigError(f"rule option {k!r} must be {lo}..{hi}, got {excerpt(v)}")


#: The values each text option may take (anything else is refused before it reaches the rules).
OPTION_CHOICES = {
    "variant": ("official", "climate", "course2016"),
    "deck": ("official", "climate", "course2016"),
    "meat_source": ("bank", "watering_hole"),
    "meat_amount": ("body", "one"),
    "excess_food_to": ("owner", "attacker", "lost"),
    "fat_mode": ("overflow", "store"),
    "extinction_cards": ("traits",) + tuple(str(k) for k in range(11)),
    "start_order": ("official", "course"),
    "long_neck_source": ("bank", "watering_hole"),
    "scoring": ("official", "course"),
    "end_rule": ("reshuffle", "end_deck", "short"),
}
#: Bounds of the number options (each sizes a track, a hand or a loop: far above any printed value).
OPTION_RANGES = {
    "max_traits": (1, 10),
    "max_track": (1, 20),
    "hard_shell": (0, 20),
    "horns": (0, 20),
    "hand_base": (0, 20),
    "hand_per_species": (0, 10),
    "new_body": (0, 20),
    "new_pop": (1, 20),
    "intelligence_food": (0, 20),
    "boards": (0, 100),
}


def official() -> RuleOptions:
    """North Star's Evolution (seeds 003/004)."""
    return RuleOptions()


def climate() -> RuleOptions:
    """Evolution: Climate (seed 002): climate track, events, 4 + 1 cards, up to 4 traits, an end-game deck."""
    return replace(
        RuleOptions(),
        variant="climate",
        deck="climate",
        climate=True,
        end_rule="end_deck",
        max_traits=4,
        hand_base=4,
        boards=20,
    )


def course2016() -> RuleOptions:
    """The NEU CS 4500 Spring 2016 house rules (peer-tests README; reference §6)."""
    return replace(
        RuleOptions(),
        variant="course2016",
        deck="course2016",
        body_size_rule=False,
        symbiosis_protects=False,
        attack_own=False,
        may_decline=True,
        meat_source="watering_hole",
        meat_amount="one",
        food_is_food=True,
        excess_food_to="lost",
        fat_mode="store",
        extinction_cards="2",
        start_order="course",
        fertile_needs_food=False,
        long_neck_source="watering_hole",
        stop_when_empty=True,
        drop_when_done=True,
        food_cards_one_by_one=True,
        traits_only_on_new=True,
        replace_any_time=True,
        scoring="course",
        end_rule="short",
        cooperation_same_source=False,
        intelligence=False,
        max_track=7,
        new_body=0,
        boards=0,
        start_resolution="trait",
        fat_at_extinction="lost",
    )


VARIANTS = {"official": official, "climate": climate, "course2016": course2016}


def variant_options(variant: str) -> RuleOptions:
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise GameConfigError(f"unknown variant {excerpt(variant)}; variants are {', '.join(VARIANTS)}")
    return VARIANTS[variant]()
