"""Scenario presets of North Star's *Evolution* and *Evolution: Climate*: named positions a teacher opens from the
Explorer's Game tab (the same menu as Evo 2e's, through the view plugin's ``scenarios()``), from
``Explorer("evolution", scenario=...)`` or from ``make present GAME=evolution SCENARIO=...``.

Climate's presets are in :mod:`.climate_scenarios`, the position format in :mod:`.scenario_base`.
Each position is written in the game's own position format: :func:`position` turns a short description (the
species on each player's row, the hands, the watering hole, the phase and who acts, the food cards, the Climate
marker and events) into the position envelope ``State.to_dict()`` writes, with every card taken from the deck (so
every card is still somewhere), and the game's loader (``State.from_dict``) reads it back, checking every field.
Each :class:`Scenario` has an ``id``, a ``title``, a teacher's ``note`` (what to show), the ``rule`` it illustrates
(for the teacher: the rulebook by its name and section, or a ruling of the kit, ``docs/evolution.md``; the seed
lines, ``seeds/002`` the Climate rules, ``003`` the rulebook, ``004`` the online game's manual, are its
``source``, for developers) and ``shows``: the action the note is about, legal at the position.

>>> [sc.id for sc in scenarios()][:3]
['attack', 'intelligence_horns', 'forced_horns']
>>> s = scenario("attack")
>>> s.phase, s.current_player(), "attack 1 P2.2" in [s.action_to_string(a) for a in s.legal_actions()]
('feed', 0, True)
>>> scenario("nope")
Traceback (most recent call last):
...
evo_lab.games.evolution.scenarios.UnknownScenarioError: unknown scenario 'nope'; the scenarios are attack, \
intelligence_horns, forced_horns, cooperation, fat_tissue, starvation, food_cards, climate_cold, climate_event, \
climate_one_space, climate_scorching, climate_shade, climate_four_traits, climate_event_leaves
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.errors import EvoLabError
from .climate_scenarios import CLIMATE_SCENARIOS
from .scenario_base import CLIMATE, ONLINE, READING, RULEBOOK, Scenario, position

if TYPE_CHECKING:
    from .state import State

__all__ = [
    "SCENARIOS",
    "Scenario",
    "UnknownScenarioError",
    "position",
    "scenario",
    "scenario_info",
    "scenarios",
    "scenarios_markdown",
]


class UnknownScenarioError(EvoLabError, KeyError):
    """A scenario id that is not one of :data:`SCENARIOS` (``known`` lists the ids)."""

    reason = "unknown_scenario"

    def __init__(self, name: object, known: list[str]):
        self.name, self.known = name, list(known)
        super().__init__(f"unknown scenario {name!r}; the scenarios are {', '.join(known)}")

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


_TABLE = [
    [(4, 3, 0, 0, ["carnivore", "cooperation"]), (1, 2, 0, 0, ["cooperation"]), (1, 2, 0, 0, [])],
    [(2, 2, 0, 0, ["horns"]), (2, 2, 0, 0, ["scavenger"]), (3, 1, 0, 0, ["climbing"])],
    [(5, 1, 0, 0, ["hard-shell"]), (2, 1, 0, 0, []), (1, 1, 0, 0, ["warning-call"])],
]

SCENARIOS: tuple[Scenario, ...] = (
    Scenario(
        "attack",
        "A carnivore picks its prey",
        "P1's Carnivore (body 4) is hungry. Select it on the table: the species it may attack are marked, the others "
        "say what protects them: P2's Climbing species (the carnivore does not climb), P3's species 2 beside a "
        "Warning Call, and P3's Hard Shell species (its body 5 + 4 is not smaller than 4). The Attack tab says why "
        "for each, and what each attack would do: meat equal to the prey's body size, the prey loses 1 population, P1's Cooperation "
        "chain feeds its species 2 and 3, and P2's Scavenger eats too. Attack P2's Scavenger species, then undo and "
        "try the Horns species: the carnivore loses 1 population.",
        f"{RULEBOOK}, 'Feeding Carnivores' and 'Important Rules for Feeding'; {CLIMATE}, 'Feeding Carnivores'; "
        f"{READING}: Cooperation food for a meal of meat comes from the food bank, like the meal, and Scavengers "
        "eat clockwise from the attacking player, the attacker's own first",
        "attack 1 P2.2",
        source="seed 003 lines 138-145 and 149-150; seed 002 line 40; docs/evolution.md R2, R9",
        position=dict(boards=_TABLE, watering_hole=3),
    ),
    Scenario(
        "intelligence_horns",
        "Intelligence against Horns",
        "P1's carnivore has Intelligence and one card in hand. Attacking P2's Horns species costs it 1 population; "
        "with Intelligence it discards a card and disables the Horns for this attack ('disabled in ALL species "
        "until the attack has been completed'), so it is not wounded. P3's Climbing species is blocked, and "
        "Intelligence could disable Climbing instead. The Actions tab lists the three attacks; compare them in the "
        "Attack tab. Ask: when is the card worth more than the population?",
        f"{ONLINE}, 'Feeding of carnivores' (Intelligence); {RULEBOOK}, 'Important Rules for Feeding'; "
        f"{READING}: Intelligence may disable the prey's Horns",
        "attack 1 P2.1 negate horns",
        source="seed 004 line 71; seed 003 line 150; docs/evolution.md R3 (issue 22: Intelligence may disable the prey's Horns)",
        position=dict(
            boards=[
                [(4, 2, 0, 0, ["carnivore", "intelligence"])],
                [(2, 2, 0, 0, ["horns"])],
                [(1, 2, 0, 0, ["climbing"])],
            ],
            hands=[["fertile"], [], []],
            watering_hole=2,
        ),
    ),
    Scenario(
        "forced_horns",
        "A hungry carnivore must attack",
        "P1's only species is a Carnivore of population 1 and nothing else may be eaten: the only prey it may "
        "attack has Horns. A hungry species must eat when it can, so P1 has one legal action: the attack. The "
        "Horns kill the attacker (population 1 - 1 = 0) and a carnivore killed by Horns does not eat. Play it and "
        "read the Story tab.",
        f"{RULEBOOK}, 'Important Rules for Feeding' ('a Carnivore must eat a species with Horns if that's the "
        f"only legal option'); {READING}: a Carnivore killed by Horns does not eat, and no Scavenger eats then",
        "attack 1 P2.1",
        source="seed 003 lines 150-151; docs/evolution.md R10",
        position=dict(
            boards=[
                [(3, 1, 0, 0, ["carnivore"])],
                [(2, 2, 0, 0, ["horns"]), (4, 1, 0, 0, [])],
                [(1, 1, 0, 0, ["climbing"])],
            ],
            watering_hole=0,
        ),
    ),
    Scenario(
        "cooperation",
        "Foraging and Cooperation",
        "P1's species 1 has Foraging and Cooperation, its species 2 Cooperation. Feeding species 1 once takes 2 "
        "plant food (Foraging), and every time it takes food its right neighbour takes 1 (Cooperation), which "
        "feeds species 3 in turn. Predict how much food leaves the watering hole, then look at the feeding table "
        "of the Attack tab, which plays each feeding on a copy: 6 food from one feeding.",
        f"{RULEBOOK}, 'Feeding Non-carnivores' and 'Important Rules for Feeding'; {READING}: Cooperation and "
        "Foraging act on every take of food, and Foraging's extra food is a take of its own",
        "eat 1",
        source="seed 003 lines 130-132 and 149; docs/evolution.md R7",
        position=dict(
            boards=[
                [(1, 3, 0, 0, ["foraging", "cooperation"]), (1, 3, 0, 0, ["cooperation"]), (1, 2, 0, 0, [])],
                [(2, 2, 2, 0, [])],
                [(2, 1, 1, 0, [])],
            ],
            watering_hole=8,
        ),
    ),
    Scenario(
        "fat_tissue",
        "Fat Tissue stores food",
        "P1's species 1 is fed (food 2 of population 2) but has Fat Tissue: it may keep eating, and what it eats "
        "beyond its population goes onto its fat, up to its body size (3). At the start of a later feeding the fat "
        "moves onto the population. Feed it and watch the yellow fat tokens fill.",
        f"{ONLINE}, 'Before eating' and 'Feeding of herbivores'; {CLIMATE}, 'Overview'; {READING}: a fed species "
        "with Fat Tissue still counts as hungry while its fat has room",
        "eat 1",
        source="seed 004 lines 46-57 and 65; seed 002 line 3; docs/evolution.md R11",
        position=dict(
            boards=[[(3, 2, 2, 0, ["fat-tissue"])], [(2, 2, 2, 0, [])], [(1, 1, 1, 0, [])]], watering_hole=4
        ),
    ),
    Scenario(
        "starvation",
        "The end of feeding: starving species",
        "One plant food is left and P1 has two hungry species: species 1 has eaten 1 of 3, species 2 nothing. "
        "Whichever it feeds, feeding then ends: a species that ate less than its population drops to the food it "
        "ate, one that ate nothing goes extinct, its trait cards are discarded and P1 draws as many cards. Feed "
        "species 1 and read the Story tab; undo and feed species 2.",
        f"{RULEBOOK}, 'End of Feeding' and 'The End of a Species'; {CLIMATE}, 'End of feeding'",
        "eat 1",
        source="seed 003 lines 153-166; seed 002 lines 42-43",
        position=dict(
            boards=[
                [(1, 3, 1, 0, []), (2, 2, 0, 0, ["horns", "climbing"])],
                [(2, 2, 2, 0, [])],
                [(1, 1, 1, 0, [])],
            ],
            watering_hole=1,
        ),
    ),
    Scenario(
        "food_cards",
        "Food cards set the plant food",
        "P1 and P2 have put their food cards face down; P3 chooses now. At the feeding the first player reveals "
        "them and adds their total to the watering hole (2 plant food are left from the last round); a negative "
        "total takes food away. Which card should P3 give up: a trait it wants to play, or plant food its "
        "herbivores need?",
        f"{RULEBOOK}, 'Selecting Food' and 'The Feeding Period: Look at the Food Cards'; {ONLINE}, 'Selecting "
        "the food supply'",
        None,
        source="seed 003 lines 90-96 and 116-120; seed 004 lines 24-26",
        position=dict(
            boards=[[(2, 2, 0, 0, ["carnivore"])], [(1, 3, 0, 0, ["long-neck"])], [(1, 2, 0, 0, [])]],
            hands=[[], [], ["foraging+4", "carnivore+5", "horns-3"]],
            food_cards=["climbing+3", "fertile-1", None],
            watering_hole=2,
            phase="food",
            turn=2,
        ),
    ),
    *CLIMATE_SCENARIOS,
)

_BY_ID = {sc.id: sc for sc in SCENARIOS}


def scenarios() -> list[Scenario]:
    """Every preset, in menu order."""
    return list(SCENARIOS)


def scenario_info(name: str) -> Scenario:
    """The preset ``name`` (:class:`UnknownScenarioError` listing the ids if there is none)."""
    if name not in _BY_ID:
        raise UnknownScenarioError(name, list(_BY_ID))
    return _BY_ID[name]


def scenario(name: str) -> State:
    """A new state of the preset ``name``."""
    return scenario_info(name).build()


def scenarios_markdown() -> str:
    """The presets as a Markdown table (``docs/evolution.md`` holds it; a test checks it is up to date)."""
    rows = ["| id | game | title | shows | rule | seed lines |", "|---|---|---|---|---|---|"]
    for sc in SCENARIOS:
        shows = f"`{sc.shows}`" if sc.shows else "-"
        rows.append(f"| `{sc.id}` | {sc.game} | {sc.title} | {shows} | {sc.rule} | {sc.source} |")
    return "\n".join(rows)
