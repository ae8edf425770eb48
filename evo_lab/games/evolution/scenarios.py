"""Scenario presets of North Star's *Evolution* and *Evolution: Climate*: named positions a teacher opens from the
Explorer's Game tab (the same menu as Evo 2e's, through the view plugin's ``scenarios()``), from
``Explorer("evolution", scenario=...)`` or from ``make present GAME=evolution SCENARIO=...``.

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
intelligence_horns, forced_horns, cooperation, fat_tissue, starvation, food_cards, climate_cold, climate_event
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...core.errors import EvoLabError
from ...core.records import POSITION, envelope
from ...core.registry import make_game
from .traits import TRAIT_BIT

if TYPE_CHECKING:
    from .game import Game
    from .state import State
    from .table import JSON

    #: a species of a scenario: ``(body, population, food, fat, [cards])``, a card ``"horns+2 down"`` face down
    SpeciesSpec = tuple[int, int, int, int, Sequence[str]]

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


def _take(game: Game, pool: list[int], card: str) -> int:
    """The kind of a card taken out of the unseen pool: a label (``"horns+2"``) or a trait (any card of it)."""
    k = game.label_kind.get(card)
    if k is None:
        k = next((i for i, c in enumerate(game.deck.cards) if c.trait == card and pool[i] > 0), -1)
    if k < 0 or pool[k] <= 0:
        raise ValueError(f"no card {card!r} left in the {game.variant} deck")
    pool[k] -= 1
    return k


def _species(game: Game, pool: list[int], spec: SpeciesSpec) -> list[JSON]:
    """``(body, population, food, fat, [cards])`` as the position format's species list; a card written
    ``"horns+2 down"`` lies face down."""
    body, pop, food, fat, cards = spec
    kinds: list[int] = []
    down = 0
    for i, c in enumerate(cards):
        name, _, flag = c.partition(" ")
        kinds.append(_take(game, pool, name))
        down |= (1 << i) if flag == "down" else 0
    traits = [TRAIT_BIT[game.deck.cards[k].trait] for k in kinds]
    return [body, pop, food, fat, traits, kinds, down, 0]


def position(
    game_id: str,
    boards: Sequence[Sequence[SpeciesSpec]],
    *,
    hands: Sequence[Sequence[str]] | None = None,
    food_cards: Sequence[str | None] | None = None,
    bags: Sequence[int] | None = None,
    watering_hole: int = 0,
    phase: str = "feed",
    turn: int = 0,
    first: int = 0,
    round: int = 3,
    climate: int = 0,
    events: Mapping[str, str] | None = None,
) -> dict[str, JSON]:
    """A position of game ``game_id`` (``"evolution"``, ``"evolution-climate"``) in its own format (the
    envelope of ``State.to_dict()``): ``boards[p]`` lists player ``p``'s species left to right as ``(body,
    population, food, fat, [cards])``; ``hands[p]`` and ``food_cards[p]`` (``None``: none placed) name cards by
    label or trait; ``phase`` and ``turn`` say who acts; Climate: the marker ``climate`` (-4..4) and the event
    card in play under each deck, ``events={"cold": "Ice Storm", "hot": "Heat Wave"}``."""
    game: Game = make_game(game_id, players=len(boards))
    pool = [c.count for c in game.deck.cards]
    players: list[JSON] = []
    for p, row in enumerate(boards):
        species = [_species(game, pool, sp) for sp in row]
        hand = sorted(_take(game, pool, c) for c in (hands[p] if hands else []))
        fc = food_cards[p] if food_cards else None
        players.append([species, hand, bags[p] if bags else 0, _take(game, pool, fc) if fc else -1])
    left, end_deck = sum(pool), 0
    if game.options.end_rule == "end_deck":
        end_deck = min(game.pack.climate_meta["end_deck"], left)
        left -= end_deck
    body: dict[str, JSON] = {
        "players": players,
        "wh": watering_hole,
        "first": first,
        "phase": phase,
        "turn": turn,
        "round": round,
        "final": 0,
        "pool": pool,
        "left": left,
        "gone": 0,
        "end_deck": end_deck,
        "discards": [0] * len(pool),
        "pending": [],
        "out": 0,
        "seek": False,
        "intel": None,
    }
    if game.options.climate:
        names = [e.name for e in game.pack.events]
        in_play = {deck: names.index(name) for deck, name in (events or {}).items()}
        event_pool = [
            e.count - sum(1 for i in in_play.values() if i == k) for k, e in enumerate(game.pack.events)
        ]
        body["climate"] = {
            "pos": climate,
            "pool": event_pool,
            "in_play": {"cold": -1, "hot": -1, **in_play},
            "used": "",
            "pending": [],
        }
    return envelope(POSITION, game.name, game.version, game.to_dict(), state=body)


@dataclass(frozen=True)
class Scenario:
    """One preset: ``game`` (its registry id) and ``position`` (the keyword arguments of :func:`position`)."""

    id: str
    title: str
    note: str
    rule: str
    shows: str | None
    game: str = "evolution"
    position: dict[str, Any] = field(default_factory=dict)
    #: for developers: the seed lines and rulings behind ``rule`` (the docs' table shows them)
    source: str = ""

    def build(self) -> State:
        """A fresh state of this position, read by the game's own loader (which checks every field)."""
        from .state import State

        s: State = State.from_dict(position(self.game, **self.position))
        s.check_invariants()
        return s


#: The sources as a teacher names them (seed 003, seed 002 and seed 004).
RULEBOOK = "Evolution rulebook (North Star Games)"
CLIMATE = "Evolution: Climate rules (North Star Games)"
ONLINE = "the online Evolution game's manual"
#: A ruling of the kit where the rulebooks are silent or unclear, as a teacher reads it (the ruling's number is in the
#: scenario's ``source``, for developers).
READING = "the kit's reading (documented on the kit's Evolution page, under Rulings)"
_CLIMATE_READING = (
    "the climate zones' effects on plant food and population are assumed values, and an event card strikes only when "
    "the marker moves into one of its regions"
)

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
    Scenario(
        "climate_cold",
        "Climate: snowflakes bring the Ice Age",
        "Evolution: Climate. The marker stands on Cold (-2) and the three food cards placed carry two snowflakes "
        "and no sun: more than double, so at the reveal the marker moves 2 spaces, to Ice Age (-4): 15 plant food "
        "less, and species of body size 1 to 4 lose 2 population unless Heavy Fur or Migratory protects them. P3 "
        "passes last and the cards are revealed: compare P1's Heavy Fur species with P2's.",
        f"{CLIMATE}, 'Contribute Food and Climate Change', 'Feeding: Climate change' and 'Overview' (Heavy "
        f"Fur); {READING}: {_CLIMATE_READING}",
        "pass",
        game="evolution-climate",
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
        "Climate: an event card strikes",
        "Evolution: Climate. The marker stands on Cold (-2); the cold event Blizzard lies under Frigid and Ice Age. "
        "The food cards carry two snowflakes and one sun: the marker moves 1 space, into Frigid, and the Blizzard "
        "strikes instead of the zone: food -4 and every species of body 1 to 6 without protection loses 1 "
        "population. Afterwards the Blizzard leaves the game and a new cold event is drawn.",
        f"{CLIMATE}, 'Feeding: Climate change' ('Whenever the temperature cube moves into a climate region with "
        f"a climate event card attached to it ...'); {READING}: {_CLIMATE_READING}",
        "pass",
        game="evolution-climate",
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
